"""Sending a board's update to its viewers, after the acting browser has its answer.

An update is rendered once per kind of viewer (open, public, each seat) and per language its
viewers read, then sent to each (kind, language) group through the channel layer
(:mod:`simulator.live` hands it to the sockets). :class:`ThenResponse` carries the messages
ready to go with the acting browser's answer: the site's ASGI handler sends them on the event
loop as soon as the answer is out (:meth:`ThenResponse.deliver`), without a thread; anywhere
else (the test client, a WSGI server) they go when the response is closed, as does any work
left for later, such as rendering the update in another language.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.http import HttpResponse
from django.utils import translation

from . import boards, live
from .language import language_group, watched_languages
from .models import Board
from .rendering import render_views

Message = tuple[str, dict[str, Any]]
#: updates being sent, kept until sent (the event loop holds its tasks weakly)
_SENDING: set[asyncio.Future] = set()


def update_messages(board: Board, views: dict[str, str], lang: str) -> list[Message]:
    """The layer messages of one language's update: each kind of viewer its partials."""
    out = []
    for view, html in views.items():
        group = language_group(board.group(view), lang)
        out.append((group, {"type": "board.update", "group": group, "html": html,
                            "version": board.version}))
    return out


async def send_updates(messages: list[Message]) -> None:
    layer = get_channel_layer()
    if layer is not None:
        here = live.hub(layer)
        for group, message in messages:
            await here.send(group, message)


async def _forward(here: live.Hub, messages: list[Message]) -> None:
    for group, message in messages:
        await here.forward(group, message)


def broadcast(board: Board, views: dict[str, str], since: int | None = None,
              languages: list[str] | None = None) -> None:
    """Send each kind of viewer its partials, rendered once per kind and language watched
    (``views``: those of the current language; ``languages``: which to send, by default every
    language watched)."""
    current = translation.get_language()
    messages: list[Message] = []
    for lang in watched_languages(board.slug) if languages is None else languages:
        rendered = views
        if lang != current:
            with translation.override(lang):
                rendered = render_views(board, boards.duel_of(board), since=since)
        messages += update_messages(board, rendered, lang)
    if messages:
        async_to_sync(send_updates)(messages)


class ThenResponse(HttpResponse):
    """A response whose update goes out once the response has been sent: ``messages`` ready
    to send, then ``then`` (work left for later, or None)."""

    def __init__(self, content: str | bytes, *, messages: list[Message] = (),
                 then: Callable[[], None] | None = None, **kwargs: Any) -> None:
        super().__init__(content, **kwargs)
        self._messages = list(messages)
        self._then = then

    async def deliver(self) -> None:
        """Send the ready messages now (on the event loop, once the answer is out). The
        sending goes on if the request is cancelled meanwhile: Django cancels it as soon as
        the browser, its answer read, closes the connection."""
        messages, self._messages = self._messages, []
        layer = get_channel_layer()
        if messages and layer is not None:
            here = live.hub(layer)
            for group, message in messages:  # this process's sockets: at once
                here.deliver(group, message["html"])
            sending = asyncio.ensure_future(_forward(here, messages))
            _SENDING.add(sending)
            sending.add_done_callback(_SENDING.discard)
            await asyncio.shield(sending)

    def _finish(self) -> None:
        messages, self._messages = self._messages, []
        then, self._then = self._then, None
        if messages:
            async_to_sync(send_updates)(messages)
        if then is not None:
            then()

    def close(self) -> None:
        try:
            self._finish()
        finally:
            super().close()

    def __del__(self) -> None:
        # never closed: the browser left before its answer was sent (Django then drops the
        # response); the change is saved all the same, so every viewer still gets it
        if getattr(self, "_messages", None) or getattr(self, "_then", None):
            threading.Thread(target=self._finish, daemon=True).start()
