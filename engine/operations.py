"""What effects do: the shared vocabulary of operations.

Each operation takes the duel, the resolution context and its spec (a mapping from the card's
YAML) and appends the events it causes to ``ctx.events``; the caller closes the instant.
Operations joined by ``then: true`` happen at a new instant (YGO-SEQUENCE). One event is
emitted per card affected; the rule policy decides how often a trigger fires for a batch.

Cards are picked by a *selector*: ``card: self | event_card | attacker | <target name>``,
``choose: {zone, controller, filter, count}`` (a decision for the chooser),
``all: {zone, controller, filter}``, ``top: {zone, controller, count}`` (the top of a deck) or
``random: {zone, controller, count}`` (seeded by the state).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .duel import Duel
    from .state import Card


@dataclass
class Context:
    """What an operation needs: whose effect it is, its targets, choices and new events."""

    source: int  # iid of the card whose effect this is
    source_obj: int
    controller: int
    effect: int
    targets: dict[str, list[int]] = field(default_factory=dict)
    target_objs: dict[int, int] = field(default_factory=dict)
    trigger_event: dict[str, Any] | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    key: str = ""  # decision key prefix, unique for this resolution step
    is_cost: bool = False
    did_something: bool = False
    no_effect_reason: dict[str, Any] | None = None
    memo: dict[str, Any] = field(default_factory=dict)


Operation = Callable[["Duel", Context, dict[str, Any]], None]
OPERATIONS: dict[str, Operation] = {}

#: operations that change the source card itself: they need it still there (YGO-RESOLVE,
#: DM-SOURCE-GONE)
SELF_ONLY = {"change_position", "modify_stat", "power", "tap", "untap", "battle_self"}


def operation(name: str) -> Callable[[Operation], Operation]:
    def register(fn: Operation) -> Operation:
        OPERATIONS[name] = fn
        return fn

    return register


def _player(duel: Duel, ctx: Context, who: str | None) -> int:
    if who in (None, "you", "controller"):
        return ctx.controller
    if who == "opponent":
        return 1 - ctx.controller
    if who == "event_player" and ctx.trigger_event:
        return ctx.trigger_event.get("player", ctx.controller)
    raise ValueError(f"unknown player {who!r}")


def _players(duel: Duel, ctx: Context, who: str | None) -> list[int]:
    if who == "both":
        return [duel.state.turn_player, 1 - duel.state.turn_player]
    return [_player(duel, ctx, who)]


def select(duel: Duel, ctx: Context, spec: dict[str, Any], purpose: str) -> list[Card]:
    """The cards an operation applies to (may ask the chooser a decision)."""
    st = duel.state
    ref = spec.get("card")
    if ref is not None:
        if ref == "self":
            card = st.cards.get(ctx.source)
            return [card] if card is not None else []
        if ref == "event_card":
            iid = (ctx.trigger_event or {}).get("card")
        elif ref == "attacker":
            iid = (st.procedure[0].get("attacker") if st.procedure else None) or (
                (ctx.trigger_event or {}).get("card")
            )
        elif ref in ctx.targets:
            cards = []
            for iid in ctx.targets[ref]:
                card = st.cards[iid]
                if ctx.target_objs.get(iid, card.obj) == card.obj:  # still the same card
                    cards.append(card)
            return cards
        else:
            raise ValueError(f"unknown card reference {ref!r}")
        return [st.cards[iid]] if iid is not None and iid in st.cards else []
    if "all" in spec:
        return duel.find_cards(spec["all"], ctx.controller, ctx.source)
    if "top" in spec:  # the top cards of a deck (the end of its zone list)
        top = spec["top"]
        return duel.find_cards(top, ctx.controller, ctx.source)[::-1][: int(top.get("count", 1))]
    if "random" in spec:  # seeded by the state, so a replay picks the same cards
        pick = spec["random"]
        pool = duel.find_cards(pick, ctx.controller, ctx.source)
        rng = random.Random(f"{duel.state.settings.get('seed', 0)}:{duel.state.instant}:{ctx.key}")
        return rng.sample(pool, min(int(pick.get("count", 1)), len(pool)))
    if "choose" in spec:
        choose = spec["choose"]
        chooser = _player(duel, ctx, choose.get("chooser"))
        pool = duel.find_cards(choose, chooser if choose.get("relative") == "chooser"
                               else ctx.controller, ctx.source)
        count = int(choose.get("count", 1))
        if not pool:
            return []
        return duel.choose_cards(
            key=f"{ctx.key}:{purpose}", player=chooser, cards=pool, count=min(count, len(pool)),
            up_to=bool(choose.get("up_to", False)), purpose=purpose, source=ctx.source,
            noun=duel.noun(choose), cost=ctx.is_cost,
        )
    raise ValueError("an operation needs card:, choose: or all:")


def _mark(ctx: Context, events: list[dict[str, Any]]) -> None:
    if events:
        ctx.events.extend(events)
        ctx.did_something = True


def _move_op(to_zone: str, cause_type: str | None = None) -> Operation:
    def run(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
        cards = select(duel, ctx, spec, spec.get("op", to_zone))
        for card in cards:
            _mark(ctx, duel.move_by_effect(card, to_zone, ctx, cause_type=cause_type, spec=spec))

    return run


operation("destroy")(_move_op("graveyard", "destroyed"))
operation("send_to_gy")(_move_op("graveyard"))
operation("banish")(_move_op("banished"))
operation("return_to_hand")(_move_op("hand"))
operation("add_to_hand")(_move_op("hand"))
operation("discard")(_move_op("graveyard", "discarded"))
operation("tribute")(_move_op("graveyard", "tributed"))
operation("put_into_mana")(_move_op("mana"))
operation("put_into_battle")(_move_op("battle"))
operation("add_shield")(_move_op("shield"))
operation("put_into_deck")(_move_op("deck"))  # ``bottom: true`` puts it at the bottom


@operation("special_summon")
def special_summon(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    for card in select(duel, ctx, spec, "special_summon"):
        if not duel.policy.can_place(duel, card, ctx.controller, "monster"):
            continue
        _mark(ctx, duel.summon(card, ctx.controller, how="special", by=ctx.source,
                               position=spec.get("position", "attack"), cause="effect"))


@operation("summon_token")
def summon_token(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    for player in _players(duel, ctx, spec.get("player")):
        for _ in range(int(spec.get("count", 1))):
            if not duel.policy.can_place(duel, None, player, "monster"):
                break
            token = duel.create_card(spec["token"], player, "limbo")
            _mark(ctx, duel.summon(token, player, how="special", by=ctx.source,
                                   position=spec.get("position", "defense"), cause="effect"))


@operation("draw")
def draw(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    for player in _players(duel, ctx, spec.get("player")):
        _mark(ctx, duel.draw(player, int(spec.get("count", 1)), by=ctx.source))


def _lp_op(sign: int, cause: str) -> Operation:
    def run(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
        for player in _players(duel, ctx, spec.get("player")):
            amount = int(spec["amount"])
            _mark(ctx, duel.change_lp(player, sign * amount, cause=cause, by=ctx.source))

    return run


operation("gain_lp")(_lp_op(+1, "effect"))
operation("lose_lp")(_lp_op(-1, "effect"))
operation("damage")(_lp_op(-1, "damage"))
operation("pay_lp")(_lp_op(-1, "cost"))


@operation("change_control")
def change_control(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    to = _player(duel, ctx, spec.get("to", "you"))
    for card in select(duel, ctx, spec, "change_control"):
        _mark(ctx, duel.change_control(card, to, by=ctx.source))


@operation("swap_control")
def swap_control(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    """Each player chooses one monster they control; control of the two switches."""
    picks: list[Card] = []
    for player in (ctx.controller, 1 - ctx.controller):
        pool = duel.find_cards({"zone": spec.get("zone", "monster"), "controller": "you",
                                "filter": spec.get("filter")}, player, ctx.source)
        if not pool:
            return
        picks += duel.choose_cards(key=f"{ctx.key}:swap:{player}", player=player, cards=pool,
                                   count=1, purpose="swap_control", source=ctx.source,
                                   noun="monster")
    first, second = picks
    events = duel.change_control(first, 1 - ctx.controller, by=ctx.source)
    events += duel.change_control(second, ctx.controller, by=ctx.source)
    _mark(ctx, events)


@operation("change_position")
def change_position(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    for card in select(duel, ctx, spec, "change_position"):
        if not duel.policy.on_field(card):
            continue
        to = spec.get("to", "defense" if card.position == "attack" else "attack")
        if card.position != to:
            card.position = to
            card.face_up = True
            from .events import make_event

            _mark(ctx, [make_event("position_changed", card, by=ctx.source)])


@operation("modify_stat")
def modify_stat(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    for card in select(duel, ctx, spec, "modify_stat"):
        if not duel.policy.on_field(card):
            continue
        _mark(ctx, duel.modify(card, spec.get("stat", "power"), int(spec["amount"]),
                               until=spec.get("until", "end_of_turn"), source=ctx.source))


operation("power")(modify_stat)


@operation("negate_activation")
def negate_activation(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    """Negate the activation of the chain link this one responds to (YGO-NEGATED)."""
    link = duel.responded_link(ctx)
    if link is None or link.negated:
        return
    link.negated = True
    from .events import make_event

    card = duel.state.cards[link.card]
    events = [make_event("negated", card, link=link.number, by=ctx.source)]
    if spec.get("destroy") and duel.policy.on_field(card) and card.obj == link.obj:
        events += duel.move_by_effect(card, "graveyard", ctx, cause_type="destroyed", spec=spec)
    _mark(ctx, events)


@operation("negate_effects")
def negate_effects(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    """Negate the effects of face-up cards until the end of the turn (YGO-NEGATED)."""
    for card in select(duel, ctx, spec, "negate_effects"):
        if duel.policy.on_field(card) and card.face_up:
            card.flags["negated_turn"] = duel.state.turn
            card.flags["negated_obj"] = card.obj
            ctx.did_something = True


@operation("tap")
def tap(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    for card in select(duel, ctx, spec, "tap"):
        _mark(ctx, duel.set_tapped(card, True, by=ctx.source))


@operation("untap")
def untap(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    for card in select(duel, ctx, spec, "untap"):
        _mark(ctx, duel.set_tapped(card, False, by=ctx.source))


@operation("break_shield")
def break_shield(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    for card in select(duel, ctx, spec, "break_shield"):
        _mark(ctx, duel.break_shield(card, by=ctx.source))


@operation("nothing")
def nothing(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    """An effect with no lasting result (its activation still matters)."""
    ctx.did_something = True


@operation("add_counter")
def add_counter(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    """Place counters on face-up cards on the field (``counter``, ``count``, ``max``)."""
    for card in select(duel, ctx, spec, "add_counter"):
        if duel.policy.on_field(card) and card.face_up and card.add_counter(
                str(spec["counter"]), int(spec.get("count", 1)), spec.get("max")):
            ctx.did_something = True


@operation("remove_counter")
def remove_counter(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    """Remove counters from cards (``counter``, ``count``); as a cost the card must have them
    (checked before activation: Duel.activation_problem)."""
    for card in select(duel, ctx, spec, "remove_counter"):
        if card.remove_counter(str(spec["counter"]), int(spec.get("count", 1))):
            ctx.did_something = True
