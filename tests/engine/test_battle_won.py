"""A creature wins a battle only when its opponent is destroyed by that battle: a loser kept by
a protection, or whose destruction is replaced, gives no ``battle_won`` (DM-ATTACK-STEPS,
DM-EVENT-HAPPENED)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Duel

VICTOR: dict[str, Any] = {
    "id": "t_victor", "name": {"en": "Test Victor"}, "type": "creature", "cost": 1,
    "power": 5000, "civilization": "fire", "races": ["Human"],
    "effects": [{"kind": "trigger", "label": "draw on a win",
                 "event": {"type": "battle_won", "card": "self"},
                 "operations": [{"op": "draw", "count": 1}]}]}
STURDY: dict[str, Any] = {
    "id": "t_sturdy", "name": {"en": "Test Sturdy"}, "type": "creature", "cost": 1,
    "power": 1000, "civilization": "nature", "races": ["Beast Folk"],
    "effects": [{"kind": "continuous", "apply": {"cannot": "destroyed", "by": "battle"}}]}


def attack(loser: str) -> Duel:
    duel = Duel("duel_masters", cards=[VICTOR, STURDY], setup={
        "turn_player": "p1", "phase": "attack",
        "p1": {"battle": ["Test Victor"], "deck": ["Burning Mane"] * 2},
        "p2": {"battle": [{"card": loser, "tapped": True, "as": "loser"}]}})
    duel.apply({"do": "attack", "card": "Test Victor", "target": "loser"})
    duel.auto()
    return duel


def events_of(duel: Duel, etype: str) -> list[dict[str, Any]]:
    return [e for inst in duel.state.instants for e in inst["events"] if e["type"] == etype]


@pytest.mark.rule("DM-ATTACK-STEPS")
def test_a_winner_whose_opponent_is_destroyed_wins_the_battle() -> None:
    duel = attack("Burning Mane")
    assert duel.state.cards[duel.ref("loser")].zone == "graveyard"
    assert [e["card"] for e in events_of(duel, "battle_won")] == [duel.ref("Test Victor")]
    assert len(duel.state.zones[0]["hand"]) == 1  # its "when it wins a battle" draw


@pytest.mark.rule("DM-EVENT-HAPPENED")
@pytest.mark.rule("DM-ATTACK-STEPS")
@pytest.mark.parametrize("loser, zone", [("Aqua Soldier", "hand"), ("Test Sturdy", "battle")])
def test_no_win_when_the_loser_is_not_destroyed(loser: str, zone: str) -> None:
    duel = attack(loser)  # Aqua Soldier returns to the hand instead; Test Sturdy is protected
    assert duel.state.cards[duel.ref("loser")].zone == zone
    assert events_of(duel, "battle") and not events_of(duel, "battle_won")
    assert not duel.state.triggers and duel.state.zones[0]["hand"] == []
