"""``make loadtest``: many viewers on several live boards, actions at a steady rate.

One uvicorn worker on 127.0.0.1 serves the site (a throw-away SQLite file, the in-memory channel
layer, DEBUG off). 10 boards are opened, 20 websocket viewers watch each (200 in all), and
actions are made at 5 a second, round-robin over the boards, for 60 s (``LOADTEST_SECONDS``,
``LOADTEST_RATE`` change that). Every viewer records the board version of each update it
gets. At the end it prints the updates lost (a version a viewer never got; goal 0), the p95
latency from an action's POST to each viewer's update, and the errors. Loopback only, bounded
in count and time; the server is stopped in any case.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import time

from .web import HOST, BenchError, Http, _p95, on_server

BOARDS = 10
VIEWERS_PER_BOARD = 20
SECONDS = float(os.environ.get("LOADTEST_SECONDS", "60"))
RATE = float(os.environ.get("LOADTEST_RATE", "5"))
DRAIN = 10.0  # seconds to wait for the last updates after the last action
VERSION = re.compile(r'id="board-version" name="version" value="(\d+)"')


class LiveBoard:
    """One board, its editor's HTTP session and its viewers' arrivals by version."""

    def __init__(self, port: int) -> None:
        self.http = Http(port)
        self.port = port
        self.slug = ""
        self.version = 0
        self.sent: dict[int, float] = {}  # version -> when the action that made it was posted
        self.arrivals: list[dict[int, float]] = []  # per viewer: version -> arrival time
        self.first: list[int] = []  # per viewer: the version it had on connecting
        self.sockets: list = []
        self.tasks: list[asyncio.Task] = []

    def _headers(self) -> dict[str, str]:
        return {"X-CSRFToken": self.http.cookies.get("csrftoken", ""),
                "Origin": f"http://{HOST}:{self.port}", "HX-Request": "true"}

    async def open(self) -> None:
        status, _, _, _ = await self.http.request("GET", "/")
        if status != 200:
            raise BenchError(f"GET / answered {status}")
        status, headers, _, _ = await self.http.request(
            "POST", "/boards/new", form={"game": "yugioh", "preset": "TCG"},
            headers=self._headers())
        location = headers.get("location", [""])[0]
        match = re.fullmatch(r"/b/([^/]+)/", location)
        if status != 302 or match is None:
            raise BenchError(f"a new board answered {status} {location!r}")
        self.slug = match[1]

    async def watch(self, n: int) -> None:
        from websockets.asyncio.client import connect

        for _ in range(n):
            ws = await connect(f"ws://{HOST}:{self.port}/ws/b/{self.slug}/",
                               origin=f"http://{HOST}:{self.port}", compression=None,
                               proxy=None, max_size=None, ping_interval=None, open_timeout=30,
                               close_timeout=2)
            first = VERSION.search(await asyncio.wait_for(ws.recv(), 30))
            self.first.append(int(first[1]) if first else 0)
            self.arrivals.append({})
            self.sockets.append(ws)
            self.tasks.append(asyncio.create_task(self._read(ws, self.arrivals[-1])))

    async def _read(self, ws, arrivals: dict[int, float]) -> None:
        with contextlib.suppress(Exception):
            while True:
                message = await ws.recv()
                found = VERSION.search(message)
                if found:
                    arrivals.setdefault(int(found[1]), time.perf_counter())

    async def act(self, errors: list[str]) -> None:
        form = {"version": str(self.version),
                "action": json.dumps({"do": "gain_lp", "player": "p1", "amount": 1})}
        t0 = time.perf_counter()
        try:
            status, _, body, _ = await self.http.request(
                "POST", f"/b/{self.slug}/act", form=form, headers=self._headers())
        except OSError as exc:
            errors.append(f"{self.slug}: {exc}")
            return
        found = VERSION.search(body.decode(errors="replace"))
        if status != 200 or not found:
            errors.append(f"{self.slug}: the action answered {status}")
            if found:
                self.version = int(found[1])
            return
        self.version = int(found[1])
        self.sent[self.version] = t0

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*(ws.close() for ws in self.sockets), return_exceptions=True)
        await asyncio.gather(*self.tasks, return_exceptions=True)


async def _run(ports: list[int], lines: list[str]) -> None:
    port = ports[0]
    boards = [LiveBoard(port) for _ in range(BOARDS)]
    for board in boards:
        await board.open()
    await asyncio.gather(*(b.watch(VIEWERS_PER_BOARD) for b in boards))
    errors: list[str] = []
    interval = 1.0 / RATE
    start = time.perf_counter()
    pending: set[asyncio.Task] = set()
    n = 0
    while time.perf_counter() - start < SECONDS:
        board = boards[n % BOARDS]
        n += 1
        # one action per board at a time (its version must follow the last answer)
        if not any(getattr(t, "board", None) is board for t in pending):
            task = asyncio.create_task(board.act(errors))
            task.board = board  # type: ignore[attr-defined]
            pending.add(task)
            task.add_done_callback(pending.discard)
        next_at = start + n * interval
        await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
    if pending:
        await asyncio.wait(pending, timeout=30)
    await asyncio.sleep(1.0)
    deadline = time.perf_counter() + DRAIN
    while time.perf_counter() < deadline and _lost(boards):
        await asyncio.sleep(0.25)
    lost = _lost(boards)
    latencies = [arrivals[v] - t0 for b in boards for arrivals in b.arrivals
                 for v, t0 in b.sent.items() if v in arrivals]
    actions = sum(len(b.sent) for b in boards)
    viewers = sum(len(b.sockets) for b in boards)
    for board in boards:
        await board.close()
    elapsed = time.perf_counter() - start
    lines.append(f"{viewers} viewers on {BOARDS} boards, {actions} actions in {elapsed:.0f} s "
                 f"({actions / max(elapsed, 1e-9):.1f} a second)")
    lines.append(f"updates lost: {lost} of {actions * VIEWERS_PER_BOARD} (goal 0: "
                 f"{'met' if lost == 0 else 'NOT met'})")
    if latencies:
        median = sorted(latencies)[len(latencies) // 2]
        p95 = _p95(latencies)
        verdict = "met" if p95 <= 2 else "NOT met"
        lines.append(f"action -> viewer update: median {median * 1e3:.0f} ms, p95 "
                     f"{p95 * 1e3:.0f} ms (goal p95 <= 2000 ms: {verdict})")
    lines.append(f"errors: {len(errors)}" + (f" (first: {errors[0]})" if errors else ""))


def _lost(boards: list[LiveBoard]) -> int:
    """Updates a viewer never got: a version made after it connected, missing."""
    return sum(1 for b in boards for first, arrivals in zip(b.first, b.arrivals, strict=True)
               for v in b.sent if v > first and v not in arrivals)


def run() -> list[str]:
    lines = ["## Load test: live boards on uvicorn (127.0.0.1, in-memory channel layer)"]
    on_server("simulator.asgi:application", _run, lines, SECONDS + 240, "load test")
    return lines


if __name__ == "__main__":
    for printed in run():
        print(printed, flush=True)
