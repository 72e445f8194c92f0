"""What a Yu-Gi-Oh! effect goes on to say about the monster it summoned, for as long as that
monster stays on the field as that card (YGO-LOCATION): "but banish it when it leaves the
field" (``banish_when_leaves``), "it cannot attack this turn" and "it cannot be destroyed by
battle this turn" (``protect``); and the reader writing them from English and Japanese."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Duel
from engine.classify import classify
from engine.classify.to_card import map_reading

_GIANT = {"id": "t_giant", "name": {"en": "Test Giant"}, "type": "monster", "subtype": "normal",
          "level": 5, "atk": 2000, "def": 2000, "text": "(a test card)"}
_MOON = {"id": "t_moon", "name": {"en": "Test Moon"}, "type": "spell", "subtype": "normal",
         "text": "(a test card) Target 1 face-up monster on the field; change it to face-down "
                 "Defense Position.",
         "effects": [{"kind": "activation",
                      "targets": [{"as": "it", "zone": "monster", "controller": "any",
                                   "filter": {"face_up": True, "name": "Quillbolt Hedgehog"}}],
                      "operations": [{"op": "change_position", "card": "it",
                                      "to": "face_down"}]}]}


def _revived(**more: Any) -> Duel:
    """Player 1's Quillbolt Hedgehog Special Summons itself from the GY beside Junk Synchron."""
    p1 = {"monster": ["Junk Synchron"], "gy": ["Quillbolt Hedgehog"], **more}
    duel = Duel("yugioh", cards=[_GIANT, _MOON],
                setup={"turn_player": "p1", "turn": 3, "phase": "main1", "p1": p1})
    duel.apply({"do": "activate", "card": "Quillbolt Hedgehog", "effect": 0, "auto": True})
    duel.auto()
    return duel


def _where(duel: Duel, name: str) -> str:
    return next(c.zone for c in duel.state.cards.values()
                if duel.definition(c).name["en"] == name)


@pytest.mark.parametrize("action", [
    {"do": "destroy", "card": "Quillbolt Hedgehog"},
    {"do": "return_to_hand", "card": "Quillbolt Hedgehog"},
    {"do": "send_to_gy", "card": "Quillbolt Hedgehog"},
])
def test_wherever_it_would_go_it_is_banished_instead(action: dict[str, Any]) -> None:
    duel = _revived()
    assert _where(duel, "Quillbolt Hedgehog") == "monster"
    duel.apply(action)
    duel.auto()
    assert _where(duel, "Quillbolt Hedgehog") == "banished"
    assert any(e["key"] == "replaced" for e in duel.state.log)


def test_tributed_for_a_tribute_summon_it_is_banished() -> None:
    duel = _revived(hand=["Test Giant"])
    duel.apply({"do": "tribute_summon", "card": "Test Giant", "tributes": ["Quillbolt Hedgehog"]})
    duel.auto()
    assert _where(duel, "Quillbolt Hedgehog") == "banished"
    assert _where(duel, "Test Giant") == "monster"


def test_once_face_down_it_is_a_new_card_and_goes_to_the_gy() -> None:
    duel = _revived(hand=["Test Moon"])
    duel.apply({"do": "activate", "card": "Test Moon", "auto": True})  # a new object
    duel.auto()
    assert _where(duel, "Quillbolt Hedgehog") == "monster"
    duel.apply({"do": "destroy", "card": "Quillbolt Hedgehog"})
    duel.auto()
    assert _where(duel, "Quillbolt Hedgehog") == "gy"


@pytest.mark.parametrize("text, then", [
    ("①：このカードが墓地に存在し、自分フィールドにチューナーが存在する場合に発動できる。"
     "このカードを特殊召喚する。この効果で特殊召喚したこのカードは、フィールドから離れた場合に"
     "除外される。", [{"op": "banish_when_leaves", "card": "self"}]),
    ("If you control a Tuner: You can Special Summon this card from your GY, but banish it when "
     "it leaves the field.", [{"op": "banish_when_leaves", "card": "self"}]),
    ("(3)：１ターンに１度、手札から魔法カード１枚を捨てて発動できる。デッキからレベル４モンスター"
     "１体を特殊召喚する。この効果で特殊召喚したモンスターはこのターン攻撃できない。",
     [{"op": "protect", "card": "summoned", "cannot": "attack"}]),
    ("Once per turn: You can Special Summon 1 monster from your hand, but its effects are "
     "negated, also it cannot attack this turn.",
     [{"op": "negate_effects", "card": "summoned", "until": "leaves_field"},
      {"op": "protect", "card": "summoned", "cannot": "attack"}]),
])
def test_the_reader_writes_what_it_says_of_the_summoned_monster(
        text: str, then: list[dict[str, Any]]) -> None:
    [reading] = classify("yugioh", text)[-1:]
    ops = map_reading("yugioh", reading).effect["operations"]
    assert ops[0]["op"] == "special_summon" and ops[1:] == then


def test_a_restriction_it_does_not_know_leaves_the_effect_unwritten() -> None:
    [reading] = classify("yugioh", "Once per turn: You can Special Summon 1 monster from your "
                                   "hand, but it cannot be Tributed.")
    assert "operations" in map_reading("yugioh", reading).problems
