"""Operations of abilities that choose, battle, cast and look (docs/cards.md, "Choosing,
battling, casting, looking").

``choose_one``: the controller picks one labelled mode at resolution and its operations run.
``battle``: the source creature battles the selected creature ("this creature battles it").
``cast_spell``: a spell is cast for no cost from the middle of a resolution; it resolves at
once, and the rest of the resolution after it (DM-NESTED, DM-WAIT).
``look_at_top``: look at the top cards of your deck, take some, put the rest back in an order
you choose.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import IllegalAction
from .operations import Context, _mark, operation, run_nested, select
from .refusals import Refusal
from .rules.interfaces import Battles
from .state import Decision

if TYPE_CHECKING:
    from .duel import Duel
    from .state import Card


@operation("choose_one")
def choose_one(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    """The controller chooses one of the labelled ``options`` when the effect resolves (not
    when it triggers: processing an ability is resolving it, DM-KIND); its operations run."""
    options = spec["options"]
    label = duel.ask(Decision(
        kind="choose_option", player=ctx.controller, options=[{"id": o["label"]} for o in options],
        rules=list(duel.policy.RESOLUTION_RULES), key=f"{ctx.key}:mode", prompt="mode",
        args={"card": ctx.source}, default=options[0]["label"]))
    chosen = next(o for o in options if o["label"] == label)
    run_nested(duel, ctx, chosen["operations"], ctx.key)
    ctx.did_something = True


@operation("battle")
def battle(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    """The source creature battles the selected creature: the one with less power is
    destroyed, and "after the battle" / "wins a battle" abilities trigger (DM-ATTACK-STEPS).
    The source must still be in the battle zone (DM-SOURCE-GONE: checked by the caller)."""
    me = duel.state.cards[ctx.source]
    for other in select(duel, ctx, spec, "battle")[:1]:
        if duel.policy.on_field(other) and other is not me:
            if not isinstance(duel.policy, Battles):
                raise IllegalAction(Refusal("no_fight"))
            _mark(ctx, duel.policy.fight(duel, me, other))


@operation("cast_spell")
def cast_spell(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    """Cast the selected spell for no cost. It resolves now, before the rest of this
    resolution; abilities it triggers wait until this resolution is over (DM-NESTED,
    DM-WAIT)."""
    for card in select(duel, ctx, spec, "cast_spell")[:1]:
        if duel.definition(card).type != "spell" or card.zone in ("limbo", "under"):
            continue
        effect = duel.effect(ctx.source, ctx.effect) if ctx.effect >= 0 else None
        duel.log("pending.cast", ["DM-NESTED", "DM-WAIT"], card=ctx.source, other=card.iid,
                 effect=duel.policy.effect_label(effect) if effect else "")
        ctx.data["cast"] = True
        duel.policy.use_card(duel, ctx.controller, card, how="effect")
        ctx.did_something = True


@operation("look_at_top")
def look_at_top(duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
    """Look at the top ``count`` cards of your deck; put up to ``pick.count`` of them that
    pass ``pick.filter`` into ``pick.to`` (the hand by default); put the others on the
    ``rest`` end of the deck (``bottom`` by default, or ``top``) in the order you choose,
    the first listed nearest the top."""
    player = ctx.controller
    deck = duel.state.zones[player]["deck"]
    seen = [duel.state.cards[i] for i in deck[::-1][: int(spec.get("count", 1))]]
    if not seen:
        return
    pick = spec.get("pick") or {}
    pool = [c for c in duel.find_cards({"zone": "deck", "controller": "you",
                                        "filter": pick.get("filter")}, player, ctx.source)
            if c in seen]
    chosen = duel.choose_cards(key=f"{ctx.key}:look", player=player, cards=pool,
                               count=min(int(pick.get("count", 1)), len(pool)),
                               up_to=pick.get("up_to", True), purpose="look_at_top",
                               source=ctx.source) if pool else []
    rest = _ordered(duel, ctx, [c for c in seen if c not in chosen])
    duel.log("looked", player=player, count=len(seen))
    for card in chosen:
        _mark(ctx, duel.move_by_effect(card, pick.get("to", "hand"), ctx, spec=pick))
    ids = [c.iid for c in rest]
    deck[:] = [i for i in deck if i not in ids]
    if spec.get("rest", "bottom") == "bottom":
        deck[0:0] = ids[::-1]
    else:
        deck.extend(ids[::-1])
    ctx.did_something = True


def _ordered(duel: Duel, ctx: Context, cards: list[Card]) -> list[Card]:
    """The controller orders the cards put back (the first listed nearest the top)."""
    if len(cards) < 2:
        return cards
    options = [{"id": str(c.iid), "card": c.iid} for c in cards]
    order = duel.ask(Decision(kind="order", player=ctx.controller, options=options, rules=[],
                              key=f"{ctx.key}:rest", prompt="deck_order",
                              args={"card": ctx.source},
                              default=[o["id"] for o in options]))
    return [duel.state.cards[int(i)] for i in order]
