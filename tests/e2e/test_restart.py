"""A board lives in the database: it survives the server process being killed and started
again on the same database file, and the page shows the same board and log after a reload."""

from __future__ import annotations

import signal

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e


def test_a_board_survives_a_server_restart(page: Page, ui, restartable_server,
                                           console_errors) -> None:
    server = restartable_server
    # while the server is down the page's socket fails to reconnect, as it should (htmx logs
    # the failed connection's event too)
    console_errors.allow(r"WebSocket connection to .* failed: .*ERR_CONNECTION_REFUSED")
    console_errors.allow(r"^console: \[object Event\] \(.*/htmx-2\.min\.js\)$")
    page.goto(server.url + "/")
    page.locator("#start-board > summary").click()  # the form sits behind a button
    page.get_by_role("button", name="New board").click()
    page.wait_for_url(ui.SLUG)
    ui.wait_live(page)
    ui.place(page, "Sangan", "p1", "monster")
    ui.place(page, "Kuriboh", "p1", "deck")
    ui.card_action(page, "Sangan", "Destroy by card effect")  # a chain: Sangan's trigger
    ui.answer_shown_decisions(page)
    expect(page.locator("#log")).to_contain_text("Sangan")
    url = page.url
    page.mouse.move(1, 1)  # no card's text shown by hovering or focusing it
    page.evaluate("document.activeElement && document.activeElement.blur()")
    shown = {part: page.locator(part).inner_text() for part in ("#board", "#chain", "#log")}
    version = ui.version(page)
    pid = server.process.pid

    server.stop(signal.SIGKILL)  # no clean shutdown: what was saved is all there is
    server.start()
    assert server.process.pid != pid
    page.goto(url)  # the same port, so the same address
    ui.wait_live(page)

    assert ui.version(page) == version
    page.mouse.move(1, 1)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for part, text in shown.items():
        assert page.locator(part).inner_text() == text, f"{part} differs after the restart"
    # and the restarted server goes on from there
    ui.click_and_wait(page, page.get_by_role("button", name="Undo"))
    assert ui.version(page) == version + 1
