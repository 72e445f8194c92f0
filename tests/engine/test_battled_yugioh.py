"""Yu-Gi-Oh!'s ``battle`` events (YGO-DAMAGE-STEP): one for each monster that battled, at damage
calculation, before the monsters it destroyed leave at the end of the Damage Step; what
D.D. Warrior's "If this card battles a monster, after damage calculation" does on a board,
and the reader writing that timing, never one with another step of the battle."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Duel
from engine.classify import classify
from engine.classify.to_card import map_reading


def _battle(p1: list[Any], p2: list[Any], attacker: str, target: str | None) -> Duel:
    duel = Duel("yugioh", setup={"turn_player": "p1", "turn": 3, "phase": "battle",
                                 "p1": {"monster": p1}, "p2": {"monster": p2}})
    duel.apply({"do": "declare_attack", "card": attacker, "target": target})
    duel.auto()
    duel.apply({"do": "battle", "auto": True})
    duel.auto()
    return duel


def _zone(duel: Duel, player: int, zone: str) -> list[str]:
    return sorted(duel.definition(c).name["en"] for c in duel.state.cards.values()
                  if c.controller == player and c.zone == zone)


def test_attacking_it_banishes_the_attacker_and_itself_with_the_damage_dealt() -> None:
    duel = _battle(["Blue-Eyes White Dragon"], ["D.D. Warrior"], "Blue-Eyes White Dragon",
                   "D.D. Warrior")
    assert duel.state.lp == [8000, 6200]
    assert _zone(duel, 0, "banished") == ["Blue-Eyes White Dragon"]
    assert _zone(duel, 1, "banished") == ["D.D. Warrior"]
    assert _zone(duel, 1, "gy") == []  # banished before the end of the Damage Step


def test_it_triggers_as_the_attacker_and_in_defense_position_with_no_damage() -> None:
    duel = _battle(["D.D. Warrior"], [{"card": "Celtic Guardian", "position": "defense"}],
                   "D.D. Warrior", "Celtic Guardian")
    assert duel.state.lp == [8000, 8000]  # 1200 ATK on 1200 DEF: no damage, no destruction
    assert _zone(duel, 0, "banished") == ["D.D. Warrior"]
    assert _zone(duel, 1, "banished") == ["Celtic Guardian"]


def test_a_direct_attack_battles_no_monster() -> None:
    duel = _battle(["D.D. Warrior"], [], "D.D. Warrior", None)
    assert duel.state.lp == [8000, 6800]
    assert _zone(duel, 0, "monster") == ["D.D. Warrior"]
    assert not any(e["key"] == "trigger.met" for e in duel.state.log)


@pytest.mark.parametrize("text", [
    "If this card battles a monster, after damage calculation: Banish that monster and this card.",
    "After damage calculation, if this card battled an opponent's monster: Banish that "
    "opponent's monster and this card.",
    "①：このカードがモンスターと戦闘を行ったダメージ計算後に発動する。そのモンスターとこのカードを除外する。",
])
def test_the_reader_writes_the_battle_after_damage_calculation(text: str) -> None:
    reading = classify("yugioh", text)[0]
    effect = map_reading("yugioh", reading).effect
    assert effect["event"] == {"type": "battle", "card": "self"}
    assert effect["operations"] == [{"op": "banish", "card": "battled"},
                                    {"op": "banish", "card": "self"}]


@pytest.mark.parametrize("text", [
    "At the start of the Damage Step, if this card battles an opponent's monster: Destroy that "
    "monster.",
    "At the end of the Damage Step, if this card battled an opponent's monster: Destroy that "
    "monster.",
    "At the start of the Damage Step, if this card attacks a face-down Defense Position monster: "
    "Destroy that face-down monster.",
])
def test_another_step_of_the_battle_is_not_read_as_damage_calculation(text: str) -> None:
    reading = classify("yugioh", text)[0]
    mapping = map_reading("yugioh", reading)
    assert "event" in mapping.problems
    assert "event" not in (mapping.effect or {})
