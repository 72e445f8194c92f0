"""Placing by lighting up zones: a library card Set face-down for either player, a card of the mat
moved by its menu's "Choose its zone on the mat" and by drag and drop, Escape letting a card go,
and the library listing all of its cards, saying how many."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from engine.cards import builtin_library

pytestmark = pytest.mark.e2e

LIT = re.compile(r"\ballowed\b")


def test_set_from_the_library_for_either_player(page: Page, ui, saved, e2e_server,
                                                console_errors) -> None:
    console_errors.watch(page)
    slug = ui.new_board(page)
    total = sum(1 for c in builtin_library().cards.values() if c.game == "yugioh")
    expect(page.locator("#library-count")).to_have_text(f"All {total} cards of the library")
    expect(page.locator("#library-results .library-card")).to_have_count(total)
    expect(page.locator("#board .zone.allowed")).to_have_count(0)  # nothing chosen yet
    page.locator("#library-face input[value=set]").check()
    ui.choose_card(page, "Mirror Force")
    # Set: only where a card lies face-down, on both sides
    lit = page.locator("#board .zone.allowed")
    expect(lit).to_have_count(2)
    expect(ui.zone(page, "p2", "spell_trap")).to_have_class(LIT)
    ui.click_and_wait(page, ui.zone(page, "p2", "spell_trap").locator(".zone-title"))
    ui.choose_card(page, "Sangan")
    ui.click_and_wait(page, ui.zone(page, "p1", "monster").locator(".zone-title"))
    page.locator("#library-face input[value=up]").check()
    expect(ui.zone(page, "p1", "hand")).to_have_class(LIT)  # face-up: every zone it may go
    page.keyboard.press("Escape")  # lets the card go
    expect(page.locator("#board .zone.allowed")).to_have_count(0)
    board, duel = saved.duel(e2e_server, slug)
    trap = duel.state.cards[duel.ref("Mirror Force")]
    sangan = duel.state.cards[duel.ref("Sangan")]
    assert (trap.zone, trap.controller, trap.face_up) == ("spell_trap", 1, False)
    assert (sangan.zone, sangan.controller, sangan.face_up, sangan.position) == (
        "monster", 0, False, "defense")
    expect(ui.card(ui.zone(page, "p1", "monster"), "Sangan")).to_have_class(re.compile("face-down"))
    assert console_errors == [], "\n".join(console_errors)


def test_a_card_of_the_mat_moves_by_its_menu_and_by_drag_and_drop(page: Page, ui, saved,
                                                                   e2e_server,
                                                                   console_errors) -> None:
    console_errors.watch(page)
    slug = ui.new_board(page)
    ui.place(page, "Soul Taker", "p1", "hand")
    card = ui.card(ui.zone(page, "p1", "hand"), "Soul Taker")
    card.locator("summary").click()
    card.get_by_role("button", name="Choose its zone on the mat").click()
    # its controller's zones where it may go light up (not the one it is in)
    expect(ui.zone(page, "p1", "spell_trap")).to_have_class(LIT)
    expect(ui.zone(page, "p1", "hand")).not_to_have_class(LIT)
    expect(ui.zone(page, "p2", "spell_trap")).not_to_have_class(LIT)
    expect(ui.zone(page, "p1", "monster")).not_to_have_class(LIT)
    ui.click_and_wait(page, ui.zone(page, "p1", "spell_trap").locator(".zone-title"))
    expect(ui.card(ui.zone(page, "p1", "spell_trap"), "Soul Taker")).to_have_count(1)
    expect(page.locator("#board .zone.allowed")).to_have_count(0)  # moved: let go
    # dragged from there to the GY
    before = ui.version(page)
    ui.card(ui.zone(page, "p1", "spell_trap"), "Soul Taker").drag_to(ui.zone(page, "p1", "gy"))
    ui.wait_change(page, before)
    expect(ui.card(ui.zone(page, "p1", "gy"), "Soul Taker")).to_have_count(1)
    # the menu's Set in: face-down in a Spell & Trap Zone
    card = ui.card(ui.zone(page, "p1", "gy"), "Soul Taker")
    card.locator("summary").click()
    set_in = card.locator(".set-in").get_by_role("button", name="Spell & Trap Zones")
    ui.click_and_wait(page, set_in)
    # the focus is back on the card acted on, in the zone it went to
    moved = ui.zone(page, "p1", "spell_trap").locator("li.card summary")
    expect(moved).to_be_focused()
    board, duel = saved.duel(e2e_server, slug)
    soul = duel.state.cards[duel.ref("Soul Taker")]
    assert (soul.zone, soul.face_up) == ("spell_trap", False)
    assert console_errors == [], "\n".join(console_errors)
