"""Piercing battle damage (``apply: {piercing: true}``): a monster attacking a Defense Position
monster whose DEF is lower than its ATK inflicts the difference."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Duel
from engine.classify import classify
from engine.classify.to_card import map_reading


def _lancer(piercing: bool) -> dict[str, Any]:
    return {"id": "t_lancer", "name": {"en": "Test Lancer"}, "type": "monster",
            "subtype": "effect", "attribute": "DARK", "race": "Dragon", "level": 4,
            "atk": 1500, "def": 1800,
            "text": "If this card attacks a Defense Position monster, inflict piercing battle "
                    "damage.",
            "effects": [{"kind": "continuous", "apply": {"piercing": True}}] if piercing
            else []}


@pytest.mark.parametrize(("piercing", "lp"), [(True, 8000 - 1300), (False, 8000)])
def test_piercing_battle_damage(piercing: bool, lp: int) -> None:
    duel = Duel("yugioh", cards=[_lancer(piercing)], setup={
        "turn_player": "p1", "turn": 3, "phase": "battle",
        "p1": {"monster": ["Test Lancer"]},
        "p2": {"monster": [{"card": "Kuriboh", "position": "defense"}]}})
    duel.apply({"do": "declare_attack", "card": "Test Lancer", "target": "Kuriboh"})
    duel.auto()
    duel.apply({"do": "battle"})
    duel.auto()
    assert duel.state.cards[duel.ref("Kuriboh")].zone == "gy"
    assert duel.state.lp == [8000, lp]  # Kuriboh's DEF is 200


@pytest.mark.parametrize("text", [
    "If this card attacks a Defense Position monster, inflict piercing battle damage.",
    "①：このカードが守備表示モンスターを攻撃した場合、その守備力を攻撃力が超えた分だけ戦闘ダメージを"
    "与える。",
])
def test_the_reader_writes_piercing(text: str) -> None:
    [m] = [map_reading("yugioh", r) for r in classify("yugioh", text)]
    assert not m.problems
    assert m.effect["apply"] == {"piercing": True}
