"""Replaying a duel's history under a change, and what did not carry over.

>>> from engine import Duel, replay_under
>>> report = replay_under(duel, settings={"preset": "TCG classic"})
>>> report.duel            # the replayed duel: same set-up, the history played again
>>> print(report)          # what could not be carried, in words
>>> report.to_dict()       # the same as plain data

:func:`replay_under` is the one function behind "run again under another preset" and the
what-if switches: it takes a history (a :class:`~engine.duel.Duel` or its ``to_dict()``) and
plays its actions again from the set-up under a change: other settings (a rule preset), another
set-up (whose turn it is), other card definitions (a card's wording).
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field, fields
from typing import Any

from .cards import Library
from .duel import Duel
from .errors import IllegalAction
from .refusals import Refusal, in_each_language
from .state import Decision

#: actions that answer the open decision
ANSWERS = ("answer", "pass")
#: a change answers at most this many decisions that were never asked before, in a row
MAX_NEW_ANSWERS = 1000
KIND_WORDS = {"order": "order", "choose_cards": "choice of cards",
              "activate_trigger": "activation", "respond": "response",
              "phase_trigger": "phase effect", "block": "block", "s_trigger": "S-Trigger",
              "ninja_strike": "Ninja Strike"}


@dataclass
class ReplayReport:
    """A history replayed under a change: what could not be carried, and why.

    Every field but ``duel`` is plain data (``to_dict()`` is JSON-compatible). Steps are
    numbered from 1 in the original history; decisions and answers name their cards.

    - ``not_carried``: the old answer could not be given again, so the decision asked now was
      answered with its default: ``why`` is ``"different"`` (the decision asked now is not the
      same: other options, or another kind) or ``"illegal"`` (the same decision, but the old
      answer is refused now: ``reason``).
    - ``dropped``: answers to decisions that are no longer asked at all (the rules now decide
      it, or the decision never comes up).
    - ``added``: decisions asked only now, answered with their default (no old answer).
    - ``stopped``: the action that became illegal, with the engine's reason; nothing after it
      was replayed (``processed`` counts the steps that were).
    - ``progress[k]``: how many actions the new history has once old step ``k`` is replayed.
    """

    game: str
    change: dict[str, Any]
    steps: int
    processed: int = 0
    not_carried: list[dict[str, Any]] = field(default_factory=list)
    dropped: list[dict[str, Any]] = field(default_factory=list)
    added: list[dict[str, Any]] = field(default_factory=list)
    stopped: dict[str, Any] | None = None
    progress: list[int] = field(default_factory=lambda: [0])
    duel: Duel | None = field(default=None, repr=False, compare=False)

    @property
    def carried_all(self) -> bool:
        """Every answer was given again and every step was replayed."""
        return not (self.not_carried or self.dropped or self.stopped)

    def uncarried_steps(self) -> list[int]:
        """The steps whose answers could not be carried (given differently or dropped)."""
        return sorted(e["step"] for e in self.not_carried + self.dropped)

    def to_dict(self) -> dict[str, Any]:
        return {f.name: copy.deepcopy(getattr(self, f.name)) for f in fields(self)
                if f.name != "duel"}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ReplayReport:
        names = {f.name for f in fields(cls)} - {"duel"}
        return cls(**{k: copy.deepcopy(v) for k, v in data.items() if k in names})

    def lines(self) -> list[str]:
        """The report in English, one line per finding."""
        out = [f"Replayed {self.processed} of {self.steps} steps under "
               f"{describe_change(self.change)}."]
        for e in sorted(self.not_carried + self.dropped + self.added,
                        key=lambda e: (e.get("step", e.get("after_step", 0) + 0.5))):
            if e in self.dropped:
                out.append(f"Step {e['step']}: {_decision_words(e['decision'])} is no longer "
                           f"asked; its answer ({_names(e['answer'])}) was dropped.")
            elif e in self.not_carried:
                why = ("the decision asked now differs: "
                       f"{_decision_words(e['asked'])}" if e["why"] == "different"
                       else f"it is refused now: {e['reason']}")
                out.append(f"Step {e['step']}: the answer to {_decision_words(e['decision'])} "
                           f"({_names(e['answer'])}) could not be carried ({why}); answered "
                           f"{_names(e['used'])} instead (the default).")
            else:
                out.append(f"After step {e['after_step']}: a new decision, "
                           f"{_decision_words(e['decision'])}, answered "
                           f"{_names(e['used'])} (the default).")
        if self.stopped:
            s = self.stopped
            rules = f" ({', '.join(s['rules'])})" if s["rules"] else ""
            out.append(f"Step {s['step']} ({s['action']}) is no longer legal: {s['reason']}"
                       f"{rules}. The replay stopped there; "
                       f"{self.steps - self.processed} step(s) were not replayed.")
        if self.carried_all and not self.added:
            out.append("Every answer was carried over.")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


def describe_change(change: dict[str, Any]) -> str:
    parts = []
    settings = change.get("settings") or {}
    if "preset" in settings:
        parts.append(f"the {settings['preset']} preset")
    others = {k: v for k, v in settings.items() if k != "preset"}
    if others:
        parts.append("the settings " + ", ".join(f"{k}={v}" for k, v in others.items()))
    if change.get("setup"):
        parts.append("another set-up")
    if change.get("cards"):
        parts.append("changed cards: " + ", ".join(change["cards"]))
    return " and ".join(parts) or "the same rules"


def _names(names: list[str]) -> str:
    return ", ".join(names) or "nothing"


def _decision_words(d: dict[str, Any]) -> str:
    what = KIND_WORDS.get(d["kind"], d["kind"].replace("_", " "))
    source = f" of {d['card']}" if d.get("card") else ""
    return f"Player {d['player'] + 1}'s {what}{source} ({', '.join(d['options'])})"


# ---------------------------------------------------------------------- the replay
@dataclass
class _Asked:
    """One old answer: the decision it answered, in card identities, and the answer."""

    step: int
    action: dict[str, Any]
    signature: tuple
    choice: Any  # option ids of the old decision
    identities: dict[str, str]  # old option id -> identity
    summary: dict[str, Any]
    names: list[str]


def replay_under(source: Duel | dict[str, Any], *, settings: dict[str, Any] | None = None,
                 setup: dict[str, Any] | None = None,
                 cards: list[dict[str, Any]] | None = None,
                 library: Library | None = None) -> ReplayReport:
    """Play ``source``'s history again under a change; ``report.duel`` is the new duel.

    ``settings`` are merged over the old ones (a new ``preset`` replaces the switches the old
    preset implied; switches set by hand are kept); ``setup`` replaces the set-up; ``cards``
    are card definitions (the YAML schema, as mappings) added over the library, replacing
    cards of the same id. ``library``: the library of a ``source`` given as a mapping (its own
    ``cards`` are added to it).

    Each action is applied again in turn. An answer is carried when the same decision is asked
    again: the same kind, player, question (prompt and asking card) and the same set of options
    by card identity (a card's instance id, and for an order of triggers each trigger's card
    and effect), so trigger ids that differ are translated. When the decision asked now is
    another one, the old answer is compared with the next old answers before the next
    non-answer action: a later one may fit (the old decisions before it are no longer asked:
    dropped); otherwise, if the decision is of the same kind and player it replaces the old
    one (answered with its default: not carried), and if not it is new (answered with its
    default: added). Old answers left when the next non-answer action comes are dropped, and
    decisions still open then are answered with their default (added). A non-answer action
    that is refused now stops the replay, with the engine's reason. A decision still open at
    the end of the history stays open.
    """
    old = _original(source, library)
    actions = copy.deepcopy(source.actions if isinstance(source, Duel)
                            else list(source.get("actions", [])))
    change = {"settings": dict(settings or {}), "setup": setup is not None,
              "cards": [str(c.get("id") or c.get("name")) for c in cards or []]}
    new = Duel(old.game, setup=setup if setup is not None else old.setup,
               settings=_changed_settings(old, settings or {}), library=old.library,
               cards=cards, recorded=setup is None)
    report = ReplayReport(game=old.game, change=change, steps=len(actions), duel=new)

    asked, broken = _asked(old, actions)
    if broken is not None:  # the history itself is refused now: replay what comes before
        actions = actions[:broken["step"] - 1]

    i = 0
    while i < len(actions):
        if asked[i] is not None:
            j = i
            while j < len(actions) and asked[j] is not None:
                j += 1
            _segment(new, [a for a in asked[i:j] if a is not None], report)
            i = j
            continue
        _answer_open(new, report, after_step=i)
        try:
            new.apply(copy.deepcopy(actions[i]))
        except IllegalAction as exc:
            report.stopped = {"step": i + 1, "action": _action_words(old, actions[i]),
                              "reason": exc.reason, "reasons": in_each_language(exc.reason),
                              "rules": list(exc.rules)}
            break
        i += 1
        _progress(report, i, len(new.actions))
    if broken is not None and report.stopped is None:
        report.stopped = broken
    report.processed = report.stopped["step"] - 1 if report.stopped else len(actions)
    return report


def _asked(old: Duel, actions: list[dict[str, Any]]
           ) -> tuple[list[_Asked | None], dict[str, Any] | None]:
    """Play the history on ``old`` as it was recorded: each answer with the decision it
    answered (None for other actions), and the step the engine refuses now, if one is (a
    history recorded under an older reading of the rules): nothing after it is read."""
    asked: list[_Asked | None] = []
    for i, action in enumerate(actions, 1):
        d = old.state.decision
        if action.get("do") in ANSWERS and d is not None:
            choice = _normalise(old, d, action)
            ids = _identities(old, d)
            asked.append(_Asked(step=i, action=action, signature=_signature(old, d, ids),
                                choice=choice, identities=ids, summary=_summary(old, d),
                                names=_answer_names(old, d, choice)))
        else:
            asked.append(None)
        try:
            with old._replay():  # the history as it was recorded
                old.apply(action)
        except IllegalAction as exc:
            return asked[:-1], {"step": i, "action": _action_words(old, action),
                                "reason": exc.reason, "reasons": in_each_language(exc.reason),
                                "rules": list(exc.rules)}
    return asked, None


def _original(source: Duel | dict[str, Any], library: Library | None) -> Duel:
    """A fresh duel at the start of ``source``'s history (its actions are not applied)."""
    if isinstance(source, Duel):
        return Duel(source.game, setup=source.setup, settings=source.settings,
                    library=source.library, recorded=True)
    return Duel(source["game"], setup=source.get("setup"), settings=source.get("settings"),
                library=library, cards=source.get("cards") or None, recorded=True)


def _changed_settings(old: Duel, change: dict[str, Any]) -> dict[str, Any]:
    """The old settings with ``change`` over them; a new preset brings its own switches."""
    kept = dict(old.settings)
    if "preset" in change and "preset" in kept:
        implied = old.policy.normalise_settings({"preset": kept["preset"]})
        kept = {k: v for k, v in kept.items() if k == "preset" or implied.get(k) != v}
    return {**kept, **change}


def _progress(report: ReplayReport, step: int, length: int) -> None:
    """Old step ``step`` is replayed: the new history has ``length`` actions."""
    while len(report.progress) <= step:
        report.progress.append(report.progress[-1])
    report.progress[step] = length


def _segment(new: Duel, queue: list[_Asked], report: ReplayReport) -> None:
    """Carry a run of old answers (between two non-answer actions) over to ``new``."""
    budget = MAX_NEW_ANSWERS
    while queue:
        d = new.state.decision
        if d is None:
            break
        ids = _identities(new, d)
        signature = _signature(new, d, ids)
        match = next((k for k, a in enumerate(queue) if a.signature == signature), None)
        if match is not None:
            for gone in queue[:match]:
                _drop(new, report, gone)
            entry = queue[match]
            del queue[:match + 1]
            _carry(new, d, ids, entry, report)
        elif queue[0].signature[:2] == signature[:2]:  # the same kind of decision, changed
            entry = queue.pop(0)
            summary = _summary(new, d)
            used = _default(new)
            report.not_carried.append({
                "step": entry.step, "decision": entry.summary, "answer": entry.names,
                "asked": summary, "used": used, "why": "different", "reason": ""})
            _progress(report, entry.step, len(new.actions))
        else:
            budget -= 1
            if budget < 0:
                raise IllegalAction(Refusal("replay_loop"))
            summary = _summary(new, d)
            report.added.append({"after_step": queue[0].step - 1, "decision": summary,
                                 "used": _default(new)})
    for gone in queue:
        _drop(new, report, gone)


def _drop(new: Duel, report: ReplayReport, entry: _Asked) -> None:
    report.dropped.append({"step": entry.step, "decision": entry.summary,
                           "answer": entry.names})
    _progress(report, entry.step, len(new.actions))


def _carry(new: Duel, d: Decision, ids: dict[str, str], entry: _Asked,
           report: ReplayReport) -> None:
    by_identity = {identity: oid for oid, identity in ids.items()}
    old_choice = entry.choice
    if isinstance(old_choice, list):
        choice: Any = [by_identity[entry.identities[c]] for c in old_choice]
    else:
        choice = by_identity[entry.identities[old_choice]]
    same = choice == old_choice
    try:
        new.apply(copy.deepcopy(entry.action) if same else {"do": "answer", "choice": choice})
    except IllegalAction as exc:
        report.not_carried.append({
            "step": entry.step, "decision": entry.summary, "answer": entry.names,
            "asked": _summary(new, d), "used": _default(new), "why": "illegal",
            "reason": exc.reason, "reasons": in_each_language(exc.reason)})
    _progress(report, entry.step, len(new.actions))


def _answer_open(new: Duel, report: ReplayReport, *, after_step: int) -> None:
    """Decisions still open before a non-answer action: their default answers (they belong
    to the step that comes next: ``progress[after_step]`` does not count them)."""
    budget = MAX_NEW_ANSWERS
    while new.state.decision is not None:
        budget -= 1
        if budget < 0:
            raise IllegalAction(Refusal("replay_loop"))
        summary = _summary(new, new.state.decision)
        report.added.append({"after_step": after_step, "decision": summary,
                             "used": _default(new)})


def _default(new: Duel) -> list[str]:
    """Answer the open decision with its default; the names of what was answered."""
    d = new.state.decision
    choice = new.default_answer()
    names = _answer_names(new, d, _normalise(new, d, {"do": "answer", "choice": choice}))
    new.apply({"do": "answer", "choice": choice})
    return names


# ---------------------------------------------------------------------- identities
def _identities(duel: Duel, d: Decision) -> dict[str, str]:
    """Each option id of a decision -> what it is, stable across replays: the card (and
    effect) for an order of triggers, the option id without trigger ids otherwise. The same
    effect of one card met twice (two summons for one "each time" card) is told apart by
    its rank among the options, which list triggers in the order they met their timing."""
    out = {}
    seen: dict[str, int] = {}
    for o in d.options:
        oid = str(o["id"])
        if d.kind == "order":
            t = duel.trigger(int(oid))
            base = f"{t.card}:{t.effect}"
            seen[base] = seen.get(base, 0) + 1
            out[oid] = base if seen[base] == 1 else f"{base}#{seen[base]}"
        else:
            out[oid] = re.sub(r":t\d+$", "", oid)
    return out


def _signature(duel: Duel, d: Decision, ids: dict[str, str]) -> tuple:
    return (d.kind, d.player, d.prompt, d.args.get("card"), tuple(sorted(ids.values())))


def _normalise(duel: Duel, d: Decision, action: dict[str, Any]) -> Any:
    """An answer as the option ids the engine records (see ``Duel.answer``)."""
    if action.get("do") == "pass":
        return "pass"
    choice = duel.option_ids(action.get("choice"))
    ids = [str(o["id"]) for o in d.options]
    if d.kind == "order":
        if not isinstance(choice, list):
            choice = [str(choice)] + [i for i in ids if i != str(choice)]
        return [str(c) for c in choice]
    if d.kind == "choose_cards":
        return [str(c) for c in (choice if isinstance(choice, list) else [choice])]
    return str(choice)


def _option_name(duel: Duel, d: Decision, oid: str) -> str:
    option = next((o for o in d.options if str(o["id"]) == oid), None)
    if option is not None and option.get("card") is not None:
        return duel.name(option["card"])
    return oid


def _answer_names(duel: Duel, d: Decision, choice: Any) -> list[str]:
    chosen = choice if isinstance(choice, list) else [choice]
    return [_option_name(duel, d, str(c)) for c in chosen]


def _summary(duel: Duel, d: Decision) -> dict[str, Any]:
    card = d.args.get("card")
    return {"kind": d.kind, "player": d.player, "prompt": d.prompt,
            "card": duel.name(card) if card is not None else "",
            "options": [_option_name(duel, d, str(o["id"])) for o in d.options]}


def _action_words(duel: Duel, action: dict[str, Any]) -> str:
    words = [str(action.get("do", "?")).replace("_", " ")]
    for key in ("card", "target"):
        ref = action.get(key)
        if ref is None:
            continue
        try:
            iid = int(ref) if str(ref).isdigit() else duel.ref(str(ref))
            words.append(duel.name(iid))
        except (IllegalAction, ValueError):
            words.append(str(ref))
    return " ".join(words)
