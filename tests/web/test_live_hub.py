"""The live fan-out (simulator.live): one subscription per process and group, every socket
of the group served, each in order, a slow one holding up nobody; and the acting browser's
answer goes out before the fan-out."""

from __future__ import annotations

import asyncio
import dataclasses
import gc
import json
import threading

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.test import Client

from engine import Duel
from simulator import boards, live
from simulator.asgi import application
from simulator.language import language_group
from simulator.views import ThenResponse

ORIGIN = [(b"origin", b"http://localhost")]


class Recorder:
    """A socket that keeps what it is sent; ``gate`` holds its sends until set."""

    def __init__(self, gate: asyncio.Event | None = None) -> None:
        self.got: list[str] = []
        self.gate = gate

    async def send(self, text_data=None, bytes_data=None, close=False) -> None:
        if self.gate is not None:
            await self.gate.wait()
        self.got.append(text_data)


def test_a_slow_socket_gets_its_updates_in_order_and_holds_up_nobody() -> None:
    async def run() -> None:
        hub = live.hub(get_channel_layer())
        gate = asyncio.Event()
        slow, fast = Recorder(gate), Recorder()
        await hub.join("g", slow)
        await hub.join("g", fast)
        for n in range(5):
            hub.deliver("g", str(n))
        await asyncio.sleep(0.05)
        assert fast.got == ["0", "1", "2", "3", "4"] and slow.got == []
        gate.set()
        await asyncio.sleep(0.05)
        assert slow.got == ["0", "1", "2", "3", "4"]
        await hub.leave("g", slow)
        await hub.leave("g", fast)
        assert "g" not in hub.members

    async_to_sync(run)()


def test_the_sending_process_serves_its_own_sockets_at_once_and_each_socket_once() -> None:
    """Two processes on one layer (two hubs): the sender's sockets get the update without
    the round trip through the layer, before any other task runs; the other process's get
    it through the layer; nobody gets it twice."""
    async def run() -> None:
        layer = get_channel_layer()
        here, there = live.Hub(layer), live.Hub(layer)
        mine, theirs = Recorder(), Recorder()
        await here.join("g-two", mine)
        await there.join("g-two", theirs)
        here.deliver("g-two", "<p>1</p>")  # as the acting browser's answer goes out
        await asyncio.sleep(0)  # one turn of the loop: no trip through the layer
        assert mine.got == ["<p>1</p>"] and theirs.got == []
        await here.forward("g-two", {"type": "board.update", "group": "g-two",
                                     "html": "<p>1</p>", "version": 1})
        await asyncio.sleep(0.1)
        assert mine.got == theirs.got == ["<p>1</p>"]  # the sender's own passed over it
        await here.send("g-two", {"type": "board.update", "group": "g-two",
                                  "html": "<p>2</p>", "version": 2})
        await asyncio.sleep(0.1)
        assert mine.got == theirs.got == ["<p>1</p>", "<p>2</p>"]
        await here.leave("g-two", mine)
        await there.leave("g-two", theirs)
        for hub in (here, there):
            hub.listener.cancel()

    async_to_sync(run)()


@pytest.mark.django_db(transaction=True)
def test_two_sockets_of_one_process_are_one_member_of_the_group() -> None:
    board = boards.create_board(game="yugioh", setup={
        "turn_player": "p1", "p1": {"monster": ["Sangan"], "deck": ["Kuriboh"]}})
    client = Client(HTTP_HOST="localhost")
    client.get(f"/b/{board.slug}/edit/{board.edit_key}/")

    async def run() -> None:
        layer = get_channel_layer()
        sockets = [WebsocketCommunicator(application, f"/ws/b/{board.slug}/", headers=ORIGIN)
                   for _ in range(2)]
        for ws in sockets:
            assert (await ws.connect())[0]
            await ws.receive_from()
        group = language_group(board.group("open"), "en")  # the sockets read English
        assert len(layer.groups[group]) == 1  # the hub's channel, not one per socket
        response = await sync_to_async(client.post)(
            f"/b/{board.slug}/act", {"version": 0, "action": json.dumps(
                {"do": "gain_lp", "player": "p1", "amount": 100})})
        assert response.status_code == 200
        for ws in sockets:
            assert await ws.receive_from() == response.content.decode()
            await ws.disconnect()
        assert group not in layer.groups  # the last socket gone, the process left the group

    async_to_sync(run)()


@pytest.mark.django_db  # closing a response ends its request (database connections too)
def test_the_fan_out_starts_once_the_answer_is_sent() -> None:
    order: list[str] = []
    response = ThenResponse("answer", then=lambda: order.append("fan-out"))
    order.append("sent")
    response.close()
    response.close()
    assert order == ["sent", "fan-out"]


def test_an_answer_never_sent_still_fans_out() -> None:
    """The browser left before its answer: the change is saved, every viewer gets it."""
    fanned = threading.Event()
    response = ThenResponse("answer", then=fanned.set)
    del response
    gc.collect()
    assert fanned.wait(5)


def _frames(duel, k: int) -> list[tuple]:
    """A step's frames as plain data, with the state each one keeps (as data)."""
    return [(dataclasses.replace(f, state=None), f.state.to_dict())
            for f in duel.frames(k, states=True)]


@pytest.mark.django_db
def test_frames_sent_with_an_update_are_the_replayed_ones() -> None:
    """The frames of a new step open from the state the board had before it (kept, not
    replayed): the same frames as a replay of the saved history, past the engine's own
    kept copies too."""
    board = boards.create_board(game="yugioh", setup={
        "turn_player": "p1", "p1": {"monster": ["Sangan"], "deck": ["Kuriboh"]}})
    for n in range(30):
        boards.act(board, board.version, {"do": "gain_lp", "player": f"p{n % 2 + 1}",
                                          "amount": 100})
        live_duel = boards.duel_of(board)
        replayed = Duel.from_dict(board.data, library=boards.library_for(board.data))
        k = len(live_duel.actions)
        assert _frames(live_duel, k) == _frames(replayed, k)
    kept = set(boards.duel_of(board)._snapshots)
    assert kept - {0, 24, 25} == {29}  # the engine's own copies, and only the latest step
