"""The board offers Synchro, Xyz and Link Summons and shows an Xyz Monster's materials."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from simulator import store
from simulator.models import Board

pytestmark = pytest.mark.django_db


@pytest.fixture
def client() -> Client:
    return Client(HTTP_HOST="localhost")


def own(client: Client, board: Board) -> Board:
    assert client.get(f"/b/{board.slug}/edit/{board.edit_key}/").status_code == 302
    return board


def test_an_xyz_tile_shows_its_rank_and_materials(client: Client) -> None:
    board = own(client, store.create_board(game="yugioh", setup={
        "turn_player": "p1",
        "p1": {"monster": [{"card": "Ghostrick Alucard", "under": ["Sangan", "Dandelion"]},
                           "Proxy Dragon"]}}))
    html = client.get(f"/b/{board.slug}/").content.decode()
    assert "2 materials: Sangan, Dandelion" in html
    assert "Rank 3" in html and "LINK-2" in html


def test_the_card_menu_offers_a_synchro_summon_that_the_board_then_plays(client: Client) -> None:
    board = own(client, store.create_board(game="yugioh", setup={
        "turn_player": "p1",
        "p1": {"monster": ["Tuningware", "Synchro Fusionist", "Celtic Guardian"],
               "extra": ["Black Rose Dragon"], "deck": ["Kuriboh", "Polymerization"]}}))
    duel = store.duel_of(board)
    rose = duel.ref("Black Rose Dragon")
    menu = client.get(f"/b/{board.slug}/card/{rose}/menu").content.decode()
    assert "Synchro Summon with Tuningware, Synchro Fusionist, Celtic Guardian" in menu
    action = {"do": "synchro_summon", "card": rose,
              "materials": [duel.ref(n) for n in ("Tuningware", "Synchro Fusionist",
                                                  "Celtic Guardian")]}
    response = client.post(f"/b/{board.slug}/act", {"version": 0, "action": json.dumps(action)})
    assert response.status_code == 200
    board.refresh_from_db()
    after = store.duel_of(board)
    assert after.state.cards[rose].zone == "monster"
    assert "as Synchro Material" in "\n".join(after.transcript())


@pytest.mark.rule("YGO-INHERENT-SUMMON", "YGO-SUMMON-NEGATION")
def test_the_card_menu_offers_a_procedure_summon_and_the_board_asks_to_negate_it(
        client: Client) -> None:
    board = own(client, store.create_board(game="yugioh", setup={
        "turn_player": "p1", "p1": {"hand": ["The Tricky", "Dandelion"]},
        "p2": {"spell_trap": [{"card": "Solemn Judgment", "set": True}]}}))
    duel = store.duel_of(board)
    tricky = duel.ref("The Tricky")
    menu = client.get(f"/b/{board.slug}/card/{tricky}/menu").content.decode()
    assert "Special Summon by its own procedure" in menu
    action = {"do": "inherent_summon", "card": tricky}
    response = client.post(f"/b/{board.slug}/act", {"version": 0, "action": json.dumps(action)})
    assert response.status_code == 200
    board.refresh_from_db()
    after = store.duel_of(board)
    # Dandelion, the only other card, was discarded; Player 2 may negate the Summon now
    assert after.state.decision.prompt == "respond_summon" and after.state.decision.player == 1
    assert "Special Summoned by its own procedure" in "\n".join(after.transcript())
    page = client.get(f"/b/{board.slug}/").content.decode()
    assert "The Tricky would be Summoned: negate that Summon, or pass?" in page


@pytest.mark.rule("YGO-FIRST-TURN")
def test_a_new_board_can_be_set_at_the_duels_first_turn(client: Client) -> None:
    response = client.post("/boards/new", {"game": "yugioh", "preset": "TCG", "first_turn": "1"})
    assert response.status_code == 302
    board = Board.objects.get()
    assert board.data["settings"]["first_turn"] is True
    response = client.post(f"/b/{board.slug}/act", {
        "version": 0, "action": json.dumps({"do": "next_phase"})})
    assert response.status_code == 200
    board.refresh_from_db()
    assert store.duel_of(board).state.phase == "end"
    plain = client.post("/boards/new", {"game": "yugioh", "preset": "TCG"})
    assert "first_turn" not in Board.objects.get(slug=plain["Location"].split("/")[2]).data[
        "settings"]
