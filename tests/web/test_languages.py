"""The site in the reader's language: every page renders in English, Japanese and French, the
language comes from Accept-Language or the switcher (a cookie), shared links open in the
reader's language, and the board's log, card names and scenario texts follow it, live too."""

from __future__ import annotations

import json
import re

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from simulator import store
from simulator.asgi import application
from simulator.language import socket_language
from simulator.models import Board

pytestmark = pytest.mark.django_db

#: a phrase each language's pages carry (the footer; the embed view has none, but a link)
FOOTER = {"en": "An unofficial learning tool", "ja": "非公式の学習ツールです",
          "fr": "Un outil d'apprentissage non officiel"}
EMBED = {"en": "Open on the site", "ja": "サイトで開く", "fr": "Ouvrir sur le site"}
ORIGIN = [(b"origin", b"http://localhost")]


def _client(lang: str) -> Client:
    return Client(HTTP_HOST="localhost", HTTP_ACCEPT_LANGUAGE=lang)


def _open(client: Client, slug: str = "amazoness_village_soul_taker") -> Board:
    response = client.post(f"/scenarios/yugioh/{slug}/open")
    assert response.status_code == 302
    return Board.objects.get(slug=response["Location"].split("/")[2])


def _pages(client: Client) -> list[str]:
    """Every kind of page: home, gallery search, preview, board (edit, view, a step, a frame,
    the embed, the present and follow views), lesson, snapshot, glossary, a rule, 404."""
    board = _open(client)
    client.post(f"/b/{board.slug}/step", {"version": board.version}, HTTP_HX_REQUEST="true")
    lesson = client.post("/lessons/new", {"title": "L", "chapter": [
        "yugioh/sangan_caius_tcg"]})["Location"]
    page = client.get(f"/b/{board.slug}/").content.decode()
    snapshot = re.search(r'/s/[^/"]+/', page).group(0)
    return ["/", "/?q=Sangan", "/scenarios/yugioh/sangan_caius_tcg/",
            "/scenarios/duel_masters/double_breaker_s_triggers_in_order/",
            f"/b/{board.slug}/", f"/b/{board.slug}/at/1/", f"/b/{board.slug}/at/1/1/",
            f"/embed/{board.slug}/", f"/b/{board.slug}/present/", f"/b/{board.slug}/follow/",
            lesson, snapshot, "/rules/", "/rules/YGO-MISS/", "/nowhere/"]


@pytest.mark.parametrize("lang", ["en", "ja", "fr"])
def test_every_page_renders_in_each_language(lang: str) -> None:
    client = _client(lang)
    for path in _pages(client):
        response = client.get(path, follow=True)
        html = response.content.decode()
        assert response.status_code == (404 if path == "/nowhere/" else 200), path
        assert f'<html lang="{lang}">' in html, path
        marks = EMBED if path.startswith("/embed/") else FOOTER
        assert marks[lang] in html, path
        if lang != "en":
            assert marks["en"] not in html, path


def test_accept_language_picks_the_language_and_the_switcher_keeps_another() -> None:
    client = _client("ja,en;q=0.5")
    assert "チェーン・シミュレーター" in client.get("/").content.decode()
    response = client.post("/i18n/setlang/", {"language": "fr", "next": "/rules/"})
    assert response.status_code == 302 and response["Location"] == "/rules/"
    html = client.get("/rules/").content.decode()  # the cookie beats Accept-Language
    assert '<html lang="fr">' in html and "Glossaire des règles" in html
    pressed = re.findall(r'value="(\w+)" lang="\w+" class="subtle" aria-pressed="true"', html)
    assert pressed == ["fr"]


def test_a_forged_language_is_refused_politely() -> None:
    client = _client("en")
    response = client.post("/i18n/setlang/", {"language": "xx" * 500, "next": "/"})
    assert response.status_code == 302  # nothing set, nothing broken
    assert '<html lang="en">' in client.get("/").content.decode()
    response = client.post("/i18n/setlang/", {"language": "ja", "next": "https://evil.test/"})
    assert response["Location"] == "/"


def test_a_shared_link_opens_in_the_readers_language() -> None:
    owner = _client("en")
    board = _open(owner)
    reader = _client("ja")
    html = reader.get(f"/b/{board.slug}/").content.decode()
    assert '<html lang="ja">' in html and "アマゾネスの里" in html
    assert "ソウルテイカーが「アマゾネス」モンスターを破壊した時" in html  # the question


def test_the_board_log_names_the_missed_timing_in_japanese() -> None:
    client = _client("ja")
    board = _open(client)
    for _ in range(2):
        board.refresh_from_db()
        html = client.post(f"/b/{board.slug}/step", {"version": board.version},
                           HTTP_HX_REQUEST="true").content.decode()
    page = client.get(f"/b/{board.slug}/").content.decode()
    assert "アマゾネスの里の「『アマゾネス』モンスターを特殊召喚」はタイミングを逃した" in page
    assert "missed the timing" not in page and "Player 1" not in page
    assert "タイミングを逃した" in html


def test_card_names_follow_the_language_with_a_fallback() -> None:
    board = store.create_board(game="yugioh", setup={
        "turn_player": "p1", "p1": {"monster": ["Sangan", "Poison Draw Frog", "Kuriboh"]}})
    ja = _client("ja").get(f"/b/{board.slug}/").content.decode()
    assert '<span class="card-name">クリッター</span>' in ja
    assert '<span class="card-name">クリボー</span>' in ja
    fr = _client("fr").get(f"/b/{board.slug}/").content.decode()
    assert '<span class="card-name">Grenouille Lance Poison</span>' in fr
    assert '<span class="card-name">Sangan</span>' in fr  # its French name is "Sangan"
    assert '<span class="card-name" lang="en">Kuriboh</span>' in fr  # no French name
    en = _client("en").get(f"/b/{board.slug}/").content.decode()
    assert '<span class="card-name">Poison Draw Frog</span>' in en


@pytest.mark.parametrize("query", ["クリッター", "Grenouille Lance Poison", "Sangan"])
def test_the_library_finds_cards_in_every_language(query: str) -> None:
    html = _client("fr").get("/cards/", {"game": "yugioh", "q": query}).content.decode()
    assert "No card matches" not in html and "Aucune carte ne correspond" not in html


def test_the_gallery_finds_scenarios_by_their_japanese_and_french_titles() -> None:
    for query in ("タイミングを逃す", "missing the timing"):
        html = _client("en").get("/", {"q": query}).content.decode()
        assert "amazoness_village_soul_taker" in html, query


def test_the_glossary_links_each_rule_to_its_article_in_its_language() -> None:
    html = _client("en").get("/rules/").content.decode()
    assert 'hreflang="fr" lang="fr" rel="noopener">Effet Déclencheur</a>' in html
    assert 'hreflang="ja" lang="ja" rel="noopener">誘発効果</a>' in html
    assert "タイミングを逃す" in html and "Missing the timing" in html
    rule = _client("ja").get("/rules/YGO-MISS/").content.decode()
    assert "<h1>YGO-MISS: タイミングを逃す</h1>" in rule


def test_a_websocket_reads_the_language_of_its_browser() -> None:
    def scope(**headers: str) -> dict:
        return {"headers": [(k.encode(), v.encode()) for k, v in headers.items()]}

    assert socket_language(scope(**{"accept-language": "fr-CA,fr;q=0.9"})) == "fr"
    assert socket_language(scope(cookie="django_language=ja",
                                 **{"accept-language": "fr"})) == "ja"
    assert socket_language(scope(cookie="django_language=xx; \x00bad")) == "en"
    assert socket_language(scope()) == "en"


@pytest.mark.django_db(transaction=True)
def test_live_updates_reach_each_watcher_in_its_language() -> None:
    board = store.create_board(game="yugioh", setup={
        "turn_player": "p1", "p1": {"monster": ["Sangan"], "deck": ["Kuriboh"]}})
    sangan = store.duel_of(board).ref("Sangan")
    editor = _client("en")
    editor.get(f"/b/{board.slug}/edit/{board.edit_key}/")

    async def run() -> None:
        ja = WebsocketCommunicator(application, f"/ws/b/{board.slug}/",
                                   headers=[*ORIGIN, (b"accept-language", b"ja")])
        fr = WebsocketCommunicator(application, f"/ws/b/{board.slug}/",
                                   headers=[*ORIGIN, (b"cookie", b"django_language=fr")])
        for ws in (ja, fr):
            assert (await ws.connect())[0]
            await ws.receive_from()
        response = await sync_to_async(editor.post)(
            f"/b/{board.slug}/act",
            {"version": 0, "action": json.dumps({"do": "destroy", "card": sangan})})
        assert "Chain Link 1" in response.content.decode()
        assert "チェーン1" in await ja.receive_from()
        assert "Maillon de Chaîne 1" in await fr.receive_from()
        for ws in (ja, fr):
            await ws.disconnect()

    async_to_sync(run)()


@pytest.mark.parametrize("name,shown", [
    ("Marauding Captain", "Marau-ding Captain"), ("Prominence Dragon", "Promi-nence Dragon"),
    ("Transmigration", "Transmi-gra-tion"), ("Cybernetic", "Cyber-ne-tic"),
    ("Kotodama", "Kotodama"), ("Bolshack Dragon", "Bolshack Dragon"),
    ("コトダマ・マローダー", "コトダマ・マローダー"), ("Amazoness Fighter", "Amazo-ness Fighter")])
def test_a_long_word_of_a_card_name_breaks_at_a_syllable(name: str, shown: str) -> None:
    from simulator.templatetags.languages import breakable
    drawn = re.sub(r'<span class="word">([^<]*)</span>', r"\1", breakable(name))
    assert drawn.replace("\u00ad", "-") == shown


def test_a_card_place_draws_the_name_with_its_soft_hyphens_and_reads_it_whole() -> None:
    from simulator.templatetags.languages import breakable
    assert breakable('Kuriboh <b>&"') == 'Kuriboh &lt;b&gt;&amp;&quot;'
    assert breakable("<Marauding>") == '&lt;<span class="word">Marau\u00adding</span>&gt;'
    from django.template.loader import render_to_string
    card = {"name": "Marauding Captain", "iid": 1, "face_up": True, "frame": "effect"}
    html = render_to_string("simulator/partials/card.html", {"card": card})
    assert ('<span class="card-name"><span class="word">Marau\u00adding</span> Captain</span>'
            in html)
    assert 'aria-label="Marauding Captain' in html  # read out whole
