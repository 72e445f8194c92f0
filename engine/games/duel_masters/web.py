"""What the site shows of a Duel Masters board that the :class:`~engine.games.Game` does not
say: the mat, the card form's fields, the words it says otherwise.

Plain data: its words are message ids of the site's catalogue, translated where the site
shows them (simulator/game_messages.py marks them for the catalogue).
"""

from __future__ import annotations

#: one player's side from the middle of the table outwards: rows of (zone, slots), slots > 0
#: drawn as that many slots filled left to right, 0 as a pile and -1 as a row of cards
MAT = [[("battle", -1)],
       [("shield", -1), ("graveyard", 0), ("deck", 0)],
       [("mana", -1), ("hand", -1)]]
#: how a tile is framed (by civilization) and which numbers it shows (cost, power)
FRAME = "civilization"
NUMBERS = "cost_power"
EQUIP_ZONES: tuple[str, ...] = ()
SET_ZONES: tuple[str, ...] = ()

#: the card form: the fields after the names, the card flags, the card types' words
#: (a message context and id of the site's catalogue)
STAT_FIELDS = ("civilization", "races", "cost", "power")
FLAGS = ("blocker", "double_breaker")
TYPE_WORDS = {"creature": ("Duel Masters card type", "Creature"),
              "spell": ("Duel Masters card type", "Spell"),
              "evolution": ("Duel Masters card type", "Evolution Creature")}
FIELD_WORDS = {"civilization": {
    "light": ("Duel Masters civilization", "Light"),
    "water": ("Duel Masters civilization", "Water"),
    "darkness": ("Duel Masters civilization", "Darkness"),
    "fire": ("Duel Masters civilization", "Fire"),
    "nature": ("Duel Masters civilization", "Nature")}}
PLAIN_KIND = "activation"
PREVIEW_ZONES = ("battle", "hand")
TEXT_LABEL = "Paste the card's text (Japanese or English)"

PRESETS: tuple[str, ...] = ()
FIRST_TURN = False
BOARD_TITLE = "Duel Masters board"
FLIP_WORDING: dict[str, str] = {}

UNKNOWN_CARDS = [
    {"type": "creature", "civilization": "light", "cost": 1, "power": 1000, "races": []},
    {"type": "spell", "civilization": "light", "cost": 1},
]

#: the site's phrase (a message id) -> this game's phrase (a message id): a Duel Masters
#: ability "triggers", waits with the other pending abilities and "resolves"
WORDS = {
    # the fate of a triggered ability (the triggers panel, the tiles, the rules notice)
    "met its timing": "triggered",
    "waiting to be activated": "waiting to resolve",
    "about to be activated": "about to resolve",
    "activated": "resolving",
    "activated and resolved": "resolved",
    "not activated": "not used",
    "not activated (declined)": "not used (declined)",
    "activation negated": "negated",
    "did not meet its timing": "did not trigger",
    "No effect has met its timing yet.": "No ability has triggered yet.",
    # a spell's own effect, as the picture names it
    "card activation": "spell cast",
    # the share panel and the presenter's caption
    "Download the chain as a picture (SVG)":
        "Download the pending abilities as a picture (SVG)",
    # what is done to the chosen cards ("choose 1 card to ...")
    "send to the GY": "put into the graveyard",
    "change the ATK/DEF of": "change the power of",
    "negate the effects of": "make its abilities ignored",
    # the board's edits
    "Life points, turn and phase": "Turn and step",
    "Phase": "Step of the turn",
}


_CIVILIZATIONS = {"光": "light", "水": "water", "闇": "darkness", "火": "fire", "自然": "nature",
                  "light": "light", "water": "water", "darkness": "darkness", "fire": "fire",
                  "nature": "nature"}


def initial_card(kinds: set[str], text: str) -> dict:
    """A new card's fields from the lines a pasted Duel Masters card opens with: its name, its
    civilization and cost (「火文明 (5)」, "Fire (5)"), its type, races and power
    (「クリーチャー：アーマード・ドラゴン 6000」, "Creature: Armored Dragon 6000+", 「呪文」);
    else a spell when its text reads as a spell's effect, a creature otherwise."""
    import re
    import unicodedata

    card: dict = {"type": "spell" if "activation" in kinds else "creature", "cost": 1}
    lines = [unicodedata.normalize("NFKC", ln).strip() for ln in text.splitlines()[:6]]
    civ = re.compile(r"((?:光|水|闇|火|自然|light|water|darkness|fire|nature)(?:文明)?"
                     r"(?:\s*/\s*(?:光|水|闇|火|自然|light|water|darkness|fire|nature)(?:文明)?)*)"
                     r"\s*\(\s*(\d+)\s*\)", re.I)
    for k, line in enumerate(lines):
        if m := civ.fullmatch(line):
            first = re.match(r"光|水|闇|火|自然|light|water|darkness|fire|nature", m[1], re.I)
            card["civilization"] = _CIVILIZATIONS[first[0].casefold()]
            card["cost"] = int(m[2])
            if k == 1 and not lines[0].startswith("■"):  # the name line above it
                name = lines[0]
                card["name"] = ({"en": name} if re.fullmatch(r"[\x20-\x7e\u00c0-\u024f]+", name)
                                else {"ja": name})
        elif m := re.fullmatch(r"(進化)?クリーチャー\s*:\s*(.+?)\s+(\d+)\+?"
                               r"|(evolution )?creature\s*:\s*(.+?)\s+(\d+)\+?", line, re.I):
            card["type"] = "evolution" if (m[1] or m[4]) else "creature"
            card["races"] = [r.strip() for r in (m[2] or m[5]).split("/") if r.strip()]
            card["power"] = int(m[3] or m[6])
        elif re.fullmatch(r"呪文|spell", line, re.I):
            card["type"] = "spell"
    if card["type"] != "spell":
        card.setdefault("power", 1000)
    return card

