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


def initial_card(kinds: set[str], text: str) -> dict:
    """A new card's type and numbers, from the kinds of the effects its text reads as."""
    import re

    card_type = "spell" if "activation" in kinds else "monster"
    if re.search(r"\bTrap\b|罠", text) and card_type == "spell":
        card_type = "trap"
    card: dict = {"type": card_type}
    if card_type == "monster":
        card.update({"subtype": "flip" if "flip" in kinds else "effect", "level": 4,
                     "atk": 0, "def": 0})
    return card
