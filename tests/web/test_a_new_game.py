"""A game is a package: Tiny (tests/games/tiny: two zones, one kind of trigger, one scenario)
is registered by its import path and played on a board page, with nothing outside its
package knowing of it."""

from __future__ import annotations

import re

import pytest
from django.apps import apps
from django.test import Client

from engine import builtin_scenarios, games, load_scenario, run_scenario

pytestmark = pytest.mark.django_db


@pytest.fixture
def tiny():
    try:
        yield games.register("tests.games.tiny")
    finally:
        games.use(games.DEFAULT_PACKAGES)


def test_its_scenario_plays_as_it_expects(tiny) -> None:
    [path] = builtin_scenarios("tiny")
    result = run_scenario(load_scenario(path))
    assert result.failures == []
    assert result.duel.transcript()[-1] == "Instant 2: Ember Moth was destroyed"


def test_it_is_played_on_a_board_page(tiny) -> None:
    client = Client(HTTP_HOST="localhost")
    assert "Spark Beetle is destroyed and takes Ember Moth with it" in client.get(
        "/").content.decode()
    response = client.post("/scenarios/tiny/spark_beetle/open")
    assert response.status_code == 302, response.content[:300]
    page = client.get(response["Location"]).content.decode()
    assert "Spark Beetle" in page and "Ember Moth" in page and "Tiny" in page
    board = response["Location"].split("/")[2]
    step = client.post(f"/b/{board}/step", {"version": 0})
    assert step.status_code == 200, step.content[:300]
    page = client.get(response["Location"]).content.decode()
    assert 'data-zone="p2:field"' in page and 'data-zone="p2:hand"' in page  # its mat
    log = re.sub(r"<[^>]+>", " ", page)
    assert "destroy all your opponent" in log and "resolves" in log
    assert "Ember Moth was destroyed" in " ".join(log.split())


def test_without_it_the_site_knows_no_such_game() -> None:
    client = Client(HTTP_HOST="localhost")
    assert client.post("/scenarios/tiny/spark_beetle/open").status_code == 404


def test_the_setting_says_which_games_are_played(settings) -> None:
    settings.CHAIN_GAMES = [*games.DEFAULT_PACKAGES, "tests.games.tiny"]
    try:
        apps.get_app_config("simulator").ready()
        assert games.names() == ("yugioh", "duel_masters", "tiny")
    finally:
        games.use(games.DEFAULT_PACKAGES)
