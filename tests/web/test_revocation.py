"""Revocation is immediate: changing the keys or deleting the board closes the websockets
opened under the old grants (through the channel layer, so on every worker)."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from simulator import store
from simulator.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = (b"origin", b"http://localhost")


def _seated():
    board = store.create_board(game="yugioh", setup={
        "turn_player": "p1", "p1": {"monster": ["Sangan"], "hand": ["Kuriboh"]},
        "p2": {"hand": ["Sangan"]}})
    board.seats = True
    board.save(update_fields=["seats"])
    return board


def _client(url: str) -> Client:
    client = Client(HTTP_HOST="localhost")
    client.get(url)
    return client


def _socket(board, client: Client | None, path: str = "") -> WebsocketCommunicator:
    headers = [ORIGIN]
    if client is not None:
        headers.append((b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode()))
    return WebsocketCommunicator(application, f"/ws/b/{board.slug}/{path}", headers=headers)


async def _closed(ws: WebsocketCommunicator) -> bool:
    output = await ws.receive_output(timeout=2)
    return output["type"] == "websocket.close"


def test_changing_the_keys_closes_the_sockets_of_the_old_grants() -> None:
    board = _seated()
    editor = _client(f"/b/{board.slug}/edit/{board.edit_key}/")
    seat = _client(f"/b/{board.slug}/seat/{board.p1_key}/")
    other = _client(f"/b/{board.slug}/seat/{board.p2_key}/")

    async def run() -> None:
        sockets = [_socket(board, editor), _socket(board, seat), _socket(board, other)]
        watcher = _socket(board, None)
        for ws in [*sockets, watcher]:
            assert (await ws.connect())[0]
            await ws.receive_from()
        response = await sync_to_async(editor.post)(f"/b/{board.slug}/rotate")
        assert response.status_code == 302
        for ws in sockets:
            assert await _closed(ws)
        assert await watcher.receive_nothing()  # the view link's grant did not change
        # the editor rotated the keys and holds the new one: it reconnects as an editor
        again = _socket(board, editor)
        assert (await again.connect())[0]
        assert "Kuriboh" in await again.receive_from()
        # the old seat reconnects as a watcher of the public view only
        old_seat = _socket(board, seat)
        assert (await old_seat.connect())[0]
        assert "Kuriboh" not in await old_seat.receive_from()
        for ws in (watcher, again, old_seat):
            await ws.disconnect()

    async_to_sync(run)()


def test_deleting_the_board_closes_every_socket() -> None:
    board = _seated()
    editor = _client(f"/b/{board.slug}/edit/{board.edit_key}/")
    seat = _client(f"/b/{board.slug}/seat/{board.p2_key}/")

    async def run() -> None:
        sockets = [_socket(board, editor), _socket(board, seat), _socket(board, None),
                   _socket(board, None, "follow/")]
        for ws in sockets:
            assert (await ws.connect())[0]
            await ws.receive_from()
        response = await sync_to_async(editor.post)(f"/b/{board.slug}/delete")
        assert response.status_code == 302
        for ws in sockets:
            assert await _closed(ws)

    async_to_sync(run)()
