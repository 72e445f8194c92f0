"""What the site shows of a Yu-Gi-Oh! board that the :class:`~engine.games.Game` does not
say: the mat, the card form's fields, the rule presets, the words it says otherwise.

Plain data: its words are message ids of the site's catalogue, translated where the site
shows them (simulator/game_messages.py marks them for the catalogue).
"""

from __future__ import annotations

#: one player's side from the middle of the table outwards: rows of (zone, slots), slots > 0
#: drawn as that many slots filled left to right, 0 as a pile and -1 as a row of cards
MAT = [[("field", 1), ("monster", 5), ("gy", 0)],
       [("extra", 0), ("spell_trap", 5), ("deck", 0)],
       [("hand", -1), ("banished", 0)]]
#: how a tile is framed (by card type) and which numbers it shows (Level, ATK/DEF)
FRAME = "card_type"
NUMBERS = "level_atk_def"
#: the zones whose cards may be equipped to a monster
EQUIP_ZONES = ("spell_trap",)
#: where a card may be Set (face-down) from the card library
SET_ZONES = ("monster", "spell_trap", "field")

#: the card form: the fields after the names, the card flags, the card types' words
#: (a message context and id of the site's catalogue)
STAT_FIELDS = ("attribute", "race", "level", "atk", "def")
FLAGS: tuple[str, ...] = ()
TYPE_WORDS = {"monster": ("Yu-Gi-Oh! card type", "Monster"),
              "spell": ("Yu-Gi-Oh! card type", "Spell"),
              "trap": ("Yu-Gi-Oh! card type", "Trap"),
              "token": ("Yu-Gi-Oh! card type", "Token")}
#: the card form's fields chosen from the game's own values, each value's words
FIELD_WORDS = {"attribute": {a: ("Yu-Gi-Oh! Attribute", a) for a in (
    "DARK", "LIGHT", "WATER", "FIRE", "EARTH", "WIND", "DIVINE")}}
#: the effect kind that needs no other field (what a form falls back to)
PLAIN_KIND = "ignition"
#: where the card editor's preview puts a card: a monster, anything else
PREVIEW_ZONES = ("monster", "spell_trap")
#: the language named first where the form asks for a card's text
TEXT_LABEL = "Paste the card's text (English or Japanese)"

#: the rule presets a board may be played under (the first by default), and whether a new
#: board may start at the Duel's first turn (YGO-FIRST-TURN: no Battle Phase)
PRESETS = ("TCG", "TCG classic", "OCG")
FIRST_TURN = True
#: a new board's title
BOARD_TITLE = "Yu-Gi-Oh! board (%(preset)s)"
#: a trigger's wording a what-if may switch to the other ("when" can miss the timing)
FLIP_WORDING = {"when": "if", "if": "when"}

#: the stand-ins of the cards a viewer may not see, one per kind a zone may need
UNKNOWN_CARDS = [
    {"type": "monster", "subtype": "normal", "level": 1, "atk": 0, "def": 0},
    {"type": "trap", "subtype": "normal"},
    {"type": "spell", "subtype": "field"},
    {"type": "monster", "subtype": "fusion", "level": 1, "atk": 0, "def": 0},
]

#: the site's phrases (message ids) this game says otherwise: none, the site speaks its words
WORDS: dict[str, str] = {}


#: a Spell's or Trap's type line ("Quick-Play Spell", 「速攻魔法」) -> its subtype
_SUBTYPES = {"normal": "normal", "quick-play": "quick_play", "continuous": "continuous",
             "field": "field", "equip": "equip", "ritual": "ritual", "counter": "counter",
             "通常": "normal", "速攻": "quick_play", "永続": "continuous", "フィールド": "field",
             "装備": "equip", "儀式": "ritual", "カウンター": "counter"}
_ATTRIBUTES = {"DARK": "DARK", "LIGHT": "LIGHT", "WATER": "WATER", "FIRE": "FIRE",
               "EARTH": "EARTH", "WIND": "WIND", "DIVINE": "DIVINE", "闇": "DARK", "光": "LIGHT",
               "水": "WATER", "炎": "FIRE", "地": "EARTH", "風": "WIND", "神": "DIVINE"}
_MONSTER_SUBTYPES = {"fusion": "fusion", "synchro": "synchro", "xyz": "xyz", "link": "link",
                     "ritual": "ritual", "flip": "flip", "normal": "normal", "融合": "fusion",
                     "シンクロ": "synchro", "エクシーズ": "xyz", "リンク": "link", "儀式": "ritual",
                     "リバース": "flip", "通常": "normal"}


def _lines(text: str) -> dict:
    """The card's fields its pasted header lines give: a Spell's or Trap's type line
    ("Quick-Play Spell", 「速攻魔法」), a monster's Level, Attribute, Type and ATK/DEF
    ("Level 4", "DARK", "[Fiend/Effect]", "ATK/1500 DEF/1200", 「★4」「闇属性」「悪魔族」
    「攻1500／守1200」)."""
    import re
    import unicodedata

    out: dict = {}
    for raw in text.splitlines()[:6]:
        line = unicodedata.normalize("NFKC", raw).strip()
        if m := re.fullmatch(r"(?:\[\s*)?(?P<sub>normal|quick-play|continuous|field|equip|ritual|"
                             r"counter)?\s*(?P<type>spell|trap)(?: card)?(?:\s*\])?"
                             r"|(?P<sub2>通常|速攻|永続|フィールド|装備|儀式|カウンター)?(?P<type2>魔法|罠)"
                             r"(?:カード)?", line, re.I):
            kind = (m["type"] or m["type2"]).casefold()
            out["type"] = "trap" if kind in ("trap", "罠") else "spell"
            out["subtype"] = _SUBTYPES[(m["sub"] or m["sub2"] or "normal").casefold()]
            continue
        found = False
        if m := re.search(r"\blevel\s*(\d+)|★\s*(\d+)|レベル\s*(\d+)", line, re.I):
            out["level"], found = int(next(g for g in m.groups() if g)), True
        if m := re.search(r"\b(DARK|LIGHT|WATER|FIRE|EARTH|WIND|DIVINE)\b|([闇光水炎地風神])属性",
                          line):
            out["attribute"], found = _ATTRIBUTES[m[1] or m[2]], True
        if m := re.search(r"atk\s*/?\s*(\d+)\s*[/|,]?\s*def\s*/?\s*(\d+)"
                          r"|攻(?:撃力)?\s*(\d+)\s*[/／]?\s*守(?:備力)?\s*(\d+)", line, re.I):
            nums = [int(g) for g in m.groups() if g]
            out["atk"], out["def"], found = nums[0], nums[1], True
        if m := re.search(r"\[\s*([A-Za-z -]+?)\s*(?:/\s*([^\]]+))?\]|【\s*([^／/】]+族)\s*"
                          r"(?:[／/]\s*([^】]+))?】", line):
            race = (m[1] or m[3] or "").strip()
            out["race"] = race.removesuffix("族") if not m[1] else race
            subs = (m[2] or m[4] or "").replace("／", "/").split("/")
            for sub in (s.strip().casefold() for s in subs):
                if sub in _MONSTER_SUBTYPES:
                    out["subtype"] = _MONSTER_SUBTYPES[sub]
            found = True
        if found:
            out.setdefault("type", "monster")
    return out


def initial_card(kinds: set[str], text: str) -> dict:
    """A new card's type and numbers, from its pasted type and stat lines (:func:`_lines`),
    else from the kinds of the effects its text reads as."""
    import re

    printed = _lines(text)
    card_type = printed.get("type") or ("spell" if "activation" in kinds else "monster")
    if re.search(r"\bTrap\b|罠", text) and card_type == "spell" and "type" not in printed:
        card_type = "trap"
    card: dict = {"type": card_type}
    if card_type == "monster":
        card.update({"subtype": "flip" if "flip" in kinds else "effect", "level": 4,
                     "atk": 0, "def": 0})
    card.update(printed)
    return card
