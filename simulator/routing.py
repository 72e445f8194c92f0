"""WebSocket routes."""

from django.urls import path

from simulator.consumers import BoardConsumer

websocket_urlpatterns = [
    path("ws/b/<str:slug>/", BoardConsumer.as_asgi()),
]
