"""Tiny's rules: a destroyed card goes back to its owner's hand; the triggers it meets wait in
a pending pool and resolve one at a time, oldest first, once nothing else is happening."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.errors import IllegalAction
from engine.events import make_event
from engine.refusals import Refusal
from engine.rules.base import Policy
from engine.state import ChainLink

if TYPE_CHECKING:
    from engine.cards import CardDef, EffectDef
    from engine.duel import Duel
    from engine.operations import Context
    from engine.state import Card


class TinyPolicy(Policy):
    GAME = "tiny"
    ZONES = ("hand", "field")
    FIELD_ZONES = frozenset({"field"})
    PHASES = ("main",)
    FIRST_PHASE = "main"
    GRAVEYARD = "hand"
    #: "destroy" sends a card back to its owner's hand
    ZONE_ALIASES = {"graveyard": "hand"}
    PER_EVENT = True

    @classmethod
    def default_activate_from(cls, card_type: str) -> tuple[str, ...]:
        return ("field",)

    def zones_for(self, definition: CardDef) -> tuple[str, ...]:
        return self.ZONES

    def on_field(self, card: Card) -> bool:
        return card.zone == "field"

    # ------------------------------------------------------------------ actions
    def fire(self, duel: Duel, action: dict[str, Any]) -> None:
        if action["do"] == "pass":
            return
        if action["do"] != "destroy":
            raise IllegalAction(Refusal("unknown_action", action=repr(action["do"])))
        card = self.card_arg(duel, action)
        if card.zone != "field":
            raise IllegalAction(Refusal("card_gone", card=duel.name(card.iid)))
        duel.log("action", player=duel.state.turn_player, what="destroys {cards}",
                 cards=[card.iid])
        duel.happen(self.move_events(duel, card, "hand", None, cause_type="destroyed", spec={},
                                     cause="effect", by_player=duel.state.turn_player))

    def legal_actions(self, duel: Duel) -> list[dict[str, Any]]:
        st = duel.state
        if st.chain or st.queue:
            return []
        return [{"do": "destroy", "card": c.iid} for c in sorted(
            st.cards.values(), key=lambda c: c.iid) if c.zone == "field"]

    def move_events(self, duel: Duel, card: Card, to: str, ctx: Context | None, *,
                    cause_type: str | None, spec: dict[str, Any], cause: str | None,
                    by_player: int | None) -> list[dict[str, Any]]:
        """A card leaves the field for its owner's hand: "destroyed" when it was destroyed."""
        if card.zone == "limbo":
            return []
        left = card.zone == "field"
        moved = make_event("destroyed" if cause_type == "destroyed" and left else "moved", card,
                           cause=cause, by=ctx.source if ctx else None, by_player=by_player,
                           player=card.controller)
        duel.put(card, to)
        moved.update({"to": to, "from": moved["was"]["zone"], "obj": card.obj})
        return [moved, {**moved, "type": "left_field"}] if left else [moved]

    # ------------------------------------------------------------------ triggers
    def trigger_met(self, duel: Duel, card: Card, effect: EffectDef, ev: dict[str, Any],
                    inst: dict[str, Any]) -> None:
        """It waits in the pool, wherever its card went."""
        t = self.new_trigger(duel, card, effect, ev, inst)
        duel.state.queue.append(t.tid)
        duel.log("pending.add", [], card=card.iid, effect=self.effect_label(effect),
                 player=t.controller)

    def step(self, duel: Duel) -> bool:
        st = duel.state
        if st.chain:
            link = st.chain[-1]
            t = duel.trigger(link.tid)
            effect = duel.effect(t.card, t.effect)
            ctx = duel.run_operations(link, effect.operations)
            if link.pc < len(effect.operations):
                return True  # a decision is open
            st.chain.pop()
            t.status = "resolved"
            duel.happen(ctx.events, kind="resolution")
            return True
        if st.queue:
            t = duel.trigger(st.queue.pop(0))
            t.status = "activated"
            duel.log("pending.resolve", [], card=t.card, player=t.controller, tid=t.tid,
                     effect=self.effect_label(duel.effect(t.card, t.effect)))
            st.chain.append(ChainLink(number=t.tid, card=t.card, obj=t.obj, effect=t.effect,
                                      controller=t.controller, speed=0, kind="ability",
                                      tid=t.tid))
            return True
        return False

    def pending_order(self, duel: Duel) -> list[int]:
        return list(duel.state.queue)


POLICY = TinyPolicy
