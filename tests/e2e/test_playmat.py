"""The playmat at 1366x768: on a crowded board of each game (full zones, eight cards in each
hand, a chain of five links or five pending abilities, an open decision) both players'
monster (battle) zones, the chain (pending) panel and the decision are on the screen without
scrolling, and no card tile overlaps another. Screenshots of both boards are kept in
``test-results/``. Also: a card placed by drag and drop from the docked library without
scrolling."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
import yaml
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-results" / "playmat"
VIEWPORT = {"width": 1366, "height": 768}

WATCHER = {
    "id": "t_watcher", "name": {"en": "Test Watcher"}, "type": "monster", "subtype": "effect",
    "level": 4, "atk": 1000, "def": 1000, "text": "If a card is discarded: add 1 monster "
    "from your Deck to your hand.",
    "effects": [{"kind": "trigger", "wording": "if", "optional": False,
                 "event": {"type": "discarded"},
                 "operations": [{"op": "add_to_hand", "choose": {
                     "zone": "deck", "controller": "you", "filter": {"type": "monster"}}}]}],
}
HAND = ["Kuriboh", "Celtic Guardian", "Sangan", "Giant Rat", "Mermaid Knight",
        "Amazoness Fighter", "Soul Taker", "Dark Hole"]
CROWDED_YUGIOH = {
    "game": "yugioh", "title": "A crowded Yu-Gi-Oh! board", "cards": [WATCHER],
    "setup": {
        "turn_player": "p1", "phase": "main1",
        "p1": {"monster": ["Test Watcher"] * 5,
               "spell_trap": [{"card": "Trap Hole", "set": True}] * 5,
               "field": ["Amazoness Village"], "hand": ["Dark Magician"] + HAND,
               "deck": ["Kuriboh"] * 8, "gy": ["Sangan", "Giant Rat"]},
        "p2": {"monster": ["Celtic Guardian", "Mermaid Knight", "Giant Rat", "Kuriboh",
                           "Sangan"],
               "spell_trap": [{"card": "Trap Hole", "set": True}] * 5,
               "field": ["Amazoness Village"], "hand": HAND, "deck": ["Kuriboh"] * 3},
    },
    "steps": [{"do": "discard", "card": "Dark Magician"},
              {"answer": ["Test Watcher"] * 5}],
    "expect": {},
}
CROWDED_DUEL_MASTERS = {
    "game": "duel_masters", "title": "A crowded Duel Masters board",
    "setup": {
        "turn_player": "p1", "phase": "main",
        "p1": {"battle": ["Mist Rias, Sonic Guardian"] * 5 + ["Burning Mane"] * 2,
               "shield": ["Burning Mane"] * 5, "mana": ["Burning Mane"] * 5,
               "hand": ["Propeller Mutant"] + ["Burning Mane"] * 8,
               "deck": ["Burning Mane"] * 6},
        "p2": {"battle": ["Burning Mane"] * 7, "shield": ["Burning Mane"] * 5,
               "mana": ["Burning Mane"] * 5, "hand": ["Propeller Mutant"] * 8,
               "deck": ["Burning Mane"] * 3},
    },
    "steps": [{"do": "put_into_battle", "card": "p1:Propeller Mutant"}],
    "expect": {},
}


class _PlainDumper(yaml.SafeDumper):
    """Writes repeated values out in full: an uploaded file may not use aliases."""

    def ignore_aliases(self, data) -> bool:
        return True


def upload(page: Page, ui, scenario: dict, name: str) -> str:
    """Upload a scenario file as the home page does, play its steps: the board's slug."""
    page.goto("/")
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    text = yaml.dump(scenario, Dumper=_PlainDumper)
    response = page.request.post("/boards/import", headers={"X-CSRFToken": token},
                                 multipart={"file": {"name": f"{name}.yaml",
                                                     "mimeType": "application/yaml",
                                                     "buffer": text.encode()}})
    assert response.ok, response.text()[:500]
    page.goto(response.url)
    ui.wait_live(page)
    for _ in scenario["steps"]:
        ui.click_and_wait(page, ui.next_step_button(page))
    return ui.slug(page)


def inside(box: dict, what: str) -> None:
    assert box is not None, f"{what} is not shown"
    assert box["x"] >= 0 and box["y"] >= 0, f"{what} starts off screen: {box}"
    assert box["x"] + box["width"] <= VIEWPORT["width"] + 0.5, f"{what} overflows right: {box}"
    assert box["y"] + box["height"] <= VIEWPORT["height"] + 0.5, f"{what} is below: {box}"


def no_overlap(page: Page) -> None:
    boxes = page.eval_on_selector_all("#board li.card", """tiles => tiles.map(t => {
        const r = t.getBoundingClientRect();
        return {card: t.dataset.card, x: r.left, y: r.top, w: r.width, h: r.height,
                visible: r.width > 0 && r.height > 0};
    })""")
    shown = [b for b in boxes if b["visible"]]
    assert len(shown) > 20, len(shown)
    for a, b in itertools.combinations(shown, 2):
        overlap_x = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
        overlap_y = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
        assert overlap_x <= 0.5 or overlap_y <= 0.5, f"tiles overlap: {a} {b}"


@pytest.mark.parametrize("game", ["yugioh", "duel_masters"])
def test_a_crowded_board_fits_one_screen(page: Page, ui, console_errors, game: str) -> None:
    console_errors.watch(page)
    page.set_viewport_size(VIEWPORT)
    scenario = CROWDED_YUGIOH if game == "yugioh" else CROWDED_DUEL_MASTERS
    upload(page, ui, scenario, f"crowded-{game}")
    zone = "monster" if game == "yugioh" else "battle"
    expect(page.locator("#decision form").first).to_be_visible()  # a decision is open
    if game == "yugioh":
        expect(page.locator("#chain li.link")).to_have_count(5)
    else:
        expect(page.locator("#chain li.link, #chain li.pending")).to_have_count(5)
    page.evaluate("window.scrollTo(0, 0)")
    for player in ("p1", "p2"):
        inside(page.locator(f'[data-zone="{player}:{zone}"]').bounding_box(),
               f"{player}'s {zone} zone")
    inside(page.locator("#chain").bounding_box(), "the chain panel")
    inside(page.locator("#decision").bounding_box(), "the decision")
    no_overlap(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"crowded-{game}-1366x768.png"))
    assert console_errors == [], "\n".join(console_errors)


def test_a_card_is_placed_by_drag_and_drop_without_scrolling(page: Page, ui,
                                                             console_errors) -> None:
    console_errors.watch(page)
    page.set_viewport_size(VIEWPORT)
    ui.new_board(page)
    page.evaluate("window.scrollTo(0, 0)")
    page.locator("#library-search").fill("Celtic Guardian")
    results = page.locator("#library-results .library-card")
    expect(results).to_have_count(1)  # the search has answered
    card = results.filter(has_text="Celtic Guardian")
    expect(card).to_have_count(1)
    target = page.locator('[data-zone="p1:monster"]')
    inside(card.bounding_box(), "the library card")
    inside(target.bounding_box(), "Player 1's Monster Zones")
    before = ui.version(page)
    card.drag_to(target)
    ui.wait_change(page, before)
    expect(ui.card(target, "Celtic Guardian")).to_have_count(1)
    assert page.evaluate("window.scrollY") == 0
    assert console_errors == [], "\n".join(console_errors)


def test_a_field_spell_dropped_on_a_monster_zone_is_refused_with_a_reason(
        page: Page, ui, console_errors) -> None:
    console_errors.watch(page)
    page.set_viewport_size(VIEWPORT)
    ui.new_board(page)
    page.locator("#library-search").fill("Amazoness Village")
    results = page.locator("#library-results .library-card")
    expect(results).to_have_count(1)
    results.first.locator("input[name=card]").check()
    # the zones where it may go light up: the Field Zone, not the Monster Zones
    expect(page.locator('[data-zone="p1:field"]')).to_have_class(re.compile(r"\ballowed\b"))
    expect(page.locator('[data-zone="p1:monster"]')).not_to_have_class(
        re.compile(r"\ballowed\b"))
    before = ui.version(page)
    results.first.drag_to(page.locator('[data-zone="p1:monster"]'))
    expect(page.locator("#message")).to_contain_text("Field Spell")
    expect(page.locator("#message")).to_contain_text("Field Zone")
    assert ui.version(page) == before  # refused: the board is as it was
    expect(ui.card(page.locator('[data-zone="p1:monster"]'), "Amazoness Village")).to_have_count(0)
    others = [e for e in console_errors if "status of 422" not in e]  # the refusal itself
    assert others == [], "\n".join(others)


def test_a_set_card_dragged_on_the_mat_stays_set(page: Page, ui, console_errors) -> None:
    """Set from the library (face-down; a monster in face-down Defense Position), then
    dragged to a zone of the field: it still lies face-down."""
    console_errors.watch(page)
    page.set_viewport_size(VIEWPORT)
    ui.new_board(page)
    page.locator("#library-face input[name=face][value=set]").check()
    for name, zone in (("Trap Hole", "spell_trap"), ("Sangan", "monster")):
        ui.place(page, name, "p1", zone)
        where = ui.zone(page, "p1", zone)
        expect(ui.card(where, name)).to_have_class(re.compile(r"\bface-down\b"))
        before = ui.version(page)
        ui.card(where, name).drag_to(where)
        ui.wait_change(page, before)
        expect(ui.card(where, name)).to_have_class(re.compile(r"\bface-down\b"))
    expect(ui.card(ui.zone(page, "p1", "monster"), "Sangan")).to_have_class(
        re.compile(r"\bdefense\b"))
    assert console_errors == [], "\n".join(console_errors)
