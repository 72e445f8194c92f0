"""Frames in the browser: a board where three trigger effects go on one chain (Sangan tributed
for Caius the Shadow Monarch, the opponent's Eisbahn triggering on the summon), built by
clicking. The chain panel grows 1, 2, 3 links and shrinks 2, 1, 0 frame by frame; the keyboard
steps back; a frame's address opens the same board in another browser; a classroom follower
sees the frame the presenter steps to."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e


def links(page: Page) -> int:
    return page.locator("#chain-links li.link").count()


def frame_counter(page: Page) -> str:
    return page.locator("#playback .frame-counter").inner_text()


def step_through(page: Page) -> list[int]:
    """Press "." until the playback reaches the board now; the chain size at every frame."""
    sizes = []
    # the update's own frames: the playback element of this version, at its first frame
    version = page.locator("#board-version").input_value()
    expect(page.locator("#playback")).to_have_attribute("data-version", version)
    expect(page.locator("#playback")).to_have_class(re.compile("has-frames"))
    expect(page.locator("#playback .frame-counter")).to_contain_text("frame 1 of")
    while True:
        counter = frame_counter(page)
        if "frame" in counter:
            sizes.append(links(page))
        page.keyboard.press(".")
        expect(page.locator("#playback .frame-counter")).not_to_have_text(counter)
        if "frame" not in frame_counter(page):
            return sizes


def test_three_links_build_and_resolve_frame_by_frame(page: Page, ui, saved, e2e_server,
                                                      new_context, console_errors) -> None:
    console_errors.watch(page)
    page.add_init_script("window.localStorage.setItem('chain-simulator.playback', 'click')")
    slug = ui.caius_board(page)
    expect(page.locator("#playback-speed")).to_have_value("click")

    ui.card_action(page, "Caius the Shadow Monarch", "Tribute Summon")
    assert step_through(page)[-1] == 0  # the summon: nothing on the chain yet, a decision
    # the turn player orders Sangan and Caius: Caius first (Chain Link 1)
    expect(page.locator("#decision .sortable .order-label")).to_have_text(
        ["Sangan", "Caius the Shadow Monarch"])
    page.get_by_role("button", name="Move Caius the Shadow Monarch up").click()
    ui.click_and_wait(page, page.get_by_role("button", name="Confirm this order"))
    built = step_through(page)
    page.locator("#decision label", has_text="Celtic Guardian").locator("input").check()
    ui.click_and_wait(page, page.locator("#decision button.primary"))
    resolved = step_through(page)

    seen_sizes = built + resolved
    sizes = [n for i, n in enumerate(seen_sizes) if i == 0 or seen_sizes[i - 1] != n]
    assert sizes == [0, 1, 2, 3, 2, 1, 0], (built, resolved)
    expect(page.locator("#chain .triggers li.trigger")).to_have_count(3)

    # back with the keyboard: the last frames again, one link back on the chain
    page.keyboard.press(",")
    expect(page.locator("#playback .frame-counter")).to_contain_text("frame")
    page.keyboard.press(",")
    page.keyboard.press(",")
    seen = links(page)
    assert seen >= 1
    counter = frame_counter(page)
    k, n = re.search(r"Step (\d+), frame (\d+)", counter).groups()

    # the frame's address, in another browser: the same moment, read-only
    href = page.locator(f'#timeline [data-frame="{k}.{n}"] a').get_attribute("href")
    other = new_context().new_page()
    console_errors.watch(other)
    other.goto(href)
    expect(other.locator(".banner")).to_contain_text(f"frame {n} of step {k}")
    expect(other.locator("#chain-links li.link")).to_have_count(seen)
    expect(other.locator("#frame-caption")).to_contain_text(f"Step {k}, frame {n} of")

    # classroom: the presenter steps into the last action; the follower sees that frame
    page.goto(f"/b/{slug}/present/")
    page.get_by_role("button", name="Start presenting").click()  # opening it starts nothing
    page.wait_for_url(re.compile(rf"/b/{re.escape(slug)}/present/$"))
    expect(page.get_by_role("button", name="Start presenting")).to_have_count(0)
    follower = new_context().new_page()
    console_errors.watch(follower)
    follower.goto(f"/b/{slug}/follow/")
    ui.wait_live(follower)
    page.locator(".presenter-controls .present-frame[data-to=prev]").click()
    expect(page.locator("#presentation")).to_contain_text("The presenter shows frame")
    shown = page.locator("#presentation .presenter-step").inner_text()
    expect(follower.locator("#presentation .presenter-step")).to_have_text(shown)
    expect(follower.locator("#chain-links li.link")).to_have_count(
        page.locator("#chain-links li.link").count())
    page.keyboard.press(",")  # the presenter's key for "back a frame"
    expect(follower.locator("#presentation .presenter-step")).not_to_have_text(shown)
    assert console_errors == [], "\n".join(console_errors)

    board, duel = saved.duel(e2e_server, slug)
    chains = [[duel.name(link["card"]) for link in f.chain] for f in duel.frames(len(
        duel.actions))]
    assert max(chains, key=len) == ["Caius the Shadow Monarch", "Sangan", "Eisbahn"]


def test_frames_play_by_themselves_at_the_default_speed(page: Page, ui, console_errors) -> None:
    console_errors.watch(page)
    page.add_init_script("window.localStorage.setItem('chain-simulator.playback', '600')")
    ui.open_scenario(page, "yugioh", "amazoness_village_soul_taker")
    expect(page.locator("#playback-speed")).to_have_value("600")
    ui.click_and_wait(page, ui.next_step_button(page))
    counter = page.locator("#playback .frame-counter")
    expect(counter).to_contain_text("Step 1, frame 1 of")
    expect(counter).to_contain_text("frame 2 of")  # it moves on by itself
    expect(counter).to_contain_text("The board now", timeout=30_000)  # and ends on the board
    expect(page.locator("#chain .triggers li.status-missed")).to_have_count(1)
    assert console_errors == [], "\n".join(console_errors)
