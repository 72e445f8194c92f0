"""Frames: an action played one moment at a time, the way a debugger steps into a function.

Applying an action runs through several moments: each *instant* (a cost paid, a summon, a chain
link activated or resolved...), each unit of rules work that changes what is shown (triggers
judged, a chain link about to resolve, a pending ability picked) and, when the action stops for a
player's answer, the *decision*. A :class:`Frame` is the board at one of those moments: the
zones, life points, the chain (or the pending pool), the triggers recorded so far with their
status, which instant is "the last thing that happened", the log entries of that moment and what
changed since the frame before.

Frames are not stored: :meth:`engine.duel.Duel.frames` replays the step from the history with a
:class:`FrameRecorder` attached, so old steps cost nothing until someone looks at them, and the
same step always gives the same frames.

>>> frames = duel.frames(1)
>>> print(frames[-1].line(duel.name))
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .events import describe_event
from .games import game as registered
from .log import (
    EVENT_SEPARATOR,
    NOTHING,
    _fmt,
    _same,
    player_name,
    render,
    render_events,
    render_message,
    text_arg,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from .duel import Duel
    from .state import State

#: log entries that say what a moment is about, most telling first
HEADLINES = ("chain.resolve", "chain.link", "chain.link_same", "chain.negated",
             "pending.resolve", "pending.next", "pending.cut_in", "pending.resume",
             "spell.resolve", "spell.done", "spell.cast", "action", "attack.step", "phase")


#: the lines of ``python -m engine run --frames``: a frame, then the chain or pending pool
FRAME_LINES = {
    "frame": "frame {step}.{n}: {what}",
    "card_activation": "card activation",
    "link": "Chain Link {link}: {card}: {effect} ({player})",
    "link_resolving": "Chain Link {link}: {card}: {effect} ({player}) <- resolving",
    "resolving": "resolving: {card}: {effect} ({player})",
    "pending": "pending {i}: {card}: {effect} ({player})",
    "pending_s_trigger": "pending {i}: {card}: {effect} (S-Trigger, {player})",
}

#: how a decision frame words the question (log message keys)
ASKS = {"order": "ask.order", "activate_trigger": "ask.activate", "choose_cards": "ask.choose",
        "respond": "ask.respond", "block": "ask.block", "s_trigger": "ask.activate",
        "ninja_strike": "ask.activate", "phase_trigger": "ask.phase_trigger",
        "choose_option": "ask.option", "next_pending": "ask.order",
        "use_replacement": "ask.replacement"}


@dataclass
class Frame:
    """The board at one moment of an action (step ``step`` of the history, moment ``n``).

    ``kind``: ``instant`` (events happened together), ``moment`` (the rules did something
    without an event: triggers judged, a chain link about to resolve, a pending ability picked)
    or ``decision`` (a player must answer). ``cards`` maps each card on the table to its
    ``[zone, controller, face_up, position, tapped, strength]``; ``changes`` says what differs
    from the frame before (``moved``, ``changed``, ``lp``, ``pushed`` and ``popped`` links,
    ``triggers``).
    """

    game: str
    step: int
    n: int
    kind: str
    instant: int | None
    last: int
    events: list[dict[str, Any]]
    log: list[dict[str, Any]]
    zones: list[dict[str, list[int]]]
    cards: dict[int, list[Any]]
    lp: list[int]
    chain: list[dict[str, Any]]
    pending: list[int]
    triggers: list[dict[str, Any]]
    decision: dict[str, Any] | None
    changes: dict[str, Any] = field(default_factory=dict)
    #: the whole state at this moment, when the recorder was asked to keep it (not serialised)
    state: State | None = field(default=None, repr=False, compare=False)

    @property
    def rules(self) -> list[str]:
        """The rule ids this moment's log entries cite, in order."""
        return list(dict.fromkeys(r for e in self.log for r in e["rules"]))

    def what(self, name: Callable[[int], str], tr: Callable[[str], str] | None = None,
             sees: Callable[[dict[str, Any]], bool] | None = None, *,
             logged: bool = False) -> str:
        """What happened at this moment, in one line (English unless ``tr`` translates), of
        the log entries ``sees`` lets its reader see (an entry for one seat: only that one).
        ``logged``: the frame's log is shown beside the line, so a moment without a headline
        is not told again as its log entries joined (the line is then empty)."""
        tr = tr or _same
        log = [e for e in self.log if sees is None or sees(e)]
        heads = [e for key in HEADLINES for e in log if e["key"] == key][:1]
        text = render(heads[0], name, tr) if heads else ""
        if self.kind == "instant" and self.events:
            resolved = [e for e in self.events if e["type"] == "link_resolved"]
            others = [e for e in self.events if e["type"] != "link_resolved"]
            if resolved and others:  # "Chain Link 2 (X) resolves: Y was added to the hand"
                text = render_message("frame.resolved", {
                    "link": resolved[0]["link"], "card": resolved[0]["card"],
                    "events": others}, name, tr)
            elif not heads or not any(e["type"] == "activated" for e in self.events):
                happened = render_events(self.events, name, tr)
                text = f"{text}: {happened}" if text else happened
        if not text and not logged:
            shown = [e for e in log if e["key"] != "instant"]
            text = tr(EVENT_SEPARATOR).join(render(e, name, tr) for e in shown)
        for change, key in (("pushed", "frame.next"), ("popped", "frame.done")):
            links = [link for link in self.changes.get(change, [])
                     if sees is None or sees(link)]
            if not text and links:
                text = render_message(key, links[-1], name, tr)
        if self.kind == "decision" and self.decision and sees is not None and not sees(
                {"seat": self.decision["player"]}):
            # another player's question: that it is asked, never what about (its kind, card
            # and rules would tell what that player holds)
            ask = render_message("ask", {"player": self.decision["player"]}, name, tr)
            text = f"{text}{tr(EVENT_SEPARATOR)}{ask}" if text else ask
        elif self.kind == "decision" and self.decision:
            d = self.decision
            ask = render_message(ASKS.get(d["kind"], "ask"), {
                "player": d["player"], "card": d.get("card"), "kind": d["kind"]},
                name, tr) + (f" ({', '.join(d['rules'])})" if d.get("rules") else "")
            text = f"{text}{tr(EVENT_SEPARATOR)}{ask}" if text else ask
        return text or ("" if logged else tr(NOTHING))

    def line(self, name: Callable[[int], str], tr: Callable[[str], str] | None = None) -> str:
        """The frame in one line, numbered (English unless ``tr`` translates)."""
        tr = tr or _same
        return _fmt(tr(FRAME_LINES["frame"]), {"step": self.step, "n": self.n,
                                               "what": self.what(name, tr)})

    def chain_lines(self, name: Callable[[int], str],
                    tr: Callable[[str], str] | None = None) -> list[str]:
        """The chain (top first) or, in Duel Masters, what resolves and what is pending."""
        tr = tr or _same
        out = []
        for link in reversed(self.chain):
            key = "resolving" if not registered(self.game).chain else (
                "link_resolving" if link["resolving"] else "link")
            effect = link["effect"] or FRAME_LINES["card_activation"]
            out.append(self._entry(key, link["card"], effect, link["controller"], name, tr,
                                   link=link["number"]))
        by_tid = {t["tid"]: t for t in self.triggers}
        for i, tid in enumerate(self.pending, 1):
            t = by_tid.get(tid)
            if t is not None:
                key = "pending_s_trigger" if t["s_trigger"] else "pending"
                out.append(self._entry(key, t["card"], t["effect"], t["controller"], name, tr,
                                       i=i))
        return out

    @staticmethod
    def _entry(key: str, card: int, effect: str, player: int, name: Callable[[int], str],
               tr: Callable[[str], str], **more: Any) -> str:
        """One line of :meth:`chain_lines`: a chain link or a pending ability."""
        return _fmt(tr(FRAME_LINES[key]), {"card": name(card), "effect": text_arg(effect, tr),
                                           "player": player_name(player, tr), **more})

    def to_dict(self) -> dict[str, Any]:
        data = asdict(replace(self, state=None))  # the state is never serialised
        del data["state"]
        data["cards"] = {str(k): v for k, v in self.cards.items()}
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Frame:
        data = dict(data)
        data["cards"] = {int(k): v for k, v in data["cards"].items()}
        return cls(**data)

    def board(self) -> dict[str, Any]:
        """What the board shows, for comparing frames with a duel's state (:func:`board_of`)."""
        return {"zones": self.zones, "lp": self.lp, "chain": [c["number"] for c in self.chain],
                "pending": self.pending,
                "triggers": [(t["tid"], t["status"]) for t in self.triggers]}


def board_of(duel: Duel) -> dict[str, Any]:
    """The same summary as :meth:`Frame.board`, read from a duel's current state."""
    st = duel.state
    return {"zones": [{z: list(ids) for z, ids in side.items()} for side in st.zones],
            "lp": list(st.lp), "chain": [link.number for link in st.chain],
            "pending": list(st.queue) if registered(duel.game).pending_pool else [],
            "triggers": [(t.tid, t.status) for t in st.triggers]}


class FrameRecorder:
    """Collects the frames of the actions applied while it is attached to a duel.

    ``keep`` (a frame number, or ``"all"``) also keeps a copy of the whole state at that frame
    (``Frame.state``), so a page can show the board exactly as it was then.
    """

    def __init__(self, duel: Duel, step: int, keep: int | str | None = None) -> None:
        self.step = step
        self.keep = keep
        self.kept: State | None = None
        self.frames: list[Frame] = []
        self._log_start = len(duel.state.log)
        self._mark = self._fingerprint(duel)
        self._before = self._cards(duel), list(duel.state.lp), [
            self._link(duel, i, link) for i, link in enumerate(duel.state.chain)]
        self._triggers_before = {t.tid: t.status for t in duel.state.triggers}

    # -- capture --------------------------------------------------------------------------
    def point(self, duel: Duel, kind: str, inst: dict[str, Any] | None = None, *,
              force: bool = False) -> None:
        """A moment: record a frame if anything shown changed since the last one."""
        mark = self._fingerprint(duel)
        if inst is None and mark == self._mark and not force:
            return
        self._mark = mark
        st = duel.state
        log = st.log[self._log_start:]
        cards = self._cards(duel)
        chain = [self._link(duel, i, link) for i, link in enumerate(st.chain)]
        changes = self._changes(duel, cards, chain)
        if inst is None and kind == "moment" and not force and not self._shown(
                duel, log, changes, chain):
            return  # nothing a viewer could see changed (its entries go with the next frame)
        self._log_start = len(st.log)
        triggers = [{"tid": t.tid, "card": t.card, "status": t.status, "met_at": t.met_at,
                     "controller": t.controller, "rules": list(t.rules),
                     "effect": duel.policy.effect_label(duel.effect(t.card, t.effect)),
                     "s_trigger": t.s_trigger}
                    for t in st.triggers[-60:]]
        d = st.decision if kind == "decision" else None
        frame = Frame(
            game=duel.game, step=self.step, n=len(self.frames) + 1,
            kind="decision" if d is not None else ("instant" if inst else "moment"),
            instant=inst["n"] if inst else None, last=st.instant,
            events=[describe_event(e) for e in inst["events"]] if inst else [],
            log=[dict(e) for e in log],
            zones=[{z: list(ids) for z, ids in side.items()} for side in st.zones],
            cards=cards, lp=list(st.lp), chain=chain,
            pending=list(st.queue) if registered(duel.game).pending_pool else [],
            triggers=triggers,
            decision=({"kind": d.kind, "player": d.player, "prompt": d.prompt,
                       "card": d.args.get("card"), "rules": list(d.rules)}
                      if d is not None else None),
            changes=changes,
        )
        self.frames.append(frame)
        if self.keep == frame.n or self.keep == "all":
            frame.state = self.kept = st.copy()

    def finish(self, duel: Duel) -> list[Frame]:
        """The last moment of the action (every action has at least one frame)."""
        if not self.frames or self._fingerprint(duel) != self._mark:
            self.point(duel, "decision" if duel.state.decision else "moment",
                       force=not self.frames)
        return self.frames

    # -- helpers --------------------------------------------------------------------------
    @staticmethod
    def _fingerprint(duel: Duel) -> tuple[Any, ...]:
        st = duel.state
        return (len(st.log), len(st.chain), len(st.queue), st.instant, st.decision is not None,
                st.chain_state)

    @staticmethod
    def _cards(duel: Duel) -> dict[int, list[Any]]:
        return {iid: [c.zone, c.controller, c.face_up, c.position, c.tapped,
                      duel.policy.strength(duel, c)]
                for iid, c in duel.state.cards.items() if c.zone not in ("limbo", "under")}

    @staticmethod
    def _link(duel: Duel, i: int, link: Any) -> dict[str, Any]:
        st = duel.state
        top = i == len(st.chain) - 1
        resolving = top and bool(link.data.get("announced") or link.data.get("started"))
        definition = duel.definition(link.card)
        effect = (duel.policy.effect_label(definition.effects[link.effect])
                  if link.effect >= 0 else "")
        trigger = duel.trigger(link.tid) if link.tid is not None else None
        return {"number": link.number, "card": link.card, "controller": link.controller,
                "kind": link.kind, "speed": link.speed, "effect": effect, "tid": link.tid,
                "resolving": resolving,
                # a hidden card's ability not used yet: its player's alone (as a log entry)
                "seat": trigger.controller if trigger is not None and trigger.private else None}

    def _shown(self, duel: Duel, log: list[dict[str, Any]], changes: dict[str, Any],
               chain: list[dict[str, Any]]) -> bool:
        """Did anything change that every reader sees? What only one seat may see (its
        hidden card's ability starting to resolve, its own log entries) is no moment of its
        own: a frame the others would find empty would count it for them. That is so when
        the duel hides things from its players ("always ask", as boards with seats do); on an
        open duel every change is a moment."""
        if not duel.policy.always_ask(duel):
            return bool(log or changes) or bool(self.frames and self.frames[-1].chain != chain)
        if any(e.get("seat") is None for e in log):
            return True
        for key, value in changes.items():
            if key in ("pushed", "popped"):
                if any(link.get("seat") is None for link in value):
                    return True
            elif key == "triggers":
                if any(not duel.trigger(tid).private for tid in value):
                    return True
            else:
                return True
        before = self.frames[-1].chain if self.frames else []
        return ([link for link in before if link.get("seat") is None]
                != [link for link in chain if link.get("seat") is None])

    def _changes(self, duel: Duel, cards: dict[int, list[Any]],
                 chain: list[dict[str, Any]]) -> dict[str, Any]:
        before_cards, before_lp, before_chain = self._before
        before_numbers = [link["number"] for link in before_chain]
        moved, changed = [], []
        for iid, now in cards.items():
            was = before_cards.get(iid)
            if was is None or was[:2] != now[:2]:
                moved.append({"card": iid, "from": was[:2] if was else None, "to": now[:2]})
            elif was != now:
                changed.append(iid)
        moved += [{"card": iid, "from": was[:2], "to": None}
                  for iid, was in before_cards.items() if iid not in cards]
        lp = list(duel.state.lp)
        numbers = [link["number"] for link in chain]
        statuses = {t.tid: t.status for t in duel.state.triggers}
        out: dict[str, Any] = {}
        if moved:
            out["moved"] = moved
        if changed:
            out["changed"] = changed
        if lp != before_lp:
            out["lp"] = [a - b for a, b in zip(lp, before_lp, strict=True)]
        pushed = [link for link in chain if link["number"] not in before_numbers]
        popped = [link for link in before_chain if link["number"] not in numbers]
        if pushed:
            out["pushed"] = pushed
        if popped:
            out["popped"] = popped
        new = [tid for tid, s in statuses.items() if self._triggers_before.get(tid) != s]
        if new:
            out["triggers"] = new
        self._before = cards, lp, chain
        self._triggers_before = statuses
        return out
