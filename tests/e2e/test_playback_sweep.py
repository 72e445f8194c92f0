"""The equality sweep in Chromium: scenarios of both games (the longest chains, an S-Trigger
cutting in, both players' pending pools) are played to their end, then every step's frames are
stepped through with the keys (`.`); at each frame the board the page draws is compared with
the frame's own page (``/b/<id>/at/<k>/<n>/``): each zone's count and tiles (the name shown,
face, position, tapped, stats, chain-link and trigger badges) and the life points.

The same sweep over every built-in scenario is marked ``sweep`` and left out of ``make test``:
``.venv/bin/python -m pytest -m sweep tests/e2e/test_playback_sweep.py``."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from simulator.gallery import scenario_index
from tests.web.test_playback_sweep import LP, _zones_of_board

pytestmark = pytest.mark.e2e

NAMED = ["yugioh/lightning_punisher_chain_link_3", "yugioh/yang_zing_supply_squad_soul_taker",
         "yugioh/xyz_material_sangan_detached", "duel_masters/s_trigger_cuts_in",
         "duel_masters/attack_trigger_then_ninja_strike",
         "duel_masters/double_breaker_s_triggers_in_order"]
BOARD = re.compile(r'<section id="board".*?</section>', re.S)


def _counter(page: Page) -> str:
    return page.locator("#playback .frame-counter").inner_text()


def _sweep(page: Page, ui, game: str, slug: str) -> int:
    board = ui.open_scenario(page, game, slug)
    while ui.next_step_button(page).count():
        ui.click_and_wait(page, ui.next_step_button(page))
    total = int(page.locator("#timeline-list li[data-step]").last.get_attribute("data-step"))
    compared = 0
    for k in range(1, total + 1):
        page.goto(f"/b/{board}/at/{k}/")
        first = page.locator('#playback [data-frame-move="first"]')
        if first.is_disabled():
            continue  # a step without frames
        first.click()
        expect(page.locator("#playback .frame-counter")).to_contain_text("frame 1 of")
        n = 1
        while True:
            drawn = page.locator("#board").evaluate("el => el.outerHTML")
            own = page.request.get(f"/b/{board}/at/{k}/{n}/").text()
            want = BOARD.search(own)[0]
            where = f"{game}/{slug} step {k} frame {n}"
            assert _zones_of_board(drawn) == _zones_of_board(want), where
            assert LP.findall(drawn) == LP.findall(want), where
            compared += 1
            counter = _counter(page)
            page.keyboard.press(".")
            expect(page.locator("#playback .frame-counter")).not_to_have_text(counter)
            if "frame" not in _counter(page):
                break
            n += 1
    return compared


@pytest.mark.parametrize("name", NAMED)
def test_the_page_draws_each_frame_as_its_own_page(page: Page, ui, e2e_server, name: str,
                                                    console_errors) -> None:
    console_errors.watch(page)
    game, slug = name.split("/")
    assert _sweep(page, ui, game, slug) > 3


ALL = [f"{e['game']}/{e['slug']}" for e in scenario_index()]


@pytest.mark.sweep
@pytest.mark.parametrize("name", ALL)
def test_every_scenario_draws_each_frame_as_its_own_page(page: Page, ui, e2e_server,
                                                         name: str) -> None:
    game, slug = name.split("/")
    _sweep(page, ui, game, slug)
