"""The Duel Masters rule policy: the pending pool, active player first, S-Trigger first.

Duel Masters has no chain and no responses (DM-POOL). After every instant the shared machinery
finds the triggered abilities it met, once per event; this policy puts them in the pending pool
(待機), then applies the state-based check (0 or less power: destroyed). Whenever nothing is
resolving it picks the next pending ability: S-Triggers first, the active player's before the
non-active player's, each player choosing among their own (DM-STRIGGER, DM-AP-FIRST, DM-ORDER),
and it picks again after every resolution, so an ability that triggered meanwhile competes as if
it had triggered with the others (DM-NESTED).

Spells and abilities resolve as ``ChainLink`` objects on ``state.chain``, a stack: an S-Trigger
may cut in on top of a resolving triggered ability (DM-STRIGGER); anything else waits until the
resolution, the spell going to the graveyard included, is over (DM-WAIT). The pool is
``state.queue``: pending trigger ids sorted by (priority, kind of ability, age), so the next one
is found in O(log n), and copies of one ability that cannot differ are offered as one option.
"""

from __future__ import annotations

from bisect import bisect_right, insort
from typing import TYPE_CHECKING, Any

from ... import protection, refusals
from ...errors import IllegalAction
from ...events import card_matches, event_matches, make_event
from ...log import card_kind, with_article, zone_place
from ...refusals import Refusal, joined, word
from ...rules.base import Policy
from ...rules.interfaces import Battles, CutsIn, Shields
from ...state import ChainLink, Decision, player_index

if TYPE_CHECKING:
    from ...cards import CardDef, EffectDef
    from ...duel import Duel
    from ...operations import Context
    from ...state import Card, State, Trigger

#: the kinds of effect that wait in the pending pool (DM-KIND)
#: the rule an attack declaration is refused under (the declaration step of DM-ATTACK-STEPS)
ATTACK_RULES = ("DM-ATTACK-STEPS",)
POOLED = ("trigger", "s_trigger", "ninja_strike")
#: keyword abilities that use their own card from the hand, for free
USE_FROM_HAND = ("s_trigger", "ninja_strike")
#: events after which a card "looks back" at where it was (DM-POOL, DM-LOOK-BACK)
LEAVING = ("destroyed", "left_field")
#: events of a battle: "whenever this creature battles" and "wins a battle" (DM-ATTACK-STEPS)
BATTLE_EVENTS = ("battle", "battle_won")
#: the steps of an attack, in order (DM-ATTACK-STEPS)
ATTACK_STEPS = {"block": "Block step", "battle": "Battle", "break": "Shield break"}
#: the event that starts "at the start / end of your turn" abilities in a step (DM-PRESENT)
MOMENTS = {"start": ("turn_start", "turn started"), "end_of_turn": ("turn_end", "turn ended")}


class DuelMastersPolicy(Shields, Battles, CutsIn, Policy):
    GAME = "duel_masters"
    ZONES = ("hand", "deck", "mana", "shield", "battle", "graveyard")
    FIELD_ZONES = frozenset({"battle"})
    PHASES = ("start", "draw_step", "charge", "main", "attack", "end_of_turn")
    FIRST_PHASE = "main"
    GRAVEYARD = "graveyard"
    ZONE_ALIASES = {"gy": "graveyard", "battle_zone": "battle", "shields": "shield"}
    PER_EVENT = True  # DM-POOL: one ability triggers once per event
    RESOLUTION_RULES = ("DM-KIND",)  # processing an ability is resolving it
    REPLACEMENT_RULES = ("DM-KIND", "DM-EVENT-HAPPENED")
    INDESTRUCTIBLE_RULES = ("DM-STATIC", "DM-EVENT-HAPPENED")
    PROTECTION_RULES = ("DM-STATIC",)
    NOT_TRIGGERED_KEY = "pending.not_triggered"
    STATIC_RULES = ("DM-STATIC",)
    #: choices whose moment one rule fixes: shields broken in the attack, an evolution's base
    CHOICE_RULES = {"break": "DM-ATTACK-STEPS", "evolve": "DM-EVOLUTION-BASE"}

    @classmethod
    def default_activate_from(cls, card_type: str) -> tuple[str, ...]:
        return ("battle",) if card_type in ("creature", "evolution") else ("hand",)

    def choice_rules(self, duel: Duel, purpose: str, cost: bool) -> list[str]:
        """A shield to break (DM-ATTACK-STEPS), a base to evolve onto (DM-EVOLUTION-BASE); any
        other choice is made as a spell resolves, out of every zone (DM-PENDING-CARD), or as a
        pending ability resolves (DM-KIND)."""
        if purpose in self.CHOICE_RULES:
            return [self.CHOICE_RULES[purpose]]
        chain = duel.state.chain
        return ["DM-PENDING-CARD"] if chain and chain[-1].kind == "spell" else ["DM-KIND"]

    def __init__(self) -> None:
        self._interchangeable: dict[tuple[str, int], bool] = {}
        #: cards that changed zone at the instant being collected, and the zone each came from
        self._moved: dict[int, str] = {}

    # ------------------------------------------------------------------ set-up and edits
    def placement_attrs(self, duel: Duel, zone: str, entry: dict[str, Any]) -> dict[str, Any]:
        attrs = super().placement_attrs(duel, zone, entry)
        if zone == "shield":
            attrs["face_up"] = False
        return attrs

    def zones_for(self, definition: CardDef) -> tuple[str, ...]:
        """Only creatures (evolution creatures included) go in the battle zone; the hand, the
        deck, the mana zone, the shield zone and the graveyard take any card."""
        if definition.type in ("creature", "evolution"):
            return self.ZONES
        return tuple(z for z in self.ZONES if z != "battle")

    def placement_reason(self, definition: CardDef, zone: str) -> str:
        return (f"{definition.en} is {with_article(card_kind(definition))}: only creatures "
                f"can be put {zone_place(zone)}")

    def attached_reason(self, duel: Duel, card: Card) -> str:
        """A set-up's ``under: [names]`` puts an evolution creature on its base cards."""
        return Refusal("attached_evolution", card=refusals.named(duel, card.iid))

    # ------------------------------------------------------------------ power and statics
    def power(self, duel: Duel, card: Card) -> int | None:
        """Printed power, lasting changes and static abilities (DM-STATIC)."""
        definition = duel.definition(card)
        if card.zone != "battle":
            return definition.power
        return self.modified(duel, card, "power", definition.power)

    def stat(self, duel: Duel, card: Card, stat: str) -> int | None:
        """Power as it is now (DM-STATIC); other stats as printed."""
        return self.power(duel, card) if stat == "power" else super().stat(duel, card, stat)

    def strength(self, duel: Duel, card: Card) -> int | None:
        """The power of a creature in the battle zone."""
        return self.power(duel, card) if card.zone == "battle" else None

    def statics_work(self, duel: Duel, source: Card) -> bool:
        return source.zone == "battle" and not self.ignored(duel, source)

    def _passes(self, duel: Duel, card: Card, flt: dict[str, Any], source: Card) -> bool:
        """Does ``card`` pass a filter of ``source``'s static ability, its power as it is now?"""
        return card_matches(flt or {}, duel.definition(card), controller=card.controller,
                            me=source.controller, iid=card.iid, self_iid=source.iid,
                            current=lambda stat: duel.stat(card, stat), tapped=card.tapped)

    def attack_refusal(self, duel: Duel, attacker: Card, target: Card | None) -> Refusal | None:
        """Why ``attacker`` may not attack ``target`` (None: the player) now, or None: it must
        be untapped and not put into the battle zone this turn (unless a Speed attacker), and
        attack the player or one of the opponent's tapped creatures (an untapped one too with
        ``attacks_untapped``), unless a static ability says it can't attack at all, players
        or creatures (the declaration step of DM-ATTACK-STEPS; DM-STATIC)."""
        st = duel.state
        name = refusals.named(duel, attacker.iid)
        if attacker.zone != "battle" or attacker.controller != st.turn_player:
            return Refusal("not_active_creature", card=name)
        if attacker.tapped:
            return Refusal("tapped", card=name)
        if attacker.flags.get("arrived_turn") == st.turn and not any(
                self.granted(duel, attacker, "speed_attacker")):
            return Refusal("arrived_this_turn", card=name)
        if target is not None and (
                target.zone != "battle" or target.controller == attacker.controller or (
                    not target.tapped and not any(
                        self.granted(duel, attacker, "attacks_untapped")))):
            return Refusal("attack_tapped_creature")
        cannot = set(self.granted(duel, attacker, "cannot_attack"))
        if "all" in cannot:
            return Refusal("cannot_attack", card=name)
        if ("players" if target is None else "creatures") in cannot:
            return Refusal("cannot_attack_players" if target is None
                           else "cannot_attack_creatures", card=name)
        return None

    def continuous_checks(self, duel: Duel, inst: dict[str, Any]) -> None:
        """After every instant, even in the middle of a resolution (DM-POOL)."""
        self._state_check(duel)

    def _state_check(self, duel: Duel) -> bool:
        """Creatures with 0 or less power are destroyed, all at one instant (DM-STATIC)."""
        st = duel.state
        doomed = [c for p in (st.turn_player, 1 - st.turn_player)
                  for c in st.cards_in(p, "battle")
                  if self.power(duel, c) <= 0 and kept_by(c, "destroyed") is None]
        if not doomed:
            return False
        events: list[dict[str, Any]] = []
        protection.ask_ahead(duel, doomed, self.GRAVEYARD, "destroyed", "rule")
        for card in doomed:
            static = self.stat_bonus(duel, card, "power") < 0
            duel.log("state_check", ["DM-STATIC", "DM-POOL"] if static else ["DM-POOL"],
                     card=card.iid, power=self.power(duel, card))
            events += self.move_events(duel, card, self.GRAVEYARD, None, cause_type="destroyed",
                                       spec={}, cause="rule", by_player=None)
            if card.zone == self.GRAVEYARD:
                card.flags["left_by"] = "static" if static else "state_check"
        duel.happen(events, kind="state")
        return True

    # ------------------------------------------------------------------ moving cards
    def move_events(self, duel: Duel, card: Card, to: str, ctx: Context | None, *,
                    cause_type: str | None, spec: dict[str, Any], cause: str | None,
                    by_player: int | None) -> list[dict[str, Any]]:
        """Move a card (with its evolution sources); replacement effects apply first."""
        if card.zone == "limbo":
            return []
        if ctx is not None:
            cause = cause or ("cost" if ctx.is_cost else "effect")
            by_player = ctx.controller if by_player is None else by_player
        by = ctx.source if ctx is not None else None
        source = card.zone == "under"  # a card under an evolution creature, reached as a card
        if source:
            if to == "battle" or not self._detach(duel, card):
                return []
            cause_type = None  # it is no creature: not destroyed, not protected as one
        elif self._stays(duel, card, to, cause_type, cause=cause, by=by, by_player=by_player):
            return []  # "this creature does not leave the battle zone" (a lasting effect)
        else:
            instead = protection.intercept(duel, card, to, cause_type=cause_type, cause=cause,
                                           by_player=by_player, by=by)
            if instead is not None:  # replaced, or a destruction that cannot happen (DM-KIND)
                return instead
        if to == "battle":
            base = self._onto(duel, card, ctx, spec)
            if base is False:
                return []
            return self.enter_battle(duel, card, card.owner, how="effect", by=by,
                                     key=f"{ctx.key}:base" if ctx else "base", base=base)
        events: list[dict[str, Any]] = []
        from_shield = card.zone == "shield"
        sources, card.under = card.under, []
        self.basic_move(duel, card, to, events, cause=cause, by=by, by_player=by_player,
                        destroyed=cause_type == "destroyed", how=cause_type)
        for iid in sources:  # evolution sources go with it; they were not creatures
            base = duel.state.cards[iid]
            base.zone = "limbo"
            duel.put(base, to)
        if to == "shield":
            card.face_up = False
        elif to == "deck" and spec.get("bottom"):
            deck = duel.state.zones[card.owner]["deck"]
            deck.insert(0, deck.pop())
        elif to == "mana":
            events.append(make_event("put_into_mana", card, player=card.owner, by=by))
        elif to == "hand" and from_shield:
            events.append(make_event("shield_to_hand", card, player=card.owner, by=by))
        return events

    def enter_battle(self, duel: Duel, card: Card, player: int, *, how: str,
                     by: int | None = None, base: Card | None = None, key: str = "base",
                     origin: str | None = None) -> list[dict[str, Any]]:
        """Put a card into the battle zone; an evolution goes onto a base (DM-EVOLUTION-BASE)."""
        st = duel.state
        definition = duel.definition(card)
        origin = origin or card.zone
        if definition.type == "evolution" and base is None:
            bases = self.bases(duel, card, player)
            if not bases:
                duel.log("evolution.no_base", ["DM-EVOLUTION-BASE"], card=card.iid, zone=origin)
                return []
            base = duel.choose_cards(key=key, player=player, cards=bases, count=1,
                                     purpose="evolve", source=card.iid, noun="creature")[0]
        duel.put(card, "battle", controller=player)
        card.flags.update(came_by=how, arrived_turn=st.turn)
        if base is not None:
            self._evolve(duel, card, base)
        self._not_present(duel, card)
        ev = make_event("put_into_battle", card, player=player, how=how, by=by,
                        evolved_on=base.iid if base is not None else None)
        ev["from"] = origin
        return [ev]

    def _not_present(self, duel: Duel, card: Card) -> None:
        """A creature that arrives after the turn began or started ending (DM-PRESENT)."""
        event, moment = MOMENTS.get(duel.state.phase, (None, None))
        ev = make_event(event, None, player=duel.state.turn_player) if event else None
        for e in duel.definition(card).effects if ev else ():
            if self.is_collected(e) and any(
                    event_matches(p, ev, card, duel.library, duel.state) for p in e.event):
                duel.log("pending.not_triggered", ["DM-PRESENT"], card=card.iid,
                         effect=self._effect_name(e),
                         reason={"key": "reason.not_present",
                                 "args": {"card": card.iid, "moment": moment}})

    def bases(self, duel: Duel, card: Card, player: int) -> list[Card]:
        """The creatures an evolution creature may be put onto (DM-EVOLUTION-BASE)."""
        flt = {**(duel.definition(card).evolves_from or {}), "controller": "you"}
        return duel.find_cards({"zone": "battle", "controller": "you", "filter": flt}, player)

    def _evolve(self, duel: Duel, top: Card, base: Card) -> None:
        """The base becomes an evolution source, a card and no longer a creature: a new object,
        so what was pending for it and had not applied is reset (DM-RESET); the evolution
        creature continues it (DM-EVOLUTION-CONTINUES, :meth:`_continue`)."""
        duel.remove_from_zone(base)
        top.under = base.under + [base.iid]
        top.tapped = base.tapped
        top.flags.pop("arrived_turn", None)  # an evolution creature may attack at once
        was = {"obj": base.obj, "mods": base.mods, "flags": dict(base.flags)}
        base.under, base.zone, base.mods = [], "under", []
        base.obj += 1
        self._continue(duel, top, base, was)

    # ------------------------------------------------------------------ evolution continues
    # What DM-EVOLUTION-CONTINUES decides is decided here: what an evolution creature takes
    # over from its base, an attack in progress, the base's own pending abilities, and which
    # effects reach the cards under it.
    def _continue(self, duel: Duel, top: Card, base: Card, was: dict[str, Any]) -> None:
        """An evolution creature continues the creature it is put onto (DM-EVOLUTION-CONTINUES).

        What resolved spells and abilities applied to the base keeps applying to it: power
        changes until they end, "does not leave the battle zone", "its abilities are
        ignored". Static abilities are not carried: they are read anew from the cards where
        they are. An attack in progress goes on with it as the attacking (or attacked)
        creature. What was still pending for the base is not carried: the base is a new
        object, so that is reset (DM-RESET), and the base's own pending abilities still
        resolve (:meth:`source_rules`).
        """
        st = duel.state
        carried = [{**m, "carried": base.iid} for m in was["mods"]]
        ignored = (was["flags"].get("negated_turn") == st.turn
                   and was["flags"].get("negated_obj") == was["obj"])
        top.mods = carried + top.mods
        if ignored:
            top.flags.update(negated_turn=st.turn, negated_obj=top.obj)
        if carried or ignored:
            duel.log("evolution.continues", ["DM-EVOLUTION-CONTINUES"], card=top.iid,
                     other=base.iid, power=self.power(duel, top))
        for proc in st.procedure:
            if proc.get("kind") != "attack":
                continue
            if proc.get("attacker") == base.iid and proc.get("obj") == was["obj"]:
                proc["attacker"], proc["obj"] = top.iid, top.obj
                duel.log("attack.continues", ["DM-EVOLUTION-CONTINUES", "DM-ATTACK-STEPS"],
                         card=top.iid, other=base.iid)
            if proc.get("target") == base.iid and proc.get("target_obj") == was["obj"]:
                proc["target"], proc["target_obj"] = top.iid, top.obj
                if proc.get("blocker") == base.iid:
                    proc["blocker"] = top.iid
                duel.log("attack.continues_target", ["DM-EVOLUTION-CONTINUES",
                                                     "DM-ATTACK-STEPS"],
                         card=top.iid, other=base.iid)

    def source_rules(self, duel: Duel, card: Card) -> list[str]:
        """Why a pending ability whose card became a new object still resolves: a card now
        under an evolution creature still resolves its own pending abilities, which are
        independent of their source (DM-EVOLUTION-CONTINUES, DM-INDEPENDENT); a card that
        left the battle zone resolves them with its last known state (DM-SOURCE-GONE)."""
        if card.zone == "under":
            return ["DM-EVOLUTION-CONTINUES", "DM-INDEPENDENT"]
        return ["DM-SOURCE-GONE"]

    def top_of(self, duel: Duel, card: Card) -> Card | None:
        """The evolution creature ``card`` is under, if any."""
        for top in duel.state.all_cards_in("battle"):
            if card.iid in top.under:
                return top
        return None

    def listed(self, duel: Duel, player: int, zone: str, spec: dict[str, Any]) -> list[int]:
        """The cards a selector looks at in a zone. The cards under an evolution creature are
        in the battle zone as cards, not creatures: a selector of "cards" (``cards: true``)
        reaches them, each listed before the creature it is under; one of creatures does not
        (DM-EVOLUTION-CONTINUES)."""
        iids = duel.state.zones[player][zone]
        if zone != "battle" or not spec.get("cards"):
            return iids
        out: list[int] = []
        for iid in iids:
            out += duel.state.cards[iid].under
            out.append(iid)
        return out

    def _detach(self, duel: Duel, card: Card) -> bool:
        """Take a card reached as a card in the battle zone from under its evolution
        creature, which stays (DM-EVOLUTION-CONTINUES)."""
        top = self.top_of(duel, card)
        if top is None:
            return False
        top.under.remove(card.iid)
        duel.log("evolution.source_reached", ["DM-EVOLUTION-CONTINUES"], card=card.iid,
                 other=top.iid)
        return True

    def _onto(self, duel: Duel, card: Card, ctx: Context | None,
              spec: dict[str, Any]) -> Card | None | bool:
        """The creature ``put_into_battle`` with ``onto:`` puts an evolution creature on ("put
        this creature onto the attacking creature": Invasion); None when it names none, so
        the player chooses; False when it names no creature this one can evolve from, so the
        card stays where it was (DM-EVOLUTION-BASE)."""
        ref = spec.get("onto")
        if ref is None or ctx is None or duel.definition(card).type != "evolution":
            return None
        from ...operations import select

        found = select(duel, ctx, {"card": ref}, "evolve")
        bases = self.bases(duel, card, card.owner)
        if found and any(found[0] is b for b in bases):
            return found[0]
        duel.log("evolution.no_base", ["DM-EVOLUTION-BASE"], card=card.iid, zone=card.zone)
        return False

    def _stays(self, duel: Duel, card: Card, to: str, cause_type: str | None, *,
               cause: str | None = None, by: int | None = None,
               by_player: int | None = None) -> bool:
        """Does a lasting effect a resolved spell or ability gave the creature ("does not
        leave the battle zone", "is not destroyed": ``protect``) keep it where it is? The
        event does not happen (DM-EVENT-HAPPENED); an effect given to the creature it evolved
        from still applies (DM-EVOLUTION-CONTINUES)."""
        if card.zone != "battle" or to == "battle":
            return False
        mod = kept_by(card, cause_type)
        if mod is None:
            return False
        rules = ["DM-EVOLUTION-CONTINUES"] if mod.get("carried") is not None else []
        duel.log("protected.stays" if mod["cannot"] == "leave" else "protected.lasting",
                 rules + ["DM-EVENT-HAPPENED"], card=card.iid, by=mod.get("source"))
        if cause_type == "destroyed":  # with its cause, for a trigger that reads it
            ev = make_event("destroyed", card, cause=cause, by=by, by_player=by_player,
                            player=card.controller)
            protection.note_not_happened(duel, ev,
                                         *protection.sent_as_destroyed(duel, card, to, ev))
        return True

    def break_shield(self, duel: Duel, card: Card, *, by: int | None) -> list[dict[str, Any]]:
        """A broken shield goes to its owner's hand; S-Triggers look at it (DM-ATTACK-STEPS)."""
        if card.zone != "shield":
            return []
        found = protection.find_replacement(duel, card, ("shield_broken",), None)
        if found is not None:  # "instead of breaking a shield" (DM-KIND, DM-EVENT-HAPPENED)
            return protection.replace(duel, card, *found, to=None, cause_type=None,
                                      cause=None, by_player=None)
        broken = make_event("shield_broken", card, player=card.owner, by=by)
        events = [broken] + self.move_events(duel, card, "hand", None, cause_type=None, spec={},
                                             cause="break", by_player=None)
        if not duel.state.zones[card.owner]["shield"]:
            broken["last"] = True
        return events

    # ------------------------------------------------------------------ collecting
    def is_collected(self, effect: EffectDef) -> bool:
        return effect.kind in POOLED and bool(effect.event)

    def after_instant(self, duel: Duel, inst: dict[str, Any]) -> None:
        self._moved = {ev["card"]: ev.get("from") or ev["was"]["zone"] for ev in inst["events"]
                       if ev.get("card") is not None and _changes_zone(ev)}
        super().after_instant(duel, inst)
        if self.always_ask(duel):
            self._owe_questions(duel, inst)

    # ------------------------------------------------------------------ always ask
    def _owe_questions(self, duel: Duel, inst: dict[str, Any]) -> None:
        """"Always ask": the windows the rules give a player's hidden cards, whatever that
        player holds: each broken shield is looked at for an S-Trigger (DM-STRIGGER), and an
        attack or a block of the opponent's creature is a chance for a Ninja Strike
        (DM-ATTACK-STEPS). A window where no hidden ability of that player is pending gets a
        question all the same, so the other player cannot tell the two apart."""
        st = duel.state
        owed = st.chain_flags.setdefault("owed", [])
        for ev in inst["events"]:
            if ev["type"] == "shield_broken":
                owed.append({"player": ev["player"], "card": ev["card"], "n": inst["n"],
                             "kind": "s_trigger"})
            elif ev["type"] in ("attack_declared", "blocked"):
                attacker = st.cards.get(ev.get("card"))
                if attacker is None:
                    continue
                defender = 1 - attacker.controller
                if self.holds_hidden(duel, defender):
                    owed.append({"player": defender, "card": None, "n": inst["n"],
                                 "kind": "ninja_strike"})
        if not owed:
            del st.chain_flags["owed"]

    def _owed_question(self, duel: Duel) -> bool:
        """Ask the first window owed where no hidden ability of its player is pending (one
        that is asks its own question); True when one was asked and answered."""
        st = duel.state
        owed = st.chain_flags.get("owed")
        if not owed:
            return False
        window = owed[0]
        pending = [duel.trigger(tid) for tid in st.queue]
        covered = any(t.private and t.controller == window["player"]
                      and t.met_at == window["n"] and (t.card == window["card"] or (
                          window["card"] is None and not t.s_trigger))
                      for t in pending)
        if not covered:
            duel.ask(Decision(
                kind="activate_trigger", player=window["player"], options=[{"id": "no"}],
                rules=["DM-STRIGGER" if window["kind"] == "s_trigger" else "DM-ATTACK-STEPS"],
                key=f"owed:{window['n']}:{window['player']}:{window['card']}",
                prompt="nothing_hidden", args={"kind": window["kind"], "card": window["card"]},
                default="no"))
            st.answers = {}
        owed.pop(0)
        if not owed:
            del st.chain_flags["owed"]
        return not covered

    def trigger_met(self, duel: Duel, card: Card, effect: EffectDef, ev: dict[str, Any],
                    inst: dict[str, Any]) -> None:
        """Put a triggered ability into the pending pool, or say why it does not trigger."""
        st = duel.state
        name = self._effect_name(effect)
        if self._misses_leaving(card, ev):
            if self._works_in(effect, self._moved[card.iid]) or self._works_in(effect, card.zone):
                duel.log("pending.not_triggered", ["DM-LOOK-BACK"], card=card.iid, effect=name,
                         reason={"key": "reason.look_back",
                                 "args": {"card": card.iid, "other": ev["card"]}})
            return
        if not self._in_zone(card, effect, ev):
            return
        if self.ignored(duel, card):
            duel.log("pending.not_triggered", ["DM-INDEPENDENT"], card=card.iid, effect=name,
                     reason={"key": "reason.abilities_ignored", "args": {"card": card.iid}})
            return
        problem = self._problem(duel, card, effect, ev, ("event", "both"))
        if problem is not None:
            duel.log("pending.not_triggered", problem[1], card=card.iid, effect=name,
                     reason=problem[0])
            return
        t = self.new_trigger(duel, card, effect, ev, inst, s_trigger=effect.kind == "s_trigger")
        rules = ["DM-STRIGGER"] if t.s_trigger else []
        if st.chain:
            top = st.chain[-1]
            if not t.s_trigger:
                rules += ["DM-NESTED", "DM-WAIT"] if top.kind == "ability" else ["DM-WAIT"]
            if top.kind == "spell" and ev.get("by") == top.card:
                rules.append("DM-AFTER")
        elif ev["type"] == "attack_declared" and ev.get("card") == card.iid:
            rules += ["DM-KIND", "DM-ATTACK-STEPS"]
        if ev["type"] in BATTLE_EVENTS:  # resolves after the battle (DM-ATTACK-STEPS)
            rules.insert(0, "DM-ATTACK-STEPS")
        if card.iid in self._moved and (ev.get("card") != card.iid or ev["type"] in LEAVING):
            rules.append("DM-LOOK-BACK")  # it saw its own leaving, or cards put in with it
        if ev["type"] == "battle" or ev.get("cause") == "battle":
            rules.append("DM-ATTACK-STEPS")  # it resolves after the battle, in the attack
        t.rules = rules or ["DM-POOL"]
        self._pool_add(duel, t.tid)
        duel.log("pending.add", t.rules, card=card.iid, effect=name, player=t.controller)

    def _misses_leaving(self, card: Card, ev: dict[str, Any]) -> bool:
        """Does the card miss another card's leaving because it moved at the same moment?

        Abilities trigger on the game just after the event; only a card's own leaving is looked
        back at, so a card that changed zone together with the one that left sees that leaving
        neither from its old zone nor from its new one (DM-LOOK-BACK, 603.5c).
        """
        return (card.iid in self._moved and ev.get("card") not in (None, card.iid)
                and _leaves_battle(ev))

    def _works_in(self, effect: EffectDef, zone: str) -> bool:
        """Does the ability work while its card is in ``zone``?"""
        return zone in (("hand",) if effect.kind in USE_FROM_HAND else effect.activate_from)

    def _in_zone(self, card: Card, effect: EffectDef, ev: dict[str, Any]) -> bool:
        """Is the card where the ability works, or is this its own leaving (DM-LOOK-BACK)?"""
        if self._works_in(effect, card.zone):
            return True
        return (ev["type"] in LEAVING and ev.get("card") == card.iid
                and self._works_in(effect, ev["was"]["zone"]))

    def _problem(self, duel: Duel, card: Card, effect: EffectDef, ev: dict[str, Any],
                 when: tuple[str, ...]) -> tuple[dict[str, Any], list[str]] | None:
        """Why the ability cannot trigger or apply now (a reason and its rules), or None."""
        st = duel.state
        if effect.kind == "ninja_strike":
            proc = st.procedure[0] if st.procedure else {}
            if card.controller in proc.get("ninja_used", []):
                return ({"key": "reason.ninja_used", "args": {"player": card.controller}},
                        ["DM-ATTACK-STEPS"])
        if not self.conditions_hold(duel, card, effect, ev, when):
            return {"key": "reason.condition"}, ["DM-CONDITION"]
        return None

    # ------------------------------------------------------------------ the pool
    def _rank(self, st: State, tid: int) -> int:
        """0: AP's S-Triggers, 1: NAP's, 2: AP's other abilities, 3: NAP's (DM-STRIGGER)."""
        t = st.triggers[tid - 1]
        return (0 if t.s_trigger else 2) + (0 if t.controller == st.turn_player else 1)

    def _kind(self, duel: Duel, tid: int) -> str:
        """Copies of one ability whose result cannot differ share a kind (one option)."""
        t = duel.state.triggers[tid - 1]
        card_id = duel.state.cards[t.card].card_id
        key = (card_id, t.effect)
        if key not in self._interchangeable:
            effect = duel.library[card_id].effects[t.effect]
            text = repr((effect.operations, effect.condition))
            self._interchangeable[key] = effect.kind == "trigger" and not any(
                word in text for word in ("'self'", "'event_card'", "'event_player'", "'battled'"))
        return f"{card_id}:{t.effect}" if self._interchangeable[key] else f"~{tid:012d}"

    def _pool_key(self, duel: Duel, tid: int) -> tuple[int, str, int]:
        return self._rank(duel.state, tid), self._kind(duel, tid), tid

    def _tally(self, st: State) -> dict[str, dict[str, int]]:
        """How many pending abilities of each kind each rank holds (kept with the pool)."""
        return st.chain_flags.setdefault("pending", {})

    def _pool_add(self, duel: Duel, tid: int) -> None:
        """Insert in (rank, kind, age) order: O(1) when it goes last, as it usually does."""
        queue = duel.state.queue
        rank, kind, _ = key = self._pool_key(duel, tid)
        if not queue or key >= self._pool_key(duel, queue[-1]):
            queue.append(tid)
        else:
            insort(queue, tid, key=lambda other: self._pool_key(duel, other))
        kinds = self._tally(duel.state).setdefault(str(rank), {})
        kinds[kind] = kinds.get(kind, 0) + 1

    def _pool_take(self, duel: Duel, tid: int) -> None:
        queue = duel.state.queue
        del queue[0 if queue[0] == tid else queue.index(tid)]
        if not queue:
            duel.state.chain_flags.pop("order", None)  # a new pool is ordered afresh
        rank, kind, _ = self._pool_key(duel, tid)
        kinds = self._tally(duel.state)[str(rank)]
        kinds[kind] -= 1
        if not kinds[kind]:
            del kinds[kind]

    def _start_next(self, duel: Duel, cut_into: ChainLink | None = None) -> None:
        """Pick the next pending ability and start resolving it (DM-ORDER, DM-AP-FIRST)."""
        st = duel.state
        queue = st.queue
        rank = self._rank(st, queue[0])
        player = st.triggers[queue[0] - 1].controller
        rules: list[str] = []
        tally = self._tally(st)
        if len(tally[str(rank)]) == 1:
            tid = queue[0]
        else:
            end = bisect_right(queue, rank, key=lambda tid: self._rank(st, tid))
            tid = self._chosen_next(duel, player, self._options(duel, queue[:end]),
                                    key=f"next:{queue[0]}:{end}:{len(queue)}")
            rules.append("DM-ORDER")
        self._pool_take(duel, tid)
        t = st.triggers[tid - 1]
        others = (1, 3) if player == st.turn_player else (0, 2)
        if t.s_trigger:  # S-Triggers go before the rest, the AP's first (DM-STRIGGER)
            if cut_into is not None or len(queue):
                rules.insert(0, "DM-STRIGGER")
        elif any(tally.get(str(r)) for r in others):
            rules.append("DM-AP-FIRST")
            if player == st.turn_player:  # the NAP's abilities pending now wait for it
                st.chain_flags["ap_first_until"] = st.next_tid
        elif player != st.turn_player and tid < st.chain_flags.get("ap_first_until", 0):
            rules.append("DM-AP-FIRST")
        if st.phase == "end_of_turn":
            rules.append("DM-END-OF-TURN")
        t.rules = list(dict.fromkeys(t.rules + rules))
        t.status = "activated"
        name = self._effect_name(duel.effect(t.card, t.effect))
        if cut_into is not None:
            duel.log("pending.cut_in", ["DM-STRIGGER"], card=t.card, effect=name,
                     by=cut_into.card)
            cut_into.data["paused"] = True
        elif set(rules) - {"DM-ORDER"}:  # a choice alone is logged as the decision
            duel.log("pending.next", rules, player=player, card=t.card, effect=name)
        st.chain.append(ChainLink(number=self._number(st), card=t.card, obj=t.obj,
                                  effect=t.effect, controller=t.controller, speed=0,
                                  kind="ability", tid=tid))
        st.answers = {}

    def _chosen_next(self, duel: Duel, player: int, options: list[dict[str, Any]], *,
                     key: str) -> int:
        """The player orders its pending abilities; the first resolves next (DM-ORDER).

        The order is kept: while no new kind of ability joins, the next one follows it without
        asking again; when one does (DM-NESTED), the player orders them all again.
        """
        st = duel.state
        kinds = {o["id"]: self._kind(duel, int(o["id"])) for o in options}
        kept = st.chain_flags.get("order", [])
        if kept and set(kinds.values()) <= set(kept):
            return int(min(kinds, key=lambda oid: kept.index(kinds[oid])))
        options.sort(key=lambda o: kept.index(kinds[o["id"]]) if kinds[o["id"]] in kept
                     else len(kept))
        order = duel.ask(Decision(
            kind="order", player=player, options=options, rules=["DM-ORDER"], key=key,
            prompt="next_pending", default=[o["id"] for o in options]))
        st.chain_flags["order"] = [kinds[oid] for oid in order]
        return int(order[0])

    def _options(self, duel: Duel, tids: list[int]) -> list[dict[str, Any]]:
        """One option per kind of ability, oldest first, with how many copies wait."""
        st = duel.state
        groups: dict[str, list[int]] = {}
        for tid in tids:
            groups.setdefault(self._kind(duel, tid), []).append(tid)
        firsts = sorted(members[0] for members in groups.values())
        counts = {members[0]: len(members) for members in groups.values()}
        return [{"id": str(tid), "card": st.triggers[tid - 1].card, "count": counts[tid]}
                for tid in firsts]

    def pending_order(self, duel: Duel) -> list[int]:
        """The pending abilities in the order they are expected to resolve, next first.

        Rank by rank (DM-STRIGGER, DM-AP-FIRST); within a rank, as the open order decision
        shows them, else in the order its player gave (DM-ORDER), new kinds after, oldest first.
        A forecast: an ability that triggers meanwhile competes with them (DM-NESTED).
        """
        st = duel.state
        kept = st.chain_flags.get("order", [])
        d = st.decision
        shown: dict[str, int] = {}
        if d is not None and d.kind == "order" and d.prompt == "next_pending":
            shown = {self._kind(duel, int(o["id"])): i for i, o in enumerate(d.options)}
        shown_rank = self._rank(st, int(d.options[0]["id"])) if shown else None
        firsts: dict[tuple[int, str], int] = {}
        keys: dict[int, tuple[int, int, int, int]] = {}
        for tid in st.queue:
            rank, kind, _ = self._pool_key(duel, tid)
            first = firsts.setdefault((rank, kind), tid)
            if rank == shown_rank and kind in shown:
                place = shown[kind]
            else:
                place = kept.index(kind) if kind in kept else len(kept)
            keys[tid] = (rank, place, first, tid)
        return sorted(st.queue, key=keys.__getitem__)

    def _number(self, st: State) -> int:
        """A new number for a resolution (decision keys name it)."""
        st.chain_flags["resolutions"] = st.chain_flags.get("resolutions", 0) + 1
        return st.chain_flags["resolutions"]

    def cut_in(self, duel: Duel, link: ChainLink) -> bool:
        """An S-Trigger cuts in on a triggered ability that has started resolving, never on a
        spell (DM-STRIGGER). S-Triggers pending together do not cut in on each other: their
        player uses them one at a time, in the order chosen (DM-ORDER)."""
        st = duel.state
        return (link.kind == "ability" and bool(link.data.get("started")) and bool(st.queue)
                and self._rank(st, st.queue[0]) < 2)

    # ------------------------------------------------------------------ the main loop
    def step(self, duel: Duel) -> bool:
        st = duel.state
        if st.winner is not None:
            return False
        if st.activation:
            duel.continue_activation()
            return True
        if self._owed_question(duel):
            return True
        if st.chain:
            top = st.chain[-1]
            if self.cut_in(duel, top):
                self._start_next(duel, cut_into=top)
            elif top.kind == "spell":
                self._resolve_spell(duel, top)
            else:
                self._resolve_ability(duel, top)
            return True
        if self._state_check(duel):
            return True
        if st.queue:
            self._start_next(duel)
            return True
        if st.procedure:
            self._attack_step(duel)
            return True
        return False

    # ------------------------------------------------------------------ resolving
    def _resolve_ability(self, duel: Duel, link: ChainLink) -> None:
        """Resolve a pending ability; it may pause for an S-Trigger to cut in."""
        st = duel.state
        t = duel.trigger(link.tid)
        card = st.cards[t.card]
        effect = duel.effect(card, t.effect)
        name = self._effect_name(effect)
        if not link.data.get("started"):
            if effect.kind in USE_FROM_HAND:
                self._use_keyword(duel, link, t, card, effect)
                return
            if effect.optional and duel.ask(Decision(
                    kind="activate_trigger", player=t.controller,
                    options=[{"id": "yes"}, {"id": "no"}], rules=["DM-KIND"],
                    key=f"use:{t.tid}", prompt="use", args={"card": card.iid, "effect": name},
                    default="yes")) != "yes":
                self._end(duel, t, "declined", [])
                duel.log("pending.declined", ["DM-KIND"], player=t.controller, card=card.iid,
                         effect=name)
                return
            problem = self._problem(duel, card, effect, t.event, ("resolution", "both"))
            if problem is not None:
                self._end(duel, t, "resolved", problem[1])
                duel.log("pending.no_effect", t.rules, card=card.iid, effect=name,
                         reason=problem[0])
                return
            if self.ignored(duel, card):
                t.rules.insert(0, "DM-INDEPENDENT")
            if card.obj != t.obj and not {"DM-SOURCE-GONE", "DM-EVOLUTION-CONTINUES"} & set(
                    t.rules):
                t.rules[:0] = self.source_rules(duel, card)  # its card moved after it triggered
                top = self.top_of(duel, card) if card.zone == "under" else None
                if top is not None:
                    duel.log("pending.source_under", t.rules[:2], card=card.iid, effect=name,
                             other=top.iid)
            link.data["started"] = True
            st.answers = {}
            t.private = False  # it resolves: revealed
            duel.log("pending.resolve", t.rules, card=card.iid, effect=name,
                     player=t.controller, tid=t.tid)
        elif link.data.pop("paused", False):
            duel.log("pending.resume", ["DM-STRIGGER"], card=card.iid, effect=name)
        elif link.data.pop("cast", False):
            duel.log("pending.resume", ["DM-NESTED"], card=card.iid, effect=name)
        ctx = duel.run_operations(link, effect.operations)
        if link.pc < len(effect.operations) or st.activation is not None:
            return  # paused for an S-Trigger (DM-STRIGGER) or a spell it casts (DM-NESTED)
        outcome: list[str] = []
        if not ctx.did_something:
            reason, outcome = self._why_nothing(duel, link, card)
            duel.log("pending.no_effect", outcome, card=card.iid, effect=name, reason=reason)
        duel.happen(ctx.events, kind="resolution")  # still resolving: what triggers waits
        self._end(duel, t, "resolved", outcome)

    def _end(self, duel: Duel, t: Trigger, status: str, rules: list[str]) -> None:
        """The resolving ability is over: its trigger's fate, its rules most specific first."""
        duel.state.chain.pop()
        duel.state.answers = {}
        t.status = status
        t.rules = list(dict.fromkeys(rules + t.rules))

    def _why_nothing(self, duel: Duel, link: ChainLink,
                     card: Card) -> tuple[dict[str, Any], list[str]]:
        """Why a resolved ability did nothing (DM-SOURCE-GONE, DM-RESET)."""
        if not link.data.get("self_gone"):
            return {"key": "reason.nothing"}, ["DM-POOL"]
        if card.zone == "under" or card.zone == "battle":
            how = ("became an evolution source" if card.zone == "under"
                   else "left the battle zone and came back as a new creature")
            return ({"key": "reason.reset", "args": {"card": card.iid, "how": how}},
                    ["DM-RESET", "DM-SOURCE-GONE"])
        rules = ["DM-SOURCE-GONE"] + (["DM-STATIC"] if card.flags.get("left_by") == "static"
                                      else [])
        return {"key": "reason.source_gone", "args": {"card": card.iid, "zone": "battle"}}, rules

    def _use_keyword(self, duel: Duel, link: ChainLink, t: Trigger, card: Card,
                     effect: EffectDef) -> None:
        """S-Trigger or Ninja Strike: declare it, then use the card itself for free."""
        st = duel.state
        name = self._effect_name(effect)
        rules = ["DM-STRIGGER"] if effect.kind == "s_trigger" else ["DM-ATTACK-STEPS"]
        problem = None
        if card.obj != t.obj or card.zone != "hand":
            problem = {"key": "reason.not_in_hand", "args": {"card": card.iid}}, rules
        else:
            problem = self._problem(duel, card, effect, t.event, ("resolution", "both"))
        if problem is not None:
            self._end(duel, t, "resolved", problem[1])
            duel.log("pending.no_effect", t.rules, card=card.iid, effect=name, reason=problem[0])
            return
        use = duel.ask(Decision(kind=effect.kind, player=t.controller,
                                options=[{"id": "yes"}, {"id": "no"}], rules=rules,
                                key=f"use:{t.tid}", prompt=effect.kind,
                                args={"card": card.iid, "effect": name}, default="yes"))
        if use != "yes":
            self._end(duel, t, "declined", [])
            duel.log("pending.declined", rules, player=t.controller, card=card.iid, effect=name)
            return
        self._end(duel, t, "resolved", rules)
        t.private = False  # used: the card is shown
        duel.log("pending.resolve", t.rules, card=card.iid, effect=name, player=t.controller,
                 tid=t.tid)
        if effect.kind == "ninja_strike":
            st.procedure[0].setdefault("ninja_used", []).append(t.controller)
        self.use_card(duel, t.controller, card, how=effect.kind, tid=t.tid)

    def _resolve_spell(self, duel: Duel, link: ChainLink) -> None:
        """A spell resolves, then goes to the graveyard; abilities it triggered wait (DM-WAIT)."""
        st = duel.state
        card = st.cards[link.card]
        ops = duel.effect(card, link.effect).operations if link.effect >= 0 else ()
        if not link.data.get("started"):
            link.data["started"] = True
            duel.log("spell.resolve", ["DM-PENDING-CARD"], card=card.iid)
        ctx = duel.run_operations(link, ops)
        events = ctx.events
        to = self._after_cast(duel, card)
        self.basic_move(duel, card, to, events, cause="rule", by=None,
                        by_player=None, destroyed=False, how=None)
        if to == self.GRAVEYARD:
            duel.log("spell.done", ["DM-WAIT", "DM-AFTER"], card=card.iid)
        else:  # a Charger: "put it into your mana zone instead of your graveyard"
            if to == "mana":
                events.append(make_event("put_into_mana", card, player=card.owner, by=None))
            duel.log("replaced", ["DM-WAIT", *self.REPLACEMENT_RULES], card=card.iid,
                     what="goes to the {to}", to=to)
        duel.happen(events, kind="resolution")  # still resolving: what triggers waits
        st.chain.pop()
        st.answers = {}

    def _after_cast(self, duel: Duel, card: Card) -> str:
        """Where a spell goes once it has resolved: the graveyard (DM-WAIT), or the zone its
        own replacement ``{when: sent_to_gy, after_cast: true, to: ...}`` says instead (a
        Charger: "After you cast this spell, put it into your mana zone instead of your
        graveyard", 「この呪文を唱えた後、墓地に置くかわりに自分のマナゾーンに置く」). Only this
        move is replaced: discarded or otherwise put into the graveyard, it goes there."""
        for e in duel.definition(card).effects:
            spec = e.instead or {}
            if e.kind == "replacement" and spec.get("after_cast") and (
                    spec.get("when") == "sent_to_gy") and spec.get("to"):
                return self.zone_alias(spec["to"])
        return self.GRAVEYARD

    # ------------------------------------------------------------------ using cards
    def use_card(self, duel: Duel, player: int, card: Card, *, how: str,
                 tid: int | None = None, base: Card | None = None) -> None:
        """Summon a creature or cast a spell: paid ("summon", "cast") or free (keywords)."""
        definition = duel.definition(card)
        spell = next((e.index for e in definition.effects if e.kind == "activation"), -1)
        duel.begin_activation(player, card, spell, kind=how, tid=tid)
        duel.state.activation["base"] = base.iid if base is not None else None

    def place_for_activation(self, duel: Duel, card: Card, act: dict[str, Any]) -> list[dict]:
        """Choose the base, pay the mana, and take the card out of every zone (DM-PENDING-CARD)."""
        st = duel.state
        player = act["player"]
        if duel.definition(card).type == "evolution" and act["base"] is None:
            bases = self.bases(duel, card, player)
            if not bases:
                duel.log("evolution.no_base", ["DM-EVOLUTION-BASE"], card=card.iid,
                         zone=card.zone)
                act["abort"] = True
                return []
            act["base"] = duel.choose_cards(key="act:base", player=player, cards=bases, count=1,
                                            purpose="evolve", source=card.iid,
                                            noun="creature")[0].iid
        events: list[dict[str, Any]] = []
        if act["kind"] in ("summon", "cast"):
            untapped = [c for c in st.cards_in(player, "mana") if not c.tapped]
            for mana in untapped[: duel.definition(card).cost]:
                events += duel.set_tapped(mana, True, by=card.iid)
        act["origin"] = card.zone
        duel.remove_from_zone(card)
        card.zone = "limbo"
        return events

    def commit_activation(self, duel: Duel, act: dict[str, Any]) -> None:
        """A spell starts resolving; a creature enters the battle zone."""
        st = duel.state
        if act.get("abort"):
            return
        card = st.cards[act["card"]]
        player, how = act["player"], act["kind"]
        events = act["events"]
        if duel.definition(card).type == "spell":
            st.chain.append(ChainLink(number=self._number(st), card=card.iid, obj=card.obj,
                                      effect=act["effect"], controller=player, speed=0,
                                      kind="spell", tid=act["tid"]))
            duel.log("spell.cast", ["DM-STRIGGER"] if how == "s_trigger" else ["DM-PENDING-CARD"],
                     player=player, card=card.iid)
            events.append(make_event("cast", card, player=player, how=how))
            duel.happen(events, kind="activation")
            return
        base = st.cards[act["base"]] if act["base"] is not None else None
        if how == "s_trigger":
            duel.log("strigger.head_start_end", ["DM-STRIGGER"], card=card.iid)
        events += self.enter_battle(duel, card, player, how=how, base=base,
                                    origin=act["origin"])
        duel.happen(events)

    # ------------------------------------------------------------------ fired actions
    def fire(self, duel: Duel, action: dict[str, Any]) -> None:
        handler = getattr(self, f"_fire_{action['do']}", None)
        if handler is None:
            raise IllegalAction(Refusal("unknown_action", action=repr(action["do"])))
        handler(duel, action)

    def _own_step(self, duel: Duel, card: Card, steps: tuple[str, ...], what: str) -> None:
        st = duel.state
        if card.owner != st.turn_player or st.phase not in steps:
            raise IllegalAction(Refusal("dm_own_step", what=word(what),
                                        steps=joined([word(s) for s in steps], "or")))
        if st.procedure:
            raise IllegalAction(Refusal("attack_in_progress"), ["DM-ATTACK-STEPS"])

    def _check_cost(self, duel: Duel, card: Card) -> None:
        untapped = sum(not c.tapped for c in duel.state.cards_in(card.owner, "mana"))
        cost = duel.definition(card).cost
        if untapped < cost:
            raise IllegalAction(Refusal("mana_cost", card=refusals.named(duel, card.iid), cost=cost,
                                        untapped=untapped))

    def _fire_summon(self, duel: Duel, action: dict[str, Any]) -> None:
        card = self.card_arg(duel, action)
        definition = duel.definition(card)
        self._own_step(duel, card, ("main",), "summons")
        if card.zone != "hand" or definition.type not in ("creature", "evolution"):
            raise IllegalAction(Refusal("not_creature_in_hand", card=refusals.card(definition)))
        self._check_cost(duel, card)
        base = None
        if definition.type == "evolution":
            bases = self.bases(duel, card, card.owner)
            if not bases:
                raise IllegalAction(Refusal("evolution_base", card=refusals.card(definition)),
                                    ["DM-EVOLUTION-BASE"])
            if action.get("base") is not None:
                base = self.card_arg(duel, action, "base")
                if base not in bases:
                    raise IllegalAction(Refusal("cannot_evolve_from",
                                                card=refusals.card(definition),
                                                base=refusals.named(duel, base.iid)),
                                        ["DM-EVOLUTION-BASE"])
        duel.log("action", player=card.owner, what="summons {card}", card=card.iid)
        self.use_card(duel, card.owner, card, how="summon", base=base)

    def _fire_cast(self, duel: Duel, action: dict[str, Any]) -> None:
        card = self.card_arg(duel, action)
        definition = duel.definition(card)
        self._own_step(duel, card, ("main",), "casts spells")
        if card.zone != "hand" or definition.type != "spell":
            raise IllegalAction(Refusal("not_spell_in_hand", card=refusals.card(definition)))
        self._check_cost(duel, card)
        duel.log("action", player=card.owner, what="casts {card}", card=card.iid)
        self.use_card(duel, card.owner, card, how="cast")

    def _fire_charge(self, duel: Duel, action: dict[str, Any]) -> None:
        st = duel.state
        card = self.card_arg(duel, action)
        self._own_step(duel, card, ("charge",), "charges mana")
        if card.zone != "hand":
            raise IllegalAction(Refusal("not_in_hand", card=refusals.named(duel, card.iid)))
        if st.used.get("charge") == st.turn:
            raise IllegalAction(Refusal("charged_once"))
        st.used["charge"] = st.turn
        duel.log("action", player=card.owner, what="charges {card}", card=card.iid)
        duel.happen(self.move_events(duel, card, "mana", None, cause_type=None, spec={},
                                     cause="charge", by_player=card.owner))

    def _fire_next_step(self, duel: Duel, action: dict[str, Any]) -> None:
        """The next step of the turn; after the end of turn, the next player's turn."""
        st = duel.state
        if st.procedure:
            raise IllegalAction(Refusal("attack_in_progress"), ["DM-ATTACK-STEPS"])
        i = self.PHASES.index(st.phase)
        if i + 1 < len(self.PHASES):
            st.phase = self.PHASES[i + 1]
            duel.log("phase", phase=st.phase, turn=st.turn, player=st.turn_player)
            if st.phase == "draw_step":
                duel.happen(duel.draw(st.turn_player, 1))
            elif st.phase == "end_of_turn":
                duel.happen([make_event("turn_end", None, player=st.turn_player)])
            return
        duel.end_lasting("end_of_turn")
        duel.log("turn.cleanup", ["DM-END-OF-TURN"], turn=st.turn)
        st.turn += 1
        st.turn_player = 1 - st.turn_player
        st.phase = self.PHASES[0]
        duel.log("phase", phase=st.phase, turn=st.turn, player=st.turn_player)
        untap: list[dict[str, Any]] = []
        for zone in ("battle", "mana"):
            for card in st.cards_in(st.turn_player, zone):
                untap += duel.set_tapped(card, False, by=None)
        duel.happen(untap)
        duel.happen([make_event("turn_start", None, player=st.turn_player)])

    def _fire_attack(self, duel: Duel, action: dict[str, Any]) -> None:
        """Declare an attack on the player or a tapped creature (DM-ATTACK-STEPS)."""
        st = duel.state
        attacker = self.card_arg(duel, action)
        self._own_step(duel, attacker, ("attack",), "attacks")
        target = None
        if action.get("target") is not None:
            target = self.card_arg(duel, action, "target")
        if why := self.attack_refusal(duel, attacker, target):
            raise IllegalAction(why, ATTACK_RULES)
        st.procedure = [{"kind": "attack", "attacker": attacker.iid, "obj": attacker.obj,
                         "target": target.iid if target else None,
                         "target_obj": target.obj if target else None, "stage": "block",
                         "auto": True}]
        duel.log("attack.step", ["DM-ATTACK-STEPS"], step="Declaration", card=attacker.iid)
        events = duel.set_tapped(attacker, True, by=None)
        events.append(make_event("attack_declared", attacker, player=attacker.controller,
                                 target=target.iid if target else None))
        duel.happen(events)

    def _fire_destroy(self, duel: Duel, action: dict[str, Any]) -> None:
        """Destroy creatures by an effect, all at one instant (``card`` or ``cards``)."""
        refs = action.get("cards") or [action.get("card")]
        cards = [self.card_arg(duel, {"card": r}) for r in refs]
        for card in cards:
            if card.zone != "battle":
                raise IllegalAction(Refusal("not_in_battle_zone",
                                            card=refusals.named(duel, card.iid)))
        events: list[dict[str, Any]] = []
        duel.log("action", player=duel.state.turn_player,
                 what="destroys {cards}", cards=[c.iid for c in cards])
        protection.ask_ahead(duel, cards, self.GRAVEYARD, "destroyed", "effect")
        for card in cards:
            events += self.move_events(duel, card, self.GRAVEYARD, None, cause_type="destroyed",
                                       spec={}, cause="effect", by_player=1 - card.controller)
        duel.happen(events)

    def _fire_put_into_battle(self, duel: Duel, action: dict[str, Any]) -> None:
        """Put creatures into the battle zone by an effect, at one instant."""
        cards = [self.card_arg(duel, {"card": r})
                 for r in action.get("cards") or [action.get("card")]]
        for card in cards:
            if card.zone not in ("hand", "mana", "graveyard", "deck") or duel.definition(
                    card).type == "spell":
                raise IllegalAction(Refusal("cannot_enter_battle_zone",
                                            card=refusals.named(duel, card.iid)))
        duel.log("action", player=cards[0].owner, what="puts {cards} into the battle zone",
                 cards=[c.iid for c in cards])
        events: list[dict[str, Any]] = []
        for card in cards:
            events += self.enter_battle(duel, card, card.owner, how="effect",
                                        key=f"base:{card.iid}")
        duel.happen(events)

    def _fire_break_shield(self, duel: Duel, action: dict[str, Any]) -> None:
        card = self.card_arg(duel, action)
        if card.zone != "shield":
            raise IllegalAction(Refusal("not_a_shield", card=refusals.named(duel, card.iid)))
        duel.log("action", player=1 - card.owner, what="breaks a shield")
        duel.happen(self.break_shield(duel, card, by=None))

    def _fire_tap(self, duel: Duel, action: dict[str, Any]) -> None:
        card = self.card_arg(duel, action)
        if card.zone not in ("battle", "mana") or card.tapped:
            raise IllegalAction(Refusal("not_untapped", card=refusals.named(duel, card.iid)))
        duel.log("action", player=card.controller, what="taps {card}", card=card.iid)
        duel.happen(duel.set_tapped(card, True, by=None))

    def _fire_draw(self, duel: Duel, action: dict[str, Any]) -> None:
        player = player_index(action.get("player", "p1"))
        if not duel.state.zones[player]["deck"]:
            raise IllegalAction(Refusal("deck_empty", player=refusals.player(player)))
        duel.log("action", player=player, what="draws a card")
        duel.happen(duel.draw(player, 1))

    # ------------------------------------------------------------------ the attack
    def _attack_step(self, duel: Duel) -> None:
        """Block, battle or shield break, and the end of the attack (DM-ATTACK-STEPS)."""
        st = duel.state
        proc = st.procedure[0]
        attacker = st.cards[proc["attacker"]]
        stage = proc["stage"]
        if stage != "end" and (attacker.obj != proc["obj"] or attacker.zone != "battle"):
            duel.log("attack.stopped", ["DM-ATTACK-STEPS"], card=attacker.iid,
                     reason={"key": "reason.attacker_gone", "args": {"card": attacker.iid}})
            proc["stage"] = "end"
            return
        if stage == "block":
            self._block(duel, proc)
        elif stage == "battle":
            self._battle(duel, proc, attacker)
        elif stage == "break":
            self._break(duel, proc, attacker)
        else:
            duel.end_lasting("end_of_attack")
            duel.log("attack.end", ["DM-ATTACK-STEPS"], card=attacker.iid)
            st.procedure.pop(0)

    def _heading(self, duel: Duel, proc: dict[str, Any], stage: str) -> None:
        duel.log("attack.step", ["DM-ATTACK-STEPS"], step=ATTACK_STEPS[stage],
                 card=proc["attacker"])

    def _block(self, duel: Duel, proc: dict[str, Any]) -> None:
        st = duel.state
        defender = 1 - st.turn_player
        attacker = st.cards[proc["attacker"]]
        unblocked_by = self.granted(duel, attacker, "unblocked_by")  # "can't be blocked by..."
        if any(m.get("cannot") == "blocked" for m in attacker.mods):
            unblocked_by.append({})  # "this turn, it can't be blocked" (a resolved protect)
        blockers = [c for c in st.cards_in(defender, "battle")
                    if duel.definition(c).blocker and not c.tapped and not self.ignored(duel, c)
                    and not any(self._passes(duel, c, flt, attacker) for flt in unblocked_by)]
        choice = "no"
        if blockers:
            choice = duel.ask(Decision(
                kind="block", player=defender,
                options=[{"id": "no"}] + [{"id": str(c.iid), "card": c.iid} for c in blockers],
                rules=["DM-ATTACK-STEPS"], key=f"block:{proc['attacker']}:{st.instant}",
                prompt="block", args={"card": proc["attacker"]}, default="no"))
            st.answers = {}
        self._heading(duel, proc, "block")
        proc["stage"] = "battle" if choice != "no" or proc["target"] is not None else "break"
        if choice == "no":
            return
        blocker = st.cards[int(choice)]
        proc["target"], proc["target_obj"] = blocker.iid, blocker.obj
        proc["blocker"] = blocker.iid
        events = duel.set_tapped(blocker, True, by=None)
        events.append(make_event("blocked", blocker, player=defender, target=proc["attacker"]))
        duel.happen(events)

    def _battle(self, duel: Duel, proc: dict[str, Any], attacker: Card) -> None:
        """The creature with less power is destroyed; both if equal."""
        st = duel.state
        self._heading(duel, proc, "battle")
        proc["stage"] = "end"
        target = st.cards[proc["target"]]
        if target.obj != proc["target_obj"] or target.zone != "battle":
            duel.log("attack.stopped", ["DM-ATTACK-STEPS"], card=attacker.iid,
                     reason={"key": "reason.attacker_gone", "args": {"card": target.iid}})
            return
        duel.happen(self.fight(duel, attacker, target))

    def fight(self, duel: Duel, one: Card, other: Card) -> list[dict[str, Any]]:
        """Two creatures battle: the one with less power is destroyed, both if equal.

        The battle starts at an instant of its own: each creature gets a ``battle`` event
        naming the creature it battled (``opponent``, as the object it was), so "whenever this
        creature battles" abilities trigger even for the loser and resolve after the battle
        (Slayer). The events returned are the outcome: the losers destroyed and, for a winner
        whose opponent this battle destroyed, ``battle_won`` (DM-ATTACK-STEPS): none when a
        protection kept the loser or its destruction was replaced (DM-EVENT-HAPPENED).
        """
        pair = ((one, other), (other, one))
        duel.happen([make_event("battle", me, opponent=them.iid, opponent_obj=them.obj,
                                target=other.iid if me is one else None)
                     for me, them in pair], kind="battle")
        power = {one.iid: self.power(duel, one), other.iid: self.power(duel, other)}
        losers = [me for me, them in pair if power[me.iid] <= power[them.iid]]
        protection.ask_ahead(duel, losers, self.GRAVEYARD, "destroyed", "battle")
        events: list[dict[str, Any]] = []
        for card in losers:
            winner = other if card is one else one
            events += self.move_events(duel, card, self.GRAVEYARD, None, cause_type="destroyed",
                                       spec={}, cause="battle", by_player=winner.controller)
        # a win needs the opponent destroyed by this battle: one a protection kept, or whose
        # destruction was replaced, was not (DM-EVENT-HAPPENED)
        destroyed = {e["card"] for e in events if e["type"] == "destroyed"}
        return [make_event("battle_won", me, opponent=them.iid, opponent_obj=them.obj)
                for me, them in pair if losers == [them] and them.iid in destroyed] + events

    def _break(self, duel: Duel, proc: dict[str, Any], attacker: Card) -> None:
        st = duel.state
        defender = 1 - attacker.controller
        shields = st.cards_in(defender, "shield")
        if not shields:
            self._heading(duel, proc, "break")
            proc["stage"] = "end"
            st.winner = attacker.controller
            duel.log("game.win", ["DM-ATTACK-STEPS"], player=attacker.controller)
            return
        # a Double breaker breaks 2 shields; a static ability may say more (Triple breaker)
        count = max([2 if duel.definition(attacker).double_breaker else 1,
                     *self.granted(duel, attacker, "breaks")])
        broken = duel.choose_cards(key=f"break:{proc['attacker']}", player=attacker.controller,
                                   cards=shields, count=min(count, len(shields)),
                                   purpose="break", source=attacker.iid, noun="shield")
        for shield in broken:  # "instead of breaking" asks before any shield is broken
            protection.find_replacement(duel, shield, ("shield_broken",), None)
        proc["stage"] = "end"
        self._heading(duel, proc, "break")
        events: list[dict[str, Any]] = []
        for shield in broken:
            events += self.break_shield(duel, shield, by=attacker.iid)
        st.answers = {}
        duel.happen(events, kind="break")

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, duel: Duel) -> list[dict[str, Any]]:
        """Steps, summons, casts, charges and attacks of the active player, and events."""
        st = duel.state
        if st.chain or st.activation or st.queue or st.procedure:
            return []
        ap = st.turn_player
        out: list[dict[str, Any]] = [{"do": "next_step"}]
        untapped = sum(not c.tapped for c in st.cards_in(ap, "mana"))
        for card in sorted(st.cards.values(), key=lambda c: c.iid):
            definition = duel.definition(card)
            zone, mine = card.zone, card.owner == ap
            if zone == "hand" and mine and st.phase == "main" and definition.cost <= untapped:
                if definition.type == "spell":
                    out.append({"do": "cast", "card": card.iid})
                elif definition.type == "creature" or self.bases(duel, card, ap):
                    out.append({"do": "summon", "card": card.iid})
            if zone == "hand" and mine and st.phase == "charge" and st.used.get(
                    "charge") != st.turn:
                out.append({"do": "charge", "card": card.iid})
            if zone == "battle":
                out.append({"do": "destroy", "card": card.iid})
                if not card.tapped:
                    out.append({"do": "tap", "card": card.iid})
                if card.controller == ap and st.phase == "attack" and not card.tapped:
                    if self.attack_refusal(duel, card, None) is None:
                        out.append({"do": "attack", "card": card.iid})
                    out += [{"do": "attack", "card": card.iid, "target": c.iid}
                            for c in st.cards_in(1 - ap, "battle")
                            if self.attack_refusal(duel, card, c) is None]
            if zone == "shield":
                out.append({"do": "break_shield", "card": card.iid})
            if zone in ("hand", "mana") and definition.type == "creature":
                out.append({"do": "put_into_battle", "card": card.iid})
        return out

    # ------------------------------------------------------------------ names
    def effect_label(self, effect: EffectDef) -> str:
        return self._effect_name(effect)

    def _effect_name(self, effect: EffectDef) -> str:
        return effect.label or {"s_trigger": "S-Trigger", "ninja_strike": "Ninja Strike"}.get(
            effect.kind, f"ability {effect.index + 1}")



def kept_by(card: Card, cause_type: str | None) -> dict[str, Any] | None:
    """The lasting protection on ``card`` that keeps it in the battle zone against a move of
    this kind (``protect``: ``cannot: leave`` against any, ``cannot: destroyed`` against a
    destruction), or None."""
    return next((m for m in card.mods if m.get("cannot") == "leave"
                 or (m.get("cannot") == "destroyed" and cause_type == "destroyed")), None)


def _changes_zone(ev: dict[str, Any]) -> bool:
    """Is the event a card changing zone (leaving one, or put into the battle zone)?"""
    return ev["type"] == "put_into_battle" or ev.get("to") is not None


def _leaves_battle(ev: dict[str, Any]) -> bool:
    """Is the event a card leaving the battle zone (destroyed, returned, sent...)?"""
    return ev["was"].get("zone") == "battle" and ev.get("to") not in (None, "battle")

#: the rule policy of this game's duels (engine.games.Game.policy)
POLICY = DuelMastersPolicy
