"""The ASGI app ``bench.web`` serves: the product and the transport floor.

Everything the product serves (``simulator.asgi.application``) is routed unchanged; only
``/bench-post`` and ``/bench-ws/`` go to the stock fan-out pair of ``bench.fanout``.
Only ``python -m bench`` starts it, on 127.0.0.1.
"""

from __future__ import annotations

from channels.routing import ProtocolTypeRouter, URLRouter
from channels.security.websocket import AllowedHostsOriginValidator
from django.urls import path, re_path

from simulator.asgi import application as product  # sets Django up

from .fanout import FanoutPost, FanoutViewer  # noqa: I001 (after Django is set up)

application = ProtocolTypeRouter({
    "http": URLRouter([
        path("bench-post", FanoutPost.as_asgi()),
        re_path(r"", product),
    ]),
    "websocket": URLRouter([
        path("bench-ws/", AllowedHostsOriginValidator(FanoutViewer.as_asgi())),
        re_path(r"", product),
    ]),
})
