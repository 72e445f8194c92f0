"""The labels of a Yu-Gi-Oh! order decision match the chain it builds.

Sangan is tributed for Caius (TCG): the turn player orders the two mandatory triggers
(YGO-SEGOC). Each place of the list says which chain link it becomes and when it resolves; the
labels follow the places while the items are reordered (drag and drop, then the move buttons),
and after the answer the chain built is exactly what the labels said.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

PLACES = ["Chain Link 1 — resolves last", "Chain Link 2 — resolves first"]


def shown(page: Page) -> dict[str, str]:
    """Each card of the order list with the label shown beside it."""
    items = page.locator("#decision .sortable > li")
    return dict(zip(items.locator(".order-label").all_inner_texts(),
                    items.locator(".order-position").all_inner_texts(), strict=True))


def test_order_labels_match_the_chain_built(page: Page, ui, saved, e2e_server,
                                            console_errors) -> None:
    console_errors.watch(page)
    slug = ui.open_scenario(page, "yugioh", "sangan_caius_tcg")
    ui.click_and_wait(page, ui.next_step_button(page))  # Tribute Summon Caius with Sangan
    labels = page.locator("#decision .sortable .order-label")
    places = page.locator("#decision .sortable .order-position")
    expect(labels).to_have_text(["Sangan", "Caius the Shadow Monarch"])
    expect(places).to_have_text(PLACES)

    items = page.locator("#decision .sortable > li")
    items.nth(1).drag_to(items.nth(0))  # Caius above Sangan: the labels stay with the places
    expect(labels).to_have_text(["Caius the Shadow Monarch", "Sangan"])
    expect(places).to_have_text(PLACES)
    page.get_by_role("button", name="Move Caius the Shadow Monarch down").click()
    expect(labels).to_have_text(["Sangan", "Caius the Shadow Monarch"])
    expect(places).to_have_text(PLACES)
    page.get_by_role("button", name="Move Caius the Shadow Monarch up").click()
    expect(labels).to_have_text(["Caius the Shadow Monarch", "Sangan"])
    said = shown(page)
    assert said == {"Caius the Shadow Monarch": PLACES[0], "Sangan": PLACES[1]}
    ui.click_and_wait(page, page.get_by_role("button", name="Confirm this order"))

    expect(page.locator("#decision .prompt")).to_contain_text(
        "Caius the Shadow Monarch: choose 1 card to banish")
    page.locator("#decision label", has_text="Celtic Guardian").locator("input").check()
    ui.click_and_wait(page, page.locator("#decision button.primary"))
    expect(page.locator("#log")).to_contain_text("The chain has fully resolved")

    # the page: each trigger is the chain link its label named
    triggers = page.locator("#chain .triggers li.trigger")
    log = page.locator("#log")
    for card, label in said.items():
        link = re.match(r"Chain Link (\d+)", label).group(1)
        expect(triggers.filter(has_text=card)).to_contain_text(f"(Chain Link {link})")
        expect(log).to_contain_text(f"Chain Link {link}: Player 1 activates {card}")
    assert console_errors == [], "\n".join(console_errors)

    # the saved board: the chain built and the order it resolved in
    _board, duel = saved.duel(e2e_server, slug)
    built = {e["args"]["link"]: duel.name(e["args"]["card"]) for e in duel.state.log
             if e["key"] == "chain.link"}
    resolved = [duel.name(e["args"]["card"]) for e in duel.state.log
                if e["key"] == "chain.resolve"]
    assert built == {1: "Caius the Shadow Monarch", 2: "Sangan"}
    first = next(card for card, label in said.items() if label.endswith("resolves first"))
    last = next(card for card, label in said.items() if label.endswith("resolves last"))
    assert resolved == [first, last]
