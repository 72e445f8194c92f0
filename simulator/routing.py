"""WebSocket routes. Any other path is closed at once (no handshake error)."""

from django.urls import path, re_path

from simulator.consumers import (
    BoardConsumer,
    FollowConsumer,
    LessonConsumer,
    NoRouteConsumer,
    TeachConsumer,
)

websocket_urlpatterns = [
    path("ws/b/<str:slug>/", BoardConsumer.as_asgi()),
    path("ws/b/<str:slug>/follow/", FollowConsumer.as_asgi()),
    path("ws/b/<str:slug>/teach/", TeachConsumer.as_asgi()),
    path("ws/lessons/<str:slug>/", LessonConsumer.as_asgi()),
    re_path(r"", NoRouteConsumer.as_asgi()),  # last: every path no route above matched
]
