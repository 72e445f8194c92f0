"""Uploaded scenario files, read where they cannot stall the site.

Every request of a worker runs in one of a few threads of one Python interpreter, which runs
one thread at a time: a request parsing and replaying a large file for seconds slows every
other page of that worker as much (four such uploads once stalled ``GET /rules/`` for 16 s).
So an uploaded file is bounded three times, cheapest first:

1. its text, in the request, before it is parsed (:func:`engine.limits.check_yaml_text`: its
   bytes, lines, steps, nesting, lines and commas; a few milliseconds for the largest file
   allowed), refused with a 400 naming the limit;
2. then parsed, checked and replayed in a separate process (``UPLOAD_PROCESSES``, 1 by
   default: a core of its own, while the worker's threads go on serving pages; the request's
   thread only waits, which holds nothing back), within a computing budget
   (:data:`engine.limits.MAX_CPU`) that the parser and the replay check as they go, and a
   timer in that process stops any other work past it, refused naming ``MAX_CPU``;
3. at most ``UPLOAD_QUEUE`` uploads wait for that process (16 by default): past that the
   answer is a 503 to try again in a moment, so a burst of uploads never queues for long.
   They wait in threads of their own (:data:`PATHS`, simulator.handler), never in the few
   threads every other page is served from.

``UPLOAD_PROCESSES = 0`` reads a file in the request's thread instead, within the same budget;
``UPLOAD_CPU`` is the budget in seconds (settings, or the environment's ``DJANGO_UPLOAD_*``).

Only the engine runs in that process (no database, no Django): it gets the text and answers
either the board's plain data or the reason of the refusal, already worded in the reader's
language. This module imports nothing of the site at its top, so that process can import it.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import logging
import os
import select
import signal
import subprocess
import sys
import threading
import traceback
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from engine.limits import MAX_CPU, MAX_FILE_BYTES, OverBudget, cpu_budget, over_budget

log = logging.getLogger(__name__)

#: what Python itself raises on malformed input deep in the engine: refused, never a 500
#: (as simulator.views.common.MALFORMED)
MALFORMED = (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError,
             RecursionError)
#: how long past its budget a file's process may go before it is stopped from outside
GRACE = 5.0
#: what a file's process does before it is made anew (memory a long run of files left)
FILES_PER_PROCESS = 200
#: how long a new file's process may take to load the engine
START_TIMEOUT = 60.0
ROOT = Path(__file__).resolve().parent.parent


class Refused(Exception):
    """The file is refused; ``message`` says why, in the reader's language ("" when a field
    is missing or has the wrong form, deep in the engine)."""

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)


class Busy(Exception):
    """More uploads are waiting than ``UPLOAD_QUEUE``: try again in a moment."""


def _setting(name: str, default: float) -> float:
    """The setting ``name``, else the environment's ``DJANGO_<name>``, else ``default``."""
    from django.conf import settings

    value = getattr(settings, name, None)
    if value is None:
        value = os.environ.get(f"DJANGO_{name}", "") or default
    return max(0, type(default)(value))


# ---------------------------------------------------------------- in the file's process
def _on_timer(_signum: int, _frame: Any) -> None:
    raise OverBudget


def serve() -> None:
    """A file's process (``python -m simulator.uploads``): the engine loaded, it answers one
    line of JSON on its standard output for each line of JSON on its input (``text``,
    ``name``, ``lang``, ``budget``), until its input ends."""
    signal.signal(signal.SIGVTALRM, _on_timer)
    from engine import default_library
    from engine.games import names

    for game in names():
        default_library(game)
    out = sys.stdout
    sys.stdout = sys.stderr  # whatever else is printed is not an answer
    out.write('"ready"\n')
    out.flush()
    for line in sys.stdin:
        job = json.loads(line)
        answer = read(job["text"], job["name"], job["lang"], job["budget"])
        out.write(json.dumps(answer, ensure_ascii=False) + "\n")
        out.flush()


def read(text: str, name: str, lang: str, budget: float = MAX_CPU,
         timer: bool = True) -> tuple[str, Any]:
    """Parse, check and replay a scenario file within ``budget`` seconds of computing:
    ``("ok", fields of its board)``, or ``("refused", why)`` worded in ``lang``. ``timer``:
    a timer of this process's computing time stops any work past the budget + GRACE (only in
    a process's main thread)."""
    from engine import (
        DataError,
        EngineError,
        IllegalAction,
        load_yaml_with_lines,
        parse_scenario,
        refusal_text,
        run_scenario,
    )
    from engine.i18n import Translator
    from engine.words import worded

    tr = Translator(lang)
    if timer:
        signal.setitimer(signal.ITIMER_VIRTUAL, budget + GRACE)
    try:
        with cpu_budget(budget):
            scn = parse_scenario(load_yaml_with_lines(text, name), name)
            run_scenario(scn)  # every step must play: nothing is half-created
            return "ok", {
                "game": scn.game, "settings": scn.settings, "setup": scn.setup,
                "raw_cards": scn.raw_cards, "title": scn.title, "slug": scn.slug,
                "steps": scn.steps, "auto": scn.auto, "question": scn.question,
                "explanation": scn.explanation}
    except OverBudget:
        with cpu_budget(budget):
            return "refused", worded(refusal_text(over_budget()), tr)
    except DataError as exc:  # where and what, in the reader's language
        return "refused", exc.worded(tr)
    except IllegalAction as exc:  # a limit met outside a file's own checks (MAX_CPU)
        return "refused", worded(refusal_text(exc), tr)
    except EngineError as exc:
        return "refused", str(exc)
    except MALFORMED:
        return "malformed", ""
    except Exception:  # a fault of the engine: the site logs it and answers 500
        return "fault", traceback.format_exc()
    finally:
        if timer:
            signal.setitimer(signal.ITIMER_VIRTUAL, 0)


# ---------------------------------------------------------------- in the site
#: the requests that upload a file: served in threads of their own (simulator.handler)
PATHS = ("/boards/import",)


#: the card editor's requests: parsing its YAML fields and checking its card are bounded
#: (MAX_FORM_YAML, MAX_FORM_CPU) but done in the site's own interpreter, so a couple of threads
#: of their own serve them (EDITOR_THREADS)
EDITOR_PATHS = ("/cards/new", "/cards/reading", "/cards/preview", "/cards/classify")


def threads() -> int:
    """The threads uploads are served in: one reading in each file's process, the others
    waiting their turn (UPLOAD_QUEUE), one more answering 503 to the next."""
    return max(1, _setting("UPLOAD_PROCESSES", 1)) + _setting("UPLOAD_QUEUE", 16) + 1


def pools() -> dict[str, tuple[tuple[str, ...], int]]:
    """Request paths served in threads of their own, by name: (paths, threads); read when
    the site's handler is made (simulator.handler)."""
    return {"upload": (PATHS, threads()),
            "editor": (EDITOR_PATHS, max(1, _setting("EDITOR_THREADS", 1)))}


class _Worker:
    """One file's process, started with the engine loaded; its pipes are used by one request
    at a time."""

    def __init__(self) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "simulator.uploads"], cwd=ROOT, env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8",
            start_new_session=True)
        self.files = 0
        if self._answer(START_TIMEOUT) != "ready":
            self.stop()
            raise RuntimeError("the uploaded files' process did not start")

    def _answer(self, timeout: float) -> Any:
        assert self.proc.stdout is not None
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        line = self.proc.stdout.readline() if ready else ""
        if not line:
            raise TimeoutError
        return json.loads(line)

    def read(self, text: str, name: str, lang: str, budget: float) -> tuple[str, Any]:
        assert self.proc.stdin is not None
        self.files += 1
        self.proc.stdin.write(json.dumps({"text": text, "name": name, "lang": lang,
                                          "budget": budget}) + "\n")
        self.proc.stdin.flush()
        kind, value = self._answer(budget + 2 * GRACE)
        return kind, value

    @property
    def alive(self) -> bool:
        return self.proc.poll() is None and self.files < FILES_PER_PROCESS

    def stop(self) -> None:
        with contextlib.suppress(OSError):
            if self.proc.stdin is not None:
                self.proc.stdin.close()
        try:
            self.proc.wait(2)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)


_lock = threading.Lock()
_scanning = threading.Lock()  # the cheap checks of one file's text at a time
_idle: list[_Worker] = []
_turns: threading.Semaphore | None = None
_waiting = 0


def _turn() -> threading.Semaphore:
    global _turns
    with _lock:
        if _turns is None:
            _turns = threading.Semaphore(max(1, _setting("UPLOAD_PROCESSES", 1)))
        return _turns


@atexit.register
def _stop() -> None:
    """The site stopping: its files' processes too."""
    with _lock:
        workers, _idle[:] = list(_idle), []
    for worker in workers:
        worker.stop()


def read_scenario(text: str, name: str) -> SimpleNamespace:
    """A scenario file's board, read within the limits (see the module's doc); its fields are
    those :func:`simulator.script.board_from_scenario` takes. Raises :class:`Refused` (with
    the reason in the reader's language), :class:`Busy`, or LimitError from the cheap checks
    of its text."""
    from engine.limits import MAX_ACTIONS, check_yaml_text

    from .language import engine_language

    with _scanning:  # one at a time: many at once would share the interpreter with pages
        check_yaml_text(text, "the file", max_bytes=MAX_FILE_BYTES, max_steps=MAX_ACTIONS)
    lang = engine_language()
    budget = _setting("UPLOAD_CPU", MAX_CPU)
    if _setting("UPLOAD_PROCESSES", 1) == 0:
        outcome = read(text, name, lang, budget, timer=False)
    else:
        outcome = _in_process(text, name, lang, budget)
    kind, value = outcome
    if kind == "ok":
        return SimpleNamespace(**value)
    if kind == "refused":
        raise Refused(value)
    if kind == "malformed":
        raise Refused("")
    raise RuntimeError(f"reading an uploaded file failed:\n{value}")


def _in_process(text: str, name: str, lang: str, budget: float) -> tuple[str, Any]:
    """``read`` in a file's process, once one is free (each file before it within its
    budget); :class:`Busy` when UPLOAD_QUEUE files wait already."""
    global _waiting
    processes = max(1, _setting("UPLOAD_PROCESSES", 1))
    with _lock:
        if _waiting >= processes + _setting("UPLOAD_QUEUE", 16):
            raise Busy
        _waiting += 1
        ahead = _waiting
    turn = _turn()
    try:
        if not turn.acquire(timeout=(budget + 2 * GRACE) * (ahead / processes + 1)):
            raise Busy
        try:
            with _lock:
                worker = _idle.pop() if _idle else None
            if worker is None:
                worker = _Worker()
            try:
                outcome = worker.read(text, name, lang, budget)
            except (TimeoutError, OSError, ValueError):
                log.warning("an uploaded file's process overran its budget or stopped: "
                            "stopped, and made anew")
                worker.proc.kill()
                worker.stop()
                return "refused", _over_budget(lang, budget)
            if worker.alive:
                with _lock:
                    _idle.append(worker)
            else:
                worker.stop()
            return outcome
        finally:
            turn.release()
    finally:
        with _lock:
            _waiting -= 1


def _over_budget(lang: str, budget: float) -> str:
    from engine import refusal_text
    from engine.i18n import Translator
    from engine.words import worded

    with cpu_budget(budget):
        return worded(refusal_text(over_budget()), Translator(lang))


if __name__ == "__main__":
    serve()
