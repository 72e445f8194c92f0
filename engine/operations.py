"""What effects do: the shared vocabulary of operations.

Each operation takes the duel, the resolution context and its spec (a mapping from the card's
YAML) and appends the events it causes to ``ctx.events``; the caller closes the instant.
Operations joined by ``then: true`` happen at a new instant (YGO-SEQUENCE). One event is
emitted per card affected; the rule policy decides how often a trigger fires for a batch.

Cards are picked by a *selector*: ``card: self | event_card | attacker | battled | equipped
| <target name>`` (``battled``: the creature the event's card battled, while it is still that
object; ``equipped``: the monster this Equip Spell is equipped to),
``choose: {zone, controller, filter, count}`` (a decision for the chooser),
``all: {zone, controller, filter}``, ``top: {zone, controller, count}`` (the top of a deck) or
``random: {zone, controller, count}`` (seeded by the state); any of these with ``as: name``
names the cards it picked for the operations after it (``cost_less_than: name``, ``if_card``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .amounts import evaluate
from .events import BOUNDS
from .games import game as registered
from .protection import ask_ahead, split_choosable
from .rules.interfaces import NegatesAttacks

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
    #: the operation's own event did not happen although something did instead (a
    #: destruction replaced): for "then" / "if you do" it did nothing (YGO-SEQUENCE)
    undone: bool = False
    no_effect_reason: dict[str, Any] | None = None
    memo: dict[str, Any] = field(default_factory=dict)
    #: the resolving link's data: operations that run operations of their own keep their
    #: progress there, so a decision in the middle resumes where it stopped
    data: dict[str, Any] = field(default_factory=dict)
    link: Any = None  # the chain link (or pending ability) being resolved, if any


Operation = Callable[["Duel", Context, dict[str, Any]], None]
#: how long a ``modify_stat`` change lasts: the end of the turn, the end of the attack being
#: resolved, or for as long as the card stays on the field
UNTIL = ("end_of_turn", "end_of_attack", "leaves_field")
OPERATIONS: dict[str, Operation] = {}
#: operations that can tell beforehand whether they can be done at all (a cost that can be
#: paid, a summon that has what it needs): ``check(duel, player, source_card, spec)``; an
#: effect whose cost or operations cannot be done cannot be activated
FEASIBLE: dict[str, Callable[[Duel, int, Card, dict[str, Any]], bool]] = {}
#: checks of an operation's own keys when a card file is loaded: ``check(spec)`` returns why
#: the spec is malformed, or None
OP_CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {}

#: operations that change the source card itself: they need it still there (YGO-RESOLVE,
#: DM-SOURCE-GONE)
SELF_ONLY = {"change_position", "modify_stat", "power", "tap", "untap", "destroy", "protect"}
#: operations whose subject is always the source ("this creature battles it")
SOURCE_ONLY = {"battle"}


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
    """The cards an operation applies to (may ask the chooser a decision); a selector with
    ``as: name`` names them, so a later operation can say "that creature"."""
    cards = _select(duel, ctx, spec, purpose)
    inner = next((spec[k] for k in ("choose", "all", "top", "random") if k in spec), None)
    if isinstance(inner, dict) and "as" in inner:
        ctx.targets[inner["as"]] = [c.iid for c in cards]
    return cards


def _select(duel: Duel, ctx: Context, spec: dict[str, Any], purpose: str) -> list[Card]:
    st = duel.state
    ref = spec.get("card")
    if ref is not None:
        if ref == "self":
            card = st.cards.get(ctx.source)
            return [card] if card is not None else []
        if ref == "event_card":
            iid = (ctx.trigger_event or {}).get("card")
        elif ref == "attacker":
            iid = st.attacker() or (
                (ctx.trigger_event or {}).get("card")
            )
        elif ref == "battled":  # the creature it battled, while it is still that object
            ev = ctx.trigger_event or {}
            card = st.cards.get(ev.get("opponent", -1))
            return [card] if card is not None and card.obj == ev.get("opponent_obj") else []
        elif ref == "equipped":
            card = duel.policy.equipped_to(duel, st.cards[ctx.source])
            return [card] if card is not None else []
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
        return duel.find_cards(resolve_filter(duel, ctx, spec["all"]), ctx.controller, ctx.source)
    if "top" in spec:  # the top cards of a deck (the end of its zone list)
        top = resolve_filter(duel, ctx, spec["top"])
        return duel.find_cards(top, ctx.controller, ctx.source)[::-1][: int(top.get("count", 1))]
    if "random" in spec:  # seeded by the state, so a replay picks the same cards
        pick = resolve_filter(duel, ctx, spec["random"])
        pool = duel.find_cards(pick, ctx.controller, ctx.source)
        rng = random.Random(f"{duel.state.settings.get('seed', 0)}:{duel.state.instant}:{ctx.key}")
        return rng.sample(pool, min(int(pick.get("count", 1)), len(pool)))
    if "choose" in spec:
        choose = resolve_filter(duel, ctx, spec["choose"])
        chooser = _player(duel, ctx, choose.get("chooser"))
        pool, protected = split_choosable(
            duel, duel.find_cards(choose, chooser if choose.get("relative") == "chooser"
                                  else ctx.controller, ctx.source), chooser, targeting=False)
        count = int(choose.get("count", 1))
        if not pool:
            return []
        return duel.choose_cards(
            key=f"{ctx.key}:{purpose}", player=chooser, cards=pool, count=min(count, len(pool)),
            up_to=bool(choose.get("up_to", False)), purpose=purpose, source=ctx.source,
            noun=duel.noun(choose), cost=ctx.is_cost, protected=protected,
        )
    raise ValueError("an operation needs card:, choose: or all:")


def resolve_filter(duel: Duel, ctx: Context, where: dict[str, Any]) -> dict[str, Any]:
    """A selector whose filter compares a stat with another card's ("cost_less_than:
    event_card", "power_less_than: self"), with that card's stat read now, at resolution;
    a card that is gone leaves nothing to compare with (the comparison matches no card)."""
    flt = where.get("filter") or {}
    refs = {k: v for k, v in flt.items() if k in BOUNDS and isinstance(v, str)}
    if not refs:
        return where
    resolved = dict(flt)
    for key, ref in refs.items():
        cards = select(duel, ctx, {"card": ref}, "compare")
        resolved[key] = duel.stat(cards[0], BOUNDS[key][0]) if cards else None
    return {**where, "filter": resolved}


def run_nested(duel: Duel, ctx: Context, ops: list[dict[str, Any]], key: str) -> None:
    """Run an operation's own operations (a chosen mode...) at the current instant, resuming
    after the last one done when a decision stopped them."""
    done = ctx.data.setdefault("nested", {})
    outer = ctx.key
    for i, spec in enumerate(ops):
        if i < done.get(key, 0):
            continue
        ctx.key = f"{outer}.{i}"
        OPERATIONS[spec["op"]](duel, ctx, spec)
        done[key] = i + 1
    ctx.key = outer


def amount_of(duel: Duel, ctx: Context, spec: dict[str, Any]) -> int:
    """An operation's ``amount`` (a number, a count or a card's stat: engine/amounts.py)."""
    def card_of(ref: str) -> Card | None:
        found = select(duel, ctx, {"card": ref}, "amount")
        return found[0] if found else None

    return evaluate(duel, spec["amount"], me=ctx.controller, source=ctx.source, card_of=card_of)


def _mark(ctx: Context, events: list[dict[str, Any]]) -> None:
    if events:
        ctx.events.extend(events)
        ctx.did_something = True


def _move_op(to_zone: str, cause_type: str | None = None) -> Operation:
    def run(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
        cards = select(duel, ctx, spec, spec.get("op", to_zone))
        ask_ahead(duel, cards, duel.policy.zone_alias(to_zone), cause_type,
                  "cost" if ctx.is_cost else "effect")
        own = False
        for card in cards:
            was = (card.zone, card.obj)
            events = duel.move_by_effect(card, to_zone, ctx, cause_type=cause_type, spec=spec)
            _mark(ctx, events)
            if not events and (card.zone, card.obj) != was:
                ctx.did_something = True  # a move no event records (into the shields, the deck)
            own = own or any(e["type"] == cause_type and e.get("card") == card.iid
                             for e in events)
        if cause_type and cards and not own and not duel.policy.REPLACED_IS_DONE:
            ctx.undone = True  # e.g. it discarded a card instead of being destroyed

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
            amount = amount_of(duel, ctx, spec)
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


def _turn_face_down(duel: Duel, ctx: Context, card: Card) -> None:
    """Change a face-up monster to face-down Defense Position ("change this card to face-down
    Defense Position", 「裏側守備表示にする」). Face-down it is a new card for the rules: the
    changes and counters it had are gone, and an effect waiting for "this card" no longer
    finds it (YGO-LOCATION: a face-down card is not where its trigger would be activated);
    the Summon it arrived by stays its own, and an Xyz Monster keeps its Xyz Materials. A
    Link Monster is never face-down: it does not change."""
    if not card.face_up or duel.definition(card).subtype == "link":
        return
    card.face_up, card.position = False, "defense"
    card.obj += 1
    card.mods, card.counters = [], {}
    card.flags = {k: v for k, v in card.flags.items()
                  if k in ("token", "summoned", "summoned_by", "summoned_turn")}
    from .events import make_event

    _mark(ctx, [make_event("position_changed", card, by=ctx.source)])


@operation("change_position")
def change_position(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    for card in select(duel, ctx, spec, "change_position"):
        if not duel.policy.on_field(card):
            continue
        if spec.get("to") == "face_down":
            _turn_face_down(duel, ctx, card)
            continue
        # face_up: a face-down monster flipped face-up in the position it is in
        to = card.position if spec.get("to") == "face_up" else spec.get(
            "to", "defense" if card.position == "attack" else "attack")
        flipped = not card.face_up
        if card.position != to or flipped:
            card.position = to
            card.face_up = True
            from .events import make_event

            events = [make_event("position_changed", card, by=ctx.source)]
            if flipped:  # flipped face-up by an effect: its FLIP effect activates
                card.flags["flipped_turn"] = duel.state.turn
                events.append(make_event("flipped", card, by=ctx.source))
            _mark(ctx, events)


@operation("modify_stat")
def modify_stat(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    """A lasting change: ``amount`` is computed once, now; ``until`` says when it ends."""
    stats = spec.get("stat", registered(duel.game).stats[0])
    amount = amount_of(duel, ctx, spec)
    for card in select(duel, ctx, spec, "modify_stat"):
        if not duel.policy.on_field(card):
            continue
        for stat in [stats] if isinstance(stats, str) else stats:
            _mark(ctx, duel.modify(card, stat, amount, until=spec.get("until", "end_of_turn"),
                                   source=ctx.source))


operation("power")(modify_stat)


@operation("protect")
def protect(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    """A lasting protection or restriction a resolved effect gives for the turn: Duel Masters
    ``cannot: leave`` ("this turn, this creature does not leave the battle zone"), ``cannot:
    destroyed`` ("is not destroyed"), ``blocked``; Yu-Gi-Oh! ``cannot: destroyed`` with ``by``
    ("it cannot be destroyed by battle this turn") and ``cannot: attack`` ("the monster
    Special Summoned by this effect cannot attack this turn"). It is kept on the card with its
    stat changes, so it ends when the card leaves the field (a new object, YGO-LOCATION), and
    an evolution creature put onto it keeps it (DM-EVOLUTION-CONTINUES)."""
    for card in select(duel, ctx, spec, "protect"):
        if not duel.policy.on_field(card):
            continue
        card.mods.append({"stat": None, "cannot": spec["cannot"], "by": spec.get("by", "any"),
                          "source": ctx.source, "until": "end_of_turn",
                          "turn": duel.state.turn})
        ctx.did_something = True


@operation("banish_when_leaves")
def banish_when_leaves(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    """"Banish it when it leaves the field" (「この効果で特殊召喚したこのカードは、フィールドから
    離れた場合に除外される」): kept on each face-up card selected for as long as it stays on the
    field as that card (YGO-LOCATION); wherever it would go then (destroyed and sent to the GY,
    returned to the hand or the Deck), it is banished instead, so nothing triggers on its
    arrival there (protection.intercept)."""
    if "banished" not in duel.policy.ZONES:
        return
    for card in select(duel, ctx, spec, "banish_when_leaves"):
        if duel.policy.on_field(card) and card.face_up:
            card.mods.append({"stat": None, "leaves_to": "banished", "source": ctx.source,
                              "obj": card.obj})
            ctx.did_something = True


@operation("equip")
def equip(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    """Equip this card (an Equip Spell still on the field) to the selected face-up monster.
    The link is kept on the Equip Spell (``equipped_to``, ``equipped_obj``); when it no longer
    holds, the rules destroy the Equip Spell, not a card effect (YGO-LOCATION)."""
    source = duel.state.cards[ctx.source]
    if source.obj != ctx.source_obj or not duel.policy.on_field(source):
        return
    for card in select(duel, ctx, spec, "equip")[:1]:
        if duel.policy.on_field(card) and card.face_up:
            source.flags["equipped_to"], source.flags["equipped_obj"] = card.iid, card.obj
            from .events import make_event

            _mark(ctx, [make_event("equipped", source, target=card.iid, by=ctx.source)])


def _negate_link(duel: Duel, ctx: Context, spec: dict[str, Any], *, effect: bool) -> None:
    """Negate the activation (or only the effect) of the chain link this one responds to,
    then destroy or banish its card if the spec says so (YGO-NEGATED)."""
    from .events import make_event

    link = duel.responded_link(ctx)
    if (ctx.trigger_event or {}).get("type") == "summoning":
        return  # it answered a Summon, not this link's activation (negate_summon)
    if link is None or link.negated or (effect and link.effect_negated):
        return
    if effect:
        link.effect_negated = True
    else:
        link.negated = True
    card = duel.state.cards[link.card]
    events = [make_event("effect_negated" if effect else "negated", card, link=link.number,
                         by=ctx.source)]
    to = "banished" if spec.get("banish") else "graveyard" if spec.get("destroy") else None
    if to and duel.policy.on_field(card) and card.obj == link.obj:
        events += duel.move_by_effect(card, to, ctx, spec=spec,
                                      cause_type="destroyed" if to == "graveyard" else None)
    _mark(ctx, events)


@operation("negate_activation")
def negate_activation(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    """Negate the activation of the chain link this one responds to: it does not resolve
    (YGO-NEGATED). ``destroy: true`` / ``banish: true`` then destroys or banishes its card."""
    _negate_link(duel, ctx, spec, effect=False)


@operation("negate_effect")
def negate_effect(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    """Negate the effect of the chain link this one responds to: it still resolves, with no
    effect; a Spell/Trap card still goes to the GY, a monster stays (YGO-NEGATED)."""
    _negate_link(duel, ctx, spec, effect=True)


@operation("negate_effects")
def negate_effects(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    """Negate the effects of face-up cards until the end of the turn (YGO-NEGATED), or with
    ``until: leaves_field`` for as long as each stays on the field as that card ("the monster
    Special Summoned by this effect has its effects negated", 「この効果で特殊召喚した
    モンスターの効果は無効化される」): once it leaves the field or is turned face-down it is a
    new card, no longer negated (YGO-LOCATION)."""
    lasting = spec.get("until") == "leaves_field"
    for card in select(duel, ctx, spec, "negate_effects"):
        if duel.policy.on_field(card) and card.face_up:
            card.flags["negated_turn"] = "lasting" if lasting else duel.state.turn
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


@operation("negate_summon")
def negate_summon(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    """Negate the Summon this activation responds to ("When a monster would be Summoned"): it
    does not happen; ``destroy: true`` / ``banish: true`` then destroys or banishes the monster
    (YGO-SUMMON-NEGATION). Only Yu-Gi-Oh! has Summons to negate."""
    policy_negate = getattr(duel.policy, "negate_summon", None)
    if policy_negate is not None:
        policy_negate(duel, ctx, spec)


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


def _counters_there(duel: Duel, player: int, card: Card, spec: dict[str, Any]) -> bool:
    """A cost of removing counters from this card needs them there (YGO-SEQUENCE)."""
    return spec.get("card", "self") != "self" or (
        card.counters.get(spec["counter"], 0) >= int(spec.get("count", 1)))


FEASIBLE["remove_counter"] = _counters_there


@operation("negate_attack")
def negate_attack(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    """Negate the attack being declared: it ends with no battle (``end_battle_phase: true``:
    then the Battle Phase ends, once the chain has resolved). A game with attacks that can be
    negated says how (:class:`engine.rules.interfaces.NegatesAttacks`)."""
    if isinstance(duel.policy, NegatesAttacks) and duel.policy.negate_attack(
            duel, ctx, end_battle_phase=bool(spec.get("end_battle_phase"))):
        ctx.did_something = True


# the operation families kept in modules of their own register here
from . import abilities, damage, summons  # noqa: E402,F401
