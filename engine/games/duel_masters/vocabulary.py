"""Duel Masters' own keys of card and scenario files: :mod:`engine.vocabulary` adds them to its
tables, each honoured in Duel Masters alone, and lists this game's actions and ability kinds."""

from __future__ import annotations

from ...vocabulary import (
    AMOUNT,
    BOOL,
    CARD,
    CARD_NAMES,
    CARD_REF,
    FILTER,
    NAMES,
    REF,
    WHO,
    Dict,
    Int,
    K,
    Key,
    ListOf,
    Map,
    OneOf,
    Text,
    stat_bounds,
)

#: the kinds of a Duel Masters card's abilities (DM-POOL: triggered ones wait in the pending
#: pool; DM-STRIGGER: S-Triggers are used as shields break)
EFFECT_KINDS = ("trigger", "activation", "continuous", "replacement", "s_trigger",
                "ninja_strike")
#: ``while:`` of a static ability: while the creature attacks, blocks, is tapped or untapped
WHILE = ("attacking", "blocking", "tapped", "untapped")
#: ``cannot:`` of ``protect``, this turn: leave, it does not leave the battle zone; destroyed,
#: it is not destroyed; blocked, it can't be blocked
PROTECT = ("leave", "destroyed", "blocked")
#: ``cannot_attack:`` of a static ability: "can't attack", "can't attack players", "can't
#: attack creatures"
CANNOT_ATTACK = ("all", "players", "creatures")

#: the keys of each mapping (by its table's name) that Duel Masters alone honours
KEYS: dict[str, dict[str, Key]] = {
    "card": {
        "civilization": K(Text(), "its civilization"),
        "cost": K(Int(0), "its cost"),
        "power": K(Int(0), "its power"),
        "races": K(ListOf(Text()), "its races"),
        "evolves_from": K(FILTER, "an evolution creature's base: a filter"),
        "blocker": K(BOOL, "a Blocker"),
        "double_breaker": K(BOOL, "a Double Breaker: breaks 2 shields"),
    },
    "filter": {
        "race_has": K(NAMES, "a race of it holds this word (a race family)"),
        "civilization": K(NAMES, "its civilization"),
        "blocker": K(BOOL, "a Blocker"),
        "tapped": K(BOOL, "tapped (true) or untapped (false)"),
        **stat_bounds("power", "cost"),
    },
    "apply": {
        "power": K(AMOUNT, "added to power"),
        "breaks": K(Int(2), "the shields it breaks when its attack breaks them (Triple breaker: "
                    "3), the most of the abilities that apply to it"),
        "speed_attacker": K(BOOL, "true: it may attack in the turn it was put into the battle "
                            "zone"),
        "cannot_attack": K(OneOf(*CANNOT_ATTACK), "it can't attack: at all (all), players "
                           "(players) or creatures (creatures)"),
        "attacks_untapped": K(BOOL, "true: it may attack the opponent's untapped creatures "
                              "too"),
        "unblocked_by": K(FILTER, "it can't be blocked by the creatures this filter passes "
                          "(an empty filter: by any creature)"),
        "while_count": K(Map("count"), "only while its controller's selector finds so many "
                         "cards (\"while you have at least 1 Human in the battle zone\")"),
    },
    "instead": {
        "after_cast": K(BOOL, "true: only the spell's own way to the graveyard once it has been "
                        "cast and has resolved (Charger: into the mana zone instead)"),
    },
    "all": {
        "cards": K(BOOL, "true: cards, the cards under an evolution creature included "
                   "(DM-EVOLUTION-CONTINUES); creatures only by default"),
    },
    "settings": {
        "seed": K(Int(), "seeds the random picks (0 by default)"),
    },
    "setup_card": {
        "tapped": K(BOOL, "true: tapped"),
    },
    "expect": {
        "order": K(ListOf(Text()), "the pending abilities that resolved, in order"),
        "power": K(Dict(Int(), names=CARD_NAMES), "final power"),
        "tapped": K(Dict(BOOL, names=CARD_NAMES), "final tapped (true) or untapped (false)"),
    },
}

#: the keys of operations every game has that Duel Masters alone honours
OP_KEYS: dict[str, dict[str, Key]] = {
    "put_into_battle": {"onto": K(CARD_REF, "the creature an evolution creature is put onto "
                                            "(event_card, attacker...)")},
    "put_into_deck": {"bottom": K(BOOL, "true: at the bottom of the deck")},
}

#: a step's actions of Duel Masters (besides the board edits), each with its own keys
ACTIONS: dict[str, dict[str, Key]] = {
    "summon": {"card": CARD, "base": K(REF, "the creature an evolution goes on")},
    **dict.fromkeys(("cast", "charge", "tap", "break_shield"), {"card": CARD}),
    "attack": {"card": CARD, "target": K(REF, "the tapped creature attacked (none: the "
                                              "player)")},
    "draw": {"player": WHO},
    **dict.fromkeys(("put_into_battle", "destroy"), {
        "card": K(REF, "the card"), "cards": K(ListOf(REF), "several cards at once")}),
    "next_step": {},
}
