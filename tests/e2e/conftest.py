"""Real-browser end-to-end tests: Playwright drives the system Chromium against a live server.

The server is the project's own ``manage.py runserver`` (Daphne, so HTTP and the board's
websocket go through the real ASGI stack and the in-memory channel layer), started as a
subprocess on a free loopback port with a file-backed SQLite database that ``migrate`` has
just created. The test process reads what the server saved through the Django ORM, on an extra
database alias that points at the same file.

Chromium is never downloaded: the tests launch ``/usr/bin/chromium`` (``make browser``
installs it from Debian). Without it they are skipped, except under ``CI=true``, where a
missing browser is an error.

Playwright's sync API keeps an asyncio loop "running" in the main thread for the rest of the
session, which would break Django's async-safety checks and ``async_to_sync`` in the other
test folders; :func:`pytest_collection_modifyitems` therefore runs the e2e tests last, and
the ORM is only used from a worker thread here.
"""

from __future__ import annotations

import concurrent.futures
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("E2E_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
#: how long any single wait in a test may take (ms): generous for a loaded 2-core CI machine
TIMEOUT_MS = 15_000
SERVER_START_S = 60
DB_ALIAS = "e2e"

#: Installed in every page before its own scripts (so its listener runs before board.js's):
#: counts the htmx websocket's openings and received messages, and lets a test drop incoming
#: board updates (``window.__ws.paused = true``), which is how a browser that has not heard
#: of another browser's action yet is simulated.
INIT_SCRIPT = """
try {  // boards show the end of each action at once; the frames tests choose a speed
  if (!window.localStorage.getItem("chain-simulator.playback")) {
    window.localStorage.setItem("chain-simulator.playback", "0");
  }
} catch (e) {}
window.__ws = {open: 0, received: 0, dropped: 0, paused: false};
document.addEventListener("htmx:wsOpen", function () { window.__ws.open += 1; });
document.addEventListener("htmx:wsBeforeMessage", function (event) {
  window.__ws.received += 1;
  if (window.__ws.paused) { event.preventDefault(); window.__ws.dropped += 1; }
});
"""


# ---------------------------------------------------------------------- collection
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run the e2e tests after every other test (see the module docstring)."""
    e2e = [item for item in items if item.get_closest_marker("e2e")]
    if e2e and len(e2e) != len(items):
        others = [item for item in items if not item.get_closest_marker("e2e")]
        items[:] = others + e2e


def wait_until(page: Page, expression: str, arg: Any = None,
               timeout_ms: int = TIMEOUT_MS) -> Any:
    """Poll ``expression`` (a JavaScript expression or function of ``arg``) in the page until
    it is truthy. Unlike ``page.wait_for_function``, which builds its predicate with eval,
    this works under the site's Content-Security-Policy (no 'unsafe-eval')."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        value = page.evaluate(expression, arg)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for: {expression}")
        page.wait_for_timeout(50)


# ---------------------------------------------------------------------- the server
def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class LiveServer:
    """``manage.py runserver`` (Daphne) in a subprocess, on one port and one SQLite file."""

    def __init__(self, db_path: Path, port: int | None = None) -> None:
        self.db_path = db_path
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = db_path.with_suffix(".log")
        self.process: subprocess.Popen | None = None
        self.env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"} | {
            "DATABASE_URL": f"sqlite:///{db_path}",
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
            "DJANGO_DEBUG": "true",
            "DJANGO_RATE_LIMIT_FACTOR": "100",  # one address makes every test's boards
            "DJANGO_SETTINGS_MODULE": "simulator.settings",
            "PYTHONUNBUFFERED": "1",
        }

    def migrate(self) -> None:
        done = subprocess.run([sys.executable, "manage.py", "migrate", "--noinput"], cwd=ROOT,
                              env=self.env, capture_output=True, text=True, timeout=120)
        if done.returncode:
            raise RuntimeError(f"migrate failed:\n{done.stdout}\n{done.stderr}")

    def start(self) -> None:
        log = open(self.log_path, "a", encoding="utf-8")  # the child process keeps it open
        self.process = subprocess.Popen(
            [sys.executable, "manage.py", "runserver", f"127.0.0.1:{self.port}", "--noreload"],
            cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True)
        log.close()
        deadline = time.monotonic() + SERVER_START_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}:\n"
                                   f"{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the server did not answer within {SERVER_START_S} s:\n"
                           f"{self.log_tail()}")

    def stop(self, sig: int = signal.SIGTERM) -> None:
        """Stop the server process (and only it: it runs in its own session)."""
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.send_signal(sig)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)

    def log_tail(self, lines: int = 60) -> str:
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return "(no server log)"
        return "\n".join(text.splitlines()[-lines:])


def start_server(db_path: Path, port: int | None = None) -> LiveServer:
    server = LiveServer(db_path, port)
    server.migrate()
    server.start()
    return server


@pytest.fixture(scope="session")
def e2e_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = start_server(tmp_path_factory.mktemp("e2e") / "e2e.sqlite3")
    yield server
    server.stop()


@pytest.fixture
def restartable_server(tmp_path: Path) -> Iterator[LiveServer]:
    """A server of the test's own, on its own database file, that the test may stop and
    start again (the shared ``e2e_server`` must never be stopped by a test)."""
    server = start_server(tmp_path / "restart.sqlite3")
    yield server
    server.stop()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Any:
    """A failed e2e test shows the end of the server's log."""
    report = yield
    if report.failed and item.get_closest_marker("e2e"):
        for name in ("e2e_server", "restartable_server"):
            server = item.funcargs.get(name) if hasattr(item, "funcargs") else None
            if isinstance(server, LiveServer):
                report.sections.append((f"server log ({name})", server.log_tail()))
    return report


# ---------------------------------------------------------------------- the browser
@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """The system Chromium; Playwright must never download a browser."""
    if not os.path.exists(CHROMIUM):
        reason = (f"Chromium not found at {CHROMIUM}: run `make browser` (as root) or "
                  "`apt-get install -y chromium`, or set E2E_CHROMIUM")
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true and {reason}", pytrace=False)
        pytest.skip(reason)
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def base_url(e2e_server: LiveServer) -> str:
    """pytest-playwright gives it to every browser context: ``page.goto("/")`` works."""
    return e2e_server.url




@pytest.fixture(autouse=True, scope="session")
def _expect_timeout() -> None:
    expect.set_options(timeout=TIMEOUT_MS)


#: Console errors that are not the page's fault: a request aborted because its page is being
#: left or its element swapped (htmx logs ``htmx:sendAbort``; Chromium ``net::ERR_ABORTED``
#: for a load cut short by a navigation), and the answers the site's htmx config swaps in as
#: answers, not errors (409: the board moved on; 422: an action refused with its reason),
#: which Chromium logs as failed loads all the same. The favicon is left out below.
BENIGN = (re.compile(r"^htmx:sendAbort$"), re.compile(r"net::ERR_ABORTED"),
          re.compile(r"^Failed to load resource: the server responded with a status of "
                     r"(409|422)\b"))


class ConsoleErrors(list):
    """Console errors (Content-Security-Policy violations among them) and uncaught exceptions
    of every page the test opens: the browser fixtures watch each page of each context, and a
    test whose pages logged any fails (see :func:`pytest_runtest_call`). A test that provokes
    an error on purpose says so with :meth:`allow`."""

    def __init__(self) -> None:
        super().__init__()
        self.pages: list[Page] = []
        self.allowed: list[re.Pattern[str]] = []

    def allow(self, pattern: str) -> None:
        """Tolerate console errors matching ``pattern`` (a regular expression) in this test."""
        self.allowed.append(re.compile(pattern))

    def watch(self, page: Page) -> Page:
        if any(page is seen for seen in self.pages):
            return page
        self.pages.append(page)

        def on_console(msg: Any) -> None:
            url = msg.location.get("url", "")
            if msg.type != "error" or url.endswith("/favicon.ico"):
                return
            if any(p.search(msg.text) for p in BENIGN):
                return
            self.append(f"console: {msg.text} ({url})")

        page.on("console", on_console)
        page.on("pageerror", lambda exc: self.append(f"page error: {exc}"))
        return page

    def flush(self) -> None:
        """Let every open page deliver the console messages it has sent (a round trip each:
        the protocol keeps their order)."""
        for page in self.pages:
            if page.is_closed():
                continue
            try:
                page.evaluate("0")
            except Exception:  # noqa: BLE001 - a page navigating or closing has sent its own
                pass

    def unexpected(self) -> list[str]:
        return [e for e in self if not any(p.search(e) for p in self.allowed)]


@pytest.fixture
def console_errors() -> ConsoleErrors:
    return ConsoleErrors()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Any:
    """An e2e test fails on any console error of any page it opened."""
    result = yield
    errors = getattr(item, "funcargs", {}).get("console_errors")
    if isinstance(errors, ConsoleErrors):
        errors.flush()
        found = errors.unexpected()
        if found:
            raise AssertionError(f"{len(found)} console error(s) in the browser:\n"
                                 + "\n".join(found))
    return result


@pytest.fixture
def new_context(new_context: Callable[..., BrowserContext],
                console_errors: ConsoleErrors) -> Callable[..., BrowserContext]:
    """Every context gets the websocket probe and a timeout fit for a slow machine, and every
    page it opens (the ``page`` fixture's included) has its console watched."""
    def make(**kwargs: Any) -> BrowserContext:
        context = new_context(**kwargs)
        context.add_init_script(INIT_SCRIPT)
        context.set_default_timeout(TIMEOUT_MS)
        context.on("page", console_errors.watch)
        return context

    return make


# ---------------------------------------------------------------------- saved boards
class SavedBoards:
    """Boards as the server saved them, read through the ORM from the server's SQLite file."""

    def __init__(self, blocker: Any) -> None:
        self.blocker = blocker
        self.pool = concurrent.futures.ThreadPoolExecutor(max_workers=1)

    def _alias(self, db_path: Path) -> str:
        from django.db import connections

        alias = f"{DB_ALIAS}_{abs(hash(str(db_path)))}"
        if alias not in connections.settings:
            configured = connections.configure_settings({
                "default": connections.settings["default"],
                alias: {"ENGINE": "django.db.backends.sqlite3", "NAME": str(db_path)},
            })
            connections.settings[alias] = configured[alias]
        return alias

    def get(self, server: LiveServer, slug: str):
        from django.db import connections

        from simulator.models import Board

        alias = self._alias(server.db_path)

        def load() -> Board:
            try:
                return Board.objects.using(alias).get(slug=slug)
            finally:
                connections[alias].close()

        # A worker thread: Playwright's loop counts as "running" in the main thread.
        with self.blocker.unblock():
            return self.pool.submit(load).result(timeout=60)

    def duel(self, server: LiveServer, slug: str):
        """The saved board's duel, replayed from its data (no server cache involved)."""
        from engine import Duel
        from simulator.store import library_for

        board = self.get(server, slug)
        return board, Duel.from_dict(board.data, library=library_for(board.data))


@pytest.fixture(scope="session")
def saved(django_db_blocker: Any) -> Iterator[SavedBoards]:
    boards = SavedBoards(django_db_blocker)
    yield boards
    boards.pool.shutdown()


# ---------------------------------------------------------------------- the board page
class BoardUI:
    wait_until = staticmethod(wait_until)
    """What a person does on the site, as Playwright calls, and the waits that go with it."""

    SLUG = re.compile(r"/b/([^/]+)/$")

    @staticmethod
    def slug(page: Page) -> str:
        match = BoardUI.SLUG.search(page.url)
        assert match, f"not on a board page: {page.url}"
        return match.group(1)

    @staticmethod
    def version(page: Page) -> int:
        return int(page.locator("#board-version").input_value())

    @staticmethod
    def message(page: Page) -> str:
        return page.locator("#message").inner_text().strip()

    @staticmethod
    def wait_live(page: Page) -> None:
        """Wait until the websocket is open and has delivered the board once (the consumer
        joins the board's group before it sends that first message)."""
        wait_until(page, "window.__ws && window.__ws.open >= 1 && "
                         "window.__ws.received >= 1")

    @staticmethod
    def tab(page: Page, name: str) -> None:
        """Open one of the tool tabs docked beside the mat (Cards, Log, Timeline, Share...)."""
        page.locator(".dock [role=tab]", has_text=name).click()

    def open_scenario(self, page: Page, game: str, slug: str) -> str:
        """Open the scenario's preview (where the home page's gallery links) and make a
        playable board of it."""
        page.goto(f"/scenarios/{game}/{slug}/")
        page.locator(f'form[action="/scenarios/{game}/{slug}/open"] button').click()
        page.wait_for_url(self.SLUG)
        self.wait_live(page)
        return self.slug(page)

    def new_board(self, page: Page, game: str = "yugioh", preset: str = "TCG") -> str:
        page.goto("/")
        page.locator("#start-board > summary").click()  # the form sits behind a button
        form = page.locator("form.new-board")
        form.locator('select[name="game"]').select_option(game)
        form.locator('select[name="preset"]').select_option(preset)
        form.get_by_role("button", name="New board").click()
        page.wait_for_url(self.SLUG)
        self.wait_live(page)
        return self.slug(page)

    @staticmethod
    def edit_link(page: Page) -> str:
        """The board's edit link, from its share panel (the creator's page shows it)."""
        return page.get_by_label(re.compile(r"^Edit link")).input_value()

    def wait_change(self, page: Page, before: int, expect_message: str = "",
                    stale: str = "") -> int:
        """Wait until the board's version moved on from ``before`` or a message shows (in
        the message area, or beside the decision for a refused answer); fail with that
        message if one does, unless it starts with ``expect_message``."""
        wait_until(
            page, """([before, stale]) => {
                 const v = document.getElementById("board-version");
                 const m = document.getElementById("message");
                 const r = document.querySelector("#decision .decision-error");
                 const text = m ? m.textContent.trim() : "";
                 return (v && Number(v.value) !== before) || (text && text !== stale) || !!r;
               }""", arg=[before, stale])
        if expect_message:
            expect(page.locator("#board-version")).to_have_value(str(before + 1))
        message = self.message(page)
        if expect_message:
            assert message.startswith(expect_message), f"the page shows: {message!r}"
        else:
            assert message == "", f"the page shows an error: {message!r}"
        refused = page.locator("#decision .decision-error")
        assert not refused.count(), f"the answer was refused: {refused.inner_text()!r}"
        return self.version(page)

    def click_and_wait(self, page: Page, target: Locator, expect_message: str = "") -> int:
        before, stale = self.version(page), self.message(page)
        target.click()
        after = self.wait_change(page, before, expect_message, stale)
        assert after == before + 1, f"version {before} -> {after}"
        return after

    def choose_card(self, page: Page, name: str) -> None:
        """Search the library panel and pick ``name``'s radio button."""
        page.locator("#library-search").fill(name)
        label = page.locator("#library-results .library-card").filter(
            has_text=re.compile(rf"^\s*{re.escape(name)}(\s|$)"))
        expect(label).to_have_count(1)
        label.locator('input[type="radio"]').check()

    @staticmethod
    def zone(page: Page, player: str, zone: str) -> Locator:
        return page.locator(f"#board .side-{player} .zone-{zone}")

    def place(self, page: Page, name: str, player: str, zone: str) -> None:
        """Choose ``name`` in the library (the zones where it may go light up), then press
        that zone of ``player``'s."""
        self.choose_card(page, name)
        where = self.zone(page, player, zone)
        expect(where).to_have_class(re.compile(r"\ballowed\b"))
        count = int(where.locator(".count").inner_text())
        self.click_and_wait(page, where.locator(".zone-title"))
        expect(where.locator(".count")).to_have_text(str(count + 1))
        if zone != "deck":
            expect(self.card(where, name)).to_have_count(1)

    def caius_board(self, page: Page) -> str:
        """A new board set for a three-link chain: Sangan and Caius (to Tribute Summon) for
        Player 1, Kuriboh in its deck, Eisbahn Set and Celtic Guardian for Player 2."""
        slug = self.new_board(page)
        for name, player, zone in (("Sangan", "p1", "monster"),
                                   ("Caius the Shadow Monarch", "p1", "hand"),
                                   ("Kuriboh", "p1", "deck"), ("Eisbahn", "p2", "spell_trap"),
                                   ("Celtic Guardian", "p2", "monster")):
            self.place(page, name, player, zone)
        return slug

    @staticmethod
    def card(scope: Page | Locator, name: str) -> Locator:
        """The cards called ``name`` on the board (or in a zone)."""
        if isinstance(scope, Page):
            scope = scope.locator("#board")
        # a long word of a name carries soft hyphens at its syllables (drawn only at a break)
        spelled = "\u00ad?".join(re.escape(c) for c in name)
        return scope.locator("li.card").filter(
            has=scope.page.locator(".card-name", has_text=re.compile(rf"^{spelled}$")))

    def card_action(self, page: Page, name: str, label: str) -> int:
        """Open the card's menu (loaded when opened) and press one of its events."""
        card = self.card(page, name)
        card.locator("summary").click()
        return self.click_and_wait(page, card.get_by_role("button", name=label, exact=True))

    def next_step_button(self, page: Page) -> Locator:
        return page.locator('#status button[data-key="n"]')

    def answer_shown_decisions(self, page: Page, limit: int = 20) -> int:
        """Answer every decision the page shows with its first (primary) button; a choice of
        cards (where nothing is ticked beforehand) with its first options, as many as needed."""
        answered = 0
        while page.locator("#decision form").count():
            assert answered < limit, "the decisions do not end"
            choices = page.locator("#decision fieldset[data-min]")
            if choices.count():
                boxes = choices.locator("input[type=checkbox]")
                for k in range(int(choices.get_attribute("data-min") or 0)):
                    boxes.nth(k).check()
            self.click_and_wait(page, page.locator("#decision button.primary").first)
            answered += 1
        return answered


@pytest.fixture(scope="session")
def ui() -> BoardUI:
    return BoardUI()
