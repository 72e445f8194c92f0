"""Pictures: the chain picture names each link's player, Spell Speed and the rule ids of its
deciding points; the PNG opens in Pillow for every built-in scenario; board pages, snapshot
links and scenario previews carry absolute Open Graph tags."""

from __future__ import annotations

import io
import re

import pytest
from django.test import Client
from PIL import Image

from engine.scenario import load_scenario, run_scenario
from simulator import pictures
from simulator.gallery import scenario_index
from simulator.models import Board

pytestmark = pytest.mark.django_db

SOUL_TAKER = "engine/data/scenarios/yugioh/amazoness_village_soul_taker.yaml"
SANGANS = "engine/data/scenarios/yugioh/dark_hole_sangans_and_petens.yaml"


@pytest.fixture
def client() -> Client:
    return Client(HTTP_HOST="localhost")


def open_board(client: Client, game: str, slug: str) -> Board:
    response = client.post(f"/scenarios/{game}/{slug}/open")
    return Board.objects.get(slug=response["Location"].split("/")[2])


def test_the_svg_names_players_speeds_and_deciding_rules() -> None:
    duel = run_scenario(load_scenario(SANGANS)).duel
    svg = pictures.chain_svg(duel, title="Sangans")
    assert "Player 1" in svg and "Player 2" in svg and "Spell Speed 1" in svg
    assert "Deciding rules:" in svg and "YGO-SEGOC" in svg and "YGO-NOT-MISSED" in svg


@pytest.mark.rule("YGO-MISS")
def test_the_deciding_rules_include_the_missed_timing() -> None:
    picture = pictures.chain_picture(run_scenario(load_scenario(SOUL_TAKER)).duel)
    assert "YGO-MISS" in picture["rules"]
    assert picture["links"][0]["controller"] == "Player 1"


def test_a_japanese_font_is_found() -> None:
    assert "CJK" in pictures.font_path(), "install fonts-noto-cjk (make fonts)"


@pytest.mark.parametrize("entry", scenario_index(), ids=lambda e: f"{e['game']}/{e['slug']}")
def test_the_preview_png_is_valid_for_every_scenario(client: Client, entry: dict) -> None:
    response = client.get(f"/scenarios/{entry['game']}/{entry['slug']}/chain.png")
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    image = Image.open(io.BytesIO(response.content))
    image.verify()
    assert image.size[0] == pictures.PNG_WIDTH and image.size[1] >= pictures.PNG_HEIGHT


def test_the_board_png_is_valid_and_downloadable(client: Client) -> None:
    board = open_board(client, "yugioh", "dark_hole_sangans_and_petens")
    response = client.get(f"/b/{board.slug}/chain.png?download=1&at=0")
    Image.open(io.BytesIO(response.content)).verify()
    assert "attachment" in response["Content-Disposition"]


def test_japanese_names_render_in_the_png() -> None:
    duel = run_scenario(load_scenario(SOUL_TAKER)).duel
    png = pictures.chain_png(duel, title="アマゾネスの里")
    assert Image.open(io.BytesIO(png)).format == "PNG"


def _og(html: str) -> dict[str, str]:
    return dict(re.findall(r'<meta (?:property|name)="((?:og|twitter):[a-z:]+)" '
                           r'content="([^"]*)"', html))


@pytest.mark.parametrize("where", ["board", "snapshot", "preview"])
def test_pages_carry_absolute_open_graph_tags(client: Client, where: str) -> None:
    board = open_board(client, "yugioh", "amazoness_village_soul_taker")
    if where == "board":
        url = f"/b/{board.slug}/"
    elif where == "preview":
        url = "/scenarios/yugioh/amazoness_village_soul_taker/"
    else:
        html = client.get(f"/b/{board.slug}/").content.decode()
        url = re.search(r'id="snapshot-link" value="http://localhost([^"]+)"',
                        html).group(1)
    tags = _og(client.get(url).content.decode())
    assert tags["og:image"].startswith("http://localhost/")
    assert tags["og:image"].split("?")[0].endswith("/chain.png")
    assert tags["og:title"] and tags["og:description"] and tags["twitter:card"]
    image = client.get(tags["og:image"].replace("http://localhost", "").replace(
        "&amp;", "&"))
    assert image.status_code == 200
    Image.open(io.BytesIO(image.content)).verify()


def test_a_broken_snapshot_png_is_refused(client: Client) -> None:
    assert client.get("/s/not-a-link/chain.png").status_code == 400
