"""(a) A scenario built by clicking: Soul Taker destroys Amazoness Swords Woman, then the
opponent gains LP, so Amazoness Village misses the timing (YGO-MISS)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e


def test_amazoness_village_misses_the_timing_built_by_clicking(
        page: Page, ui, saved, e2e_server, console_errors) -> None:
    console_errors.watch(page)
    slug = ui.new_board(page)

    ui.place(page, "Soul Taker", "p1", "hand")
    ui.place(page, "Amazoness Swords Woman", "p2", "monster")
    ui.place(page, "Amazoness Village", "p2", "field")
    ui.place(page, "Amazoness Fighter", "p2", "deck")
    expect(ui.zone(page, "p2", "deck").locator(".count")).to_have_text("1")

    ui.card_action(page, "Soul Taker", "Activate")
    ui.answer_shown_decisions(page)

    missed = page.locator("#chain .triggers li.trigger.status-missed")
    expect(missed).to_have_count(1)
    expect(missed).to_contain_text("Amazoness Village")
    expect(missed).to_contain_text("missed the timing")
    expect(missed.locator("a.rule", has_text="YGO-MISS")).to_have_count(1)
    expect(page.locator("#board .side-p2 .lp")).to_have_text("9000 LP")
    expect(ui.card(ui.zone(page, "p2", "gy"), "Amazoness Swords Woman")).to_have_count(1)
    assert ui.message(page) == ""
    assert console_errors == [], "\n".join(console_errors)

    board, duel = saved.duel(e2e_server, slug)
    assert board.version == 5  # four placements and one activation, nothing else
    assert [(duel.name(t.card), t.status) for t in duel.state.triggers] == [
        ("Amazoness Village", "missed")]
