"""Playback from anywhere, with controls that mean what they say: a three-link chain (Sangan
tributed for Caius the Shadow Monarch, the opponent's Eisbahn triggering on the summon), built
by clicking, then replayed frame by frame after a reload, on a view link, a seat link, a
snapshot link, an embed and an older step of the timeline. Back stops at frame 1, forward past
the last frame is the board now, the decision is marked as the board now's while a frame is
shown, and every target arrow ends on its target's tile at every frame."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import wait_until

pytestmark = pytest.mark.e2e

#: each arrow's end against its target's tile, and how many arrows the chain shown asks for
ARROWS = """() => {
  const wanted = [];
  document.querySelectorAll("#chain li.link[data-targets]").forEach(function (li) {
    li.dataset.targets.split(" ").forEach(function (iid) {
      if (document.querySelector('#board [data-card="' + iid + '"]')) wanted.push(iid);
    });
  });
  const lines = Array.from(document.querySelectorAll("svg.target-arrows line"));
  const off = [];
  lines.forEach(function (line) {
    const iid = line.getAttribute("data-target");
    const tile = document.querySelector('#board [data-card="' + iid + '"]');
    const x = Number(line.getAttribute("x2")), y = Number(line.getAttribute("y2"));
    const box = tile ? tile.getBoundingClientRect() : null;
    if (!box || x < box.left || x > box.right || y < box.top || y > box.bottom) {
      off.push([iid, x, y, box && [box.left, box.top, box.right, box.bottom]]);
    }
  });
  const drawn = lines.map(function (l) { return l.getAttribute("data-target"); });
  return {wanted: wanted.sort(), drawn: drawn.sort(), off: off};
}"""
ARROWS_RIGHT = f"""() => {{
  const a = ({ARROWS})();
  return a.off.length === 0 && a.wanted.join(" ") === a.drawn.join(" ");
}}"""


def counter(page: Page) -> str:
    return page.locator("#playback .frame-counter").inner_text()


def button(page: Page, move: str):
    return page.locator(f'#playback [data-frame-move="{move}"]')


def check_arrows(page: Page) -> dict:
    try:
        wait_until(page, ARROWS_RIGHT, timeout_ms=3000)
    except AssertionError:
        pass
    arrows = page.evaluate(ARROWS)
    assert not arrows["off"] and arrows["wanted"] == arrows["drawn"], (counter(page), arrows)
    return arrows


def play_frames(page: Page, step: int | None = None, arrows: list[int] | None = None
                ) -> list[int]:
    """From the board now: the first frame (of ``step``), back stays there, then forward to
    the board now. The chain's size at every frame (the arrows checked at each; ``arrows``:
    gets how many each frame has)."""
    expect(page.locator("#playback")).to_have_class(re.compile("has-frames"))
    expect(page.locator("#playback .frame-counter")).to_have_text("The board now")
    expect(button(page, "1")).to_be_disabled()  # nothing after the board now
    expect(button(page, "end")).to_be_disabled()
    button(page, "first").click()
    expect(page.locator("#playback .frame-counter")).to_contain_text(
        f"Step {step}, frame 1 of" if step else "frame 1 of")
    expect(button(page, "-1")).to_be_disabled()
    expect(button(page, "first")).to_be_disabled()
    page.keyboard.press(",")  # back at frame 1 stays at frame 1
    expect(page.locator("#playback .frame-counter")).to_contain_text("frame 1 of")
    sizes = []
    while True:
        now = counter(page)
        if "frame" not in now:
            break
        if page.locator("#decision").count():  # the decision is the board now's, not the frame's
            expect(page.locator("#decision")).to_have_attribute("data-belongs", "now")
            expect(page.locator("#decision .now-note")).to_be_visible()
            expect(page.locator("#decision .now-note")).to_contain_text("board now")
            expect(page.locator("#decision > :not(.now-note)")).to_have_count(
                page.locator("#decision > :not(.now-note):not(:visible)").count())
        sizes.append(page.locator("#chain-links li.link").count())
        drawn = len(check_arrows(page)["drawn"])
        if arrows is not None:
            arrows.append(drawn)
        page.keyboard.press(".")
        expect(page.locator("#playback .frame-counter")).not_to_have_text(now)
    # forward past the last frame: the board now, the decision back as it is
    expect(page.locator("#playback .frame-counter")).to_have_text("The board now")
    expect(button(page, "1")).to_be_disabled()
    expect(page.locator("#decision .now-note")).to_have_count(0)
    check_arrows(page)
    return sizes


def test_frames_play_from_any_page_with_honest_controls(page: Page, ui, saved, e2e_server,
                                                       new_context, console_errors) -> None:
    console_errors.watch(page)
    slug = ui.caius_board(page)
    ui.card_action(page, "Caius the Shadow Monarch", "Tribute Summon")
    page.get_by_role("button", name="Move Caius the Shadow Monarch up").click()

    # one frame per click: the update shows its first frame, the next decision waits for the
    # board now (skipping there shows it)
    page.evaluate("window.localStorage.setItem('chain-simulator.playback', 'click')")
    ui.click_and_wait(page, page.get_by_role("button", name="Confirm this order"))
    expect(page.locator("#playback .frame-counter")).to_contain_text("frame 1 of")
    expect(page.locator("#decision .now-note")).to_be_visible()
    expect(page.locator("#decision label", has_text="Celtic Guardian")).to_be_hidden()
    expect(page.locator("#board .global-actions")).to_have_attribute(
        "data-now-note", re.compile("board now"))
    page.locator("#decision .now-note button").click()
    expect(page.locator("#playback .frame-counter")).to_have_text("The board now")
    expect(page.locator("#decision label", has_text="Celtic Guardian")).to_be_visible()
    page.evaluate("window.localStorage.setItem('chain-simulator.playback', '0')")

    # the summon's triggers put in order, Caius's target asked: played again on this page
    assert play_frames(page)
    page.locator("#decision label", has_text="Celtic Guardian").locator("input").check()
    ui.click_and_wait(page, page.locator("#decision button.primary"))
    expect(page.locator("#playback .frame-counter")).to_have_text("The board now")  # speed 0

    # after a reload: nothing plays by itself, the buttons play the chain resolving
    page.reload()
    ui.wait_live(page)
    arrows: list[int] = []
    resolved = play_frames(page, arrows=arrows)
    assert max(arrows) >= 1 and arrows[-1] == 0, arrows  # Caius's arrow, then none at all
    sizes = [n for i, n in enumerate(resolved) if i == 0 or resolved[i - 1] != n]
    assert sizes == [1, 2, 3, 2, 1, 0], resolved

    # a view link, in another browser
    viewer = console_errors.watch(new_context().new_page())
    viewer.goto(f"/b/{slug}/")
    ui.wait_live(viewer)
    assert play_frames(viewer) == resolved

    # a snapshot link
    ui.tab(page, "Share")
    link = page.locator("#snapshot-link").input_value()
    other = console_errors.watch(new_context().new_page())
    other.goto(link)
    expect(other.locator(".banner")).to_contain_text("A snapshot link")
    assert play_frames(other) == resolved
    # an older step reached from its timeline plays that step's frames: the chain building
    last_step = len(saved.duel(e2e_server, slug)[1].actions)
    ui.tab(other, "Timeline")
    other.locator(f'#timeline li[data-step="{last_step - 1}"] > a').click()
    other.wait_for_url(re.compile(rf"at={last_step - 1}"))
    assert play_frames(other, last_step - 1)

    # the embed
    embed = console_errors.watch(new_context().new_page())
    embed.goto(f"/embed/{slug}/")
    assert play_frames(embed) == resolved
    embed.goto(f"/embed/{slug}/?at={last_step - 1}")
    assert play_frames(embed, last_step - 1)

    # an older step of the board's own timeline
    ui.tab(viewer, "Timeline")
    viewer.locator(f'#timeline li[data-step="{last_step - 1}"] > a').click()
    viewer.wait_for_url(re.compile(rf"/at/{last_step - 1}/$"))
    assert play_frames(viewer, last_step - 1)

    # a seat link (the seats given first: the page reloads with them)
    page.locator("#share").get_by_role("button", name=re.compile("Give each player a seat")) \
        .click()
    seat = page.get_by_label("Player 1's seat")
    expect(seat).to_have_value(re.compile("/seat/"))
    player = console_errors.watch(new_context().new_page())
    player.goto(seat.input_value())
    expect(player.locator(".banner")).to_contain_text("You hold the seat of Player 1")
    ui.wait_live(player)
    steps = len(saved.duel(e2e_server, slug)[1].actions)  # the seats are a step of their own
    assert play_frames(player, steps)
    ui.tab(player, "Timeline")
    player.locator(f'#timeline li[data-step="{last_step}"] > a').click()
    player.wait_for_url(re.compile(rf"/at/{last_step}/$"))
    assert play_frames(player, last_step) == resolved
    assert console_errors == [], "\n".join(console_errors)
