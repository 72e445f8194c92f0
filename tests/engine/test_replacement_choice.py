"""A replacement effect may ask its controller to choose what happens instead ("discard 1 card
instead"): ``instead: {operations: [{op: discard, choose: ...}]}``; asked before anything
moves, and one with nothing to choose cannot replace (YGO-KIND, DM-KIND)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Duel
from tests.engine.helpers import answer, entries

#: "If this card would be destroyed, you can discard 1 card instead."
MARTYR: dict[str, Any] = {
    "id": "t_martyr", "name": {"en": "Test Martyr"}, "type": "monster", "subtype": "effect",
    "level": 4, "atk": 1500, "def": 1000, "attribute": "LIGHT", "race": "Fairy",
    "effects": [{"kind": "replacement", "label": "discards a card", "optional": True,
                 "instead": {"when": "destroyed", "operations": [
                     {"op": "discard", "choose": {"zone": "hand", "controller": "you"}}]}}]}


def soul_taker(hand: list[str]) -> Duel:
    duel = Duel("yugioh", cards=[MARTYR], setup={
        "turn_player": "p2", "phase": "main1", "p2": {"hand": ["Soul Taker"]},
        "p1": {"monster": ["Test Martyr"], "hand": hand}})
    duel.apply({"do": "activate", "card": "Soul Taker"})  # nobody can respond: it resolves
    return duel


def zone(duel: Duel, ref: str) -> str:
    return duel.state.cards[duel.ref(ref)].zone


@pytest.mark.rule("YGO-KIND")
@pytest.mark.rule("YGO-SEQUENCE")
def test_the_controller_chooses_which_card_to_discard_instead() -> None:
    duel = soul_taker(["Kuriboh", "Dandelion"])
    d = duel.state.decision
    assert (d.kind, d.player) == ("use_replacement", 0)
    answer(duel, "yes")
    d = duel.state.decision
    assert (d.kind, d.player, d.args["card"]) == ("choose_cards", 0, duel.ref("Test Martyr"))
    assert d.rules == ["YGO-KIND"]  # a choice of what happens instead
    assert sorted(o["card"] for o in d.options) == sorted(
        [duel.ref("Kuriboh"), duel.ref("Dandelion")])
    answer(duel, "Dandelion")
    duel.auto()
    assert zone(duel, "Test Martyr") == "monster"
    assert (zone(duel, "Dandelion"), zone(duel, "Kuriboh")) == ("gy", "hand")
    assert "Test Martyr: discards a card instead" in "\n".join(duel.transcript())
    # it was not destroyed: the part after "then" does not happen (YGO-SEQUENCE)
    assert duel.state.lp == [8000, 8000]
    assert entries(duel, "resolution.then_skipped")


@pytest.mark.rule("YGO-KIND")
def test_the_controller_may_decline_and_no_choice_is_asked() -> None:
    duel = soul_taker(["Kuriboh", "Dandelion"])
    answer(duel, "no")
    duel.auto()
    assert zone(duel, "Test Martyr") == "gy"
    assert duel.state.zones[0]["hand"] == [duel.ref("Kuriboh"), duel.ref("Dandelion")]
    assert duel.state.lp == [9000, 8000]


@pytest.mark.rule("YGO-KIND")
def test_nothing_to_discard_means_no_replacement() -> None:
    duel = soul_taker([])
    assert duel.state.decision is None  # not offered: it could not be done
    assert zone(duel, "Test Martyr") == "gy"
    assert duel.state.lp == [9000, 8000]


@pytest.mark.rule("YGO-KIND")
def test_an_event_fired_from_the_board_takes_the_default_choice() -> None:
    duel = Duel("yugioh", cards=[MARTYR], setup={
        "turn_player": "p1", "phase": "main1",
        "p1": {"monster": ["Test Martyr"], "hand": ["Kuriboh", "Dandelion"]}})
    duel.apply({"do": "destroy", "card": "Test Martyr"})
    assert duel.state.decision is None
    assert zone(duel, "Test Martyr") == "monster"
    assert [zone(duel, "Kuriboh"), zone(duel, "Dandelion")].count("gy") == 1


#: "When this creature would be destroyed, put one card from your hand into your mana zone
#: instead." (mandatory)
ROOTED: dict[str, Any] = {
    "id": "t_rooted", "name": {"en": "Test Rooted"}, "type": "creature", "cost": 3,
    "power": 2000, "civilization": "nature", "races": ["Tree Folk"],
    "effects": [{"kind": "replacement", "label": "puts a card from the hand into the mana zone",
                 "instead": {"when": "destroyed", "operations": [
                     {"op": "put_into_mana", "choose": {"zone": "hand", "controller": "you"}}]}}]}


@pytest.mark.rule("DM-KIND")
@pytest.mark.rule("DM-EVENT-HAPPENED")
def test_duel_masters_replacement_choice_is_its_controllers() -> None:
    duel = Duel("duel_masters", cards=[ROOTED], setup={
        "turn_player": "p1", "phase": "main",
        "p1": {"hand": ["Terror Pit"], "mana": ["Burning Mane"] * 6},
        "p2": {"battle": ["Test Rooted"], "hand": ["Aqua Soldier", "Bolshack Dragon"]}})
    duel.apply({"do": "cast", "card": "Terror Pit"})
    d = duel.state.decision
    assert (d.kind, d.player) == ("choose_cards", 1)  # Player 2 chooses for their creature
    answer(duel, "Bolshack Dragon")
    duel.auto()
    assert zone(duel, "Test Rooted") == "battle"
    assert (zone(duel, "Bolshack Dragon"), zone(duel, "Aqua Soldier")) == ("mana", "hand")
