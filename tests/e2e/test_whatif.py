"""What-if in the browser: from a scenario board, the keyboard reaches "What if…?", a switch
("when" becomes "if" on Amazoness Village) is replayed, and both outcomes are shown side by
side, the differences marked with the rule that explains them; the board is unchanged."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e


def test_a_switch_replays_the_board_side_by_side(page: Page, ui, saved, e2e_server,
                                                 console_errors) -> None:
    console_errors.watch(page)
    slug = ui.open_scenario(page, "yugioh", "amazoness_village_soul_taker")
    ui.click_and_wait(page, ui.next_step_button(page))
    ui.tab(page, "log")
    link = page.get_by_role("link", name="What if…? Replay under a change")
    link.focus()
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/b/{slug}/whatif")
    switch = page.get_by_label('Amazoness Village: Special Summon an "Amazoness" monster says "if"')
    switch.focus()
    page.keyboard.press("Space")
    expect(switch).to_be_checked()
    page.get_by_role("button", name="Replay under this change").press("Enter")
    page.wait_for_url("**whatif?switch=wording*")
    sides = page.locator(".whatif-side")
    expect(sides).to_have_count(2)
    expect(sides.nth(0).locator(".whatif-log li.differs").first).to_contain_text(
        "missed the timing")
    expect(sides.nth(1).locator(".whatif-log li.differs").first).to_contain_text('worded "if"')
    expect(page.locator(".whatif-rules")).to_contain_text("YGO-MISS")
    assert console_errors == [], "\n".join(console_errors)
    board, duel = saved.duel(e2e_server, slug)
    assert board.version == 1 and duel.library["amazoness_village"].effects[0].wording == "when"
