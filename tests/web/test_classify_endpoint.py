"""GET /cards/classify: a card's text read as the rules read it, as JSON."""

from __future__ import annotations

import pytest
from django.test import Client

FIELDS = {"text", "kind", "wording", "optional", "spell_speed", "event", "condition", "cost",
          "targets", "operations", "rules", "because"}


@pytest.fixture
def client() -> Client:
    return Client(HTTP_HOST="localhost")


@pytest.mark.rule("YGO-MISS")
def test_an_optional_when_trigger_reads_as_one(client: Client) -> None:
    text = ("When this card is sent to the GY: You can target 1 monster in your GY; "
            "add it to your hand.")
    response = client.get("/cards/classify", {"game": "yugioh", "text": text})
    assert response.status_code == 200
    [effect] = response.json()["effects"]
    assert set(effect) == FIELDS | {"compiled", "not_compiled"}
    assert (effect["kind"], effect["wording"], effect["optional"]) == ("trigger", "when", True)
    assert effect["compiled"] == [{"op": "add_to_hand", "card": "target"}]
    assert effect["not_compiled"] is None
    assert "YGO-MISS" in effect["rules"]
    for why in effect["because"]:  # the deciding words, where they stand in the text
        assert text[why["start"]:why["end"]] == why["words"]


@pytest.mark.rule("DM-KIND")
def test_a_japanese_duel_masters_ability_reads_as_one(client: Client) -> None:
    text = "このクリーチャーがバトルゾーンに出た時、カードを1枚引いてもよい。"
    response = client.get("/cards/classify", {"game": "duel_masters", "text": text})
    assert response.status_code == 200
    [effect] = response.json()["effects"]
    assert (effect["kind"], effect["optional"]) == ("trigger", True)
    assert effect["compiled"] == [{"op": "draw", "count": 1}]
    assert effect["not_compiled"] is None
    assert "このクリーチャーがバトルゾーンに出た時" in response.content.decode()  # not escaped


@pytest.mark.parametrize(("params", "reason"), [
    ({"game": "yugioh", "text": ""}, "no text"),
    ({"game": "yugioh", "text": "x" * 4001}, "MAX_STRING"),
    ({"game": "chess", "text": "Draw 1 card."}, "game must be"),
])
def test_a_text_it_cannot_take_is_refused_with_the_reason(client: Client, params, reason) -> None:
    response = client.get("/cards/classify", params)
    assert response.status_code == 400
    assert reason in response.json()["error"]
