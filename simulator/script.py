"""A scenario's script on a board: opening a board from a scenario and following its steps.

A board opened from a scenario follows its script (the scenario's steps) until someone acts
otherwise: an action that does what the next step does counts as that step; any other action
leaves the script, and "Back to the script" returns the board to where it left.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from engine import (
    Duel,
    EngineError,
    IllegalAction,
    Scenario,
    refusal_problem,
    refusal_text,
    step_action,
    translate_answer,
)
from engine.words import in_each_language, worded

from .language import translator
from .models import Board
from .store import Notice, _apply_and_save, _clone, create_board, duel_of


def board_from_scenario(scn: Scenario) -> Board:
    """A board at the start of a scenario, its steps waiting for "Next step"."""
    steps = [{k: v for k, v in s.items() if k != "__line__"} for s in scn.steps]
    return create_board(game=scn.game, settings=scn.settings, setup=scn.setup,
                        cards=scn.raw_cards, title=scn.title, scenario=scn.slug, steps=steps,
                        auto=scn.auto, question=scn.question, explanation=scn.explanation)


def next_step(board: Board, version: int) -> Duel:
    """Play the scenario's next step on the board. A step the engine refuses here (say, on a
    board run again under another preset) leaves the script, saying why, rather than failing.
    """
    def change(locked: Board, duel: Duel) -> None:
        if locked.script_left is not None:
            raise Notice(_("This board left its script at step %(k)s; press “Back to the "
                           "script” to play its steps again.") % {
                               "k": locked.script_left.get("step")})
        if not locked.pending_steps:
            raise Notice(_("This scenario has no step left."))
        try:
            _play_next(locked, duel)
        except IllegalAction as exc:
            _leave(locked, "failed", list(duel.actions), reason=refusal_text(exc))

    return _apply_and_save(board, version, change)


def _play_step(duel: Duel, step: dict[str, Any], auto: bool) -> None:
    """One scenario step on a duel, then the default answers if ``auto`` or the step says so."""
    auto = step.get("auto", False) or auto
    _apply_step(duel, step)
    if auto:
        duel.auto()


def played_out(board: Board) -> Duel:
    """The board's duel with the scenario steps still waiting played too, as "Next step"
    would play them, on a copy (the board is not changed). It stops before a step that fails."""
    duel = _clone(duel_of(board))
    for step in board.pending_steps:
        try:
            _play_step(duel, step, board.auto)
        except IllegalAction:
            break
    return duel


def as_step(action: dict[str, Any]) -> dict[str, Any]:
    """An action of a history as a scenario step ("Next step" plays it again)."""
    if action.get("do") == "answer":
        return {"answer": action.get("choice")}
    return dict(action)


def back_to_script(board: Board, version: int) -> Duel:
    """Undo (or redo) the board's history to where it left its script; the steps still to
    play wait again."""
    def change(locked: Board, duel: Duel) -> None:
        left = locked.script_left
        if left is None:
            raise Notice(_("This board follows its script."))
        target = left.get("actions") or []
        common = 0
        for mine, theirs in zip(duel.actions, target, strict=False):
            if mine != theirs:
                break
            common += 1
        while len(duel.actions) > common:
            duel.undo()
        for action in target[common:]:
            duel.apply(action)
        locked.script_left = None

    return _apply_and_save(board, version, change)


def scripted(board: Board) -> bool:
    """Does the board still follow a scenario's script with steps left to play?"""
    return board.follows_script and bool(board.pending_steps)


def _play_next(locked: Board, duel: Duel) -> None:
    """Play the next scenario step as it is written, and count it as played."""
    step = locked.pending_steps[0]
    auto = step.get("auto", False)
    refusal = _apply_step(duel, step)
    if refusal:  # said to whoever pressed "Next step" (the board itself is unchanged)
        locked.script_notice = _("Step %(k)s is refused, as the scenario expects: "
                                 "%(reason)s") % {"k": locked.next_step_number,
                                                  "reason": worded(refusal, translator(duel))}
    locked.pending_steps = locked.pending_steps[1:]
    if auto:
        duel.auto()
    if locked.auto:
        _auto(locked, duel)


def _apply_step(duel: Duel, step: dict[str, Any]) -> str | None:
    """Apply a scenario step as written. An answer for the other player's decision is refused
    (IllegalAction, naming both players). A step the scenario expects to be refused counts as
    played when the engine refuses it for the expected reason (returns the refusal's text);
    accepted, or refused otherwise, it is refused here with the reason, and the board leaves
    its script."""
    if "expect_refused" not in step:
        action = step_action(duel, step)
        if action is not None:
            duel.apply(action)
        return None
    try:
        action = step_action(duel, step)
        probe = _clone(duel)
        if action is not None:
            probe.apply(action)
    except IllegalAction as exc:
        problem = refusal_problem(exc, step["expect_refused"])
        if problem:
            raise IllegalAction(problem) from exc
        return refusal_text(exc)
    raise IllegalAction(_("The scenario expects the engine to refuse this step, but it "
                          "accepts it."))


def _auto(locked: Board, duel: Duel, limit: int = 10000) -> None:
    """"Auto answers": a decision that the script's next step answers takes that step's
    answer (playing the step); any other decision takes its default."""
    for _turn in range(limit):
        if duel.state.decision is None:
            return
        step = locked.pending_steps[0] if locked.pending_steps else {}
        if locked.follows_script and "answer" in step:
            try:
                _play_next(locked, duel)
                continue
            except IllegalAction as exc:
                _leave(locked, "failed", list(duel.actions), reason=refusal_text(exc))
        duel.apply({"do": "answer", "choice": duel.default_answer()})


def _leave(locked: Board, how: str, actions: list[dict[str, Any]], reason: str = "") -> None:
    """The board leaves its script before its next step; ``actions`` are where "Back to the
    script" returns. The reason is kept in English and in each language the engine speaks."""
    reasons = in_each_language(reason)
    locked.script_left = {"step": locked.next_step_number, "how": how, "reason": str(reason),
                          "reasons": reasons, "actions": actions}


def same_as_step(duel: Duel, action: dict[str, Any], step: dict[str, Any]) -> bool:
    """Whether ``action`` does what the scenario ``step`` does, on the duel as it is now.

    An answer is the same when it names the same options (in option ids): the same order for
    an order decision, the same cards in any order for a choice of cards, the same option
    otherwise. Any other action is the same when it leaves the duel in the same state as
    the step does."""
    if "expect_refused" in step:  # a step that must be refused: no action does what it does
        return False
    step = {k: v for k, v in step.items() if k not in ("__line__", "auto")}
    decision = duel.state.decision
    if "answer" in step:
        if decision is None or action.get("do") not in ("answer", "pass"):
            return False
        try:
            want = _answer_ids(duel, translate_answer(duel, step["answer"]))
            got = _answer_ids(duel, "pass" if action["do"] == "pass"
                              else duel.option_ids(action.get("choice")))
        except (IllegalAction, TypeError, ValueError):
            return False
        return want == got
    if not step or action.get("do") != step.get("do"):
        return False
    mine, scripted = _clone(duel), _clone(duel)
    try:
        mine.apply(action)
        scripted.apply(step)
    except EngineError:
        return False
    return mine.state == scripted.state


def _answer_ids(duel: Duel, choice: Any) -> Any:
    """An answer in the form the engine records it (see ``Duel.answer``)."""
    decision = duel.state.decision
    ids = [o["id"] for o in decision.options]
    if decision.kind == "order":
        if not isinstance(choice, list):
            return [str(choice)] + [i for i in ids if i != str(choice)]
        return [str(c) for c in choice]
    if decision.kind == "choose_cards":
        return sorted(str(c) for c in (choice if isinstance(choice, list) else [choice]))
    return str(choice)
