"""WebSocket URL routes, served by channels (see simulator.asgi)."""

websocket_urlpatterns: list = []
