"""The live board's sockets: one group per board and kind of viewer (and per language); every
watcher of a kind gets the same partials, rendered once per update.

The route of one change, from the POST to the socket:

1. a view saves the change (``simulator.boards``) and renders each kind of viewer's update
   once per language watched (``rendering.render_views``, ``classroom.presentation_messages``);
2. it answers with ``updates.ThenResponse``, the messages riding on the answer;
3. once the answer is sent, the ASGI handler calls ``updates.after_sent`` (``handler.py``), which
   hands them to ``updates.publish_async``, the one way out for every live message (board
   updates, presentations, tallies, lessons, revocations; ``updates.publish`` from synchronous
   code);
4. ``live.Hub.send`` queues each update for this process's sockets of its group at once and
   forwards it through the channel layer to the other processes, whose hub delivers it to
   theirs (a revocation goes through the layer to each socket's ``board_revoke``);
5. each socket's queue is bounded (``live.QUEUE``): a socket that falls behind is closed and,
   reconnecting, gets the current state from :meth:`WatcherConsumer.connect` below.
"""

from __future__ import annotations

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import translation

from . import access, followers, live, store
from .language import language_group, socket_language, watched
from .models import Board, Lesson
from .rendering import render_partials

SLUG_MAX = 32  # Board.slug's max_length


class NoRouteConsumer(AsyncWebsocketConsumer):
    """A websocket to a path no route serves: refused (closed) before the handshake, with no
    server error."""

    async def connect(self) -> None:
        await self.close(code=4404)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None):
        return None


class WatcherConsumer(AsyncWebsocketConsumer):
    """Joins a group on connect, sends the current HTML, then gets every update of the group
    from this process's hub (simulator.live: one subscription per process, not per socket).

    Frames from the browser are not needed (actions go through HTTP POST) and are ignored,
    whatever they contain. A subclass says which group and what HTML (``current``).
    """

    async def connect(self) -> None:
        self.slug = self.scope["url_route"]["kwargs"]["slug"]
        if len(self.slug) > SLUG_MAX:  # no board has such a slug
            await self.close(code=4404)
            return
        self.lang = socket_language(self.scope)
        group = await self._group()
        if group is None:
            await self.close(code=4404)
            return
        # join first, then render: an update committed meanwhile is either in this render or
        # queued behind it (the page drops an update that is not newer than what it shows)
        self.group = group
        await live.hub(self.channel_layer).join(self.group, self,
                                                self.scope.get(live.SCOPE_KEY))
        # the groups that close this socket when its grant is revoked or the board deleted
        self.revocable = await self._revocation_groups()
        for revocable in self.revocable:
            await self.channel_layer.group_add(revocable, self.channel_name)
        await self.accept()
        html = await self._current()
        if html is None:
            await self.close(code=4404)
            return
        # a (re)connecting socket gets the current state
        await self.send(text_data=await self.opened(html))

    async def opened(self, html: str) -> str:
        """The socket may listen: its first message, ``html`` (the current state) or more."""
        return html

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await live.hub(self.channel_layer).leave(self.group, self)
        for revocable in getattr(self, "revocable", []):
            await self.channel_layer.group_discard(revocable, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None):
        return None  # garbage or not, nothing a watcher sends changes the board

    async def board_revoke(self, event: dict) -> None:
        """The grant this socket was opened under is gone (keys changed, board deleted, seats
        switched): close it; a reconnecting browser gets what its grant allows now."""
        await self.close(code=4403)

    @database_sync_to_async
    def _revocation_groups(self) -> list[str]:
        board = Board.objects.filter(slug=self.slug).first()
        if board is None:
            return []
        return access.socket_groups(self.scope.get("session"), board)

    @database_sync_to_async
    def _group(self) -> str | None:
        board = Board.objects.filter(slug=self.slug).first()
        if board is None:
            return None
        group = self.group_of(board)
        if group is None:  # this visitor may not listen
            return None
        watched(self.slug, self.lang)
        return language_group(group, self.lang)

    @database_sync_to_async
    def _current(self) -> str | None:
        board = Board.objects.filter(slug=self.slug).first()
        if board is None or language_group(self.group_of(board), self.lang) != self.group or (
                access.socket_groups(self.scope.get("session"), board) != self.revocable):
            return None  # deleted, or the grant changed while joining: it may not listen
        with translation.override(self.lang):
            return self.current(board)

    def group_of(self, board: Board) -> str | None:
        raise NotImplementedError

    def current(self, board: Board) -> str:
        raise NotImplementedError


class BoardConsumer(WatcherConsumer):
    """The live board. The viewer's kind (open view, public view, or a seat) comes from the
    session's grant for this board, checked against the board's current keys, so a seat never
    receives the other seat's hidden cards."""

    def _view(self, board: Board) -> str:
        return access.view_of(access.role(self.scope.get("session"), board), board)

    def group_of(self, board: Board) -> str:
        return board.group(self._view(board))

    def current(self, board: Board) -> str:
        return render_partials(board, store.duel_of(board), oob=True, view=self._view(board))


class FollowConsumer(WatcherConsumer):
    """Classroom mode: followers receive the presenter's step whenever it changes. Each
    connection is a live follower connection (simulator.followers): registered once it may
    listen, its token handed to the page in its first message (the page's answers carry it),
    forgotten when it closes."""

    follower: followers.Connection | None = None

    async def opened(self, html: str) -> str:
        client = self.scope.get("client") or (None,)
        self.follower = await sync_to_async(followers.open_connection)(self.slug, client[0])
        return followers.token_field(self.follower) + html

    async def disconnect(self, code: int) -> None:
        if self.follower is not None:
            follower, self.follower = self.follower, None
            await sync_to_async(followers.close_connection)(follower)
        await super().disconnect(code)

    def group_of(self, board: Board) -> str:
        from .classroom import follow_group

        return follow_group(board)

    def current(self, board: Board) -> str:
        from .classroom import render_presentation

        return render_presentation(board)


class TeachConsumer(WatcherConsumer):
    """Classroom mode, the presenter's own socket: the live tally of the question asked.
    Only an editor of the board may listen."""

    def group_of(self, board: Board) -> str | None:
        from .classroom import teach_group

        editor = access.role(self.scope.get("session"), board) == "edit"
        return teach_group(board) if editor else None

    def current(self, board: Board) -> str:
        from . import predict
        from .classroom import render_tally

        return render_tally(board, predict.current(board))


class LessonConsumer(WatcherConsumer):
    """A lesson's followers: told which chapter the teacher shows, to move there."""

    @database_sync_to_async
    def _revocation_groups(self) -> list[str]:
        return []

    @database_sync_to_async
    def _group(self) -> str | None:
        from .classroom import lesson_group, lesson_watch_key

        lesson = Lesson.objects.filter(slug=self.slug).first()
        if lesson is None:
            return None
        watched(lesson_watch_key(lesson.slug), self.lang)
        return language_group(lesson_group(lesson), self.lang)

    @database_sync_to_async
    def _current(self) -> str | None:
        from .classroom import render_lesson_marker

        lesson = Lesson.objects.filter(slug=self.slug).first()
        if lesson is None:
            return None
        with translation.override(self.lang):
            return render_lesson_marker(lesson)
