"""The classroom path on a real uvicorn worker (127.0.0.1): one presenter, thirty followers.

A built-in scenario board with the most steps of its game is played to its end and presented;
thirty follower sockets (``/ws/b/<slug>/follow/``, in a process of their own: ``bench.viewers``)
and one real follower page in Chromium (``/b/<slug>/follow/``) follow it. A second board of
the same scenario, played to its end too, has thirty board viewers of its own. Rounds
alternate (ABAB):

- A, the presenter's key press: POST /b/<slug>/present with ``at=<k>``, as the presenter's
  page posts it for Back / Forward (``k`` walks the steps forward, then starts again at 0),
  timed from just before the POST to the moment the last of the thirty sockets has the
  presentation of step ``k`` and to the frame the follower page draws it in (the first
  animation frame after ``#presentation`` says ``data-step="k"``); the presenter's own
  answer too;
- B, a board action on the other board: POST /b/<slug>/act, its answer (and the moment its
  last viewer has the update).

The page's clock is set against this process's by the shortest of a few round trips. Each
figure is printed with its goal: key press -> the room's redraw (the later of the last socket
and the page), median and p95; the presenter's answer against the action's, ratio of medians.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import statistics
import time

from .servers import HOST
from .web import (
    APP,
    PRODUCT_MARK,
    VERSION_RE,
    BenchError,
    Board,
    Http,
    Viewers,
    _ms,
    _p95,
    on_server,
)

SCENARIO = ("yugioh", "lightning_punisher_chain_link_3")  # the most steps of its game
CHROMIUM = "/usr/bin/chromium"
FOLLOWERS = 30
ROUNDS, MIN_ROUNDS, BUDGET = 60, 20, 40.0  # rounds of each side; seconds past MIN_ROUNDS
WARMUP = 6
PAGE_TIMEOUT = 15.0
TOTAL_TIMEOUT = 150.0
MEDIAN_GOAL, P95_GOAL = 0.100, 0.250  # key press -> the room's redraw, seconds
ANSWER_GOAL = 3.0  # the presenter's answer against a board action's
STEP_MARK = 'data-step="'

#: installed before the follower page's own scripts: each change of the step the marker
#: shows, with the page's time (ms) at the change and at the next animation frame
PAGE_SCRIPT = """
window.__steps = []; window.__open = 0;
document.addEventListener("htmx:wsOpen", function () { window.__open += 1; });
(function () {
  let last = null;
  new MutationObserver(function () {
    const marker = document.getElementById("presentation");
    const step = marker ? marker.dataset.step : null;
    if (step === null || step === last) return;
    last = step;
    const seen = {step: Number(step), changed: performance.timeOrigin + performance.now(),
                  drawn: null};
    window.__steps.push(seen);
    requestAnimationFrame(function () {
      seen.drawn = performance.timeOrigin + performance.now();
    });
  }).observe(document, {subtree: true, childList: true, attributes: true,
                        attributeFilter: ["data-step"]});
})();
"""


async def _open_board(http: Http) -> Board:
    """A board of ``SCENARIO`` played to its end (as ``bench.web``'s Board, another scenario)."""
    board = Board(http)
    status, _, _, _ = await http.request("GET", "/")
    if status != 200 or "csrftoken" not in http.cookies:
        raise BenchError(f"GET / answered {status} without a CSRF cookie")
    game, slug = SCENARIO
    status, headers, _, _ = await http.request(
        "POST", f"/scenarios/{game}/{slug}/open", form={}, headers=board._headers())
    match = re.fullmatch(r"/b/([^/]+)/", headers.get("location", [""])[0])
    if status != 302 or match is None:
        raise BenchError(f"opening the scenario answered {status}")
    board.slug = match[1]
    board.version = int(VERSION_RE.search((await board.page()).decode())[1])
    while True:
        status, _, body, _ = await http.request(
            "POST", f"/b/{board.slug}/step", form={"version": str(board.version)},
            headers=board._headers())
        version = int(VERSION_RE.search(body.decode())[1]) if status == 200 else 0
        if version <= board.version:
            return board
        board.version = version


class Presenter:
    def __init__(self, board: Board) -> None:
        self.board, self.http = board, board.http
        self.total = 0

    async def start(self) -> None:
        status, _, _, _ = await self.http.request(
            "POST", f"/b/{self.board.slug}/present/", form={}, headers=self.board._headers())
        if status != 302:
            raise BenchError(f"starting to present answered {status}")
        status, _, body, _ = await self.http.request("GET", f"/b/{self.board.slug}/present/")
        match = re.search(r'id="presentation"[^>]*data-total="(\d+)"', body.decode())
        if status != 200 or match is None:
            raise BenchError(f"the presenter's page answered {status} without its marker")
        self.total = int(match[1])

    async def show(self, k: int) -> tuple[float, float]:
        """The presenter's key press: step ``k`` for every follower; (start, answer read)."""
        t0 = time.perf_counter()
        status, _, body, done = await self.http.request(
            "POST", f"/b/{self.board.slug}/present", form={"at": str(k)},
            headers=self.board._headers())
        if status != 200 or f'{STEP_MARK}{k}"' not in body.decode()[:4000]:
            raise BenchError(f"presenting step {k} answered {status}: {body[:200]!r}")
        return t0, done


class FollowerPage:
    """One follower's page in Chromium: its step changes and the frames that draw them."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.offset = 0.0  # the page's clock (s) minus time.perf_counter()
        self._pw = self._browser = self.page = None

    async def open(self) -> None:
        from playwright.async_api import async_playwright

        self._pw = await async_playwright().start()
        self._browser = await self._pw.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        context = await self._browser.new_context(locale="en-US")
        await context.add_init_script(PAGE_SCRIPT)
        self.page = await context.new_page()
        await self.page.goto(self.url)
        await self._until("window.__open > 0 && window.__steps.length > 0")
        best = None
        for _ in range(15):  # the shortest round trip sets the clocks against each other
            t1 = time.perf_counter()
            now = await self.page.evaluate("performance.timeOrigin + performance.now()")
            t2 = time.perf_counter()
            if best is None or t2 - t1 < best[0]:
                best = (t2 - t1, now / 1e3 - (t1 + t2) / 2)
        self.offset = best[1]

    async def _until(self, expression: str, arg=None):
        """Poll ``expression`` (the site's Content-Security-Policy forbids eval, which
        ``wait_for_function`` needs) until it is truthy; its value."""
        deadline = time.monotonic() + PAGE_TIMEOUT
        while not (value := await self.page.evaluate(expression, arg)):
            if time.monotonic() > deadline:
                raise BenchError(f"the follower page did not come to: {expression}")
            await asyncio.sleep(0.02)
        return value

    async def seen(self) -> int:
        return await self.page.evaluate("window.__steps.length")

    async def drawn(self, after: int, k: int) -> float:
        """When (``time.perf_counter()``) the page drew step ``k``, its first change after
        the ``after`` first ones."""
        stamp = await self._until(
            "([after, k]) => { const s = window.__steps.slice(after).find("
            "x => x.step === k && x.drawn !== null); return s ? s.drawn : 0; }", [after, k])
        return stamp / 1e3 - self.offset

    async def close(self) -> None:
        if self._browser is not None:
            await self._browser.close()
        if self._pw is not None:
            await self._pw.stop()


async def _measure(ports: list[int], lines: list[str]) -> None:
    from playwright.async_api import Error as PlaywrightError

    port = ports[0]
    presented = await _open_board(Http(port))
    acted = await _open_board(Http(port))
    presenter = Presenter(presented)
    await presenter.start()
    followers = Viewers([f"ws://{HOST}:{port}/ws/b/{presented.slug}/follow/"], FOLLOWERS,
                        STEP_MARK, initial=True)
    viewers = Viewers([f"ws://{HOST}:{port}/ws/b/{acted.slug}/"], FOLLOWERS, PRODUCT_MARK,
                      initial=True)
    page = FollowerPage(f"http://{HOST}:{port}/b/{presented.slug}/follow/")
    got: dict[str, list[float]] = {"sockets": [], "page": [], "room": [], "presenter": [],
                                   "action": [], "action_viewers": []}
    try:
        await followers.open()
        await viewers.open()
        await page.open()
        k = presenter.total  # the page shows the end of the board: the presenter starts at 0
        start = time.perf_counter()
        for i in range(WARMUP + ROUNDS):
            if i >= WARMUP + MIN_ROUNDS and time.perf_counter() - start > BUDGET:
                break
            k = (k + 1) % (presenter.total + 1)
            timed = i >= WARMUP
            # A: the presenter's key press, to the room's redraw
            after = await page.seen()
            await followers.arm(k)
            t0, answered = await presenter.show(k)
            last = await followers.wait()
            drawn = await page.drawn(after, k)
            # B: a board action, to its answer and its last viewer
            await viewers.arm(acted.version + 1)
            a0, acted_at = await acted.act()
            viewed = await viewers.wait()
            if timed:
                got["presenter"].append(answered - t0)
                got["sockets"].append(last - t0)
                got["page"].append(drawn - t0)
                got["room"].append(max(last, drawn) - t0)
                got["action"].append(acted_at - a0)
                got["action_viewers"].append(viewed - a0)
            if i == WARMUP:
                start = time.perf_counter()
    except PlaywrightError as exc:  # as any other failure of the bench: reported, not raised
        raise BenchError(f"the follower page: {exc}") from exc
    finally:
        with contextlib.suppress(PlaywrightError):
            await page.close()
        await followers.close()
        await viewers.close()
    n = len(got["room"])
    lines.append(f"{n} key presses over {presenter.total + 1} positions of a "
                 f"{presenter.total}-step board ({SCENARIO[1]}), each followed by an action "
                 "on a board of the same scenario with its own 30 viewers:")
    lines.append(f"  key press -> last of {FOLLOWERS} follower sockets {_ms(got['sockets'])} | "
                 f"-> the Chromium follower page's redraw {_ms(got['page'])}")
    lines.append(f"  presenter's answer {_ms(got['presenter'])} | board action's answer "
                 f"{_ms(got['action'])} (-> its last viewer {_ms(got['action_viewers'])})")
    room = got["room"]
    median, p95 = statistics.median(room), _p95(room)
    lines.append(f"key press -> the room's redraw (the later of the last socket and the page), "
                 f"median: {median * 1e3:.1f} ms (goal <= {MEDIAN_GOAL * 1e3:.0f} ms): "
                 f"{'met' if median <= MEDIAN_GOAL else 'NOT met'}")
    lines.append(f"key press -> the room's redraw, p95: {p95 * 1e3:.1f} ms (goal <= "
                 f"{P95_GOAL * 1e3:.0f} ms): {'met' if p95 <= P95_GOAL else 'NOT met'}")
    ratio = statistics.median(got["presenter"]) / statistics.median(got["action"])
    lines.append(f"presenter's answer against a board action's, ratio of medians: {ratio:.2f} "
                 f"(goal <= {ANSWER_GOAL}): {'met' if ratio <= ANSWER_GOAL else 'NOT met'}")


def run() -> list[str]:
    try:
        import playwright  # noqa: F401
        import websockets  # noqa: F401
    except ModuleNotFoundError:
        return ["## Classroom: skipped (needs `websockets` and `playwright`: "
                "pip install -e '.[dev]')"]
    if not shutil.which(CHROMIUM):
        return [f"## Classroom: skipped (no Chromium at {CHROMIUM}: `make browser`)"]
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    lines = [f"## Classroom: one presenter, {FOLLOWERS} follower sockets and a follower page "
             f"in Chromium, on uvicorn (load average {load} on {os.cpu_count()} cores)"]
    fast = {"DJANGO_RATE_LIMIT_FACTOR": "1000"}  # a presenter far faster than any person
    on_server(APP, _measure, lines, TOTAL_TIMEOUT, "classroom bench", fast)
    return lines


if __name__ == "__main__":
    for printed in run():
        print(printed, flush=True)
