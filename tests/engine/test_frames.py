"""Frames: every step of every built-in scenario played one moment at a time."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from functools import cache
from pathlib import Path

import pytest

from engine import Duel, IllegalAction
from engine.__main__ import main
from engine.frames import Frame, board_of
from engine.scenario import SCENARIO_DIR, builtin_scenarios, load_scenario, run_scenario

ALL = builtin_scenarios()


@cache
def played(path: Path) -> Duel:
    return run_scenario(load_scenario(path)).duel


def all_frames(duel: Duel) -> list[Frame]:
    return [f for k in range(1, len(duel.actions) + 1) for f in duel.frames(k)]


@pytest.mark.parametrize("path", ALL, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_frames_end_on_the_state_the_step_leaves(path: Path) -> None:
    duel = played(path)
    for k in range(1, len(duel.actions) + 1):
        frames = duel.frames(k)
        assert frames, f"step {k} has no frame"
        assert [f.n for f in frames] == list(range(1, len(frames) + 1))
        assert frames[-1].board() == board_of(duel.at(k)), f"step {k}"
        if duel.at(k).state.decision is not None:
            assert frames[-1].kind == "decision" and frames[-1].decision is not None


@pytest.mark.parametrize("path", ALL[::5], ids=lambda p: p.stem)
def test_frames_are_deterministic_and_serialisable(path: Path) -> None:
    duel = played(path)
    for k in range(1, len(duel.actions) + 1):
        first = [f.to_dict() for f in duel.frames(k)]
        again = json.loads(json.dumps([f.to_dict() for f in duel.replay().frames(k)]))
        assert again == json.loads(json.dumps(first))
        assert [Frame.from_dict(d).to_dict() for d in again] == again


@pytest.mark.parametrize("path", builtin_scenarios("yugioh"), ids=lambda p: p.stem)
def test_a_chain_grows_one_link_per_frame_and_shrinks_highest_link_first(path: Path) -> None:
    lengths: list[int] = []
    for frame in all_frames(played(path)):
        if not lengths or lengths[-1] != len(frame.chain):
            lengths.append(len(frame.chain))
        for popped in frame.changes.get("popped", []):
            assert popped["number"] == max(
                [popped["number"]] + [link["number"] for link in frame.chain]), frame.line(str)
    chains: list[list[int]] = [[]]
    for n in lengths:  # cut the sequence into chains (from empty to empty)
        chains[-1].append(n)
        if n == 0:
            chains.append([0])
    for seq in (c for c in chains if max(c, default=0) > 0):
        top = max(seq)
        i = seq.index(top)
        # built one link at a time (a resolved chain may let the next one start at once)
        assert seq[:i + 1] == list(range(seq[0], top + 1)), seq
        assert seq[i:] == list(range(top, seq[-1] - 1, -1)), seq


def _both_players_pending_ordinary(duel: Duel, frames: list[Frame]) -> bool:
    for f in frames:
        by_tid = {t["tid"]: t for t in f.triggers}
        owners = {by_tid[tid]["controller"] for tid in f.pending
                  if tid in by_tid and not by_tid[tid]["s_trigger"]}
        if owners == {0, 1}:
            return True
    return False


@pytest.mark.rule("DM-AP-FIRST")
@pytest.mark.parametrize("path", builtin_scenarios("duel_masters"), ids=lambda p: p.stem)
def test_a_frame_shows_the_active_players_abilities_going_first(path: Path) -> None:
    duel = played(path)
    for k in range(1, len(duel.actions) + 1):
        frames = duel.frames(k)
        if not _both_players_pending_ordinary(duel, frames):
            continue
        ap = duel.at(k - 1).state.turn_player
        later = [f for j in range(k, len(duel.actions) + 1) for f in duel.frames(j)]
        assert any("DM-AP-FIRST" in f.rules and any(
            link["controller"] == ap for link in f.changes.get("pushed", []))
            for f in later), path.stem


def test_some_duel_masters_scenarios_have_both_players_pending() -> None:
    """The test above must not pass vacuously."""
    hits = [p.stem for p in builtin_scenarios("duel_masters")
            if any(_both_players_pending_ordinary(played(p), played(p).frames(k))
                   for k in range(1, len(played(p).actions) + 1))]
    assert "two_propeller_mutants" in hits and len(hits) >= 3, hits


def test_the_board_at_a_frame_is_the_state_then() -> None:
    duel = played(SCENARIO_DIR / "yugioh" / "forced_order_partly_fixed.yaml")
    k = len(duel.actions)
    frames = duel.frames(k)
    for frame in frames:
        shown, same = duel.at_frame(k, frame.n)
        assert same[frame.n - 1].to_dict() == frame.to_dict()
        assert board_of(shown) == frame.board()
    with pytest.raises(IllegalAction):
        duel.at_frame(k, len(frames) + 1)
    with pytest.raises(IllegalAction):
        duel.frames(k + 1)


def test_frames_say_what_changed() -> None:
    duel = played(SCENARIO_DIR / "yugioh" / "forced_order_partly_fixed.yaml")
    last = duel.frames(len(duel.actions))
    banish = next(f for f in last if any(e["type"] == "banished" for e in f.events))
    assert banish.changes["moved"] == [{"card": duel.ref("Dark Magician"),
                                        "from": ["monster", 1], "to": ["banished", 1]}]
    assert banish.changes["lp"] == [0, -1000]
    assert [link["number"] for link in banish.changes["popped"]] == [3]
    assert banish.last == banish.instant  # the last thing that happened is this instant
    summon = duel.frames(1)[1]
    assert summon.kind == "instant" and summon.changes["triggers"]  # triggers met appear


#: the expected output, checked line by line (a three-link chain, partly ordered by a preset)
CLI_EXPECTED = Path(__file__).with_name("frames_forced_order_partly_fixed.txt")


def test_cli_prints_every_frame_of_a_three_link_chain() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["run", str(SCENARIO_DIR / "yugioh" / "forced_order_partly_fixed.yaml"),
                     "--frames"])
    assert code == 0
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("# ") and lines[1].startswith("# source:")
    assert lines[2:] == CLI_EXPECTED.read_text(encoding="utf-8").splitlines()


def _frame_data(frames: list[Frame]) -> list[dict]:
    return [{**f.to_dict(), "state": f.state.to_dict()} for f in frames]


@pytest.mark.parametrize("path", ALL, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_frames_recorded_while_applying_are_the_frames_of_a_replay(path: Path) -> None:
    """A duel that records its frames as it plays (a board acting) gives each new step the
    very frames, states included, that replaying the step gives."""
    duel = played(path)
    live = Duel(duel.game, setup=duel.setup, settings=duel.settings, library=duel.library,
                recorded=True)
    live.records_frames = True
    for k, action in enumerate(duel.actions, start=1):
        live.apply(action)
        assert _frame_data(live.recorded_frames[k]) == _frame_data(
            duel.frames(k, states=True)), f"step {k}"
        assert live.frames(k, states=True) == live.recorded_frames[k]


def test_frames_recorded_are_dropped_with_the_steps_taken_back() -> None:
    duel = played(next(p for p in ALL if p.stem == "yang_zing_supply_squad_soul_taker"))
    live = Duel(duel.game, setup=duel.setup, settings=duel.settings, library=duel.library,
                recorded=True)
    live.records_frames = True
    for action in duel.actions:
        live.apply(action)
    n = len(live.actions)
    assert n in live.recorded_frames
    live.undo()
    assert n not in live.recorded_frames and max(live.recorded_frames, default=0) < n
    with pytest.raises(IllegalAction):
        live.apply({"do": "no_such_action"})
    assert n not in live.recorded_frames
