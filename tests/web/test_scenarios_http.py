"""Every built-in scenario, opened on a board and stepped to its end over HTTP, ends as its
``expect`` block says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

from engine.scenario import Result, builtin_scenarios, check_scenario, load_scenario
from simulator import store
from simulator.models import Board

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", builtin_scenarios(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_scenario_steps_to_its_end_on_a_board(path: Path) -> None:
    client = Client(HTTP_HOST="localhost")
    scn = load_scenario(path)
    response = client.post(f"/scenarios/{scn.game}/{scn.slug}/open")
    assert response.status_code == 302
    board = Board.objects.get(slug=response["Location"].split("/")[2])
    page = client.get(response["Location"])
    assert page.status_code == 200
    for version in range(len(scn.steps)):
        response = client.post(f"/b/{board.slug}/step", {"version": version})
        html = response.content.decode()
        message = re.search(r'id="message"[^>]*>([^<]*)<', html).group(1).strip()
        assert response.status_code == 200, message
        if scn.steps[version].get("expect_refused") is not None:  # the board says so, and why
            assert message.startswith(f"Step {version + 1} is refused, as the scenario expects")
        else:
            assert message == ""
    board.refresh_from_db()
    assert board.pending_steps == []
    duel = store.duel_of(board)
    if scn.auto:
        duel.auto()
    assert check_scenario(scn, Result(scn, duel, [])) == []
