"""A card of one's own, end to end: paste its text, accept the reading, add it to a board and
play it. An optional "when" trigger misses the timing when its card is Tributed for a Tribute
Summon (YGO-MISS); the same effect worded 「場合」 does not."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

WHEN = "When this card is sent to the GY: You can draw 1 card."
BAAI = "このカードが墓地へ送られた場合に発動できる。自分はデッキから１枚ドローする。"


def make_card(page: Page, ui, name: str, text: str, summary: str) -> None:
    """From the board's Cards tab: open the editor, paste the text, check the reading, accept
    it, name the card and add it to the board."""
    ui.tab(page, "Cards")
    page.get_by_role("link", name="New card: paste its text").click()
    page.wait_for_url(re.compile(r"/cards/new\?board="))
    page.get_by_label("Paste the card's text").fill(text)
    expect(page.locator("#card-reading .reading-summary")).to_contain_text(summary)
    page.get_by_role("button", name="Accept this reading: fill the card from it").click()
    expect(page.locator("#f-e0-event")).to_have_value("{type: sent_to_gy, card: self}")
    expect(page.locator("#f-e0-operations")).to_have_value("[{op: draw, count: 1}]")
    page.get_by_label("Name (English or Latin letters)").fill(name)
    expect(page.locator("#card-preview .card-name")).to_have_text(name)
    expect(page.locator("#card-preview .ok")).to_be_visible()
    page.get_by_role("button", name="Add to this board").click()
    page.wait_for_url(ui.SLUG)
    ui.wait_live(page)


def tribute_it(page: Page, ui, name: str) -> None:
    """The card on the field, Tributed to Tribute Summon a Level 5 monster."""
    ui.place(page, name, "p1", "monster")
    ui.place(page, "Cyber Dragon", "p1", "hand")
    ui.place(page, "Kuriboh", "p1", "deck")
    ui.card_action(page, "Cyber Dragon", "Tribute Summon")


def test_an_optional_when_trigger_of_ones_own_misses_the_timing(
        page: Page, ui, saved, e2e_server, console_errors) -> None:
    console_errors.watch(page)
    slug = ui.new_board(page)
    make_card(page, ui, "Grave Reader", WHEN,
              "Optional trigger worded “when”: can miss the timing (YGO-MISS)")
    ui.tab(page, "Cards")
    expect(page.locator("#library-results .library-card").first).to_contain_text(
        "Grave Reader")
    expect(page.locator("#library-results .badge.custom")).to_have_count(1)
    tribute_it(page, ui, "Grave Reader")
    ui.answer_shown_decisions(page)
    missed = page.locator("#chain .triggers li.trigger.status-missed")
    expect(missed).to_have_count(1)
    expect(missed).to_contain_text("Grave Reader")
    expect(missed.locator("a.rule", has_text="YGO-MISS")).to_have_count(1)
    ui.tab(page, "Log")
    expect(page.locator("#log")).to_contain_text("YGO-MISS")
    expect(ui.zone(page, "p1", "hand").locator(".count")).to_have_text("0")
    assert console_errors == [], "\n".join(console_errors)
    _board, duel = saved.duel(e2e_server, slug)
    assert [(duel.name(t.card), t.status) for t in duel.state.triggers] == [
        ("Grave Reader", "missed")]


def test_the_same_effect_worded_baai_does_not_miss(
        page: Page, ui, saved, e2e_server, console_errors) -> None:
    console_errors.watch(page)
    slug = ui.new_board(page)
    make_card(page, ui, "Grave Sage", BAAI,
              "Optional trigger worded “if”: does not miss the timing (YGO-WAIT)")
    tribute_it(page, ui, "Grave Sage")
    ui.answer_shown_decisions(page)
    expect(page.locator("#chain .triggers li.trigger.status-missed")).to_have_count(0)
    expect(ui.card(ui.zone(page, "p1", "hand"), "Kuriboh")).to_have_count(1)  # it drew
    assert console_errors == [], "\n".join(console_errors)
    _board, duel = saved.duel(e2e_server, slug)
    assert [(duel.name(t.card), t.status) for t in duel.state.triggers] == [
        ("Grave Sage", "resolved")]


def test_script_in_a_name_or_text_is_shown_as_text(page: Page, ui, console_errors) -> None:
    console_errors.watch(page)
    evil = "<img src=x onerror=alert(1)><script>alert(2)</script>"
    page.on("dialog", lambda d: pytest.fail(f"a dialog opened: {d.message}"))
    page.goto("/cards/new?game=yugioh")
    page.get_by_label("Paste the card's text").fill(evil + WHEN)
    expect(page.locator("#card-reading")).to_contain_text("<script>alert(2)</script>")
    page.get_by_role("button", name="Accept this reading: fill the card from it").click()
    page.get_by_label("Name (English or Latin letters)").fill(evil)
    expect(page.locator("#card-preview .card-name")).to_have_text(evil)
    expect(page.locator("#card-preview img")).to_have_count(0)
    expect(page.locator("script", has_text="alert")).to_have_count(0)
    assert console_errors == [], "\n".join(console_errors)
