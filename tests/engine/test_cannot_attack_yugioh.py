"""Yu-Gi-Oh! monsters that cannot attack (``apply: {cannot_attack: all / players /
creatures}``, the key Duel Masters has too): the declaration is refused with the reason and
left out of the legal actions while the effect applies, and the reader writes it (YGO-KIND)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Duel, IllegalAction
from engine.classify import classify
from engine.classify.to_card import map_reading


def _duel(apply: dict[str, Any], defender: bool = True) -> Duel:
    card = {"id": "t_warden", "name": {"en": "Test Warden"}, "type": "monster",
            "subtype": "effect", "attribute": "EARTH", "race": "Warrior", "level": 4,
            "atk": 1600, "def": 1000, "text": "(a test card)",
            "effects": [{"kind": "continuous", "apply": apply}]}
    return Duel("yugioh", cards=[card], setup={
        "turn_player": "p1", "turn": 3, "phase": "battle",
        "p1": {"monster": ["Test Warden", "Celtic Guardian"]},
        "p2": {"monster": ["Kuriboh"] if defender else []}})


def _attacks(duel: Duel, name: str) -> list[dict[str, Any]]:
    iid = duel.ref(name)
    return [a for a in duel.legal_actions() if a["do"] == "declare_attack" and a["card"] == iid]


@pytest.mark.rule("YGO-KIND")
def test_a_monster_that_cannot_declare_an_attack_is_refused_with_the_reason() -> None:
    duel = _duel({"cannot_attack": "all"})
    assert not _attacks(duel, "Test Warden") and _attacks(duel, "Celtic Guardian")
    before = duel.to_dict()
    with pytest.raises(IllegalAction) as refused:
        duel.apply({"do": "declare_attack", "card": "Test Warden", "target": "Kuriboh"})
    assert str(refused.value.reason) == "Test Warden cannot attack"
    assert duel.to_dict() == before  # the refused action changed nothing


@pytest.mark.rule("YGO-KIND")
def test_the_opponents_monsters_cannot_attack_while_the_card_is_face_up() -> None:
    duel = _duel({"cannot_attack": "all", "to": {"controller": "opponent"}})
    kuriboh = duel.state.cards[duel.ref("Kuriboh")]
    assert duel.policy.granted(duel, kuriboh, "cannot_attack") == ["all"]
    assert _attacks(duel, "Test Warden")  # not its controller's own monsters
    duel.apply({"do": "destroy", "card": "Test Warden"})
    duel.auto()
    assert duel.policy.granted(duel, kuriboh, "cannot_attack") == []  # gone with its card


@pytest.mark.rule("YGO-KIND")
def test_no_direct_attack_still_attacks_a_monster() -> None:
    duel = _duel({"cannot_attack": "players"}, defender=False)
    with pytest.raises(IllegalAction) as refused:
        duel.apply({"do": "declare_attack", "card": "Test Warden"})
    assert "cannot attack players" in str(refused.value.reason)
    duel = _duel({"cannot_attack": "players"})
    duel.apply({"do": "declare_attack", "card": "Test Warden", "target": "Kuriboh"})


@pytest.mark.parametrize(("text", "apply"), [
    ("This card cannot declare an attack.", {"cannot_attack": "all"}),
    ("このカードは攻撃できない。", {"cannot_attack": "all"}),
    ("This card cannot attack directly.", {"cannot_attack": "players"}),
    ("Your opponent's monsters cannot declare an attack.",
     {"cannot_attack": "all", "to": {"controller": "opponent"}}),
    ("①：このカードがモンスターゾーンに存在する限り、相手モンスターは攻撃宣言できない。",
     {"cannot_attack": "all", "to": {"controller": "opponent"}}),
])
def test_the_reader_writes_cannot_attack(text: str, apply: dict[str, Any]) -> None:
    [m] = [map_reading("yugioh", r) for r in classify("yugioh", text)]
    assert not m.problems
    assert m.effect["kind"] == "continuous" and m.effect["apply"] == apply
