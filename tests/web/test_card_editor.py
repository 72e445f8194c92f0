"""The card editor over HTTP: a text read and the form filled from it, each error beside its
field, saving into a board (its library lists the card), card sets, and custom cards kept by
snapshot links, exports, imports and forks."""

from __future__ import annotations

import re

import pytest
import yaml
from django.test import Client

from engine.limits import MAX_CUSTOM_CARDS, MAX_NAME
from simulator import boards
from simulator.models import Board, CardSet

pytestmark = pytest.mark.django_db

WHEN = "When this card is sent to the GY: You can draw 1 card."
BAHAI = "このカードが墓地へ送られた場合に発動できる。自分はデッキから１枚ドローする。"


@pytest.fixture
def client() -> Client:
    return Client(HTTP_HOST="localhost")


def own_board(client: Client, game: str = "yugioh") -> Board:
    response = client.post("/boards/new", {"game": game, "preset": "TCG"})
    assert response.status_code == 302
    return Board.objects.get(slug=response["Location"].split("/")[2])


def form(text: str = WHEN, name: str = "Grave Reader", **more: str) -> dict[str, str]:
    """The editor's form as a browser posts it after accepting the reading of ``text``."""
    post = {"game": "yugioh", "text": text, "name_en": name, "type": "monster",
            "subtype": "effect", "level": "3", "atk": "1000", "def": "800", "effects": "1",
            "e0-include": "on", "e0-kind": "trigger", "e0-wording": "when",
            "e0-optional": "on", "e0-label": "draw 1 card", "e0-activate_from": "gy",
            "e0-event": "{type: sent_to_gy, card: self}",
            "e0-operations": "[{op: draw, count: 1}]"}
    post.update(more)
    return post


def error_of(html: str, slot: str) -> str:
    m = re.search(rf'id="err-{re.escape(slot)}"[^>]*>(.*?)</p>', html, re.S)
    assert m, f"no error slot {slot}"
    return re.sub(r"<[^>]+>", " ", m.group(1)).strip()


def test_the_editor_reads_the_text_and_fills_the_form(client: Client) -> None:
    html = client.get("/cards/new", {"game": "yugioh", "text": WHEN}).content.decode()
    assert "Optional trigger worded “when”: can miss the timing (YGO-MISS)" in html
    assert 'href="/rules/YGO-MISS/"' in html
    assert '<mark class="because because-wording" title="wording">When</mark>' in html
    assert 'name="e0-event"' in html and "{type: sent_to_gy, card: self}" in html
    assert "[{op: draw, count: 1}]" in html
    assert 'class="card tile frame-effect' in html  # the board's own tile
