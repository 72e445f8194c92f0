"""The board shows modified stats beside the printed ones, equip links and trigger wordings."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from simulator.models import Board

pytestmark = pytest.mark.django_db


@pytest.fixture
def client() -> Client:
    return Client(HTTP_HOST="localhost")


def open_scenario(client: Client, game: str, slug: str) -> Board:
    response = client.post(f"/scenarios/{game}/{slug}/open")
    assert response.status_code == 302
    return Board.objects.get(slug=response["Location"].split("/")[2])


def step(client: Client, board: Board, times: int) -> str:
    for version in range(times):
        assert client.post(f"/b/{board.slug}/step", {"version": version}).status_code == 200
    return client.get(f"/b/{board.slug}/").content.decode()


def stats(html: str) -> list[str]:
    return re.findall(r'<span class="card-stats">([^<]*)</span>', html)


def test_an_equipped_monster_shows_its_atk_and_its_equip_link(client: Client) -> None:
    board = open_scenario(client, "yugioh", "equipped_monster_destroyed_equip_destroyed")
    html = step(client, board, 2)  # Elma resolves: equipped to Celtic Guardian
    assert "1700/1200 (printed 1400/1200)" in stats(html)
    assert "equipped to Celtic Guardian" in html
    assert "equipped with Butterfly Dagger - Elma" in html
    assert not any("power" in s.lower() for s in stats(html))  # ATK/DEF, never power


def test_a_flip_trigger_keeps_its_wording_in_the_trigger_panel(client: Client) -> None:
    board = open_scenario(client, "yugioh", "penguin_soldier_damage_step")
    html = step(client, board, 2)
    assert '<span class="badge wording">FLIP</span>' in html


def test_a_duel_masters_tile_shows_the_power_beside_the_printed_one(client: Client) -> None:
    board = open_scenario(client, "duel_masters", "bolshack_fire_counts_once")
    html = step(client, board, 1)
    assert "3000 (printed 1000)" in stats(html)
