"""The live fan-out (simulator.live): one subscription per process and group, every socket
of the group served, each in order, a slow one holding up nobody and costing a bounded
amount (a socket that stays behind is closed with 4408); and the acting browser's answer goes
out before the fan-out."""

from __future__ import annotations

import asyncio
import dataclasses
import json

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.test import Client

from engine import Duel
from simulator import boards, live, store
from simulator.asgi import application
from simulator.language import language_group
from simulator.updates import ThenResponse

ORIGIN = [(b"origin", b"http://localhost")]


class Recorder:
    """A socket that keeps what it is sent; ``gate`` holds its sends until set (never set: a
    client that never reads, whose server never completes a send)."""

    def __init__(self, gate: asyncio.Event | None = None) -> None:
        self.got: list[str] = []
        self.gate = gate
        self.closed: list[tuple[int | None, str | None]] = []

    async def send(self, text_data=None, bytes_data=None, close=False) -> None:
        if self.gate is not None:
            await self.gate.wait()
        self.got.append(text_data)

    async def close(self, code=None, reason=None) -> None:
        self.closed.append((code, reason))


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


@pytest.fixture
def quick(monkeypatch):
    """The hub's time limits, short enough for a test."""
    monkeypatch.setattr(live, "STALL", 0.3)
    monkeypatch.setattr(live, "GRACE", 0.1)


def test_a_socket_that_never_reads_keeps_a_bounded_queue_and_is_closed_with_the_reason(
        quick, monkeypatch) -> None:
    """A socket whose sends never complete: at most QUEUE updates wait for it, besides the
    one going out; the next makes it behind, out of the group and closed (4408, with the
    reason); every other socket still gets every update, in order. Once it is gone, the
    memory is given back."""
    given_back: list[bool] = []
    monkeypatch.setattr(live, "RELEASE_AFTER", 0.05)
    monkeypatch.setattr(live, "_give_back", lambda: given_back.append(True))

    async def run() -> None:
        hub = live.Hub(get_channel_layer())
        stuck, fast, other = Recorder(asyncio.Event()), Recorder(), Recorder()
        for socket in (stuck, fast, other):
            await hub.join("g-stuck", socket)
        tasks = len(asyncio.all_tasks())
        sent = [f"<p>{n}</p>" * 1000 for n in range(live.QUEUE + 1)]
        for html in sent:  # one going out, QUEUE waiting: not behind yet
            hub.deliver("g-stuck", html)
            await asyncio.sleep(0)
            assert len(hub.outboxes[stuck].queue) <= live.QUEUE
        assert stuck.closed == [] and stuck in hub.members["g-stuck"]
        assert len(asyncio.all_tasks()) <= tasks + 3  # one sender per socket, not per update
        hub.deliver("g-stuck", "<p>one more</p>")
        sent.append("<p>one more</p>")
        assert stuck not in hub.members["g-stuck"] and not hub.outboxes[stuck].queue
        for n in range(50):  # the group goes on without it
            hub.deliver("g-stuck", f"<p>after {n}</p>")
            sent.append(f"<p>after {n}</p>")
        await asyncio.sleep(0.05)
        assert stuck.closed == [(live.BEHIND, live.BEHIND_REASON)] and stuck.got == []
        assert fast.got == other.got == sent
        await hub.leave("g-stuck", stuck)  # its disconnect
        assert stuck not in hub.outboxes
        await asyncio.sleep(live.RELEASE_AFTER + 0.1)
        assert given_back == [True]  # its memory, to the system
        for socket in (fast, other):
            await hub.leave("g-stuck", socket)
        assert hub.members == {} and hub.outboxes == {}
        hub.listener.cancel()

    async_to_sync(run)()


def test_a_socket_whose_update_does_not_go_out_in_time_is_closed(quick) -> None:
    """Two updates, the first never sent: STALL seconds later the socket is behind (closed,
    4408) without another update coming; a reader that was slow but caught up is not."""
    async def run() -> None:
        hub = live.Hub(get_channel_layer())
        stuck, slow = Recorder(asyncio.Event()), Recorder(asyncio.Event())
        await hub.join("g-stall", stuck)
        await hub.join("g-stall", slow)
        hub.deliver("g-stall", "<p>1</p>")
        hub.deliver("g-stall", "<p>2</p>")
        await asyncio.sleep(live.STALL / 2)
        slow.gate.set()  # it reads, within the time
        await asyncio.sleep(live.STALL)
        assert stuck.closed == [(live.BEHIND, live.BEHIND_REASON)]
        assert slow.closed == [] and slow.got == ["<p>1</p>", "<p>2</p>"]
        assert hub.members["g-stall"] == {slow}
        hub.deliver("g-stall", "<p>3</p>")
        await asyncio.sleep(0.05)
        assert slow.got[-1] == "<p>3</p>" and stuck.got == []
        await hub.leave("g-stall", stuck)
        await hub.leave("g-stall", slow)
        hub.listener.cancel()

    async_to_sync(run)()


def test_an_update_waits_while_the_server_holds_too_much_for_the_socket(quick) -> None:
    """The server's write buffer for a socket (a transport that says what it holds unsent):
    over WRITE_BUFFER, the next update waits; drained, it goes; never drained, the socket is
    closed, then cut off (what the server holds for it dropped)."""
    async def run() -> None:
        hub = live.Hub(get_channel_layer())
        held = [live.WRITE_BUFFER + 1]
        cut: list[bool] = []
        socket = Recorder()
        await hub.join("g-buffer", socket, live.Transport(lambda: held[0],
                                                          lambda: cut.append(True)))
        hub.deliver("g-buffer", "<p>1</p>")
        await asyncio.sleep(0.1)
        assert socket.got == []  # waiting for the buffer
        held[0] = 1000
        await asyncio.sleep(0.3)
        assert socket.got == ["<p>1</p>"]
        held[0] = live.WRITE_BUFFER * 10  # the client stopped reading
        hub.deliver("g-buffer", "<p>2</p>")
        await asyncio.sleep(live.STALL + live.GRACE + 0.2)
        assert socket.got == ["<p>1</p>"] and socket.closed == [(live.BEHIND,
                                                                 live.BEHIND_REASON)]
        assert cut == [True]
        await hub.leave("g-buffer", socket)
        hub.listener.cancel()

    async_to_sync(run)()


def test_the_transport_of_uvicorn_and_daphne_sockets_is_found() -> None:
    """uvicorn's send is its protocol's method (an asyncio transport); Daphne's its server's
    ``handle_reply`` with the protocol (a Twisted transport); any other server has none."""
    import functools

    class Asyncio:
        def __init__(self) -> None:
            self.aborted = False

        def get_write_buffer_size(self) -> int:
            return 70_000

        def abort(self) -> None:
            self.aborted = True

    class Protocol:
        def __init__(self, transport) -> None:
            self.transport = transport

        async def send(self, message) -> None: ...

    class Twisted:
        dataBuffer, offset, _tempDataLen = b"x" * 100, 40, 25

        def __init__(self) -> None:
            self.aborted = False

        def abortConnection(self) -> None:
            self.aborted = True

    async def handle_reply(protocol, message) -> None: ...

    found = live.transport_of(Protocol(Asyncio()).send)
    assert found.buffered() == 70_000
    found.abort()
    twisted = Twisted()
    found = live.transport_of(functools.partial(handle_reply, Protocol(twisted)))
    assert found.buffered() == 85
    found.abort()
    assert twisted.aborted
    assert live.transport_of(handle_reply) is None


@pytest.mark.django_db(transaction=True)
def test_a_board_viewer_that_stays_behind_is_closed_with_4408(monkeypatch, quick) -> None:
    """A real consumer whose server never drains its write buffer: closed with 4408 and the
    reason (its page reconnects and gets the current state); another viewer gets the
    update."""
    board = store.create_board(game="yugioh", setup={
        "turn_player": "p1", "p1": {"monster": ["Sangan"], "deck": ["Kuriboh"]}})
    client = Client(HTTP_HOST="localhost")
    client.get(f"/b/{board.slug}/edit/{board.edit_key}/")
    cut: list[bool] = []

    async def run() -> None:
        stuck = WebsocketCommunicator(application, f"/ws/b/{board.slug}/", headers=ORIGIN)
        stuck.scope[live.SCOPE_KEY] = live.Transport(lambda: 10 ** 9, lambda: cut.append(1))
        reader = WebsocketCommunicator(application, f"/ws/b/{board.slug}/", headers=ORIGIN)
        for ws in (stuck, reader):
            assert (await ws.connect())[0]
            await ws.receive_from()
        response = await sync_to_async(client.post)(
            f"/b/{board.slug}/act", {"version": 0, "action": json.dumps(
                {"do": "gain_lp", "player": "p1", "amount": 100})})
        assert await reader.receive_from() == response.content.decode()
        closed = await stuck.receive_output(timeout=live.STALL + 2)
        assert closed == {"type": "websocket.close", "code": 4408,
                          "reason": live.BEHIND_REASON}
        await asyncio.sleep(live.GRACE + 0.2)
        assert cut == [1]
        for ws in (stuck, reader):
            await ws.disconnect()

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
    board = store.create_board(game="yugioh", setup={
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


def _frames(duel, k: int) -> list[tuple]:
    """A step's frames as plain data, with the state each one keeps (as data)."""
    return [(dataclasses.replace(f, state=None), f.state.to_dict())
            for f in duel.frames(k, states=True)]


@pytest.mark.django_db
def test_frames_sent_with_an_update_are_the_replayed_ones() -> None:
    """The frames of a new step open from the state the board had before it (kept, not
    replayed): the same frames as a replay of the saved history, past the engine's own
    kept copies too."""
    board = store.create_board(game="yugioh", setup={
        "turn_player": "p1", "p1": {"monster": ["Sangan"], "deck": ["Kuriboh"]}})
    for n in range(30):
        boards.act(board, board.version, {"do": "gain_lp", "player": f"p{n % 2 + 1}",
                                          "amount": 100})
        live_duel = store.duel_of(board)
        replayed = Duel.from_dict(board.data, library=store.library_for(board.data))
        k = len(live_duel.actions)
        assert _frames(live_duel, k) == _frames(replayed, k)
    kept = set(store.duel_of(board)._snapshots)
    assert kept - {0, 24, 25} == {29}  # the engine's own copies, and only the latest step
