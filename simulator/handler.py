"""Django's ASGI handler, each request's middleware and view run as one synchronous call.

Every view of the site is synchronous, and so are some of its middleware (WhiteNoise, the
request id). Django's own ASGI handler then switches between the event loop and a thread for
each middleware that can run both ways (``MiddlewareMixin`` runs ``process_request`` and
``process_response`` each through ``sync_to_async``), twice more around the synchronous
ones, and starts a new thread (and a new database connection) for every request: more than
twenty hand-overs for one action, a large share of its time. Two more go around each
request: the ``request_started`` signal's receivers (Django's own reset the database queries
and close stale connections) run in a thread before the request is even built, and
``response.close()`` (the ``request_finished`` signal) in another after it is sent.

:class:`PooledASGIHandler` loads the middleware in its synchronous mode (as the WSGI handler
does) and runs the whole chain in one call in a small pool of long-lived threads
(``DJANGO_REQUEST_THREADS``, 4 by default), with the ``request_started`` signal sent in that
same call, in the thread whose database connection the request uses. ``response.close()``
runs in the pool too, once the response and its update are sent. Reading the request and
sending the response stay Django's own. Each thread keeps its database connection between
requests as ``CONN_MAX_AGE`` allows, checked at the start of every request as Django does.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import os
from concurrent.futures import ThreadPoolExecutor

from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.core.handlers.base import BaseHandler
from django.http import FileResponse, HttpRequest, HttpResponseBase
from django.urls import set_script_prefix

THREADS = max(1, int(os.environ.get("DJANGO_REQUEST_THREADS", "4")))


class PooledASGIHandler(ASGIHandler):
    """The site's HTTP application: Django's ASGI handler with one hand-over per request."""

    def __init__(self) -> None:
        BaseHandler.__init__(self)
        self.load_middleware(is_async=False)
        self.pool = ThreadPoolExecutor(THREADS, thread_name_prefix="request")
        from .uploads import pools

        # an uploaded file's request waits for the process reading it in threads of its own,
        # and the card editor's requests (parsing YAML, checking a card) are served in a
        # couple of their own: a burst of either never holds the threads of every other page
        self.pools = {path: pool for name, (paths, threads) in pools().items()
                      for pool in [ThreadPoolExecutor(threads, thread_name_prefix=name)]
                      for path in paths}

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not "
                             f"{scope['type']}.")
        await self.handle(scope, receive, send)

    async def handle(self, scope, receive, send) -> None:
        """Django's ``ASGIHandler.handle`` without its own hand-overs: ``request_started``
        is sent in the request's thread (:meth:`_respond`), ``response.close()`` runs in the
        pool. As there, a browser that leaves cancels the sending of its answer; its view
        runs to its end, and the live messages of what it saved still go out."""
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        set_script_prefix(get_script_prefix(scope))
        request, error_response = self.create_request(scope, body_file)
        if request is None:
            body_file.close()
            await self.send_response(error_response, send)
            await self._in_pool(error_response.close)
            return

        responding = self._start(self._respond, request,  # the pool starts on it at once
                                 pool=self.pools.get(request.path))

        async def process_request() -> HttpResponseBase:
            # shielded: a browser that leaves cancels this, never the view (see below)
            response = await asyncio.shield(responding)
            response._handler_class = self.__class__  # as Django's run_get_response
            if isinstance(response, FileResponse):
                response.block_size = self.chunk_size
            with contextlib.suppress(asyncio.CancelledError):  # the browser left meanwhile
                await self.send_response(response, send)
            return response

        tasks = [asyncio.create_task(self.listen_for_disconnect(receive)),
                 asyncio.create_task(process_request())]
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in tasks:
            if task.done():
                try:
                    task.result()
                except RequestAborted:
                    pass
                except AssertionError:
                    body_file.close()
                    raise
            else:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        try:
            response = tasks[1].result()
        except asyncio.CancelledError:
            # the browser left before its answer was sent: the view runs to its end all the
            # same, and closing what it answered sends the live messages of what it saved
            try:
                response = await responding
            except Exception:  # already answered as an error to nobody: logged by Django
                response = None
        if response is None:
            await self._in_pool(signals.request_finished.send, sender=self.__class__)
        else:
            await self._in_pool(response.close)
        body_file.close()

    def _start(self, call, *args, pool: ThreadPoolExecutor | None = None,
               **kwargs) -> asyncio.Future:
        """``call`` handed to the pool (``pool``, else the requests') now, in this request's
        context (its language, its request id); its result when awaited."""
        context = contextvars.copy_context()
        return asyncio.get_running_loop().run_in_executor(
            pool or self.pool, lambda: context.run(call, *args, **kwargs))

    async def _in_pool(self, call, *args, **kwargs):
        return await self._start(call, *args, **kwargs)

    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        """Django's asynchronous entry to a response, for callers besides :meth:`handle`."""
        return await self._in_pool(self._respond, request)

    async def send_response(self, response: HttpResponseBase, send) -> None:
        """Send the response; then, on the event loop, the live messages it carries for the
        other viewers (the live route's hand-off: ``simulator.updates.after_sent``)."""
        from .updates import after_sent  # the models load once Django is set up

        await super().send_response(response, send)
        await after_sent(response)

    def _respond(self, request: HttpRequest) -> HttpResponseBase:
        # Django's receivers reset the queries and close stale connections: this thread's
        signals.request_started.send(sender=self.__class__, scope=request.scope)
        return self.get_response(request)


def get_application() -> PooledASGIHandler:
    """Set Django up and return the handler (as ``django.core.asgi.get_asgi_application``)."""
    import django

    django.setup(set_prefix=False)
    return PooledASGIHandler()
