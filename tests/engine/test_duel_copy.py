"""Duel.copy(): an independent duel to act on, and keep_state(): a state the caller holds,
kept as the duel's copy of a step (what the site does around every action)."""

from __future__ import annotations

import pytest

from engine import Duel, IllegalAction

SETUP = {"turn_player": "p1", "phase": "main1",
         "p1": {"monster": ["Sangan"], "hand": ["Caius the Shadow Monarch"],
                "deck": ["Kuriboh"]},
         "p2": {"monster": ["Celtic Guardian"]}}
SUMMON = {"do": "normal_summon", "card": "Caius the Shadow Monarch", "tributes": ["Sangan"]}


def test_an_action_on_the_copy_leaves_the_original_as_it_was() -> None:
    duel = Duel("yugioh", setup=SETUP)
    before = duel.to_dict()
    other = duel.copy()
    other.apply(SUMMON)
    assert len(other.actions) == 1 and other.state.decision is not None
    assert duel.to_dict() == before and duel.state.decision is None
    assert duel.legal_actions() != other.legal_actions()


def test_a_refused_action_on_the_copy_changes_neither() -> None:
    duel = Duel("yugioh", setup=SETUP)
    duel.apply(SUMMON)
    before = duel.to_dict()
    other = duel.copy()
    with pytest.raises(IllegalAction):
        other.apply({"do": "next_phase"})  # a decision is open
    assert other.to_dict() == before == duel.to_dict()


def test_the_copy_undoes_and_replays_like_the_original() -> None:
    duel = Duel("yugioh", setup=SETUP)
    duel.apply(SUMMON)
    other = duel.copy()
    other.undo()
    assert other.actions == [] and len(duel.actions) == 1
    assert duel.at(0).to_dict()["actions"] == other.to_dict()["actions"]


def test_a_kept_state_opens_the_next_step_from_it() -> None:
    duel = Duel("yugioh", setup=SETUP)
    duel.apply(SUMMON)
    kept = duel.state
    other = duel.copy()
    other.apply(other.legal_actions()[0])
    other.keep_state(1, kept)
    assert other.at(1).to_dict()["actions"] == duel.to_dict()["actions"]
    assert other.frames(2)  # the frames of the new step, replayed from the kept state
    other.keep_state(99, kept)  # past the history: ignored, every step still opens
    assert other.at(2).to_dict() == other.to_dict()
