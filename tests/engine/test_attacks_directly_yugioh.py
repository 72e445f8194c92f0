"""Yu-Gi-Oh! continuous effects on a monster's attacks: "This card can attack directly"
(``direct_attack``) and a condition read again at every declaration (``while_count``: "If you
control a monster other than "Photon Thrasher", this card cannot declare an attack"); and the
reader writing them from English and Japanese."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Duel
from engine.classify import classify
from engine.classify.to_card import map_reading
from engine.errors import IllegalAction

_THRASHER = {"id": "t_thrasher", "name": {"en": "Test Thrasher"}, "type": "monster",
             "subtype": "effect", "level": 4, "atk": 2100, "def": 0, "text": "(a test card)",
             "effects": [{"kind": "continuous", "apply": {
                 "cannot_attack": "all",
                 "while_count": {"zone": "monster", "controller": "you",
                                 "filter": {"not_name": "Test Thrasher"}, "min": 1}}}]}


def _duel(p1: list[Any], p2: list[Any]) -> Duel:
    return Duel("yugioh", cards=[_THRASHER], setup={
        "turn_player": "p1", "turn": 3, "phase": "battle", "p1": {"monster": p1},
        "p2": {"monster": p2}})


def test_it_attacks_directly_while_the_opponent_controls_a_monster() -> None:
    duel = _duel(["Jinzo #7"], ["Blue-Eyes White Dragon"])
    assert {"do": "declare_attack", "card": duel.ref("Jinzo #7"), "target": None} in (
        duel.legal_actions())
    duel.apply({"do": "declare_attack", "card": "Jinzo #7"})
    duel.apply({"do": "battle", "auto": True})
    duel.auto()
    assert duel.state.lp == [8000, 7500]


def test_another_monster_still_cannot_attack_directly() -> None:
    duel = _duel(["Celtic Guardian"], ["Blue-Eyes White Dragon"])
    with pytest.raises(IllegalAction):
        duel.apply({"do": "declare_attack", "card": "Celtic Guardian"})


@pytest.mark.parametrize("beside, can", [([], True), (["Celtic Guardian"], False),
                                          (["Test Thrasher"], True)])
def test_its_condition_is_read_at_each_declaration(beside: list[str], can: bool) -> None:
    duel = _duel(["Test Thrasher", *beside], [])
    attacker = duel.ref("p1:Test Thrasher")
    if can:
        duel.apply({"do": "declare_attack", "card": attacker})
        assert duel.state.procedure
    else:
        with pytest.raises(IllegalAction):
            duel.apply({"do": "declare_attack", "card": attacker})


@pytest.mark.parametrize("text, apply", [
    ("This card can attack directly.", {"direct_attack": True}),
    ("①：このカードは直接攻撃できる。", {"direct_attack": True}),
    ('If you control a monster other than "Photon Thrasher", this card cannot declare an attack.',
     {"cannot_attack": "all", "while_count": {
         "zone": "monster", "controller": "you",
         "filter": {"type": "monster", "not_name": "Photon Thrasher"}, "min": 1}}),
    ("If you control no other monsters, this card can attack directly.",
     {"direct_attack": True, "while_count": {"zone": "monster", "controller": "you",
                                             "filter": {"type": "monster"}, "max": 0,
                                             "other": True}}),
])
def test_the_reader_writes_it(text: str, apply: dict[str, Any]) -> None:
    [reading] = classify("yugioh", text)
    assert map_reading("yugioh", reading).effect["apply"] == apply


def test_a_condition_beside_a_protection_is_left_to_the_writer() -> None:
    [reading] = classify("yugioh", "While you control another monster, this card cannot be "
                                   "destroyed by battle.")
    assert map_reading("yugioh", reading).effect is None
