"""Predict the chain, in Chromium: a presenter asks the room a question generated at the step
it shows; two students (separate browsers, no account) answer on their own devices; the
presenter sees the live tally and reveals; each student sees whether they were right and the
rule id that decides.

The board is "Amazoness Village misses the timing after Soul Taker" at its set-up: its
scripted step activates Soul Taker, which destroys an Amazoness monster and then gives
Player 2 1000 LP, so Amazoness Village misses the timing (YGO-MISS)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, expect

pytestmark = pytest.mark.e2e

QUESTION = "Does Amazoness Village's effect activate? (as the scenario plays it)"
PRESENT = re.compile(r"/b/([^/]+)/present/$")


def test_a_question_two_answers_the_tally_and_the_reveal(
        page: Page, new_context: Callable[..., BrowserContext], ui, console_errors) -> None:
    presenter = console_errors.watch(page)
    ui.open_scenario(presenter, "yugioh", "amazoness_village_soul_taker")
    ui.tab(presenter, "Share")
    presenter.locator("#share").get_by_role(
        "button", name="Present it (classroom mode)").click()
    presenter.wait_for_url(PRESENT)
    ui.wait_live(presenter)
    follow_url = presenter.locator(".follow-share a").get_attribute("href")

    students = []
    for _n in range(2):
        student = console_errors.watch(new_context().new_page())
        student.goto(follow_url)
        ui.wait_live(student)
        expect(student.locator("#predict .predict-vote")).to_have_count(0)
        students.append(student)
    alice, bob = students

    offer = presenter.locator("#predict-offer")
    offer.get_by_role("button", name=f"Ask: {QUESTION}").click()
    tally = presenter.locator("#predict-tally")
    expect(tally).to_contain_text("Answers so far: 0")
    for student in students:  # the question reaches every follower over the websocket
        expect(student.locator("#predict h2")).to_have_text(QUESTION)

    alice.locator("#predict").get_by_role("button", name="No", exact=True).click()
    expect(alice.locator("#predict-result")).to_have_text(
        "Your answer is in. Wait for the reveal.")
    expect(alice.locator("#predict").get_by_role("button", name="Yes")).to_be_disabled()
    bob.locator("#predict").get_by_role("button", name="Yes", exact=True).click()
    expect(bob.locator("#predict-result")).to_have_text(
        "Your answer is in. Wait for the reveal.")
    expect(tally).to_contain_text("Answers so far: 2")
    expect(tally.locator("li", has_text="Yes")).to_contain_text("1 (50%)")
    expect(tally.locator("li", has_text="No")).to_contain_text("1 (50%)")

    tally.get_by_role("button", name="Reveal the answer").click()
    expect(alice.locator("#predict-result")).to_have_text("You were right. You answered: No")
    expect(bob.locator("#predict-result")).to_have_text("You were wrong. You answered: Yes")
    for student in students:
        rule = student.locator("#predict .predict-rule a")
        expect(rule).to_have_text("YGO-MISS")
        expect(rule).to_have_attribute("href", "/rules/YGO-MISS/")
        expect(student.locator("#predict li.right")).to_contain_text("No")
    expect(tally.locator("li.right")).to_contain_text("No")

    assert console_errors == [], "\n".join(console_errors)
