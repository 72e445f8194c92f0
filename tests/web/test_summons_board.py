"""The board offers Synchro, Xyz and Link Summons and shows an Xyz Monster's materials."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from simulator import boards
from simulator.models import Board

pytestmark = pytest.mark.django_db


@pytest.fixture
def client() -> Client:
    return Client(HTTP_HOST="localhost")


def own(client: Client, board: Board) -> Board:
    assert client.get(f"/b/{board.slug}/edit/{board.edit_key}/").status_code == 302
    return board


def test_an_xyz_tile_shows_its_rank_and_materials(client: Client) -> None:
    board = own(client, boards.create_board(game="yugioh", setup={
        "turn_player": "p1",
        "p1": {"monster": [{"card": "Ghostrick Alucard", "under": ["Sangan", "Dandelion"]},
                           "Proxy Dragon"]}}))
    html = client.get(f"/b/{board.slug}/").content.decode()
    assert "2 materials: Sangan, Dandelion" in html
    assert "Rank 3" in html and "LINK-2" in html


def test_the_card_menu_offers_a_synchro_summon_that_the_board_then_plays(client: Client) -> None:
    board = own(client, boards.create_board(game="yugioh", setup={
        "turn_player": "p1",
        "p1": {"monster": ["Tuningware", "Synchro Fusionist", "Celtic Guardian"],
               "extra": ["Black Rose Dragon"], "deck": ["Kuriboh", "Polymerization"]}}))
    duel = boards.duel_of(board)
    rose = duel.ref("Black Rose Dragon")
    menu = client.get(f"/b/{board.slug}/card/{rose}/menu").content.decode()
    assert "Synchro Summon with Tuningware, Synchro Fusionist, Celtic Guardian" in menu
    action = {"do": "synchro_summon", "card": rose,
              "materials": [duel.ref(n) for n in ("Tuningware", "Synchro Fusionist",
                                                  "Celtic Guardian")]}
    response = client.post(f"/b/{board.slug}/act", {"version": 0, "action": json.dumps(action)})
    assert response.status_code == 200
    board.refresh_from_db()
    after = boards.duel_of(board)
    assert after.state.cards[rose].zone == "monster"
    assert "as Synchro Material" in "\n".join(after.transcript())
