"""The duel: one state, actions applied to it, replay and undo.

Like a chess board object: ``Duel(...)`` holds a :class:`~engine.state.State`, the list of
actions applied since the set-up, and the rule policy of its game. ``apply(action)`` either
applies an action completely or raises :class:`~engine.errors.IllegalAction` and leaves the
duel exactly as it was; ``legal_actions()`` lists what may be done now; ``undo()`` and
``replay()`` rebuild the state from the set-up and the actions (the state is deterministic).

This module is the shared machinery of both games: zones and moves, instants and trigger
records, activations with costs and targets, resolving operations, decisions and the log. What
differs between the games lives in the rule policies (``engine/games/<game>``).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from . import damage, refusals, restrictions
from .cards import CardDef, EffectDef, Library, default_library
from .errors import IllegalAction, TriggerLoopError
from .events import card_matches, describe_event, make_event
from .frames import Frame, FrameRecorder
from .games import game as registered
from .i18n import Translator, language
from .limits import check_action, check_duel, check_plain, check_room
from .log import HIDDEN, render, told_apart
from .operations import FEASIBLE, OPERATIONS, SELF_ONLY, SOURCE_ONLY, Context
from .protection import negated_by, split_choosable
from .refusals import Refusal
from .rules.interfaces import CutsIn, Shields
from .state import PLAYERS, Card, ChainLink, Decision, State, Trigger, hidden_from, player_index

#: what malformed input makes Python itself raise deep in the engine: an action or set-up of
#: the wrong shape is refused as an IllegalAction with this reason, never let through as a 500
MALFORMED = (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError,
             RecursionError)

#: instants one action may cause before the engine calls it a trigger loop
LOOP_BASE = 5000
LOOP_PER_CARD = 25
#: keep a copy of the state every this many actions, so any step opens quickly
SNAPSHOT_EVERY = 25
#: the log entries about one trigger (see ``Trigger.logged``)
TRIGGER_LOG_KEYS = ("trigger.", "pending.")
#: log entries about what a card's effects do or could do, and the choices made about them:
#: one that names a hidden card is for that card's controller alone (it would tell the others
#: what the card is)
PRIVATE_LOG_KEYS = (*TRIGGER_LOG_KEYS, "window.", "decision.")
#: a duel that records its frames while applying keeps those of this many latest steps
FRAMES_KEPT = 16
#: where a cost operation puts cards (a target may be chosen there after the cost is paid)
COST_DESTINATIONS = {"discard": "graveyard", "send_to_gy": "graveyard", "tribute": "graveyard",
                     "destroy": "graveyard", "banish": "banished"}


class NeedDecision(Exception):
    """Raised by a unit of work that cannot go on without a player's answer."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.kind)
        self.decision = decision


class Duel:
    """A duel of one game under one rule policy.

    >>> from engine import Duel
    >>> duel = Duel("yugioh", setup={"p1": {"monster": [card_name]}})
    >>> duel.apply({"do": "destroy", "card": duel.ref(card_name)})
    """

    def __init__(
        self,
        game: str | None = None,
        *,
        setup: dict[str, Any] | None = None,
        settings: dict[str, Any] | None = None,
        library: Library | None = None,
        cards: list[dict[str, Any]] | None = None,
        recorded: bool = False,
    ) -> None:
        """``game``: a registered game's name (the first registered when None).
        ``cards``: extra card definitions (the YAML schema, as mappings) for this duel.
        ``recorded``: the set-up is the record of a duel built before (see :attr:`replaying`).
        """
        from .rules import policy_for

        check_duel(setup=setup, cards=list(cards or []), what="the duel")
        check_plain(settings or {}, "the settings")
        from .games import default

        self.game = game = game or default()
        self.policy = policy_for(game)
        self.library = library if library is not None else default_library(game)
        if cards:
            from .cards import parse_cards

            self.library = self.library.copy()
            # the cards of a history (a board's, a what-if's): read as they were saved
            for definition in parse_cards(list(cards), file="<cards>", game_hint=game,
                                          strict=False):
                self.library.add(definition, replace=True)
        self.settings = self.policy.normalise_settings(settings or {})
        self.setup: dict[str, Any] = copy.deepcopy(setup or {})
        self.actions: list[dict[str, Any]] = []
        self.aliases: dict[str, int] = {}
        self._snapshots: dict[int, State] = {}
        #: whether applying keeps copies of the state (not on a duel replayed for its frames)
        self.keeps_copies = True
        self._loop_budget = 0
        self._applying = False
        #: True while the game takes a step of its own (a decision can be asked), False while
        #: an event fired from the board is applied
        self.stepping = False
        #: True while the duel plays its recorded set-up and history again (opening a saved
        #: duel, undo, a step's frames): what only new input is checked for (where a card may
        #: be placed) is not judged again, so a duel saved before such a rule keeps opening
        self.replaying = recorded
        #: collects frames while a step is replayed for :meth:`frames`; None otherwise
        self.recorder: FrameRecorder | None = None
        #: whether :meth:`apply` records each new step's frames (with their states) as it
        #: plays it, so :meth:`frames` needs no replay for them (:attr:`recorded_frames`)
        self.records_frames = False
        #: the frames recorded while applying, by step (this duel's last ``FRAMES_KEPT`` new
        #: steps)
        self.recorded_frames: dict[int, list[Frame]] = {}
        #: the frames of steps already asked for (:meth:`frames` without states), by step: a
        #: step's frames never change once it is played (see :meth:`_restore_from_copies`)
        self._frames_read: dict[int, list[Frame]] = {}
        #: the continuous stat amounts being computed now (a count cannot read itself)
        self.reading: set[tuple[int, int, int, str]] = set()
        try:
            self.state = self._initial_state()
        except MALFORMED as exc:
            raise IllegalAction(Refusal("malformed_setup")) from exc
        self.replaying = False
        #: how many actions the saved history held when it was opened cut to the limits
        #: (:func:`engine.limits.within_room`); such a duel takes no further change
        self.history_cut: int | None = None

    # ------------------------------------------------------------------ set-up
    def _initial_state(self) -> State:
        st = State(game=self.game, settings=dict(self.settings))
        st.zones = [{z: [] for z in self.policy.ZONES} for _ in PLAYERS]
        st.phase = self.policy.FIRST_PHASE
        self.state = st
        self.aliases = {}
        self._watchers: set[int] = set()
        self._continuous: set[int] = set()
        self.policy.apply_setup(self, self.setup)
        return st

    def create_card(self, ref: str, owner: int, zone: str, **attrs: Any) -> Card:
        """Put a new card instance into a zone (set-up, board edits, tokens)."""
        definition = self.card_def_by_ref(ref)
        st = self.state
        card = Card(iid=st.next_iid, card_id=definition.id, owner=owner, controller=owner,
                    zone=zone)
        for key, value in attrs.items():
            setattr(card, key, value)
        st.next_iid += 1
        st.cards[card.iid] = card
        if zone != "limbo":
            st.zones[owner][zone].append(card.iid)
        self._index_card(card)
        return card

    def _index_card(self, card: Card) -> None:
        definition = self.library[card.card_id]
        for e in definition.effects:
            if self.policy.is_collected(e) and not e.watches_self:
                self._watchers.add(card.iid)
            if (e.kind == "continuous" and e.apply) or e.kind == "replacement":
                self._continuous.add(card.iid)  # continuous, protections, replacements

    def card_def_by_ref(self, ref: str) -> CardDef:
        definition = self.library.find(ref)
        if definition is None:
            raise IllegalAction(Refusal("unknown_card", name=repr(ref)))
        return definition

    def ref(self, name: str) -> int:
        """The instance id of a card by alias, ``p1:Name``, ``Name#2`` or name."""
        if name in self.aliases:
            return self.aliases[name]
        player = None
        if ":" in name and name.split(":", 1)[0] in ("p1", "p2"):
            key, name = name.split(":", 1)
            player = player_index(key)
        nth = 1
        head, _, num = name.rpartition("#")
        if head and num.isdigit() and self.library.find(name) is None:  # a name may end "#7"
            name, nth = head, int(num)
        definition = self.library.find(name)
        if definition is None:
            raise IllegalAction(Refusal("unknown_card", name=repr(name)))
        found = [c.iid for c in self.state.cards.values()
                 if c.card_id == definition.id and (player is None or c.owner == player)]
        if len(found) < nth:
            raise IllegalAction(Refusal("card_not_on_table", name=repr(name)))
        return sorted(found)[nth - 1]

    # ------------------------------------------------------------------ lookups
    def definition(self, card: Card | int) -> CardDef:
        if isinstance(card, int):
            card = self.state.cards[card]
        return self.library[card.card_id]

    def effect(self, card: Card | int, index: int) -> EffectDef:
        return self.definition(card).effects[index]

    def stat(self, card: Card, stat: str) -> int:
        """A stat as it is now: power (Duel Masters) and ATK/DEF (Yu-Gi-Oh!) with their
        changes, the printed cost and Level; what filters compare (``cost_max``,
        ``power_less_than``...)."""
        return self.policy.stat(self, card, stat)

    def name(self, iid: int) -> str:
        card = self.state.cards.get(iid)
        return self.library[card.card_id].en if card else f"#{iid}"

    def name_in(self, iid: int, lang: str) -> str:
        """A card's name in ``lang`` (its English name where it has none)."""
        card = self.state.cards.get(iid)
        return self.library[card.card_id].name_in(lang) if card else f"#{iid}"

    def namer(self, tr: Translator,
              hidden: Callable[[int], bool] | None = None) -> Callable[[int], str]:
        """The names of this duel's cards as the log gives them to a reader, in ``tr``'s
        language: a card ``hidden`` hides from the reader is "a hidden card", and a card whose
        name another card the reader sees bears is told apart by whose it is (:data:`log.WHOSE`:
        "Player 2's" before the name). The cards are counted as they are now."""
        cards = self.state.cards
        seen = {iid: self.name_in(iid, tr.lang) for iid in cards
                if hidden is None or not hidden(iid)}
        names = told_apart(seen, {iid: cards[iid].controller for iid in seen}, tr)

        def name(iid: int) -> str:
            if iid in names:
                return names[iid]
            if hidden is not None and hidden(iid):
                return tr(HIDDEN)
            return self.name_in(iid, tr.lang)

        return name

    def translator(self, lang: str) -> Translator:
        """Words this duel's log in ``lang``: the engine's catalogue and the cards' labels."""
        return Translator(lang, self.library.translations(language(lang)))

    def find_cards(self, spec: dict[str, Any], me: int, self_iid: int | None = None) -> list[Card]:
        """Cards in zones matching a selector spec, seen from player ``me``."""
        zones = spec.get("zone", "monster")
        zones = [zones] if isinstance(zones, str) else list(zones)
        zones = [self.policy.zone_alias(z) for z in zones]
        who = spec.get("controller", "any")
        players = {"you": [me], "opponent": [1 - me], "any": [me, 1 - me]}[who]
        flt = dict(spec.get("filter") or {})
        other = spec.get("other", False)
        # ``attacking: true``: only the monster or creature attacking now ("the attacking
        # monster"), none when no attack is in progress
        attacking = self.state.attacker() if spec.get("attacking") else False
        out = []
        for p in players:
            for z in zones:
                for iid in self.policy.listed(self, p, z, spec):
                    card = self.state.cards[iid]
                    if other and iid == self_iid or attacking is not False and iid != attacking:
                        continue
                    if card_matches(flt, self.library[card.card_id], controller=card.controller,
                                    me=me, face_up=card.face_up, position=card.position,
                                    iid=iid, self_iid=self_iid,
                                    current=lambda stat, c=card: self.stat(c, stat),
                                    summoned=card.flags.get("summoned"), tapped=card.tapped):
                        out.append(card)
        return out

    # ------------------------------------------------------------------ the log
    def log(self, key: str, rules: list[str] | tuple[str, ...] = (), *,
            seat: int | None = None, **args: Any) -> None:
        """Add a log entry. ``seat``: an entry for that player alone (and the editors), which
        may name their hidden cards: no other seat nor a watcher of a board with seats reads
        it (:func:`engine.log.seen_by`)."""
        st = self.state
        entry = {"seq": len(st.log) + 1, "instant": st.instant, "key": key,
                 "rules": list(rules), "args": args, "step": len(self.actions) + 1}
        trigger = None
        if key.startswith(TRIGGER_LOG_KEYS):
            tid = args.get("tid")
            trigger = next((t for t in reversed(st.triggers) if t.tid == tid), None) if (
                tid is not None) else None
        if seat is None and key.startswith(PRIVATE_LOG_KEYS):
            seat = self._private_to(trigger, args)
        if seat is not None:
            entry["seat"] = seat
        st.log.append(entry)
        if trigger is not None:
            trigger.logged = len(st.log)

    def _private_to(self, trigger: Trigger | None, args: dict[str, Any]) -> int | None:
        """Whose alone an entry about a trigger is: its controller's while the trigger is
        private (its card was hidden when it met its timing and it is not activated yet), or
        the controller's of the hidden card it names; None: everyone's."""
        if trigger is not None:
            return trigger.controller if trigger.private else None
        named = [args.get("card"), *(args.get("cards") or [])]
        for iid in named:
            card = self.state.cards.get(iid) if isinstance(iid, int) else None
            if card is not None and hidden_from(card, None):
                return card.controller
        return None

    def transcript(self, start: int = 0, lang: str = "en") -> list[str]:
        """The log in ``lang`` (English by default), one line per entry."""
        tr = self.translator(lang)
        name = self.namer(tr)
        return [render(e, name, tr) for e in self.state.log[start:]]

    # ------------------------------------------------------------------ instants
    def happen(self, events: list[dict[str, Any]], kind: str = "action") -> int:
        """Close one instant: the events happened together. Triggers are collected after it."""
        st = self.state
        if not events:
            return st.instant
        self._loop_budget -= 1
        if self._loop_budget < 0:
            raise self._loop_error()
        st.instant += 1
        n = st.instant
        inst = {"n": n, "kind": kind, "events": events}
        st.instants.append(inst)
        if len(st.instants) > 64:
            del st.instants[:-64]
        self.log("instant", instant=n, events=[describe_event(e) for e in events])
        self.policy.after_instant(self, inst)
        return n

    def instant_events(self, n: int) -> list[dict[str, Any]]:
        for inst in reversed(self.state.instants):
            if inst["n"] == n:
                return inst["events"]
        return []

    def _loop_error(self) -> TriggerLoopError:
        counts: dict[str, int] = {}
        cards: dict[str, int] = {}
        for t in self.state.triggers[-200:]:
            counts[self.name(t.card)] = counts.get(self.name(t.card), 0) + 1
            cards.setdefault(self.name(t.card), t.card)
        loop = [refusals.named(self, cards[name]) for name in sorted(
            counts, key=counts.get, reverse=True)[:3]]
        return TriggerLoopError(Refusal(
            "trigger_loop", n=self._loop_limit(),
            cards=refusals.joined(loop, "and") if loop else refusals.word("unknown cards")))

    def _loop_limit(self) -> int:
        return LOOP_BASE + LOOP_PER_CARD * len(self.state.cards)

    # ------------------------------------------------------------------ moving cards
    def remove_from_zone(self, card: Card) -> None:
        """Take a card out of its zone's list (a card in no zone, or under another card - an
        evolution source, an Xyz Material - is listed nowhere)."""
        if card.zone not in ("limbo", "under"):
            zone = self.state.zones[card.controller if card.zone in self.policy.FIELD_ZONES
                                    else card.owner][card.zone]
            if zone and zone[-1] == card.iid:
                zone.pop()  # the top of a deck (a draw): no scan
            elif card.iid in zone:
                zone.remove(card.iid)
            else:  # defensive: find it wherever it is listed
                for p in PLAYERS:
                    if card.iid in self.state.zones[p][card.zone]:
                        self.state.zones[p][card.zone].remove(card.iid)

    def put(self, card: Card, zone: str, *, controller: int | None = None, face_up: bool = True,
            position: str = "attack", top: bool = True) -> None:
        """Move a card to a zone: a new object for the rules (``obj`` + 1)."""
        self.remove_from_zone(card)
        if zone not in self.policy.FIELD_ZONES:
            controller = card.owner
        card.controller = card.owner if controller is None else controller
        card.zone = zone
        card.obj += 1
        card.face_up = face_up
        card.position = position
        card.tapped = False
        card.mods = []
        card.counters = {}  # counters leave with the card: a new object (YGO-LOCATION)
        card.flags = {k: v for k, v in card.flags.items() if k in ("token",)}
        owner = card.controller if zone in self.policy.FIELD_ZONES else card.owner
        if card.flags.get("token") and zone not in self.policy.FIELD_ZONES:
            card.zone = "limbo"  # a token that leaves the field ceases to exist
            return
        if top:
            self.state.zones[owner][zone].append(card.iid)
        else:
            self.state.zones[owner][zone].insert(0, card.iid)

    def move_by_effect(self, card: Card, to: str, ctx: Context | None, *,
                       cause_type: str | None = None, spec: dict[str, Any] | None = None,
                       cause: str | None = None, by_player: int | None = None) -> list[dict]:
        """Move a card as an effect, cost or rule does, returning the events it causes."""
        return self.policy.move_events(self, card, self.policy.zone_alias(to), ctx,
                                       cause_type=cause_type, spec=spec or {}, cause=cause,
                                       by_player=by_player)

    def summon(self, card: Card, player: int, *, how: str, by: int | None, position: str,
               cause: str) -> list[dict[str, Any]]:
        return self.policy.summon_events(self, card, player, how=how, by=by, position=position,
                                         cause=cause)

    def draw(self, player: int, count: int, by: int | None = None) -> list[dict[str, Any]]:
        events = []
        deck = self.state.zones[player]["deck"]
        for _ in range(count):
            if not deck:
                break
            card = self.state.cards[deck[-1]]
            self.put(card, "hand", face_up=True)
            events.append(make_event("drawn", card, player=player, by=by))
        return events

    def change_lp(self, player: int, delta: int, *, cause: str, by: int | None) -> list[dict]:
        """Change a player's LP; damage (``cause`` battle or damage) is first changed by the
        effects that change the damage that player takes (:func:`engine.damage.taken`), and
        damage that became 0 is no loss of LP at all (no ``lp_lost`` event)."""
        st = self.state
        if delta < 0 and cause in ("battle", "damage"):
            delta = -damage.taken(self, player, -delta, cause)
            if not delta:
                return []
        st.lp[player] += delta
        kind = "lp_gained" if delta > 0 else "lp_lost"
        return [make_event(kind, None, player=player, amount=abs(delta), cause=cause, by=by)]

    def change_control(self, card: Card, to: int, *, by: int | None) -> list[dict[str, Any]]:
        if card.controller == to or card.zone not in self.policy.FIELD_ZONES:
            return []
        before = make_event("control_changed", card, player=to, by=by)
        self.state.zones[card.controller][card.zone].remove(card.iid)
        self.state.zones[to][card.zone].append(card.iid)
        card.controller = to  # not a new object: YGO-LOCATION
        return [before]

    def modify(self, card: Card, stat: str, amount: int, *, until: str, source: int) -> list[dict]:
        """A lasting change of a stat, kept on the card until ``until``
        (:data:`engine.operations.UNTIL`) or until it leaves the field (a new object)."""
        card.mods.append({"stat": stat, "amount": amount, "until": until, "source": source,
                          "turn": self.state.turn})
        if stat == "power":
            return [make_event("power_changed", card, amount=amount, by=source)]
        return [make_event("stat_changed", card, stat=stat, amount=amount, by=source)]

    def end_lasting(self, until: str) -> None:
        """End every lasting change that lasts ``until`` this moment."""
        if self.state.lasting:
            self.state.lasting = [m for m in self.state.lasting if m.get("until") != until]
        for card in self.state.cards.values():
            if card.mods:
                card.mods = [m for m in card.mods if m.get("until") != until]

    def set_tapped(self, card: Card, tapped: bool, *, by: int | None) -> list[dict[str, Any]]:
        if card.tapped == tapped:
            return []
        first = tapped and card.flags.get("tapped_turn") != self.state.turn
        ev = make_event("tapped" if tapped else "untapped", card, by=by,
                        first_this_turn=first or None)
        card.tapped = tapped
        if tapped:
            card.flags["tapped_turn"] = self.state.turn
        return [ev]

    def break_shield(self, card: Card, *, by: int | None) -> list[dict[str, Any]]:
        """Break a shield, in a game that has them (DM-SHIELD); else refused."""
        if not isinstance(self.policy, Shields):
            raise IllegalAction(Refusal("no_shields"))
        return self.policy.break_shield(self, card, by=by)

    # ------------------------------------------------------------------ decisions
    def choose_cards(self, *, key: str, player: int, cards: list[Card], count: int,
                     purpose: str, source: int | None, up_to: bool = False,
                     at_least: int = 0, verb: str | None = None, noun: str = "card",
                     cost: bool = False, sets: list[list[Card]] | None = None,
                     protected: list[list[int]] | None = None) -> list[Card]:
        """Ask ``player`` to pick ``count`` of ``cards`` (or read the stored answer).

        The decision's args say who asks and what for, so it can be put in words: ``card``
        (the source), ``purpose`` (target, evolve, break, or an operation's name), ``verb``
        (what is done to the chosen cards: an operation's name, or the purpose), ``noun``
        (card, monster, creature, shield, spell, trap), ``cost`` (chosen to pay a cost) and
        ``protected`` (``[card, source]`` pairs left out: they cannot be targeted or chosen).
        ``up_to``: any number from ``at_least`` to ``count`` ("up to 2 targets": at least 1).
        ``sets``: when only some sets of cards are legal (a Ritual Summon's tributes), those
        sets: the legal answers offered, the first one the default (the rules refuse others).
        """
        if len(cards) <= (at_least if up_to else count):
            return list(cards)
        options = [{"id": str(c.iid), "card": c.iid} for c in cards]
        args = {"card": source, "purpose": purpose, "verb": verb or purpose, "noun": noun,
                "cost": cost, "protected": protected or []}
        if sets:
            args["sets"] = [[str(c.iid) for c in s] for s in sets]
        rules = (list(self.policy.REPLACEMENT_RULES) if key.startswith("instead")  # instead
                 else self.policy.choice_rules(self, purpose, cost))
        answer = self.ask(Decision(
            kind="choose_cards", player=player, options=options, rules=rules, key=key,
            prompt=purpose, args=args, min=at_least if up_to else count, max=count,
            default=args["sets"][0] if sets else [o["id"] for o in options[:count]],
        ))
        return [self.state.cards[int(a)] for a in answer]

    def ask(self, decision: Decision) -> Any:
        """The stored answer to a decision, or raise :class:`NeedDecision`."""
        if decision.key in self.state.answers:
            return self.state.answers[decision.key]
        raise NeedDecision(decision)

    def answer(self, choice: Any) -> None:
        st = self.state
        d = st.decision
        if d is None:
            raise IllegalAction(Refusal("no_decision"))
        choice = self.option_ids(choice)
        ids = [o["id"] for o in d.options]
        if d.kind == "order":
            if not isinstance(choice, list) and str(choice) in ids:  # this one first
                choice = [str(choice)] + [i for i in ids if i != str(choice)]
            if not isinstance(choice, list) or sorted(map(str, choice)) != sorted(ids):
                raise IllegalAction(Refusal("answer_order", options=self._options_text(d)),
                                    d.rules)
            choice = [str(c) for c in choice]
        elif d.kind == "choose_cards":
            if isinstance(choice, (str, int)):
                choice = [choice]
            choice = [str(c) for c in choice]
            if (not d.min <= len(choice) <= d.max or len(set(choice)) != len(choice)
                    or any(c not in ids for c in choice)):
                raise IllegalAction(Refusal(
                    "answer_choose_exactly" if d.min == d.max else "answer_choose_between",
                    n=d.max, low=d.min, high=d.max, options=self._options_text(d)))
        else:
            choice = str(choice)
            if choice not in ids:
                raise IllegalAction(Refusal("not_an_option", choice=repr(choice),
                                            options=", ".join(ids)),
                                    d.rules)
        st.answers[d.key] = choice
        st.decision = None
        self._log_decision(d, choice)

    def _option_names(self, d: Decision) -> list[str]:
        return [self.name(o["card"]) if o.get("card") is not None else o["id"]
                for o in d.options]

    def _options_text(self, d: Decision) -> str:
        return ", ".join(self._option_names(d))

    def option_ids(self, answer: Any) -> Any:
        """Option ids for an answer given as ids, card names, aliases or ``Name#2``."""
        d = self.state.decision
        if d is None:
            return answer
        if isinstance(answer, list):
            ids = {o["id"] for o in d.options}
            if all(str(value) in ids for value in answer):  # already option ids
                return [str(value) for value in answer]
            pool = list(d.options)
            out = []
            for value in answer:
                oid = self._option_id(value, pool)
                pool = [o for o in pool if o["id"] != oid]
                out.append(oid)
            return out
        return self._option_id(answer, d.options)

    def _option_id(self, value: Any, pool: list[dict[str, Any]]) -> str:
        text = str(value)
        if any(o["id"] == text for o in pool):
            return text
        try:
            iid = self.ref(text)
        except IllegalAction:
            iid = int(text) if text.isdigit() else None
        matches = [o for o in pool if iid is not None and o.get("card") == iid]
        if not matches:
            name, nth = text, 1
            if "#" in text and text.rsplit("#", 1)[1].isdigit() and (
                    self.library.find(text) is None):
                name, num = text.rsplit("#", 1)
                nth = int(num)
            definition = self.library.find(name)
            same = [o for o in pool if definition is not None and o.get("card") is not None
                    and self.state.cards[o["card"]].card_id == definition.id]
            matches = same[nth - 1:]
        if not matches:
            self._refuse_protected(iid)
            d = self.state.decision
            why = self.policy.why_not_option(self, d, self.state.cards[iid]) if (
                iid is not None and iid in self.state.cards) else None
            if why is not None:  # a card that cannot answer now, and the rule that says why
                raise IllegalAction(*why)
            names = self._option_names(d)
            raise IllegalAction(Refusal("not_an_option_of", choice=repr(value), kind=d.kind,
                                        options=", ".join(names)))
        return matches[0]["id"]

    def _refuse_protected(self, iid: int | None) -> None:
        """Refuse an answer naming a card left out because it cannot be targeted or chosen,
        saying which card's effect protects it."""
        d = self.state.decision
        for card, source in d.args.get("protected", []) if d is not None else []:
            if card == iid:
                key = "protected_target" if d.args.get("purpose") == "target" else (
                    "protected_choose")
                reason = Refusal(key, card=refusals.named(self, card),
                                 by=refusals.named(self, source))
                raise IllegalAction(reason, self.policy.PROTECTION_RULES)

    def _log_decision(self, d: Decision, choice: Any) -> None:
        by_id = {o["id"]: o for o in d.options}
        chosen = choice if isinstance(choice, list) else [choice]
        cards = [by_id[c]["card"] for c in chosen if by_id[c].get("card") is not None]
        if d.prompt == "nothing_hidden":  # "always ask", with nothing to use: the player's
            self.log("decision.pass", d.rules, seat=d.player, player=d.player)
            return
        if d.prompt == "hidden_triggers":  # "always ask": what was chosen is the player's
            if cards:
                self.log("decision.activate_hidden", d.rules, seat=d.player, player=d.player,
                         cards=cards)
            else:
                self.log("decision.pass", d.rules, seat=d.player, player=d.player)
            return
        if d.kind in ("activate_trigger", "s_trigger", "ninja_strike"):
            verb = registered(self.game).verb
            key = f"decision.{verb}" if choice == "yes" else f"decision.not_{verb}"
            self.log(key, d.rules, player=d.player, card=d.args.get("card"),
                     effect=d.args.get("effect"))
        elif d.kind == "block" and choice == "no":
            self.log("decision.no_block", d.rules, player=d.player)
        elif d.prompt == "next_pending" and cards:
            self.log("decision.next_pending", d.rules, player=d.player, card=cards[0],
                     cards=cards)
        elif choice == "pass" or not cards:
            self.log("decision.pass" if choice == "pass" else "decision", d.rules,
                     player=d.player, choice=", ".join(chosen))
        else:
            self.log(f"decision.{d.kind}", d.rules, player=d.player, cards=cards)

    def default_answer(self) -> Any:
        """What the "auto" setting answers: activate, keep the order, pass, first legal."""
        d = self.state.decision
        if d is None:
            raise IllegalAction(Refusal("no_decision"))
        if d.default is not None:
            return d.default
        if d.kind == "order":
            return [o["id"] for o in d.options]
        return d.options[0]["id"]

    # ------------------------------------------------------------------ activations
    def begin_activation(self, player: int, card: Card, effect: int, *, kind: str,
                         tid: int | None = None, with_effect: int | None = None,
                         event: dict[str, Any] | None = None) -> None:
        self.state.activation = {"player": player, "card": card.iid, "obj": card.obj,
                                 "effect": effect, "kind": kind, "tid": tid, "event": event,
                                 "with_effect": with_effect, "stage": "start", "events": [],
                                 "targets": {}, "target_objs": {}}
        self.state.answers = {}

    def continue_activation(self) -> None:
        """Run the activation in progress: place the card, pay costs, choose targets."""
        st = self.state
        act = st.activation
        card = st.cards[act["card"]]
        effects = [self.effect(card, act["effect"])] if act["effect"] >= 0 else []
        if act["with_effect"] is not None:
            effects.append(self.effect(card, act["with_effect"]))
        ctx = Context(source=card.iid, source_obj=card.obj, controller=act["player"],
                      effect=act["effect"], key="act", is_cost=True,
                      trigger_event=act.get("event") or self._trigger_event(act.get("tid")))
        if act["stage"] == "start":
            # an effect activated while its card's effects are negated until the end of the
            # turn stays negated, wherever the card goes before it resolves (YGO-NEGATED)
            act["negated"] = act["kind"] != "card" and negated_by(self, card) == card.iid
            act["zone"] = card.zone
            act["events"] += self.policy.place_for_activation(self, card, act)
            act["stage"] = "cost"
            st.answers = {}
        if act["stage"] == "cost":
            ctx.events = act["events"]
            for n, e in enumerate(effects):
                for i, spec in enumerate(e.cost):
                    ctx.key = f"cost{n}.{i}"
                    OPERATIONS[spec["op"]](self, ctx, spec)
            act["events"] = ctx.events
            act["stage"] = "targets"
            st.answers = {}
        if act["stage"] == "targets":
            for n, e in enumerate(effects):
                for spec in e.targets:
                    pool, protected = split_choosable(
                        self, self.find_cards(spec, act["player"], card.iid), act["player"],
                        targeting=True)
                    up_to = bool(spec.get("up_to"))
                    count = min(int(spec.get("count", 1)), len(pool)) if up_to else int(
                        spec.get("count", 1))
                    verb = next((op["op"] for e in effects for op in e.operations
                                 if op.get("card") == spec["as"]), "target")
                    picked = self.choose_cards(
                        key=f"target{n}:{spec['as']}", player=act["player"], cards=pool,
                        count=count, purpose="target", source=card.iid, verb=verb,
                        noun=self.noun(spec), up_to=up_to, at_least=1, protected=protected)
                    act["targets"][spec["as"]] = [c.iid for c in picked]
                    for c in picked:
                        act["target_objs"][str(c.iid)] = c.obj
            st.activation = None
            st.answers = {}
            self.policy.commit_activation(self, act)

    def _trigger_event(self, tid: int | None) -> dict[str, Any] | None:
        return None if tid is None else self.trigger(tid).event

    def trigger(self, tid: int) -> Trigger:
        """A trigger record by id (records are appended in id order, so this is O(1))."""
        triggers = self.state.triggers
        if 0 < tid <= len(triggers) and triggers[tid - 1].tid == tid:
            return triggers[tid - 1]
        for t in triggers:
            if t.tid == tid:
                return t
        raise KeyError(tid)

    def noun(self, spec: dict[str, Any]) -> str:
        """What a selector picks, in a word: monster, creature, shield, spell, trap or card."""
        zones = {self.policy.zone_alias(z) for z in _zones_of(spec)}
        flt = spec.get("filter") or {}
        kind = flt.get("type") or flt.get("subtype")
        if kind in ("monster", "spell", "trap"):
            return kind
        if kind in ("creature", "evolution") or zones == {"battle"}:
            return "creature"
        if zones == {"monster"}:
            return "monster"
        if zones == {"shield"}:
            return "shield"
        return "card"

    def activation_problem(self, player: int, card: Card, effect: EffectDef) -> dict | None:
        """Why an effect cannot be activated now for lack of costs or targets, or None."""
        ctx_me = player
        for spec in effect.cost:
            for key in ("choose",):
                if key in spec:
                    pool = self.find_cards({**spec[key], "other": True}, ctx_me, card.iid)
                    if len(pool) < int(spec[key].get("count", 1)):
                        return {"key": "reason.cannot_pay"}
        for spec in effect.cost + effect.operations:
            if forbidden := restrictions.op_forbidden(self, player, spec):
                return {"key": f"reason.forbidden.{forbidden[0]}",
                        "args": {"by": forbidden[1].iid}}
            feasible = FEASIBLE.get(spec["op"])
            if feasible is not None and not feasible(self, player, card, spec):
                return {"key": "reason.cannot_pay" if spec in effect.cost
                        else "reason.cannot_do", "args": {"op": spec["op"]}}
        cost_zones = {self.policy.zone_alias(COST_DESTINATIONS.get(spec["op"], ""))
                      for spec in effect.cost}
        for spec in effect.targets:
            if {self.policy.zone_alias(z) for z in _zones_of(spec)} & cost_zones:
                continue  # the cost may put the target there (e.g. discard, then target it)
            need = 1 if spec.get("up_to") else int(spec.get("count", 1))
            pool = self.find_cards(spec, player, card.iid)
            allowed, protected = split_choosable(self, pool, player, targeting=True)
            if len(allowed) < need:
                if protected and len(pool) >= need:
                    return {"key": "reason.protected", "args": {"card": protected[0][0],
                                                                "by": protected[0][1]}}
                return {"key": "reason.no_target"}
        return None

    def responded_link(self, ctx: Context) -> ChainLink | None:
        """The chain link directly below the one resolving (what a negation responds to)."""
        chain = self.state.chain
        for i, link in enumerate(chain):
            if link.card == ctx.source and link.effect == ctx.effect and i > 0:
                return chain[i - 1]
        return None

    # ------------------------------------------------------------------ resolving
    def run_operations(self, link: ChainLink, ops: tuple[dict[str, Any], ...]) -> Context:
        """Run a link's operations from ``link.pc``; "then" closes the instant first.

        Events of the current instant are kept on the link while a decision is pending, so
        the resolution resumes exactly where it stopped.
        """
        st = self.state
        ctx = Context(source=link.card, source_obj=link.obj, controller=link.controller,
                      effect=link.effect, targets=link.targets,
                      target_objs={int(k): v for k, v in link.data.get("target_objs", {}).items()},
                      trigger_event=link.data.get("event") or self._trigger_event(link.tid))
        ctx.data = link.data
        ctx.events = link.data.setdefault("events", [])
        ctx.did_something = link.data.get("did", False)
        ctx.link = link
        source = st.cards[link.card]
        while link.pc < len(ops):
            spec = ops[link.pc]
            ctx.key = f"res{link.number}.{link.pc}"
            if spec.get("then") and ctx.events:
                self.close_instant(ctx)
                if isinstance(self.policy, CutsIn) and self.policy.cut_in(self, link):
                    return ctx  # paused: another ability cuts in first (DM-STRIGGER)
            needs = "if_done" if spec.get("if_done") else (
                "then" if spec.get("then") and self.policy.THEN_NEEDS_DONE else None)
            if needs and not link.data.get("last_did", True):
                # the part before it did nothing: nor does this part (YGO-SEQUENCE)
                index = link.effect if link.effect >= 0 else link.with_effect
                self.log(f"resolution.{needs}_skipped", self.policy.SEQUENCE_RULES,
                         card=link.card, op=spec["op"], effect=self.policy.effect_label(
                             self.effect(source, index)) if index is not None else "")
                link.pc += 1
                continue
            if not self._op_condition(spec, ctx):
                link.data["last_did"] = False
                link.pc += 1
                continue
            if ((spec["op"] in SELF_ONLY and spec.get("card") == "self"
                 or spec["op"] in SOURCE_ONLY)
                    and not self.policy.source_still_there(self, source, link)):
                link.data["self_gone"] = True
                link.data["last_did"] = False
                link.pc += 1
                continue
            before = ctx.did_something
            ctx.did_something = ctx.undone = False
            OPERATIONS[spec["op"]](self, ctx, spec)
            # "as many as possible", "all": done even when there was nothing to do (Morphing
            # Jar's players with empty hands still draw); a replaced or stopped one is not
            link.data["last_did"] = not ctx.undone and (ctx.did_something or "all" in spec)
            ctx.did_something = ctx.did_something or before
            link.data["did"] = ctx.did_something
            link.data["events"] = ctx.events
            link.pc += 1
            if st.activation is not None:
                return ctx  # paused: a card is used from the middle of it (a spell cast)
        return ctx

    def close_instant(self, ctx: Context) -> None:
        """The events of a resolution so far happen now; what follows is a later instant
        ("then", YGO-SEQUENCE), still part of the same link's resolution."""
        events, ctx.events = ctx.events, []
        ctx.link.data["events"] = ctx.events
        ctx.link.data.setdefault("instants", []).append(self.happen(events, kind="resolution"))

    def _op_condition(self, spec: dict[str, Any], ctx: Context) -> bool:
        cond = spec.get("if_card")
        if not cond:
            return True
        iids = ctx.targets.get(cond["card"], [])
        for iid in iids:
            card = self.state.cards[iid]
            if card_matches(cond.get("filter"), self.library[card.card_id],
                            controller=card.controller, me=ctx.controller):
                return True
        return False

    # ------------------------------------------------------------------ applying actions
    def apply(self, action: dict[str, Any]) -> None:
        """Apply one action, or raise IllegalAction and leave the duel as it was."""
        check_action(action)  # plain data, small: refused before anything is touched
        restore_to = None if self._applying else len(self.actions)
        if restore_to is not None and not self.replaying:  # it must read back as saved
            check_room(self.setup, restore_to, self.history_cut)
        recorder = None
        if restore_to is not None and self.records_frames and self.recorder is None:
            recorder = self.recorder = FrameRecorder(self, restore_to + 1, keep="all")
        try:
            self._applying = True
            self._loop_budget = self._loop_limit()
            self._dispatch(action)
            self._run()
        except Exception as exc:  # an illegal action, or anything else: the duel is as it was
            if restore_to is not None:
                self._restore(restore_to)
            if isinstance(exc, MALFORMED):
                raise IllegalAction(Refusal("malformed_action")) from exc
            raise
        finally:
            self._applying = False
            if recorder is not None:
                self.recorder = None
        self.actions.append(copy.deepcopy(action))
        self._snapshot()
        if recorder is not None:
            self.recorded_frames[len(self.actions)] = recorder.finish(self)
            for k in [k for k in self.recorded_frames if k <= len(self.actions) - FRAMES_KEPT]:
                del self.recorded_frames[k]

    def _snapshot(self) -> None:
        """Keep a copy every ``SNAPSHOT_EVERY`` steps, and one step before it: the state
        before a kept step opens as fast as the step itself (its frames start there)."""
        n = len(self.actions)
        if self.keeps_copies and n and n % SNAPSHOT_EVERY in (0, SNAPSHOT_EVERY - 1):
            self._snapshots[n] = self.state.copy()

    @contextmanager
    def _replay(self) -> Iterator[None]:
        """Play recorded actions (see :attr:`replaying`)."""
        was, self.replaying = self.replaying, True
        try:
            yield
        finally:
            self.replaying = was

    def _restore(self, n: int) -> None:
        """Rebuild the state after the first ``n`` actions, from the nearest kept copy."""
        with self._replay():
            self._restore_from_copies(n)

    def _restore_from_copies(self, n: int) -> None:
        actions = self.actions[:n]
        self.recorded_frames = {k: v for k, v in self.recorded_frames.items() if k <= n}
        self._frames_read = {k: v for k, v in self._frames_read.items() if k <= n}
        base = max((k for k in self._snapshots if k <= n), default=0)
        self._snapshots = {k: v for k, v in self._snapshots.items() if k <= base}
        self.state = self._initial_state()
        if base:
            self.state = self._snapshots[base].copy()
            self._reindex()
        self.actions = actions[:base]
        for a in actions[base:]:
            self._applying = True
            self._loop_budget = self._loop_limit()
            try:
                self._dispatch(a)
                self._run()
            finally:
                self._applying = False
            self.actions.append(a)
            self._snapshot()

    def _reindex(self) -> None:
        self._watchers = set()
        self._continuous = set()
        for card in self.state.cards.values():
            self._index_card(card)

    def copy(self) -> Duel:
        """An independent duel in the same state, with the same history, to act on: an action
        applied to it (or refused) never touches this one. The card library, the set-up, the
        applied actions and the kept copies of the state are shared, as none of them is ever
        changed in place; the state and the indexes are copied."""
        other = Duel.__new__(Duel)
        other.__dict__.update(self.__dict__)
        other.state = self.state.copy()
        other.actions = list(self.actions)
        other.aliases = dict(self.aliases)
        other._watchers = set(self._watchers)
        other._continuous = set(self._continuous)
        other._snapshots = dict(self._snapshots)
        other.recorded_frames = {}
        other._frames_read = dict(self._frames_read)
        return other

    def showing(self, state: State) -> Duel:
        """A duel for reading only, whose state is ``state`` (a frame's): everything else,
        the history included, is this duel's, shared. Acting on it is not meant."""
        shown = copy.copy(self)
        shown.state = state
        shown._reindex()
        return shown

    def keep_state(self, n: int, state: State) -> None:
        """Keep ``state`` as this duel's copy of the state after its first ``n`` actions (a
        caller that already holds it, unchanged: it is shared), so the frames of the steps
        after ``n`` open from it. Only the latest such copy is kept besides the regular ones
        (every ``SNAPSHOT_EVERY`` steps and the step before)."""
        if not 0 < n <= len(self.actions):
            return
        kept = {k: s for k, s in self._snapshots.items()
                if k % SNAPSHOT_EVERY in (0, SNAPSHOT_EVERY - 1)}
        kept[n] = state
        self._snapshots = kept

    def at(self, k: int) -> Duel:
        """A new duel showing this one after its first ``k`` actions (from a kept copy of the
        state when there is one, so step 500 opens as fast as step 10)."""
        if not 0 <= k <= len(self.actions):
            raise IllegalAction(Refusal("no_step", step=k, count=len(self.actions)))
        other = Duel(self.game, setup=self.setup, settings=self.settings, library=self.library,
                     recorded=True)
        base = max((n for n in self._snapshots if n <= k), default=0)
        if base:
            other.state = self._snapshots[base].copy()
            other._reindex()
            other.actions = self.actions[:base]  # applied actions are never changed: shared
            other._snapshots = {n: v for n, v in self._snapshots.items() if n <= base}
        with other._replay():
            for action in self.actions[base:k]:
                other.apply(action)
        return other

    # ------------------------------------------------------------------ frames
    def frames(self, k: int, *, states: bool = False) -> list[Frame]:
        """The frames of step ``k`` (1-based): its instants, moments and decision, in order.

        Built from the history on demand (the step is replayed with a recorder), so they are
        deterministic and cost nothing until asked for; or, for a step this duel applied
        while it :attr:`records_frames`, the very frames recorded then. ``states``: each frame
        also keeps the whole state at its moment (``Frame.state``), to draw the board as it was
        then.
        """
        if 1 <= k <= len(self.actions):
            if k in self.recorded_frames:
                return list(self.recorded_frames[k])
            if not states and k in self._frames_read:  # copies: a caller may set their state
                return [copy.copy(frame) for frame in self._frames_read[k]]
        frames = self._record(k, "all" if states else None)[0]
        if not states:
            self._frames_read[k] = [copy.copy(frame) for frame in frames]
        return frames

    def at_frame(self, k: int, n: int) -> tuple[Duel, list[Frame]]:
        """A duel showing the board at frame ``n`` of step ``k``, and that step's frames.

        The duel is for showing only: its state is taken in the middle of step ``k`` (a chain
        may be half resolved) while its history holds the ``k`` steps.
        """
        frames, before, kept = self._record(k, n)
        if not 1 <= n <= len(frames) or kept is None:
            raise IllegalAction(Refusal("no_frame", step=k, count=len(frames), frame=n))
        before.state = kept
        before._reindex()
        return before, frames

    def _record(self, k: int, keep: int | str | None) -> tuple[list[Frame], Duel, Any]:
        if not 1 <= k <= len(self.actions):
            raise IllegalAction(Refusal("no_step", step=k, count=len(self.actions)))
        before = self.at(k - 1)
        before.keeps_copies = False  # replayed for its frames, then thrown away
        recorder = FrameRecorder(before, k, keep=keep)
        before.recorder = recorder
        try:
            with before._replay():
                before.apply(self.actions[k - 1])
            frames = recorder.finish(before)
        finally:
            before.recorder = None
        return frames, before, recorder.kept

    def _dispatch(self, action: dict[str, Any]) -> None:
        st = self.state
        do = action["do"]
        if do == "answer":
            if st.decision is None:
                raise IllegalAction(Refusal("no_decision"))
            self.answer(action.get("choice"))
            return
        if do == "always_ask":  # how the duel asks from now on: at any moment
            st.settings["always_ask"] = bool(action.get("on"))
            self.log("always_ask.on" if st.settings["always_ask"] else "always_ask.off")
            return
        if do == "pass":
            if st.decision is None or st.decision.kind != "respond":
                raise IllegalAction(Refusal("nothing_to_pass"))
            self.answer("pass")
            return
        if st.decision is not None:
            # whose decision it is, never what about: its kind and rules would tell another
            # seat what that player holds
            raise IllegalAction(Refusal("answer_pending",
                                        player=refusals.player(st.decision.player)))
        if st.winner is not None and do not in self.policy.EDITS:
            raise IllegalAction(Refusal("duel_over", player=refusals.player(st.winner)))
        if do in self.policy.EDITS:
            self.policy.edit(self, action)
        else:
            self.policy.fire(self, action)

    def _run(self) -> None:
        """Advance the game until a player must decide or nothing is left to do."""
        st = self.state
        while st.decision is None:
            self._loop_budget -= 1
            if self._loop_budget < 0:
                raise self._loop_error()
            try:
                self.stepping = True
                progressed = self.policy.step(self)
            except NeedDecision as need:
                st.decision = need.decision
                if self.recorder is not None:
                    self.recorder.point(self, "decision")
                return
            finally:
                self.stepping = False
            if not progressed:
                return
            if self.recorder is not None:
                self.recorder.point(self, "moment")

    # ------------------------------------------------------------------ public helpers
    def legal_actions(self) -> list[dict[str, Any]]:
        """Actions that are legal now: answers to the open decision, or events and edits."""
        d = self.state.decision
        if d is not None:
            if d.kind == "order":
                ids = [o["id"] for o in d.options]
                return [{"do": "answer", "choice": ids},
                        {"do": "answer", "choice": list(reversed(ids))}][: 2 if len(ids) > 1 else 1]
            if d.kind == "choose_cards" and d.args.get("sets"):
                return [{"do": "answer", "choice": list(s)} for s in d.args["sets"]]
            if d.kind == "choose_cards":
                ids = [o["id"] for o in d.options]
                out = [{"do": "answer", "choice": ids[i:i + d.max]}
                       for i in range(0, max(1, len(ids) - d.max + 1))]
                if d.min == 0 and ids:  # choosing none is an answer too
                    out.append({"do": "answer", "choice": []})
                return [a for a in out if d.min <= len(a["choice"]) <= d.max]
            return [{"do": "answer", "choice": o["id"]} for o in d.options]
        return self.policy.legal_actions(self)

    def why_not_activate(self, iid: int) -> str:
        """Why the card cannot be activated now, with the rule that says so ("" when it can,
        or when it is not a card one activates): the board's "why can't I" text, in English
        (:func:`engine.refusals.worded` words it in another language)."""
        if self.state.decision is not None or iid not in self.state.cards:
            return ""
        why = self.policy.why_not_activate(self, self.state.cards[iid])
        if why is None:
            return ""
        reason, rules = why
        suffix = f" ({', '.join(rules)})" if rules else ""
        return refusals.Worded(reason + suffix, lambda tr: refusals.worded(reason, tr) + suffix)

    def auto(self, limit: int = 10000) -> int:
        """Answer every open decision with its default (the "auto" setting)."""
        n = 0
        while self.state.decision is not None and n < limit:
            self.apply({"do": "answer", "choice": self.default_answer()})
            n += 1
        return n

    def undo(self) -> dict[str, Any]:
        """Take back the last action (by replaying the ones before it)."""
        if not self.actions:
            raise IllegalAction(Refusal("nothing_to_undo"))
        if self.history_cut is not None:  # the rest of its saved history would be lost
            check_room(self.setup, len(self.actions), self.history_cut)
        last = self.actions[-1]
        self._restore(len(self.actions) - 1)
        return last

    def replay(self) -> Duel:
        """A new duel from the same set-up with the same actions (deterministic)."""
        other = Duel(self.game, setup=self.setup, settings=self.settings, library=self.library,
                     recorded=True)
        with other._replay():
            for a in self.actions:
                other.apply(a)
        return other

    def to_dict(self) -> dict[str, Any]:
        """The duel as plain data: game, settings, set-up and actions (state is derived)."""
        return {"game": self.game, "settings": dict(self.settings),
                "setup": copy.deepcopy(self.setup), "actions": copy.deepcopy(self.actions)}

    @classmethod
    def from_dict(cls, data: dict[str, Any], library: Library | None = None) -> Duel:
        """A saved duel: its set-up and history are played again as recorded (placements
        are not judged again, see :attr:`replaying`); what is applied next is. Its size is
        checked against :mod:`engine.limits` before anything is built or replayed."""
        if not isinstance(data, dict) or not isinstance(data.get("actions", []), list):
            raise IllegalAction(Refusal("saved_duel"))
        check_duel(setup=data.get("setup"), actions=data.get("actions", []),
                   what="the saved duel")
        duel = cls(data["game"], setup=data.get("setup"), settings=data.get("settings"),
                   library=library, recorded=True)
        with duel._replay():
            for a in data.get("actions", []):
                duel.apply(a)
        return duel


def _zones_of(spec: dict[str, Any]) -> list[str]:
    inner = spec.get("choose") or spec.get("all") or spec
    z = inner.get("zone", [])
    return [z] if isinstance(z, str) else list(z)
