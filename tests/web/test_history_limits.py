"""No acknowledged action is lost: every limit that reading a board applies is checked when an
action is saved, and a board saved over a limit before that still opens (engine.limits)."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from engine.limits import MAX_ACTIONS, MAX_WORK
from simulator import store
from simulator.models import Board

pytestmark = pytest.mark.django_db

STEP = {"do": "gain_lp", "player": "p1", "amount": 1}


@pytest.fixture
def client() -> Client:
    return Client(HTTP_HOST="localhost")


def board_with(client: Client, *, deck: int, actions: int) -> Board:
    """A board whose saved history holds ``actions`` steps over a set-up of ``deck`` cards,
    written straight into its row (as an older save could have left it)."""
    board = store.create_board(game="yugioh", setup={
        "turn_player": "p1", "p1": {"deck": ["Sangan"] * deck}})
    data = {**board.data, "actions": [dict(STEP) for _ in range(actions)]}
    Board.objects.filter(pk=board.pk).update(data=data, version=actions)
    forget_everything()
    assert client.get(f"/b/{board.slug}/edit/{board.edit_key}/").status_code == 302
    return Board.objects.get(pk=board.pk)


def forget_everything() -> None:
    """Leave every cache: what another worker, or this one after a restart, reads."""
    with store._CACHE_LOCK:
        store._CACHE.clear()
        store._HELD.clear()


def act(client: Client, board: Board, action: dict = STEP):
    return client.post(f"/b/{board.slug}/act", {"version": board.version,
                                                "action": json.dumps(action)})


def every_page(client: Client, board: Board) -> dict[str, int]:
    k = len(store.duel_of(board).actions)
    paths = [f"/b/{board.slug}/", f"/embed/{board.slug}/", f"/b/{board.slug}/chain.svg",
             f"/b/{board.slug}/at/{k}/", f"/b/{board.slug}/at/{k}/1/",
             f"/b/{board.slug}/export.yaml", f"/b/{board.slug}/follow/",
             f"/b/{board.slug}/chain.png"]
    return {p: client.get(p).status_code for p in paths}


@pytest.mark.parametrize(("deck", "limit"), [(240, "MAX_WORK"), (1, "MAX_ACTIONS")])
def test_the_action_past_a_limit_is_refused_and_the_board_still_opens(
        client: Client, deck: int, limit: str) -> None:
    room = min(MAX_ACTIONS, MAX_WORK // deck)
    board = board_with(client, deck=deck, actions=room)
    response = act(client, board)
    assert 400 <= response.status_code < 500
    text = response.content.decode()
    assert f"holds {room} actions" in text and "make a copy from here" in text
    assert limit in text
    board.refresh_from_db()
    assert board.version == room and len(board.data["actions"]) == room  # nothing saved
    forget_everything()  # leave the cache, as a restart does
    assert set(every_page(client, board).values()) == {200}


def test_a_board_saved_over_a_limit_opens_cut_with_a_notice_and_loses_nothing(
        client: Client) -> None:
    room = MAX_WORK // 240
    board = board_with(client, deck=240, actions=room + 1)
    pages = every_page(client, board)
    assert set(pages.values()) == {200}, pages
    html = client.get(f"/b/{board.slug}/").content.decode()
    assert 'id="history-notice"' in html
    assert f"saved with {room + 1} actions" in html and f"opens at action {room}" in html
    assert len(store.duel_of(board).actions) == room
    for response in (act(client, board),
                     client.post(f"/b/{board.slug}/undo", {"version": board.version})):
        assert 400 <= response.status_code < 500
    board.refresh_from_db()
    assert len(board.data["actions"]) == room + 1  # what was saved stays saved
    fork = client.post(f"/b/{board.slug}/fork", {"version": board.version, "at": room})
    assert fork.status_code in (200, 302)


def test_a_board_within_its_limits_shows_no_notice(client: Client) -> None:
    board = board_with(client, deck=1, actions=3)
    assert act(client, board).status_code == 200
    assert 'id="history-notice"' not in client.get(f"/b/{board.slug}/").content.decode()
