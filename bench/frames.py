"""Frames: opening one moment of a step of a long history, and the bytes frames add to a live
update. Every ratio is measured side by side in one run (rounds alternate)."""

from __future__ import annotations

import statistics
import time
from functools import partial

from engine import Duel

from .yugioh import board_40, history


def _median_time(fn, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def open_frames(rounds: int = 9) -> list[str]:
    """Frame n of step k against step k itself, for k and n at the start and the end."""
    duel = Duel("yugioh", setup=board_40())
    for action in history(500):
        duel.apply(action)
    lines = []
    # near the start and near the end, the step with the most frames (a chain, if any)
    starts = max(range(1, 51), key=lambda k: (len(duel.frames(k)), -k))
    ends = max(range(451, 501), key=lambda k: (len(duel.frames(k)), k))
    for k in (starts, ends):
        count = len(duel.frames(k))
        for n in sorted({1, count}):
            step, frame = [], []
            for _ in range(3):  # alternate, so noise hits both
                step.append(_median_time(lambda k=k: duel.at(k), rounds))
                frame.append(_median_time(lambda k=k, n=n: duel.at_frame(k, n), rounds))
            a, b = statistics.median(step), statistics.median(frame)
            lines.append(f"open frame {n} of step {k} ({count} frames) of a 500-step history: "
                         f"{b * 1e3:.2f} ms against step {k} {a * 1e3:.2f} ms, ratio "
                         f"{b / a:.2f} (goal <= 2: {'met' if b / a <= 2 else 'NOT met'})")
    return lines


def _draw(playback_html, board, shown, frames_since, k: int) -> str:
    return playback_html(board, shown, "open", frames_since(shown, k - 1))


def frame_bytes() -> list[str]:
    """The bytes each frame adds to its live update, over every step of every scenario."""
    import os
    import tempfile

    tmp = tempfile.mkdtemp()
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{tmp}/bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "simulator.settings")
    import django

    django.setup()
    from django.core.management import call_command

    from engine.scenario import builtin_scenarios, load_scenario, run_scenario
    from simulator import boards
    from simulator.playback import frames_since, playback_html

    call_command("migrate", verbosity=0)
    per_frame: list[float] = []
    render_with, render_without = [], []
    for path in builtin_scenarios():
        scn = load_scenario(path)
        duel = run_scenario(scn).duel
        board = boards.create_board(game=duel.game, setup=duel.setup, settings=duel.settings,
                                    cards=scn.raw_cards or None, actions=duel.actions)
        for k in range(1, len(duel.actions) + 1):
            shown = duel.at(k)
            frames = frames_since(shown, k - 1)
            empty = len(playback_html(board, shown, "open", []).encode())
            full = len(playback_html(board, shown, "open", frames).encode())
            per_frame.append((full - empty) / max(1, len(frames)))
            render_with.append(_median_time(partial(
                _draw, playback_html, board, shown, frames_since, k), 3))
            render_without.append(_median_time(partial(shown.frames, k, states=True), 3))
    per_frame.sort()
    median = statistics.median(per_frame)
    p95 = per_frame[int(0.95 * (len(per_frame) - 1))]
    return [
        f"bytes frames add to a live update, per frame, over {len(per_frame)} steps of every "
        f"built-in scenario: median {median:.0f} B, p95 {p95:.0f} B (goal: median < 2048 B: "
        f"{'met' if median < 2048 else 'NOT met'})",
        f"time to build a step's frames by replay (an older step opened; a new action records "
        f"its frames as it is played): median {statistics.median(render_with) * 1e3:.1f} ms "
        f"per step, of which the engine's replay "
        f"{statistics.median(render_without) * 1e3:.1f} ms",
    ]


def run() -> list[str]:
    return ["## Frames"] + open_frames() + frame_bytes()
