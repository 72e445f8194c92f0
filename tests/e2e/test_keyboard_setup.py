"""Setting up a duel by keyboard alone: the Soul Taker / Amazoness Village example (YGO-MISS)
built on a new board and played, in at most 80 key presses (each character typed counts one).
"/" searches the library, Enter chooses its first card and puts the focus on a zone lit for it,
the arrow keys move between lit zones, Enter places the card; after each action the focus is on
the zone acted on, a new decision takes the focus; the pointer is never used."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import wait_until
from .test_keyboard_mobile import COUNT_POINTER

pytestmark = pytest.mark.e2e

LIMIT = 80


FOCUSED_ZONE = "document.activeElement && document.activeElement.dataset.zone || ''"


class Keys:
    """The keyboard, counting every key pressed and every character typed."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0

    def press(self, key: str) -> None:
        self.count += 1
        self.page.keyboard.press(key)

    def type(self, text: str) -> None:
        self.count += len(text)
        self.page.keyboard.type(text)


def arrows_to(page: Page, zone: str) -> list[str]:
    """The fewest arrow keys that take the focus from the zone it is on to ``zone``, over the
    lit zones (as the mat's arrows go from each)."""
    graph = page.evaluate("""() => {
        const out = {};
        document.querySelectorAll("#board .zone.allowed").forEach(function (z) {
            out[z.dataset.zone] = window.boardArrows(z);
        });
        return out;
    }""")
    start = page.evaluate(FOCUSED_ZONE)
    paths = {start: []}
    queue = [start]
    while queue:
        here = queue.pop(0)
        if here == zone:
            return paths[here]
        for key, there in graph.get(here, {}).items():
            if there and there not in paths:
                paths[there] = [*paths[here], key]
                queue.append(there)
    raise AssertionError(f"no arrow key leads from {start} to {zone}: {graph}")


def place(page: Page, ui, keys: Keys, search: str, name: str, zone: str) -> None:
    before = ui.version(page)
    keys.press("/")
    expect(page.locator("#library-search")).to_be_focused()
    keys.type(search)
    keys.press("Enter")
    # the first card found is chosen, and a zone lit for it has the focus
    expect(page.locator("#library-results .library-card input:checked")).to_have_count(1)
    expect(page.locator("#library-results .library-card:has(input:checked) .library-name")
           ).to_have_text(name)
    expect(page.locator("#board .zone.allowed:focus")).to_have_count(1)
    for key in arrows_to(page, zone):
        keys.press(key)
    assert page.evaluate(FOCUSED_ZONE) == zone, f"the arrows did not reach {zone}"
    keys.press("Enter")
    ui.wait_change(page, before)
    player, where = zone.split(":")
    if where != "deck":
        expect(ui.card(ui.zone(page, player, where), name)).to_have_count(1)
    # the focus is back on the zone acted on
    expect(page.locator(f'#board [data-zone="{zone}"]')).to_be_focused()


def test_the_soul_taker_example_is_built_by_keyboard(page: Page, ui, saved, e2e_server,
                                                      console_errors) -> None:
    console_errors.watch(page)
    page.context.add_init_script(COUNT_POINTER)
    page.set_viewport_size({"width": 1366, "height": 768})
    slug = ui.new_board(page)  # a new, empty board: from here on, the keyboard only
    page.reload()
    ui.wait_live(page)
    keys = Keys(page)

    place(page, ui, keys, "swords", "Amazoness Swords Woman", "p2:monster")
    place(page, ui, keys, "village", "Amazoness Village", "p2:field")
    place(page, ui, keys, "fighter", "Amazoness Fighter", "p2:deck")
    place(page, ui, keys, "soul t", "Soul Taker", "p1:hand")

    # from its zone, Tab reaches the card; Enter opens its menu, whose first event is Activate
    keys.press("Tab")
    soul_taker = ui.card(ui.zone(page, "p1", "hand"), "Soul Taker")
    expect(soul_taker.locator("summary")).to_be_focused()
    keys.press("Enter")
    activate = soul_taker.get_by_role("button", name="Activate", exact=True)
    expect(activate).to_be_visible()
    for _ in range(6):
        if page.evaluate("document.activeElement.textContent.trim()") == "Activate":
            break
        keys.press("Tab")
    expect(activate).to_be_focused()
    before = ui.version(page)
    keys.press("Enter")
    ui.wait_change(page, before)

    # each decision takes the focus: Enter gives its first answer
    for _ in range(8):
        if not page.locator("#decision form").count():
            break
        expect(page.locator("#decision form :focus")).to_have_count(1)
        before = ui.version(page)
        if page.evaluate("document.activeElement.type") == "checkbox":
            keys.press("Space")
            keys.press("Tab")
        keys.press("Enter")
        ui.wait_change(page, before)
    expect(page.locator("#decision form")).to_have_count(0)

    missed = page.locator("#chain .triggers li.trigger.status-missed")
    expect(missed).to_have_count(1)
    expect(missed).to_contain_text("Amazoness Village")
    expect(page.locator("#board .side-p2 .lp")).to_have_text("9000 LP")
    assert page.evaluate("window.__pointer") == 0, "the pointer was used"
    print(f"\nThe Soul Taker example built and played in {keys.count} key presses")
    assert keys.count <= LIMIT, f"{keys.count} key presses (at most {LIMIT})"
    board, duel = saved.duel(e2e_server, slug)
    assert [(duel.name(t.card), t.status) for t in duel.state.triggers] == [
        ("Amazoness Village", "missed")]


def test_a_decision_shown_after_its_frames_play_takes_the_focus(page: Page, ui) -> None:
    """Frames play over the decision panel while a step's frames are shown (its form hidden):
    once they have played, the new decision takes the focus, not whatever was shown meanwhile
    (the note's button, a rule link)."""
    page.add_init_script("window.localStorage.setItem('chain-simulator.playback', '600')")
    ui.open_scenario(page, "yugioh", "lightning_punisher_chain_link_3")
    step = ui.next_step_button(page)
    step.focus()
    page.keyboard.press("Enter")  # Mystical Space Typhoon activated: nothing asked yet
    expect(page.locator("#status")).to_contain_text("6 left")
    expect(step).to_be_focused()
    page.keyboard.press("Enter")  # Thunder Break in response: a decision
    counter = page.locator("#playback .frame-counter")
    expect(counter).to_contain_text("The board now", timeout=30_000)
    expect(page.locator("#decision form button").first).to_be_visible()
    focused = "document.activeElement.closest('#decision form') !== null"
    wait_until(page, focused)
