"""The new-board form shows a game's own settings only while that game is chosen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e


def test_the_yugioh_settings_hide_while_duel_masters_is_chosen(page: Page) -> None:
    page.goto("/")
    page.locator("#start-board > summary").click()
    form = page.locator("form.new-board")
    preset, first_turn = form.locator("select[name=preset]"), form.locator("[name=first_turn]")
    expect(preset).to_be_visible()
    expect(first_turn).to_be_visible()
    form.locator("select[name=game]").select_option("duel_masters")
    expect(preset).to_be_hidden()
    expect(first_turn).to_be_hidden()
    form.locator("select[name=game]").select_option("yugioh")
    expect(preset).to_be_visible()
