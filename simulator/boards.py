"""Boards as engine duels: create, load (with an in-process cache), and act on them.

Every change happens in one database transaction that checks and bumps the board's version,
so two browsers acting at once cannot both win: the second is told its view was stale.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from engine import Duel, IllegalAction
from engine.cards import default_library, parse_cards
from engine.scenario import Scenario, translate_answer

from .models import Board

_CACHE: OrderedDict[tuple[str, int], Duel] = OrderedDict()
_CACHE_LOCK = threading.Lock()
CACHE_SIZE = 64


class StaleBoard(Exception):
    """The action was made on an older version of the board than the current one."""


def library_for(data: dict[str, Any]):
    library = default_library(data.get("game"))
    for card in parse_cards(data.get("cards") or [], file="board", game_hint=data.get("game")):
        library.add(card, replace=True)
    return library


def duel_of(board: Board) -> Duel:
    """The board's duel, rebuilt by replay or taken from the cache for this version."""
    key = (board.slug, board.version)
    with _CACHE_LOCK:
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return _CACHE[key]
    data = board.data
    duel = Duel.from_dict(data, library=library_for(data))
    _remember(board, duel)
    return duel


def _remember(board: Board, duel: Duel) -> None:
    with _CACHE_LOCK:
        _CACHE[(board.slug, board.version)] = duel
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)


def create_board(*, game: str, settings: dict[str, Any] | None = None,
                 setup: dict[str, Any] | None = None, cards: list[dict] | None = None,
                 title: str = "", scenario: str = "", steps: list[dict] | None = None,
                 actions: list[dict] | None = None, auto: bool = False,
                 replay: dict[str, Any] | None = None) -> Board:
    """A new board; its set-up and actions are validated by replaying them first.

    ``replay``: how the board came from another one replayed under a change (the engine's
    replay report as plain data, with the preset and the original board), shown on its page.
    """
    data = {"game": game, "settings": settings or {}, "setup": setup or {},
            "actions": [], "cards": cards or []}
    if replay:
        data["replay"] = replay
    duel = Duel(game, setup=data["setup"], settings=data["settings"], library=library_for(data))
    for action in actions or []:
        duel.apply(action)
    data["settings"] = dict(duel.settings)
    data["actions"] = duel.to_dict()["actions"]
    board = Board.objects.create(game=game, title=title, scenario=scenario, data=data,
                                 pending_steps=steps or [], auto=auto)
    _remember(board, duel)
    return board


def board_from_scenario(scn: Scenario) -> Board:
    """A board at the start of a scenario, its steps waiting for "Next step"."""
    steps = [{k: v for k, v in s.items() if k != "__line__"} for s in scn.steps]
    return create_board(game=scn.game, settings=scn.settings, setup=scn.setup,
                        cards=scn.raw_cards, title=scn.title, scenario=scn.slug, steps=steps,
                        auto=scn.auto)


def rotate_keys(board: Board) -> None:
    """New edit and seat keys: every link made with the old ones stops working."""
    from .models import new_key

    board.edit_key, board.p1_key, board.p2_key = new_key(), new_key(), new_key()
    board.save(update_fields=["edit_key", "p1_key", "p2_key", "updated"])


def _apply_and_save(board: Board, version: int, change) -> Duel:
    """Apply a change to a private copy of the duel, then save it only if the board is still
    at ``version``: one conditional UPDATE, atomic on every database (SQLite included), so of
    two browsers acting at once exactly one wins and the other is told its view was stale."""
    current = copy.copy(board)  # as just read by the view: the UPDATE below re-checks it
    if current.version != version:
        raise StaleBoard(_("Someone else acted on this board first; it has been refreshed."))
    duel = _clone(duel_of(current))
    change(current, duel)
    current.data = {**current.data, "actions": duel.to_dict()["actions"],
                    "settings": duel.settings}
    with transaction.atomic():
        saved = Board.objects.filter(pk=board.pk, version=version).update(
            data=current.data, version=version + 1, pending_steps=current.pending_steps,
            auto=current.auto, seats=current.seats, updated=timezone.now())
    if not saved:
        raise StaleBoard(_("Someone else acted on this board first; it has been refreshed."))
    current.version = version + 1
    board.__dict__.update(current.__dict__)
    _remember(board, duel)
    return duel


def _clone(duel: Duel) -> Duel:
    """A private copy to act on, so a refused action never touches the cached duel."""
    other = Duel.__new__(Duel)
    other.__dict__.update(duel.__dict__)
    other.state = duel.state.copy()
    other.actions = list(duel.actions)
    other.aliases = dict(duel.aliases)
    other._watchers = set(duel._watchers)
    other._continuous = set(duel._continuous)
    other._snapshots = dict(duel._snapshots)
    return other


def act(board: Board, version: int, action: dict[str, Any]) -> Duel:
    """Apply one action (then default answers if the board's auto switch is on)."""
    def change(locked: Board, duel: Duel) -> None:
        duel.apply(action)
        if locked.auto:
            duel.auto()

    return _apply_and_save(board, version, change)


def _play_step(duel: Duel, step: dict[str, Any], auto: bool) -> None:
    """One scenario step on a duel, then the default answers if ``auto`` or the step says so."""
    step = dict(step)
    auto = step.pop("auto", False) or auto
    if "answer" in step:
        duel.apply({"do": "answer", "choice": translate_answer(duel, step["answer"])})
    elif step:
        duel.apply(step)
    if auto:
        duel.auto()


def next_step(board: Board, version: int) -> Duel:
    """Play the scenario's next step on the board."""
    def change(locked: Board, duel: Duel) -> None:
        if not locked.pending_steps:
            raise IllegalAction(_("This scenario has no step left."))
        _play_step(duel, locked.pending_steps[0], locked.auto)
        locked.pending_steps = locked.pending_steps[1:]

    return _apply_and_save(board, version, change)


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


def set_auto(board: Board, version: int, on: bool) -> Duel:
    def change(locked: Board, duel: Duel) -> None:
        locked.auto = on
        if on:
            duel.auto()

    return _apply_and_save(board, version, change)


def set_seats(board: Board, version: int, on: bool) -> Duel:
    def change(locked: Board, duel: Duel) -> None:
        locked.seats = on

    return _apply_and_save(board, version, change)


def undo(board: Board, version: int) -> Duel:
    def change(locked: Board, duel: Duel) -> None:
        duel.undo()

    return _apply_and_save(board, version, change)
