"""The home page's scenario gallery (filters, search, links) and a scenario's read-only preview;
the header's skip link and rule glossary link."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.test import Client

from simulator.gallery import find, scenario_index
from simulator.models import Board

pytestmark = pytest.mark.django_db

SOUL_TAKER = ("yugioh", "amazoness_village_soul_taker")
NOT_MISSED = ("yugioh", "amazoness_village_not_missed")
SANGAN_TCG = ("yugioh", "sangan_caius_tcg")
SWINE_SNOUT = ("duel_masters", "swine_snout_funk")


@pytest.fixture
def client() -> Client:
    return Client(HTTP_HOST="localhost")


class Links(HTMLParser):
    """Every <a> of a page with its attributes, and the tags of the body in order."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[dict[str, str]] = []
        self.tags: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        self.tags.append((tag, found))
        if tag == "a":
            self.links.append(found)


def parse(html: str) -> Links:
    parser = Links()
    parser.feed(html)
    return parser


def shown(client: Client, **params: str) -> set[tuple[str, str]]:
    """The (game, slug) of the scenarios the gallery lists for these parameters."""
    html = client.get("/", params).content.decode()
    out = set()
    for link in parse(html).links:
        if "gallery-link" in link.get("class", "").split():
            game, slug = re.fullmatch(r"/scenarios/([^/]+)/([^/]+)/", link["href"]).groups()
            out.add((game, slug))
    return out


def everything() -> set[tuple[str, str]]:
    return {(s["game"], s["slug"]) for s in scenario_index()}


# ---------------------------------------------------------------------- the gallery
def test_the_gallery_comes_first_and_the_forms_sit_behind_buttons(client: Client) -> None:
    html = client.get("/").content.decode()
    main = html[html.index('<main'):]
    assert re.search(r"<h2[^>]*>([^<]*)</h2>", main).group(1) == "Built-in scenarios"
    for tool, label in (("start-board", "Start a new board"), ("make-lesson", "Make a lesson"),
                        ("upload-scenario", "Upload a scenario file")):
        details = re.search(rf'<details class="home-tool" id="{tool}"[^>]*>\s*<summary>'
                            rf'([^<]*)</summary>', html)
        assert details and details.group(1) == label
        assert " open" not in details.group(0)  # collapsed until asked for
    assert 'action="/boards/new"' in html and 'action="/boards/import"' in html
    assert 'action="/lessons/new"' in html


def test_every_built_in_scenario_is_listed_once_with_its_question_and_rules(client) -> None:
    html = client.get("/").content.decode()
    assert shown(client) == everything()
    links = [a for a in parse(html).links if "gallery-link" in a.get("class", "")]
    assert len(links) == len(everything())
    entry = find(*SOUL_TAKER)
    assert entry["question"] in html
    for rule in entry["rules"]:
        assert f'<a class="rule-chip" href="/rules/{rule}/">{rule}</a>' in html
    assert f"{len(everything())} scenarios." in html


def test_each_entry_is_a_link_to_its_preview_in_a_new_tab(client: Client) -> None:
    links = [a for a in parse(client.get("/").content.decode()).links
             if "gallery-link" in a.get("class", "")]
    assert links
    for link in links:
        assert link["target"] == "_blank"
        assert "noopener" in link["rel"].split()
    assert client.get(links[0]["href"]).status_code == 200
    html = client.get("/").content.decode()
    assert "(opens in a new tab)" in html  # said to screen readers, not only drawn


def test_the_gallery_filters_by_game(client: Client) -> None:
    yugioh = {s for s in everything() if s[0] == "yugioh"}
    assert shown(client, game="yugioh") == yugioh
    assert shown(client, game="duel_masters") == everything() - yugioh
    assert shown(client, game="chess") == everything()  # an unknown game filters nothing
    html = client.get("/", {"game": "duel_masters"}).content.decode()
    assert re.search(r'value="duel_masters" checked', html)


def test_the_gallery_filters_by_rule(client: Client) -> None:
    want = {(s["game"], s["slug"]) for s in scenario_index() if "YGO-MISS" in s["rules"]}
    assert SOUL_TAKER in want and len(want) < len(everything())
    assert shown(client, rule="YGO-MISS") == want
    html = client.get("/", {"rule": "YGO-MISS"}).content.decode()
    assert '<option value="YGO-MISS" selected>' in html
    assert 'href="/rules/YGO-MISS/">YGO-MISS in the rule glossary</a>' in html
    assert shown(client, rule="YGO-MISS", game="duel_masters") == set()
    assert shown(client, rule="NOT-A-RULE") == everything()


@pytest.mark.parametrize(("q", "expected"), [
    ("Soul Taker", SOUL_TAKER),             # an English card name
    ("Celtic Guardian", SANGAN_TCG),        # a card only in the set-up, not in the question
    ("エルフの剣士", SANGAN_TCG),             # Celtic Guardian's Japanese name
    ("アマゾネスの里", SOUL_TAKER),           # Amazoness Village's Japanese name
    ("ｱﾏｿﾞﾈｽ", SOUL_TAKER),                 # half-width katakana fold to full width
    ("バーニング・メイン", SWINE_SNOUT),      # Burning Mane, in the Duel Masters mana zone
    ("YGO-MISS", SOUL_TAKER),               # a rule id
    ("ygo-not-missed", NOT_MISSED),         # in any case
    ("tributed", SANGAN_TCG),               # a word of the question
    ("which TRIGGER chain link", SANGAN_TCG),  # every word, anywhere, in any case
])
def test_the_search_finds_card_names_rule_ids_and_words_of_the_question(
        client: Client, q: str, expected: tuple[str, str]) -> None:
    found = shown(client, q=q)
    assert expected in found
    assert found != everything()


def test_a_search_that_finds_nothing_says_so(client: Client) -> None:
    html = client.get("/", {"q": "Soul Taker", "game": "duel_masters"}).content.decode()
    assert "No scenario matches." in html and f"0 of {len(everything())}" in html
    assert shown(client, q="Sangan Kuriboh Swine") == set()  # every word must be found


def test_the_search_box_works_without_javascript_and_keeps_what_was_asked(client) -> None:
    html = client.get("/", {"q": "Soul <Taker>"}).content.decode()
    form = re.search(r'<form id="gallery-form".*?</form>', html, re.S).group(0)
    assert 'method="get"' in form and 'action="/"' in form and 'role="search"' in form
    assert 'name="q" value="Soul &lt;Taker&gt;"' in form  # escaped
    assert '<label for="gallery-q">' in form


def test_htmx_gets_only_the_results_and_the_count(client: Client) -> None:
    response = client.get("/", {"q": "Soul Taker"}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert "<html" not in html and 'id="gallery-results"' in html
    assert re.search(r'<p id="gallery-count" hx-swap-oob="innerHTML">\d+ of \d+ scenarios? '
                     r'match(es)?\.</p>', html)
    assert "HX-Request" in response["Vary"]
    # going back in history to a page htmx no longer has: the whole page
    restored = client.get("/", {"q": "Soul Taker"}, HTTP_HX_REQUEST="true",
                          HTTP_HX_HISTORY_RESTORE_REQUEST="true").content.decode()
    assert "<html" in restored


# ---------------------------------------------------------------------- the preview
def test_the_preview_shows_the_set_up_read_only_and_saves_nothing(client: Client) -> None:
    before = Board.objects.count()
    response = client.get("/scenarios/yugioh/sangan_caius_tcg/")
    assert response.status_code == 200
    html = response.content.decode()
    entry = find(*SANGAN_TCG)
    assert f"<h1>{entry['title']}</h1>" in html
    assert entry["question"] in html
    assert "si Sangan est Sacrifié" in html  # the source
    for rule in entry["rules"]:
        assert f'href="/rules/{rule}/"' in html
    for card in ("Sangan", "Caius the Shadow Monarch", "Celtic Guardian"):
        assert card in html
    # the button that makes the playable board, by POST
    form = re.search(r'<form method="post" action="/scenarios/yugioh/sangan_caius_tcg/open"'
                     r'.*?</form>', html, re.S).group(0)
    assert 'name="csrfmiddlewaretoken"' in form and 'type="submit"' in form
    # read-only: nothing acts, nothing listens
    assert "hx-post" not in html and "ws-connect" not in html and 'id="act-form"' not in html
    assert Board.objects.count() == before  # a GET changes no row
    assert client.get("/scenarios/yugioh/sangan_caius_tcg/").status_code == 200
    assert Board.objects.count() == before


def test_the_preview_button_makes_the_playable_board(client: Client) -> None:
    html = client.get("/scenarios/duel_masters/swine_snout_funk/").content.decode()
    assert "Quixotic Hero Swine Snout" in html
    action = re.search(r'action="(/scenarios/duel_masters/swine_snout_funk/open)"', html)
    response = client.post(action.group(1))
    assert response.status_code == 302
    board = Board.objects.get(slug=response["Location"].split("/")[2])
    assert board.scenario == "swine_snout_funk" and board.pending_steps


def test_every_built_in_scenario_has_a_preview(client: Client) -> None:
    before = Board.objects.count()
    for game, slug in sorted(everything()):
        assert client.get(f"/scenarios/{game}/{slug}/").status_code == 200, (game, slug)
    assert Board.objects.count() == before


@pytest.mark.parametrize("url", ["/scenarios/yugioh/no_such_scenario/",
                                 "/scenarios/chess/sangan_caius_tcg/",
                                 "/scenarios/duel_masters/sangan_caius_tcg/"])
def test_an_unknown_scenario_is_a_friendly_404(client: Client, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 404
    html = response.content.decode()
    assert "No such scenario" in html and 'href="/"' in html


def test_the_preview_is_only_read(client: Client) -> None:
    assert client.post("/scenarios/yugioh/sangan_caius_tcg/").status_code == 405
    assert client.get("/scenarios/yugioh/sangan_caius_tcg/open").status_code == 405


# ---------------------------------------------------------------------- the header
@pytest.mark.parametrize("url", ["/", "/rules/", "/scenarios/yugioh/sangan_caius_tcg/",
                                 "/rules/YGO-MISS/"])
def test_every_page_starts_with_a_skip_link_and_links_the_glossary(client, url: str) -> None:
    html = client.get(url).content.decode()
    body = parse(html[html.index("<body"):])
    focusable = [(tag, attrs) for tag, attrs in body.tags
                 if tag in ("a", "button", "input", "select", "textarea", "summary")]
    tag, attrs = focusable[0]
    assert (tag, attrs.get("href"), attrs.get("class")) == ("a", "#main", "skip-link")
    assert 'id="main"' in html
    nav = re.search(r'<nav class="site-nav".*?</nav>', html, re.S).group(0)
    assert 'href="/rules/"' in nav and "Rule glossary" in nav


def test_the_glossary_link_says_where_you_are(client: Client) -> None:
    assert 'href="/rules/" aria-current="page"' in client.get("/rules/").content.decode()
    assert 'aria-current="page"' not in client.get("/").content.decode()
