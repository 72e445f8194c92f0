"""The live board over HTTP: pages, actions, stale versions, errors, glossary, library."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from simulator import store
from simulator.models import Board

pytestmark = pytest.mark.django_db


@pytest.fixture
def client() -> Client:
    return Client(HTTP_HOST="localhost")


def _version(html: str) -> int:
    return int(re.search(r'id="board-version" name="version" value="(\d+)"', html).group(1))


def _message(html: str) -> str:
    return re.search(r'id="message"[^>]*>([^<]*)<', html).group(1).strip()


def own(client: Client, board: Board) -> Board:
    """Open the board's edit link in this client (as its owner would)."""
    assert client.get(f"/b/{board.slug}/edit/{board.edit_key}/").status_code == 302
    return board


def open_scenario(client: Client, slug: str = "amazoness_village_soul_taker") -> Board:
    response = client.post(f"/scenarios/yugioh/{slug}/open")
    assert response.status_code == 302
    return Board.objects.get(slug=response["Location"].split("/")[2])


def test_home_lists_scenarios_and_recent_boards(client: Client) -> None:
    html = client.get("/").content.decode()
    assert "Amazoness Village misses the timing after Soul Taker" in html
    board = open_scenario(client)
    html = client.get("/").content.decode()
    assert "Boards you opened recently" in html and board.slug in html
    other = Client(HTTP_HOST="localhost")
    assert board.slug not in other.get("/").content.decode()  # never a global list


def test_new_board_and_board_page(client: Client) -> None:
    response = client.post("/boards/new", {"game": "yugioh", "preset": "OCG"})
    assert response.status_code == 302
    board = Board.objects.get()
    assert board.data["settings"]["preset"] == "OCG"
    html = client.get(response["Location"]).content.decode()
    assert f'ws-connect="/ws/b/{board.slug}/"' in html
    for part in ('id="status"', 'id="board"', 'id="chain"', 'id="decision"', 'id="log"',
                 'id="library"'):
        assert part in html


def test_scenario_steps_to_its_end_and_explains_the_miss(client: Client) -> None:
    board = open_scenario(client)
    response = client.post(f"/b/{board.slug}/step", {"version": 0}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'hx-swap-oob="true"' in html
    assert "missed the timing" in html and "YGO-MISS" in html
    board.refresh_from_db()
    assert board.version == 1 and board.pending_steps == []


def test_action_from_a_card_menu(client: Client) -> None:
    board = store.create_board(game="yugioh", setup={
        "turn_player": "p1", "p1": {"monster": ["Sangan"], "deck": ["Kuriboh"]}})
    own(client, board)
    duel = store.duel_of(board)
    html = client.get(f"/b/{board.slug}/").content.decode()
    sangan = duel.ref("Sangan")
    menu = f"/b/{board.slug}/card/{sangan}/menu"
    assert f"/b/{board.slug}/card/" in html and f"data-card=\"{sangan}\"" in html
    assert "Destroy by card effect" in client.get(menu).content.decode()
    action = {"do": "destroy", "card": duel.ref("Sangan")}
    response = client.post(f"/b/{board.slug}/act",
                           {"version": 0, "action": json.dumps(action)})
    assert response.status_code == 200
    board.refresh_from_db()
    assert board.version == 1
    assert store.duel_of(board).state.zones[0]["hand"]


def test_illegal_action_changes_nothing_and_says_why(client: Client) -> None:
    board = store.create_board(game="yugioh", setup={"turn_player": "p1",
                                                      "p1": {"gy": ["Sangan"]}})
    own(client, board)
    before = dict(board.data)
    response = client.post(f"/b/{board.slug}/act", {"version": 0, "do": "normal_summon",
                                                    "card": str(store.duel_of(board).ref(
                                                        "Sangan"))})
    assert response.status_code == 422
    assert "is not a monster in a hand" in _message(response.content.decode())
    board.refresh_from_db()
    assert board.version == 0 and board.data == before


def test_forged_action_is_refused_politely(client: Client) -> None:
    board = store.create_board(game="yugioh", setup={})
    own(client, board)
    for payload in ("not json", "[1, 2]", json.dumps({"do": "explode"}),
                    json.dumps({"do": "destroy", "card": "999999"})):
        response = client.post(f"/b/{board.slug}/act", {"version": 0, "action": payload})
        assert response.status_code == 422, payload
    board.refresh_from_db()
    assert board.version == 0


def test_stale_action_is_refused_and_resyncs(client: Client) -> None:
    board = open_scenario(client)
    assert client.post(f"/b/{board.slug}/step", {"version": 0}).status_code == 200
    response = client.post(f"/b/{board.slug}/act", {"version": 0, "do": "next_phase"})
    assert response.status_code == 409
    html = response.content.decode()
    assert "acted on this board first" in _message(html)
    assert _version(html) == 1  # the resync carries the current version


def test_place_from_the_library_and_remove(client: Client) -> None:
    board = store.create_board(game="yugioh", setup={})
    own(client, board)
    response = client.post(f"/b/{board.slug}/act", {"version": 0, "do": "place",
                                                    "card": "sangan", "zone": "monster",
                                                    "player": "p2"})
    assert response.status_code == 200
    duel = store.duel_of(Board.objects.get(pk=board.pk))
    iid = duel.ref("Sangan")
    assert duel.state.zones[1]["monster"] == [iid]
    response = client.post(f"/b/{board.slug}/act", {"version": 1, "do": "remove", "card": iid})
    assert response.status_code == 200
    assert store.duel_of(Board.objects.get(pk=board.pk)).state.zones[1]["monster"] == []


def test_decision_answered_from_the_page(client: Client) -> None:
    board = open_scenario(client, "sangan_caius_tcg")
    client.post(f"/b/{board.slug}/step", {"version": 0})
    html = client.get(f"/b/{board.slug}/").content.decode()
    assert "Order these effects" in html and 'class="sortable"' in html
    duel = store.duel_of(Board.objects.get(pk=board.pk))
    ids = [o["id"] for o in duel.state.decision.options]
    response = client.post(f"/b/{board.slug}/act", {"version": 1, "do": "answer",
                                                    "choice": list(reversed(ids))})
    assert response.status_code == 200
    # Caius's target comes next, in words
    assert "Caius the Shadow Monarch: choose 1 card to banish" in response.content.decode()


def test_auto_switch_and_undo(client: Client) -> None:
    board = open_scenario(client, "giant_rats_battle")
    client.post(f"/b/{board.slug}/auto", {"version": 0, "auto": "on"})
    client.post(f"/b/{board.slug}/step", {"version": 1})
    client.post(f"/b/{board.slug}/step", {"version": 2})
    board.refresh_from_db()
    duel = store.duel_of(board)
    assert board.auto and duel.state.decision is None
    assert len(duel.state.zones[0]["gy"]) == 1
    actions = len(duel.actions)
    assert client.post(f"/b/{board.slug}/undo", {"version": board.version}).status_code == 200
    board.refresh_from_db()
    assert len(store.duel_of(board).actions) == actions - 1


def test_unknown_board_and_unknown_rule_are_404(client: Client) -> None:
    assert client.get("/b/nope/").status_code == 404
    assert client.post("/b/nope/act", {"version": 0}).status_code == 404
    assert client.get("/rules/YGO-NOPE/").status_code == 404


def test_rule_glossary_links_examples_to_scenarios(client: Client) -> None:
    html = client.get("/rules/").content.decode()
    assert "YGO-MISS" in html and "DM-AP-FIRST" in html
    html = client.get("/rules/YGO-MISS/").content.decode()
    assert "Missing the timing" in html or "missing the timing" in html.lower()
    assert "/scenarios/yugioh/amazoness_village_soul_taker/open" in html


def test_card_search_by_english_or_japanese_name(client: Client) -> None:
    html = client.get("/cards/", {"q": "アマゾネス", "game": "yugioh"}).content.decode()
    assert "Amazoness Village" in html
    html = client.get("/cards/", {"q": "soul", "game": "yugioh"}).content.decode()
    assert "Soul Taker" in html and "Sangan" not in html


def test_actions_need_csrf() -> None:
    strict = Client(HTTP_HOST="localhost", enforce_csrf_checks=True)
    board = own(strict, store.create_board(game="yugioh", setup={}))
    response = strict.post(f"/b/{board.slug}/act", {"version": 0, "do": "next_phase"})
    assert response.status_code == 403
    assert "CSRF" in response.content.decode()


def test_board_survives_a_cache_loss(client: Client) -> None:
    board = open_scenario(client)
    client.post(f"/b/{board.slug}/step", {"version": 0})
    store._CACHE.clear()  # as after a restart: everything comes back from the database
    html = client.get(f"/b/{board.slug}/").content.decode()
    assert "missed the timing" in html


def test_updates_append_to_the_log_and_timeline(client: Client) -> None:
    board = store.create_board(game="yugioh", setup={"turn_player": "p1"})
    own(client, board)
    client.get(f"/b/{board.slug}/")
    gain = {"do": "gain_lp", "player": "p1", "amount": 100}
    first = client.post(f"/b/{board.slug}/act", {"version": 0, **gain})
    second = client.post(f"/b/{board.slug}/act", {"version": 1, **gain})
    html = second.content.decode()
    assert first.status_code == second.status_code == 200
    assert 'hx-swap-oob="beforeend:#log-list"' in html
    assert 'hx-swap-oob="beforeend:#timeline-list"' in html
    assert (f'<li value="2" data-step="2"><a href="/b/{board.slug}/at/2/">Player 1: gains 100 LP'
            in html)
    assert '<li value="1"' not in html  # only the new step is sent
    assert 'id="board"' not in html  # the board itself did not change...
    assert 'id="lp-p1" hx-swap-oob="true">8200 LP' in html  # ...only its life points
    # an undo shrinks the history: the log and timeline come back whole
    html = client.post(f"/b/{board.slug}/undo", {"version": 2}).content.decode()
    assert '<ol class="log" id="log-list">' in html and 'id="timeline-list"' in html
