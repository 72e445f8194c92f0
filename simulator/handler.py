"""Django's ASGI handler, each request's middleware and view run as one synchronous call.

Every view of the site is synchronous, and so are some of its middleware (WhiteNoise, the
request id). Django's own ASGI handler then switches between the event loop and a thread for
each middleware that can run both ways (``MiddlewareMixin`` runs ``process_request`` and
``process_response`` each through ``sync_to_async``), twice more around the synchronous
ones, and starts a new thread (and a new database connection) for every request: more than
twenty hand-overs for one action, a large share of its time.

:class:`PooledASGIHandler` loads the middleware in its synchronous mode (as the WSGI handler
does) and runs the whole chain in one call in a small pool of long-lived threads
(``DJANGO_REQUEST_THREADS``, 4 by default). Reading the request and sending the response stay
Django's own (``ASGIHandler.handle``). Each thread keeps its database connection between
requests as ``CONN_MAX_AGE`` allows, checked at the start of every request as Django does.
"""

from __future__ import annotations

import asyncio
import contextvars
import os
from concurrent.futures import ThreadPoolExecutor

from django.core.handlers.asgi import ASGIHandler
from django.core.handlers.base import BaseHandler
from django.db import close_old_connections, reset_queries
from django.http import HttpRequest, HttpResponseBase

THREADS = max(1, int(os.environ.get("DJANGO_REQUEST_THREADS", "4")))


class PooledASGIHandler(ASGIHandler):
    """The site's HTTP application: Django's ASGI handler with one hand-over per request."""

    def __init__(self) -> None:
        BaseHandler.__init__(self)
        self.load_middleware(is_async=False)
        self.pool = ThreadPoolExecutor(THREADS, thread_name_prefix="request")

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not "
                             f"{scope['type']}.")
        await self.handle(scope, receive, send)

    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        context = contextvars.copy_context()  # the request's language and request id
        return await asyncio.get_running_loop().run_in_executor(
            self.pool, context.run, self._respond, request)

    async def send_response(self, response: HttpResponseBase, send) -> None:
        """Send the response; then, on the event loop, the update it carries for the other
        viewers (``simulator.updates.ThenResponse``)."""
        await super().send_response(response, send)
        deliver = getattr(response, "deliver", None)
        if deliver is not None:
            await deliver()

    def _respond(self, request: HttpRequest) -> HttpResponseBase:
        reset_queries()  # what ``request_started`` does, in the thread that serves it
        close_old_connections()
        return self.get_response(request)


def get_application() -> PooledASGIHandler:
    """Set Django up and return the handler (as ``django.core.asgi.get_asgi_application``)."""
    import django

    django.setup(set_prefix=False)
    return PooledASGIHandler()
