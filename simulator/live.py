"""The live path's fan-out: one subscription per worker process and group.

A stock Channels consumer joins a group with its own channel, so every update is copied,
queued, awaited and dispatched once per viewer (on Redis: pushed to Redis and popped back once
per viewer), and Channels closes old database connections in a thread before each handler.
Here a worker process joins each group once, with one channel of its own, and hands every
update for the group straight to its sockets there: one message per process whatever the
number of viewers, no thread, no copy. Each socket still gets its updates in order (a
socket whose client is slow to read gets its next update after the previous one, without
holding up the other sockets).

What a socket may cost is bounded. Its updates wait in a queue of at most :data:`QUEUE`; the
next update goes out once the server's write buffer for that socket (what it holds unsent:
asyncio's transport under uvicorn, Twisted's under Daphne) is under :data:`WRITE_BUFFER`.
An update is a difference from the one before it, so none may be skipped: a socket whose
queue is full while one of its updates is going out, or whose update has not gone out within
:data:`STALL` seconds, is *behind*.
It leaves its groups at once, its queue is dropped, and it is closed with code
:data:`BEHIND` (4408) and a reason; the page reconnects and gets the current state, as
any (re)connecting socket does. A client that does not read even the close is cut off
:data:`GRACE` seconds later (what the server still holds for it is dropped). The kernel's
send buffer of a websocket is kept to :data:`SEND_BUFFER` (left alone, Linux lets it grow to
megabytes a client never reads before the server sees anything), and once sockets that fell
behind are gone their memory is given back to the system (:func:`_give_back`).

The messages are the layer's ordinary ``group_send``s of type ``board.update``, with
``group`` naming the group; a process that runs no socket of a group is not in it. The
process that sends an update (:meth:`Hub.send`) hands it to its own sockets at once, without
the round trip through the layer, and names its channel in the message (``origin``) so that
its own subscription passes over it.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import functools
import gc
import logging
import socket as _socket
import time
import weakref
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

logger = logging.getLogger(__name__)

#: updates that may wait for one socket, besides the one going out; one more and it is behind
QUEUE = 8
#: seconds one update may take to go out (the server's write buffer for the socket drained
#: under WRITE_BUFFER, then its send) before the socket is behind
STALL = 10.0
#: bytes the server may hold unsent for one socket before its next update waits
WRITE_BUFFER = 128 * 1024
#: seconds after the close of a socket that is behind before what is still unsent is dropped
#: and the connection cut off
GRACE = 5.0
#: giving memory back (see Hub._give_back_later): seconds with no socket going before, at
#: least between two times, at most after the first socket went
RELEASE_AFTER = 2.0
RELEASE_EVERY = 10.0
RELEASE_WAIT = 30.0
#: the close code of a socket that is behind (the page reconnects for the current state)
BEHIND = 4408
BEHIND_REASON = "Behind the live updates: reconnect for the current state"
#: the kernel's send buffer for a websocket (bytes; Linux keeps twice as much): left to grow
#: on its own, it takes megabytes a client does not read before the server sees it behind
SEND_BUFFER = 128 * 1024
#: where a websocket's scope holds its :class:`Transport` (see :class:`WithTransport`)
SCOPE_KEY = "simulator.transport"


class Socket(Protocol):
    """What the hub needs of a consumer."""

    async def send(self, text_data: str | None = None, bytes_data: bytes | None = None,
                   close: bool = False) -> None: ...

    async def close(self, code: int | None = None, reason: str | None = None) -> None: ...


class Transport:
    """What the ASGI server holds unsent for one connection, and cutting it off."""

    def __init__(self, buffered: Callable[[], int], abort: Callable[[], None]) -> None:
        self.buffered = buffered
        self.abort = abort


def transport_of(send: Any) -> Transport | None:
    """The :class:`Transport` behind an ASGI server's ``send`` for one websocket: uvicorn's
    (a method of its protocol, which holds an asyncio transport) or Daphne's (its server's
    ``handle_reply`` with the protocol, which holds a Twisted transport); None for any other
    server (then only the queue and :data:`STALL` bound the socket)."""
    owner = getattr(send, "__self__", None)
    transport = getattr(owner, "transport", None)
    if transport is not None and hasattr(transport, "get_write_buffer_size"):
        _cap_send_buffer(getattr(transport, "get_extra_info", lambda name: None)("socket"))
        return Transport(transport.get_write_buffer_size, transport.abort)
    if isinstance(send, functools.partial) and send.args:
        transport = getattr(send.args[0], "transport", None)
        if transport is not None and hasattr(transport, "abortConnection") and hasattr(
                transport, "_tempDataLen"):
            _cap_send_buffer(getattr(transport, "getHandle", lambda: None)())
            return Transport(functools.partial(_twisted_buffered, transport),
                             transport.abortConnection)
    return None


def _cap_send_buffer(sock: Any) -> None:
    """Keep the kernel's send buffer of a websocket's connection to SEND_BUFFER."""
    with contextlib.suppress(AttributeError, OSError, TypeError, ValueError):
        sock.setsockopt(_socket.SOL_SOCKET, _socket.SO_SNDBUF, SEND_BUFFER)


def _twisted_buffered(transport: Any) -> int:
    """What a Twisted transport still has to write (its buffer past what it wrote, and what
    was written to it since)."""
    return (len(getattr(transport, "dataBuffer", b"")) - getattr(transport, "offset", 0)
            + getattr(transport, "_tempDataLen", 0))


class WithTransport:
    """ASGI middleware, outermost: a websocket's scope names its :class:`Transport` (under
    :data:`SCOPE_KEY`; None on a server whose transport is not known), unless the scope
    names one already (a test's)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> Any:
        if scope.get("type") == "websocket" and SCOPE_KEY not in scope:
            scope = {**scope, SCOPE_KEY: transport_of(send)}
        return await self.app(scope, receive, send)


class _Outbox:
    """One socket's updates on their way, and the groups it is in."""

    __slots__ = ("socket", "transport", "groups", "queue", "task", "since", "timer", "behind")

    def __init__(self, socket: Socket, transport: Transport | None) -> None:
        self.socket = socket
        self.transport = transport
        self.groups: set[str] = set()
        self.queue: deque[str] = deque()
        self.task: asyncio.Task | None = None  # sending, while there is something to send
        self.since: float | None = None  # when the update going out started to
        self.timer: asyncio.TimerHandle | None = None
        self.behind = False


class Hub:
    """The groups this process's sockets watch, on one event loop and one channel layer."""

    def __init__(self, layer: Any) -> None:
        self.layer = layer
        self.members: dict[str, set[Socket]] = {}
        self.outboxes: dict[Socket, _Outbox] = {}
        self.channel = ""
        self.listener: asyncio.Task | None = None
        self.lock = asyncio.Lock()
        self.closing: set[asyncio.Task] = set()  # kept until done (the loop holds tasks weakly)
        self.release: asyncio.TimerHandle | None = None
        self.released = float("-inf")  # when memory was last given back
        self.went = self.first_went = 0.0  # when the last (the first) socket went since

    async def join(self, group: str, socket: Socket, transport: Transport | None = None
                   ) -> None:
        """``socket`` gets every update sent to ``group`` from now on (``transport``: what
        its server holds unsent for it, when known)."""
        async with self.lock:
            if self.listener is None:
                # the layer's usual name for a process's channel: channels-redis reads all of
                # a process's channels in one loop, which needs their common prefix
                self.channel = await self.layer.new_channel()
                self.listener = asyncio.get_running_loop().create_task(self._listen())
            box = self.outboxes.get(socket)
            if box is None:
                box = self.outboxes[socket] = _Outbox(socket, transport)
            if box.behind:
                return
            box.groups.add(group)
            first = group not in self.members
            self.members.setdefault(group, set()).add(socket)
            if first:
                await self.layer.group_add(group, self.channel)

    async def leave(self, group: str, socket: Socket) -> None:
        async with self.lock:
            members = self.members.get(group)
            if members is not None and socket in members:
                members.discard(socket)
                if not members:
                    del self.members[group]
                    await self.layer.group_discard(group, self.channel)
            box = self.outboxes.get(socket)
            if box is not None:
                box.groups.discard(group)
                if not box.groups or box.behind:
                    self._forget(box)

    def _forget(self, box: _Outbox) -> None:
        """The socket is gone: nothing more is sent to it."""
        if box.behind:
            self._give_back_later()
        self.outboxes.pop(box.socket, None)
        box.queue.clear()
        if box.timer is not None:
            box.timer.cancel()
            box.timer = None
        if box.task is not None and box.task is not asyncio.current_task():
            box.task.cancel()

    async def _listen(self) -> None:
        while True:
            try:
                message = await self.layer.receive(self.channel)
            except asyncio.CancelledError:
                raise
            except Exception:  # the layer's server went away: try again shortly
                logger.exception("the live updates' channel failed; listening again")
                await asyncio.sleep(1)
                continue
            if message.get("type") == "board.update" and message.get("origin") != self.channel:
                self.deliver(message.get("group", ""), message["html"])

    async def send(self, group: str, message: dict[str, Any]) -> None:
        """Send a ``board.update`` to every socket of ``group``: this process's at once, the
        other processes' through the layer."""
        self.deliver(group, message["html"])
        await self.forward(group, message)

    async def forward(self, group: str, message: dict[str, Any]) -> None:
        """Send a ``board.update`` to the other processes' sockets of ``group`` (this
        process's own subscription passes over it: :meth:`deliver` served them)."""
        await self.layer.group_send(group, {**message, "origin": self.channel or None})

    def deliver(self, group: str, html: str) -> None:
        """Queue ``html`` for every socket of ``group`` in this process, each after the
        updates it is still sending; a socket whose queue is full while one of its updates
        is going out is behind."""
        loop = None
        for socket in list(self.members.get(group, ())):
            box = self.outboxes.get(socket)
            if box is None or box.behind:
                continue
            if len(box.queue) >= QUEUE and box.since is not None:
                # full while an update is still going out (one not started yet only waits
                # for the loop's next turn: a burst of updates is not a slow reader)
                self._fall_behind(box)
                continue
            box.queue.append(html)
            if box.task is None:
                loop = loop or asyncio.get_running_loop()
                box.task = loop.create_task(self._drain(box))

    async def _drain(self, box: _Outbox) -> None:
        """Send the socket's queued updates one after the other."""
        loop = asyncio.get_running_loop()
        try:
            while box.queue and not box.behind:
                html = box.queue.popleft()
                box.since = loop.time()
                if box.timer is None:
                    box.timer = loop.call_at(box.since + STALL, self._check, box)
                if box.transport is not None:
                    await _drained(box.transport)
                try:
                    await box.socket.send(text_data=html)
                except Exception:  # the socket closed meanwhile: its disconnect leaves
                    logger.debug("a live update found its socket closed", exc_info=True)
                box.since = None
        finally:
            box.since = None
            if box.task is asyncio.current_task():
                box.task = None

    def _check(self, box: _Outbox) -> None:
        """The stall timer: a socket whose update has been going out for STALL seconds is
        behind; one still sending is checked again when its update's time is up."""
        box.timer = None
        if box.behind or box.since is None:
            return
        loop = asyncio.get_running_loop()
        if loop.time() - box.since >= STALL:
            self._fall_behind(box)
        else:
            box.timer = loop.call_at(box.since + STALL, self._check, box)

    def _fall_behind(self, box: _Outbox) -> None:
        """The socket is behind: out of its groups, its queue dropped, closed (4408)."""
        box.behind = True
        logger.info("a live socket fell behind its updates; closing it (%s)", BEHIND)
        box.queue.clear()
        if box.timer is not None:
            box.timer.cancel()
            box.timer = None
        if box.task is not None and box.task is not asyncio.current_task():
            box.task.cancel()  # its update waits for the transport: nothing was written
        loop = asyncio.get_running_loop()
        for group in box.groups:
            members = self.members.get(group)
            if members is not None:
                members.discard(box.socket)
                if not members:
                    del self.members[group]
                    self._later(loop, self._discard_if_empty(group))
        self._later(loop, self._close(box))

    def _give_back_later(self) -> None:
        """Sockets that fell behind are gone: give their memory back to the system
        (:func:`_give_back`, in a thread) once none has gone for RELEASE_AFTER seconds (the
        server lets go of a connection's objects a little after it closes), at most
        RELEASE_WAIT seconds after the first went, and no more often than every
        RELEASE_EVERY seconds."""
        loop = asyncio.get_running_loop()
        now = loop.time()
        self.went = now
        if self.release is None:
            self.first_went = now
            self.release = loop.call_at(max(now + RELEASE_AFTER,
                                            self.released + RELEASE_EVERY), self._release)

    def _release(self) -> None:
        loop = asyncio.get_running_loop()
        now = loop.time()
        quiet = self.went + RELEASE_AFTER
        if now < quiet and now < self.first_went + RELEASE_WAIT:
            self.release = loop.call_at(min(quiet, self.first_went + RELEASE_WAIT),
                                        self._release)
            return
        self.release = None
        self.released = now
        loop.run_in_executor(None, _give_back)

    def _later(self, loop: asyncio.AbstractEventLoop, work: Any) -> None:
        task = loop.create_task(work)
        self.closing.add(task)
        task.add_done_callback(self.closing.discard)

    async def _discard_if_empty(self, group: str) -> None:
        async with self.lock:
            if group not in self.members:
                await self.layer.group_discard(group, self.channel)

    async def _close(self, box: _Outbox) -> None:
        """Close a socket that is behind; cut it off if it does not read even that."""
        loop = asyncio.get_running_loop()
        cut_at = loop.time() + GRACE
        with contextlib.suppress(Exception):  # TimeoutError: its server waits for it to read
            await asyncio.wait_for(box.socket.close(code=BEHIND, reason=BEHIND_REASON), GRACE)
        transport, box.transport = box.transport, None  # what it holds goes with it
        if transport is not None:
            await asyncio.sleep(max(0.0, cut_at - loop.time()))
            with contextlib.suppress(Exception):
                if transport.buffered() > 0:
                    transport.abort()
        del transport
        self._give_back_later()


def _give_back() -> None:
    """Collect what the sockets that went left in reference cycles (the site collects the
    oldest objects seldom, see asgi.py), then have the C allocator return its free pages to
    the system (glibc keeps them otherwise: the worker's memory would stay at its highest)."""
    started = time.perf_counter()
    gc.collect()
    trim = getattr(_libc(), "malloc_trim", None)
    if trim is not None:
        trim(0)
    logger.info("memory of the sockets that fell behind given back in %.0f ms",
                (time.perf_counter() - started) * 1e3)


@functools.cache
def _libc() -> Any:
    with contextlib.suppress(OSError):
        return ctypes.CDLL(None)
    return None


async def _drained(transport: Transport) -> None:
    """Wait until the server holds less than WRITE_BUFFER bytes unsent for the socket."""
    delay = 0.01
    while True:
        try:
            if transport.buffered() <= WRITE_BUFFER:
                return
        except Exception:  # the connection is gone: its send says so
            return
        await asyncio.sleep(delay)
        delay = min(delay * 2, 0.25)


_HUBS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] = (
    weakref.WeakKeyDictionary())


def hub(layer: Any) -> Hub:
    """This event loop's hub (a worker process runs one loop; tests may run several)."""
    loop = asyncio.get_running_loop()
    found = _HUBS.get(loop)
    if found is None or found.layer is not layer:
        found = _HUBS[loop] = Hub(layer)
    return found
