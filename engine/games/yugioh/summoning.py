"""Yu-Gi-Oh! Summons outside any effect: the moment a monster "would be Summoned".

A Normal, Tribute or Flip Summon, a Synchro, Xyz or Link Summon by the game's procedure and a
monster's own Special Summon procedure are actions of the player, not effects. Each pays its
cost first (Tributes, materials, the procedure's cost: one instant), then reaches the moment
the monster *would be Summoned* (YGO-SUMMON-NEGATION): only an effect that negates that Summon
may start a chain then, and no trigger is activated. The Summon then succeeds (the next
instant, the last thing that happened) unless an effect negated it, in which case it did not
happen at all. A Summon done by a resolving effect has no such moment.

The Summon in progress is ``State.summoning``: ``card``/``obj`` (the monster), ``how``
(normal, tribute, flip, special, synchro, xyz, link), ``player``, ``position``, ``stage``
(``cost`` while the procedure's cost is paid, ``would`` while players may negate it,
``chained`` while a chain started in that moment is built and resolved), ``passed`` (the
players who let it go) and ``negated`` (the card that negated it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import refusals
from ...errors import IllegalAction
from ...events import event_matches, make_event
from ...log import SUMMON_KINDS
from ...operations import OPERATIONS, Context
from ...refusals import Refusal
from ...state import Decision

if TYPE_CHECKING:
    from ...cards import EffectDef
    from ...duel import Duel
    from ...state import Card

#: the Summons that have a "would be Summoned" moment when done as a player's action
NEGATABLE = ("normal", "tribute", "flip", "special", "synchro", "xyz", "link")
#: a summon-negating effect responds to this event (``respond_to: {type: summoning}``)
SUMMONING = "summoning"


class SummonMoment:
    """The part of the Yu-Gi-Oh! policy that runs a Summon done as a player's action."""

    # ------------------------------------------------------------------ starting a Summon
    def would_summon(self, duel: Duel, card: Card, player: int, *, how: str,
                     position: str = "attack", procedure: int | None = None) -> None:
        """Start the Summon of ``card``: its procedure's cost first when it has one
        (``procedure``, the index of its ``kind: procedure`` effect), then the moment it
        would be Summoned (YGO-SUMMON-NEGATION)."""
        duel.state.summoning = {
            "card": card.iid, "obj": card.obj, "how": how, "player": player,
            "position": position, "stage": "cost" if procedure is not None else "would",
            "procedure": procedure, "passed": [], "negated": None}
        if procedure is not None:
            duel.log("summon.inherent", ["YGO-INHERENT-SUMMON"], player=player, card=card.iid)
        self._log_moment(duel)

    def _log_moment(self, duel: Duel) -> None:
        s = duel.state.summoning
        if s and s["stage"] == "would":
            duel.log("summon.would", ["YGO-SUMMON-NEGATION"], card=s["card"],
                     how=SUMMON_KINDS[s["how"]], player=s["player"])

    def summoning_event(self, duel: Duel) -> dict[str, Any] | None:
        """The Summon that is about to happen, as the event a summon-negating effect responds
        to ("When a monster would be Summoned"), or None."""
        s = duel.state.summoning
        if s is None or s["stage"] == "cost" or s["negated"] is not None:
            return None
        card = duel.state.cards[s["card"]]
        return make_event(SUMMONING, card, how=s["how"], player=s["player"])

    # ------------------------------------------------------------------ the procedure
    def procedure_effect(self, duel: Duel, card: Card) -> EffectDef | None:
        """The monster's own Special Summon procedure (``kind: procedure``), if it has one."""
        return next((e for e in duel.definition(card).effects if e.kind == "procedure"), None)

    def procedure_problem(self, duel: Duel, card: Card) -> Refusal | None:
        """Why ``card`` cannot be Special Summoned by its own procedure now, or None."""
        st = duel.state
        effect = self.procedure_effect(duel, card)
        name = refusals.card(duel.definition(card))
        if effect is None:
            return Refusal("no_procedure", card=name)
        if card.zone not in effect.activate_from:
            return Refusal("procedure_from", card=name, zones=refusals.joined(
                [refusals.zone(z) for z in effect.activate_from], "or"))
        if card.owner != st.turn_player or st.phase not in ("main1", "battle", "main2") or (
                st.step == "damage"):
            return Refusal("procedure_when")
        if effect.once_per_turn and self._used(duel, card, effect):
            return Refusal("procedure_once", card=name)
        if not self.conditions_hold(duel, card, effect, None, ("event", "both")):
            return Refusal("procedure_condition", card=name)
        if not self.can_place(duel, card, card.owner, "monster"):
            return Refusal("monster_zone_full")
        problem = duel.activation_problem(card.owner, card, effect)
        if problem:
            return Refusal("procedure_cost", card=name, why=refusals.message(
                problem["key"], problem.get("args", {}), refusals.names_of(duel)))
        return None

    def _fire_inherent_summon(self, duel: Duel, action: dict[str, Any]) -> None:
        """A monster Special Summoned by its own procedure (YGO-INHERENT-SUMMON)."""
        self._need_open(duel)
        card = self.card_arg(duel, action)
        problem = self.procedure_problem(duel, card)
        if problem is not None:
            raise IllegalAction(problem, ["YGO-INHERENT-SUMMON"])
        effect = self.procedure_effect(duel, card)
        duel.log("action", player=card.owner, what="Special Summons {card} by its own procedure",
                 card=card.iid)
        self._mark_used(duel, card, effect)
        self.would_summon(duel, card, card.owner, how="special",
                          position=action.get("position", "attack"), procedure=effect.index)

    def _pay_procedure(self, duel: Duel) -> None:
        """The procedure's cost, paid as part of the Summon: one instant (the cost's choices
        are asked as an activation's are)."""
        st = duel.state
        s = st.summoning
        card = st.cards[s["card"]]
        effect = duel.effect(card, s["procedure"])
        ctx = Context(source=card.iid, source_obj=card.obj, controller=s["player"],
                      effect=effect.index, key="summon", is_cost=True)
        for i, spec in enumerate(effect.cost):
            ctx.key = f"summon.cost{i}"
            OPERATIONS[spec["op"]](duel, ctx, spec)
        st.answers = {}
        s["stage"] = "would"
        duel.happen(ctx.events)
        self._log_moment(duel)

    # ------------------------------------------------------------------ the moment
    def summon_moment(self, duel: Duel) -> bool:
        """Run the Summon in progress one step: pay its cost, offer each player (the turn
        player first) the effects that negate it, then let it succeed or end negated."""
        st = duel.state
        s = st.summoning
        if s is None or st.chain or st.activation:
            return False
        if s["stage"] == "cost":
            self._pay_procedure(duel)
            return True
        if s["stage"] == "would" and s["negated"] is None:
            for player in (st.turn_player, 1 - st.turn_player):
                if player in s["passed"]:
                    continue
                if self._ask_negation(duel, player):
                    return True
                s["passed"].append(player)
        self._finish_summon(duel)
        return True

    def negation_options(self, duel: Duel, player: int) -> list[dict[str, Any]]:
        """What ``player`` may activate while a monster would be Summoned: only effects that
        negate that Summon (YGO-SUMMON-NEGATION)."""
        ev = self.summoning_event(duel)
        if ev is None:
            return []
        return [o for o in self.activation_options(duel, player)
                if "tid" not in o and self.negates_summon(duel, o, ev)]

    def negates_summon(self, duel: Duel, option: dict[str, Any], ev: dict[str, Any]) -> bool:
        """Does an activation option respond to the Summon about to happen?"""
        card = duel.state.cards[option["card"]]
        index = option.get("effect", -1)
        if index is None or index < 0:
            return False
        effect = duel.effect(card, index)
        return any(p.get("type") == SUMMONING and event_matches(p, ev, card, duel.library,
                                                               duel.state)
                   for p in effect.respond_to)

    def _ask_negation(self, duel: Duel, player: int) -> bool:
        """Ask ``player`` whether to negate the Summon; True when a chain was started."""
        st = duel.state
        s = st.summoning
        options = self.negation_options(duel, player)
        if not options and not self.always_ask(duel):
            return False
        choice = duel.ask(Decision(
            kind="respond", player=player, options=[{"id": "pass"}] + options,
            rules=["YGO-SUMMON-NEGATION"], key=f"summoning:{s['card']}:{st.instant}:{player}",
            prompt="respond_summon", args={"link": 1, "card": s["card"]}, default="pass"))
        st.answers = {}
        if choice == "pass":
            return False
        s["stage"] = "chained"
        self._start(duel, player, next(o for o in options if o["id"] == choice))
        return True

    def _finish_summon(self, duel: Duel) -> None:
        """The Summon succeeds, the next instant; or it was negated and did not happen."""
        st = duel.state
        s = st.summoning
        st.summoning = None
        card = st.cards[s["card"]]
        if s["negated"] is not None:
            return
        if card.obj != s["obj"]:  # the monster is no longer there to be Summoned
            return
        if s["how"] == "flip":
            card.face_up = True
            card.position = "attack"
            card.flags["flipped_turn"] = st.turn  # "the turn this card was flipped face-up"
            duel.happen([make_event("flipped", card),
                         make_event("summoned", card, how="flip", player=s["player"])])
            return
        events = self.summon_events(duel, card, s["player"], how=s["how"], by=None,
                                    position=s["position"], cause="summon")
        if s["procedure"] is not None:
            for ev in events:
                ev["procedure"] = True
        duel.happen(events)

    # ------------------------------------------------------------------ negating it
    def negate_summon(self, duel: Duel, ctx: Context, spec: dict[str, Any]) -> None:
        """The ``negate_summon`` operation: the Summon about to happen does not happen; the
        monster is destroyed (``destroy: true``), banished or returned as the spec says."""
        st = duel.state
        s = st.summoning
        ev = ctx.trigger_event or {}
        if s is None or ev.get("type") != SUMMONING or ev.get("card") != s["card"] or (
                s["negated"] is not None):
            return
        card = st.cards[s["card"]]
        s["negated"] = ctx.source
        duel.log("summon.negated", ["YGO-SUMMON-NEGATION"], card=card.iid, by=ctx.source,
                 how=SUMMON_KINDS[s["how"]])
        events = [make_event("summon_negated", card, by=ctx.source, how=s["how"])]
        to = "banished" if spec.get("banish") else self.GRAVEYARD if spec.get("destroy") else None
        if to is not None:  # never Summoned, so nothing can save it from the field; an Xyz
            # Monster's materials go with it (``basic_move``)
            self.basic_move(duel, card, to, events, cause="effect", by=ctx.source,
                            by_player=ctx.controller, destroyed=to == self.GRAVEYARD,
                            how="destroyed" if to == self.GRAVEYARD else None)
        ctx.events += events
        ctx.did_something = True
