"""The live board over a real daphne on 127.0.0.1, side by side with its transport floor.

One daphne process serves ``bench.asgi``: the product and a stock Channels fan-out
(``bench.fanout``). For N = 1, 30 and 100 websocket viewers, rounds alternate (ABAB):

- A, the product: POST /b/<slug>/act (an action that always succeeds and always changes the
  board), timed from just before the POST to the moment the last of the N board viewers
  has the update for the new version; the acting browser's own response time too;
- B, the floor: POST /bench-post, which ``group_send``s the very update just measured (same
  bytes, its head swapped for a round tag; primed outside the timed window) to N bare
  viewers of a stock ``AsyncWebsocketConsumer``, timed the same way.

Then the bytes of one update message against the full board page. Every connection goes to
127.0.0.1 only; counts and time are bounded and daphne is stopped in any case.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import re
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
SCENARIO = ("yugioh", "yang_zing_supply_squad_soul_taker")
VIEWERS = (1, 30, 100)
ROUNDS = {1: 40, 30: 40, 100: 30}
MIN_ROUNDS = 15
BUDGET_PER_N = 30.0  # seconds of rounds for one N, past MIN_ROUNDS
WARMUP = 10  # actions before the first measure
ROUND_TIMEOUT = 15.0
TOTAL_TIMEOUT = 150.0
RATIO_GOAL = 1.5
BYTES_GOAL = 0.25

VERSION_RE = re.compile(r'id="board-version" name="version" value="(\d+)"')
PRODUCT_MARK = 'name="version" value="'
FLOOR_MARK = 'data-round="'
ACTIONS = ({"do": "gain_lp", "player": "p1", "amount": 100},
           {"do": "gain_lp", "player": "p2", "amount": 100})


class BenchError(Exception):
    pass


# -- a minimal HTTP/1.1 client on asyncio streams (loopback only) -------------------------

class Http:
    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}

    async def request(self, method: str, path: str, *, form: dict[str, str] | None = None,
                      headers: dict[str, str] | None = None, body: bytes = b""
                      ) -> tuple[int, dict[str, list[str]], bytes, float]:
        """Status, headers, body and the time the whole response was read."""
        if form is not None:
            body = urlencode(form).encode()
        head = {"Host": f"{HOST}:{self.port}", "Connection": "close",
                "Content-Length": str(len(body)), **(headers or {})}
        if form is not None:
            head["Content-Type"] = "application/x-www-form-urlencoded"
        if self.cookies:
            head["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        raw = f"{method} {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in head.items())
        reader, writer = await asyncio.open_connection(HOST, self.port)
        try:
            writer.write(raw.encode() + b"\r\n" + body)
            await writer.drain()
            data = await reader.read()
        finally:
            writer.close()
        done = time.perf_counter()
        head_raw, _, payload = data.partition(b"\r\n\r\n")
        lines = head_raw.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        found: dict[str, list[str]] = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            found.setdefault(name.strip().lower(), []).append(value.strip())
        if "chunked" in ",".join(found.get("transfer-encoding", [])):
            payload = _dechunk(payload)
        for cookie in found.get("set-cookie", []):
            name, _, rest = cookie.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return status, found, payload, done


def _dechunk(data: bytes) -> bytes:
    out, i = [], 0
    while True:
        j = data.index(b"\r\n", i)
        size = int(data[i:j].split(b";")[0], 16)
        if size == 0:
            return b"".join(out)
        out.append(data[j + 2:j + 2 + size])
        i = j + 2 + size + 2


# -- viewers ------------------------------------------------------------------------------

class Viewers:
    """N websocket viewers; each round waits until every one has the message tagged ``key``."""

    def __init__(self, url: str, origin: str, n: int, mark: str, initial: bool) -> None:
        self.url, self.origin, self.n, self.mark, self.initial = url, origin, n, mark, initial
        self.sockets: list = []
        self.tasks: list[asyncio.Task] = []
        self.expect: int | None = None
        self.times: list[float] = []
        self.last_message = ""
        self.done = asyncio.Event()

    async def open(self) -> None:
        from websockets.asyncio.client import connect

        gate = asyncio.Semaphore(10)

        async def one() -> None:
            async with gate:
                ws = await connect(self.url, origin=self.origin, compression=None, proxy=None,
                                   max_size=None, ping_interval=None, open_timeout=20,
                                   close_timeout=2)
                self.sockets.append(ws)
                if self.initial:  # the board's current state, sent on connect
                    first = await asyncio.wait_for(ws.recv(), 20)
                    if self._key(first) is None:
                        raise BenchError("a board viewer's first message has no version")

        await asyncio.gather(*(one() for _ in range(self.n)))
        self.tasks = [asyncio.create_task(self._read(ws)) for ws in self.sockets]

    def _key(self, message: str) -> int | None:
        i = message.find(self.mark, 0, 4000)
        if i < 0:
            return None
        i += len(self.mark)
        j = message.find('"', i, i + 20)
        return int(message[i:j]) if j > i else None

    async def _read(self, ws) -> None:
        with contextlib.suppress(Exception):
            while True:
                message = await ws.recv()
                now = time.perf_counter()
                if self.expect is not None and self._key(message) == self.expect:
                    self.times.append(now)
                    if len(self.times) == 1:
                        self.last_message = message
                    if len(self.times) == self.n:
                        self.done.set()

    def arm(self, key: int) -> None:
        self.expect, self.times, self.last_message = key, [], ""
        self.done.clear()

    async def wait(self) -> float:
        """The time the last viewer had the armed message."""
        try:
            await asyncio.wait_for(self.done.wait(), ROUND_TIMEOUT)
        except TimeoutError:
            raise BenchError(f"only {len(self.times)} of {self.n} viewers had message "
                             f"{self.expect} after {ROUND_TIMEOUT:.0f} s") from None
        self.expect = None
        return max(self.times)

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*(ws.close() for ws in self.sockets), return_exceptions=True)
        await asyncio.gather(*self.tasks, return_exceptions=True)


# -- the measure --------------------------------------------------------------------------

def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def _ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1e3:7.1f} ms (p95 {_p95(values) * 1e3:7.1f})"


class Board:
    def __init__(self, http: Http) -> None:
        self.http = http
        self.slug = ""
        self.version = 0
        self.count = 0

    def _headers(self) -> dict[str, str]:
        return {"X-CSRFToken": self.http.cookies.get("csrftoken", ""),
                "Origin": f"http://{HOST}:{self.http.port}", "HX-Request": "true"}

    async def open(self) -> None:
        status, _, _, _ = await self.http.request("GET", "/")
        if status != 200 or "csrftoken" not in self.http.cookies:
            raise BenchError(f"GET / answered {status} without a CSRF cookie")
        game, slug = SCENARIO
        status, headers, _, _ = await self.http.request(
            "POST", f"/scenarios/{game}/{slug}/open", form={}, headers=self._headers())
        location = headers.get("location", [""])[0]
        match = re.fullmatch(r"/b/([^/]+)/", location)
        if status != 302 or match is None:
            raise BenchError(f"opening the scenario answered {status} {location!r}")
        self.slug = match[1]
        page = await self.page()
        self.version = int(VERSION_RE.search(page.decode())[1])
        while True:  # play the scenario's steps: a board with a real chain in its history
            status, _, body, _ = await self.http.request(
                "POST", f"/b/{self.slug}/step", form={"version": str(self.version)},
                headers=self._headers())
            version = int(VERSION_RE.search(body.decode())[1]) if status == 200 else 0
            if version <= self.version:  # no step left: the board says so and stays as it is
                break
            self.version = version

    async def page(self) -> bytes:
        status, _, body, _ = await self.http.request("GET", f"/b/{self.slug}/")
        if status != 200:
            raise BenchError(f"GET /b/{self.slug}/ answered {status}")
        return body

    async def act(self) -> tuple[float, float]:
        """One action: (start, the time its response was read)."""
        action = ACTIONS[self.count % len(ACTIONS)]
        self.count += 1
        form = {"version": str(self.version), "action": json.dumps(action)}
        t0 = time.perf_counter()
        status, _, body, done = await self.http.request(
            "POST", f"/b/{self.slug}/act", form=form, headers=self._headers())
        if status != 200:
            raise BenchError(f"the action {action} answered {status}: {body[:300]!r}")
        self.version = int(VERSION_RE.search(body.decode())[1])
        return t0, done


async def _measure(port: int, lines: list[str]) -> None:
    http = Http(port)
    board = Board(http)
    await board.open()
    for _ in range(WARMUP):
        await board.act()
    origin = f"http://{HOST}:{port}"
    floor_http = Http(port)
    size = 0
    results: dict[int, dict[str, list[float]]] = {}
    round_no = 0
    for n in VIEWERS:
        product = Viewers(f"ws://{HOST}:{port}/ws/b/{board.slug}/", origin, n, PRODUCT_MARK,
                          initial=True)
        floor = Viewers(f"ws://{HOST}:{port}/bench-ws/", origin, n, FLOOR_MARK, initial=False)
        got = results[n] = {"product": [], "floor": [], "acting": [], "floor_acting": []}
        try:
            await product.open()
            await floor.open()
            start = time.perf_counter()
            for i in range(ROUNDS[n]):
                if i >= MIN_ROUNDS and time.perf_counter() - start > BUDGET_PER_N:
                    break
                # A: the product
                product.arm(board.version + 1)
                t0, responded = await board.act()
                last = await product.wait()
                got["product"].append(last - t0)
                got["acting"].append(responded - t0)
                message = product.last_message
                size = len(message.encode())
                if not message[:40].isascii():
                    raise BenchError("the update does not start with ASCII HTML")
                # B: the floor, the same bytes to the same N
                status, _, _, _ = await floor_http.request(
                    "POST", "/bench-post?prime=1", body=message.encode())
                if status != 204:
                    raise BenchError(f"/bench-post?prime=1 answered {status}")
                round_no += 1
                floor.arm(round_no)
                t0 = time.perf_counter()
                status, _, _, responded = await floor_http.request(
                    "POST", f"/bench-post?round={round_no}", body=b"")
                if status != 204:
                    raise BenchError(f"/bench-post answered {status}")
                last = await floor.wait()
                got["floor"].append(last - t0)
                got["floor_acting"].append(responded - t0)
        finally:
            await product.close()
            await floor.close()
        lines.append(
            f"N={n:>3} viewers, {len(got['product'])} rounds each: action -> last viewer "
            f"{_ms(got['product'])} | stock fan-out {_ms(got['floor'])} | ratio of medians "
            f"{statistics.median(got['product']) / statistics.median(got['floor']):.2f} | "
            f"acting browser's response {_ms(got['acting'])} (stock POST "
            f"{statistics.median(got['floor_acting']) * 1e3:.1f} ms)")
    top = max(VIEWERS)
    ratio = statistics.median(results[top]["product"]) / statistics.median(results[top]["floor"])
    lines.append(f"ratio at N={top}: {ratio:.2f} (goal <= {RATIO_GOAL}): "
                 f"{'met' if ratio <= RATIO_GOAL else 'NOT met'}")
    page = len(await board.page())
    share = size / page
    lines.append(f"bytes per update message: {size:,} vs the full board page {page:,} = "
                 f"{share:.0%} (goal <= {BYTES_GOAL:.0%}): "
                 f"{'met' if share <= BYTES_GOAL else 'NOT met'}")


# -- the server ---------------------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def _env(db: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env.update({
        "DJANGO_SETTINGS_MODULE": "simulator.settings",
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": "bench-" + secrets.token_hex(24),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DATABASE_URL": f"sqlite:///{db}",
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")])),
    })
    return env


async def _ready(port: int, server: subprocess.Popen, deadline: float) -> None:
    http = Http(port)
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise BenchError(f"daphne exited with {server.returncode}")
        with contextlib.suppress(OSError):
            status, _, _, _ = await http.request("GET", "/")
            if status == 200:
                return
        await asyncio.sleep(0.2)
    raise BenchError("daphne did not answer in time")


def _tail(path: Path, n: int = 15) -> list[str]:
    with contextlib.suppress(OSError):
        return ["  daphne: " + line for line in path.read_text().splitlines()[-n:]]
    return []


def on_daphne(app: str, measure, lines: list[str], timeout: float, what: str,
              extra_env: dict[str, str] | None = None) -> None:
    """Serve ``app`` with one daphne on 127.0.0.1 (a throw-away SQLite file, debug off), run
    ``await measure(port, lines)`` against it, and stop it in any case; a failure is added to
    ``lines`` with the end of daphne's log."""
    tmp = Path(tempfile.mkdtemp(prefix="bench-daphne-"))
    log = tmp / "daphne.log"
    env = _env(tmp / "db.sqlite3") | (extra_env or {})
    server = None
    try:
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput"], cwd=ROOT,
                       env=env, check=True, capture_output=True, timeout=180)
        port = _free_port()
        with log.open("w") as out:
            server = subprocess.Popen(
                [sys.executable, "-m", "daphne", "-b", HOST, "-p", str(port), "-v", "0", app],
                cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)

        async def main() -> None:
            await _ready(port, server, time.monotonic() + 30)
            await measure(port, lines)

        asyncio.run(asyncio.wait_for(main(), timeout))
    except (BenchError, TimeoutError, OSError, subprocess.SubprocessError) as exc:
        lines.append(f"{what} failed: {type(exc).__name__}: {exc}")
        if isinstance(exc, subprocess.CalledProcessError) and exc.stderr:
            lines.extend("  migrate: " + line
                         for line in exc.stderr.decode(errors="replace").splitlines()[-10:])
        lines.extend(_tail(log))
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(5)
        shutil.rmtree(tmp, ignore_errors=True)


def run() -> list[str]:
    try:
        import websockets  # noqa: F401
    except ModuleNotFoundError:
        return ["## Web: skipped (needs the `websockets` package: pip install -e '.[dev]')"]
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    lines = ["## Web: live board on daphne (127.0.0.1), product vs stock Channels fan-out "
             f"(load average {load} on {os.cpu_count()} cores)"]
    # one browser acting as fast as it can: far above the abuse limits a person meets
    on_daphne("bench.asgi:application", _measure, lines, TOTAL_TIMEOUT, "web bench",
              extra_env={"DJANGO_RATE_LIMIT_FACTOR": "1000"})
    return lines


if __name__ == "__main__":
    for printed in run():
        print(printed, flush=True)
