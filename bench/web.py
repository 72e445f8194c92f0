"""The live board over real ASGI workers on 127.0.0.1, side by side with its transport floor.

One uvicorn worker (as ``make serve`` runs them) serves ``bench.asgi``: the product and a
stock Channels fan-out (``bench.fanout``). For N = 1, 30, 100 and 300 websocket viewers,
rounds alternate (ABAB):

- A, the product: POST /b/<slug>/act (an action that always succeeds and always changes the
  board), timed from just before the POST to the moment the last of the N board viewers
  has the update for the new version; the acting browser's own response time too;
- B, the floor: POST /bench-post, which ``group_send``s the very update just measured (same
  bytes, its head swapped for a round tag; primed outside the timed window) to N bare
  viewers of a stock ``AsyncWebsocketConsumer``, timed the same way.

The viewers run in a process of their own (``bench.viewers``), as other people's browsers
would: reading their updates never delays the acting browser reading its answer. At
N = 100 every round also acts once on a second board with one viewer: the acting browser's
answer there is the N = 1 figure its answer at N = 100 is measured against, in the same
rounds (the N = 1 rounds come minutes earlier, on a machine whose load has moved). Each figure
is printed with its goal. Then the bytes of one update message against the full
board page; then N = 300 again on two workers sharing a redis-server, the viewers spread over
both, against one worker. Every connection goes to 127.0.0.1 only; counts and time are
bounded and every server is stopped in any case (bench.servers).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

from .servers import HOST, ROOT, ServerError, Servers, migrate, site_env

SCENARIO = ("yugioh", "yang_zing_supply_squad_soul_taker")
VIEWERS = (1, 30, 100, 300)
#: rounds per N: one viewer's rounds take a few milliseconds, and its ratio, the closest to
#: its goal, moves most with the machine's load: more of them steady its median
ROUNDS = {1: 100, 30: 30, 100: 30, 300: 20}
MIN_ROUNDS = 15
BUDGET_PER_N = 30.0  # seconds of rounds for one N, past MIN_ROUNDS
WARMUP = 10  # actions before the first measure
ROUND_TIMEOUT = 15.0
TOTAL_TIMEOUT = 240.0
FANOUT_GOAL, FANOUT_GOAL_AT = 1.0, (100, 300)  # action -> last viewer against the stock
ACTING_GOAL, ACTING_AT = 1.5, 100  # the acting browser's answer at N=100 against N=1
SINGLE_GOAL = 3.0  # action -> the one viewer at N=1 against the stock
BYTES_GOAL = 0.25
APP = "bench.asgi:application"
ONE_WORKER = [0.0]  # action -> last viewer at the top N with one worker, for the Redis ratio

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
        """Status, headers, body and the time the whole answer had arrived (as many bytes as
        its length says, as a browser counts it; before the connection closes)."""
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
            data = await reader.readuntil(b"\r\n\r\n")
            length = _content_length(data)
            if length is None:  # chunked: the answer ends with the connection
                data += await reader.read()
            else:  # the whole answer, as a browser counts it: by its length
                data += await reader.readexactly(length)
            done = time.perf_counter()
            await reader.read()  # then the connection closes (Connection: close)
        finally:
            writer.close()
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


def _content_length(head: bytes) -> int | None:
    for line in head.decode("latin-1").split("\r\n")[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            return int(value.strip())
    return None


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
    """N websocket viewers in a process of their own (``bench.viewers``): other people's
    browsers, which do not share the acting browser's event loop."""

    def __init__(self, urls: list[str], n: int, mark: str, initial: bool) -> None:
        self.spec = json.dumps({"urls": urls, "n": n, "mark": mark, "initial": initial})
        self.proc: asyncio.subprocess.Process | None = None
        self.last_message = ""

    async def open(self) -> None:
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bench.viewers", self.spec, cwd=ROOT,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, limit=2 ** 24)
        await self._reply(120)

    async def _reply(self, timeout: float) -> dict:
        assert self.proc is not None and self.proc.stdout is not None
        try:
            line = await asyncio.wait_for(self.proc.stdout.readline(), timeout)
        except TimeoutError:
            raise BenchError(f"the viewers did not answer within {timeout:.0f} s") from None
        if not line:
            raise BenchError("the viewers' process ended")
        reply = json.loads(line)
        if "error" in reply:
            raise BenchError(reply["error"])
        return reply

    async def _say(self, command: dict) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(command).encode() + b"\n")
        await self.proc.stdin.drain()

    async def arm(self, key: int) -> None:
        """From now on, wait for the message tagged ``key`` (acknowledged before returning)."""
        await self._say({"arm": key})
        await self._reply(10)

    async def wait(self) -> float:
        """The time the last viewer had the armed message."""
        reply = await self._reply(ROUND_TIMEOUT + 5)
        self.last_message = reply["message"]
        return reply["last"]

    async def close(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        if proc.returncode is None and proc.stdin is not None:
            with contextlib.suppress(OSError):
                proc.stdin.write(b'{"close": true}\n')
                await proc.stdin.drain()
        try:
            await asyncio.wait_for(proc.wait(), 15)
        except TimeoutError:
            proc.kill()
            await proc.wait()


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


async def _untimed(floor_http: Http) -> None:
    """The untimed request that comes before each timed one: a bare POST to the floor's
    address (answered 400), answered once the worker has done what the round before left."""
    status, _, _, _ = await floor_http.request("POST", "/bench-post")
    if status != 400:
        raise BenchError(f"/bench-post without a round answered {status}")


async def _round_pair(board: Board, product: Viewers, floor: Viewers, floor_http: Http,
                      round_no: int, got: dict[str, list[float]]) -> int:
    """A then B: one action timed to its last viewer, then the same bytes on the floor.

    Each timed request comes right after an untimed one to the same worker, answered once
    the worker has done what the other side's round left behind (stock consumers going back
    to their channels after the floor's fan-out): the floor's is its priming, the product's
    a bare request to the floor's address (answered 400)."""
    await _untimed(floor_http)
    await product.arm(board.version + 1)
    t0, responded = await board.act()
    last = await product.wait()
    got["product"].append(last - t0)
    got["acting"].append(responded - t0)
    message = product.last_message
    if not message[:40].isascii():
        raise BenchError("the update does not start with ASCII HTML")
    status, _, _, _ = await floor_http.request("POST", "/bench-post?prime=1",
                                               body=message.encode())
    if status != 204:
        raise BenchError(f"/bench-post?prime=1 answered {status}")
    await floor.arm(round_no)
    t0 = time.perf_counter()
    status, _, _, responded = await floor_http.request("POST", f"/bench-post?round={round_no}")
    if status != 204:
        raise BenchError(f"/bench-post answered {status}")
    last = await floor.wait()
    got["floor"].append(last - t0)
    got["floor_acting"].append(responded - t0)
    return len(message.encode())


async def _measure_n(board: Board, ports: list[int], n: int, rounds: int, round_no: int,
                     one: Board | None = None) -> tuple[dict[str, list[float]], int, int]:
    """N viewers of the product and N of the floor, spread over ``ports``; ABAB rounds.
    ``one``: another board, with one viewer, acted on once in every round too (``acting_one``:
    the acting browser's answer at N = 1 in the same rounds)."""
    product = Viewers([f"ws://{HOST}:{p}/ws/b/{board.slug}/" for p in ports], n, PRODUCT_MARK,
                      initial=True)
    floor = Viewers([f"ws://{HOST}:{p}/bench-ws/" for p in ports], n, FLOOR_MARK,
                    initial=False)
    single = Viewers([f"ws://{HOST}:{ports[0]}/ws/b/{one.slug}/"], 1, PRODUCT_MARK,
                     initial=True) if one else None
    floor_http = Http(ports[0])
    got: dict[str, list[float]] = {"product": [], "floor": [], "acting": [],
                                   "floor_acting": [], "acting_one": []}
    size = 0
    try:
        await product.open()
        await floor.open()
        if single:
            await single.open()
        start = time.perf_counter()
        for i in range(rounds):
            if i >= MIN_ROUNDS and time.perf_counter() - start > BUDGET_PER_N:
                break
            round_no += 1
            size = await _round_pair(board, product, floor, floor_http, round_no, got)
            if single:
                await _act_alone(one, single, floor_http, got)
    finally:
        await product.close()
        await floor.close()
        if single:
            await single.close()
    return got, size, round_no


async def _act_alone(board: Board, viewer: Viewers, floor_http: Http,
                     got: dict[str, list[float]]) -> None:
    """One action on a board with one viewer, timed as the product's are (right after an
    untimed request to the same worker): the acting browser's answer at N = 1."""
    await _untimed(floor_http)
    await viewer.arm(board.version + 1)
    t0, responded = await board.act()
    await viewer.wait()
    got["acting_one"].append(responded - t0)


def _median(values: list[float]) -> float:
    return statistics.median(values)


def _goal(what: str, value: float, goal: float) -> str:
    return f"{what}: {value:.2f} (goal <= {goal}): {'met' if value <= goal else 'NOT met'}"


def _figures(n: int, got: dict[str, list[float]]) -> str:
    return (f"N={n:>3} viewers, {len(got['product'])} rounds each: action -> last viewer "
            f"{_ms(got['product'])} | stock fan-out {_ms(got['floor'])} | ratio of medians "
            f"{_median(got['product']) / _median(got['floor']):.2f} | acting browser's "
            f"response {_ms(got['acting'])} (stock POST "
            f"{_median(got['floor_acting']) * 1e3:.1f} ms)")


async def _measure(ports: list[int], lines: list[str]) -> None:
    """One worker: N = 1, 30, 100, 300; every goal of the live path."""
    board = await _warm_board(ports[0])
    results: dict[int, dict[str, list[float]]] = {}
    size, round_no = 0, 0
    alone = await _warm_board(ports[0])  # the acting browser's other board: one viewer
    for n in VIEWERS:
        results[n], size, round_no = await _measure_n(
            board, ports, n, ROUNDS[n], round_no, one=alone if n == ACTING_AT else None)
        lines.append(_figures(n, results[n]))
    ratio = {n: _median(r["product"]) / _median(r["floor"]) for n, r in results.items()}
    for n in FANOUT_GOAL_AT:
        lines.append(_goal(f"action -> last viewer at N={n}, against the stock fan-out",
                           ratio[n], FANOUT_GOAL))
    during = results[ACTING_AT]
    acting = _median(during["acting"]) / _median(during["acting_one"])
    lines.append(_goal(f"acting browser's response at N={ACTING_AT}, against N=1 in the same "
                       f"rounds ({_median(during['acting_one']) * 1e3:.1f} ms on a board with one "
                       "viewer)",
                       acting, ACTING_GOAL))
    lines.append(f"acting browser's response at N={ACTING_AT} against the N=1 rounds above: "
                 f"{_median(during['acting']) / _median(results[1]['acting']):.2f} (printed, "
                 "no goal: minutes apart, it moves with the machine's load)")
    lines.append(_goal("action -> viewer at N=1, against the stock fan-out", ratio[1],
                       SINGLE_GOAL))
    ONE_WORKER[0] = _median(results[max(VIEWERS)]["product"])
    page = len(await board.page())
    share = size / page
    lines.append(f"bytes per update message: {size:,} vs the full board page {page:,} = "
                 f"{share:.0%} (goal <= {BYTES_GOAL:.0%}): "
                 f"{'met' if share <= BYTES_GOAL else 'NOT met'}")


async def _measure_workers(ports: list[int], lines: list[str]) -> None:
    """Two workers on Redis, the viewers spread over both: against one worker."""
    board = await _warm_board(ports[0])
    n = max(VIEWERS)
    got, _, _ = await _measure_n(board, ports, n, ROUNDS[n], 0)
    lines.append(f"Redis, {len(ports)} workers: " + _figures(n, got))
    if ONE_WORKER[0]:
        lines.append(f"action -> last viewer at N={n}, {len(ports)} workers on Redis against "
                     f"one worker in memory: {_median(got['product']) / ONE_WORKER[0]:.2f} "
                     "(printed, no goal)")


async def _warm_board(port: int) -> Board:
    board = Board(Http(port))
    await board.open()
    for _ in range(WARMUP):
        await board.act()
    return board


# -- the servers --------------------------------------------------------------------------

def _env(db: Path) -> dict[str, str]:
    return site_env(f"sqlite:///{db}")


async def _ready(port: int, deadline: float) -> None:
    http = Http(port)
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError):
            status, _, _, _ = await http.request("GET", "/")
            if status == 200:
                return
        await asyncio.sleep(0.2)
    raise BenchError(f"the worker on {port} did not answer in time")


def on_server(app: str, measure, lines: list[str], timeout: float, what: str,
              extra_env: dict[str, str] | None = None, *, workers: int = 1,
              redis: bool = False, server: str = "uvicorn",
              pids: dict[int, int] | None = None) -> None:
    """Serve ``app`` with ``workers`` uvicorn processes of one worker each on 127.0.0.1 (a
    throw-away SQLite file, debug off; a redis-server when ``redis``; ``server="daphne"``:
    Daphne instead), run ``await measure(ports, lines)`` against them, and stop everything
    in any case; a failure is added to ``lines`` with the end of the logs. ``pids``, when
    given, gets each worker's process id by its port."""
    with Servers() as servers:
        try:
            env = _env(servers.tmp / "db.sqlite3") | (extra_env or {})
            if redis:
                env["REDIS_URL"] = servers.redis()
            migrate(env)
            ports = [servers.web(env, app=app, name=f"worker-{i}", server=server)
                     for i in range(workers)]
            if pids is not None:
                pids.update(servers.pids)

            async def main() -> None:
                for port in ports:
                    await _ready(port, time.monotonic() + 30)
                await measure(ports, lines)

            asyncio.run(asyncio.wait_for(main(), timeout))
        except (BenchError, ServerError, TimeoutError, OSError,
                subprocess.SubprocessError) as exc:
            lines.append(f"{what} failed: {type(exc).__name__}: {exc}")
            if isinstance(exc, subprocess.CalledProcessError) and exc.stderr:
                lines.extend("  migrate: " + line
                             for line in exc.stderr.decode(errors="replace").splitlines()[-10:])
            for i in range(workers):
                lines.extend("  worker: " + line
                             for line in servers.log(f"worker-{i}").splitlines()[-15:])


def run() -> list[str]:
    try:
        import websockets  # noqa: F401
    except ModuleNotFoundError:
        return ["## Web: skipped (needs the `websockets` package: pip install -e '.[dev]')"]
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    lines = ["## Web: live board on uvicorn (127.0.0.1, as `make serve`), product vs stock "
             f"Channels fan-out (load average {load} on {os.cpu_count()} cores)"]
    # one browser acting as fast as it can: far above the abuse limits a person meets
    fast = {"DJANGO_RATE_LIMIT_FACTOR": "1000"}
    on_server(APP, _measure, lines, TOTAL_TIMEOUT, "web bench", fast)
    if shutil.which("redis-server"):
        on_server(APP, _measure_workers, lines, TOTAL_TIMEOUT, "Redis bench", fast,
                  workers=2, redis=True)
    else:
        lines.append("Redis, 2 workers: skipped (no redis-server: `make services`)")
    return lines


if __name__ == "__main__":
    for printed in run():
        print(printed, flush=True)
