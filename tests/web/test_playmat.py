"""The playmat over HTTP: each game's zones with their scenario names, five slots where the
game has five, tiles coloured by card type or civilization, each game's own words only."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from engine.log import PHASE_NAMES
from engine.rules import policy_for
from tests.web.scenario_pages import board_page_after

pytestmark = pytest.mark.django_db




def test_a_duel_masters_board_has_no_life_points_and_no_chain_links() -> None:
    for slug, steps in (("two_propeller_mutants", 1), ("heavens_gate_milzam_emeralda", 3)):
        page = board_page_after("duel_masters", slug, steps)
        text = re.sub(r"<[^>]+>", " ", page)
        assert not re.search(r"\bLP\b", text), slug
        assert "Chain Link" not in text and "CL1" not in text, slug
        assert "spell_trap" not in text and "s_trigger" not in text, slug


def test_each_zone_carries_its_scenario_name_and_the_slots_are_five() -> None:
    page = board_page_after("yugioh", "sangan_caius_tcg", 1)
    for player in ("p1", "p2"):
        for zone in ("hand", "deck", "extra", "monster", "spell_trap", "field", "gy",
                     "banished"):
            assert f'data-zone="{player}:{zone}"' in page, (player, zone)
    monsters = re.search(r'data-zone="p2:monster".*?</ul>', page, re.S).group(0)
    assert monsters.count('class="slot-empty"') + monsters.count('data-card=') == 5
    assert 'data-slots="5"' in page and "Extra Monster Zone" in page
    assert 'id="chain"' in page and 'id="decision"' in page


def test_tiles_are_coloured_by_type_and_civilization() -> None:
    page = board_page_after("yugioh", "amazoness_village_soul_taker", 0)
    assert re.search(r'class="card tile frame-spell[^"]*" data-card', page)  # the Field Spell
    assert re.search(r'class="card tile frame-effect[^"]*" data-card', page)
    dm = board_page_after("duel_masters", "two_propeller_mutants", 0)
    assert re.search(r'class="card tile civ-darkness[^"]*" data-card', dm)
    assert 'class="card-tip"' in dm  # the card's text on focus or hover


@pytest.mark.parametrize("game,slug", [("yugioh", "sangan_caius_tcg"),
                                       ("duel_masters", "two_propeller_mutants")])
def test_the_phase_menu_lists_the_games_own_phases(game: str, slug: str) -> None:
    page = board_page_after(game, slug, 0)
    menu = re.search(r'<select name="phase">(.*?)</select>', page, re.S).group(1)
    values = re.findall(r'<option value="([^"]+)"', menu)
    assert values == list(policy_for(game).PHASES)
    assert PHASE_NAMES[values[0]] in menu


def test_a_chain_link_points_at_its_targets() -> None:
    page = board_page_after("yugioh", "amazoness_village_soul_taker", 0)
    client = Client(HTTP_HOST="localhost")
    response = client.post("/scenarios/yugioh/vampire_sucker_thunder_break/open")
    board = response["Location"].split("/")[2]
    version = 0
    while 'data-targets="' not in page and version < 6:
        step = client.post(f"/b/{board}/step", {"version": version})
        page = step.content.decode()
        version += 1
    assert re.search(r'class="link tile-row[^"]*"[^>]*data-targets="\d+', page)
