"""The live route: every live message leaves the worker that saved a change through here.

A message is a group and a Channels event: ``board.update`` carries HTML for the sockets of a
group (a board's kind of viewer in one language, a presentation's followers, a presenter's
tally, a lesson), ``board.revoke`` closes the sockets opened under a grant. :func:`publish`
(from synchronous code) and :func:`publish_async` are the one way out: an update goes to this
process's sockets at once (:meth:`simulator.live.Hub.deliver`) and to the other processes
through the channel layer (:meth:`~simulator.live.Hub.forward`); a revocation through the
layer to each socket's own channel.

A view whose change other browsers must see answers with :class:`ThenResponse`: the messages
ready to go ride on the answer, and go out once the answer is sent, by the site's ASGI handler
calling :func:`after_sent` on the event loop (``simulator.handler``). Anywhere else (the test
client, a WSGI server) they go when the response is closed, as does any work left for later,
such as rendering the update in another language; a browser that leaves before its answer
does not stop them (the handler closes the response it never sent).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.http import HttpResponse, HttpResponseBase
from django.utils import translation

from . import live
from .language import language_group, watched_languages
from .models import Board

Message = tuple[str, dict[str, Any]]
#: updates being sent, kept until sent (the event loop holds its tasks weakly)
_SENDING: set[asyncio.Future] = set()


def update(group: str, html: str, **extra: Any) -> Message:
    """The message that sends ``html`` to every socket of ``group``."""
    return group, {"type": "board.update", "group": group, "html": html, **extra}


def revocation(group: str) -> Message:
    """The message that closes every socket of ``group`` (see ``WatcherConsumer``)."""
    return group, {"type": "board.revoke"}


def update_messages(board: Board, views: dict[str, str], lang: str) -> list[Message]:
    """The layer messages of one language's update: each kind of viewer its partials."""
    return [update(language_group(board.group(view), lang), html, version=board.version)
            for view, html in views.items()]


def in_languages(group: str, key: str, render: Callable[[], str]) -> tuple[str | None,
                                                                         list[Message]]:
    """``render()`` for ``group``'s watchers, rendered once per language they read (``key``:
    the board or lesson whose watchers' languages count): what was rendered in the current
    language (None when nobody watches) and the messages."""
    current, messages = None, []
    for lang in watched_languages(key):
        with translation.override(lang):
            html = render()
        current = html if current is None else current
        messages.append(update(language_group(group, lang), html))
    return current, messages


async def publish_async(messages: list[Message]) -> None:
    """Send each message by the live route (see the module's docstring)."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return
    here = live.hub(layer)
    for group, message in messages:
        if message["type"] == "board.update":
            await here.send(group, message)
        else:
            await layer.group_send(group, message)


def publish(messages: list[Message]) -> None:
    """:func:`publish_async`, from synchronous code (a view, a management command)."""
    if messages and get_channel_layer() is not None:
        async_to_sync(publish_async)(messages)


def broadcast(board: Board, views: dict[str, str], since: int | None = None,
              languages: list[str] | None = None) -> None:
    """Send each kind of viewer its partials, rendered once per kind and language watched
    (``views``: those of the current language; ``languages``: which to send, by default every
    language watched)."""
    from . import store
    from .rendering import render_views

    current = translation.get_language()
    messages: list[Message] = []
    for lang in watched_languages(board.slug) if languages is None else languages:
        rendered = views
        if lang != current:
            with translation.override(lang):
                rendered = render_views(board, store.duel_of(board), since=since)
        messages += update_messages(board, rendered, lang)
    publish(messages)


async def after_sent(response: HttpResponseBase) -> None:
    """The hand-off once an answer is sent: the messages it carries go out now."""
    if isinstance(response, ThenResponse):
        await response.publish_ready()


class ThenResponse(HttpResponse):
    """An answer whose live messages go out once it has been sent: ``messages`` ready to
    send, then ``then`` (work left for later, or None)."""

    def __init__(self, content: str | bytes, *, messages: list[Message] = (),
                 then: Callable[[], None] | None = None, **kwargs: Any) -> None:
        super().__init__(content, **kwargs)
        self._messages = list(messages)
        self._then = then

    async def publish_ready(self) -> None:
        """Send the ready messages now (on the event loop, once the answer is out). The
        sending goes on if the request is cancelled meanwhile: Django cancels it as soon as
        the browser, its answer read, closes the connection."""
        messages, self._messages = self._messages, []
        if messages:
            sending = asyncio.ensure_future(publish_async(messages))
            _SENDING.add(sending)
            sending.add_done_callback(_SENDING.discard)
            await asyncio.shield(sending)

    def close(self) -> None:
        """What was not sent yet goes now, then the work left for later."""
        try:
            messages, self._messages = self._messages, []
            then, self._then = self._then, None
            publish(messages)
            if then is not None:
                then()
        finally:
            super().close()
