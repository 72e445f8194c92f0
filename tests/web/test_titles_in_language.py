"""A board opened from a built-in scenario keeps the scenario's English title; every page that
names the board says it in the reader's language (the scenario's own translation)."""

from __future__ import annotations

import pytest
from django.test import Client

from simulator import gallery, script
from simulator.models import Lesson

pytestmark = pytest.mark.django_db

SLUG = "amazoness_village_soul_taker"


@pytest.mark.parametrize("lang", ["ja", "fr"])
def test_pages_name_a_scenario_board_in_the_readers_language(lang: str) -> None:
    from engine.scenario import load_scenario

    entry = gallery.find("yugioh", SLUG)
    local_title = entry["texts"]["title"][lang]
    board = script.board_from_scenario(load_scenario(entry["path"]))
    assert board.title == entry["texts"]["title"]["en"] != local_title
    lesson = Lesson.objects.create(title="L", chapters=[board.slug])
    client = Client(HTTP_HOST="localhost", HTTP_ACCEPT_LANGUAGE=lang)
    expected = {
        f"/b/{board.slug}/": f"<strong>{local_title}</strong>",
        f"/b/{board.slug}/follow/": f'class="presentation-title">{local_title}</h1>',
        f"/b/{board.slug}/whatif": local_title,
        f"/b/{board.slug}/report?at=0": local_title,
        f"/lessons/{lesson.slug}/1/": f'class="presentation-title">{local_title}</h1>',
    }
    for url, marked in expected.items():
        response = client.get(url, follow=True)
        assert response.status_code == 200, url
        assert marked in response.content.decode(), url
    assert client.get(f"/b/{board.slug}/chain.png").status_code == 200


def test_the_turn_switch_names_the_player_in_the_readers_language() -> None:
    from engine.scenario import load_scenario

    entry = gallery.find("yugioh", SLUG)
    board = script.board_from_scenario(load_scenario(entry["path"]))
    html = Client(HTTP_HOST="localhost", HTTP_ACCEPT_LANGUAGE="ja").get(
        f"/b/{board.slug}/whatif").content.decode()
    assert "プレイヤー2のターン" in html and "Player 2" not in html
