"""Websocket viewers in a process of their own, for ``bench.web``.

The viewers stand for other people's browsers: they do not share the acting browser's
event loop, so reading a hundred updates never delays the moment the acting browser reads its
own answer. ``python -m bench.viewers SPEC`` (SPEC: JSON with ``urls``, ``n``, ``mark`` and
``initial``) opens the sockets, prints ``{"ready": true}``, then reads commands on stdin, one
JSON object a line: ``{"arm": K}`` answers ``{"armed": K}`` at once, then
``{"done": K, "last": T, "message": M}`` once
every viewer has the message tagged K (T: ``time.perf_counter()`` when the last one had it,
the system's monotonic clock, the same in every process; M: the first viewer's message), or
``{"error": ...}`` after the round's time limit; ``{"close": true}`` closes them and ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
import time

ROUND_TIMEOUT = 15.0


class Viewers:
    """N websocket viewers; each round waits until every one has the message tagged ``key``."""

    def __init__(self, urls: list[str], n: int, mark: str, initial: bool) -> None:
        """``urls``: one per worker; the viewers are spread over them in turn, each with the
        origin of the page it would come from (that worker's)."""
        self.urls, self.n, self.mark, self.initial = urls, n, mark, initial
        self.sockets: list = []
        self.tasks: list[asyncio.Task] = []
        self.expect: int | None = None
        self.times: list[float] = []
        self.first_message = ""
        self.done = asyncio.Event()

    async def open(self) -> None:
        from websockets.asyncio.client import connect

        gate = asyncio.Semaphore(10)

        async def one(i: int) -> None:
            async with gate:
                url = self.urls[i % len(self.urls)]
                origin = "http://" + url.split("/")[2]
                ws = await connect(url, origin=origin,
                                   compression=None, proxy=None, max_size=None,
                                   ping_interval=None, open_timeout=20, close_timeout=2)
                self.sockets.append(ws)
                if self.initial:  # the board's current state, sent on connect
                    first = await asyncio.wait_for(ws.recv(), 20)
                    if self._key(first) is None:
                        raise RuntimeError("a board viewer's first message has no version")

        await asyncio.gather(*(one(i) for i in range(self.n)))
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
                        self.first_message = message
                    if len(self.times) == self.n:
                        self.done.set()

    def arm(self, key: int) -> None:
        self.expect, self.times, self.first_message = key, [], ""
        self.done.clear()

    async def wait(self) -> dict:
        try:
            await asyncio.wait_for(self.done.wait(), ROUND_TIMEOUT)
        except TimeoutError:
            return {"error": f"only {len(self.times)} of {self.n} viewers had message "
                             f"{self.expect} after {ROUND_TIMEOUT:.0f} s"}
        key, self.expect = self.expect, None
        return {"done": key, "last": max(self.times), "message": self.first_message}

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*(ws.close() for ws in self.sockets), return_exceptions=True)
        await asyncio.gather(*self.tasks, return_exceptions=True)


async def main(spec: dict) -> None:
    viewers = Viewers(spec["urls"], spec["n"], spec["mark"], spec["initial"])
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)

    def say(reply: dict) -> None:
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()

    try:
        await viewers.open()
        say({"ready": True})
        waiting: asyncio.Task | None = None
        while line := await reader.readline():
            command = json.loads(line)
            if "arm" in command:
                viewers.arm(command["arm"])
                waiting = asyncio.create_task(viewers.wait())
                waiting.add_done_callback(
                    lambda task: None if task.cancelled() else say(task.result()))
                say({"armed": command["arm"]})
            elif command.get("close"):
                break
        if waiting is not None:
            waiting.cancel()
    except Exception as exc:  # reported to the bench, which stops
        say({"error": f"{type(exc).__name__}: {exc}"})
    finally:
        await viewers.close()


if __name__ == "__main__":
    asyncio.run(main(json.loads(sys.argv[1])))
