"""A card's note (what its structured effects leave out of its text) is shown wherever its text
is: the tile's tooltip, the card's menu, the library panel and a card set, in the reader's
language."""

from __future__ import annotations

import html as htmllib
import re

import pytest
from django.test import Client
from django.utils import translation

from engine.cards import builtin_library, parse_card
from simulator import store
from simulator.language import card_names
from tests.web.scenario_pages import board_page_after

pytestmark = pytest.mark.django_db


def _text(html: str) -> str:
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _note(card_id: str) -> str:
    note = builtin_library()[card_id].note
    assert note, f"{card_id} has a note to show"
    return " ".join(note.split())


def test_the_tile_shows_the_note_beside_the_text() -> None:
    page = board_page_after("yugioh", "sangan_caius_tcg", 0)
    tips = [_text(t) for t in re.findall(r'<div class="card-tip".*?</div>', page, re.S)]
    sangan = next(t for t in tips if t.startswith("Sangan"))
    assert f"Note: {_note('sangan')}" in sangan
    assert 'class="card-note"' in page


def test_a_card_without_a_note_shows_none() -> None:
    page = board_page_after("yugioh", "sangan_caius_tcg", 0)
    tips = [_text(t) for t in re.findall(r'<div class="card-tip".*?</div>', page, re.S)]
    caius = next(t for t in tips if t.startswith("Caius"))
    assert not builtin_library()["caius_the_shadow_monarch"].note and "Note:" not in caius


def test_the_card_menu_shows_the_note() -> None:
    client = Client(HTTP_HOST="localhost")
    board = store.create_board(game="yugioh", setup={"turn_player": "p1",
                                                      "p1": {"hand": ["Sangan"]}})
    duel = store.duel_of(board)
    iid = duel.state.zones[0]["hand"][0]
    body = client.get(f"/b/{board.slug}/card/{iid}/menu").content.decode()
    assert 'class="card-note"' in body and f"Note: {_note('sangan')}" in _text(body)


def test_the_library_shows_the_note_under_the_card_text() -> None:
    client = Client(HTTP_HOST="localhost")
    html = client.get("/cards/", {"q": "Sangan", "game": "yugioh"}).content.decode()
    entry = re.search(r'<div class="library-card"[^>]*data-card-id="sangan".*?</div>', html,
                      re.S).group(0)
    assert f"Note: {_note('sangan')}" in _text(entry)


def test_the_note_is_in_the_readers_language_or_english() -> None:
    card = parse_card({"id": "x", "name": "X", "type": "spell", "text": "Draw 1 card.",
                       "note": {"en": "Left out: nothing.", "ja": "省略：なし。"}},
                      file="t", game_hint="yugioh")
    with translation.override("ja"):
        assert card_names(card)["note"] == "省略：なし。"
    with translation.override("fr"):
        assert card_names(card)["note"] == "Left out: nothing."
    plain = parse_card({"id": "y", "name": "Y", "type": "spell", "note": "  two\n lines "},
                       file="t", game_hint="yugioh")
    assert plain.note == "two lines" and plain.display_note("ja") == "two lines"
