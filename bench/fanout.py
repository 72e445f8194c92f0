"""The transport floor for ``bench.web``: a stock Channels fan-out, nothing of the product.

- ``FanoutViewer`` (``/bench-ws/``): a bare ``AsyncWebsocketConsumer`` in the group
  ``fanout`` that forwards every ``fanout.message`` as it is;
- ``FanoutPost`` (``/bench-post?round=K``): a minimal async HTTP consumer that
  ``group_send``s one message, tagged with K, to that group and answers 204: the floor's
  "action". The message is the text last primed with ``/bench-post?prime=1`` (a body, sent
  outside the timed window: the product's own update), its head swapped for the tag, so
  the floor carries the very same bytes; same length, same characters.

They are routed next to the product by ``bench.asgi``.
"""

from __future__ import annotations

from urllib.parse import parse_qs

from channels.generic.http import AsyncHttpConsumer
from channels.generic.websocket import AsyncWebsocketConsumer

GROUP = "fanout"
MAX_SIZE = 8 * 1024 * 1024
_primed = [""]


def payload(round_no: int, template: str) -> str:
    """``template`` with its head replaced by a tag naming the round (same byte size when
    that head is ASCII, as an HTML update's is)."""
    head = f'<section data-round="{round_no}">'
    return head + template[len(head):]


class FanoutViewer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        await self.channel_layer.group_add(GROUP, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(GROUP, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None):
        return None

    async def fanout_message(self, event: dict) -> None:
        await self.send(text_data=event["html"])


class FanoutPost(AsyncHttpConsumer):
    async def handle(self, body: bytes) -> None:
        query = parse_qs(self.scope.get("query_string", b"").decode())
        if "prime" in query:
            if len(body) > MAX_SIZE:
                await self.send_response(413, b"too large")
                return
            _primed[0] = body.decode()
            await self.send_response(204, b"")
            return
        try:
            round_no = int(query["round"][0])
        except (KeyError, ValueError):
            await self.send_response(400, b"round is required")
            return
        await self.channel_layer.group_send(
            GROUP, {"type": "fanout.message", "html": payload(round_no, _primed[0])})
        await self.send_response(204, b"")
