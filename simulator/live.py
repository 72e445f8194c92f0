"""The live path's fan-out: one subscription per worker process and group.

A stock Channels consumer joins a group with its own channel, so every update is copied,
queued, awaited and dispatched once per viewer (on Redis: pushed to Redis and popped back once
per viewer), and Channels closes old database connections in a thread before each handler.
Here a worker process joins each group once, with one channel of its own, and hands every
update for the group straight to its sockets there: one message per process whatever the
number of viewers, no thread, no copy. Each socket still gets its updates in order (a
socket whose client is slow to read gets its next update after the previous one, without
holding up the other sockets).

The messages are the layer's ordinary ``group_send``s of type ``board.update``, with
``group`` naming the group; a process that runs no socket of a group is not in it. The
process that sends an update (:meth:`Hub.send`) hands it to its own sockets at once, without
the round trip through the layer, and names its channel in the message (``origin``) so that
its own subscription passes over it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from typing import Any, Protocol

logger = logging.getLogger(__name__)


class Socket(Protocol):
    """What the hub needs of a consumer."""

    async def send(self, text_data: str | None = None, bytes_data: bytes | None = None,
                   close: bool = False) -> None: ...


class Hub:
    """The groups this process's sockets watch, on one event loop and one channel layer."""

    def __init__(self, layer: Any) -> None:
        self.layer = layer
        self.members: dict[str, set[Socket]] = {}
        self.sending: weakref.WeakKeyDictionary[Socket, asyncio.Task] = (
            weakref.WeakKeyDictionary())
        self.channel = ""
        self.listener: asyncio.Task | None = None
        self.lock = asyncio.Lock()

    async def join(self, group: str, socket: Socket) -> None:
        """``socket`` gets every update sent to ``group`` from now on."""
        async with self.lock:
            if self.listener is None:
                # the layer's usual name for a process's channel: channels-redis reads all of
                # a process's channels in one loop, which needs their common prefix
                self.channel = await self.layer.new_channel()
                self.listener = asyncio.get_running_loop().create_task(self._listen())
            first = group not in self.members
            self.members.setdefault(group, set()).add(socket)
            if first:
                await self.layer.group_add(group, self.channel)

    async def leave(self, group: str, socket: Socket) -> None:
        async with self.lock:
            members = self.members.get(group)
            if members is None or socket not in members:
                return
            members.discard(socket)
            if not members:
                del self.members[group]
                await self.layer.group_discard(group, self.channel)

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
        """Send ``html`` to every socket of ``group`` in this process, each after the update
        it is still sending, if any."""
        loop = asyncio.get_running_loop()
        for socket in list(self.members.get(group, ())):
            before = self.sending.get(socket)
            if before is not None and before.done():
                before = None
            self.sending[socket] = loop.create_task(_send(socket, html, before))


async def _send(socket: Socket, html: str, before: asyncio.Task | None) -> None:
    if before is not None:
        with contextlib.suppress(Exception):
            await before
    try:
        await socket.send(text_data=html)
    except Exception:  # the socket closed meanwhile: its disconnect leaves the group
        logger.debug("a live update found its socket closed", exc_info=True)


_HUBS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] = (
    weakref.WeakKeyDictionary())


def hub(layer: Any) -> Hub:
    """This event loop's hub (a worker process runs one loop; tests may run several)."""
    loop = asyncio.get_running_loop()
    found = _HUBS.get(loop)
    if found is None or found.layer is not layer:
        found = _HUBS[loop] = Hub(layer)
    return found
