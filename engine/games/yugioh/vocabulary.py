"""Yu-Gi-Oh!'s own keys of card and scenario files: :mod:`engine.vocabulary` adds them to its
tables, each honoured in Yu-Gi-Oh! alone, and lists this game's actions and effect kinds."""

from __future__ import annotations

from ... import restrictions
from ...vocabulary import (
    AMOUNT,
    BOOL,
    CARD,
    CARD_NAMES,
    MOVE_KEYS,
    NAMES,
    PLAYER_KEY,
    REF,
    STANDING,
    WHO,
    Dict,
    Either,
    Int,
    K,
    Key,
    ListOf,
    Map,
    OneOf,
    OneOrList,
    Text,
    stat_bounds,
)

#: the readings of simultaneous triggers a board may be played under (YGO-SEGOC)
PRESETS = ("TCG", "TCG classic", "OCG")
POSITION = OneOf("attack", "defense")
#: the effect kinds of a Yu-Gi-Oh! card (YGO-CHAIN: all but continuous and replacement start
#: a chain link)
EFFECT_KINDS = ("trigger", "ignition", "quick", "activation", "continuous", "replacement",
                "procedure")
#: ``while:`` of a continuous effect: while the card attacks or blocks
WHILE = ("attacking", "blocking")
#: ``cannot:`` of ``protect``, until the end of the turn: destroyed, it cannot be destroyed
#: (``by`` battle or card effects); attack, it cannot declare an attack
PROTECT = ("destroyed", "attack")

#: the keys of each mapping (by its table's name) that Yu-Gi-Oh! alone honours
KEYS: dict[str, dict[str, Key]] = {
    "card": {
        "attribute": K(Text(), "its Attribute (DARK, LIGHT...), for filters"),
        "race": K(Text(), "its Type (Fiend, Spellcaster...), for filters"),
        "level": K(Int(0, 13), "its Level"),
        "atk": K(Int(0), "its ATK"),
        "def": K(Int(0), "its DEF"),
        "archetypes": K(ListOf(Text()), "the archetypes its name belongs to"),
        "tuner": K(BOOL, "a Tuner"),
        "rank": K(Int(1, 13), "an Xyz Monster's Rank"),
        "link": K(Int(1, 8), "a Link Monster's Link Rating"),
        "materials": K(Map("materials"), "what an Extra Deck monster is summoned with"),
    },
    "effect": {
        "wording": K(OneOf("when", "if", "during", "flip", "each_time"),
                     "when / if / during / flip / each_time: whether it can miss the timing",
                     kinds=("trigger",)),
        "once_per_turn": K(Either(BOOL, OneOf("card", "name")),
                           "card (this copy, also true) or name (hard once per turn)",
                           not_kinds=STANDING),
        "phase": K(Map("phase"), "a phase timing", kinds=("trigger",)),
        "speed": K(Int(1, 3), "its Spell Speed", not_kinds=STANDING),
        "respond_to": K(OneOrList(Map("event")), "a \"When ...\" activation condition",
                        not_kinds=STANDING),
        "same_link": K(BOOL, "a Continuous Trap's effect activated with the card",
                       kinds=("trigger", "quick")),
    },
    "filter": {
        "archetype": K(NAMES, "it belongs to the archetype (or one of a list)"),
        "attribute": K(NAMES, "its Attribute"),
        "position": K(POSITION, "its battle position"),
        "tuner": K(BOOL, "a Tuner"),
        **stat_bounds("atk", "def", "level"),
    },
    "apply": {
        "atk": K(AMOUNT, "added to ATK"),
        "def": K(AMOUNT, "added to DEF"),
        "piercing": K(BOOL, "true: attacking a Defense Position monster whose DEF is lower "
                      "than its ATK, it inflicts the difference as battle damage"),
        # the words of Duel Masters' key of the same name: one key, honoured in both games
        # ("players": a direct attack, "creatures": an attack on a monster)
        "cannot_attack": K(OneOf("all", "players", "creatures"), "it can't attack: at all "
                           "(all), players (players) or creatures (creatures)"),
        "direct_attack": K(BOOL, "true: it can attack directly while the opponent controls "
                           "monsters"),
        "player_cannot": K(OneOrList(OneOf(*restrictions.ACTS)), "what the players it names "
                           "cannot do: special_summon, banish or tribute (engine/restrictions.py)"),
        "players": K(OneOf(*restrictions.PLAYERS), "who player_cannot forbids: both (by "
                     "default), you or opponent", beside=("player_cannot",)),
        "damage_becomes": K(OneOf("zero", "half"), "the damage its players take becomes zero "
                            "or half (engine/damage.py)"),
        "damage_cause": K(OneOf("battle", "effect", "any"), "the damage damage_becomes changes: "
                          "battle, effect or any (by default)", beside=("damage_becomes",)),
        "damage_player": K(OneOf("you", "opponent", "both"), "whose damage damage_becomes "
                           "changes: you (by default), opponent or both",
                           beside=("damage_becomes",)),
        # the words of Duel Masters' key of the same name: one key, honoured in both games
        "while_count": K(Map("count"), "only while its controller's selector finds so many "
                         "cards (\"while you have at least 1 Human in the battle zone\")"),
    },
    "settings": {
        "preset": K(OneOf(*PRESETS), "the YGO-SEGOC reading: TCG, TCG classic or OCG"),
        "trigger_first": K(BOOL, "the preset's switch: triggers before the turn player's "
                           "other choices"),
        "hand_triggers_last": K(BOOL, "the preset's switch: hand triggers go on the chain "
                                "last"),
        "first_turn": K(BOOL, "the set-up is the Duel's first turn: no Battle Phase"),
    },
    "setup": {
        "step": K(OneOf("battle_step", "damage"), "the step of the Battle Phase"),
    },
    "setup_card": {
        "set": K(BOOL, "true: face-down (a Set card)"),
        "position": K(POSITION, "its battle position"),
    },
    "expect": {
        "positions": K(Dict(POSITION, names=CARD_NAMES), "final battle positions"),
        "atk": K(Dict(Int(), names=CARD_NAMES), "final ATK"),
        "def": K(Dict(Int(), names=CARD_NAMES), "final DEF"),
    },
}

#: the keys of operations every game has that Yu-Gi-Oh! alone honours
OP_KEYS: dict[str, dict[str, Key]] = {
    "protect": {"by": K(OneOf("battle", "effect", "any"), "cannot: destroyed by battle, by card "
                                                        "effects or any (any by default)")},
}

#: the keys of the board edits every game has that Yu-Gi-Oh! alone honours
EDIT_KEYS: dict[str, dict[str, Key]] = {
    "move": {"position": K(POSITION, "its battle position")},
    "set_phase": {"step": K(OneOf("battle_step", "damage"), "the step")},
}

#: a step's actions of Yu-Gi-Oh! (besides the board edits), each with its own keys
ACTIONS: dict[str, dict[str, Key]] = {
    "pass": {},
    "activate": {"card": CARD, "effect": K(Either(Int(0), Text()), "its effect N (from 0)"),
                 "with_effect": K(Int(0), "a Continuous Trap's effect in the same link")},
    **dict.fromkeys(("normal_summon", "tribute_summon"), {
        "card": CARD, "tributes": K(ListOf(REF), "the monsters Tributed")}),
    **dict.fromkeys(("synchro_summon", "xyz_summon", "link_summon"), {
        "card": CARD, "materials": K(ListOf(REF), "the materials")}),
    "special_summon": {"card": CARD, "player": K(PLAYER_KEY, "whose field (its owner's by "
                                                              "default)"),
                       "position": K(POSITION, "its battle position")},
    "inherent_summon": {"card": CARD, "position": K(POSITION, "its battle position")},
    **dict.fromkeys(("flip_summon", "set", "change_position"), {"card": CARD}),
    **dict.fromkeys(("destroy", "send_to_gy", "banish", "return_to_hand", "discard",
                     "tribute"), MOVE_KEYS),
    **dict.fromkeys(("gain_lp", "lose_lp", "damage"), {
        "player": WHO, "amount": K(Int(1), "how many LP", required=True)}),
    "declare_attack": {"card": CARD, "target": K(REF, "the monster attacked (none: a direct "
                                                      "attack)")},
    "battle": {},
    "next_phase": {},
}
