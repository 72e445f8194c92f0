"""Every page kind of every built-in scenario, rendered once per language and kept for the
tests that read the words of the pages (each game's words, every word in the reader's
language): the board, a step's frames and one frame, the present and follow views, the
what-if page, a question asked to the room, the report form, the key link, the card editor
and the chain's picture.

The pages are rendered once per test session (:func:`rendered`), inside a transaction rolled
back at the end, so the boards, keys and questions they make are left to no other test."""

from __future__ import annotations

import html as html_lib
import re
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser

from django.core.cache import cache as django_cache
from django.db import transaction
from django.test import Client

from engine.cards import builtin_library
from simulator import gallery, store
from tests.web.scenario_pages import played_scenario

LANGUAGES = ("en", "ja", "fr")

#: the attributes whose values a reader sees or hears (tooltips, labels, placeholders)
SHOWN_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt", "aria-description")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
        "source", "track", "wbr"}


@dataclass(frozen=True)
class Page:
    """A rendered page: its address, its whole text (what is shown and the attributes read
    out), and the same text without what is marked as English (``lang="en"``: a card's name
    that has none in the page's language)."""

    url: str
    text: str
    local_text: str


class _Words(HTMLParser):
    """The words of a page: text outside scripts and styles, and the shown attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []  # (tag, English here)
        self.skip = 0
        self.all: list[str] = []
        self.local: list[str] = []

    def _english(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def _add(self, text: str, english: bool) -> None:
        self.all.append(text)
        if not english:
            self.local.append(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        lang = found.get("lang")
        english = (lang or "").startswith("en") if lang is not None else self._english()
        english = english or tag == "code"  # a card file's own keys, as they are written
        for name in SHOWN_ATTRIBUTES:
            if found.get(name):
                self._add(found[name] or "", english)
        if tag in ("script", "style"):
            self.skip += 1
        if tag not in VOID:
            self.stack.append((tag, english))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack:
            self.stack.pop()
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.skip = max(0, self.skip - 1)
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break

    def handle_data(self, data: str) -> None:
        if not self.skip and data.strip():
            self._add(data, self._english())


@cache
def card_names() -> re.Pattern[str]:
    """Every built-in card's names, in every language: a card is named as it is printed,
    whatever words its name holds ("Breaker the Magical Warrior", "Blocker Hunter")."""
    names = {n for card in builtin_library() for n in card.name.values() if n}
    names |= {n.split(" (")[0] for n in names}  # "Blocker Hunter (teaching card)", as told
    return re.compile("|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)))


def words_of(url: str, markup: str) -> Page:
    parser = _Words()
    parser.feed(markup)
    parser.close()

    def joined(parts: list[str]) -> str:
        return re.sub(r"\s+", " ", html_lib.unescape(" | ".join(parts)))

    return Page(url, joined(parser.all), joined(parser.local))


def _get(client: Client, url: str, **extra: str) -> str:
    response = client.get(url, follow=True, **extra)
    assert response.status_code == 200, (url, response.status_code)
    return response.content.decode()


def _scenario_pages(entry: dict, with_key: bool) -> dict[str, dict[str, Page]]:
    """Every page kind of the scenario ``entry`` with its whole script played, in each
    language (the key link only ``with_key``: it lists the boards, whatever their game)."""
    django_cache.clear()  # the site's abuse limits count every request of the sweep
    board = played_scenario(entry)
    base = f"/b/{board.slug}"
    last = len(store.duel_of(board).actions)
    urls = {"board": f"{base}/", "frames": f"{base}/at/{last}/frames",
            "frame": f"{base}/at/{last}/1/" if last else f"{base}/at/0/",
            "whatif": f"{base}/whatif", "report": f"{base}/report",
            "picture": f"{base}/chain.svg"}
    clients, pages = {}, {}
    for lang in LANGUAGES:
        clients[lang] = client = Client(HTTP_HOST="localhost", HTTP_ACCEPT_LANGUAGE=lang)
        assert client.get(f"{base}/edit/{board.edit_key}/").status_code == 302
        pages[lang] = {kind: words_of(url, _get(client, url)) for kind, url in urls.items()}
    # presenting from step 1 on (the questions to the room are the engine's there), one asked
    # by a presenter reading the page's language
    assert clients["en"].post(f"{base}/present/").status_code == 302
    assert clients["en"].post(f"{base}/present", {"at": str(min(1, last))}).status_code == 200
    for lang, client in clients.items():
        key = re.search(r'name="key" value="([^"]+)"', _get(client, f"{base}/predict/offer"))
        if key:
            assert client.post(f"{base}/predict/ask", {"key": key.group(1)}).status_code == 200
        pages[lang]["present"] = words_of(f"{base}/present/", _get(client, f"{base}/present/"))
        watcher = Client(HTTP_HOST="localhost", HTTP_ACCEPT_LANGUAGE=lang)
        pages[lang]["follow"] = words_of(f"{base}/follow/", _get(watcher, f"{base}/follow/"))
        if with_key:
            key_page = client.post("/k/new", follow=True)
            assert key_page.status_code == 200
            pages[lang]["key"] = words_of("/k/", key_page.content.decode())
    return pages


@cache
def rendered(every: bool = False) -> dict[tuple[str, str, str], dict[str, Page]]:
    """(game, slug, language) -> page kind -> page, over a spread of the built-in scenarios
    (every fourth of the index, both games), or over ``every`` one (the sweep); the card
    editor of each game under (game, "", language). Call it with the database unblocked."""
    out: dict[tuple[str, str, str], dict[str, Page]] = {}
    index = gallery.scenario_index()
    with transaction.atomic():
        keyed = set()
        for entry in (index if every else index[::4]):
            game = entry["game"]
            for lang, pages in _scenario_pages(entry, game not in keyed).items():
                out[game, entry["slug"], lang] = pages
            keyed.add(game)
        for lang in LANGUAGES:
            for game in ("yugioh", "duel_masters"):
                client = Client(HTTP_HOST="localhost", HTTP_ACCEPT_LANGUAGE=lang)
                url = f"/cards/new?game={game}"
                out[game, "", lang] = {"editor": words_of(url, _get(client, url))}
        transaction.set_rollback(True)
    django_cache.clear()
    return out
