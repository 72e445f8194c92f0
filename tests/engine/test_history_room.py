"""A duel refuses the action that would make its history longer than reading it back allows."""

from __future__ import annotations

import pytest

from engine import Duel, IllegalAction
from engine.limits import MAX_ACTIONS, MAX_WORK, LimitError, history_room, within_room

STEP = {"do": "gain_lp", "player": "p1", "amount": 1}


def test_the_room_is_the_tighter_of_the_two_limits() -> None:
    assert history_room({"p1": {"deck": ["Sangan"]}}) == (MAX_ACTIONS, "MAX_ACTIONS")
    assert history_room({"p1": {"deck": ["Sangan"] * 240}}) == (MAX_WORK // 240, "MAX_WORK")


def test_the_action_past_the_room_is_refused_and_the_duel_is_unchanged() -> None:
    setup = {"p1": {"deck": ["Sangan"] * 240}}
    room, _ = history_room(setup)
    duel = Duel.from_dict({"game": "yugioh", "setup": setup, "actions": [STEP] * room})
    before = duel.state.to_dict()
    with pytest.raises(LimitError) as refused:
        duel.apply(STEP)
    assert "make a copy from here" in str(refused.value)
    assert duel.state.to_dict() == before and len(duel.actions) == room
    saved = duel.to_dict()
    Duel.from_dict(saved)  # what was saved reads back


def test_a_history_saved_over_the_room_is_cut_and_takes_no_change() -> None:
    data = {"game": "yugioh", "setup": {}, "actions": [STEP] * (MAX_ACTIONS + 2)}
    cut, held = within_room(data)
    assert held == MAX_ACTIONS + 2 and len(cut["actions"]) == MAX_ACTIONS
    assert within_room(cut) == (cut, None)
    duel = Duel.from_dict(cut)
    duel.history_cut = held
    for change in (lambda: duel.apply(STEP), duel.undo):
        with pytest.raises(IllegalAction) as refused:
            change()
        assert f"saved with {held} actions" in str(refused.value)
