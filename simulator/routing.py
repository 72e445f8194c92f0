"""WebSocket routes."""

from django.urls import path

from simulator.consumers import BoardConsumer, FollowConsumer

websocket_urlpatterns = [
    path("ws/b/<str:slug>/", BoardConsumer.as_asgi()),
    path("ws/b/<str:slug>/follow/", FollowConsumer.as_asgi()),
]
