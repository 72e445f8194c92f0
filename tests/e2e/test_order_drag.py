"""(c) An ordering decision answered by drag and drop on the board page.

Yu-Gi-Oh!: Sangan is tributed for Caius; under the TCG preset the turn player orders the two
mandatory triggers freely (YGO-SEGOC). Duel Masters: Heaven's Gate puts two creatures with
pending abilities into the battle zone and their player orders them (DM-ORDER).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from engine.scenario import builtin_scenarios

pytestmark = pytest.mark.e2e


def drag_second_above_first(page: Page) -> list[str]:
    """Drag the order list's second item above its first; return the new order's ids."""
    items = page.locator("#decision .sortable > li")
    expect(items.nth(1)).to_be_visible()
    before = items.evaluate_all("els => els.map(e => e.dataset.id)")
    items.nth(1).drag_to(items.nth(0))
    expected = [before[1], before[0], *before[2:]]
    expect(items.first).to_have_attribute("data-id", expected[0])
    # the hidden inputs that the form posts follow the items
    assert page.locator('#decision .order-form input[name="choice"]').evaluate_all(
        "els => els.map(e => e.value)") == expected
    return expected


def test_yugioh_trigger_order_by_drag_and_drop(page: Page, ui, saved, e2e_server,
                                               console_errors) -> None:
    console_errors.watch(page)
    slug = ui.open_scenario(page, "yugioh", "sangan_caius_tcg")
    ui.click_and_wait(page, ui.next_step_button(page))  # Tribute Summon Caius with Sangan
    expect(page.locator("#decision .prompt")).to_contain_text("Order these effects")
    labels = page.locator("#decision .sortable .order-label")
    expect(labels).to_have_text(["Sangan", "Caius the Shadow Monarch"])

    order = drag_second_above_first(page)
    expect(labels).to_have_text(["Caius the Shadow Monarch", "Sangan"])
    ui.click_and_wait(page, page.get_by_role("button", name="Confirm this order"))

    log = page.locator("#log")
    expect(log).to_contain_text("Player 1 orders: Caius the Shadow Monarch, Sangan")
    # Caius's target, then the chain resolves: Caius is Chain Link 1, Sangan Chain Link 2.
    expect(page.locator("#decision .prompt")).to_contain_text(
        "Caius the Shadow Monarch: choose 1 card to banish")
    expect(page.locator("#decision input[type=checkbox]:checked")).to_have_count(0)
    page.locator("#decision label", has_text="Celtic Guardian").locator("input").check()
    ui.click_and_wait(page, page.locator("#decision button.primary"))
    expect(log).to_contain_text("Chain Link 1: Player 1 activates Caius the Shadow Monarch")
    expect(log).to_contain_text("Chain Link 2: Player 1 activates Sangan")
    activated = page.locator("#chain .triggers li.trigger")
    expect(activated.filter(has_text="Caius the Shadow Monarch")).to_contain_text(
        "(Chain Link 1)")
    expect(activated.filter(has_text="Sangan")).to_contain_text("(Chain Link 2)")
    assert console_errors == [], "\n".join(console_errors)

    board, duel = saved.duel(e2e_server, slug)
    answers = [a for a in board.data["actions"] if a.get("do") == "answer"]
    assert answers[0]["choice"] == order
    assert [duel.name(link) for link in _chain_cards(duel)] == [
        "Caius the Shadow Monarch", "Sangan"]


def _chain_cards(duel) -> list[int]:
    return [e["args"]["card"] for e in duel.state.log
            if e["key"] in ("chain.link", "chain.link_same")]


DM_ORDER_SCENARIO = "heavens_gate_milzam_emeralda"


def test_duel_masters_pending_order_by_drag_and_drop(page: Page, ui, saved, e2e_server,
                                                     console_errors) -> None:
    """Heaven's Gate puts Milzam and Emeralda into the battle zone at once; their player
    orders the two pending abilities (DM-ORDER) by dragging Emeralda above Milzam."""
    if not any(p.stem == DM_ORDER_SCENARIO for p in builtin_scenarios("duel_masters")):
        pytest.skip("Duel Masters order decision not available yet")
    console_errors.watch(page)
    slug = ui.open_scenario(page, "duel_masters", DM_ORDER_SCENARIO)
    sortable = page.locator("#decision .sortable")
    for _ in range(4):  # cast Heaven's Gate, choose the two creatures: the order is asked
        if sortable.count():
            break
        ui.click_and_wait(page, ui.next_step_button(page))
    labels = page.locator("#decision .sortable .order-label")
    expect(labels).to_have_text(["Milzam, Spirit of Miracles",
                                 "Emeralda, Pitch Dragon Elemental"])
    pool = page.locator("#chain ol.pool > li")
    expect(pool).to_have_count(2)
    expect(page.locator("#decision .sortable .order-position")).to_have_text(
        ["resolves 1st", "resolves 2nd"])
    expect(pool.first).to_contain_text("Milzam, Spirit of Miracles")  # as the decision says
    expect(pool.first).to_have_class(re.compile(r"\bnext\b"))

    order = drag_second_above_first(page)
    expect(labels).to_have_text(["Emeralda, Pitch Dragon Elemental",
                                 "Milzam, Spirit of Miracles"])
    expect(page.locator("#decision .sortable .order-position")).to_have_text(
        ["resolves 1st", "resolves 2nd"])
    # the pending panel follows the order being given, and names the same next one
    expect(pool.first).to_contain_text("Emeralda, Pitch Dragon Elemental")
    expect(pool.first).to_have_class(re.compile(r"\bnext\b"))
    expect(pool.first.locator(".badge", has_text="next")).to_have_count(1)
    expect(pool.nth(1)).not_to_have_class(re.compile(r"\bnext\b"))
    ui.click_and_wait(page, page.get_by_role("button", name="Confirm this order"))

    expect(page.locator("#log")).to_contain_text(
        "Player 1 resolves Emeralda, Pitch Dragon Elemental next")
    expect(page.locator("#log")).to_contain_text(
        "Emeralda, Pitch Dragon Elemental: shield swap resolves")
    assert ui.message(page) == ""
    assert console_errors == [], "\n".join(console_errors)
    board, duel = saved.duel(e2e_server, slug)
    answers = [a for a in board.data["actions"] if a.get("do") == "answer"]
    # the order given is the script's next step, so the step itself is played: "this one first"
    given = answers[-1]["choice"]
    assert given == order or given == order[0], (given, order)
    resolving = [duel.name(e["args"]["card"]) for e in duel.state.log
                 if e["key"] == "pending.resolve"]
    assert resolving[:1] == ["Emeralda, Pitch Dragon Elemental"]
