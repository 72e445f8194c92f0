"""Links and seats: view, edit and seat rights over HTTP and websocket; hidden cards never
reach the other seat; snapshot links, the timeline, forks, import and export."""

from __future__ import annotations

import io
import json
import re

import pytest
import yaml
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from engine.links import encode
from engine.scenario import builtin_scenarios, load_scenario, run_scenario
from simulator import store
from simulator.asgi import application
from simulator.models import Board

pytestmark = pytest.mark.django_db(transaction=True)

SECRET = "Dark Magician"  # in Player 2's hand: Player 1's seat must never see its name


def _client() -> Client:
    return Client(HTTP_HOST="localhost")


def _seated_board() -> tuple[Board, Client, Client, Client, Client]:
    board = store.create_board(game="yugioh", setup={
        "turn_player": "p1", "phase": "main1",
        "p1": {"hand": ["Soul Taker"], "monster": ["Sangan"], "deck": ["Kuriboh"]},
        "p2": {"hand": [SECRET], "monster": ["Amazoness Swords Woman"],
               "spell_trap": [{"card": "Thunder Break", "set": True}],
               "field": ["Amazoness Village"]}})
    editor, p1, p2, watcher = _client(), _client(), _client(), _client()
    editor.get(f"/b/{board.slug}/edit/{board.edit_key}/")
    assert editor.post(f"/b/{board.slug}/seats", {"version": 0, "seats": "on"}).status_code == 200
    board.refresh_from_db()
    assert p1.get(f"/b/{board.slug}/seat/{board.p1_key}/").status_code == 302
    assert p2.get(f"/b/{board.slug}/seat/{board.p2_key}/").status_code == 302
    return board, editor, p1, p2, watcher


def test_keys_are_unguessable() -> None:
    board = store.create_board(game="yugioh", setup={})
    for key in (board.edit_key, board.p1_key, board.p2_key):
        assert len(key) * 6 >= 128  # base64url characters carry 6 bits each
    assert len({board.edit_key, board.p1_key, board.p2_key}) == 3


def test_view_link_watches_and_cannot_act() -> None:
    board = store.create_board(game="yugioh", setup={"turn_player": "p1"})
    watcher = _client()
    html = watcher.get(f"/b/{board.slug}/").content.decode()
    assert "role-view" in html and "You are watching this board live" in html
    for url, data in ((f"/b/{board.slug}/act", {"do": "next_phase"}),
                      (f"/b/{board.slug}/step", {}), (f"/b/{board.slug}/undo", {}),
                      (f"/b/{board.slug}/auto", {"auto": "on"}),
                      (f"/b/{board.slug}/seats", {"seats": "on"})):
        response = watcher.post(url, {"version": 0, **data})
        assert response.status_code == 403, url
    assert watcher.post(f"/b/{board.slug}/delete").status_code == 403
    assert watcher.post(f"/b/{board.slug}/rotate").status_code == 403
    board.refresh_from_db()
    assert board.version == 0 and Board.objects.filter(pk=board.pk).exists()


def test_wrong_keys_are_refused() -> None:
    board = store.create_board(game="yugioh", setup={})
    client = _client()
    assert client.get(f"/b/{board.slug}/edit/{'x' * 32}/").status_code == 403
    assert client.get(f"/b/{board.slug}/seat/{board.p1_key}/").status_code == 403  # no seats
    next_phase = {"version": 0, "do": "next_phase"}
    assert client.post(f"/b/{board.slug}/act", next_phase).status_code == 403


def test_rotating_the_edit_key_revokes_old_links() -> None:
    board = store.create_board(game="yugioh", setup={})
    owner, friend = _client(), _client()
    for client in (owner, friend):
        client.get(f"/b/{board.slug}/edit/{board.edit_key}/")
    old_key = board.edit_key
    assert owner.post(f"/b/{board.slug}/rotate").status_code == 302
    board.refresh_from_db()
    assert board.edit_key != old_key
    next_phase = {"version": 0, "do": "next_phase"}
    assert friend.post(f"/b/{board.slug}/act", next_phase).status_code == 403
    assert owner.post(f"/b/{board.slug}/act", next_phase).status_code == 200
    assert friend.get(f"/b/{board.slug}/edit/{old_key}/").status_code == 403


def test_owner_deletes_the_board() -> None:
    board = store.create_board(game="yugioh", setup={})
    owner = _client()
    owner.get(f"/b/{board.slug}/edit/{board.edit_key}/")
    assert owner.post(f"/b/{board.slug}/delete").status_code == 302
    assert not Board.objects.filter(slug=board.slug).exists()
    assert owner.get(f"/b/{board.slug}/").status_code == 404


def test_a_seat_answers_only_its_own_decisions_and_sees_no_hidden_card() -> None:
    board, editor, p1, p2, watcher = _seated_board()
    duel = store.duel_of(board)
    # Player 1's seat cannot fire events
    assert p1.post(f"/b/{board.slug}/act", {"version": 1, "do": "next_phase"}).status_code == 403
    # the editor activates Soul Taker: Player 2 may respond with Thunder Break
    soul_taker = duel.ref("Soul Taker")
    response = editor.post(f"/b/{board.slug}/act", {"version": 1, "action": json.dumps(
        {"do": "activate", "card": soul_taker})})
    assert response.status_code == 200
    board.refresh_from_db()
    decision = store.duel_of(board).state.decision
    assert decision is not None and decision.player == 1 and decision.kind == "respond"
    # Player 1's seat may not answer Player 2's decision
    response = p1.post(f"/b/{board.slug}/act", {"version": board.version, "do": "answer",
                                               "choice": "pass"})
    assert response.status_code == 403
    # hidden information: Player 1's seat never sees the name of Player 2's hand card
    for client in (p1,):
        html = client.get(f"/b/{board.slug}/").content.decode()
        assert SECRET not in html and "face-down card" in html
    assert SECRET in editor.get(f"/b/{board.slug}/").content.decode()
    watcher_html = watcher.get(f"/b/{board.slug}/").content.decode()
    assert SECRET not in watcher_html  # the public view of a board with seats
    # Player 2's seat answers its own decision
    response = p2.post(f"/b/{board.slug}/act", {"version": board.version, "do": "answer",
                                               "choice": "pass"})
    assert response.status_code == 200
    html = p2.get(f"/b/{board.slug}/").content.decode()
    assert SECRET in html  # Player 2 sees its own hand


def test_hidden_cards_never_reach_the_other_seat_over_the_websocket() -> None:
    board, editor, p1, p2, watcher = _seated_board()
    duel = store.duel_of(board)
    sangan = duel.ref("Sangan")
    p1_cookie = p1.cookies["sessionid"].value

    async def run() -> None:
        headers = [(b"origin", b"http://localhost"),
                   (b"cookie", f"sessionid={p1_cookie}".encode())]
        seat = WebsocketCommunicator(application, f"/ws/b/{board.slug}/", headers=headers)
        assert (await seat.connect())[0]
        frames = [await seat.receive_from()]
        response = await sync_to_async(editor.post)(
            f"/b/{board.slug}/act",
            {"version": 1, "action": json.dumps({"do": "destroy", "card": sangan})})
        assert response.status_code == 200
        frames.append(await seat.receive_from())
        await seat.disconnect()
        assert all(SECRET not in frame for frame in frames)
        assert "face-down card" in frames[0]

    async_to_sync(run)()


def test_foreign_origin_and_forged_frames_change_nothing() -> None:
    board, *_ = _seated_board()

    async def run() -> None:
        ws = WebsocketCommunicator(application, f"/ws/b/{board.slug}/",
                                   headers=[(b"origin", b"http://localhost")])
        assert (await ws.connect())[0]
        await ws.receive_from()
        await ws.send_to(text_data=json.dumps({"do": "next_phase", "version": 1}))
        assert await ws.receive_nothing()
        await ws.disconnect()

    async_to_sync(run)()
    board.refresh_from_db()
    assert board.version == 1


@pytest.mark.parametrize("path", builtin_scenarios(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_snapshot_link_opens_every_scenario_read_only(path) -> None:
    scn = load_scenario(path)
    duel = run_scenario(scn).duel
    link = encode(duel, title=scn.title, cards=scn.raw_cards or None)
    client = _client()
    response = client.get(f"/s/{link}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "A snapshot link: read-only." in html and "Make an editable copy" in html
    assert "ws-connect" not in html
    response = client.post(f"/s/{link}/copy")
    assert response.status_code == 302
    board = Board.objects.get(slug=response["Location"].split("/")[2])
    assert store.duel_of(board).state.to_dict() == duel.state.to_dict()


@pytest.mark.parametrize("link", ["", "1", "1abc", "9" + "A" * 50, "1" + "A" * 20000,
                                  "1eNqLjgUAARUAuQ", "1%00%FF"])
def test_broken_links_get_a_friendly_400(link: str) -> None:
    response = _client().get(f"/s/{link}/" if link else "/s/x/")
    assert response.status_code in (400, 404)
    assert "Traceback" not in response.content.decode()


def test_timeline_scrubs_and_forks_without_touching_the_original() -> None:
    client = _client()
    response = client.post("/scenarios/yugioh/sangan_caius_tcg_classic/open")
    board = Board.objects.get(slug=response["Location"].split("/")[2])
    for version in range(2):
        assert client.post(f"/b/{board.slug}/step", {"version": version}).status_code == 200
    board.refresh_from_db()
    total = len(store.duel_of(board).actions)
    html = client.get(f"/b/{board.slug}/").content.decode()
    assert f"/b/{board.slug}/at/1/" in html  # the timeline lists every step
    at1 = client.get(f"/b/{board.slug}/at/1/").content.decode()
    assert "after step 1: read-only" in at1 and "Continue from here" in at1
    assert client.get(f"/b/{board.slug}/at/{total + 1}/").status_code == 404
    response = client.post(f"/b/{board.slug}/fork", {"at": 1})
    fork = Board.objects.get(slug=response["Location"].split("/")[2])
    assert fork.pk != board.pk and len(fork.data["actions"]) == 1
    assert client.post(f"/b/{fork.slug}/act", {"version": 0, "do": "next_phase"}).status_code in (
        200, 422)
    board.refresh_from_db()
    assert len(store.duel_of(board).actions) == total  # the original is untouched


def test_export_then_import_gives_the_same_board() -> None:
    client = _client()
    response = client.post("/scenarios/yugioh/giant_rats_battle/open")
    board = Board.objects.get(slug=response["Location"].split("/")[2])
    for version in range(4):
        assert client.post(f"/b/{board.slug}/step", {"version": version}).status_code == 200
    board.refresh_from_db()
    exported = client.get(f"/b/{board.slug}/export.yaml")
    assert exported.status_code == 200
    data = yaml.safe_load(exported.content)
    assert data["game"] == "yugioh" and len(data["steps"]) == 4
    upload = io.BytesIO(exported.content)
    upload.name = "giant_rats.yaml"
    response = client.post("/boards/import", {"file": upload})
    assert response.status_code == 302
    copy = Board.objects.get(slug=response["Location"].split("/")[2])
    for version in range(4):
        assert client.post(f"/b/{copy.slug}/step", {"version": version}).status_code == 200
    copy.refresh_from_db()
    assert store.duel_of(copy).state.to_dict() == store.duel_of(board).state.to_dict()


@pytest.mark.parametrize(("text", "says"), [
    ("game: yugioh\ntitle: t\nsetup: {p1: {hand: [Nope]}}\nsteps: []\nexpect: {}\n", "Nope"),
    ("game: yugioh\ntitle: t\nsetup: {}\nsteps:\n  - {do: destroy, card: 99}\nexpect: {}\n",
     "step 1"),
    ("game: yugioh\ntitle: [\n", "line"),
    ("game: chess\ntitle: t\nsetup: {}\nsteps: []\nexpect: {}\n", "game"),
])
def test_broken_uploads_are_refused_and_nothing_is_created(text: str, says: str) -> None:
    upload = io.BytesIO(text.encode())
    upload.name = "broken.yaml"
    before = Board.objects.count()
    response = _client().post("/boards/import", {"file": upload})
    assert response.status_code == 400
    assert re.search(says, response.content.decode())
    assert Board.objects.count() == before


def test_unused_boards_are_pruned() -> None:
    from datetime import timedelta

    from django.core.management import call_command
    from django.utils import timezone

    old = store.create_board(game="yugioh", setup={})
    fresh = store.create_board(game="yugioh", setup={})
    Board.objects.filter(pk=old.pk).update(updated=timezone.now() - timedelta(days=91))
    call_command("prune_boards")
    assert not Board.objects.filter(pk=old.pk).exists()
    assert Board.objects.filter(pk=fresh.pk).exists()


@pytest.mark.parametrize("source", ["scenario", "board"])
def test_a_board_runs_again_under_another_preset(source: str) -> None:
    client = _client()
    response = client.post("/scenarios/yugioh/sangan_caius_tcg_classic/open")
    board = Board.objects.get(slug=response["Location"].split("/")[2])
    for version in range(len(board.pending_steps)):
        assert client.post(f"/b/{board.slug}/step", {"version": version}).status_code == 200
    if source == "board":
        Board.objects.filter(pk=board.pk).update(scenario="")
    response = client.post(f"/b/{board.slug}/rerun", {"preset": "OCG"})
    rerun = Board.objects.get(slug=response["Location"].split("/")[2])
    assert rerun.data["settings"]["preset"] == "OCG"
    assert rerun.pending_steps == []  # the whole history was played: it is replayed whole
    duel = store.duel_of(Board.objects.get(pk=rerun.pk))
    assert duel.state.decision is None
    links = [e for e in duel.state.log if e["key"] == "chain.link"]
    assert len(links) == 2  # Sangan and Caius, ordered freely under OCG (default order)


def test_fuzzed_snapshot_links_never_cause_a_server_error() -> None:
    from urllib.parse import quote

    from hypothesis import given, settings
    from hypothesis import strategies as st

    client = _client()
    scn = load_scenario(builtin_scenarios("yugioh")[0])
    good = encode(run_scenario(scn).duel)
    char = st.characters(codec="utf-8")  # a lone surrogate cannot be put in a URL at all

    @settings(max_examples=80, deadline=None)
    @given(st.one_of(st.text(min_size=1, max_size=120),
                     st.integers(1, len(good) - 1).map(lambda n: good[:n]),
                     st.tuples(st.integers(1, len(good) - 2), char).map(
                         lambda t: good[:t[0]] + t[1] + good[t[0] + 1:])))
    def check(link: str) -> None:
        response = client.get(f"/s/{quote(link, safe='')}/")
        assert response.status_code in (200, 400, 404), link

    check()


def test_the_snapshot_link_is_asked_for_by_editors_not_sent_with_every_update() -> None:
    """Encoding the whole history is left out of the updates every viewer gets: the editors'
    share panel asks for the link, and gets the board as it is now."""
    from simulator.rendering import snapshot_path

    board, editor, p1, _p2, watcher = _seated_board()
    page = editor.get(f"/b/{board.slug}/").content.decode()
    assert 'id="snapshot-link"' in page and f'data-src="/b/{board.slug}/snapshot-link"' in page
    update = editor.post(f"/b/{board.slug}/act", {
        "version": 1, "action": json.dumps({"do": "gain_lp", "player": "p1", "amount": 100})},
        HTTP_HX_REQUEST="true")
    assert update.status_code == 200
    assert "data-snapshot" not in update.content.decode()
    assert "/s/" not in update.content.decode()
    board.refresh_from_db()
    answer = editor.get(f"/b/{board.slug}/snapshot-link").json()
    assert answer == {"link": "http://localhost" + snapshot_path(board, store.duel_of(board)),
                      "version": 2}
    opened = _client().get(answer["link"].removeprefix("http://localhost"))
    assert opened.status_code == 200 and "Player 1" in opened.content.decode()
    for other in (p1, watcher):  # a seat or a watcher would learn the hidden cards from it
        refused = other.get(f"/b/{board.slug}/snapshot-link")
        assert refused.status_code == 403 and "error" in refused.json()
