"""A Spell or Trap card's menu says why it cannot be activated now, citing the rule."""

from __future__ import annotations

import html as html_lib

import pytest
from django.test import Client

from simulator import boards, store

pytestmark = pytest.mark.django_db


@pytest.fixture
def client() -> Client:
    return Client(HTTP_HOST="localhost")


@pytest.mark.rule("YGO-RESPONSE-WINDOW")
def test_a_trap_whose_window_closed_says_what_happened_later(client: Client) -> None:
    board = store.create_board(game="yugioh", setup={
        "turn_player": "p1", "phase": "main1",
        "p1": {"hand": ["Marauding Captain", "Celtic Guardian"]},
        "p2": {"spell_trap": [{"card": "Trap Hole", "set": True}]}})
    assert client.get(f"/b/{board.slug}/edit/{board.edit_key}/").status_code == 302
    for step in ({"do": "normal_summon", "card": "Marauding Captain"},
                 {"do": "answer", "choice": "yes"}, {"do": "answer", "choice": "pass"}):
        boards.act(board, board.version, step)
        board.refresh_from_db()
    duel = store.duel_of(board)
    menu = html_lib.unescape(client.get(
        f"/b/{board.slug}/card/{duel.ref('Trap Hole')}/menu").content.decode())
    assert "Not now:</strong> Trap Hole can be activated only while its event is" in menu
    assert "instant 3: Celtic Guardian was Special Summoned" in menu
    assert "(YGO-RESPONSE-WINDOW)" in menu
    captain = client.get(f"/b/{board.slug}/card/{duel.ref('Marauding Captain')}/menu")
    assert "why-not" not in captain.content.decode()
