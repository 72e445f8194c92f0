"""Sharing benchmarks: snapshot link lengths, and opening a board at step k of a long history."""

from __future__ import annotations

import statistics
import time

from engine import Duel
from engine.links import encode
from engine.scenario import builtin_scenarios, load_scenario, run_scenario

from .yugioh import board_40, history


def link_lengths() -> list[tuple[int, str]]:
    out = []
    for path in builtin_scenarios():
        scn = load_scenario(path)
        duel = run_scenario(scn).duel
        out.append((len(encode(duel, title=scn.title, cards=scn.raw_cards or None)),
                    f"{path.parent.name}/{path.stem}"))
    return sorted(out)


def open_at(duel: Duel, k: int, rounds: int = 15) -> float:
    """Median time to show the board as it was after step ``k``."""
    times = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        duel.at(k)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def run() -> list[str]:
    lines = ["## Sharing"]
    lengths = link_lengths()
    longest, name = lengths[-1]
    lines.append(f"snapshot link length over {len(lengths)} built-in scenarios: median "
                 f"{statistics.median(n for n, _ in lengths):.0f}, longest {longest} ({name}) "
                 f"(goal < 2000: {'met' if longest < 2000 else 'NOT met'})")
    actions = history(500)
    duel = Duel("yugioh", setup=board_40())
    for action in actions:
        duel.apply(action)
    t10, t500 = [], []
    for _ in range(3):  # alternate, so noise hits both
        t10.append(open_at(duel, 10))
        t500.append(open_at(duel, 500))
    a, b = statistics.median(t10), statistics.median(t500)
    lines.append(f"open a board at step k of a 500-step history: k=10 {a * 1e3:.2f} ms, "
                 f"k=500 {b * 1e3:.2f} ms, ratio {b / a:.2f} (goal <= 3: "
                 f"{'met' if b / a <= 3 else 'NOT met'}) (the engine alone)")
    a, b = page_open_at()
    lines.append(f"open the page of step k of a 500-step history: k=10 {a * 1e3:.1f} ms, "
                 f"k=500 {b * 1e3:.1f} ms, ratio {b / a:.2f} (goal <= 3: "
                 f"{'met' if b / a <= 3 else 'NOT met'})")
    return lines


def page_open_at(rounds: int = 9) -> tuple[float, float]:
    """The same, as a person sees it: the read-only page of step k, rendered by the site."""
    import os
    import tempfile

    tmp = tempfile.mkdtemp()
    os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "simulator.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    from simulator import boards

    call_command("migrate", verbosity=0)
    board = boards.create_board(game="yugioh", setup=board_40(), actions=history(500))
    client = Client(HTTP_HOST="localhost")
    t10, t500 = [], []
    for _ in range(rounds):
        for k, out in ((10, t10), (500, t500)):
            t0 = time.perf_counter()
            response = client.get(f"/b/{board.slug}/at/{k}/")
            out.append(time.perf_counter() - t0)
            assert response.status_code == 200
    return statistics.median(t10), statistics.median(t500)
