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
from simulator import script, store
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
    board = store.create_board(game="yugioh", setup={"turn_player": "p1",
                                                      "p1": {"gy": ["Sangan"]}})
    _own(client, board)
    response = client.post(f"/b/{board.slug}/act", {
        "version": 0, "do": "normal_summon",
        "card": str(store.duel_of(board).ref("Sangan"))})
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
    board = store.create_board(game="yugioh", setup={"turn_player": "p1",
                                                      "p1": {"gy": ["Sangan"]}})
    duel = store.duel_of(board)
    with pytest.raises(IllegalAction) as refused:
        duel.apply({"do": "normal_summon", "card": duel.ref("Sangan")})
    script._leave(board, "failed", [], reason=refusal_text(refused.value))
    assert board.script_left["reason"] == REASONS["en"]
    assert board.script_left["reasons"]["ja"] == REASONS["ja"]
    assert REASONS["fr"] in board.script_left["reasons"]["fr"]


# ---------------------------------------------------------------- a key the vocabulary refuses
#: a key not honoured beside a Special Summon by the rules, and its refusal in each language
UNKNOWN_STEP = ("game: yugioh\ntitle: t\nsetup: {p1: {hand: [Sangan, Kuriboh]}}\nsteps:\n"
                "  - {do: special_summon, card: Sangan, discard: Kuriboh}\nexpect: {}\n")
UNKNOWN_KEY = {"en": "unknown key discard in a step", "ja": "ステップに不明なキー discard",
               "fr": "clé inconnue discard dans une étape"}


@pytest.mark.parametrize("lang", ["en", "ja", "fr"])
def test_an_upload_with_a_key_the_engine_does_not_honour_is_refused_in_the_readers_language(
        lang: str) -> None:
    import io

    upload = io.BytesIO(UNKNOWN_STEP.encode())
    upload.name = "strict.yaml"
    before = Board.objects.count()
    response = _client(lang).post("/boards/import", {"file": upload})
    assert response.status_code == 400
    page = html.unescape(response.content.decode())
    assert UNKNOWN_KEY[lang] in page and "strict.yaml:5" in page
    assert Board.objects.count() == before


def test_the_card_editor_words_the_vocabularys_refusal_in_japanese() -> None:
    client = _client("ja")
    post = {"game": "yugioh", "text": "If this card is sent to the GY: Draw 1 card.",
            "name_en": "Grave Reader", "type": "monster", "subtype": "effect", "level": "3",
            "atk": "1000", "def": "800", "effects": "1", "e0-include": "on",
            "e0-kind": "trigger", "e0-wording": "if", "e0-label": "draw 1 card",
            "e0-activate_from": "gy", "e0-event": "{type: sent_to_gy, card: self}",
            "e0-operations": "[{op: draw, count: 1, cuont: 2}]", "do": "check"}
    page = html.unescape(client.post("/cards/new", post).content.decode())
    error = re.search(r'id="err-e0-operations"[^>]*>(.*?)</p>', page, re.S).group(1)
    assert "不明なキー cuont" in error
