"""A card's tooltip (its text, shown on hover or focus) never covers a control: it is put below,
above or beside the card, wherever no button, link or field is, at the desktop and phone sizes."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

COVERED = """() => {
    const tip = document.querySelector(".card-tip-float");
    if (!tip || tip.hidden) return "no tooltip shown";
    const r = tip.getBoundingClientRect();
    const tile = document.querySelector('#board li.card[data-card="' + tip.dataset.card + '"]');
    const hit = Array.from(document.querySelectorAll(
        "button, a[href], input:not([type=hidden]), select, textarea, summary, [role=tab]"))
      .filter(el => !tile.contains(el) && el.getClientRects().length)
      .find(el => {
        const c = el.getBoundingClientRect();
        return c.width > 0 && c.height > 0 && c.left < r.right - 1 && r.left < c.right - 1 &&
          c.top < r.bottom - 1 && r.top < c.bottom - 1;
      });
    return hit ? (hit.getAttribute("aria-label") || hit.textContent.trim()).slice(0, 60) : "";
}"""


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)])
def test_a_card_tooltip_covers_no_control(page: Page, ui, console_errors, size) -> None:
    console_errors.watch(page)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    ui.caius_board(page)
    tiles = page.locator("#board li.card.tile:has(.card-tip)")
    assert tiles.count() >= 4
    for k in range(tiles.count()):
        tile = tiles.nth(k)
        tile.scroll_into_view_if_needed()
        tile.locator("summary").hover()
        expect(page.locator(".card-tip-float")).to_be_visible()
        assert page.evaluate(COVERED) == "", f"the tooltip of tile {k} covers a control"
        tile.locator("summary").focus()
        expect(page.locator(".card-tip-float")).to_be_visible()
        assert page.evaluate(COVERED) == "", f"the tooltip of tile {k} covers a control"
    # and it says the card's text
    sangan = ui.card(page, "Sangan")
    sangan.locator("summary").hover()
    expect(page.locator(".card-tip-float")).to_contain_text("Sangan")
    assert console_errors == [], "\n".join(console_errors)
