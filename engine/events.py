"""Events, event patterns and card filters.

An event is a plain dict: ``type`` plus what the rules need to know about it (``card`` and a
``was`` snapshot of that card just before the event, ``cause``, ``by``, ``player``...). Events
that happen at the same time form one *instant* (the timing model in DESIGN.md): the engine
numbers instants, and "the last thing that happened" is the last instant.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .cards import CardDef, Library
    from .state import Card, State

EVENT_TYPES = {
    # both games
    "destroyed", "sent_to_gy", "left_field", "banished", "returned_to_hand", "added_to_hand",
    "drawn", "discarded", "lp_gained", "lp_lost", "phase_start", "attack_declared",
    "activated", "link_resolved", "control_changed", "position_changed", "flipped", "summoned",
    "tributed", "battle_destroyed", "negated", "effect_negated", "placed", "set",
    "stat_changed", "equipped",
    # Duel Masters
    "put_into_battle", "tapped", "untapped", "shield_broken", "shield_to_hand", "turn_start",
    "turn_end", "blocked", "battle", "battle_won", "put_into_mana", "power_changed", "cast",
    # Yu-Gi-Oh! Xyz Materials: a monster put under an Xyz Monster, a material detached from it
    "attached", "detached",
    # Yu-Gi-Oh! a Summon about to happen (YGO-SUMMON-NEGATION), and one negated
    "summoning", "summon_negated",
    # Yu-Gi-Oh! an attack negated ("negate the attack")
    "attack_negated",
}

#: Summons that are Special Summons: a pattern or filter ``special`` matches each of them
SPECIAL_SUMMONS = frozenset({"special", "fusion", "synchro", "xyz", "link", "ritual"})


def summon_kind_matches(want: Any, have: str | None) -> bool:
    """Does a summon of kind ``have`` match ``want`` (one kind or a list)? A Fusion, Synchro,
    Xyz, Link or Ritual Summon is also a Special Summon."""
    wants = set(_as_list(want))
    return have in wants or ("special" in wants and have in SPECIAL_SUMMONS)


def snapshot(card: Card) -> dict[str, Any]:
    """The card as it is now, kept in an event (last known information)."""
    return {
        "card_id": card.card_id, "controller": card.controller, "owner": card.owner,
        "zone": card.zone, "face_up": card.face_up, "position": card.position,
        "obj": card.obj, "tapped": card.tapped,
    }


def make_event(type_: str, card: Card | None = None, **data: Any) -> dict[str, Any]:
    ev: dict[str, Any] = {"type": type_}
    if card is not None:
        ev["card"] = card.iid
        ev["was"] = snapshot(card)
    ev.update({k: v for k, v in data.items() if v is not None})
    return ev


def _rel(player: int | None, me: int) -> str | None:
    if player is None:
        return None
    return "you" if player == me else "opponent"


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


#: the stats a filter can compare, and the card definition field that prints each
STATS = {"level": "level", "atk": "atk", "def": "defense", "cost": "cost", "power": "power"}
#: how a filter compares a stat: "cost_max: 3" is "cost 3 or less", "power_less_than: 5000"
#: is "less than 5000 power"; the value may also name another card ("cost_less_than:
#: event_card"), which the selector reads at resolution (operations.resolve_filter)
COMPARISONS = {"max": operator.le, "min": operator.ge, "less_than": operator.lt,
               "more_than": operator.gt}
BOUNDS = {f"{stat}_{how}": (stat, test) for stat in STATS for how, test in COMPARISONS.items()}
#: every key a card filter may use (what ``card_matches`` reads)
FILTER_KEYS = frozenset({
    "name", "not_name", "archetype", "type", "subtype", "attribute", "race", "civilization",
    "controller", "face_up", "position", "other", "summoned", "has_effects", "blocker",
    "race_has", "tuner", "tapped", *BOUNDS,
})


def card_matches(
    flt: dict[str, Any] | None,
    definition: CardDef,
    *,
    controller: int,
    me: int,
    face_up: bool = True,
    position: str | None = None,
    iid: int | None = None,
    self_iid: int | None = None,
    current: Callable[[str], int] | None = None,
    summoned: str | None = None,
    tapped: bool | None = None,
) -> bool:
    """Does a card (definition plus its relevant state) pass a filter?

    Filters are written from the point of view of the player ``me``: ``controller: you``.
    ``current`` gives a stat as it is now (power and ATK/DEF with their changes); without it
    the printed stats are compared.
    """
    if not flt:
        return True
    for key, want in flt.items():
        if key == "name":
            if definition.en not in _as_list(want) and definition.id not in _as_list(want):
                return False
        elif key == "not_name":  # "except "X"": any card but one of that name
            if definition.en in _as_list(want) or definition.id in _as_list(want):
                return False
        elif key == "archetype":
            if not set(_as_list(want)) & set(definition.archetypes):
                return False
        elif key == "type":
            kinds = {definition.type}
            if definition.type == "evolution":
                kinds.add("creature")
            if definition.type == "token":
                kinds.add("monster")
            if not set(_as_list(want)) & kinds:
                return False
        elif key == "subtype":
            if definition.subtype not in _as_list(want):
                return False
        elif key == "attribute":
            if definition.attribute not in _as_list(want):
                return False
        elif key == "race":
            if definition.race not in _as_list(want) and not set(_as_list(want)) & set(
                definition.races
            ):
                return False
        elif key == "civilization":
            if definition.civilization not in _as_list(want):
                return False
        elif key in BOUNDS:
            stat, within = BOUNDS[key]
            value = current(stat) if current is not None else getattr(definition, STATS[stat])
            if not isinstance(want, int) or not within(value, want):
                return False  # a card it is compared with that is gone: nothing matches
        elif key == "tapped":
            if tapped is None or tapped != want:
                return False
        elif key == "controller":
            if want != "any" and _rel(controller, me) != want:
                return False
        elif key == "face_up":
            if face_up != want:
                return False
        elif key == "position":
            if position != want:
                return False
        elif key == "other":
            if want and iid is not None and iid == self_iid:
                return False
        elif key == "summoned":
            if not summon_kind_matches(want, summoned):
                return False
        elif key == "tuner":
            if definition.tuner != want:
                return False
        elif key == "has_effects":
            if bool(definition.effects) != want:
                return False
        elif key == "blocker":
            if definition.blocker != want:
                return False
        elif key == "race_has":  # a race family: "Dragon" matches "Angel Command Dragon"
            if not any(w in race for w in _as_list(want) for race in definition.races):
                return False
        else:
            raise KeyError(f"unknown filter key {key!r}")
    return True


def event_matches(
    pattern: dict[str, Any], ev: dict[str, Any], me: Card, library: Library, state: State
) -> bool:
    """Does an event match a trigger's event pattern, seen from card ``me``?"""
    types = _as_list(pattern.get("type", []))
    if ev["type"] not in types:
        return False
    subject = pattern.get("card")
    if subject == "self" and ev.get("card") != me.iid:
        return False
    if subject == "other" and ev.get("card") == me.iid:
        return False
    by = pattern.get("by")
    if by == "self" and ev.get("by") != me.iid:
        return False
    if by == "other" and ev.get("by") == me.iid:
        return False
    for key in ("cause", "from", "to", "phase", "card_type", "step"):
        if key in pattern and ev.get(key) not in _as_list(pattern[key]):
            return False
    if "how" in pattern and not summon_kind_matches(pattern["how"], ev.get("how")):
        return False
    material = pattern.get("as_material")  # "sent to the GY as Synchro Material"
    if material is not None and (not ev.get("as_material")
                                 or material not in ("any", ev["as_material"])):
        return False
    if "direct" in pattern and bool(ev.get("direct")) != pattern["direct"]:
        return False
    if "destroyed" in pattern and bool(ev.get("destroyed")) != pattern["destroyed"]:
        return False
    if "min_link" in pattern and (ev.get("link") or 0) < pattern["min_link"]:
        return False
    if "player" in pattern and pattern["player"] != "any":
        if _rel(ev.get("player"), me.controller) != pattern["player"]:
            return False
    if "by_player" in pattern and pattern["by_player"] != "any":
        if _rel(ev.get("by_player"), me.controller) != pattern["by_player"]:
            return False
    if "filter" in pattern:
        was = ev.get("was")
        if was is None:
            return False
        if not card_matches(
            pattern["filter"], library[was["card_id"]], controller=was["controller"],
            me=me.controller, face_up=was["face_up"], position=was["position"],
            iid=ev.get("card"), self_iid=me.iid, tapped=was.get("tapped"),
        ):
            return False
    if "by_filter" in pattern:
        by_iid = ev.get("by")
        if by_iid is None or by_iid not in state.cards:
            return False
        by_card = state.cards[by_iid]
        if not card_matches(
            pattern["by_filter"], library[by_card.card_id], controller=by_card.controller,
            me=me.controller, face_up=by_card.face_up, position=by_card.position,
        ):
            return False
    if "target" in pattern:  # attack target relation: "self" = this card is attacked
        if pattern["target"] == "self" and ev.get("target") != me.iid:
            return False
    if "attacker" in pattern:
        att = ev.get("card")
        if att is None or att not in state.cards:
            return False
        attacker_controller = ev.get("was", {}).get("controller")
        if pattern["attacker"] == "opponent" and attacker_controller == me.controller:
            return False
    return True


#: the keys of an event that the log keeps
DESCRIBED = ("type", "card", "player", "amount", "cause", "by", "how", "phase", "link", "to",
             "destroyed", "stat", "target", "as_material")


def describe_event(ev: dict[str, Any]) -> dict[str, Any]:
    """The part of an event the log keeps (type, card, player, amount, cause)."""
    return {k: ev[k] for k in DESCRIBED if k in ev}
