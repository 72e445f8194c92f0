"""Duel Masters modes and deck orders on the board: a "choose one" asks its controller with the
card's name and the labels of its options; putting looked-at cards back shows which place is
nearest the top of the deck."""

from __future__ import annotations

import pytest
from django.test import Client

from engine import Duel
from simulator.rendering import Viewer, _decision_view

from .test_decisions import open_scenario, section, step, text

pytestmark = pytest.mark.django_db


@pytest.fixture
def client() -> Client:
    return Client(HTTP_HOST="localhost")


def test_a_mode_decision_names_the_card_and_its_options(client: Client) -> None:
    board = open_scenario(client, "duel_masters", "spell_cast_by_an_ability")
    step(client, board)  # Spell Caller is summoned: which spell does it cast?
    html = step(client, board)  # Twin Choice is cast: choose one
    decision = section(html, "decision")
    assert "Twin Choice (teaching card): choose one" in text(decision)
    assert "destroy a creature that costs 3 or less" in decision
    assert "draw a card" in decision
    assert "DM-KIND" in decision


def test_a_deck_order_decision_labels_the_places_from_the_top() -> None:
    duel = Duel("duel_masters", setup={
        "turn_player": "p1", "phase": "attack",
        "p1": {"battle": ["Deck Scout (teaching card)"],
               "deck": ["Energy Light", "Death Smoke", "Bloody Squito"]},
        "p2": {"shield": ["Energy Light"]}})
    duel.apply({"do": "attack", "card": duel.ref("Deck Scout (teaching card)")})
    duel.apply({"do": "answer", "choice": ["Bloody Squito"]})  # take the creature
    view = _decision_view(Viewer(duel))
    assert view["prompt"] == "Deck Scout (teaching card): order the cards you put back"
    assert "nearest the top of the deck" in view["help"]
    assert [o["position"] for o in view["options"]] == ["1st from the top", "2nd from the top"]
