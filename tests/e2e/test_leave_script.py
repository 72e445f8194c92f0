"""Leaving the script, by clicking: a scripted decision answered differently; the board says
so and offers "Back to the script" instead of "Next step"; back on the script, the scenario is
played to its end and explained. No response of the whole flow is a 4xx."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from engine.scenario import Result, builtin_scenarios, check_scenario, load_scenario

pytestmark = pytest.mark.e2e

RATS = next(p for p in builtin_scenarios("yugioh") if p.stem == "giant_rats_battle")


def test_leave_the_script_and_come_back(page: Page, ui, saved, e2e_server,
                                        console_errors) -> None:
    scn = load_scenario(RATS)
    console_errors.watch(page)
    failed: list[str] = []
    page.on("response", lambda r: failed.append(f"{r.status} {r.request.method} {r.url}")
            if r.status >= 400 and not r.url.endswith("/favicon.ico") else None)

    slug = ui.open_scenario(page, scn.game, scn.slug)
    story = page.locator("#story")
    expect(story).to_contain_text(scn.question)
    expect(story.locator(".story-answer")).to_have_count(0)
    ui.click_and_wait(page, ui.next_step_button(page))  # the attack
    ui.click_and_wait(page, ui.next_step_button(page))  # the battle: both Giant Rats trigger

    # the script activates Player 1's Giant Rat; we do not
    decision = page.locator("#decision")
    expect(decision).to_contain_text("Player 1 decides")
    ui.click_and_wait(page, decision.get_by_role("button", name="Do not activate"))
    expect(story.locator(".script-left")).to_have_text(
        "You answered differently at step 3; from here the board is yours.")
    back = page.locator("#status").get_by_role("button", name="Back to the script")
    expect(back).to_be_visible()
    expect(ui.next_step_button(page)).to_have_count(0)

    # the board is ours: Player 2 answers as on any board
    expect(decision).to_contain_text("Player 2 decides")
    ui.click_and_wait(page, decision.get_by_role("button", name="Activate", exact=True))
    expect(decision).to_contain_text("No player has a decision to make.")
    expect(story.locator(".script-left")).to_be_visible()

    ui.click_and_wait(page, back)
    expect(story.locator(".script-left")).to_have_count(0)
    expect(ui.next_step_button(page)).to_have_text("Next step (2 left)")
    expect(decision).to_contain_text("Player 1 decides")
    ui.click_and_wait(page, ui.next_step_button(page))
    ui.click_and_wait(page, ui.next_step_button(page))
    expect(ui.next_step_button(page)).to_have_count(0)
    expect(story.locator(".story-answer")).to_contain_text("The turn player's.")
    expect(story.locator(".story-answer a.rule-ref")).to_have_text(
        ["YGO-SEGOC", "YGO-DAMAGE-STEP"])

    assert ui.message(page) == ""
    assert failed == [], "\n".join(failed)
    assert console_errors == [], "\n".join(console_errors)
    board, duel = saved.duel(e2e_server, slug)
    assert board.pending_steps == [] and board.script_left is None
    assert check_scenario(scn, Result(scn, duel, [])) == []
