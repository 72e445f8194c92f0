"""``make loadtest``, after the live boards: does a burst of worst-case uploads stall the site?

One uvicorn worker on 127.0.0.1 serves the site as ``make serve`` does (a throw-away SQLite
file, debug off; the rate limits raised, so what is measured is the uploads' work, not 429s).
The worst cases are files built to cost the most within the limits (engine/limits.py), or
just past them:

- the most expensive accepted file: 200 cards of its own, 240 cards in its set-up and 250
  steps replayed over them (MAX_WORK), about 150 KB;
- the largest accepted file: 200 cards of their own with long texts, about 235 KB;
- the longest history: 1,000 steps (MAX_ACTIONS);
- a billion laughs (nested aliases), 250 KB nested 125,000 deep, 250 KB of 125,000 values
  on one line, and 40 MB claiming to be a file.

Each is first sent alone, and so is the card editor's costliest form: its answer, the time to
it, and the computing time it cost the web worker and its uploaded files' process (read from
/proc). Then ``GET /rules/`` is timed alone (40 requests, and 20 more after each phase, as
the machine's load moves), and while 10 clients upload worst cases back to back, each a new
one as soon as its answer comes (``UPLOADS_SECONDS``, 20 s): the ratio of the medians, against
the goal (under 3). Two more phases print their ratio without a goal: 10 clients sending only
files the cheap checks refuse, and 10 posting the costliest editor form, as fast as they are
answered (far past the rate limits). Loopback only, bounded in count and time; the server is
stopped in any case.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import time
from pathlib import Path

import yaml

from .web import HOST, BenchError, Http, _p95, on_server

CLIENTS = 10
SECONDS = float(os.environ.get("UPLOADS_SECONDS", "20"))
ALONE = 40  # GET /rules/ timed alone
GOAL = 3.0
BOUNDARY = "----chain-simulator-bench"
TICK = os.sysconf("SC_CLK_TCK")


# -- the worst cases ----------------------------------------------------------------------

def _card(i: int, text: int) -> dict:
    return {"id": f"probe_{i}", "name": {"en": f"Probe {i}", "ja": f"プローブ{i}"},
            "type": "monster", "subtype": "effect", "attribute": "LIGHT", "race": "Fairy",
            "level": 4, "atk": 1000, "def": 1000,
            "text": ("If this card is Normal Summoned: you can draw 1 card. " * 80)[:text],
            "effects": [{"kind": "trigger", "label": {"en": "draw", "ja": "ドロー"},
                         "wording": "if", "optional": True,
                         "event": {"type": "summoned", "card": "self"},
                         "operations": [{"op": "draw", "count": 1}]}]}


def _scenario(cards: int, text: int, setup: int, steps: int) -> str:
    half = setup // 2
    return yaml.safe_dump({
        "game": "yugioh", "title": "Worst case", "settings": {},
        "cards": [_card(i, text) for i in range(cards)],
        "setup": {"turn_player": "p1", "phase": "main1",
                  "p1": {"deck": [f"Probe {i % cards}" for i in range(half)]},
                  "p2": {"deck": [f"Probe {(i + 1) % cards}" for i in range(half)]}},
        "steps": [{"do": "gain_lp", "player": "p1", "amount": 100} for _ in range(steps)],
        "expect": {}}, allow_unicode=True, sort_keys=False)


def _laughs() -> str:
    head = "game: yugioh\ntitle: T\nsetup: {}\nsteps: []\nexpect: {}\nsource: x\n"
    return head + "lol: &a [" + ", ".join(["lol"] * 9) + "]\n" + "".join(
        f"{b}: &{b} [" + ", ".join([f"*{a}"] * 9) + "]\n"
        for a, b in zip("abcdefgh", "bcdefghi", strict=True))


def worst_cases() -> dict[str, bytes]:
    head = "game: yugioh\ntitle: T\nsetup: {}\nsteps: []\nexpect: {}\nsource: "
    return {
        "most expensive accepted": _scenario(200, 300, 240, 250).encode(),
        "largest accepted": _scenario(200, 700, 240, 250).encode(),
        "longest history": _scenario(1, 10, 0, 1000).encode(),
        "billion laughs": _laughs().encode(),
        "nested 125,000 deep": (head + "[" * 125_000 + "]" * 125_000).encode()[:255_000],
        "125,000 values": (head + "[" + ",".join(["1"] * 125_000) + "]").encode()[:255_000],
        "40 MB": b"a: b\n" * 8_000_000,
    }


def editor_form() -> dict[str, str]:
    """The card editor's form costing the most within its limits: 12 effects, each of its 5
    YAML fields 130 characters of operations (MAX_FORM_YAML in all), every one refused by
    the card's checks, round after round (each within MAX_FORM_CPU)."""
    form = {"game": "yugioh", "text": "", "name_en": "Probe", "type": "monster",
            "subtype": "effect", "level": "4", "atk": "1000", "def": "1000", "effects": "12",
            "do": "check"}
    field = "[" + ", ".join(["{op: draw, count: 1}"] * 5) + "]"
    for k in range(12):
        form |= {f"e{k}-include": "on", f"e{k}-kind": "trigger", f"e{k}-wording": "if",
                 f"e{k}-label": "x"}
        form |= {f"e{k}-{key}": field
                 for key in ("activate_from", "event", "cost", "targets", "operations")}
    return form


# -- HTTP ---------------------------------------------------------------------------------

async def _client(port: int) -> Http:
    http = Http(port)
    status, _, _, _ = await http.request("GET", "/")
    if status != 200:
        raise BenchError(f"GET / answered {status}")
    return http


async def upload(http: Http, port: int, name: str, body: bytes) -> tuple[int, float]:
    """POST /boards/import with ``body`` as the file: its status and the time to it."""
    form = (f"--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; "
            f"filename=\"{name}.yaml\"\r\nContent-Type: application/yaml\r\n\r\n").encode()
    form += body + f"\r\n--{BOUNDARY}--\r\n".encode()
    headers = {"Content-Type": f"multipart/form-data; boundary={BOUNDARY}",
               "X-CSRFToken": http.cookies.get("csrftoken", ""),
               "Origin": f"http://{HOST}:{port}"}
    http.cookies.pop("sessionid", None)  # each upload a new browser: the boards pile up less
    start = time.perf_counter()
    status, _, _, done = await http.request("POST", "/boards/import", headers=headers,
                                            body=form)
    return status, done - start


async def post_form(http: Http, port: int, form: dict[str, str]) -> tuple[int, float]:
    """POST /cards/new with the card editor's ``form``: its status and the time to it."""
    headers = {"X-CSRFToken": http.cookies.get("csrftoken", ""),
               "Origin": f"http://{HOST}:{port}"}
    start = time.perf_counter()
    status, _, _, done = await http.request("POST", "/cards/new", form=form, headers=headers)
    return status, done - start


async def rules_time(port: int) -> float:
    http = Http(port)
    start = time.perf_counter()
    status, _, payload, done = await http.request("GET", "/rules/")
    if status != 200 or b"</html>" not in payload:
        raise BenchError(f"GET /rules/ answered {status}")
    return done - start


# -- the processes' computing time --------------------------------------------------------

def _pids(port: int) -> tuple[int | None, int | None]:
    """The web worker listening on ``port`` and its uploaded files' process, if started."""
    web = files = None
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"uvicorn" in b" ".join(argv) and str(port).encode() in argv:
            web = int(entry.name)
    if web is not None:
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
                argv = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == web and b"simulator.uploads" in argv:
                files = int(entry.name)
    return web, files


def _cpu(pid: int | None) -> float:
    if pid is None:
        return 0.0
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


# -- the measures -------------------------------------------------------------------------

async def _alone(port: int, cases: dict[str, bytes], lines: list[str]) -> None:
    http = await _client(port)
    await upload(http, port, "warm", cases["longest history"])  # its process started
    for name, body in cases.items():
        web, files = _pids(port)
        before = _cpu(web), _cpu(files)
        status, took = await upload(http, port, name, body)
        await asyncio.sleep(0.05)
        web, files = _pids(port)
        lines.append(f"  {name} ({len(body):,} bytes): {status} in {took * 1000:.0f} ms; "
                     f"computing: web worker {_cpu(web) - before[0]:.2f} s, files' process "
                     f"{_cpu(files) - before[1]:.2f} s")
    web, _files = _pids(port)
    before_web = _cpu(web)
    status, took = await post_form(http, port, editor_form())
    await asyncio.sleep(0.05)
    lines.append(f"  card editor form (12 effects, 8,000 characters of YAML): {status} in "
                 f"{took * 1000:.0f} ms; computing: web worker {_cpu(web) - before_web:.2f} s")


async def _rules_alone(port: int, n: int) -> list[float]:
    return [await rules_time(port) for _ in range(n)]


async def _measure(ports: list[int], lines: list[str]) -> None:
    port = ports[0]
    cases = worst_cases()
    lines.append("Each worst case alone:")
    await _alone(port, cases, lines)
    for _ in range(5):  # warm
        await rules_time(port)
    normal = await _rules_alone(port, ALONE)
    every = [n for n in cases if n != "40 MB"]  # its 40 MB only move bytes: alone above
    cheap = [n for n in every if "accepted" not in n and n != "longest history"]
    phases = [(every, "worst cases", True, ""),
              (cheap, "only files refused by the cheap checks", False,
               "far past the rate limits: 10 clients sending as fast as they are answered"),
              ([], "worst-case card editor forms", False,
               "10 clients sending as fast as they are answered")]
    measured = []
    for names, what, goal, why in phases:
        measured.append((await _under(port, cases, names, what), what, goal, why))
        await asyncio.sleep(1.0)
        normal += await _rules_alone(port, ALONE // 2)  # the machine's load moves meanwhile
    alone = statistics.median(normal)
    lines.append(f"GET /rules/ alone: median {alone * 1000:.1f} ms, p95 {_p95(normal) * 1000:.1f}"
                 f" ms ({len(normal)} requests, before and between the phases)")
    for (under, figures), _what, goal, why in measured:
        lines.extend(figures)
        ratio = under / alone
        lines.append(f"  ratio {ratio:.2f}" + (f" (goal < {GOAL:g}): " + (
            "met" if ratio < GOAL else "NOT MET") if goal else f" (printed, no goal: {why})"))
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    lines.append(f"(load average {load} at the end)")


async def _under(port: int, cases: dict[str, bytes], names: list[str],
                 what: str) -> tuple[float, list[str]]:
    """GET /rules/ timed while CLIENTS clients upload ``names`` in turn, back to back (none:
    post the worst-case card editor form): its median, and the lines that say so."""
    loaded: list[float] = []
    answers: dict[int, int] = {}
    stop = time.monotonic() + SECONDS
    form = editor_form()

    async def uploader(k: int) -> None:
        http = await _client(port)
        i = k
        while time.monotonic() < stop:
            if names:
                name = names[i % len(names)]
                status, _ = await upload(http, port, name, cases[name])
            else:
                status, _ = await post_form(http, port, form)
            answers[status] = answers.get(status, 0) + 1
            i += 1

    async def reader() -> None:
        await asyncio.sleep(1.0)  # the uploads under way
        while time.monotonic() < stop:
            loaded.append(await rules_time(port))

    web, files = _pids(port)
    before = _cpu(web), _cpu(files)
    await asyncio.gather(reader(), *(uploader(k) for k in range(CLIENTS)))
    await asyncio.sleep(0.5)
    web, files_after = _pids(port)
    spent = _cpu(web) - before[0], _cpu(files_after) - (before[1] if files_after == files else 0)
    under = statistics.median(loaded)
    lines = [f"GET /rules/ under {CLIENTS} clients {'uploading' if names else 'posting'} "
             f"{what} back to back for {SECONDS:.0f} s: median {under * 1000:.1f} ms, p95 "
             f"{_p95(loaded) * 1000:.1f} ms ({len(loaded)} requests); answered: "
             + ", ".join(f"{n} x {s}" for s, n in sorted(answers.items()))
             + f"; computing: web worker {spent[0]:.1f} s, files' process {spent[1]:.1f} s"]
    if files_after != files:
        lines.append(f"  (the files' process was made anew: {files} -> {files_after})")
    return under, lines


def run() -> list[str]:
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    lines = [f"## Uploads: worst-case files against GET /rules/ on uvicorn (127.0.0.1, one "
             f"worker; load average {load} on {os.cpu_count()} cores)"]
    fast = {"DJANGO_RATE_LIMIT_FACTOR": "1000"}
    on_server("simulator.asgi:application", _measure, lines, 3 * SECONDS + 300, "uploads bench",
              fast)
    return lines


if __name__ == "__main__":
    for printed in run():
        print(printed, flush=True)
