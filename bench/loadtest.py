"""``make loadtest``: many viewers on several live boards, actions at a steady rate, first
alone, then with slow readers beside them.

One worker on 127.0.0.1 serves the site (uvicorn, as ``make serve``; ``LOADTEST_SERVER=daphne``:
Daphne, the server ``make run`` runs; a throw-away SQLite file, the in-memory channel layer,
DEBUG off). 10 boards are opened, 20 websocket viewers watch each (200 in all), and actions
are made at 5 a second, round-robin over the boards (``LOADTEST_RATE``). Beside them a
presented board (classroom mode, a scenario with a chain) is followed by 5 followers, and
its presenter moves between its steps 10 times a second (``LOADTEST_PRESENT_RATE``): every
move sends each follower the whole presentation (some 15-28 KB).

Two rounds of two phases of 10 s each (``LOADTEST_SECONDS``), alternating (the machine's
load moves between two alike phases): without slow readers, then with 100 new ones
(``LOADTEST_SLOW``): websockets that follow the presented board and never read. They are raw
sockets whose receive buffer is set to 4 KB before they connect, so neither their kernel
nor a client library reads for them; their phase starts once they have connected. At its end
they go (closed by the client, if the server has not closed them), and ``SETTLE`` seconds
after the last round the worker's memory is read once more.

Every viewer records the board version of each update it gets. It prints the worker's
resident memory (VmRSS of its process) before the first slow readers, at its highest while
any are there, and after the last went; the p95 latency from an action's POST to each
viewer's update without and with slow readers, and their ratio; the updates lost (a version
a viewer never got, a move a follower never got; goal 0), the sockets the server closed (a
viewer or follower that reads: goal 0; the slow readers: as many as stayed behind) and the
errors. Loopback only, bounded in count and time; the server is stopped in any case.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import re
import socket
import time

from .web import HOST, SCENARIO, BenchError, Http, _p95, on_server

BOARDS = 10
VIEWERS_PER_BOARD = 20
FOLLOWERS = 5
SLOW_READERS = int(os.environ.get("LOADTEST_SLOW", "100"))
SECONDS = float(os.environ.get("LOADTEST_SECONDS", "10"))
ROUNDS = 2
RATE = float(os.environ.get("LOADTEST_RATE", "5"))
PRESENT_RATE = float(os.environ.get("LOADTEST_PRESENT_RATE", "10"))
SERVER = os.environ.get("LOADTEST_SERVER", "uvicorn")
WARMUP = 5.0  # seconds of the workload before anything is measured
SETTLE = 10.0  # seconds after the slow readers went before the last memory reading
CONNECTED = 3.0  # seconds for the slow readers' connecting, before their phase
DRAIN = 10.0  # seconds to wait for the last updates after the last action
SLOW_BUFFER = 4096  # the slow readers' receive buffer (bytes)
GROWTH_GOAL = 50.0  # MB more than before, at the highest, with the slow readers
LATENCY_GOAL = 1.2  # the viewers' p95 with the slow readers against without
VERSION = re.compile(r'id="board-version" name="version" value="(\d+)"')
PRESENTATION = 'id="presentation"'


def _origin(port: int) -> str:
    return f"http://{HOST}:{port}"


def _headers(http: Http) -> dict[str, str]:
    return {"X-CSRFToken": http.cookies.get("csrftoken", ""), "Origin": _origin(http.port),
            "HX-Request": "true"}


async def _connect(url: str, port: int):
    from websockets.asyncio.client import connect

    return await connect(url, origin=_origin(port), compression=None, proxy=None,
                         max_size=None, ping_interval=None, open_timeout=30, close_timeout=2)


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
        self.closed: list[int] = []  # close codes of viewers the server closed
        self.sockets: list = []
        self.tasks: list[asyncio.Task] = []

    async def open(self) -> None:
        status, _, _, _ = await self.http.request("GET", "/")
        if status != 200:
            raise BenchError(f"GET / answered {status}")
        status, headers, _, _ = await self.http.request(
            "POST", "/boards/new", form={"game": "yugioh", "preset": "TCG"},
            headers=_headers(self.http))
        location = headers.get("location", [""])[0]
        match = re.fullmatch(r"/b/([^/]+)/", location)
        if status != 302 or match is None:
            raise BenchError(f"a new board answered {status} {location!r}")
        self.slug = match[1]

    async def watch(self, n: int) -> None:
        for _ in range(n):
            ws = await _connect(f"ws://{HOST}:{self.port}/ws/b/{self.slug}/", self.port)
            first = VERSION.search(await asyncio.wait_for(ws.recv(), 30))
            self.first.append(int(first[1]) if first else 0)
            self.arrivals.append({})
            self.sockets.append(ws)
            self.tasks.append(asyncio.create_task(self._read(ws, self.arrivals[-1])))

    async def _read(self, ws, arrivals: dict[int, float]) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            while True:
                message = await ws.recv()
                found = VERSION.search(message)
                if found:
                    arrivals.setdefault(int(found[1]), time.perf_counter())
        except ConnectionClosed as exc:
            if exc.rcvd is not None:  # closed by the server, not by this side
                self.closed.append(exc.rcvd.code)

    async def act(self, errors: list[str]) -> None:
        form = {"version": str(self.version),
                "action": json.dumps({"do": "gain_lp", "player": "p1", "amount": 1})}
        t0 = time.perf_counter()
        try:
            status, _, body, _ = await self.http.request(
                "POST", f"/b/{self.slug}/act", form=form, headers=_headers(self.http))
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
        await asyncio.gather(*(ws.close() for ws in self.sockets), return_exceptions=True)
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


class PresentedBoard:
    """A scenario's board, played to its end and presented; its followers count the moves
    they get."""

    MOVES = ("0", "1", "2", "live")

    def __init__(self, port: int) -> None:
        self.http = Http(port)
        self.port = port
        self.slug = ""
        self.moves = 0
        self.got: list[int] = []  # per follower: the moves it got
        self.closed: list[int] = []
        self.sockets: list = []
        self.tasks: list[asyncio.Task] = []

    async def open(self) -> None:
        status, _, _, _ = await self.http.request("GET", "/")
        game, slug = SCENARIO
        status, headers, _, _ = await self.http.request(
            "POST", f"/scenarios/{game}/{slug}/open", form={}, headers=_headers(self.http))
        match = re.fullmatch(r"/b/([^/]+)/", headers.get("location", [""])[0])
        if status != 302 or match is None:
            raise BenchError(f"opening the scenario answered {status}")
        self.slug = match[1]
        _, _, page, _ = await self.http.request("GET", f"/b/{self.slug}/")
        version = int(VERSION.search(page.decode())[1])
        while True:  # its steps: a board with a chain in its history
            status, _, body, _ = await self.http.request(
                "POST", f"/b/{self.slug}/step", form={"version": str(version)},
                headers=_headers(self.http))
            found = VERSION.search(body.decode()) if status == 200 else None
            if found is None or int(found[1]) <= version:
                break
            version = int(found[1])
        status, _, _, _ = await self.http.request("POST", f"/b/{self.slug}/present/", form={},
                                                  headers=_headers(self.http))
        if status != 302:
            raise BenchError(f"presenting the board answered {status}")

    @property
    def path(self) -> str:
        return f"/ws/b/{self.slug}/follow/"

    async def follow(self, n: int) -> None:
        for _ in range(n):
            ws = await _connect(f"ws://{HOST}:{self.port}{self.path}", self.port)
            await asyncio.wait_for(ws.recv(), 30)  # the presentation as it is
            self.got.append(0)
            self.sockets.append(ws)
            self.tasks.append(asyncio.create_task(self._read(ws, len(self.got) - 1)))

    async def _read(self, ws, i: int) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            while True:
                if PRESENTATION in await ws.recv():
                    self.got[i] += 1
        except ConnectionClosed as exc:
            if exc.rcvd is not None:
                self.closed.append(exc.rcvd.code)

    async def move(self, errors: list[str]) -> None:
        at = self.MOVES[self.moves % len(self.MOVES)]
        try:
            status, _, _, _ = await self.http.request(
                "POST", f"/b/{self.slug}/present", form={"at": at},
                headers=_headers(self.http))
        except OSError as exc:
            errors.append(f"presenter: {exc}")
            return
        if status != 200:
            errors.append(f"presenter: a move answered {status}")
            return
        self.moves += 1

    async def close(self) -> None:
        await asyncio.gather(*(ws.close() for ws in self.sockets), return_exceptions=True)
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


class SlowReader:
    """A websocket that follows a board and never reads: a raw socket with a small receive
    buffer (set before it connects, so the window it offers stays small)."""

    def __init__(self) -> None:
        self.sock: socket.socket | None = None

    async def open(self, port: int, path: str) -> None:
        loop = asyncio.get_running_loop()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, SLOW_BUFFER)
        sock.setblocking(False)
        self.sock = sock
        await loop.sock_connect(sock, (HOST, port))
        key = base64.b64encode(os.urandom(16)).decode()
        await loop.sock_sendall(sock, (
            f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
            f"Origin: {_origin(port)}\r\n\r\n").encode())
        head = b""
        while not head.endswith(b"\r\n\r\n"):  # the handshake's answer, not a byte more
            byte = await asyncio.wait_for(loop.sock_recv(sock, 1), 30)
            if not byte:
                raise BenchError("a slow reader's handshake was refused")
            head += byte
        if not head.startswith(b"HTTP/1.1 101"):
            raise BenchError(f"a slow reader's handshake answered {head[:40]!r}")

    def closed_by_server(self) -> bool:
        """Whether the server closed the connection (read it all now: an end or a reset)."""
        sock = self.sock
        if sock is None:
            return False
        try:
            for _ in range(100_000):
                if not sock.recv(65536):
                    return True
        except BlockingIOError:
            return False
        except OSError:
            return True
        return False

    def close(self) -> None:
        if self.sock is not None:
            with contextlib.suppress(OSError):
                self.sock.close()
            self.sock = None


async def _open_slow(slow: list[SlowReader], port: int, path: str) -> None:
    gate = asyncio.Semaphore(10)  # ten handshakes at a time, as the viewers connect

    async def one(reader: SlowReader) -> None:
        async with gate:
            await reader.open(port, path)

    await asyncio.gather(*(one(s) for s in slow))


def rss_mb(pid: int) -> float:
    """A process's resident memory (VmRSS), in MB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise BenchError(f"no VmRSS for process {pid}")


class Workload:
    """Actions round-robin over the boards at RATE and presenter moves at PRESENT_RATE, for
    as long as asked; the worker's memory read every quarter of a second meanwhile."""

    def __init__(self, boards: list[LiveBoard], presented: PresentedBoard, pid: int) -> None:
        self.boards, self.presented, self.pid = boards, presented, pid
        self.errors: list[str] = []
        self.rss: list[float] = []
        self.n = 0

    async def run(self, seconds: float) -> None:
        await asyncio.gather(self._act(seconds), self._present(seconds),
                             self._watch_memory(seconds))

    async def _act(self, seconds: float) -> None:
        interval, start, pending = 1.0 / RATE, time.perf_counter(), set()
        n = 0
        while time.perf_counter() - start < seconds:
            board = self.boards[self.n % BOARDS]
            self.n += 1
            n += 1
            # one action per board at a time (its version must follow the last answer)
            if not any(getattr(t, "board", None) is board for t in pending):
                task = asyncio.create_task(board.act(self.errors))
                task.board = board  # type: ignore[attr-defined]
                pending.add(task)
                task.add_done_callback(pending.discard)
            await asyncio.sleep(max(0.0, start + n * interval - time.perf_counter()))
        if pending:
            await asyncio.wait(pending, timeout=30)

    async def _present(self, seconds: float) -> None:
        interval, start, n = 1.0 / PRESENT_RATE, time.perf_counter(), 0
        while time.perf_counter() - start < seconds:
            n += 1
            await self.presented.move(self.errors)  # one move at a time, as a presenter
            await asyncio.sleep(max(0.0, start + n * interval - time.perf_counter()))

    async def _watch_memory(self, seconds: float) -> None:
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            self.rss.append(rss_mb(self.pid))
            await asyncio.sleep(0.25)


def _latencies(boards: list[LiveBoard], versions: set[tuple[str, int]]) -> list[float]:
    return [arrivals[v] - t0 for b in boards for arrivals in b.arrivals
            for v, t0 in b.sent.items() if (b.slug, v) in versions and v in arrivals]


def _lost(boards: list[LiveBoard]) -> int:
    """Updates a viewer never got: a version made after it connected, missing."""
    return sum(1 for b in boards for first, arrivals in zip(b.first, b.arrivals, strict=True)
               for v in b.sent if v > first and v not in arrivals)


def _sent(boards: list[LiveBoard]) -> set[tuple[str, int]]:
    return {(b.slug, v) for b in boards for v in b.sent}


def _ms(values: list[float]) -> str:
    if not values:
        return "no update"
    median = sorted(values)[len(values) // 2]
    return f"median {median * 1e3:.0f} ms, p95 {_p95(values) * 1e3:.0f} ms"


async def _run(ports: list[int], lines: list[str], pids: dict[int, int]) -> None:
    port = ports[0]
    pid = pids[port]
    boards = [LiveBoard(port) for _ in range(BOARDS)]
    presented = PresentedBoard(port)
    for board in boards:
        await board.open()
    await presented.open()
    await asyncio.gather(*(b.watch(VIEWERS_PER_BOARD) for b in boards))
    await presented.follow(FOLLOWERS)
    load = Workload(boards, presented, pid)
    await load.run(WARMUP)
    alone: set[tuple[str, int]] = set()
    beside: set[tuple[str, int]] = set()
    before, during, cut = 0.0, 0.0, 0
    for _round in range(ROUNDS):  # ABAB: the machine's load moves between the two alike
        done = _sent(boards)
        await load.run(SECONDS)
        alone |= _sent(boards) - done
        slow = [SlowReader() for _ in range(SLOW_READERS)]
        try:
            await _open_slow(slow, port, presented.path)
            await asyncio.sleep(CONNECTED)  # their connecting (each gets the presentation)
            if not before:
                before = rss_mb(pid)
            load.rss.clear()
            done = _sent(boards)
            await load.run(SECONDS)
            beside |= _sent(boards) - done
            during = max([during, before, *load.rss])
            cut += sum(s.closed_by_server() for s in slow)
        finally:
            for s in slow:
                s.close()
    await asyncio.sleep(1.0)
    deadline = time.perf_counter() + DRAIN
    while time.perf_counter() < deadline and (_lost(boards) or any(
            got < presented.moves for got in presented.got)):
        await asyncio.sleep(0.25)
    await asyncio.sleep(SETTLE)
    after = rss_mb(pid)
    lost = _lost(boards)
    moves_lost = sum(presented.moves - got for got in presented.got)
    closed = [code for b in boards for code in b.closed] + presented.closed
    without, with_slow = _latencies(boards, alone), _latencies(boards, beside)
    for board in boards:
        await board.close()
    await presented.close()
    actions = sum(len(b.sent) for b in boards)
    lines.append(f"{BOARDS * VIEWERS_PER_BOARD} viewers on {BOARDS} boards, {actions} actions "
                 f"({RATE:g} a second); {FOLLOWERS} followers of a presented board, "
                 f"{presented.moves} presenter moves ({PRESENT_RATE:g} a second); "
                 f"{ROUNDS} rounds of {SECONDS:.0f} s without slow readers, then {SECONDS:.0f} s "
                 f"with {SLOW_READERS} new ones following it")
    growth = during - before
    lines.append(f"worker memory (RSS): {before:.0f} MB before the slow readers, "
                 f"{during:.0f} MB at most while they were there (+{growth:.0f} MB; goal "
                 f"< {GROWTH_GOAL:.0f} MB: {'met' if growth < GROWTH_GOAL else 'NOT met'}), "
                 f"{after:.0f} MB {SETTLE:.0f} s after they went ({after - before:+.0f} MB)")
    lines.append(f"slow readers closed by the server: {cut} of {ROUNDS * SLOW_READERS}")
    lines.append(f"action -> viewer update without slow readers: {_ms(without)}")
    lines.append(f"action -> viewer update with {SLOW_READERS} slow readers: {_ms(with_slow)}")
    if without and with_slow:
        ratio = _p95(with_slow) / _p95(without)
        lines.append(f"p95 with slow readers against without: {ratio:.2f} (goal <= "
                     f"{LATENCY_GOAL}: {'met' if ratio <= LATENCY_GOAL else 'NOT met'})")
    lines.append(f"updates lost: {lost} of {actions * VIEWERS_PER_BOARD} "
                 f"viewers' updates, {moves_lost} followers' moves (goal 0: "
                 f"{'met' if lost == moves_lost == 0 else 'NOT met'})")
    lines.append(f"viewers and followers closed by the server: {len(closed)} (goal 0)"
                 + (f" (codes {sorted(set(closed))})" if closed else ""))
    errors = load.errors
    lines.append(f"errors: {len(errors)}" + (f" (first: {errors[0]})" if errors else ""))


def run() -> list[str]:
    lines = [f"## Load test: live boards on {SERVER} (127.0.0.1, in-memory channel layer)"]
    pids: dict[int, int] = {}

    async def measure(ports: list[int], out: list[str]) -> None:
        await _run(ports, out, pids)

    # the presenter moves far more often than a person does: far above the abuse limits
    fast = {"DJANGO_RATE_LIMIT_FACTOR": "1000"}
    timeout = WARMUP + ROUNDS * (2 * SECONDS + CONNECTED) + 300
    on_server("simulator.asgi:application", measure, lines, timeout, "load test", fast,
              server=SERVER, pids=pids)
    return lines


if __name__ == "__main__":
    for printed in run():
        print(printed, flush=True)
