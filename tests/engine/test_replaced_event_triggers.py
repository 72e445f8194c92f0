"""A replaced event, or a destruction a protection stops, names in the log every trigger it
would have met, those whose pattern reads the event's cause (``by``, ``by_player``) included
(YGO-KIND, DM-EVENT-HAPPENED)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Duel
from tests.engine.helpers import answer, entries

NOT_MET = "Hydrogeddon: Special Summon a Hydrogeddon does not meet its timing: the event was " \
          "replaced and did not happen (YGO-KIND)"


def hydrogeddon_attacks(p2: dict[str, Any]) -> Duel:
    duel = Duel("yugioh", setup={
        "turn_player": "p1", "phase": "battle",
        "p1": {"monster": [{"card": "Hydrogeddon", "as": "attacker"}], "deck": ["Hydrogeddon"]},
        "p2": p2})
    duel.apply({"do": "declare_attack", "card": "attacker", "target": "defender"})
    duel.apply({"do": "battle"})
    duel.auto()
    return duel


@pytest.mark.rule("YGO-KIND")
def test_a_replaced_arrival_names_the_trigger_of_the_card_that_caused_it() -> None:
    # "When this card destroys an opponent's monster by battle and sends it to the GY"
    # (by: self): Macro Cosmos banishes the monster instead, so the trigger does not meet
    # its timing, and the log says so
    duel = hydrogeddon_attacks({"monster": [{"card": "Kuriboh", "as": "defender"}],
                                "spell_trap": ["Macro Cosmos"]})
    assert duel.state.cards[duel.ref("defender")].zone == "banished"
    assert not duel.state.triggers
    assert NOT_MET in duel.transcript()
    [entry] = entries(duel, "trigger.not_met")
    assert entry["args"]["card"] == duel.ref("attacker")


@pytest.mark.rule("YGO-KIND")
def test_a_battle_destruction_a_protection_stops_names_the_trigger_too() -> None:
    duel = hydrogeddon_attacks({"monster": [{"card": "Spirit Reaper", "as": "defender"}]})
    assert duel.state.cards[duel.ref("defender")].zone == "monster"
    assert not duel.state.triggers
    assert NOT_MET in duel.transcript()


@pytest.mark.rule("YGO-KIND")
def test_a_trigger_that_meets_its_timing_is_not_named_as_replaced() -> None:
    duel = hydrogeddon_attacks({"monster": [{"card": "Kuriboh", "as": "defender"}]})
    assert [t.card for t in duel.state.triggers] == [duel.ref("attacker")]
    assert not entries(duel, "trigger.not_met")


#: "When this creature is put into the battle zone, destroy one of your opponent's creatures.
#: Whenever this creature's ability destroys a creature, draw a card. Whenever your spell
#: destroys one of your opponent's creatures, draw a card."
HUNTER: dict[str, Any] = {
    "id": "t_hunter", "name": {"en": "Test Hunter"}, "type": "creature", "cost": 1,
    "power": 2000, "civilization": "darkness", "races": ["Dark Lord"],
    "effects": [
        {"kind": "trigger", "label": "destroy one",
         "event": {"type": "put_into_battle", "card": "self"},
         "operations": [{"op": "destroy", "choose": {"zone": "battle",
                                                      "controller": "opponent"}}]},
        {"kind": "trigger", "label": "draw for its kill",
         "event": {"type": "destroyed", "by": "self"},
         "operations": [{"op": "draw", "count": 1}]},
        {"kind": "trigger", "label": "draw for your kill",
         "event": {"type": "destroyed", "by_player": "you",
                   "filter": {"controller": "opponent"}},
         "operations": [{"op": "draw", "count": 1}]}]}


def dm(p1: dict[str, Any], victim: str) -> Duel:
    return Duel("duel_masters", cards=[HUNTER], setup={
        "turn_player": "p1", "phase": "main",
        "p1": {"mana": ["Burning Mane"] * 6, "deck": ["Burning Mane"] * 3, **p1},
        "p2": {"battle": [victim]}})


def not_triggered(duel: Duel) -> list[tuple[str, str]]:
    return [(duel.name(e["args"]["card"]), e["args"]["effect"])
            for e in entries(duel, "pending.not_triggered")]


@pytest.mark.rule("DM-EVENT-HAPPENED")
def test_duel_masters_replaced_destruction_names_triggers_that_read_its_cause() -> None:
    duel = dm({"hand": ["Test Hunter"]}, "Aqua Soldier")
    duel.apply({"do": "put_into_battle", "card": "Test Hunter"})
    duel.auto()
    assert duel.state.cards[duel.ref("Aqua Soldier")].zone == "hand"  # returned instead
    assert duel.state.zones[0]["hand"] == []  # no draw: nothing was destroyed
    assert not_triggered(duel) == [("Test Hunter", "draw for its kill"),
                                   ("Test Hunter", "draw for your kill")]
    assert ("Test Hunter: draw for your kill does not trigger: the event was replaced and did "
            "not happen (DM-EVENT-HAPPENED)") in duel.transcript()


@pytest.mark.rule("DM-EVENT-HAPPENED")
def test_duel_masters_spell_destruction_replaced_names_the_watcher() -> None:
    duel = dm({"hand": ["Terror Pit"], "battle": ["Test Hunter"]}, "Aqua Soldier")
    duel.apply({"do": "cast", "card": "Terror Pit"})
    if duel.state.decision is not None and duel.state.decision.kind == "choose_cards":
        answer(duel, "Aqua Soldier")
    duel.auto()
    assert duel.state.cards[duel.ref("Aqua Soldier")].zone == "hand"
    assert not_triggered(duel) == [("Test Hunter", "draw for your kill")]


@pytest.mark.rule("DM-EVENT-HAPPENED")
def test_duel_masters_destruction_that_happens_triggers_both() -> None:
    duel = dm({"hand": ["Test Hunter"]}, "Burning Mane")
    duel.apply({"do": "put_into_battle", "card": "Test Hunter"})
    duel.auto()
    assert len(duel.state.zones[0]["hand"]) == 2
    assert not_triggered(duel) == []
