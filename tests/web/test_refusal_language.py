"""A refused action explained in the reader's language: the board's message area words the
engine's reason in Japanese or French (card names too), and a scenario step refused as
expected is announced the same way."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from engine import IllegalAction
from engine.scenario import refusal_text
from simulator import boards
from simulator.models import Board

pytestmark = pytest.mark.django_db

#: the reason of summoning Sangan from the GY, in each language
REASONS = {"en": "Sangan is not a monster in a hand",
           "ja": "クリッターは手札のモンスターではありません",
           "fr": "n'est pas un monstre dans une main"}


def _client(lang: str) -> Client:
    return Client(HTTP_HOST="localhost", HTTP_ACCEPT_LANGUAGE=lang)


def _message(page: str) -> str:
    return html.unescape(re.search(r'id="message"[^>]*>([^<]*)<', page).group(1).strip())


def _own(client: Client, board: Board) -> None:
    assert client.get(f"/b/{board.slug}/edit/{board.edit_key}/").status_code == 302


@pytest.mark.parametrize("lang", ["en", "ja", "fr"])
def test_a_refused_action_says_why_in_the_readers_language(lang: str) -> None:
    client = _client(lang)
    board = boards.create_board(game="yugioh", setup={"turn_player": "p1",
                                                      "p1": {"gy": ["Sangan"]}})
    _own(client, board)
    response = client.post(f"/b/{board.slug}/act", {
        "version": 0, "do": "normal_summon",
        "card": str(boards.duel_of(board).ref("Sangan"))})
    assert response.status_code == 422
    message = _message(response.content.decode())
    assert REASONS[lang] in message
    if lang != "en":
        assert "is not a monster" not in message


def test_a_step_refused_as_expected_is_announced_in_japanese() -> None:
    client = _client("ja")
    response = client.post("/scenarios/yugioh/quick_play_set_on_the_opponents_turn/open")
    board = Board.objects.get(slug=response["Location"].split("/")[2])
    for version in (0, 1):
        response = client.post(f"/b/{board.slug}/step", {"version": version},
                               HTTP_HX_REQUEST="true")
        assert response.status_code == 200
    page = response.content.decode()
    assert "速攻魔法です：手札からは、コントローラーのターンにしか発動できません" in page
    assert "Quick-Play Spell" not in page


def test_a_board_that_left_its_script_says_why_in_each_language() -> None:
    board = boards.create_board(game="yugioh", setup={"turn_player": "p1",
                                                      "p1": {"gy": ["Sangan"]}})
    duel = boards.duel_of(board)
    with pytest.raises(IllegalAction) as refused:
        duel.apply({"do": "normal_summon", "card": duel.ref("Sangan")})
    boards._leave(board, "failed", [], reason=refusal_text(refused.value))
    assert board.script_left["reason"] == REASONS["en"]
    assert board.script_left["reasons"]["ja"] == REASONS["ja"]
    assert REASONS["fr"] in board.script_left["reasons"]["fr"]
