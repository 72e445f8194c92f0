"""Predict the chain: questions for the room, generated from the board at the presenter's step
and answered by the engine playing on (a copy of) the duel.

A question is offered only where its answer is fixed: by the rules (playing on needs no
player's decision with more than one answer before the answer is known), or else by the
scenario's scripted steps (the question then says so). Each question names the rule id that
decides it.

A question asked is stored without a language (:meth:`Question.to_dict`): its wording as a
message id with its parameters, each option as a message id, a number, or a card's (or a
player's) name in every language of the site; each reader sees it in their own language
(:func:`shown`). Questions stored worded already, by an older version, are shown as they are.

Votes: one per browser, known by a signed cookie that holds an anonymous voter id and name
(no account, no session). They are rows of :class:`~simulator.models.PredictionVote`, one per
voter and question (a unique constraint refuses a second one at once, across processes).
"""

from __future__ import annotations

import csv
import hashlib
import io
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.core import signing
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from engine import RULES, Duel, IllegalAction, hidden_from
from engine.games import game
from engine.i18n import pick
from engine.words import HIDDEN, player_name, text_arg

from . import script, store
from .language import engine_language
from .models import Board, Prediction, PredictionVote
from .rendering import Viewer

COOKIE = "predict_voter"
SALT = "simulator.predict.voter"
COOKIE_MAX_AGE = 60 * 60 * 24 * 30
ANIMALS = ("Badger", "Crane", "Dolphin", "Falcon", "Fox", "Hare", "Heron", "Lynx", "Otter",
           "Owl", "Panda", "Puffin", "Raven", "Seal", "Swan", "Tiger", "Turtle", "Wolf")
MAX_OPTIONS = 4
#: log keys saying a trigger did not activate (a Yu-Gi-Oh! effect or a Duel Masters ability)
NOT_ACTIVATED = ("trigger.missed", "trigger.not_met", "trigger.not_activated",
                 "trigger.declined", "pending.declined", "pending.not_triggered")
ACTIVATED = ("chain.link", "chain.link_same", "pending.add")
#: the languages a stored question names its cards and players in
LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)
#: the wordings of questions and options, translated as they are shown (see :func:`word`)
LINK_1 = gettext_noop("Which effect will be Chain Link 1?")
FIRST = gettext_noop("Whose ability resolves first?")
ACTIVATES = gettext_noop("Does %(card)s's effect activate?")
USED = gettext_noop("Is %(card)s's ability used?")
LP_AFTER = gettext_noop("What is %(player)s's LP after the chain?")
YES, NO = gettext_noop("Yes"), gettext_noop("No")
MESSAGES = frozenset({LINK_1, FIRST, ACTIVATES, USED, LP_AFTER, YES, NO})

#: A language-free label: ``{"msg": id}`` (one of :data:`MESSAGES`), ``{"text": "9000"}`` (the
#: same in every language) or ``{"names": {"en": ..., "ja": ..., "fr": ...}}``; a plain string
#: is a label of an older record, worded already.
Label = dict[str, Any] | str


def word(label: Label) -> str:
    """A label in the current language."""
    if isinstance(label, str):
        return label
    if not isinstance(label, dict):
        return ""
    if label.get("msg") in MESSAGES:
        return _(label["msg"])
    if isinstance(label.get("names"), dict):
        return pick(label["names"], engine_language())
    return str(label.get("text", ""))


def worded(message: dict[str, Any] | str, scripted: bool = False) -> str:
    """A question's wording (``{"id": message id, "args": {name: label}}``) in the current
    language; an older record's text as it is."""
    if isinstance(message, str):
        return message
    if not isinstance(message, dict) or message.get("id") not in MESSAGES:
        return ""
    args = message.get("args") or {}
    text = _(message["id"]) % {k: word(v) for k, v in args.items()} if args else _(message["id"])
    if scripted:
        text = _("%(question)s (as the scenario plays it)") % {"question": text}
    return text


@dataclass
class Question:
    """One question: its kind and key (stable for a step), its wording (a message id and its
    parameters), its options (labels), the index of the right one, the rule id that decides it
    and whether the script decides it. ``text`` and ``options`` are worded in the current
    language."""

    key: str
    message: dict[str, Any]
    labels: list[Label]
    answer: int
    rule: str
    scripted: bool

    @property
    def text(self) -> str:
        return worded(self.message, self.scripted)

    @property
    def options(self) -> list[str]:
        return [word(label) for label in self.labels]

    def to_dict(self) -> dict[str, Any]:
        """As stored: without a language."""
        return {"key": self.key, "text": self.message, "options": list(self.labels),
                "answer": self.answer, "rule": self.rule, "scripted": self.scripted,
                "format": 2}


def shown(question: dict[str, Any]) -> dict[str, Any]:
    """A stored question worded in the current language: its text and options, with its key,
    right answer, rule and whether the script decides it. An older record (worded already in
    the language it was asked in) is shown as it was stored."""
    options = question.get("options") or []
    return {**question, "text": worded(question.get("text", ""),
                                       bool(question.get("scripted")) and isinstance(
                                           question.get("text"), dict)),
            "options": [word(label) for label in options]}


@dataclass
class Asked:
    """A question asked, as a page shows it: its id, whether its answer is revealed, and the
    question worded in the reader's language (:func:`shown`)."""

    pk: int
    revealed: bool
    question: dict[str, Any]


def asked_for_reader(prediction: Prediction | None) -> Asked | None:
    if prediction is None:
        return None
    return Asked(prediction.pk, prediction.revealed, shown(prediction.question))


@dataclass
class Future:
    """The duel played on from the shown moment: the log entries after it, the life points
    then and now, and whether playing on ended with nothing left to resolve."""

    duel: Duel
    entries: list[dict[str, Any]]
    lp_before: list[int]
    settled: bool
    scripted: bool
    view: str = "open"
    _viewers: dict[str, Viewer] = field(default_factory=dict, repr=False)

    def viewer(self) -> Viewer:
        """The room's view of the duel played on, in the current language."""
        return Viewer(self.duel, self.view)

    def names(self, name: Callable[[Viewer], str]) -> Label:
        """A label naming something (``name`` of a viewer) in every language of the site."""
        if not self._viewers:
            for lang in LANGUAGES:
                with translation.override(lang):
                    self._viewers[lang] = Viewer(self.duel, self.view)
        return {"names": {lang: name(vw) for lang, vw in self._viewers.items()}}


# ---------------------------------------------------------------------- generating questions
def questions(board: Board, step: int, frame: int | None = None) -> list[Question]:
    """The questions whose answer is fixed at the presenter's step (and frame): by the rules
    first; else by the scenario's scripted steps."""
    full = store.duel_of(board)
    hidden = _hidden_names(board, full, step, frame)
    for scripted in (False, True):
        future = play_on(board, full, step, frame, scripted=scripted)
        if future is None:
            continue
        found = [q for q in _from_future(future, board)
                 if not any(name in " ".join([q.text, *q.options]) for name in hidden)]
        if found:
            return found
    return []


def _hidden_names(board: Board, full: Duel, step: int, frame: int | None) -> set[str]:
    """On a board with seats, the names of the cards the room may not see at the moment shown
    (in a hand, a deck or face down, and not also seen face up), and the words a hidden card
    is named by: no question names them, even when playing on would reveal them."""
    if not board.seats:
        return set()
    if frame is not None and step:
        shown = full.at_frame(step, frame)[0]
    else:
        shown = full.at(min(step, len(full.actions)))
    names = Viewer(shown, "open")
    seen = {names.name(c.iid) for c in shown.state.cards.values() if not hidden_from(c, None)}
    return ({names.name(c.iid) for c in shown.state.cards.values()
             if hidden_from(c, None)} - seen) | {names.tr(HIDDEN)}


def play_on(board: Board, full: Duel, step: int, frame: int | None, *,
            scripted: bool) -> Future | None:
    """Play on from the shown moment, on a copy: only the decisions with one legal answer
    (``scripted`` False), or the scenario's steps from there (None when it has none)."""
    duel = store._clone(full.at(step)) if step < len(full.actions) else store._clone(full)
    shown, lp_before = len(duel.state.log), list(duel.state.lp)
    if frame is not None and step:
        frames = full.frames(step)
        before = full.at(step - 1)
        shown = len(before.state.log) + sum(len(f.log) for f in frames[:frame])
        lp_before = list(frames[frame - 1].lp)
    if scripted:
        steps = script_after(board, full, step)
        if not steps:
            return None
        for item in steps:  # up to the end of the first chain (or pending pool) to come
            try:
                script._play_step(duel, item, False)
            except IllegalAction:
                break
            if _settled(duel):
                break
    else:
        _forced(duel)
    view = "public" if board.seats else "open"  # a board with seats: hidden cards stay so
    return Future(duel, duel.state.log[shown:], lp_before, _settled(duel), scripted, view)


def _settled(duel: Duel) -> bool:
    """Nothing is left to decide or resolve."""
    st = duel.state
    return st.decision is None and not st.chain and not st.queue


def script_after(board: Board, full: Duel, step: int) -> list[dict[str, Any]]:
    """The scenario's steps after step ``step``, while the board follows its script."""
    if not board.follows_script:
        return []
    return [script.as_step(a) for a in full.actions[step:]] + list(board.pending_steps)


def _forced(duel: Duel, limit: int = 500) -> None:
    """Answer every decision that has a single legal answer; stop at a real choice."""
    for _turn in range(limit):
        if duel.state.decision is None:
            return
        actions = duel.legal_actions()
        if len(actions) != 1:
            return
        duel.apply(actions[0])


def _from_future(future: Future, board: Board) -> list[Question]:
    found: list[Question] = []
    chain = game(future.duel.game).chain  # a numbered chain (else a pool of pending abilities)
    if chain:
        found += _chain_link_1(future)
    else:
        found += _resolves_first(future)
    found += _activates(future)
    if chain:
        found += _life_points(future)
    return found


def _rule(entries: list[dict[str, Any]], index: int, fallback: str = "") -> str:
    """The first catalogued rule id of entry ``index``, else of the closest entry before it."""
    for entry in reversed(entries[:index + 1]):
        for rule in entry.get("rules", []):
            if rule in RULES:
                return rule
    return fallback


def _effect_name(vw: Viewer, card: int, effect: str) -> str:
    return f"{vw.name(card)}: {text_arg(effect, vw.tr)}" if effect else vw.name(card)


def _chain_link_1(future: Future) -> list[Question]:
    entries, vw = future.entries, future.viewer()
    first = next((i for i, e in enumerate(entries)
                  if e["key"] in ("chain.link", "chain.link_same")
                  and e["args"].get("link") == 1), None)
    if first is None or any(e["key"] == "action" and e["args"].get("card") == entries[first][
            "args"]["card"] for e in entries[:first]):
        return []  # none, or the card a player just activated: no question
    args = entries[first]["args"]

    def effect_name(a: dict[str, Any]) -> Label:
        return future.names(lambda v: _effect_name(v, a["card"], a.get("effect", "")))
    right = effect_name(args)
    others = [effect_name(e["args"])
              for e in entries if e["key"] in ("chain.link", "chain.link_same", "trigger.met")
              and vw.sees(e)]
    options = _options(right, others)
    if len(options) < 2:
        return []
    rule = next((_rule(entries, i) for i, e in enumerate(entries[:first])
                 if e["key"] in ("trigger.order", "trigger.order_forced",
                                 "trigger.order_partly_forced", "chain.segoc")), "")
    return [Question("link1", {"id": LINK_1}, options,
                     options.index(right), rule or _rule(entries, first, "YGO-CHAIN"),
                     future.scripted)]


def _resolves_first(future: Future) -> list[Question]:
    entries, vw = future.entries, future.viewer()
    first = next((i for i, e in enumerate(entries) if e["key"] == "pending.resolve"), None)
    if first is None:
        return []

    def label(e: dict[str, Any]) -> Label:
        who, iid = e["args"].get("player"), e["args"]["card"]

        def named(v: Viewer) -> str:
            card = v.name(iid)
            told = card != v.duel.name_in(iid, v.tr.lang)  # "Player 2's ..."
            return card if who is None or told else f"{card} ({player_name(who, v.tr)})"
        return future.names(named)
    right_card = entries[first]["args"]["card"]
    adds = {e["args"]["card"]: label(e) for e in entries
            if e["key"] == "pending.add" and vw.sees(e)}
    right = adds.get(right_card) or future.names(lambda v: v.name(right_card))
    options = _options(right, list(adds.values()))
    if len(options) < 2:
        return []
    rule = next((_rule(entries, i) for i in range(first, -1, -1)
                 if entries[i]["key"] in ("pending.next", "pending.resolve")), "")
    return [Question("first", {"id": FIRST}, options,
                     options.index(right), rule or "DM-ORDER", future.scripted)]


def _activates(future: Future) -> list[Question]:
    """"Does X activate?" for each trigger whose fate (activated, or not and why) comes after
    the shown moment."""
    entries, vw = future.entries, future.viewer()
    log = future.duel.state.log
    offset = len(log) - len(entries)
    out: list[Question] = []
    seen: set[str] = set()
    for j, e in enumerate(entries):
        tid, card = e["args"].get("tid"), e["args"].get("card")
        if e["key"] not in NOT_ACTIVATED + ACTIVATED or tid is None or vw.name(card) in seen:
            continue
        if not vw.sees(e):  # a hidden card's trigger: its fate is its player's until revealed
            continue
        seen.add(vw.name(card))
        yes = e["key"] in ACTIVATED
        met = next((i for i in range(offset + j, -1, -1) if log[i]["key"] == "trigger.met"
                    and log[i]["args"].get("tid") == tid), None)
        rule = _rule(log, met) if yes and met is not None else _rule(entries, j)
        wording = ACTIVATES if game(future.duel.game).verb == "activate" else USED
        message = {"id": wording, "args": {"card": future.names(lambda v, c=card: v.name(c))}}
        out.append(Question(f"activates-{card}", message, [{"msg": YES}, {"msg": NO}],
                            0 if yes else 1, rule, future.scripted))
    return [q for q in out if q.rule]


def _life_points(future: Future) -> list[Question]:
    if not future.settled:
        return []
    entries = future.entries
    out = []
    for player, before in enumerate(future.lp_before):
        after = future.duel.state.lp[player]
        deltas = [ev["amount"] * (1 if ev["type"] == "lp_gained" else -1)
                  for e in entries if e["key"] == "instant"
                  for ev in e["args"].get("events", [])
                  if ev.get("type") in ("lp_gained", "lp_lost") and ev.get("player") == player]
        if after == before or not deltas:
            continue
        near = [before, before - (after - before), after + deltas[0], after - deltas[-1]]
        right = {"text": str(after)}
        options = sorted(_options(right, [{"text": str(v)} for v in near if v >= 0]),
                         key=lambda label: int(label["text"]))
        done = max((i for i, e in enumerate(entries) if e["key"] == "chain.done"), default=0)
        message = {"id": LP_AFTER,
                   "args": {"player": future.names(lambda v, p=player: player_name(p, v.tr))}}
        out.append(Question(
            f"lp-{player + 1}", message, options, options.index(right),
            _rule(entries, done, "YGO-CHAIN"), future.scripted))
    return out


def _options(right: Label, others: list[Label]) -> list[Label]:
    """The right answer among up to three distinct others, in an order that does not give
    it away (the same every time, and in every language: by the English label)."""
    options = [right]
    for other in others:
        if other not in options and len(options) < MAX_OPTIONS:
            options.append(other)
    with translation.override("en"):
        return sorted(options, key=lambda label: hashlib.sha256(
            word(label).encode()).hexdigest())


# ---------------------------------------------------------------------- asking and voting
def ask(board: Board, step: int, frame: int | None, key: str) -> Prediction | None:
    """Ask the room the question ``key`` offered at this moment (None: not offered)."""
    offered = {q.key: q for q in questions(board, step, frame)}
    if key not in offered:
        return None
    Prediction.objects.filter(board=board, closed=False).update(closed=True)
    return Prediction.objects.create(board=board, step=step, frame=frame,
                                     question=offered[key].to_dict())


def current(board: Board) -> Prediction | None:
    """The question the room is answering (or whose answer was just revealed)."""
    return Prediction.objects.filter(board=board, closed=False).order_by("-pk").first()


def voter(request: HttpRequest) -> tuple[dict[str, str] | None, bool]:
    """The voter of this browser from its signed cookie, and whether a cookie was there but
    forged or broken (then the voter is None)."""
    raw = request.COOKIES.get(COOKIE)
    if raw is None:
        return None, False
    try:
        value = signing.loads(raw, salt=SALT, max_age=COOKIE_MAX_AGE)
    except signing.BadSignature:
        return None, True
    if not isinstance(value, dict) or not isinstance(value.get("id"), str) or not isinstance(
            value.get("name"), str):
        return None, True
    return {"id": value["id"][:32], "name": value["name"][:40]}, False


def new_voter() -> dict[str, str]:
    """An anonymous voter: a random id and an animal's name with a number."""
    animal = ANIMALS[secrets.randbelow(len(ANIMALS))]
    return {"id": secrets.token_urlsafe(16), "name": f"{animal} {secrets.randbelow(90) + 10}"}


def remember(response: HttpResponse, who: dict[str, str]) -> None:
    response.set_cookie(COOKIE, signing.dumps(who, salt=SALT), max_age=COOKIE_MAX_AGE,
                        httponly=True, samesite="Lax")


def vote(prediction: Prediction, who: dict[str, str], choice: int) -> bool:
    """Record a vote; False when this voter already voted on this question."""
    _vote, made = PredictionVote.objects.get_or_create(
        prediction=prediction, voter=who["id"], defaults={"name": who["name"], "choice": choice})
    return made


def tally(prediction: Prediction) -> list[dict[str, Any]]:
    """Each option with its number of votes and whether it is the right one."""
    question = shown(prediction.question)
    counts = [0] * len(question["options"])
    for choice in prediction.votes.values_list("choice", flat=True):
        if 0 <= choice < len(counts):
            counts[choice] += 1
    total = sum(counts) or 1
    return [{"index": i, "label": label, "votes": counts[i],
             "percent": round(100 * counts[i] / total),
             "right": i == question["answer"]}
            for i, label in enumerate(question["options"])]


def results_csv(board: Board) -> str:
    """Every question asked on the board and each vote, one row a vote."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["question", "step", "frame", "rule", "right answer", "student",
                     "answer", "right"])
    for p in Prediction.objects.filter(board=board).order_by("pk"):
        q = shown(p.question)
        right = q["options"][q["answer"]]
        for v in p.votes.order_by("pk"):
            answer = q["options"][v.choice] if 0 <= v.choice < len(q["options"]) else ""
            writer.writerow([_csv_cell(q["text"]), p.step, p.frame or "", q["rule"],
                             _csv_cell(right), _csv_cell(v.name), _csv_cell(answer),
                             "yes" if v.choice == q["answer"] else "no"])
    return out.getvalue()


def _csv_cell(text: str) -> str:
    """A cell a spreadsheet will not read as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text
