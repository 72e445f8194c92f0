"""Scenarios you can scrub, fork and share: the timeline panel shows the board as it was after
any step (read-only, the arrow keys move through the steps), "Continue from here" forks a new
board that leaves the original alone, and the share panel's snapshot link opens read-only
anywhere and makes an editable copy.

"Two Giant Rats destroy each other in battle" has four steps: the attack is declared (1), the
battle destroys both rats (2), then each player activates its rat's trigger (3, 4), which
brings Celtic Guardian and Amazoness Fighter from the decks.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from simulator.rendering import snapshot_path

pytestmark = pytest.mark.e2e

SCENARIO = "giant_rats_battle"


def expect_at_step(page: Page, slug: str, k: int) -> None:
    """The read-only page of step ``k``: its URL, its banner, its timeline mark."""
    expect(page).to_have_url(re.compile(rf"/b/{re.escape(slug)}/at/{k}/$"))
    expect(page.locator(".banner")).to_contain_text(
        f"The board as it was after step {k}: read-only.")
    expect(page.locator('#timeline li[aria-current="step"]')).to_have_attribute(
        "value", str(k))


def press_and_load(page: Page, key: str) -> None:
    """Press a key that follows a link, and wait until the page it opens has loaded (its
    scripts run: the next key press is heard)."""
    with page.expect_navigation():
        page.keyboard.press(key)


def expect_board_of_step(page: Page, ui, k: int) -> None:
    """What the board shows after step ``k`` of the scenario."""
    rats_on_field = 1 if k < 2 else 0
    for player in ("p1", "p2"):
        expect(ui.card(ui.zone(page, player, "monster"), "Giant Rat")).to_have_count(
            rats_on_field)
        expect(ui.card(ui.zone(page, player, "gy"), "Giant Rat")).to_have_count(
            1 - rats_on_field)
    expect(ui.card(ui.zone(page, "p1", "monster"), "Celtic Guardian")).to_have_count(
        1 if k == 4 else 0)
    expect(ui.zone(page, "p1", "deck").locator(".count")).to_have_text("0" if k == 4 else "1")
    if k in (2, 3):  # a rat's player is asked whether it activates its trigger
        expect(page.locator("#decision .prompt")).to_contain_text(
            "Giant Rat: activate its effect")
    else:
        expect(page.locator("#decision .prompt")).to_have_count(0)


def test_scrub_the_timeline_fork_a_step_and_share_a_snapshot(
        page: Page, new_context: Callable[..., BrowserContext], ui, saved, e2e_server,
        console_errors) -> None:
    console_errors.watch(page)
    slug = ui.open_scenario(page, "yugioh", SCENARIO)
    expect(page.locator("#timeline-list > li")).to_have_count(1)  # the set-up only
    snapshot_field = page.get_by_label(re.compile(r"^Snapshot link"))
    link_at_the_start = snapshot_field.input_value()
    played = 0
    while ui.next_step_button(page).count():
        assert played < 4, "more steps offered than the scenario has"
        ui.click_and_wait(page, ui.next_step_button(page))
        played += 1
    assert played == 4
    steps = page.locator("#timeline-list > li")
    expect(steps).to_have_count(5)  # the set-up and the four steps, appended live
    expect(steps.first).to_contain_text("Set-up")
    expect_board_of_step(page, ui, 4)
    original, duel = saved.duel(e2e_server, slug)
    assert original.version == 4 and len(original.data["actions"]) == 4
    # the share panel is drawn with the page, but its snapshot link follows the board: asked
    # for when the panel is shown, and at once while it is shown
    snapshot_link = e2e_server.url + snapshot_path(original, duel)
    assert snapshot_link != link_at_the_start
    expect(snapshot_field).to_have_value(link_at_the_start)  # not asked for yet
    ui.tab(page, "Share")
    expect(snapshot_field).to_have_value(snapshot_link)

    # Scrub: click an earlier step in the timeline panel.
    ui.tab(page, "Timeline")
    page.locator("#timeline-list > li[value='2'] > a").click()
    expect_at_step(page, slug, 2)
    expect_board_of_step(page, ui, 2)
    expect(ui.next_step_button(page)).to_have_count(0)  # read-only: nothing to press
    expect(page.get_by_role("navigation", name="Game events")).to_have_count(0)

    # The arrow keys are bound to the timeline's Back and Forward links.
    for key, k in (("ArrowLeft", 1), ("ArrowLeft", 0), ("ArrowLeft", 0),  # nothing before 0
                   ("ArrowRight", 1), ("ArrowRight", 2), ("ArrowRight", 3),
                   ("ArrowRight", 4), ("ArrowRight", 4), ("ArrowLeft", 3), ("ArrowLeft", 2),
                   ("ArrowLeft", 1)):
        press_and_load(page, key)
        expect_at_step(page, slug, k)
        expect_board_of_step(page, ui, k)

    # "Continue from here": a new board of the first step only, this browser's to edit.
    page.get_by_role("button", name="Continue from here").click()
    page.wait_for_url(ui.SLUG)
    ui.wait_live(page)
    fork = ui.slug(page)
    assert fork != slug
    expect(page.locator(".banner")).to_have_count(0)  # an editor's live board
    expect_board_of_step(page, ui, 1)
    expect(steps).to_have_count(2)
    expect(page.locator("#status .phase")).to_have_text("Battle Phase")
    events = page.get_by_role("navigation", name="Game events")
    ui.click_and_wait(page, events.get_by_role("button", name="Next phase", exact=True))
    expect(page.locator("#status .phase")).to_have_text("Main Phase 2")
    expect(steps).to_have_count(3)

    forked = saved.get(e2e_server, fork)
    assert forked.version == 1
    assert forked.data["actions"] == [*original.data["actions"][:1], {"do": "next_phase"}]
    untouched = saved.get(e2e_server, slug)
    assert untouched.version == original.version
    assert untouched.data["actions"] == original.data["actions"]

    # The snapshot link, as the share panel showed it after the last step: a new browser
    # opens the whole board, read-only, and makes an editable copy of it.
    other = console_errors.watch(new_context().new_page())
    other.goto(snapshot_link)
    expect(other.locator(".banner")).to_contain_text("A snapshot link: read-only.")
    expect(other.locator("#timeline-list > li")).to_have_count(5)
    expect_board_of_step(other, ui, 4)
    expect(ui.next_step_button(other)).to_have_count(0)
    expect(other.get_by_role("navigation", name="Game events")).to_have_count(0)
    expect(other.locator("#share")).to_have_count(0)
    ui.tab(other, "Timeline")
    other.locator("#timeline-list > li[value='1'] > a").click()  # its timeline scrubs too
    expect(other).to_have_url(re.compile(r"/s/[^/]+/\?at=1$"))
    expect_board_of_step(other, ui, 1)
    other.get_by_role("button", name="Make an editable copy").click()
    other.wait_for_url(ui.SLUG)
    ui.wait_live(other)
    copy = ui.slug(other)
    assert copy not in (slug, fork)
    ui.tab(other, "Share")
    expect(other.locator("#share")).to_be_visible()  # its maker may edit it
    expect_board_of_step(other, ui, 4)
    copied = saved.get(e2e_server, copy)
    assert copied.data["actions"] == original.data["actions"]
    assert copied.version == 0
    assert saved.get(e2e_server, slug).version == original.version
    assert console_errors == [], "\n".join(console_errors)
