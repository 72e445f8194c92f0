"""Shared machinery of the rule policies.

Set-up and board edits, collecting the triggers that match an instant's events (through an
index, so a storm of N events costs O(N)), continuous checks applied after each instant, and
the common helpers both games' policies build on. A policy subclass says how triggers wait,
miss and are ordered, and who decides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import protection, refusals
from ..amounts import evaluate
from ..errors import IllegalAction
from ..events import STATS, card_matches, describe_event, event_matches, make_event
from ..log import card_kind, with_article
from ..refusals import Refusal, Worded
from ..state import PLAYER_KEYS, Card, Decision, Trigger, hidden_from, player_index

if TYPE_CHECKING:
    from ..cards import CardDef, EffectDef
    from ..duel import Duel


class Policy:
    """The interface every game's rule policy implements, with the shared parts."""

    GAME = ""
    ZONES: tuple[str, ...] = ()
    FIELD_ZONES: frozenset[str] = frozenset()
    PHASES: tuple[str, ...] = ()
    FIRST_PHASE = ""
    CAPACITY: dict[str, int] = {}
    GRAVEYARD = "graveyard"
    EDITS = frozenset({"place", "move", "remove", "set_lp", "set_turn", "set_phase"})
    #: does a trigger fire once per event (DM-POOL) or once per instant (YGO-SEGOC)?
    PER_EVENT = False
    ZONE_ALIASES: dict[str, str] = {}
    #: the rules a choice made while an effect resolves cites (a mode of ``choose_one``)
    RESOLUTION_RULES: tuple[str, ...] = ()
    #: the rules a replaced event, a destruction that cannot happen and a refused choice cite
    REPLACEMENT_RULES: tuple[str, ...] = ()
    INDESTRUCTIBLE_RULES: tuple[str, ...] = ()
    PROTECTION_RULES: tuple[str, ...] = ()
    #: the log key for "this trigger would have met its timing, but its event was replaced"
    NOT_TRIGGERED_KEY = "trigger.not_met"
    #: the rule a continuous effect that acts on its own at once cites (unique names)
    STATIC_RULES: tuple[str, ...] = ()
    #: does the part after "then" happen only if the part before it did (as "if you do"
    #: does in both games), and the rules a part left out for that cites
    THEN_NEEDS_DONE = False
    SEQUENCE_RULES: tuple[str, ...] = ()
    #: does a destruction (discard, Tribute) that something replaced count as done for "if
    #: you do"? In Duel Masters it does, as a cost does (DM-EVENT-HAPPENED: a spell that
    #: destroys a creature whose destruction is replaced still draws)
    REPLACED_IS_DONE = True

    # ------------------------------------------------------------------ a card's defaults
    @classmethod
    def default_activate_from(cls, card_type: str) -> tuple[str, ...]:
        """The zones an effect of a card of ``card_type`` is used from when its data names
        none."""
        return ("hand",)

    @classmethod
    def default_speed(cls, card_type: str, subtype: str, kind: str) -> int:
        """An effect's Spell Speed when its data gives none (0: the game has none)."""
        return 0

    # ------------------------------------------------------------------ settings and set-up
    def normalise_settings(self, settings: dict[str, Any]) -> dict[str, Any]:
        return dict(settings)

    def zone_alias(self, zone: str) -> str:
        return self.ZONE_ALIASES.get(zone, zone)

    def apply_setup(self, duel: Duel, setup: dict[str, Any]) -> None:
        """Build the initial board from a set-up mapping (see docs/scenarios.md)."""
        st = duel.state
        if "turn_player" in setup:
            st.turn_player = player_index(setup["turn_player"])
        st.turn = int(setup.get("turn", 1))
        if "phase" in setup:
            if setup["phase"] not in self.PHASES:
                raise IllegalAction(Refusal("unknown_phase_of", phase=repr(setup["phase"]),
                                            phases=", ".join(self.PHASES)))
            st.phase = setup["phase"]
        st.step = setup.get("step")
        for player, key in enumerate(PLAYER_KEYS):
            side = setup.get(key) or {}
            if "lp" in side:
                st.lp[player] = int(side["lp"])
            by_zone: dict[str, list[Any]] = {}
            for zone, entries in side.items():
                if zone == "lp":
                    continue
                zone_name = self.zone_alias(zone)
                if zone_name not in self.ZONES:
                    raise IllegalAction(Refusal("unknown_zone_for", zone=repr(zone), side=key,
                                                zones=", ".join(self.ZONES)))
                by_zone.setdefault(zone_name, []).extend(entries or [])
            for zone_name in self.ZONES:  # a fixed order: the same cards get the same ids
                for entry in by_zone.get(zone_name, []):
                    self.place_from_setup(duel, player, zone_name, entry)

    # ------------------------------------------------------------------ where cards may go
    def zones_for(self, definition: CardDef) -> tuple[str, ...]:
        """The zones (their set-up names, in :attr:`ZONES` order) where a card of this kind
        may be put by a set-up or a board edit. Every zone, unless the game says otherwise."""
        return self.ZONES

    def placement_problem(self, definition: CardDef, zone: str) -> str | None:
        """Why a card of this kind cannot be put in ``zone``, in the game's words; None when
        it can ("<name> is a Field Spell: it goes in the Field Zone, not in a Monster
        Zone")."""
        zone = self.zone_alias(zone)
        if zone not in self.ZONES:
            return Refusal("unknown_zone_of", zone=repr(zone), zones=", ".join(self.ZONES))
        if zone in self.zones_for(definition):
            return None
        return self.placement_reason(definition, zone)

    def placement_reason(self, definition: CardDef, zone: str) -> str:
        """The reason :meth:`placement_problem` gives for a zone not in :meth:`zones_for`."""
        kind = card_kind(definition)
        return Refusal("cannot_be_put", card=refusals.card(definition), place=refusals.place(zone),
                       kind=Worded(with_article(kind), lambda tr: card_kind(definition, tr)))

    def check_placement(self, duel: Duel, definition: CardDef, zone: str) -> None:
        """Refuse a card put where its kind cannot be. A duel playing its recorded set-up and
        history again (``duel.replaying``) does not judge them again: a board saved before
        this rule keeps opening."""
        if duel.replaying:
            return
        problem = self.placement_problem(definition, zone)
        if problem:
            raise IllegalAction(problem)

    def place_from_setup(self, duel: Duel, player: int, zone: str, entry: Any) -> Card:
        if isinstance(entry, str):
            entry = {"card": entry}
        if not isinstance(entry, dict) or "card" not in entry:
            raise IllegalAction(Refusal("needs_card_name", zone=refusals.zone(zone)))
        self.check_placement(duel, duel.card_def_by_ref(entry["card"]), zone)
        if not duel.state.settings.get("unlimited_zones") and zone in self.CAPACITY:
            if len(duel.state.zones[player][zone]) >= self.CAPACITY[zone]:
                raise IllegalAction(Refusal("zone_full_of", zone=refusals.zone(zone),
                                            player=refusals.player(player)))
        attrs = self.placement_attrs(duel, zone, entry)
        card = duel.create_card(entry["card"], player, zone, **attrs)
        if entry.get("as"):
            duel.aliases[str(entry["as"])] = card.iid
        for name in entry.get("under", []):  # evolution sources, Xyz Materials
            base = duel.create_card(name, player, "limbo")
            base.zone = "under"
            card.under.append(base.iid)
        return card

    def attached_reason(self, duel: Duel, card: Card) -> str:
        """Why a card under another one (or with cards under it) cannot be moved by an edit."""
        return Refusal("attached", card=refusals.named(duel, card.iid))

    def placement_attrs(self, duel: Duel, zone: str, entry: dict[str, Any]) -> dict[str, Any]:
        attrs: dict[str, Any] = {}
        if "face_up" in entry:
            attrs["face_up"] = bool(entry["face_up"])
        if "position" in entry:
            attrs["position"] = entry["position"]
        if "tapped" in entry:
            attrs["tapped"] = bool(entry["tapped"])
        if "summoned" in entry:
            attrs["flags"] = {"summoned": str(entry["summoned"])}
        return attrs

    # ------------------------------------------------------------------ always ask
    def always_ask(self, duel: Duel) -> bool:
        """Does the duel ask a player at every window the rules give it, whether or not it
        holds something to use there ("always ask", on for boards with seats): what another
        player sees then never depends on its hidden cards."""
        return bool(duel.state.settings.get("always_ask"))

    def holds_hidden(self, duel: Duel, player: int) -> bool:
        """Does ``player`` hold a card others cannot see (in its hand or face down on the
        field)? Everyone knows this much: it is how many cards lie face down."""
        st = duel.state
        return any(hidden_from(st.cards[iid], None) for zone in self.HIDDEN_HOLDINGS
                   for iid in st.zones[player].get(zone, ()))

    #: where a player's hidden cards can meet their timing or be used from
    HIDDEN_HOLDINGS: tuple[str, ...] = ("hand",)

    # ------------------------------------------------------------------ board edits
    def edit(self, duel: Duel, action: dict[str, Any]) -> None:
        """Board edits: place, move, remove a card; set LP, turn player, phase."""
        st = duel.state
        if st.chain or st.activation or st.queue or any(
            p.get("auto") for p in st.procedure
        ):
            raise IllegalAction(Refusal("editing_while_resolving"))
        do = action["do"]
        if do in ("move", "remove"):
            card = self.card_arg(duel, action)
            if card.zone == "under" or card.under:
                raise IllegalAction(self.attached_reason(duel, card))
        if do == "place":
            player = player_index(action.get("player", "p1"))
            zone = self.zone_alias(action.get("zone", "hand"))
            if zone not in self.ZONES:
                raise IllegalAction(Refusal("unknown_zone", zone=repr(zone)))
            card = self.place_from_setup(duel, player, zone, action)
            duel.log("action", player=player,
                     what="places {card} {place}", place=zone, card=card.iid)
        elif do == "move":
            card = self.card_arg(duel, action)
            zone = self.zone_alias(action.get("zone", ""))
            if zone not in self.ZONES:
                raise IllegalAction(Refusal("unknown_zone", zone=repr(zone)))
            self.check_placement(duel, duel.definition(card), zone)
            # a shield goes face down; a Set card moved on the field stays Set, unless the
            # edit says how it lies
            attrs = self.placement_attrs(duel, zone, {**self.kept_face(card, zone), **action})
            duel.put(card, zone, controller=card.controller,
                     face_up=attrs.get("face_up", True),
                     position=attrs.get("position", "attack"))
            duel.log("action", player=card.owner,
                     what="puts {card} {place}", place=zone, card=card.iid)
        elif do == "remove":
            card = self.card_arg(duel, action)
            duel.remove_from_zone(card)
            card.zone = "limbo"
            card.obj += 1
            duel.log("action", player=card.owner, what="removes {card}", card=card.iid)
        elif do == "set_lp":
            player = player_index(action.get("player", "p1"))
            st.lp[player] = int(action["lp"])
            duel.log("action", player=player, what="sets LP to {lp}", lp=st.lp[player])
        elif do == "set_turn":
            st.turn_player = player_index(action.get("player", "p1"))
            st.turn = int(action.get("turn", st.turn))
            duel.log("action", player=st.turn_player, what="becomes the turn player")
        elif do == "set_phase":
            if action.get("phase") not in self.PHASES:
                raise IllegalAction(Refusal("unknown_phase", phase=repr(action.get("phase"))))
            st.phase = action["phase"]
            st.step = action.get("step")
            duel.log("phase", phase=st.phase, turn=st.turn, player=st.turn_player)

    def kept_face(self, card: Card, zone: str) -> dict[str, Any]:
        """How a card moved by a board edit lies unless the edit says otherwise: from one
        zone of the field to another it keeps its face (a Set card stays face-down), and
        within one kind of zone its position too (a face-down Defense Position monster stays
        so). Anywhere else it comes face-up, as a card put there does."""
        if card.zone not in self.FIELD_ZONES or zone not in self.FIELD_ZONES:
            return {}
        kept: dict[str, Any] = {"face_up": card.face_up}
        if card.zone == zone:
            kept["position"] = card.position
        return kept

    def card_arg(self, duel: Duel, action: dict[str, Any], key: str = "card") -> Card:
        ref = action.get(key)
        if isinstance(ref, str) and not ref.isdigit():
            ref = duel.ref(ref)
        try:
            card = duel.state.cards[int(ref)]
        except (KeyError, TypeError, ValueError):
            raise IllegalAction(Refusal("no_card_named", name=repr(action.get(key)))) from None
        if card.zone == "limbo":
            raise IllegalAction(Refusal("card_gone", card=refusals.named(duel, card.iid)))
        return card

    # ------------------------------------------------------------------ instants
    def after_instant(self, duel: Duel, inst: dict[str, Any]) -> None:
        self.collect(duel, inst)
        if duel.recorder is not None:  # a frame shows the instant with the triggers it met
            duel.recorder.point(duel, "instant", inst)
        self.continuous_checks(duel, inst)

    def collect(self, duel: Duel, inst: dict[str, Any]) -> None:
        """Find the triggers whose event pattern matches this instant's events.

        Candidates are the cards an event is about (or caused by) plus the cards that watch
        other cards' events, so the cost is linear in the number of events.
        """
        st = duel.state
        library = duel.library
        seen: set[tuple[int, int]] = set()
        again: dict[tuple[int, int], list[dict[str, Any]]] = {}
        watchers = [st.cards[i] for i in sorted(duel._watchers)
                    if i in st.cards and st.cards[i].zone != "limbo"]
        for ev in inst["events"]:
            candidates: list[Card] = []
            for key in ("card", "by", "target"):
                iid = ev.get(key)
                if iid is not None and iid in st.cards and iid not in duel._watchers:
                    candidates.append(st.cards[iid])
            candidates += watchers
            done_for_event: set[int] = set()
            for card in candidates:
                if card.iid in done_for_event:
                    continue
                done_for_event.add(card.iid)
                for effect in library[card.card_id].effects:
                    if not self.is_collected(effect):
                        continue
                    key = (card.iid, effect.index)
                    if not any(event_matches(p, ev, card, library, st) for p in effect.event):
                        continue
                    if key in seen and not self.PER_EVENT:
                        again.setdefault(key, []).append(ev)  # once per occurrence
                        continue
                    seen.add(key)
                    self.trigger_met(duel, card, effect, ev, inst)
        self._once_per_occurrence(duel, inst, again)

    def _once_per_occurrence(self, duel: Duel, inst: dict[str, Any],
                             again: dict[tuple[int, int], list[dict[str, Any]]]) -> None:
        """Say so when a trigger met its timing on several events of one instant: it is
        activated once for that occurrence (YGO-SEGOC)."""
        if not again:
            return
        st = duel.state
        for t in reversed(st.triggers):
            if t.met_at != inst["n"]:
                break
            more = again.pop((t.card, t.effect), None)
            if more is None or t.status != "met":
                continue
            effect = duel.effect(t.card, t.effect)
            duel.log("trigger.once_per_occurrence", ["YGO-SEGOC"], card=t.card,
                     effect=self.effect_label(effect), tid=t.tid, count=len(more) + 1,
                     met_at=t.met_at, events=[describe_event(e) for e in [t.event, *more]])

    def is_collected(self, effect: EffectDef) -> bool:
        return effect.kind == "trigger" and bool(effect.event)

    def new_trigger(self, duel: Duel, card: Card, effect: EffectDef, ev: dict[str, Any],
                    inst: dict[str, Any], **extra: Any) -> Trigger:
        st = duel.state
        t = Trigger(tid=st.next_tid, card=card.iid, obj=card.obj, effect=effect.index,
                    controller=card.controller, met_at=inst["n"], event=_slim(ev),
                    optional=effect.optional, wording=effect.wording, zone=card.zone,
                    seq=st.next_tid, private=hidden_from(card, None), **extra)
        st.next_tid += 1
        st.triggers.append(t)
        return t

    def trigger_met(self, duel: Duel, card: Card, effect: EffectDef, ev: dict[str, Any],
                    inst: dict[str, Any]) -> None:
        raise NotImplementedError

    def continuous_checks(self, duel: Duel, inst: dict[str, Any]) -> None:
        """Continuous effects that act on their own after an instant (e.g. unique names)."""
        st = duel.state
        for iid in sorted(duel._continuous):
            card = st.cards.get(iid)
            if card is None or not self.on_field(card) or not card.face_up:
                continue
            for effect in duel.definition(card).effects:
                if effect.kind == "continuous" and effect.apply:
                    self.apply_continuous(duel, card, effect)

    def apply_continuous(self, duel: Duel, card: Card, effect: EffectDef) -> None:
        rule = effect.apply.get("rule")
        if rule == "unique_names":
            self._unique_names(duel, card)

    def _unique_names(self, duel: Duel, source: Card) -> None:
        """If two face-up monsters share a name, the one that arrived later is destroyed."""
        st = duel.state
        seen: dict[str, Card] = {}
        doomed: list[Card] = []
        field_cards = sorted(
            (c for c in st.all_cards_in("monster") if c.face_up),
            key=lambda c: (c.flags.get("arrived", 0), c.iid),
        )
        for c in field_cards:
            if c.card_id in seen:
                doomed.append(c)
            else:
                seen[c.card_id] = c
        if doomed:
            events: list[dict[str, Any]] = []
            for c in doomed:
                events += duel.move_by_effect(c, "graveyard", None, cause_type="destroyed",
                                              cause="effect", by_player=source.controller)
                for ev in events:
                    ev.setdefault("by", source.iid)
            duel.log("static", self.STATIC_RULES, card=source.iid, what="destroys {cards}",
                     cards=[c.iid for c in doomed])
            duel.happen(events, kind="continuous")

    # ------------------------------------------------------------------ common helpers
    def effect_label(self, effect: EffectDef) -> str:
        """A short name for an effect (its label), for the log and the frames."""
        return effect.label or f"effect {effect.index + 1}"

    def on_field(self, card: Card) -> bool:
        return card.zone in self.FIELD_ZONES

    def listed(self, duel: Duel, player: int, zone: str, spec: dict[str, Any]) -> list[int]:
        """The cards a selector ``spec`` looks at in one player's zone (a game may reach
        cards listed in no zone, as Duel Masters reaches the cards under an evolution)."""
        return duel.state.zones[player][zone]

    def stat(self, duel: Duel, card: Card, stat: str) -> int | None:
        """A stat (``atk``, ``def``, ``power``, ``level``, ``cost``) as printed; a game whose
        stats change overrides this for those."""
        return getattr(duel.definition(card), STATS[stat])

    def strength(self, duel: Duel, card: Card) -> int | list[int] | None:
        """What the mat shows of a card's strength now (None: nothing)."""
        return None

    # ------------------------------------------------------------------ conditions
    def conditions_hold(self, duel: Duel, card: Card, effect: EffectDef,
                        ev: dict[str, Any] | None, when: tuple[str, ...]) -> bool:
        """Do the effect's conditions checked at ``when`` (``event`` / ``resolution`` /
        ``both``; ``resolution`` if not said) hold (DM-CONDITION)?"""
        return all(self._holds(duel, card, cond, ev or {}) for cond in effect.condition
                   if cond.get("at", "resolution") in when)

    def _holds(self, duel: Duel, card: Card, cond: dict[str, Any], ev: dict[str, Any]) -> bool:
        """One condition of a card: ``event`` fields, a ``count`` of cards, a ``source_flag``,
        or ``card`` (self / event_card) with ``zone``: that card is in that zone now."""
        for key, want in cond.items():
            if key in ("at", "text", "card"):
                continue
            if key == "zone":
                iid = card.iid if cond.get("card", "self") == "self" else ev.get("card")
                where = duel.state.cards[iid].zone if iid in duel.state.cards else None
                zones = want if isinstance(want, list) else [want]
                ok = where in [self.zone_alias(z) for z in zones]
            elif key == "event":
                ok = all(ev.get(k) == v for k, v in want.items())
            elif key == "count":
                n = len(duel.find_cards(want, card.controller, card.iid))
                ok = want.get("min", 0) <= n <= want.get("max", n)
            elif key == "source_flag":
                ok = all(card.flags.get(k) == v for k, v in want.items())
            elif key == "this_turn":
                ok = any(self._this_turn(duel, card, w)
                         for w in (want if isinstance(want, list) else [want]))
            else:
                raise KeyError(f"unknown condition {key!r}")
            if not ok:
                return False
        return True

    @staticmethod
    def _this_turn(duel: Duel, card: Card, what: str) -> bool:
        """Did this card, as the card it is now, arrive or turn face-up this turn as ``what``
        says: ``normal_summoned`` (a Normal or Tribute Summon), ``special_summoned``,
        ``flipped`` (face-up by a Flip Summon, an attack or an effect): "the turn this card was
        Normal Summoned or flipped face-up" (YGO-PHASE); or ``destroyed_by_battle``: "if this
        card destroyed a monster by battle this turn"."""
        flags, turn = card.flags, duel.state.turn
        if what == "flipped":
            return flags.get("flipped_turn") == turn
        if what == "destroyed_by_battle":  # it destroyed a monster by battle
            return flags.get("destroyed_by_battle_turn") == turn
        if flags.get("summoned_turn") != turn:
            return False
        normal = flags.get("summoned") in ("normal", "tribute")
        return normal if what == "normal_summoned" else not normal

    # ------------------------------------------------------------------ stats
    def ignored(self, duel: Duel, card: Card) -> bool:
        """Are the card's effects negated now: this turn (the shared ``negate_effects``), or by
        a continuous negation (engine/protection.py)?"""
        return protection.negated_by(duel, card) is not None

    def statics_work(self, duel: Duel, source: Card) -> bool:
        """Do the continuous effects of ``source`` apply now (face-up on the field)?"""
        return self.on_field(source) and source.face_up and not self.ignored(duel, source)

    def modified(self, duel: Duel, card: Card, stat: str, printed: int) -> int:
        """A stat as it is now: printed, lasting changes (``modify_stat``), continuous ones."""
        lasting = sum(m["amount"] for m in card.mods if m["stat"] == stat)
        return printed + lasting + self.stat_bonus(duel, card, stat)

    def stat_bonus(self, duel: Duel, card: Card, stat: str) -> int:
        """What continuous effects add to ``stat`` of ``card``, computed afresh every time it
        is read, so a count-based amount follows the count (DM-STATIC). An amount that would
        read itself (a count whose filter looks at the same stat) counts it as 0."""
        st = duel.state
        total = 0
        for iid in sorted(duel._continuous):
            source = st.cards.get(iid)
            if source is None or not self.statics_work(duel, source):
                continue
            for e in duel.definition(source).effects:
                if e.kind != "continuous" or not e.apply or stat not in e.apply:
                    continue
                key = (iid, e.index, card.iid, stat)
                if key in duel.reading or not self.applies_to(duel, source, e.apply, card):
                    continue
                duel.reading.add(key)
                try:
                    total += evaluate(duel, e.apply[stat], me=source.controller,
                                      source=source.iid,
                                      card_of=lambda ref, s=source: self.card_ref(duel, s, ref))
                finally:
                    duel.reading.discard(key)
        return total

    def granted(self, duel: Duel, card: Card, key: str) -> list[Any]:
        """What the continuous effects (static abilities) applying to ``card`` now say under
        ``key`` of their ``apply`` (Yu-Gi-Oh!'s ``piercing``, ``cannot_attack``; Duel
        Masters' ``breaks``, ``speed_attacker``, ``cannot_attack``...): one value for each,
        read afresh every time, as a stat change is (YGO-KIND, DM-STATIC)."""
        st = duel.state
        found: list[Any] = []
        for iid in sorted(duel._continuous):
            source = st.cards.get(iid)
            if source is None or not self.statics_work(duel, source):
                continue
            found += [e.apply[key] for e in duel.definition(source).effects
                      if e.kind == "continuous" and e.apply and key in e.apply
                      and self.applies_to(duel, source, e.apply, card)]
        return found

    def applies_to(self, duel: Duel, source: Card, apply: dict[str, Any], card: Card) -> bool:
        """Is ``card`` one a continuous effect's ``to:`` names, while its ``while:`` holds
        (:meth:`while_holds`) and its ``while_count`` too: the cards its controller's selector
        finds are at least ``min`` and at most ``max`` ("While you control a monster", "While
        you have at least 1 Human in the battle zone", DM-STATIC: read again every time)?"""
        to = apply.get("to", "self")
        if not self.on_field(card) or not card.face_up:
            return False
        if to in ("self", "equipped"):
            ok = self.card_ref(duel, source, to) is card
        else:
            if to.get("other") and card.iid == source.iid:
                return False
            flt = {**(to.get("filter") or {}), "controller": to.get("controller", "any")}
            ok = card_matches(flt, duel.definition(card), controller=card.controller,
                              me=source.controller, face_up=card.face_up,
                              position=card.position)
        if not ok or not self.while_holds(duel, card, apply.get("while")):
            return False
        return self.count_holds(duel, source, apply.get("while_count"))

    def count_holds(self, duel: Duel, source: Card, want: dict[str, Any] | None) -> bool:
        """Does a continuous effect's ``while_count`` hold now ("While you control a monster":
        read again each time)? No count always holds."""
        if want is None:
            return True
        n = len(duel.find_cards(want, source.controller, source.iid))
        return want.get("min", 0) <= n <= want.get("max", n)

    def while_holds(self, duel: Duel, card: Card, cond: str | None) -> bool:
        """Does a continuous effect's lasting condition (``while:``) hold for ``card`` now:
        ``attacking`` / ``blocking`` (its role in the attack being resolved), ``tapped`` /
        ``untapped``? No condition always holds."""
        if cond in ("tapped", "untapped"):
            return card.tapped == (cond == "tapped")
        return not cond or self.battle_role(duel, card) == cond

    def card_ref(self, duel: Duel, source: Card, ref: str) -> Card | None:
        """``self`` or ``equipped`` (the monster an Equip Spell is equipped to), seen from
        the card whose continuous effect this is."""
        if ref == "self":
            return source
        if ref == "equipped":
            return self.equipped_to(duel, source)
        return None

    def equipped_to(self, duel: Duel, source: Card) -> Card | None:
        """The card ``source`` is equipped to, while that link holds."""
        iid = source.flags.get("equipped_to")
        card = duel.state.cards.get(iid) if iid is not None else None
        if card is None or card.obj != source.flags.get("equipped_obj"):
            return None
        return card

    def battle_role(self, duel: Duel, card: Card) -> str | None:
        """``attacking`` or ``blocking`` while the card is in the attack being resolved."""
        proc = duel.state.procedure[0] if duel.state.procedure else {}
        if proc.get("kind") != "attack":
            return None
        if proc.get("attacker") == card.iid:
            return "attacking"
        if proc.get("blocker") == card.iid:
            return "blocking"
        return None

    def why_not_activate(self, duel: Duel, card: Card) -> tuple[str, list[str]] | None:
        """Why a card one activates cannot be activated now, or None (see
        :meth:`Duel.why_not_activate`)."""
        return None

    def why_not_option(self, duel: Duel, decision: Decision,
                       card: Card) -> tuple[str, list[str]] | None:
        """Why ``card`` is not an option of the open decision, with the rule, or None."""
        return None

    def choice_rules(self, duel: Duel, purpose: str, cost: bool) -> list[str]:
        """The rules that decide when a choice of cards is made, by what it is for."""
        raise NotImplementedError

    def can_place(self, duel: Duel, card: Card | None, player: int, zone: str) -> bool:
        if duel.state.settings.get("unlimited_zones") or zone not in self.CAPACITY:
            return True
        return len(duel.state.zones[player][zone]) < self.CAPACITY[zone]

    def source_still_there(self, duel: Duel, source: Card, link: Any) -> bool:
        return source.obj == link.obj and self.on_field(source)

    def basic_move(self, duel: Duel, card: Card, to: str, events: list[dict[str, Any]], *,
                   cause: str | None, by: int | None, by_player: int | None,
                   destroyed: bool, how: str | None) -> None:
        """Move a card and append the events every game records for such a move."""
        was_field = self.on_field(card)
        base = make_event("moved", card)
        card_events = []
        if how:
            card_events.append(make_event(how, card, cause=cause, by=by, by_player=by_player,
                                          player=card.controller))
        duel.put(card, to)
        after = {"to": to, "from": base["was"]["zone"], "cause": cause, "by": by,
                 "by_player": by_player, "destroyed": destroyed or None, "obj": card.obj}
        for ev in card_events:
            ev.update({k: v for k, v in after.items() if v is not None})
        if to == self.GRAVEYARD:
            card_events.append({**base, "type": "sent_to_gy",
                                **{k: v for k, v in after.items() if v is not None}})
        elif to == "hand":
            kind = "returned_to_hand" if was_field else "added_to_hand"
            card_events.append({**base, "type": kind,
                                **{k: v for k, v in after.items() if v is not None}})
        elif to == "banished":
            card_events.append({**base, "type": "banished",
                                **{k: v for k, v in after.items() if v is not None}})
        if was_field:
            card_events.append({**base, "type": "left_field",
                                **{k: v for k, v in after.items() if v is not None}})
        events.extend(card_events)


def _slim(ev: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in ev.items() if k != "was"} | (
        {"was": ev["was"]} if "was" in ev else {})
