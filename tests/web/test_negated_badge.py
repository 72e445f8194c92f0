"""The board marks the cards whose effects are negated (continuous or until the end of turn)."""

from __future__ import annotations

import pytest
from django.test import Client

from simulator import store

pytestmark = pytest.mark.django_db


@pytest.fixture
def client() -> Client:
    return Client(HTTP_HOST="localhost")


def test_cards_negated_by_a_continuous_effect_are_marked(client: Client) -> None:
    board = store.create_board(game="yugioh", setup={
        "turn_player": "p1", "phase": "main1",
        "p1": {"monster": ["Jinzo"], "spell_trap": ["Royal Decree"]},
        "p2": {"monster": ["Sangan"]},
    })
    html = client.get(f"/b/{board.slug}/").content.decode()
    tiles = {name: html.split(f'<span class="card-name">{name}</span>', 1)[1].split("</summary>")[0]
             for name in ("Jinzo", "Royal Decree", "Sangan")}
    assert 'class="badge negated"' in tiles["Royal Decree"]  # a Trap effect on the field
    assert "effects negated" in tiles["Royal Decree"]
    assert "negated" not in tiles["Jinzo"] and "negated" not in tiles["Sangan"]


def test_a_set_card_shows_no_negation(client: Client) -> None:
    """A face-down Trap under "Trap effects are negated" shows nothing: the badge would tell
    the opponent that the Set card is a Trap."""
    board = store.create_board(game="yugioh", setup={
        "turn_player": "p1", "phase": "main1",
        "p1": {"monster": ["Jinzo"]},
        "p2": {"spell_trap": [{"card": "Trap Hole", "set": True}]},
    })
    html = client.get(f"/b/{board.slug}/").content.decode()
    tile = html.split('<span class="card-name">Trap Hole</span>', 1)[1].split("</summary>")[0]
    assert "negated" not in tile
