"""(d) A phone-sized screen and the keyboard only: find a scenario in the home page's gallery,
open its preview (a new tab) and make a board of it there, play its next step with the "n"
shortcut, put the triggers in order with the move buttons, choose a target and confirm, never
touching the mouse."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from engine.scenario import Result, check_scenario, load_scenario
from engine.scenario import builtin_scenarios as _builtin

pytestmark = [pytest.mark.e2e,
              pytest.mark.browser_context_args(viewport={"width": 390, "height": 844})]

COUNT_POINTER = """
window.__pointer = 0;
for (const type of ["mousedown", "pointerdown", "click"]) {
  document.addEventListener(type, function (event) {
    if (event.isTrusted && event.detail > 0) window.__pointer += 1;
  }, true);
}
"""


def tab_to(page: Page, predicate: str, *, back: bool = False, limit: int = 200) -> None:
    """Press Tab (or Shift+Tab) until the focused element satisfies ``predicate``, a JS
    function of the element; then check that it is on screen."""
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        if page.evaluate(f"(el => !!el && ({predicate})(el))(document.activeElement)"):
            expect(page.locator(":focus")).to_be_in_viewport()
            return
    raise AssertionError(f"{limit} presses of {'Shift+Tab' if back else 'Tab'} never "
                         f"reached an element where {predicate}")


def test_keyboard_only_on_a_phone(page: Page, ui, saved, e2e_server, console_errors) -> None:
    console_errors.watch(page)
    page.context.add_init_script(COUNT_POINTER)  # every page of the context: the new tab too
    page.goto("/")
    # search the gallery, then open the scenario's preview (in a new tab) from its entry
    tab_to(page, "el => el.matches('#gallery-q')")
    page.keyboard.type("Sangan Caius")
    expect(page.locator("#gallery-count")).to_contain_text("match")  # filtered as typed
    tab_to(page, "el => el.matches('a.gallery-link[href=\"/scenarios/yugioh/sangan_caius_tcg/\"]')")
    with page.context.expect_page() as opened:
        page.keyboard.press("Enter")
    page = console_errors.watch(opened.value)
    page.wait_for_load_state()
    expect(page.locator("h1")).to_have_text("Sangan tributed for Caius (TCG)")
    tab_to(page, 'el => el.matches(\'form[action="/scenarios/yugioh/sangan_caius_tcg/open"] '
                 'button\')')
    page.keyboard.press("Enter")
    page.wait_for_url(ui.SLUG)
    ui.wait_live(page)
    slug = ui.slug(page)

    page.keyboard.press("n")  # the "Next step" shortcut: Caius is Tribute Summoned
    ui.wait_change(page, 0)
    expect(page.locator("#decision .sortable .order-label")).to_have_text(
        ["Sangan", "Caius the Shadow Monarch"])

    tab_to(page, "el => el.matches('button.move-up') && "
                 "el.getAttribute('aria-label') === 'Move Caius the Shadow Monarch up'")
    page.keyboard.press("Enter")
    expect(page.locator("#decision .sortable .order-label")).to_have_text(
        ["Caius the Shadow Monarch", "Sangan"])
    expect(page.locator(":focus")).to_have_attribute(
        "aria-label", "Move Caius the Shadow Monarch up")  # the focus moved with the item
    # a wrong move is undone with the other button, by Space this time
    tab_to(page, "el => el.matches('button.move-down') && "
                 "el.getAttribute('aria-label') === 'Move Caius the Shadow Monarch down'")
    page.keyboard.press("Space")
    expect(page.locator("#decision .sortable .order-label")).to_have_text(
        ["Sangan", "Caius the Shadow Monarch"])
    tab_to(page, "el => el.matches('button.move-up') && "
                 "el.getAttribute('aria-label') === 'Move Caius the Shadow Monarch up'",
           back=True)
    page.keyboard.press("Space")
    expect(page.locator("#decision .sortable .order-label")).to_have_text(
        ["Caius the Shadow Monarch", "Sangan"])
    tab_to(page, "el => el.matches('.order-form button[type=submit]')")
    page.keyboard.press("Enter")
    ui.wait_change(page, 1)
    expect(page.locator("#log")).to_contain_text(
        "Player 1 orders: Caius the Shadow Monarch, Sangan")

    # Caius's target: Celtic Guardian (nothing is ticked beforehand)
    expect(page.locator("#decision .prompt")).to_contain_text(
        "Caius the Shadow Monarch: choose 1 card to banish")
    expect(page.locator("#decision input[type=checkbox]:checked")).to_have_count(0)
    checkbox = "el.matches('#decision input[type=checkbox]')"
    tab_to(page, f"el => {checkbox} && el.closest('label').textContent.includes("
                 "'Celtic Guardian')")
    page.keyboard.press("Space")
    expect(page.locator("#decision input[type=checkbox]:checked")).to_have_count(1)
    tab_to(page, "el => el.matches('#decision button.primary')")
    page.keyboard.press("Enter")
    ui.wait_change(page, 2)

    expect(page.locator("#log")).to_contain_text("Celtic Guardian was banished")
    expect(page.locator("#log")).to_contain_text("The chain has fully resolved")
    # the mat fits the phone's width, a row of five zones included: nothing scrolls sideways
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    rights = page.eval_on_selector_all(
        ".mat .zone", "zones => zones.map(z => z.getBoundingClientRect().right)")
    assert rights and max(rights) <= 390.5, max(rights)
    assert page.evaluate("window.__pointer") == 0, "a pointer event reached the page"
    assert ui.message(page) == ""
    assert console_errors == [], "\n".join(console_errors)

    # the board now holds what the scenario expects, answered by hand
    scn = load_scenario(next(p for p in _builtin("yugioh") if p.stem == "sangan_caius_tcg"))
    _board, duel = saved.duel(e2e_server, slug)
    assert check_scenario(scn, Result(scn, duel, [])) == []
