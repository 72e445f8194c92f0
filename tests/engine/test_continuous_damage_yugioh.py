"""Damage changed by a continuous effect while it applies (engine/damage.py, YGO-KIND):
"While you control a monster, you take no battle damage" (``damage_becomes: zero``,
``damage_cause: battle``, with its ``while_count`` read again each time), and the reader
writing it from English and Japanese."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Duel
from engine.classify import classify
from engine.classify.to_card import map_reading

_BARRIER = {"id": "t_barrier", "name": {"en": "Test Barrier"}, "type": "trap",
            "subtype": "continuous", "text": "(a test card)",
            "effects": [{"kind": "continuous", "label": "no battle damage", "apply": {
                "damage_becomes": "zero", "damage_cause": "battle", "while_count": {
                    "zone": "monster", "controller": "you", "filter": {"type": "monster"},
                    "min": 1}}}]}


def _attacked(mine: list[str], **apply: Any) -> Duel:
    """Player 2's Blue-Eyes White Dragon attacks Player 1, who has the barrier face-up."""
    card = {**_BARRIER, "effects": [{**_BARRIER["effects"][0],
                                     "apply": {**_BARRIER["effects"][0]["apply"], **apply}}]}
    duel = Duel("yugioh", cards=[card], setup={
        "turn_player": "p2", "turn": 4, "phase": "battle",
        "p1": {"monster": mine, "spell_trap": ["Test Barrier"]},
        "p2": {"monster": ["Blue-Eyes White Dragon"]}})
    target = duel.ref(mine[0]) if mine else None
    duel.apply({"do": "declare_attack", "card": "Blue-Eyes White Dragon", "target": target})
    duel.auto()
    duel.apply({"do": "battle"})
    duel.auto()
    return duel


def test_while_you_control_a_monster_you_take_no_battle_damage() -> None:
    duel = _attacked(["Celtic Guardian"])
    assert duel.state.lp[0] == 8000
    assert any(e["key"] == "damage.changed" for e in duel.state.log)


def test_half_battle_damage_is_rounded_up() -> None:
    duel = _attacked(["Celtic Guardian"], damage_becomes="half")
    assert duel.state.lp[0] == 8000 - 800  # 3000 - 1400 = 1600, halved


def test_with_no_monster_the_count_fails_and_the_damage_is_taken() -> None:
    duel = _attacked([])
    assert duel.state.lp[0] == 8000 - 3000


def test_effect_damage_is_not_battle_damage() -> None:
    duel = Duel("yugioh", cards=[_BARRIER], setup={
        "turn_player": "p1", "turn": 3, "phase": "main1",
        "p1": {"monster": ["Celtic Guardian"], "spell_trap": ["Test Barrier"]}})
    duel.apply({"do": "damage", "player": "p1", "amount": 500})
    assert duel.state.lp[0] == 7500


@pytest.mark.parametrize("text", [
    "While you control a monster, you take no battle damage.",
    "①：自分フィールドにモンスターが存在する限り、自分が受ける戦闘ダメージは０になる。",
])
def test_the_reader_writes_no_battle_damage(text: str) -> None:
    [reading] = classify("yugioh", text)[-1:]
    effect = map_reading("yugioh", reading).effect
    assert effect["apply"] == _BARRIER["effects"][0]["apply"]
