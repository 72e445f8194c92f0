"""Languages in a real browser: the switcher in the header works by keyboard, persists, and
a missed timing is then explained in Japanese on a board opened from a scenario."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

VILLAGE = "amazoness_village_soul_taker"


def test_switch_to_japanese_and_read_a_missed_timing(page: Page, ui, console_errors) -> None:
    console_errors.watch(page)
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    switch = page.locator(".language-switch")
    japanese = switch.get_by_role("button", name="日本語")
    expect(japanese).to_have_attribute("aria-pressed", "false")
    for _ in range(40):  # keyboard only: Tab to the switcher's button, then Enter
        page.keyboard.press("Tab")
        focused = page.locator(":focus")
        if focused.count() and focused.get_attribute("lang") == "ja":
            break
    expect(japanese).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_load_state()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("h1")).to_have_text("チェーン・シミュレーター")
    expect(switch.get_by_role("button", name="日本語")).to_have_attribute("aria-pressed", "true")

    ui.open_scenario(page, "yugioh", VILLAGE)  # the choice persists (a cookie)
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    story = page.locator("#story")
    expect(story).to_contain_text("ソウルテイカーが「アマゾネス」モンスターを破壊した時")
    while ui.next_step_button(page).count():
        ui.click_and_wait(page, ui.next_step_button(page))
    page.locator(".dock [role=tab]", has_text="ログ").click()
    log = page.locator("#log")
    expect(log).to_contain_text("アマゾネスの里")
    expect(log).to_contain_text("タイミングを逃した")
    expect(log).to_contain_text("最後に起きたことは時点")
    expect(log).not_to_contain_text("missed the timing")
    expect(ui.card(page, "アマゾネスの里")).to_have_count(1)
