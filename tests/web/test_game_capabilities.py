"""The site asks what a game has, never its name: a game's capabilities (engine.games), its web
data (engine/games/<game>/web.py, through simulator.game_context) and its own parts of a page
(templates/simulator/games/<game>/); a game without web data or parts gets the defaults and
no part, and the pages of the two built-in games show what each has."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest
from django.template import Context, Template
from django.test import Client

from engine import games
from simulator import boards
from simulator.game_context import DEFAULTS, all_presets, web
from simulator.game_words import said

pytestmark = pytest.mark.django_db


@pytest.fixture
def third_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A third game registered from a package with no web module and no template parts."""
    package = tmp_path / "third_game_pkg"
    package.mkdir()
    (package / "__init__.py").write_text(textwrap.dedent("""
        from engine.games import Game

        GAME = Game(name="third_game", title="Third Game", package=__name__,
                    card_types=("unit",), subtypes={"unit": ()}, phases=("main",),
                    chain=False, pending_pool=True)
    """))
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        yield games.register("third_game_pkg")
    finally:
        games.use(games.DEFAULT_PACKAGES)
        sys.modules.pop("third_game_pkg", None)


def test_each_game_has_its_web_data() -> None:
    assert web("yugioh").PRESETS == ("TCG", "TCG classic", "OCG")
    assert web("duel_masters").PRESETS == () and web("duel_masters").FLAGS
    assert all_presets() == ("TCG", "TCG classic", "OCG")
    assert [zone for row in web("duel_masters").MAT for zone, _slots in row][0] == "battle"


def test_a_game_without_web_data_gets_the_defaults(third_game) -> None:
    data = web("third_game")
    assert data.PRESETS == () and data.WORDS == {} and data.MAT == DEFAULTS["MAT"]
    assert said("third_game", "met its timing") == "met its timing"
    assert boards.default_title("third_game") == "Third Game"
    assert "third_game" in [g.name for g in games.games()]


def test_a_game_without_a_part_of_a_page_draws_none(third_game) -> None:
    template = Template('{% load game_parts %}[{% game_part game "mat_middle" %}]'
                        '{% with has=game|capabilities %}{{ has.pending_pool }}{% endwith %}')
    assert template.render(Context({"game": "third_game"})) == "[]True"
    assert template.render(Context({"game": "duel_masters"})) == "[]True"
    assert template.render(Context({"game": "chess"})) == "[]"
    assert "extra-monster-zones" in template.render(Context({"game": "yugioh"}))


def test_the_game_pickers_list_the_registered_games(third_game) -> None:
    client = Client(HTTP_HOST="localhost")
    home = client.get("/").content.decode()
    assert '<option value="third_game">Third Game</option>' in home
    assert 'value="third_game"> Third Game</label>' in home
    editor = client.get("/cards/new?game=duel_masters").content.decode()
    assert 'href="?game=third_game">Third Game</a>' in editor
    assert 'href="?game=duel_masters" aria-current="page">' in editor


@pytest.mark.parametrize("game", ["yugioh", "duel_masters"])
def test_a_board_shows_what_its_game_has(game: str) -> None:
    client = Client(HTTP_HOST="localhost")
    response = client.post("/boards/new", {"game": game})
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    has = games.game(game)
    assert ('class="lp"' in page) == has.life_points
    assert ("Extra Monster Zone" in page) == (game == "yugioh")
    assert ('name="preset"' in page) == bool(web(game).PRESETS)
    assert ("Nothing is on the chain." in page) == has.chain
    assert ("No ability is pending." in page) == has.pending_pool
