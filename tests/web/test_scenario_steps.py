"""A board opened from a scenario plays its new kinds of steps: a step the scenario expects to
be refused counts as played, and the board shows the counters it leaves; an answer meant for
the other player's decision leaves the script with the reason."""

from __future__ import annotations

import pytest
from django.test import Client

from engine.scenario import builtin_scenarios, load_scenario, parse_scenario
from simulator import script, store
from simulator.models import Board

pytestmark = pytest.mark.django_db


def _open(client: Client, slug: str) -> str:
    response = client.post(f"/scenarios/yugioh/{slug}/open")
    assert response.status_code == 302
    return response["Location"].split("/")[2]


def _step(client: Client, slug: str) -> str:
    board = Board.objects.get(slug=slug)
    response = client.post(f"/b/{slug}/step", {"version": board.version},
                           HTTP_HX_REQUEST="true")
    assert response.status_code < 400
    return response.content.decode()


@pytest.mark.rule("YGO-SEQUENCE")
def test_a_step_refused_as_expected_is_played_and_counters_are_shown() -> None:
    client = Client(HTTP_HOST="localhost")
    slug = _open(client, "breaker_counter_is_the_cost")
    html = _step(client, slug)  # Breaker without a Spell Counter: refused, as expected
    assert ("Step 1 is refused, as the scenario expects: Breaker the Magical Warrior cannot be "
            "activated now: its cost cannot be paid (YGO-SEQUENCE)") in html
    board = Board.objects.get(slug=slug)
    assert board.script_left is None and board.next_step_number == 2
    assert store.duel_of(board).actions == []
    _step(client, slug)  # the Normal Summon: its trigger places a Spell Counter
    page = client.get(f"/b/{slug}/").content.decode()
    assert '<span class="badge counter" title="Spell counters: 1">1× Spell</span>' in page
    _step(client, slug)  # removed as the cost of destroying the Set card
    page = client.get(f"/b/{slug}/").content.decode()
    assert "badge counter" not in page
    assert Board.objects.get(slug=slug).script_left is None


@pytest.mark.rule("DM-ATTACK-STEPS")
def test_an_answer_for_the_wrong_player_leaves_the_script_with_the_reason() -> None:
    path = next(p for p in builtin_scenarios("duel_masters")
                if p.stem == "holy_awe_taps_the_next_attackers")
    raw = load_scenario(path)
    scn = parse_scenario({"game": raw.game, "title": raw.title, "setup": raw.setup,
                          "steps": [{"do": "attack", "card": "first"},
                                    {"answer": "yes", "player": "p2"}],
                          "expect": {}}, "<test>")
    board = script.board_from_scenario(scn)
    script.next_step(board, board.version)
    board.refresh_from_db()
    script.next_step(board, board.version)
    board.refresh_from_db()
    assert board.script_left["how"] == "failed"
    assert "this answer is for Player 2 (p2), but the open decision (choose_cards) is " \
           "Player 1's (p1)" in board.script_left["reason"]
