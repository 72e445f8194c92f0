"""ASGI entry point: HTTP through Django, WebSockets through channels."""

import gc
import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "simulator.settings")
GC_YOUNG_THRESHOLD = 50_000

# Initialise Django before importing anything that may touch models.
from simulator.handler import get_application  # noqa: E402

django_asgi_app = get_application()  # one hand-over to a thread per request (handler.py)

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from simulator.live import WithTransport  # noqa: E402
from simulator.origin import SameOriginValidator  # noqa: E402
from simulator.routing import websocket_urlpatterns  # noqa: E402

# Garbage collection out of the hot path: everything loaded so far (Django, the engine's
# catalogues, the templates) lives as long as the process, so the collector stops scanning it
# (gc.freeze); and a collection of the young generation waits for many more new objects than
# the default 700, so an action and its fan-out rarely pause for one.
gc.collect()
gc.freeze()
gc.set_threshold(GC_YOUNG_THRESHOLD, 20, 20)

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # outermost: the server's own send, whose write buffer bounds a socket (live.py)
        "websocket": WithTransport(SameOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        )),
    }
)
