"""WebSocket routes. Any other path is closed at once (no handshake error). A board's or a
lesson's slug is URL-safe base64 (models.new_slug), so anything else in its place (a NUL,
which PostgreSQL cannot be asked about) is no route."""

from django.urls import path, re_path

from simulator.consumers import (
    BoardConsumer,
    FollowConsumer,
    LessonConsumer,
    NoRouteConsumer,
    TeachConsumer,
)

websocket_urlpatterns = [
    path("ws/b/<slug:slug>/", BoardConsumer.as_asgi()),
    path("ws/b/<slug:slug>/follow/", FollowConsumer.as_asgi()),
    path("ws/b/<slug:slug>/teach/", TeachConsumer.as_asgi()),
    path("ws/lessons/<slug:slug>/", LessonConsumer.as_asgi()),
    re_path(r"", NoRouteConsumer.as_asgi()),  # last: every path no route above matched
]
