"""The game state as plain, serialisable values.

Everything the engine knows about a duel at one moment lives in :class:`State`: players and
their zones, card instances, the instant counter (the timing model's clock), trigger records,
the chain or pending pool, the open decision and the log. ``to_dict()``/``from_dict()`` round
trip it through JSON-compatible data.
"""

from __future__ import annotations

import copy
import pickle
from dataclasses import asdict, dataclass, field, fields
from typing import Any

PLAYERS = (0, 1)
PLAYER_KEYS = ("p1", "p2")


def player_index(key: str | int) -> int:
    if isinstance(key, int) and key in PLAYERS:
        return key
    if key in PLAYER_KEYS:
        return PLAYER_KEYS.index(key)
    raise KeyError(key)


#: zones whose cards only their owner sees ("limbo": removed by a board edit; the Extra
#: Deck: its owner knows what it holds, the opponent only how many)
PRIVATE_ZONES = ("hand", "deck", "extra", "limbo")
#: zones whose face-down cards nobody reads, their controller included (Duel Masters' shields
#: are put face down and only a rule turns one up)
UNREAD_ZONES = ("shield",)


def hidden_from(card: Card | None, seat: int | None) -> bool:
    """Is ``card`` hidden from the player ``seat`` (None: from a watcher, who sees what both
    players see)? A player sees its own hand, deck and Extra Deck and its own face-down
    cards, except face-down shields, which no player reads."""
    if card is None:
        return True
    if card.zone in UNREAD_ZONES and not card.face_up:
        return True
    private = card.zone in PRIVATE_ZONES
    if seat is None:
        return private or not card.face_up
    if private:
        return card.owner != seat
    return not card.face_up and card.controller != seat


@dataclass
class Card:
    """One card instance on the table.

    ``iid`` is stable for the whole duel (the log names cards by it). ``obj`` counts the
    card's moves between zones: a card that changes zones becomes a new object for "this
    card" and once-per-turn purposes (004; YGO-PHASE, YGO-LOCATION), while ``iid`` stays.
    """

    iid: int
    card_id: str
    owner: int
    controller: int
    zone: str
    obj: int = 0
    face_up: bool = True
    position: str = "attack"  # "attack" / "defense" for monsters
    tapped: bool = False
    mods: list[dict[str, Any]] = field(default_factory=list)
    flags: dict[str, Any] = field(default_factory=dict)
    under: list[int] = field(default_factory=list)  # evolution sources (Duel Masters)
    counters: dict[str, int] = field(default_factory=dict)  # counter name -> how many

    def add_counter(self, name: str, count: int = 1, limit: int | None = None) -> int:
        """Place ``count`` counters called ``name`` on the card (no more than ``limit`` in
        all); returns how many were placed."""
        have = self.counters.get(name, 0)
        placed = count if limit is None else max(0, min(count, limit - have))
        if placed:
            self.counters[name] = have + placed
        return placed

    def remove_counter(self, name: str, count: int = 1) -> int:
        """Remove up to ``count`` counters called ``name``; returns how many were removed."""
        have = self.counters.get(name, 0)
        removed = min(count, have)
        if have - removed:
            self.counters[name] = have - removed
        else:
            self.counters.pop(name, None)
        return removed


@dataclass
class Trigger:
    """A trigger that met its timing: card, effect, the instant it met it, and its fate.

    ``status`` is one of ``met`` (waiting for the next moment it can be activated),
    ``activated``, ``missed``, ``not_activated``, ``declined``, ``resolved``.
    """

    tid: int
    card: int
    obj: int
    effect: int
    controller: int
    met_at: int
    event: dict[str, Any]
    optional: bool
    wording: str
    zone: str
    status: str = "met"
    link: int | None = None
    rules: list[str] = field(default_factory=list)
    phase: bool = False
    s_trigger: bool = False
    seq: int = 0
    #: the ``seq`` of the last log entry about this trigger (``trigger.*``, ``pending.*``), 0
    #: before the first: what became of it, in words, without searching the log
    logged: int = 0
    #: its card was hidden (in a hand, face down...) when it met its timing: until it is
    #: activated, what it is and what became of it is for its controller alone
    private: bool = False


@dataclass
class ChainLink:
    """A chain link (Yu-Gi-Oh!) or a resolving pending ability (Duel Masters)."""

    number: int
    card: int
    obj: int
    effect: int  # index, or -1 for a Spell/Trap card's own activation
    controller: int
    speed: int
    kind: str
    targets: dict[str, list[int]] = field(default_factory=dict)
    tid: int | None = None
    with_effect: int | None = None  # YGO-SAME-LINK: the card's effect activated with it
    negated: bool = False  # activation negated: does not resolve (YGO-NEGATED)
    effect_negated: bool = False  # resolves with no effect (YGO-NEGATED)
    pc: int = 0  # next operation to run while resolving
    activated_at: int = 0
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class Decision:
    """A choice the rules give a player, with its legal options and the rule that gives it.

    ``kind``: activate_trigger, order, respond, choose_cards, choose_option, phase_trigger,
    next_pending. For ``order`` the answer is a permutation of the option ids; for
    ``choose_cards`` a list of between ``min`` and ``max`` option ids; otherwise one option id.
    """

    kind: str
    player: int
    options: list[dict[str, Any]]
    rules: list[str]
    key: str
    prompt: str = ""
    args: dict[str, Any] = field(default_factory=dict)
    min: int = 1
    max: int = 1
    default: Any = None


@dataclass
class State:
    """Everything a duel is at one moment, as plain data (copied for undo and replay).

    The fields are shared by both games; where a game reads one in its own way, its comment
    says so (Yu-Gi-Oh!'s chain and Duel Masters' pending pool use the same ``chain``,
    ``queue`` and ``triggers``)."""

    game: str
    settings: dict[str, Any] = field(default_factory=dict)
    turn: int = 1
    turn_player: int = 0
    phase: str = "main1"
    step: str | None = None
    #: life points (Yu-Gi-Oh!); a game without them leaves them untouched
    lp: list[int] = field(default_factory=lambda: [8000, 8000])
    zones: list[dict[str, list[int]]] = field(default_factory=list)
    cards: dict[int, Card] = field(default_factory=dict)
    next_iid: int = 1
    instant: int = 0  # the last instant: the last thing that happened
    #: recent instants, for the log; an entry is never changed once written (copies of the
    #: state share them; one is replaced to add to it)
    instants: list[dict[str, Any]] = field(default_factory=list)
    #: every trigger that met (or missed) its timing, with its fate
    triggers: list[Trigger] = field(default_factory=list)
    next_tid: int = 1
    #: Yu-Gi-Oh!: the chain's links, Chain Link 1 first (YGO-CHAIN). Duel Masters: the
    #: abilities being resolved, the one that cut in last at the end (DM-STRIGGER)
    chain: list[ChainLink] = field(default_factory=list)
    #: Yu-Gi-Oh!: None, "building" or "resolving"; Duel Masters: "resolving" while an
    #: ability resolves
    chain_state: str | None = None
    chain_flags: dict[str, Any] = field(default_factory=dict)
    #: Yu-Gi-Oh!: who may add to the chain now, and how many passed in a row
    priority: int = 0
    passes: int = 0
    #: trigger ids waiting: Yu-Gi-Oh!'s triggers to be placed on the next chain (YGO-SEGOC);
    #: Duel Masters' pending pool (DM-POOL)
    queue: list[int] = field(default_factory=list)
    activation: dict[str, Any] | None = None  # an activation in progress (choices pending)
    answers: dict[str, Any] = field(default_factory=dict)
    decision: Decision | None = None
    procedure: list[dict[str, Any]] = field(default_factory=list)
    #: Yu-Gi-Oh!: a Summon in progress outside any effect, from its cost to the moment the
    #: monster "would be Summoned" (YGO-SUMMON-NEGATION, YGO-INHERENT-SUMMON)
    summoning: dict[str, Any] | None = None
    #: what an effect changed for a time about a player rather than a card ("this turn, the
    #: battle damage you take becomes 0"): ``{change, player, ..., until, source}``, ended by
    #: :meth:`engine.duel.Duel.end_lasting` as a card's lasting changes are
    lasting: list[dict[str, Any]] = field(default_factory=list)
    used: dict[str, int] = field(default_factory=dict)  # once-per-turn keys -> turn
    phase_passed: dict[str, int] = field(default_factory=dict)
    #: "always ask": the last instant after which the players were asked about their hidden
    #: cards' triggers (each is asked once per instant, whatever it holds)
    hidden_asked: int = -1
    log: list[dict[str, Any]] = field(default_factory=list)
    winner: int | None = None

    def attacker(self) -> int | None:
        """The card attacking now (the attack in progress), or None."""
        return self.procedure[0].get("attacker") if self.procedure else None

    # -- zones -------------------------------------------------------------------------
    def zone(self, player: int, name: str) -> list[int]:
        return self.zones[player][name]

    def card(self, iid: int) -> Card:
        return self.cards[iid]

    def cards_in(self, player: int, name: str) -> list[Card]:
        return [self.cards[i] for i in self.zones[player][name]]

    def all_cards_in(self, name: str) -> list[Card]:
        return [self.cards[i] for p in PLAYERS for i in self.zones[p][name]]

    # -- serialisation -----------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["cards"] = {str(k): v for k, v in data["cards"].items()}
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        data = copy.deepcopy(data)
        data["cards"] = {int(k): Card(**v) for k, v in data["cards"].items()}
        data["triggers"] = [Trigger(**t) for t in data["triggers"]]
        data["chain"] = [ChainLink(**c) for c in data["chain"]]
        data["decision"] = Decision(**data["decision"]) if data.get("decision") else None
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in names})

    def copy(self) -> State:
        """An independent copy (pickling plain values is several times faster than deepcopy).

        Log entries and recent instants are never changed once written, so the copy shares
        them: only the lists are new. Copying a long history's state then costs little more
        than a short one's, and the instants (most of a state's bytes) are not copied at all.
        """
        log, instants, self.log, self.instants = self.log, self.instants, [], []
        try:
            other = pickle.loads(pickle.dumps(self, pickle.HIGHEST_PROTOCOL))  # noqa: S301
        finally:
            self.log, self.instants = log, instants
        other.log, other.instants = list(log), list(instants)
        return other
