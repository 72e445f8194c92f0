"""(8) A clean console: the site's Content-Security-Policy (``style-src 'self'``, no inline
style) holds through board updates, and the e2e fixtures' console watch tells errors from
requests cut short by a page being left or swapped (see ``conftest.ConsoleErrors``)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from .conftest import ConsoleErrors

pytestmark = pytest.mark.e2e


def test_a_board_update_writes_no_inline_style(page: Page, ui, console_errors) -> None:
    """htmx settles a swapped element by copying the old element's attributes onto the new
    one; a ``style`` the browser or a script gave the old one (a resized text box, a
    positioned tooltip) would be written back as an inline style, which the policy refuses
    with a console error per element and update. The site settles no ``style``."""
    ui.open_scenario(page, "yugioh", "sangan_caius_tcg")
    styled = page.evaluate("""() => {
        const all = document.querySelectorAll("main [id]");
        all.forEach(e => { e.style.outlineOffset = "1px"; });
        return all.length; }""")
    assert styled > 5
    ui.click_and_wait(page, ui.next_step_button(page))
    ui.click_and_wait(page, ui.next_step_button(page))
    console_errors.flush()
    assert console_errors.unexpected() == [], "\n".join(console_errors)


def test_the_console_watch_sees_every_page_and_tells_aborts_apart(new_context,
                                                                  console_errors) -> None:
    context = new_context()
    first, second = context.new_page(), context.new_page()  # both watched without asking
    first.goto("/rules/")
    second.goto("/rules/")
    first.evaluate('console.error("htmx:sendAbort")')  # a request its page left
    first.evaluate('console.error("something broke")')
    second.evaluate("""document.body.insertAdjacentHTML("beforeend",
                                                   '<i style="color: red">x</i>')""")
    console_errors.flush()
    found = list(console_errors)
    console_errors.clear()  # these were made on purpose
    assert len(found) == 2, found
    assert "something broke" in found[0]
    assert "Content Security Policy" in found[1]


def test_a_console_error_is_benign_only_as_listed() -> None:
    errors = ConsoleErrors()
    errors.allow(r"expected here")
    errors += ["console: expected here (x)", "console: not expected (x)"]
    assert errors.unexpected() == ["console: not expected (x)"]
