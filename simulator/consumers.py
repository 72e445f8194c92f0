"""The live board: one Channels group per board and kind of viewer; every watcher of a kind
gets the same partials, rendered once per update."""

from __future__ import annotations

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from . import access, boards
from .models import Board
from .rendering import render_partials


class WatcherConsumer(AsyncWebsocketConsumer):
    """Joins a group on connect, sends the current HTML, then forwards every update.

    Frames from the browser are not needed (actions go through HTTP POST) and are ignored,
    whatever they contain. A subclass says which group and what HTML (``current``).
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
        # An update only forwards text that is already rendered: it touches no database, so
        # it skips the closing of old database connections that Channels does (in a thread)
        # before every handler, once per watcher per update.
        if message["type"] == "board.update":
            await self.send(text_data=message["html"])
            return
        await super().dispatch(message)

    async def board_update(self, event: dict) -> None:
        await self.send(text_data=event["html"])

    @database_sync_to_async
    def _current(self) -> tuple[str, str] | None:
        board = Board.objects.filter(slug=self.slug).first()
        return None if board is None else self.current(board)

    def current(self, board: Board) -> tuple[str, str]:
        raise NotImplementedError


class BoardConsumer(WatcherConsumer):
    """The live board. The viewer's kind (open view, public view, or a seat) comes from the
    session's grant for this board, checked against the board's current keys, so a seat never
    receives the other seat's hidden cards."""

    def current(self, board: Board) -> tuple[str, str]:
        view = access.view_of(access.role(self.scope.get("session"), board), board)
        return board.group(view), render_partials(board, boards.duel_of(board), oob=True,
                                                  view=view)


class FollowConsumer(WatcherConsumer):
    """Classroom mode: followers receive the presenter's step whenever it changes."""

    def current(self, board: Board) -> tuple[str, str]:
        from .classroom import follow_group, render_presentation

        return follow_group(board), render_presentation(board)
