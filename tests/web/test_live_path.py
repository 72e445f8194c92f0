"""What keeps an action's path short, each giving what the longer way gave: the request's
middleware and view in one thread of a fixed pool, a board read without its history when this
process holds it, the history saved from the text of the one saved before."""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from channels.testing import HttpCommunicator
from django.db import connection
from django.db.models import F
from django.test import Client
from django.test.utils import CaptureQueriesContext

from simulator import script, store
from simulator.handler import THREADS, PooledASGIHandler
from simulator.history import History, HistoryEncoder, saved_data
from simulator.models import Board
from simulator.updates import ThenResponse

VERSION = re.compile(r'id="board-version" name="version" value="(\d+)"')
GAIN = json.dumps({"do": "gain_lp", "player": "p1", "amount": 100})


def _open(client: Client, slug: str = "amazoness_village_soul_taker") -> Board:
    response = client.post(f"/scenarios/yugioh/{slug}/open")
    assert response.status_code == 302
    return Board.objects.get(slug=response["Location"].split("/")[2])


def _act(client: Client, board: Board, version: int, action: str = GAIN) -> int:
    response = client.post(f"/b/{board.slug}/act", {"version": version, "action": action},
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 200, response.content[:300]
    return int(VERSION.search(response.content.decode())[1])


# -- the saved history -------------------------------------------------------------------

@pytest.mark.parametrize("before", [[], [{"do": "pass"}], [{"do": "gain_lp", "amount": 1}] * 3])
def test_a_history_text_is_the_json_of_its_data(before: list) -> None:
    data = {"game": "yugioh", "settings": {"preset": "OCG"}, "setup": {"p1": {"hand": ["Ｘ"]}},
            "actions": before, "cards": [{"name": "é \"quoted\""}]}
    first = saved_data(data, before, appended=False)
    assert json.loads(first.text) == first == data
    assert first.text == json.dumps(data)
    added = [*before, {"do": "draw", "player": "p2"}, {"do": "answer", "choice": ["1", "2"]}]
    second = saved_data(first, added, appended=True, settings={"preset": "TCG"})
    assert json.loads(second.text) == {**data, "actions": added, "settings": {"preset": "TCG"}}
    assert second.text == json.dumps(second)
    same = saved_data(second, added, appended=True)
    assert same.actions_text is second.actions_text
    assert same.text == json.dumps(same) and same.parts["setup"] is first.parts["setup"]
    settings = {"preset": "OCG"}  # a new value of a key: written anew
    renamed = saved_data(same, added, appended=True, settings=settings)
    assert renamed.text == json.dumps(renamed) and json.loads(renamed.text)["settings"] == settings
    undone = saved_data(second, added[:1], appended=False)  # taken back: encoded again
    assert json.loads(undone.text)["actions"] == added[:1]


def test_the_field_writes_a_history_as_its_text_and_anything_else_as_json() -> None:
    history = History({"actions": [1]}, "[1]")
    history.text = '{"actions": [1]}'
    assert json.dumps(history, cls=HistoryEncoder) == '{"actions": [1]}'
    assert json.dumps({"a": [1, "é"]}, cls=HistoryEncoder) == json.dumps({"a": [1, "é"]})


@pytest.mark.django_db
def test_the_saved_row_holds_every_action(client: Client) -> None:
    board = _open(client)
    version = board.version
    for _ in range(5):
        version = _act(client, board, version)
    with connection.cursor() as cursor:
        cursor.execute("SELECT data FROM simulator_board WHERE slug = %s", [board.slug])
        text = cursor.fetchone()[0]
    saved = json.loads(text) if isinstance(text, str) else text
    assert saved["actions"][-5:] == [json.loads(GAIN)] * 5
    assert saved == store.duel_of(Board.objects.get(slug=board.slug)).to_dict() | {
        k: v for k, v in saved.items() if k not in ("game", "settings", "setup", "actions")}


# -- reading a board ---------------------------------------------------------------------

@pytest.mark.django_db
def test_a_board_this_process_holds_is_read_without_its_history(client: Client) -> None:
    board = _open(client)
    version = _act(client, board, board.version)
    with CaptureQueriesContext(connection) as queries:
        loaded = store.load(board.slug)
    assert len(queries) == 1 and '"data"' not in queries[0]["sql"]
    assert loaded.version == version
    assert loaded.data == Board.objects.get(slug=board.slug).data


@pytest.mark.django_db
def test_a_board_read_without_its_history_has_every_other_field_as_the_orm_reads_it(
        client: Client) -> None:
    board = _open(client)
    _act(client, board, board.version)
    Board.objects.filter(pk=board.pk).update(  # fields of every kind, none at its default
        seats=True, presenter_at=3, presenter_frame=2, title="Ｔ «x»",
        script_left={"step": 2, "how": "action", "actions": [{"do": "pass"}]})
    row = Board.objects.get(slug=board.slug)
    loaded = store.load(board.slug)  # another version now: read whole...
    store._remember(row, store.duel_of(row))
    light = store.load(board.slug)  # ...and now without its history
    assert light is not loaded and light._state.db == row._state.db and not light._state.adding
    for field in Board._meta.concrete_fields:
        assert getattr(light, field.attname) == getattr(row, field.attname), field.name
    assert light.updated.tzinfo is not None and light.seats is True


@pytest.mark.django_db
def test_a_board_moved_on_elsewhere_is_read_whole(client: Client) -> None:
    """Another worker saved a newer version: its row is read, history and all."""
    board = _open(client)
    version = _act(client, board, board.version)
    row = Board.objects.get(slug=board.slug)
    elsewhere = {**row.data, "actions": row.data["actions"][:-1]}
    Board.objects.filter(pk=row.pk).update(version=F("version") + 1, data=elsewhere)
    loaded = store.load(board.slug)
    assert loaded.version == version + 1 and loaded.data == elsewhere
    assert len(store.duel_of(loaded).actions) == len(elsewhere["actions"])


@pytest.mark.django_db
def test_an_unknown_board_is_not_found(client: Client) -> None:
    with pytest.raises(Board.DoesNotExist):
        store.load("no-such-board")
    assert client.get("/b/no-such-board/").status_code == 404


# -- the request's thread ----------------------------------------------------------------

@pytest.mark.django_db(transaction=True)
def test_requests_run_in_a_fixed_pool_with_the_whole_middleware() -> None:
    from simulator.asgi import django_asgi_app

    assert isinstance(django_asgi_app, PooledASGIHandler)

    async def get(path: str) -> dict:
        return await HttpCommunicator(django_asgi_app, "GET", path, headers=[
            (b"host", b"localhost")]).get_response(timeout=30)

    for _ in range(THREADS * 3):
        response = async_to_sync(get)("/rules/")
        assert response["status"] == 200
        headers = {name.lower() for name, _ in response["headers"]}
        assert b"content-security-policy" in headers and b"x-request-id" in headers
    assert async_to_sync(get)("/b/no-such-board/")["status"] == 404
    assert len(django_asgi_app.pool._threads) <= THREADS
    assert all(t.name.startswith("request") for t in django_asgi_app.pool._threads)


@pytest.mark.django_db(transaction=True)
def test_the_update_goes_out_on_the_event_loop_once_the_answer_is_sent() -> None:
    """Through the site's handler, the ready update is sent right after the answer's last
    byte, without a thread; closing the response later sends nothing twice."""
    from simulator.asgi import django_asgi_app

    layer = get_channel_layer()
    seen: list[str] = []

    async def run() -> None:
        channel = await layer.new_channel()
        await layer.group_add("board.test-update", channel)
        update = {"type": "board.update", "group": "board.test-update", "html": "<p>new</p>"}
        response = ThenResponse("answer", messages=[("board.test-update", update)])

        async def send(message: dict) -> None:
            seen.append(message["type"])

        await django_asgi_app.send_response(response, send)
        seen.append((await asyncio.wait_for(layer.receive(channel), 5))["html"])
        await sync_to_async(response.close)()
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(layer.receive(channel), 0.2)
        await layer.group_discard("board.test-update", channel)

    async_to_sync(run)()
    assert seen == ["http.response.start", "http.response.body", "<p>new</p>"]


@pytest.mark.django_db(transaction=True)
def test_the_update_still_goes_out_when_the_request_is_cancelled_meanwhile() -> None:
    """Django cancels the request as soon as the acting browser, its answer read, closes the
    connection: the update being sent (on Redis, over the network) goes out all the same."""
    layer = get_channel_layer()

    async def run() -> str:
        channel = await layer.new_channel()
        await layer.group_add("board.test-cancel", channel)
        update = {"type": "board.update", "group": "board.test-cancel", "html": "<p>v2</p>"}
        response = ThenResponse("answer", messages=[("board.test-cancel", update)])
        request = asyncio.ensure_future(response.publish_ready())
        await asyncio.sleep(0)  # the sending has started
        request.cancel()
        with pytest.raises(asyncio.CancelledError):
            await request
        got = await asyncio.wait_for(layer.receive(channel), 5)
        await layer.group_discard("board.test-cancel", channel)
        return got["html"]

    assert async_to_sync(run)() == "<p>v2</p>"


@pytest.mark.django_db(transaction=True)
def test_a_browser_that_leaves_before_its_answer_does_not_stop_the_fan_out(monkeypatch) -> None:
    """The acting browser closes the connection while its view still runs: the handler waits
    for the view all the same and closes its answer, which sends what it saved to every other
    viewer (no finaliser, no thread of its own)."""
    from simulator.asgi import django_asgi_app

    fanned = threading.Event()
    started = threading.Event()

    def slow_view(request):
        started.set()
        time.sleep(0.3)  # the browser leaves meanwhile
        return ThenResponse("answer", then=fanned.set)

    monkeypatch.setattr(django_asgi_app, "_respond", slow_view)
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "POST", "scheme": "http", "path": "/b/x/act", "raw_path": b"/b/x/act",
             "query_string": b"", "root_path": "", "headers": [(b"host", b"localhost")],
             "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80)}
    sent: list[str] = []

    async def run() -> None:
        messages = [{"type": "http.request", "body": b"", "more_body": False}]

        async def receive() -> dict:
            if messages:
                return messages.pop(0)
            while not started.is_set():
                await asyncio.sleep(0.01)
            return {"type": "http.disconnect"}

        async def send(message: dict) -> None:
            sent.append(message["type"])

        await asyncio.wait_for(django_asgi_app.handle(scope, receive, send), 10)

    async_to_sync(run)()
    assert fanned.is_set()  # by the handler itself, before it returned
    assert sent == []  # nobody was there to read the answer


def test_a_rules_address_is_looked_up_once_per_script_prefix() -> None:
    from django.urls import clear_script_prefix, reverse, set_script_prefix

    from simulator.templatetags.languages import rule_url

    assert rule_url("YGO-MISS") == reverse("rule", args=["YGO-MISS"]) == "/rules/YGO-MISS/"
    set_script_prefix("/sim/")
    try:
        assert rule_url("YGO-MISS") == reverse("rule", args=["YGO-MISS"]) == (
            "/sim/rules/YGO-MISS/")
    finally:
        clear_script_prefix()
    assert rule_url("YGO-MISS") == "/rules/YGO-MISS/"


# -- the mat drawn again only when it changed ----------------------------------------------

@pytest.mark.django_db
def test_no_cards_look_reads_the_life_points_or_the_history() -> None:
    """What lets an update take the mat's sides and the triggers from the previous version
    (``same_mat``): a state that differs only in life points and history shows the very
    same mat and triggers, for every built-in scenario at every third frame, to every kind
    of viewer."""
    from engine.scenario import builtin_scenarios, load_scenario
    from simulator.playback import duel_at, frames_since
    from simulator.rendering import same_mat, view_model

    def mat(duel, view: str) -> list:
        shown = view_model(board, duel, view=view)
        return [[{k: v for k, v in side.items() if k != "lp"} for side in shown["sides"]],
                shown["triggers"]]

    states = 0
    for path in builtin_scenarios():
        board = script.board_from_scenario(load_scenario(path))
        played = script.played_out(board)
        for frame in frames_since(played, 0)[::3]:
            shown = duel_at(played, frame)
            other = duel_at(played, frame)
            other.state = shown.state.copy()
            other.state.lp = [1, 123456]
            other.state.instant += 5
            other.state.log = [*other.state.log, *other.state.log[-3:]]
            other.state.instants = other.state.instants[:-1]
            assert same_mat(shown.state, other.state)
            for view in ("open", "p1", "p2"):
                assert mat(shown, view) == mat(other, view), (path, frame.step, frame.n)
            states += 1
        moved = played.state.copy()  # anything else is the mat's
        moved.turn += 1
        assert not same_mat(played.state, moved)
    assert states > 300


@pytest.mark.django_db
def test_the_mat_is_taken_from_the_previous_version_only_when_it_cannot_differ(
        client: Client) -> None:
    from django.utils import translation

    from simulator import rendering

    board = _open(client)
    version = _act(client, board, board.version)
    before = rendering._LAST[(board.slug, "open")]
    version = _act(client, board, version)  # life points only: the same sides, not drawn
    after = rendering._LAST[(board.slug, "open")]
    assert after["kept"]["sides"][0]["rows"] is before["kept"]["sides"][0]["rows"]
    assert after["kept"]["triggers"] is before["kept"]["triggers"]
    assert after["kept"]["looks"] is before["kept"]["looks"] is not None  # the frames' too
    assert after["marks"]["board"] == before["marks"]["board"]
    assert [s["lp"] for s in after["kept"]["sides"]] != [
        s["lp"] for s in before["kept"]["sides"]]
    duel = store.duel_of(Board.objects.get(pk=board.pk))
    card = next(c.iid for c in duel.state.cards.values() if c.zone == "hand")
    html = client.post(f"/b/{board.slug}/act", {  # a card moves: drawn and sent
        "version": version, "action": json.dumps({"do": "move", "card": card, "zone": "gy"})},
        HTTP_HX_REQUEST="true").content.decode()
    moved = rendering._LAST[(board.slug, "open")]
    assert moved["kept"]["sides"][0]["rows"] is not after["kept"]["sides"][0]["rows"]
    assert moved["marks"]["sides"] != after["marks"]["sides"] and 'id="board"' in html
    with translation.override("fr"):  # another language: drawn again, in its words
        duel = store.duel_of(Board.objects.get(pk=board.pk))
        french = rendering.render_update(Board.objects.get(pk=board.pk), duel, "open")
    assert rendering._LAST[(board.slug, "open")]["lang"] == "fr" and french


#: the board's own row (a browser's first limited request also stamps its session, once)
BOARD_UPDATE = 'UPDATE "simulator_board"'


@pytest.mark.django_db
def test_a_change_writes_the_fields_it_changed_with_its_history(client: Client) -> None:
    board = _open(client)
    with CaptureQueriesContext(connection) as queries:
        version = _act(client, board, board.version)
    (update,) = [q["sql"] for q in queries if q["sql"].startswith(BOARD_UPDATE)]
    assert '"data"' in update and '"version"' in update and '"title"' not in update
    assert '"pending_steps"' not in update and '"script_left"' in update  # it left the script
    with CaptureQueriesContext(connection) as queries:
        response = client.post(f"/b/{board.slug}/rename", {"version": version,
                                                           "title": "Renamed"})
    assert response.status_code == 200
    (update,) = [q["sql"] for q in queries if q["sql"].startswith(BOARD_UPDATE)]
    assert '"title"' in update and '"script_left"' not in update
    row = Board.objects.get(pk=board.pk)
    assert row.title == "Renamed" and row.script_left is not None and row.version == version + 1


@pytest.mark.django_db
def test_the_last_chain_taken_from_the_previous_version_is_the_one_read_afresh() -> None:
    """Over every built-in Yu-Gi-Oh! scenario's log cut anywhere and grown by a few entries,
    and over long logs whose last chain slides out of the 400 entries read: the last chain
    kept from the shorter log is the one read from the longer."""
    import copy

    from engine.scenario import builtin_scenarios, load_scenario
    from simulator.rendering import Viewer, _last_chain

    def at(duel, log):
        shown = copy.copy(duel)
        shown.state = copy.copy(duel.state)
        shown.state.log = log
        return Viewer(shown)

    compared = reused = 0
    for path in builtin_scenarios("yugioh"):
        duel = script.played_out(script.board_from_scenario(load_scenario(path)))
        log = duel.state.log
        filler = [e for e in log if e["key"] == "action"][:1] * 390
        for full in (log, log[:len(log) // 2] + filler + log[len(log) // 2:]):
            for cut in range(0, len(full), 5):
                kept = _last_chain(at(duel, full[:cut]))
                for grown in range(cut, min(len(full), cut + 6) + 1):
                    afresh = _last_chain(at(duel, full[:grown]))
                    assert _last_chain(at(duel, full[:grown]), kept) == afresh, (path, cut)
                    compared += 1
                    reused += afresh[0] == kept[0] != []
    assert compared > 5000 and reused > 100


@pytest.mark.parametrize("slug", ["abc", "x987654321y", "987654322", "a-_b"])
def test_a_boards_addresses_are_reversed_once_and_filled_in(slug: str) -> None:
    from django.urls import clear_script_prefix, reverse, set_script_prefix

    from simulator.addresses import address, frame_url, step_url

    for prefix in ("/", "/sim/"):
        set_script_prefix(prefix)
        try:
            for k in (0, 7, 987654321):
                assert step_url("board_at", slug)(k) == reverse("board_at", args=[slug, k])
                assert step_url("board_frames", slug)(k) == reverse("board_frames",
                                                                    args=[slug, k])
                assert frame_url(slug)(k, 3) == reverse("board_frame", args=[slug, k, 3])
            assert address("board", slug) == reverse("board", args=[slug])
        finally:
            clear_script_prefix()


@pytest.mark.django_db
def test_a_change_that_edits_a_field_in_place_is_saved_all_the_same(client: Client) -> None:
    board = _open(client)
    steps = len(board.pending_steps)
    assert steps >= 1 and board.script_left is None

    def change(locked: Board, duel) -> None:  # edits the lists it was given, in place
        locked.pending_steps.pop(0)
        duel.apply({"do": "gain_lp", "player": "p1", "amount": 100})

    store._apply_and_save(board, board.version, change)
    row = Board.objects.get(pk=board.pk)
    assert len(row.pending_steps) == steps - 1 == len(board.pending_steps)


# -- a change started from the row this process saved ------------------------------------

def _board_reads(queries) -> list[str]:
    return [q["sql"] for q in queries
            if q["sql"].startswith("SELECT") and '"simulator_board"' in q["sql"]]


@pytest.mark.django_db
def test_an_action_on_the_version_this_process_saved_reads_no_board_row(client: Client) -> None:
    board = _open(client)
    version = _act(client, board, board.version)
    with CaptureQueriesContext(connection) as queries:
        after = _act(client, board, version)
    assert after == version + 1 and _board_reads(queries) == []
    (update,) = [q["sql"] for q in queries if q["sql"].startswith(BOARD_UPDATE)]
    checked = update.split(" WHERE ")[1]
    assert all(f'"{name}" = ' in checked for name in ("version", *store.GUARDED))
    row = Board.objects.get(pk=board.pk)
    assert row.version == after and row.updated == store.held(board.slug, after).updated
    assert len(row.data["actions"]) == len(store.duel_of(row).actions)


@pytest.mark.django_db
@pytest.mark.parametrize("elsewhere", ["title", "presenting", "keys", "keys_quietly",
                                       "version"])
def test_a_row_written_elsewhere_since_this_process_saved_it_decides_the_action(
        client: Client, elsewhere: str) -> None:
    """Another process (or a presentation) wrote the row after this process saved it: an
    action started from the row held in memory is not saved; it is decided again on the row
    as read. Keys changed by a write that did not even set the time of update are caught."""
    from django.utils import timezone

    from simulator.models import new_key

    board = _open(client)
    version = _act(client, board, board.version)
    row = Board.objects.filter(pk=board.pk)
    written = {"title": {"title": "Renamed elsewhere"}, "presenting": {"presenting": True},
               "keys": {"edit_key": new_key()}, "keys_quietly": {"edit_key": new_key()},
               "version": {"version": F("version") + 1}}[elsewhere]
    row.update(**written, **({} if elsewhere == "keys_quietly" else
                             {"updated": timezone.now()}))
    response = client.post(f"/b/{board.slug}/act", {"version": version, "action": GAIN},
                           HTTP_HX_REQUEST="true")
    saved = row.get()
    if elsewhere.startswith("keys"):  # the link's key is no longer the board's
        assert response.status_code == 403 and saved.version == version
    elif elsewhere == "version":  # someone acted first
        assert response.status_code == 409 and saved.version == version + 1
    else:
        assert response.status_code == 200 and saved.version == version + 1
        assert saved.title == ("Renamed elsewhere" if elsewhere == "title" else board.title)
        assert saved.presenting is (elsewhere == "presenting")
        if elsewhere == "title":
            assert "Renamed elsewhere" in response.content.decode()


@pytest.mark.django_db
def test_writing_a_field_of_the_row_drops_the_held_copy_and_moves_its_time(
        client: Client) -> None:
    board = _open(client)
    version = _act(client, board, board.version)
    held = store.held(board.slug, version)
    assert held is not None and store.held(board.slug, version - 1) is None
    store.set_fields(held, captions={"1": "A caption"})
    row = Board.objects.get(pk=board.pk)
    assert store.held(board.slug, version) is None and row.updated > held.held["updated"]
    assert row.captions == held.captions == {"1": "A caption"} and row.version == version
