"""A player passed over because nothing of theirs may be activated is told why, in what that
seat and the editors see only: the reason names their hidden cards, so no other seat and no
watcher of a board with seats reads it (the log, the frames, the ruling text, the pages)."""

from __future__ import annotations

import pytest
from django.test import Client

from simulator import store
from simulator.models import Board
from tests.web.test_hidden_leaks import _act, _reachable, _seat

pytestmark = pytest.mark.django_db

TRAP = "Quillon Passtrap"
VEILER = "Varnish Passveiler"
P1_WHY = f"{TRAP} was Set this turn: a Trap, or a Quick-Play Spell, cannot be activated"
P2_WHY = f"{VEILER} cannot be activated now: it has no legal target"


def _cards() -> list[dict]:
    return [
        {"id": "zqp_trap", "name": {"en": TRAP}, "type": "trap", "subtype": "normal",
         "text": "Destroy 1 monster.",
         "effects": [{"kind": "activation", "operations": [
             {"op": "destroy", "choose": {"zone": "monster", "controller": "any"}}]}]},
        # a hand trap with no target now: "target 1 face-up Effect Monster your opponent
        # controls; negate its effects"
        {"id": "zqp_veiler", "name": {"en": VEILER}, "type": "monster", "subtype": "effect",
         "level": 1, "atk": 0, "def": 0, "attribute": "LIGHT", "race": "Spellcaster",
         "text": "Quick effect from the hand.",
         "effects": [{"kind": "quick", "activate_from": "hand", "cost": [
             {"op": "send_to_gy", "card": "self"}],
             "targets": [{"as": "target", "zone": "monster", "controller": "opponent",
                          "filter": {"face_up": True, "subtype": "effect"}}],
             "operations": [{"op": "negate_effects", "card": "target"}]}]},
        {"id": "zqp_plain", "name": {"en": "Plainview Passmonster"}, "type": "monster",
         "subtype": "normal", "level": 4, "atk": 1500, "def": 1000, "text": "Plain."}]


def _board() -> tuple[Board, Client]:
    setup = {"turn_player": "p1", "phase": "main1",
             "p1": {"hand": ["Soul Taker", TRAP]},
             "p2": {"hand": [VEILER], "monster": ["Plainview Passmonster"]}}
    board = store.create_board(game="yugioh", setup=setup, cards=_cards(), title="Pass test")
    editor = Client(HTTP_HOST="localhost")
    editor.get(f"/b/{board.slug}/edit/{board.edit_key}/")
    assert editor.post(f"/b/{board.slug}/seats", {"version": 0, "seats": "on"}).status_code == 200
    board.refresh_from_db()
    duel = store.duel_of(board)
    _act(editor, board, {"do": "set", "card": duel.ref(TRAP)})
    _act(editor, board, {"do": "activate", "card": duel.ref("Soul Taker")})
    return board, editor


def test_the_passed_over_seat_and_the_editors_read_why() -> None:
    board, editor = _board()
    duel = store.duel_of(board)
    private = [e for e in duel.state.log if e["key"] == "pass.why"]
    assert [e["seat"] for e in private] == [1, 0]  # Player 2, then Player 1, passed over
    editor_page = editor.get(f"/b/{board.slug}/").content.decode()
    assert P1_WHY in editor_page and P2_WHY in editor_page
    p1 = "\n".join(_reachable(_seat(board, "p1"), board))
    p2 = "\n".join(_reachable(_seat(board, "p2"), board))
    watcher = "\n".join(_reachable(Client(HTTP_HOST="localhost"), board))
    assert P1_WHY in p1 and P2_WHY not in p1
    assert P2_WHY in p2 and P1_WHY not in p2 and TRAP not in p2
    assert "Passmonster" in watcher  # the search is not vacuous
    for text in (P1_WHY, P2_WHY, TRAP, VEILER, "has nothing that can be activated now"):
        assert text not in watcher, text
    assert "has nothing that can be activated now" in editor.get(
        f"/b/{board.slug}/ruling").content.decode()


def test_a_board_without_seats_shows_every_reason() -> None:
    setup = {"turn_player": "p1", "phase": "main1", "p1": {"hand": ["Soul Taker", TRAP]},
             "p2": {"hand": [VEILER], "monster": ["Plainview Passmonster"]}}
    board = store.create_board(game="yugioh", setup=setup, cards=_cards(), title="Open test")
    editor = Client(HTTP_HOST="localhost")
    editor.get(f"/b/{board.slug}/edit/{board.edit_key}/")
    duel = store.duel_of(board)
    _act(editor, board, {"do": "set", "card": duel.ref(TRAP)})
    _act(editor, board, {"do": "activate", "card": duel.ref("Soul Taker")})
    watcher = Client(HTTP_HOST="localhost").get(f"/b/{board.slug}/").content.decode()
    assert P1_WHY in watcher and P2_WHY in watcher
