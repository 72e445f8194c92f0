"""Classroom mode: a presenter shows a step of a board and every follower sees it live; a
follower detaches to explore, tries a step on a board of its own, and follows again; lessons
go chapter by chapter, each chapter's URL taking the teacher to the presenter's view and a
student to the follower's; the lesson's one follow link moves with the teacher's "Next
chapter"; each QR code shown decodes, from a screenshot, to its follow link.

The presented board is "Two Giant Rats destroy each other in battle" played to its end: the
attack is declared (step 1), the battle destroys both rats (2), then each player activates its
rat's trigger (3, 4), which brings Celtic Guardian and Amazoness Fighter from the decks.
"""

from __future__ import annotations

import io
import re
import time
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

pytestmark = pytest.mark.e2e

RATS = "giant_rats_battle"
RATS_TITLE = "Two Giant Rats destroy each other in battle"
CAIUS_TITLE = "Sangan tributed for Caius (TCG classic)"
TOTAL = 4
PRESENT = re.compile(r"/b/([^/]+)/present/$")


def expect_board_of_step(page: Page, ui, k: int, *, marked: bool = True) -> None:
    """What the board shows after step ``k`` of the Giant Rats scenario (``marked``: a view
    of a step, marked in the timeline; a live board marks none)."""
    on_field = 1 if k < 2 else 0
    for player in ("p1", "p2"):
        expect(ui.card(ui.zone(page, player, "monster"), "Giant Rat")).to_have_count(on_field)
        expect(ui.card(ui.zone(page, player, "gy"), "Giant Rat")).to_have_count(1 - on_field)
    expect(ui.card(ui.zone(page, "p1", "monster"), "Celtic Guardian")).to_have_count(
        1 if k == TOTAL else 0)
    if marked:
        expect(page.locator("#timeline li.current")).to_have_attribute("value", str(k))
    else:
        expect(page.locator("#timeline li.current")).to_have_count(0)


def presenter_text(k: int | None) -> str:
    return ("The presenter follows the live board" if k is None
            else f"The presenter shows step {k} of {TOTAL}")


def wait_until(page: Page, expression: str, arg=None, timeout_s: float = 15) -> None:
    """Poll a JavaScript expression until truthy (``page.wait_for_function`` uses eval,
    which the site's Content-Security-Policy forbids)."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(expression, arg):
        assert time.monotonic() < deadline, f"timed out waiting for: {expression}"
        page.wait_for_timeout(50)


def present(page: Page, control: Locator | str, k: int | None) -> None:
    """The presenter presses one of its controls (a button, or a key of the keyboard); wait
    until its own page shows step ``k`` (None: the live board), by its request's answer and by
    the websocket's broadcast."""
    received = page.evaluate("window.__ws.received")
    if isinstance(control, str):
        page.keyboard.press(control)
    else:
        control.click()
    expect(page.locator("#presentation .presenter-step")).to_have_text(presenter_text(k))
    wait_until(page, "n => window.__ws.received > n && "
                     "!document.querySelector('.htmx-request')", arg=received)
    expect(page.locator(".presentation-page")).to_have_attribute(
        "data-shown", str(TOTAL if k is None else k))


def steps_behind(n: int, where: str = "behind") -> re.Pattern:
    """The follower's "N steps behind (or ahead of) the presenter"; the page may word it
    "N step(s)"."""
    return re.compile(rf"^{n} step(s|\(s\))? {where} the presenter$")


def decode_qr(qr: Locator) -> str:
    """The link a QR code on the page reads as, from a screenshot of it as shown."""
    import zxingcpp
    from PIL import Image

    # caret="initial": hiding the caret would inject a style the CSP refuses
    shot = Image.open(io.BytesIO(qr.screenshot(caret="initial"))).convert("L")
    found = [r.text for r in zxingcpp.read_barcodes(shot)]
    assert len(found) == 1, f"no QR code read from the screenshot: {found}"
    return found[0]


def play_to_the_end(page: Page, ui) -> None:
    while ui.next_step_button(page).count():
        ui.click_and_wait(page, ui.next_step_button(page))


def test_presenter_followers_detach_try_and_follow_again(
        page: Page, new_context: Callable[..., BrowserContext], ui, saved, e2e_server,
        console_errors) -> None:
    presenter = console_errors.watch(page)
    slug = ui.open_scenario(presenter, "yugioh", RATS)
    play_to_the_end(presenter, ui)
    ui.tab(presenter, "Share")
    presenter.locator("#share").get_by_role(
        "button", name="Present it (classroom mode)").click()
    presenter.wait_for_url(PRESENT)
    ui.wait_live(presenter)
    assert saved.get(e2e_server, slug).presenting  # the editor's POST started presenting
    expect(presenter.get_by_role("button", name="Start presenting")).to_have_count(0)
    controls = presenter.locator(".presenter-controls")
    follow_url = presenter.locator(".follow-share a").get_attribute("href")
    assert follow_url and follow_url.endswith(f"/b/{slug}/follow/")
    assert decode_qr(presenter.locator(".follow-share .qr")) == follow_url

    # A second browser, with no rights on the board, follows.
    follower = console_errors.watch(new_context().new_page())
    follower.goto(follow_url)
    ui.wait_live(follower)
    expect(follower.locator(".presenter-controls")).to_have_count(0)
    step_line = follower.locator("#presentation .presenter-step")
    expect(step_line).to_have_text(presenter_text(None))
    expect_board_of_step(follower, ui, TOTAL)
    follower.evaluate("window.__marker = 'no reload'")
    messages = follower.evaluate("window.__ws.received")

    # The presenter moves; the follower's board follows over the websocket, without reload.
    for name, k in (("Back", 3), ("Back", 2), ("Forward", 3), ("First", 0), ("Forward", 1),
                    ("Live", None)):
        present(presenter, controls.get_by_role("button", name=name, exact=True), k)
        expect(step_line).to_have_text(presenter_text(k))
        expect_board_of_step(follower, ui, TOTAL if k is None else k)
        expect_board_of_step(presenter, ui, TOTAL if k is None else k)
    assert follower.evaluate("window.__marker") == "no reload"
    assert follower.evaluate("window.__ws.received") >= messages + 6
    assert saved.get(e2e_server, slug).presenter_at is None

    # The arrow keys move the presenter's step too; then a caption for step 2.
    present(presenter, "ArrowLeft", 3)
    present(presenter, "ArrowLeft", 2)
    present(presenter, "ArrowRight", 3)
    present(presenter, "ArrowLeft", 2)
    expect_board_of_step(follower, ui, 2)
    caption = "Both rats are destroyed at the same time: both triggers wait."
    received = presenter.evaluate("window.__ws.received")
    presenter.locator("#caption-text").fill(caption)
    presenter.get_by_role("button", name="Show the caption").click()
    expect(follower.locator("#presentation .caption")).to_have_text(caption)
    expect(presenter.locator("#presentation .caption")).to_have_text(caption)
    wait_until(presenter, "n => window.__ws.received > n", arg=received)
    expect(step_line).to_have_text(presenter_text(2))
    assert saved.get(e2e_server, slug).captions == {"2": caption}

    # The follower detaches and goes back on its own; the presenter goes on without it.
    switch = follower.locator("#follow-switch")
    behind = follower.locator("#behind")
    switch.uncheck()
    follower_controls = follower.locator(".follower-controls")
    follower_controls.get_by_role("button", name="Back", exact=True).click()
    expect(behind).to_have_text(steps_behind(1))
    expect_board_of_step(follower, ui, 1)
    present(presenter, controls.get_by_role("button", name="Forward", exact=True), 3)
    expect(behind).to_have_text(steps_behind(2))
    expect_board_of_step(follower, ui, 1)  # its view did not move
    expect(follower.locator(".presentation-page")).to_have_attribute("data-shown", "1")
    expect(switch).not_to_be_checked()

    # "Try it yourself": a board of its own, from the step it shows.
    follower.get_by_role("button", name="Try it yourself").click()
    follower.wait_for_url(ui.SLUG)
    ui.wait_live(follower)
    fork = ui.slug(follower)
    assert fork != slug
    expect_board_of_step(follower, ui, 1, marked=False)
    events = follower.get_by_role("navigation", name="Game events")
    ui.click_and_wait(follower, events.get_by_role("button", name="Next phase", exact=True))
    expect(follower.locator("#status .phase")).to_have_text("Main Phase 2")
    forked = saved.get(e2e_server, fork)
    original = saved.get(e2e_server, slug)
    assert forked.version == 1
    assert forked.data["actions"][:1] == original.data["actions"][:1]
    assert forked.data["actions"][1:] == [{"do": "next_phase"}]
    assert original.version == TOTAL and len(original.data["actions"]) == TOTAL
    assert original.presenter_at == 3
    expect_board_of_step(presenter, ui, 3)  # the presenter's view did not move either

    # Back on the follow page: following again jumps to the presenter's step.
    follower.go_back()
    follower.wait_for_url(re.compile(rf"/b/{re.escape(slug)}/follow/$"))
    ui.wait_live(follower)
    # (Chromium restores the switch as it was left, unticked; unticking is then a no-op.)
    switch.uncheck()
    follower_controls.get_by_role("button", name="Back", exact=True).click()
    expect(behind).to_have_text(steps_behind(1))
    expect_board_of_step(follower, ui, 2)
    present(presenter, controls.get_by_role("button", name="First", exact=True), 0)
    expect(behind).to_have_text(steps_behind(2, "ahead of"))
    expect_board_of_step(follower, ui, 2)
    switch.check()
    expect(behind).to_have_text("")
    expect(follower.locator(".presentation-page")).to_have_attribute("data-shown", "0")
    expect(follower.locator("#presentation .presenter-step")).to_have_text(presenter_text(0))
    expect_board_of_step(follower, ui, 0)
    present(presenter, controls.get_by_role("button", name="Live", exact=True), None)
    expect(follower.locator("#presentation .presenter-step")).to_have_text(presenter_text(None))
    expect_board_of_step(follower, ui, TOTAL)
    assert console_errors == [], "\n".join(console_errors)


def test_a_lesson_goes_chapter_by_chapter(
        page: Page, new_context: Callable[..., BrowserContext], ui, saved, e2e_server,
        console_errors) -> None:
    teacher = console_errors.watch(page)
    teacher.goto("/")
    teacher.locator("#make-lesson > summary").click()  # the form sits behind a button
    form = teacher.locator("form.lesson-form")
    form.get_by_label("Title").fill("Battle and tributes")
    form.get_by_label(RATS_TITLE, exact=True).check()
    form.get_by_label(CAIUS_TITLE, exact=True).check()
    form.get_by_role("button", name="Create the lesson").click()
    teacher.wait_for_url(re.compile(r"/b/[^/]+/present/\?lesson=[^&]+&chapter=1$"))
    ui.wait_live(teacher)
    lesson = re.search(r"lesson=([^&]+)", teacher.url).group(1)
    nav = teacher.locator(".lesson-nav")
    expect(nav).to_contain_text("Battle and tributes: chapter 1 of 2")
    expect(teacher.locator(".presenter-controls")).to_be_visible()
    expect(teacher.locator("#status strong")).to_have_text(RATS_TITLE)
    first = PRESENT.search(teacher.url.split("?")[0]).group(1)
    expect(nav.get_by_role("button", name="Previous chapter")).to_have_count(0)

    # One follow link for the whole lesson, its QR code whole and scannable as shown.
    share = teacher.locator(".follow-share")
    lesson_link = share.locator("a").get_attribute("href")
    assert lesson_link.endswith(f"/lessons/{lesson}/follow/")
    assert decode_qr(share.locator(".qr")) == lesson_link
    follower = console_errors.watch(new_context().new_page())
    follower.goto(lesson_link)
    ui.wait_live(follower)
    expect(follower.locator(".presentation-title")).to_have_text(RATS_TITLE)
    expect(follower.locator(".lesson-nav")).to_contain_text("chapter 1 of 2")
    follower.evaluate("window.__marker = 'chapter 1'")

    # The teacher's "Next chapter" moves the follower too.
    nav.get_by_role("button", name="Next chapter").click()
    teacher.wait_for_url(re.compile(
        rf"/b/[^/]+/present/\?lesson={re.escape(lesson)}&chapter=2$"))
    ui.wait_live(teacher)
    expect(nav).to_contain_text("chapter 2 of 2")
    expect(teacher.locator("#status strong")).to_have_text(CAIUS_TITLE)
    second = PRESENT.search(teacher.url.split("?")[0]).group(1)
    assert second != first
    expect(nav.get_by_role("button", name="Next chapter")).to_have_count(0)
    expect(nav.get_by_role("button", name="Previous chapter")).to_have_count(1)
    expect(follower.locator(".presentation-title")).to_have_text(CAIUS_TITLE)
    expect(follower.locator(".lesson-nav")).to_contain_text("chapter 2 of 2")
    assert follower.url == lesson_link  # the same link, now showing chapter 2
    ui.wait_live(follower)
    board = saved.get(e2e_server, second)
    assert board.title == CAIUS_TITLE and board.presenting

    # A student opens the chapter's link: the follower's view of the same board.
    student = console_errors.watch(new_context().new_page())
    student.goto(f"/lessons/{lesson}/2/")
    student.wait_for_url(re.compile(
        rf"/b/{re.escape(second)}/follow/\?lesson={re.escape(lesson)}&chapter=2$"))
    ui.wait_live(student)
    expect(student.locator(".lesson-nav")).to_contain_text("chapter 2 of 2")
    expect(student.locator(".presenter-controls")).to_have_count(0)
    expect(student.locator("#follow-switch")).to_be_checked()
    expect(student.locator("#presentation .presenter-step")).to_have_text(
        "The presenter follows the live board")

    expect(ui.card(ui.zone(student, "p1", "hand"), "Caius the Shadow Monarch")).to_have_count(1)

    # ... and, following the live board, sees the teacher play its next step.
    board_page = console_errors.watch(teacher.context.new_page())
    board_page.goto(f"/b/{second}/")
    ui.wait_live(board_page)
    ui.click_and_wait(board_page, ui.next_step_button(board_page))  # Caius is summoned
    expect(student.locator("#presentation .presenter-step")).to_have_text(
        "The presenter follows the live board")
    expect(ui.card(ui.zone(student, "p1", "monster"), "Caius the Shadow Monarch")).to_have_count(
        1)
    expect(ui.card(ui.zone(student, "p1", "gy"), "Sangan")).to_have_count(1)
    expect(student.locator("#timeline-list > li")).to_have_count(2)
    assert console_errors == [], "\n".join(console_errors)
