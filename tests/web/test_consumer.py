"""The board's websocket: current state on connect, updates after actions, garbage ignored."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from simulator import store
from simulator.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = [(b"origin", b"http://localhost")]


def _board():
    return store.create_board(game="yugioh", setup={
        "turn_player": "p1", "p1": {"monster": ["Sangan"], "deck": ["Kuriboh"]}})


def test_connect_gets_the_current_board_and_updates_after_an_action() -> None:
    board = _board()
    sangan = store.duel_of(board).ref("Sangan")
    client = Client(HTTP_HOST="localhost")
    client.get(f"/b/{board.slug}/edit/{board.edit_key}/")

    async def run() -> None:
        watcher = WebsocketCommunicator(application, f"/ws/b/{board.slug}/", headers=ORIGIN)
        connected, _ = await watcher.connect()
        assert connected
        first = await watcher.receive_from()
        assert 'id="board"' in first and 'hx-swap-oob="true"' in first and "Sangan" in first
        response = await sync_to_async(client.post)(
            f"/b/{board.slug}/act",
            {"version": 0, "action": json.dumps({"do": "destroy", "card": sangan})})
        assert response.status_code == 200
        update = await watcher.receive_from()
        assert 'value="1"' in update and "Chain Link 1" in update
        # the acting browser got the same partials in its response
        assert update == response.content.decode()
        await watcher.disconnect()

    async_to_sync(run)()


def test_garbage_frames_are_ignored_and_others_still_get_updates() -> None:
    board = _board()
    client = Client(HTTP_HOST="localhost")
    client.get(f"/b/{board.slug}/edit/{board.edit_key}/")

    async def run() -> None:
        noisy = WebsocketCommunicator(application, f"/ws/b/{board.slug}/", headers=ORIGIN)
        calm = WebsocketCommunicator(application, f"/ws/b/{board.slug}/", headers=ORIGIN)
        assert (await noisy.connect())[0] and (await calm.connect())[0]
        await noisy.receive_from()
        await calm.receive_from()
        for frame in (" ", "{not json", json.dumps({"do": "destroy"}), "\x00" * 100):
            await noisy.send_to(text_data=frame)
        await noisy.send_to(bytes_data=b"\xff\xfe")
        assert await noisy.receive_nothing()
        response = await sync_to_async(client.post)(f"/b/{board.slug}/act",
                                                    {"version": 0, "do": "next_phase"})
        assert response.status_code == 200
        assert "Battle Phase" in await calm.receive_from()
        assert "Battle Phase" in await noisy.receive_from()
        await noisy.disconnect()
        await calm.disconnect()

    async_to_sync(run)()
    board.refresh_from_db()
    assert board.version == 1


def test_foreign_origin_is_refused() -> None:
    board = _board()

    async def run() -> None:
        evil = WebsocketCommunicator(application, f"/ws/b/{board.slug}/",
                                     headers=[(b"origin", b"http://evil.example")])
        connected, _ = await evil.connect()
        assert not connected

    async_to_sync(run)()


def test_unknown_board_is_refused() -> None:
    async def run() -> None:
        ws = WebsocketCommunicator(application, "/ws/b/nope/", headers=ORIGIN)
        connected, code = await ws.connect()
        assert not connected

    async_to_sync(run)()


def test_reconnecting_socket_gets_the_current_state() -> None:
    board = _board()
    client = Client(HTTP_HOST="localhost")
    client.get(f"/b/{board.slug}/edit/{board.edit_key}/")

    async def run() -> None:
        ws = WebsocketCommunicator(application, f"/ws/b/{board.slug}/", headers=ORIGIN)
        await ws.connect()
        await ws.receive_from()
        await ws.disconnect()
        response = await sync_to_async(client.post)(f"/b/{board.slug}/act",
                                                    {"version": 0, "do": "next_phase"})
        assert response.status_code == 200
        again = WebsocketCommunicator(application, f"/ws/b/{board.slug}/", headers=ORIGIN)
        await again.connect()
        html = await again.receive_from()
        assert 'id="board-version" name="version" value="1"' in html
        assert "Battle Phase" in html
        await again.disconnect()

    async_to_sync(run)()
