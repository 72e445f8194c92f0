"""Replacement effects, protections and continuous negation, shared by both games.

A *replacement effect* (``kind: replacement``, ``instead: {when, ...}``) changes an event before
it happens: "if this card would be destroyed, return it to the hand instead". The replaced
event does not happen, so nothing triggers on it (YGO-KIND, DM-EVENT-HAPPENED); what the
replacement does instead is an event of its own. ``instead`` keys:

- ``when``: ``destroyed``, ``sent_to_gy``, ``left_field`` or ``shield_broken``;
- ``cause``: ``battle`` or ``effect`` (any when absent);
- ``of``: ``self`` (default) or ``{zone, controller, filter, other}``: the cards it protects;
- ``to``: the zone the card goes to instead, or ``operations``: what happens instead (their
  ``card: event_card`` is the card the event was about; ``choose:`` asks the replacement's
  controller, before anything moves, which card: "discard 1 card instead". A replacement
  with too few cards to choose from cannot replace).

A replacement with ``optional: true`` ("you may") asks its controller. Continuous effects
(``kind: continuous``) protect or negate through ``apply``:

- ``{cannot: destroyed, by: battle|effect|any, to: self | {zone, controller, filter, other}}``;
  ``while: attacking | blocking | tapped | untapped`` (on any protection): only while the card
  protected is so;
- ``{cannot: targeted | chosen, by: opponent|any, to: ...}``: not a legal target (``targeted``)
  or not chosen at all (``chosen``, Duel Masters "can't be chosen");
- ``{negate: {zone, controller, filter, other}}``: the effects of those cards are negated while
  they are there (YGO-NEGATED); ``{cannot_activate: {...}}``: they cannot be activated.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from . import restrictions
from .events import card_matches, describe_event, event_matches, make_event
from .state import Decision

if TYPE_CHECKING:
    from .cards import EffectDef
    from .duel import Duel
    from .state import Card

WHEN = ("destroyed", "sent_to_gy", "left_field", "shield_broken")
CANNOT = ("destroyed", "targeted", "chosen")


def _active(duel: Duel, card: Card, seen: frozenset[int] = frozenset()) -> bool:
    """Is a card's continuous or replacement effect applying now: face-up on the field, its
    own activation resolved (not still on the chain) and not negated (a negated card protects
    nothing, YGO-NEGATED)?"""
    return (duel.policy.on_field(card) and card.face_up
            and not any(link.card == card.iid and link.obj == card.obj and link.kind == "card"
                        for link in duel.state.chain)
            and negated_by(duel, card, seen) is None)


def _sources(duel: Duel, first: Card | None = None) -> Iterator[tuple[Card, EffectDef]]:
    """The effects of cards that may replace, protect or negate, ``first``'s own first."""
    st = duel.state
    order = [first.iid] if first is not None else []
    order += [i for i in sorted(duel._continuous) if first is None or i != first.iid]
    for iid in order:
        card = st.cards.get(iid)
        if card is None:
            continue
        for e in duel.definition(card).effects:
            yield card, e


def covers(duel: Duel, spec: Any, source: Card, card: Card) -> bool:
    """Does an ``of:`` / ``to:`` / ``negate:`` spec name ``card``, seen from ``source``?"""
    if spec in (None, "self"):
        return card.iid == source.iid
    zones = spec.get("zone")
    if zones is not None:
        zones = [zones] if isinstance(zones, str) else zones
        if card.zone not in {duel.policy.zone_alias(z) for z in zones}:
            return False
    elif not duel.policy.on_field(card):
        return False
    if spec.get("other") and card.iid == source.iid:
        return False
    flt = {**(spec.get("filter") or {}), "controller": spec.get("controller", "any")}
    return card_matches(flt, duel.definition(card), controller=card.controller,
                        me=source.controller, face_up=card.face_up, position=card.position)


# ---------------------------------------------------------------------- negation
def negated_by(duel: Duel, card: Card, seen: frozenset[int] = frozenset()) -> int | None:
    """The card whose continuous effect negates ``card``'s effects now (YGO-NEGATED), the
    card itself for an "until the end of the turn" negation (or a lasting one, for as long as
    it is that card: ``negate_effects`` ``until: leaves_field``), or None."""
    if (card.flags.get("negated_turn") in (duel.state.turn, "lasting")
            and card.flags.get("negated_obj") == card.obj):
        return card.iid
    if not duel.policy.on_field(card) or card.iid in seen:
        return None
    for source, e in _sources(duel):
        spec = (e.apply or {}).get("negate") if e.kind == "continuous" else None
        if spec is None or source.iid == card.iid:
            continue  # a card's negation is of other cards
        if covers(duel, spec, source, card) and _active(duel, source, seen | {card.iid}):
            return source.iid
    return None


def field_negation_left(duel: Duel, card: Card, zone: str) -> int | None:
    """The card whose continuous effect would negate ``card`` had it stayed in ``zone`` on
    the field: an effect activated there whose card left resolves (YGO-RESOLVE)."""
    if zone not in duel.policy.FIELD_ZONES:
        return None
    for source, e in _sources(duel):
        spec = (e.apply or {}).get("negate") if e.kind == "continuous" else None
        if spec is None or source.iid == card.iid:
            continue
        zones = spec.get("zone") or sorted(duel.policy.FIELD_ZONES)
        zones = {duel.policy.zone_alias(z) for z in ([zones] if isinstance(zones, str) else zones)}
        flt = {**(spec.get("filter") or {}), "controller": spec.get("controller", "any")}
        if zone in zones and card_matches(flt, duel.definition(card), controller=card.controller,
                                          me=source.controller) and _active(duel, source):
            return source.iid
    return None


def activation_forbidden_by(duel: Duel, card: Card) -> int | None:
    """The card whose continuous effect says ``card`` cannot be activated now, or None."""
    for source, e in _sources(duel):
        spec = (e.apply or {}).get("cannot_activate") if e.kind == "continuous" else None
        if spec is None:
            continue
        flt = {**(spec.get("filter") or {}), "controller": spec.get("controller", "any")}
        if card_matches(flt, duel.definition(card), controller=card.controller,
                        me=source.controller) and _active(duel, source):
            return source.iid
    return None


# ---------------------------------------------------------------------- protections
def _by_matches(by: str, cause: str | None, card: Card, chooser: int | None) -> bool:
    if by == "battle":
        return cause == "battle"
    if by == "effect":
        return cause != "battle"
    if by == "opponent":
        return chooser is not None and chooser != card.controller
    return True


def _protection(duel: Duel, card: Card, what: tuple[str, ...], cause: str | None,
                chooser: int | None = None) -> Card | None:
    for source, e in _sources(duel, card):
        apply = e.apply or {}
        if e.kind != "continuous" or apply.get("cannot") not in what:
            continue
        if not _by_matches(apply.get("by", "any"), cause, card, chooser):
            continue
        if not duel.policy.while_holds(duel, card, apply.get("while")):
            continue  # "while blocking, it cannot be destroyed": not now
        if covers(duel, apply.get("to", "self"), source, card) and _active(duel, source):
            return source
    return None


def indestructible_by(duel: Duel, card: Card, cause: str | None) -> Card | None:
    """The card whose effect says ``card`` cannot be destroyed this way, or None: a
    continuous effect applying now, or a protection a resolved effect gave it this turn
    (``protect``: "it cannot be destroyed by battle this turn")."""
    source = _protection(duel, card, ("destroyed",), cause)
    if source is None:
        mod = next((m for m in card.mods if m.get("cannot") == "destroyed"
                    and _by_matches(m.get("by", "any"), cause, card, None)), None)
        source = duel.state.cards.get(mod["source"]) if mod else None
    return source


def unchoosable_by(duel: Duel, card: Card, chooser: int, *, targeting: bool) -> Card | None:
    """The card whose effect says ``chooser`` cannot target (or choose) ``card``, or None."""
    what = ("targeted", "chosen") if targeting else ("chosen",)
    return _protection(duel, card, what, None, chooser)


def split_choosable(duel: Duel, cards: list[Card], chooser: int, *,
                    targeting: bool) -> tuple[list[Card], list[list[int]]]:
    """The cards ``chooser`` may pick, and ``[card, source]`` for each one protected."""
    allowed, protected = [], []
    for card in cards:
        source = unchoosable_by(duel, card, chooser, targeting=targeting)
        if source is None:
            allowed.append(card)
        else:
            protected.append([card.iid, source.iid])
    return allowed, protected


def refuse_not_destroyed(duel: Duel, card: Card, cause: str | None, by: int | None = None,
                         by_player: int | None = None, to: str | None = None) -> bool:
    """A destruction that cannot happen: logged with its reason, and it is no event. ``by``
    and ``by_player``: the card and the player that would have destroyed it; ``to``: where
    it would have gone."""
    source = indestructible_by(duel, card, cause)
    if source is None:
        return False
    duel.log("protected.battle" if cause == "battle" else "protected.effect",
             duel.policy.INDESTRUCTIBLE_RULES, card=card.iid, by=source.iid)
    ev = make_event("destroyed", card, cause=cause, by=by, by_player=by_player,
                    player=card.controller)
    note_not_happened(duel, ev, *sent_as_destroyed(duel, card, to, ev))
    return True


# ---------------------------------------------------------------------- replacements
def what_happens(duel: Duel, card: Card, to: str, cause_type: str | None) -> tuple[str, ...]:
    """The replaceable events a move of ``card`` to ``to`` would be."""
    out = []
    if cause_type == "destroyed":
        out.append("destroyed")
    if to == duel.policy.GRAVEYARD:
        out.append("sent_to_gy")
    if duel.policy.on_field(card) and to not in duel.policy.FIELD_ZONES:
        out.append("left_field")
    return tuple(out)


def find_replacement(duel: Duel, card: Card, what: tuple[str, ...],
                     cause: str | None) -> tuple[Card, EffectDef] | None:
    """The replacement effect that applies to this event, asking its controller first when it
    is optional ("you may"); None when none applies (or the controller declines)."""
    if not what:
        return None
    applying = duel.state.chain_flags.get("replacing", [])
    for source, e in _sources(duel, card):
        spec = e.instead if e.kind == "replacement" else None
        if not spec or spec.get("when") not in what or [source.iid, e.index] in applying:
            continue
        if _forbidden_to(duel, card, spec.get("to")):
            continue  # it would banish the card while no one can: it does not replace
        if spec.get("cause") and not _by_matches(spec["cause"], cause, card, None):
            continue
        if not covers(duel, spec.get("of", "self"), source, card) or not _active(duel, source):
            continue
        if not _can_choose(duel, card, source, e, cause):
            continue  # "discard a card instead" with no card to discard: it cannot replace
        if e.optional and not _agrees(duel, card, source, e):
            continue
        _choose_ahead(duel, card, source, e, cause)
        return source, e
    return None


def _forbidden_to(duel: Duel, card: Card, to: str | None) -> bool:
    """Would a replacement sending ``card`` to ``to`` do what a player restriction forbids
    (engine/restrictions.py: "Neither player can banish cards")?"""
    act = restrictions.move_act(duel.policy.zone_alias(to), None) if to else None
    return bool(act and restrictions.forbidding(duel, card.controller, act))


def _instead_context(duel: Duel, card: Card, source: Card, e: EffectDef,
                     cause: str | None) -> Any:
    """The context what happens instead runs in: its choices are keyed by the card, the
    object it is and the instant, so a choice asked ahead is the one read as it happens."""
    from .operations import Context

    return Context(source=source.iid, source_obj=source.obj, controller=source.controller,
                   effect=e.index, key=f"instead{card.iid}.{card.obj}.{duel.state.instant}",
                   trigger_event=make_event((e.instead or {})["when"], card, cause=cause))


def _choices(e: EffectDef) -> list[dict[str, Any]]:
    return [op for op in (e.instead or {}).get("operations", ()) if "choose" in op]


def _can_choose(duel: Duel, card: Card, source: Card, e: EffectDef, cause: str | None) -> bool:
    """Has every choice of what happens instead enough cards to choose from?"""
    from .operations import _player, resolve_filter

    ctx = None
    for op in _choices(e):
        ctx = ctx or _instead_context(duel, card, source, e, cause)
        choose = resolve_filter(duel, ctx, op["choose"])
        chooser = _player(duel, ctx, choose.get("chooser"))
        pool, _ = split_choosable(
            duel, duel.find_cards(choose, chooser if choose.get("relative") == "chooser"
                                  else ctx.controller, ctx.source), chooser, targeting=False)
        if len(pool) < (1 if choose.get("up_to") else int(choose.get("count", 1))):
            return False
    return True


def _choose_ahead(duel: Duel, card: Card, source: Card, e: EffectDef, cause: str | None) -> None:
    """Ask the replacement's controller its choices (which card to discard instead) before
    anything moves, so a decision never interrupts a half-done instant; an event fired from
    the board (not a step of the game) takes the default choice."""
    from .duel import NeedDecision
    from .operations import select

    ctx = None
    for op in _choices(e):
        ctx = ctx or _instead_context(duel, card, source, e, cause)
        try:
            select(duel, ctx, op, op["op"])
        except NeedDecision as need:
            if duel.stepping:
                raise
            duel.state.answers[need.decision.key] = need.decision.default


def _agrees(duel: Duel, card: Card, source: Card, e: EffectDef) -> bool:
    """Does the controller use an optional replacement? One answer per source and instant:
    a saver asked once stands for every card of one batch. An event fired from the board
    (not a step of the game) takes the default, yes."""
    st = duel.state
    if not duel.stepping:
        return True
    return duel.ask(Decision(
        kind="use_replacement", player=source.controller, options=[{"id": "yes"}, {"id": "no"}],
        rules=list(duel.policy.REPLACEMENT_RULES), prompt="use", default="yes",
        key=f"instead:{st.instant}:{source.iid}:{source.obj}:{e.index}",
        args={"card": source.iid, "effect": e.label or "", "about": card.iid},
    )) == "yes"


def ask_ahead(duel: Duel, cards: list[Card], to: str, cause_type: str | None,
              cause: str | None) -> None:
    """Ask every optional replacement of a batch before any of its cards moves, so a
    decision never interrupts a half-done instant."""
    for card in cards:
        if cause_type == "destroyed" and indestructible_by(duel, card, cause):
            continue
        find_replacement(duel, card, what_happens(duel, card, to, cause_type), cause)


#: the event a move to a zone is, when "if it would leave the field" sends it elsewhere
ARRIVALS = {"gy": "sent_to_gy", "graveyard": "sent_to_gy", "hand": "returned_to_hand",
            "banished": "banished", "mana": "put_into_mana"}
ARRIVAL_ZONES = {"sent_to_gy": "gy"}


def replace(duel: Duel, card: Card, source: Card, e: EffectDef, *, to: str | None,
            cause_type: str | None, cause: str | None,
            by_player: int | None, by: int | None = None) -> list[dict[str, Any]]:
    """Apply a replacement: the replaced event does not happen, what it does instead does.
    ``by``: the card that caused the event (a trigger's ``by:`` reads it).

    ``to: Z`` changes where the card goes: unless the replaced event is the destruction, the
    card is still destroyed ("banished instead of being sent to the GY"); a card that would
    leave the field does leave it, only its arrival is replaced. ``operations`` happen instead
    of the whole event."""
    from .operations import OPERATIONS

    spec = e.instead or {}
    what = spec["when"]
    if what == "left_field" and "to" in spec:
        what = ARRIVALS.get(to or "", what)
    ev = make_event(what, card, cause=cause, to=ARRIVAL_ZONES.get(what), by=by,
                    by_player=by_player, player=card.controller if what == "destroyed" else None)
    ev["from"] = card.zone
    label = e.label or "goes to the {to}"
    if source.iid == card.iid:
        duel.log("replaced", duel.policy.REPLACEMENT_RULES, card=source.iid, what=label,
                 to=spec.get("to"))
    else:
        duel.log("replaced.for", duel.policy.REPLACEMENT_RULES, card=source.iid, what=label,
                 to=spec.get("to"), event=[describe_event(ev)])
    note_not_happened(duel, ev, *sent_as_destroyed(duel, card, to, ev))
    st = duel.state
    applying = st.chain_flags.setdefault("replacing", [])
    applying.append([source.iid, e.index])
    try:
        if "to" in spec:
            kept = None if spec["when"] == "destroyed" else cause_type
            return duel.move_by_effect(card, spec["to"], None, cause=cause or "effect",
                                       cause_type=kept, by_player=by_player)
        ctx = _instead_context(duel, card, source, e, cause)
        for op in spec.get("operations", ()):
            OPERATIONS[op["op"]](duel, ctx, op)
        return ctx.events
    finally:
        applying.remove([source.iid, e.index])
        if not applying:
            st.chain_flags.pop("replacing", None)


def intercept(duel: Duel, card: Card, to: str, *, cause_type: str | None, cause: str | None,
              by_player: int | None, by: int | None = None) -> list[dict[str, Any]] | None:
    """What a move becomes: None when it happens as asked, or the events that happen
    instead (none at all when the card cannot be destroyed). ``by``: the card causing it."""
    if cause_type == "destroyed" and (not duel.policy.on_field(card)
                                      or refuse_not_destroyed(duel, card, cause, by, by_player,
                                                              to)):
        return []  # already gone (a saver took its place), or it cannot be destroyed
    if (act := restrictions.move_act(to, cause_type)) and (stop := restrictions.forbidding(
            duel, card.controller if by_player is None else by_player, act)):
        duel.log(f"forbidden.{act}", list(duel.policy.REPLACEMENT_RULES[:1]), card=card.iid,
                 by=stop.iid)
        return []  # "Neither player can banish cards": the move does not happen
    what = what_happens(duel, card, to, cause_type)
    found = find_replacement(duel, card, what, cause) or _banished_when_leaving(duel, card, to,
                                                                                what)
    if found is None:
        return None
    source, e = found
    return replace(duel, card, source, e, to=to, cause_type=cause_type, cause=cause,
                   by_player=by_player, by=by)


def _banished_when_leaving(duel: Duel, card: Card, to: str,
                          what: tuple[str, ...]) -> tuple[Card, EffectDef] | None:
    """The "banish it when it leaves the field" a resolved effect gave ``card``
    (``banish_when_leaves``), as the replacement it is: while the card stays on the field as
    that card (YGO-LOCATION), it is banished wherever it would go instead (still destroyed, if
    it was being destroyed)."""
    from .cards import EffectDef

    if "left_field" not in what or to == "banished" or _forbidden_to(duel, card, "banished"):
        return None
    mod = next((m for m in card.mods if m.get("leaves_to") and m.get("obj") == card.obj), None)
    source = duel.state.cards.get(mod["source"]) if mod else None
    if mod is None or source is None:
        return None
    return source, EffectDef(index=-1, kind="replacement",
                             instead={"when": "left_field", "to": mod["leaves_to"]})


def note_not_happened(duel: Duel, ev: dict[str, Any], *more: dict[str, Any]) -> None:
    """Say which triggers would have met their timing on an event that did not happen, and on
    the events ``more`` it would have been too (a destruction that would have sent the card
    to the GY): each trigger once, those that read the event's cause (``by``, ``by_player``,
    ``by_filter``) included, as the event carries them (YGO-KIND, DM-EVENT-HAPPENED)."""
    st = duel.state
    events = (ev, *more)
    # as the triggers are collected: the card it is about, the card causing it, the watchers
    named = {x[k] for x in events for k in ("card", "by") if x.get(k) in st.cards}
    for iid in sorted(duel._watchers | named):
        card = st.cards[iid]
        if not duel.policy.on_field(card) and card.iid not in named:
            continue
        for e in duel.definition(card).effects:
            if duel.policy.is_collected(e) and any(
                    event_matches(p, x, card, duel.library, st) for x in events
                    for p in e.event):
                duel.log(duel.policy.NOT_TRIGGERED_KEY, duel.policy.REPLACEMENT_RULES[-1:],
                         card=card.iid, effect=duel.policy.effect_label(e),
                         reason={"key": "reason.event_replaced"})


def sent_as_destroyed(duel: Duel, card: Card, to: str | None,
                      ev: dict[str, Any]) -> tuple[dict[str, Any], ...]:
    """The arrival in the GY a destruction that did not happen would have been, with its
    cause (none when the card was not going to the GY)."""
    if ev["type"] != "destroyed" or to is None or (
            duel.policy.zone_alias(to) != duel.policy.GRAVEYARD):
        return ()
    sent = make_event("sent_to_gy", card, cause=ev.get("cause"), by=ev.get("by"),
                      by_player=ev.get("by_player"), destroyed=True,
                      to=duel.policy.GRAVEYARD)
    sent["from"] = card.zone
    return (sent,)


# ---------------------------------------------------------------------- card data
def instead_problem(spec: Any, operations: dict[str, Any]) -> tuple[str, str] | None:
    """What is wrong with a replacement's ``instead`` mapping (message, field), or None."""
    if not isinstance(spec, dict):
        return "a replacement needs an 'instead' mapping", "instead"
    if spec.get("when") not in WHEN:
        return f"when must be one of {', '.join(WHEN)}", "instead.when"
    if spec.get("cause") not in (None, "battle", "effect"):
        return "cause must be battle or effect", "instead.cause"
    if spec.get("of", "self") != "self" and not isinstance(spec.get("of"), dict):
        return "of must be self or a mapping {zone, controller, filter, other}", "instead.of"
    ops = spec.get("operations")
    if ("to" in spec) == (ops is not None):
        return "a replacement says either 'to' (a zone) or 'operations'", "instead"
    for j, op in enumerate(ops or ()):
        if not isinstance(op, dict) or op.get("op") not in operations:
            return f"unknown operation {op!r}", f"instead.operations[{j}].op"
    return None


def apply_problem(apply: Any) -> tuple[str, str] | None:
    """What is wrong with a protection or negation in ``apply``, or None."""
    if not isinstance(apply, dict):
        return "apply must be a mapping", "apply"
    if "cannot" in apply and apply["cannot"] not in CANNOT:
        return f"cannot must be one of {', '.join(CANNOT)}", "apply.cannot"
    allowed = ("battle", "effect", "any") if apply.get("cannot") == "destroyed" else (
        "opponent", "any")
    if "cannot" in apply and apply.get("by", "any") not in allowed:
        return f"by must be one of {', '.join(allowed)}", "apply.by"
    for key in ("negate", "cannot_activate"):
        if key in apply and not isinstance(apply[key], dict):
            return f"{key} must be a mapping {{zone, controller, filter, other}}", f"apply.{key}"
    return None
