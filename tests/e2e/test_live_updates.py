"""(b) and (f): two browsers on one board. An action in one redraws the other without a
reload; an action made on a view that is no longer current is refused and resyncs the page."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, expect

pytestmark = pytest.mark.e2e


def test_an_action_in_one_browser_redraws_the_other(
        page: Page, new_context: Callable[..., BrowserContext], ui, console_errors) -> None:
    slug = ui.new_board(page)
    other = console_errors.watch(new_context().new_page())
    other.goto(f"/b/{slug}/")
    ui.wait_live(other)
    other.evaluate("window.__marker = 'set before the update'")
    navigations: list[str] = []
    other.on("framenavigated",
             lambda frame: navigations.append(frame.url) if frame == other.main_frame else None)
    expect(ui.card(other, "Sangan")).to_have_count(0)
    board_before = other.locator("#board").inner_html()
    messages_before = other.evaluate("window.__ws.received")

    ui.place(page, "Sangan", "p2", "monster")

    expect(ui.card(ui.zone(other, "p2", "monster"), "Sangan")).to_have_count(1)
    expect(other.locator("#board-version")).to_have_value(str(ui.version(page)))
    assert other.locator("#board").inner_html() != board_before
    assert other.evaluate("window.__ws.received") > messages_before  # it came by websocket
    assert other.evaluate("window.__marker") == "set before the update"  # no reload
    assert navigations == []
    assert console_errors == []


def test_a_stale_action_is_refused_with_a_message_and_the_page_resyncs(
        page: Page, new_context: Callable[..., BrowserContext], ui, saved, e2e_server) -> None:
    slug = ui.open_scenario(page, "yugioh", "amazoness_village_soul_taker")
    late = new_context().new_page()
    late.goto(ui.edit_link(page))  # the second browser may act too
    ui.wait_live(late)
    # The late browser stops hearing about changes, as if the update were still in flight.
    late.evaluate("window.__ws.paused = true")

    ui.click_and_wait(page, ui.next_step_button(page))  # the first browser acts: version 1
    ui.wait_until(late, "window.__ws.dropped >= 1")  # the update reached it, unheard
    assert ui.version(late) == 0
    expect(ui.next_step_button(late)).to_be_visible()

    ui.next_step_button(late).click()  # acting on version 0
    expect(late.locator("#message")).to_contain_text("acted on this board first")
    board = saved.get(e2e_server, slug)
    assert board.version == 1  # the stale action did not apply
    expect(late.locator("#board-version")).to_have_value(str(board.version))
    # ... and the whole page shows the current board: no step left, the miss explained
    expect(ui.next_step_button(late)).to_have_count(0)
    expect(late.locator("#chain .triggers li.status-missed")).to_contain_text(
        "missed the timing")
    assert late.locator("#log").inner_text() == page.locator("#log").inner_text()


def test_a_page_closed_for_falling_behind_reconnects_and_shows_the_current_board(
        page: Page, new_context: Callable[..., BrowserContext], ui, console_errors) -> None:
    """The server closes a socket that stays behind its updates with 4408 (simulator.live;
    tests/web/test_live_hub.py): the page opens it again and gets the current board, the
    update it missed included, then hears the next ones."""
    slug = ui.new_board(page)
    behind = console_errors.watch(new_context().new_page())
    behind.goto(f"/b/{slug}/")
    ui.wait_live(behind)
    behind.evaluate("window.__ws.paused = true")  # it falls behind: an update goes unheard
    ui.place(page, "Sangan", "p2", "monster")
    ui.wait_until(behind, "window.__ws.dropped >= 1")
    behind.evaluate("window.__ws.paused = false")
    expect(ui.card(ui.zone(behind, "p2", "monster"), "Sangan")).to_have_count(0)
    # the close the page gets from the server (4408, with its reason)
    behind.evaluate("document.querySelector('[ws-connect]')['htmx-internal-data'].webSocket"
                    ".socket.onclose(new CloseEvent('close', {code: 4408, reason: 'behind'}))")
    ui.wait_until(behind, "window.__ws.open >= 2")  # it reconnected by itself
    expect(ui.card(ui.zone(behind, "p2", "monster"), "Sangan")).to_have_count(1)
    expect(behind.locator("#board-version")).to_have_value(str(ui.version(page)))
    ui.place(page, "Kuriboh", "p1", "monster")  # and it is live again
    expect(ui.card(ui.zone(behind, "p1", "monster"), "Kuriboh")).to_have_count(1)
    assert console_errors == [], "\n".join(console_errors)
