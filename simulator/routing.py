"""WebSocket routes. Any other path is closed at once (no handshake error)."""

from django.urls import path, re_path

from simulator.consumers import BoardConsumer, FollowConsumer, NoRouteConsumer

websocket_urlpatterns = [
    path("ws/b/<str:slug>/", BoardConsumer.as_asgi()),
    path("ws/b/<str:slug>/follow/", FollowConsumer.as_asgi()),
    re_path(r"", NoRouteConsumer.as_asgi()),  # last: every path no route above matched
]
