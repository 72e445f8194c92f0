"""Inputs that answered 500 answer a 4xx with the reason, and HEAD is answered wherever GET is."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from simulator import boards
from simulator.models import Board, CardSet

pytestmark = pytest.mark.django_db


@pytest.fixture
def client() -> Client:
    return Client(HTTP_HOST="localhost", raise_request_exception=False)


@pytest.fixture
def board(client: Client) -> Board:
    board = boards.create_board(game="yugioh", setup={"turn_player": "p1"})
    assert client.get(f"/b/{board.slug}/edit/{board.edit_key}/").status_code == 302
    return board


@pytest.mark.parametrize("title", ["a\x00b", "bell\x07", "esc\x1b[31m", "del\x7f"])
def test_a_title_with_a_control_character_is_refused_and_nothing_is_stored(
        client: Client, board: Board, title: str) -> None:
    response = client.post(f"/b/{board.slug}/rename", {"version": board.version,
                                                        "title": title})
    assert 400 <= response.status_code < 500
    assert "character" in response.content.decode()
    stored = Board.objects.get(pk=board.pk)
    assert stored.title == board.title
    for path, form in ((f"/b/{board.slug}/fork", {"version": stored.version}),
                       (f"/b/{board.slug}/rerun", {"version": stored.version, "preset": "OCG"})):
        assert client.post(path, form).status_code < 500


def test_a_title_keeps_its_ordinary_characters(client: Client, board: Board) -> None:
    response = client.post(f"/b/{board.slug}/rename", {"version": board.version,
                                                        "title": "Sangan\tand  Caius"})
    assert response.status_code == 200
    assert Board.objects.get(pk=board.pk).title == "Sangan and Caius"


@pytest.mark.parametrize("count", ["²", "٣", "1e3", "-1", "\x00"])
def test_an_odd_effect_count_in_the_card_editor_is_not_a_500(client: Client,
                                                              count: str) -> None:
    response = client.post("/cards/new", {"game": "yugioh", "effects": count, "do": "check",
                                          "name_en": "Odd", "type": "monster"})
    assert response.status_code < 500


def test_head_is_answered_wherever_get_is(client: Client, board: Board) -> None:
    for path in ("/", "/rules/", f"/b/{board.slug}/", f"/embed/{board.slug}/",
                 f"/b/{board.slug}/chain.svg", "/cards/new"):
        get, head = client.get(path), client.head(path)
        assert head.status_code == get.status_code == 200, path
        assert head.content == b""


# ---------------------------------------------------------------------- a stale card set load
CARD = {"id": "grave_reader", "game": "yugioh", "name": {"en": "Grave Reader"},
        "type": "monster", "text": ""}


def _version_in(html: str) -> int:
    return int(re.search(r'id="board-version" name="version" value="(\d+)"', html).group(1))


def test_a_set_loaded_while_another_change_is_saved_first_is_refused_with_409(
        client: Client, board: Board, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another editor's change lands between the board read and the set's save: the set is
    not loaded, the answer is a 409 with the reason and the board as it is now."""
    card_set = CardSet.objects.create(title="Readers", game="yugioh", cards=[CARD])
    real = boards._save_if_at

    def someone_else_first(*args, **kwargs):
        monkeypatch.setattr(boards, "_save_if_at", real)
        boards.rename(boards.load(board.slug), "Their title")  # saved first
        return real(*args, **kwargs)

    monkeypatch.setattr(boards, "_save_if_at", someone_else_first)
    response = client.post(f"/b/{board.slug}/cards/load", {"set": card_set.slug})
    assert response.status_code == 409
    html = response.content.decode()
    assert "the set was not loaded" in html
    stored = Board.objects.get(pk=board.pk)
    assert stored.title == "Their title" and stored.data["cards"] == []
    assert _version_in(html) == stored.version == 1  # the page is the board as it is now
    again = client.post(f"/b/{board.slug}/cards/load", {"set": card_set.slug})
    assert again.status_code == 302
    assert Board.objects.get(pk=board.pk).data["cards"][0]["name"] == CARD["name"]

