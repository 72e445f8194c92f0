"""The live board: one Channels group per board and kind of viewer; every watcher of a kind
gets the same partials, rendered once per update."""

from __future__ import annotations

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from . import access, boards
from .models import Board
from .rendering import render_partials


class BoardConsumer(AsyncWebsocketConsumer):
    """Sends the board's out-of-band partials on connect and after every change.

    The viewer's kind (open view, public view, or a seat) comes from the session's grant for
    this board, checked against the board's current keys, so a seat never receives the other
    seat's hidden cards. Frames from the browser are not needed (actions go through HTTP POST)
    and are ignored, whatever they contain.
    """

    async def connect(self) -> None:
        self.slug = self.scope["url_route"]["kwargs"]["slug"]
        found = await self._current()
        if found is None:
            await self.close(code=4404)
            return
        self.group, html = found
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send(text_data=html)  # a (re)connecting socket gets the current state

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None):
        return None  # garbage or not, nothing a watcher sends changes the board

    async def dispatch(self, message: dict) -> None:
        # A board update only forwards text that is already rendered: it touches no database,
        # so it skips the closing of old database connections that Channels does (in a
        # thread) before every handler, once per watcher per update.
        if message["type"] == "board.update":
            await self.send(text_data=message["html"])
            return
        await super().dispatch(message)

    async def board_update(self, event: dict) -> None:
        await self.send(text_data=event["html"])

    @database_sync_to_async
    def _current(self) -> tuple[str, str] | None:
        board = Board.objects.filter(slug=self.slug).first()
        if board is None:
            return None
        view = access.view_of(access.role(self.scope.get("session"), board), board)
        return board.group(view), render_partials(board, boards.duel_of(board), oob=True,
                                                  view=view)


class FollowConsumer(AsyncWebsocketConsumer):
    """Classroom mode: followers receive the presenter's step whenever it changes."""

    async def connect(self) -> None:
        self.slug = self.scope["url_route"]["kwargs"]["slug"]
        html = await self._current()
        if html is None:
            await self.close(code=4404)
            return
        self.group = f"board.{self.slug}.follow"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send(text_data=html)

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None):
        return None

    async def dispatch(self, message: dict) -> None:
        if message["type"] == "board.update":  # already rendered: no database here
            await self.send(text_data=message["html"])
            return
        await super().dispatch(message)

    @database_sync_to_async
    def _current(self) -> str | None:
        from .classroom import render_presentation

        board = Board.objects.filter(slug=self.slug).first()
        return None if board is None else render_presentation(board)
