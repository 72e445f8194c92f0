"""A phase trigger that names its turn ("During the End Phase of the turn this card was Normal
Summoned or flipped face-up"): the condition ``this_turn`` on the card itself (YGO-PHASE)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Duel
from engine.cards import parse_cards
from engine.classify import classify
from engine.classify.to_card import map_reading

#: a Spirit-like monster that returns to the hand in the End Phase of the turn it arrived
SPIRIT: dict[str, Any] = {
    "id": "t_spirit", "name": {"en": "Test Spirit"}, "type": "monster", "subtype": "effect",
    "attribute": "LIGHT", "race": "Fairy", "level": 4, "atk": 1000, "def": 1000,
    "text": "During the End Phase of the turn this card is Normal Summoned or flipped face-up: "
            "Return this card to the hand.",
    "effects": [{"kind": "trigger", "wording": "during", "optional": False,
                 "phase": {"name": "end", "whose": "any"},
                 "condition": [{"this_turn": ["normal_summoned", "flipped"], "at": "event"}],
                 "operations": [{"op": "return_to_hand", "card": "self"}]}]}


def _to_end(duel: Duel) -> None:
    for _ in range(6):
        if duel.state.phase == "end":
            break
        duel.apply({"do": "next_phase"})
        duel.auto()
    duel.auto()


@pytest.mark.parametrize(("where", "action", "home"), [
    ("hand", "normal_summon", "hand"),   # Normal Summoned this turn: back to the hand
    ("face_down", "flip_summon", "hand"),  # flipped face-up this turn: the same
    ("monster", None, "monster"),       # on the field since an earlier turn: it stays
])
def test_a_phase_trigger_of_the_turn_the_card_arrived(where: str, action: str | None,
                                                      home: str) -> None:
    place: Any = ({"hand": ["Test Spirit"]} if where == "hand" else
                  {"monster": [{"card": "Test Spirit", "set": True}]} if where == "face_down"
                  else {"monster": ["Test Spirit"]})
    duel = Duel("yugioh", cards=[SPIRIT], setup={
        "turn_player": "p1", "turn": 3, "phase": "main2", "p1": place})
    if action:
        duel.apply({"do": action, "card": "Test Spirit"})
        duel.auto()
    _to_end(duel)
    assert duel.state.cards[duel.ref("Test Spirit")].zone == home


def test_the_reader_writes_the_turn_a_phase_names() -> None:
    for text in ("②：このカードが召喚・リバースしたターンのエンドフェイズに発動する。"
                 "このカードを持ち主の手札に戻す。",
                 "During the End Phase of the turn this card is Normal Summoned or flipped "
                 "face-up: Return this card to the hand."):
        [m] = [map_reading("yugioh", r) for r in classify("yugioh", text)]
        assert not m.problems, m.problems
        assert m.effect["phase"] == {"name": "end", "whose": "any"}
        assert m.effect["condition"] == [{"this_turn": ["normal_summoned", "flipped"],
                                          "at": "event"}]
        parse_cards([{"id": "c", "name": {"en": "C"}, "type": "monster",
                      "effects": [m.effect]}], file="test", game_hint="yugioh")


#: a monster that levels up in the End Phase of a turn it destroyed a monster by battle
LEVEL: dict[str, Any] = {
    "id": "t_level", "name": {"en": "Test Level"}, "type": "monster", "subtype": "effect",
    "attribute": "LIGHT", "race": "Warrior", "level": 4, "atk": 1500, "def": 1000,
    "text": "During the End Phase, if this card destroyed a monster by battle this turn: Draw 1 "
            "card.",
    "effects": [{"kind": "trigger", "wording": "during", "optional": False,
                 "phase": {"name": "end", "whose": "any"},
                 "condition": [{"this_turn": "destroyed_by_battle", "at": "event"}],
                 "operations": [{"op": "draw", "count": 1}]}]}


@pytest.mark.parametrize(("attack", "hand"), [(True, 1), (False, 0)])
def test_the_end_phase_of_a_turn_the_card_destroyed_a_monster(attack: bool, hand: int) -> None:
    duel = Duel("yugioh", cards=[LEVEL], setup={
        "turn_player": "p1", "turn": 3, "phase": "battle",
        "p1": {"monster": ["Test Level"], "deck": ["Celtic Guardian", "Celtic Guardian"]},
        "p2": {"monster": ["Kuriboh"]}})
    if attack:
        duel.apply({"do": "declare_attack", "card": "Test Level", "target": "Kuriboh"})
        duel.auto()
        duel.apply({"do": "battle"})
        duel.auto()
    _to_end(duel)
    assert len(duel.state.zones[0]["hand"]) == hand
