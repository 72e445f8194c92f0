"""The three layouts in Chromium, checked on real boards:

- desktop 1366x768: both players' whole mat (every zone, both hands), the chain or pending
  pool, the triggers panel and the decision on the screen, the page and those panels not
  scrolling (up to six chain links or pending abilities);
- projector 1920x1080, the present view: the mat on the first screen, card names of 16 px or
  more, the chain or pool and the caption beside the mat, the presenter's controls in one bar;
- phone 390x844: one column, card names of 12 px or more, nothing wider than the screen.

On every layout no text on the mat or the panels is clipped (wider, or taller, than a box that
hides its overflow, or cut with an ellipsis), no badge on a card tile (a chain link's number, a
trigger's state, counters, materials, negation) covers a line of the tile's words, no card name
breaks inside a word that would fit the tile's width on a line of its own, no zone's printed
name is under a tile's badge (phone), and the names listed in a pile (GY, banishment, graveyard) are
12 px or more (16 px in the present view). At 1366x768 a short word (eight letters or fewer) of
a name on a card place or in a pile never breaks at all. ``make
test`` checks the end of every built-in scenario at 1366x768 and 390x844, the frames of five
named scenarios at 1366x768, the present view, and two fixtures (a six-link Yu-Gi-Oh! chain,
six pending Duel Masters abilities of both players). Every frame of every scenario in the three
layouts is the ``sweep`` run: ``.venv/bin/python -m pytest -m sweep tests/e2e/test_layout.py``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from playwright.sync_api import Page, expect

from simulator.gallery import scenario_index

pytestmark = pytest.mark.e2e

FIXTURES = Path(__file__).resolve().parent / "fixtures"
SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "layout"
DESKTOP = {"width": 1366, "height": 768}
PROJECTOR = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}
#: the frames checked in make test: long chains, an S-Trigger cutting in, both pools
NAMED = ["yugioh/lightning_punisher_chain_link_3", "yugioh/yang_zing_supply_squad_soul_taker",
         "yugioh/sangan_caius_tcg", "duel_masters/s_trigger_cuts_in",
         "duel_masters/double_breaker_s_triggers_in_order", "duel_masters/two_propeller_mutants"]
ALL = [f"{e['game']}/{e['slug']}" for e in scenario_index()]
#: the scenarios whose end ``make test`` checks: the named ones and every fourth of the index
#: (both games, short and long chains); the sweep checks the others
SPREAD = list(dict.fromkeys(NAMED + ALL[::4]))
SLUG = re.compile(r"/b/([^/]+)/$")

#: Every element of the mat and the panels whose text is cut: wider (or taller) than a box
#: that hides what overflows, or ended with an ellipsis; visually hidden text (a 1 px clip, kept
#: for assistive technology) aside. Also the panels that scroll.
MEASURE = """() => {
  const scopes = ["#board", "#chain", "#decision", "#status", "#playback", "#frame-caption",
                  "#story", "#presentation", ".classroom-bar"];
  const clipped = [];
  const hidden = el => {
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === "none" || s.visibility === "hidden") return true;
      if (s.display === "contents") continue;
      const r = e.getBoundingClientRect();
      if (r.width <= 1.5 || r.height <= 1.5) return true;
      if (s.clip && s.clip !== "auto" && s.position === "absolute") return true;
    }
    return false;
  };
  for (const scope of scopes) {
    document.querySelectorAll(scope + ", " + scope + " *").forEach(el => {
      if (!el.textContent.trim() || el.closest(
        "svg, select, option, .card-tip, .card-body, details.card-menu:not([open]) > " +
        ":not(summary)")) return;
      const s = getComputedStyle(el);
      const hides = ["hidden", "clip"];
      const wide = el.scrollWidth > el.clientWidth + 1 &&
        (hides.includes(s.overflowX) || s.textOverflow === "ellipsis");
      const tall = el.scrollHeight > el.clientHeight + 1 && hides.includes(s.overflowY);
      const clamp = s.webkitLineClamp && s.webkitLineClamp !== "none";
      if ((wide || tall || (clamp && el.scrollHeight > el.clientHeight + 1)) && !hidden(el)) {
        clipped.push(`${el.tagName.toLowerCase()}.${[...el.classList].join(".")} ` +
          `${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}: ` +
          JSON.stringify(el.textContent.trim().slice(0, 60)));
      }
    });
  }
  const box = sel => { const e = document.querySelector(sel); if (!e) return null;
    const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width,
            height: r.height, scrolls: e.scrollHeight > e.clientHeight + 1 &&
            ["auto", "scroll"].includes(getComputedStyle(e).overflowY)}; };
  const names = [...document.querySelectorAll("#board .card-name")].filter(n => !hidden(n))
    .map(n => parseFloat(getComputedStyle(n).fontSize));
  const piles = [...document.querySelectorAll("#board .kind-pile .card-name")]
    .filter(n => !hidden(n)).map(n => parseFloat(getComputedStyle(n).fontSize));
  // the line boxes of a tile's words (its name, level and stats), each line its own box
  const lines = el => [...el.querySelectorAll(".card-name, .card-level, .stat-now")]
    .filter(t => !hidden(t)).flatMap(t => {
      const range = document.createRange();
      range.selectNodeContents(t);
      return [...range.getClientRects()].filter(r => r.width > 0.5 && r.height > 0.5)
        .map(r => ({r, what: t.className}));
    });
  const covered = [];
  document.querySelectorAll("#board li.card.tile").forEach(tile => {
    const words = lines(tile);
    tile.querySelectorAll(".badge").forEach(badge => {
      if (hidden(badge)) return;
      const b = badge.getBoundingClientRect();
      for (const {r, what} of words) {
        if (Math.min(b.right, r.right) - Math.max(b.left, r.left) > 0.5 &&
            Math.min(b.bottom, r.bottom) - Math.max(b.top, r.top) > 0.5) {
          covered.push(`${JSON.stringify(badge.textContent.trim())} over the ${what} of ` +
            JSON.stringify(tile.querySelector(".card-name").textContent.trim()));
        }
      }
    });
  });
  // a name broken inside a word, where that word alone fits the name's width
  const probe = document.createElement("span");
  probe.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap;left:-9999px";
  document.body.append(probe);
  const broken = [], split = [];
  document.querySelectorAll("#board .card-name").forEach(n => {
    if (hidden(n)) return;
    const s = getComputedStyle(n);
    probe.style.font = s.font;
    probe.style.letterSpacing = s.letterSpacing;
    // its laid-out width (a tapped tile is turned a little: not its box on the screen)
    const room = parseFloat(s.width) - (s.boxSizing === "border-box"
      ? parseFloat(s.paddingLeft) + parseFloat(s.paddingRight) +
        parseFloat(s.borderLeftWidth) + parseFloat(s.borderRightWidth) : 0);
    const walk = document.createTreeWalker(n, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      for (const m of node.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const rows = new Set([...range.getClientRects()].filter(r => r.width > 0)
          .map(r => Math.round(r.top)));
        probe.textContent = m[0];
        if (rows.size > 1 && probe.getBoundingClientRect().width < room - 0.5) {
          broken.push(`${m[0]} in ${JSON.stringify(n.textContent.trim())}`);
        }
        // on a card place or in a pile, a short word of letters (Kuriboh, Punisher) broken
        // at all, even where it is a little wider than the tile
        if (rows.size > 1 && n.closest(".kind-slots, .kind-pile") &&
            /^[\\p{L}'-]{1,8}[,.!?]?$/u.test(m[0])) {
          split.push(`${m[0]} in ${JSON.stringify(n.textContent.trim())} ` +
            `(${Math.round(probe.getBoundingClientRect().width)} px in ${Math.round(room)} px)`);
        }
        // a longer word of Latin letters breaks only at a syllable (its soft hyphens)
        if (rows.size > 1 && n.closest(".kind-slots, .kind-pile") &&
            /^[\\p{Script=Latin}\u00ad'-]{9,}[,.!?]?$/u.test(m[0])) {
          let top = null;
          for (let j = 0; j < m[0].length; j++) {
            const one = document.createRange();
            one.setStart(node, m.index + j);
            one.setEnd(node, m.index + j + 1);
            const r = [...one.getClientRects()].find(r => r.width > 0);
            if (!r) continue;
            const near = m[0].slice(Math.max(0, j - 2), j + 1);
            if (top !== null && Math.round(r.top) !== top && !/[\u00ad-]/.test(near)) {
              // (the soft hyphen's own box may sit on either line: a letter either side)
              split.push(`${m[0].replace(/\u00ad/g, "")} broken after ` +
                `${JSON.stringify(m[0].slice(0, j).replace(/\u00ad/g, ""))}, not at a syllable`);
            }
            top = Math.round(r.top);
          }
        }
      }
    }
  });
  probe.remove();
  // a zone's printed name under a tile's badge
  const labels = [];
  const parts = [...document.querySelectorAll("#board li.card.tile .badge")]
    .filter(e => !hidden(e));
  document.querySelectorAll("#board .zone-title").forEach(t => {
    if (hidden(t)) return;
    const l = t.getBoundingClientRect();
    for (const e of parts) {
      const r = e.getBoundingClientRect();
      if (Math.min(l.right, r.right) - Math.max(l.left, r.left) > 1 &&
          Math.min(l.bottom, r.bottom) - Math.max(l.top, r.top) > 1) {
        labels.push(`${JSON.stringify(t.textContent.trim().replace(/\\s+/g, " "))} under ` +
          JSON.stringify(e.textContent.trim().replace(/\\s+/g, " ").slice(0, 40)));
      }
    }
  });
  // a box in the side column that scrolls inside (the triggers list aside: it may)
  const scrolling = [...document.querySelectorAll(".side-column *")].filter(e =>
    !e.matches("#chain > .triggers, .frame-label") && !hidden(e) &&
    ["auto", "scroll"].includes(getComputedStyle(e).overflowY) &&
    e.scrollHeight > e.clientHeight + 1).map(e =>
      `${e.tagName.toLowerCase()}.${[...e.classList].join(".")}#${e.id} ` +
      `${e.scrollHeight} px in ${e.clientHeight}`);
  const zones = [...document.querySelectorAll("#board [data-zone^=p]")].map(z => {
    const r = z.getBoundingClientRect();
    return {zone: z.dataset.zone, top: r.top, bottom: r.bottom, left: r.left, right: r.right}; });
  return {clipped, names, piles, covered, broken, split, labels, scrolling, zones,
          page: {height: document.documentElement.scrollHeight,
          width: document.documentElement.scrollWidth, vw: innerWidth, vh: innerHeight},
          board: box("#board"), chain: box("#chain"), decision: box("#decision"),
          side: box(".side-column"), bar: box(".classroom-bar"),
          controls: box(".presenter-controls"),
          caption: box("#presentation"), entry: (() => {
            const list = document.querySelector("#chain ul.triggers");
            if (!list) return true;
            const entry = list.querySelector("li.frame-changed") ||
              [...list.querySelectorAll("li[data-trigger]:not([hidden])")].pop();
            if (!entry) return true;
            const a = list.getBoundingClientRect(), e = entry.getBoundingClientRect();
            return e.top >= a.top - 1 && e.bottom <= a.bottom + 1 && e.bottom <= innerHeight + 1;
          })(), links: document.querySelectorAll(
            "#chain li.link:not(.resolved), #chain li.pending").length};
}"""


def _open(page: Page, ui, game: str, slug: str) -> str:
    """A board of the built-in scenario, its whole script played (by the board's own step
    requests, as its "Next step" button sends them): the board's slug."""
    page.goto(f"/scenarios/{game}/{slug}/")
    page.locator(f'form[action="/scenarios/{game}/{slug}/open"] button').click()
    page.wait_for_url(SLUG)
    board = SLUG.search(page.url)[1]
    _play(page, board)
    return board


def _play(page: Page, board: str) -> None:
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    for _ in range(80):
        html = page.request.get(f"/b/{board}/").text()
        status = html.split('id="status"', 1)[-1].split("</section>", 1)[0]
        if 'data-key="n"' not in status:
            return
        version = re.search(r'id="board-version" name="version" value="(\d+)"', status)[1]
        answer = page.request.post(f"/b/{board}/step", form={"version": version},
                                   headers={"X-CSRFToken": token, "HX-Request": "true"})
        assert answer.ok, answer.status
    raise AssertionError("the script does not end")


def _upload(page: Page, name: str) -> str:
    """Upload a fixture as the home page does and play its script: the board's slug."""
    page.goto("/")
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    text = (FIXTURES / f"{name}.yaml").read_text(encoding="utf-8")
    yaml.safe_load(text)
    response = page.request.post("/boards/import", headers={"X-CSRFToken": token},
                                 multipart={"file": {"name": f"{name}.yaml",
                                                     "mimeType": "application/yaml",
                                                     "buffer": text.encode()}})
    assert response.ok, response.text()[:500]
    board = SLUG.search(response.url)[1]
    _play(page, board)
    return board


def _show(page: Page, url: str, viewport: dict) -> dict:
    page.set_viewport_size(viewport)
    page.goto(url)
    expect(page.locator("#board")).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    return page.evaluate(MEASURE)


def check_tiles(m: dict, where: str, smallest_pile: int = 12) -> None:
    """No badge over a tile's words, no word of a name broken where it fits, pile names
    legible."""
    assert m["covered"] == [], f"{where}: badges over words:\n" + "\n".join(m["covered"])
    assert m["broken"] == [], f"{where}: names broken inside a word:\n" + "\n".join(
        m["broken"])
    assert min(m["piles"] or [smallest_pile]) >= smallest_pile, \
        f"{where}: pile names of {min(m['piles'])} px"


def check_desktop(m: dict, where: str) -> None:
    assert m["clipped"] == [], f"{where}: text cut:\n" + "\n".join(m["clipped"])
    check_tiles(m, where)
    assert m["split"] == [], f"{where}: a name's word broken:\n" + "\n".join(m["split"])
    assert m["labels"] == [], f"{where}: zone names covered:\n" + "\n".join(m["labels"])
    vw, vh = m["page"]["vw"], m["page"]["vh"]
    assert m["page"]["height"] <= vh + 1, f"{where}: the page scrolls ({m['page']['height']} px)"
    assert m["page"]["width"] <= vw + 1, f"{where}: the page is wider than the screen"
    for z in m["zones"]:
        assert z["bottom"] <= vh + 1 and z["top"] >= 0 and z["right"] <= vw + 1, \
            f"{where}: {z['zone']} is off the screen: {z}"
    for name in ("board", "chain", "decision"):
        box = m[name]
        assert box and box["bottom"] <= vh + 1 and box["right"] <= vw + 1, \
            f"{where}: {name} is off the screen: {box}"
    if m["links"] <= 6:  # the triggers list may scroll: the entry of the moment is in view
        for name in ("chain", "decision", "side"):
            assert not m[name]["scrolls"], f"{where}: the {name} panel scrolls"
        assert m["scrolling"] == [], f"{where}: a box beside the mat scrolls:\n" + "\n".join(
            m["scrolling"])
        assert m["entry"], f"{where}: the triggers entry of the moment is out of view"


def check_phone(m: dict, where: str) -> None:
    assert m["clipped"] == [], f"{where}: text cut:\n" + "\n".join(m["clipped"])
    check_tiles(m, where)
    assert m["labels"] == [], f"{where}: zone names covered:\n" + "\n".join(m["labels"])
    assert m["page"]["width"] <= m["page"]["vw"] + 1, f"{where}: wider than the phone"
    smallest = min(m["names"] or [0])
    assert smallest >= 12, f"{where}: card names of {smallest} px"
    board, side = m["board"], m["side"]
    assert side["top"] >= board["bottom"] - 1, f"{where}: not one column"
    for z in m["zones"]:
        assert z["left"] >= -1 and z["right"] <= m["page"]["vw"] + 1, f"{where}: {z} is cut"


def check_projector(m: dict, where: str) -> None:
    assert m["clipped"] == [], f"{where}: text cut:\n" + "\n".join(m["clipped"])
    check_tiles(m, where, smallest_pile=16)
    vh = m["page"]["vh"]
    assert m["board"]["top"] < vh and m["board"]["bottom"] <= vh + 1, \
        f"{where}: the mat is not on the first screen: {m['board']}"
    for z in m["zones"]:
        assert z["bottom"] <= vh + 1, f"{where}: {z['zone']} is below the first screen"
    smallest = min(m["names"] or [0])
    assert smallest >= 16, f"{where}: card names of {smallest} px"
    for name in ("chain", "caption"):
        box = m[name]
        assert box["left"] >= m["board"]["right"] - 1 and box["top"] < vh, \
            f"{where}: the {name} is not beside the mat: {box}"
    if m["controls"]:
        assert m["controls"]["bottom"] <= m["bar"]["bottom"] + 1, "the controls leave the bar"
        assert m["bar"]["height"] < 140, f"the presenter's bar is {m['bar']['height']} px high"


def _shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def _scenario_ends(page: Page, ui, name: str) -> None:
    game, slug = name.split("/")
    board = _open(page, ui, game, slug)
    check_desktop(_show(page, f"/b/{board}/", DESKTOP), f"{name} at 1366x768")
    check_phone(_show(page, f"/b/{board}/", PHONE), f"{name} at 390x844")


@pytest.mark.parametrize("name", SPREAD)
def test_the_end_of_a_spread_of_scenarios_fits_the_desktop_and_the_phone(
        page: Page, ui, name: str, console_errors) -> None:
    console_errors.watch(page)
    _scenario_ends(page, ui, name)
    assert console_errors == [], "\n".join(console_errors)


@pytest.mark.sweep
@pytest.mark.parametrize("name", [n for n in ALL if n not in SPREAD])
def test_the_end_of_every_other_scenario_fits_the_desktop_and_the_phone(
        page: Page, ui, name: str, console_errors) -> None:
    console_errors.watch(page)
    _scenario_ends(page, ui, name)
    assert console_errors == [], "\n".join(console_errors)


@pytest.mark.parametrize("fixture,links", [("six_link_chain", 6), ("six_pending_abilities", 6)])
def test_six_links_or_pending_abilities_fit_without_scrolling(page: Page, fixture: str,
                                                              links: int, console_errors) -> None:
    console_errors.watch(page)
    board = _upload(page, fixture)
    m = _show(page, f"/b/{board}/", DESKTOP)
    assert m["links"] == links, m["links"]
    expect(page.locator("#decision form").first).to_be_visible()
    check_desktop(m, f"{fixture} at 1366x768")
    _shot(page, f"{fixture}-1366x768")
    check_phone(_show(page, f"/b/{board}/", PHONE), f"{fixture} at 390x844")
    _shot(page, f"{fixture}-390x844")
    assert console_errors == [], "\n".join(console_errors)


def _frames(page: Page, ui, name: str, viewports: list[dict]) -> int:
    """Play the scenario's steps on the live board one frame per key press (`.`) and check
    each frame in each layout: the number of frames checked."""
    game, slug = name.split("/")
    page.set_viewport_size(DESKTOP)
    page.add_init_script('window.localStorage.setItem("chain-simulator.playback", "click")')
    ui.open_scenario(page, game, slug)
    checked = 0
    while ui.next_step_button(page).count():
        ui.click_and_wait(page, ui.next_step_button(page))
        counter = page.locator("#playback .frame-counter")
        while "frame" in counter.inner_text():
            for viewport in viewports:
                page.set_viewport_size(viewport)
                m = page.evaluate(MEASURE)
                where = f"{name}, {counter.inner_text()} at {viewport['width']}"
                (check_desktop if viewport is DESKTOP else check_phone)(m, where)
            page.set_viewport_size(DESKTOP)
            checked += 1
            before = counter.inner_text()
            page.keyboard.press(".")
            expect(counter).not_to_have_text(before)
    return checked


@pytest.mark.parametrize("name", NAMED)
def test_each_frame_of_a_named_scenario_fits_the_desktop(page: Page, ui, name: str,
                                                         console_errors) -> None:
    console_errors.watch(page)
    assert _frames(page, ui, name, [DESKTOP]) > 0


@pytest.mark.parametrize("game,name", [("yugioh", "six_link_chain"),
                                       ("duel_masters", "six_pending_abilities")])
def test_the_present_view_shows_the_mat_on_a_projectors_first_screen(
        page: Page, game: str, name: str, console_errors) -> None:
    console_errors.watch(page)
    board = _upload(page, name)
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    assert page.request.post(f"/b/{board}/present/", headers={"X-CSRFToken": token}).ok
    m = _show(page, f"/b/{board}/present/", PROJECTOR)
    check_projector(m, f"the present view of {name}")
    _shot(page, f"present-{game}-1920x1080")
    follower = page.context.new_page()
    console_errors.watch(follower)
    m = _show(follower, f"/b/{board}/follow/", PROJECTOR)
    check_projector(m, f"the follow view of {name}")
    assert console_errors == [], "\n".join(console_errors)


@pytest.mark.sweep
@pytest.mark.parametrize("name", ALL)
def test_every_frame_of_every_scenario_fits_three_layouts(page: Page, ui, name: str) -> None:
    _frames(page, ui, name, [DESKTOP, PHONE])
    game, slug = name.split("/")
    board = ui.slug(page)
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    assert page.request.post(f"/b/{board}/present/", headers={"X-CSRFToken": token}).ok
    check_projector(_show(page, f"/b/{board}/present/", PROJECTOR), f"{name} presented")
