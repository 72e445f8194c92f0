"""A face-up monster changed to face-down Defense Position by an effect (``change_position``
with ``to: face_down``): a new card for the rules, what was applied to it gone."""

from __future__ import annotations

from typing import Any

from engine import Duel
from engine.cards import parse_cards
from engine.classify import classify
from engine.classify.to_card import map_reading

#: a Quick-Play Spell that turns a face-up monster face-down (as "Book of Moon" does)
MOON: dict[str, Any] = {
    "id": "t_moon", "name": {"en": "Test Moon"}, "type": "spell", "subtype": "quick_play",
    "text": "Target 1 face-up monster on the field; change that target to face-down Defense "
            "Position.",
    "effects": [{"kind": "activation",
                 "targets": [{"as": "target", "zone": "monster", "controller": "any",
                              "filter": {"type": "monster", "face_up": True}}],
                 "operations": [{"op": "change_position", "card": "target",
                                 "to": "face_down"}]}]}


def test_a_monster_turned_face_down_is_a_new_card_without_its_changes() -> None:
    duel = Duel("yugioh", cards=[MOON], setup={
        "turn_player": "p1", "phase": "main1", "p1": {"hand": ["Test Moon"]},
        "p2": {"monster": ["Celtic Guardian"]}})
    guardian = duel.state.cards[duel.ref("Celtic Guardian")]
    guardian.mods.append({"stat": "atk", "amount": 500, "source": guardian.iid,
                          "until": "end_of_turn", "turn": duel.state.turn})
    obj = guardian.obj
    duel.apply({"do": "activate", "card": "Test Moon"})
    duel.auto()
    assert (guardian.zone, guardian.face_up, guardian.position) == ("monster", False, "defense")
    assert guardian.obj == obj + 1 and guardian.mods == []
    assert any(ev["type"] == "position_changed" and ev["card"] == guardian.iid
               for inst in duel.state.instants for ev in inst["events"])


def test_the_reader_writes_face_down_defense_position() -> None:
    text = ("①：１ターンに１度、自分メインフェイズに発動できる。このカードを裏側守備表示にする。")
    [m] = [map_reading("yugioh", r) for r in classify("yugioh", text)]
    assert not m.problems
    assert m.effect["operations"] == [{"op": "change_position", "to": "face_down",
                                       "card": "self"}]
    [m] = [map_reading("yugioh", r) for r in classify(
        "yugioh", "Quick-Play Spell\n\nTarget 1 face-up monster on the field; change that "
                  "target to face-down Defense Position.")]
    assert not m.problems
    assert m.effect["operations"] == [{"op": "change_position", "to": "face_down",
                                       "card": "target"}]
    parse_cards([{"id": "c", "name": {"en": "C"}, "type": "spell", "subtype": "quick_play",
                  "effects": [m.effect]}], file="test", game_hint="yugioh")


#: a Spell that flips the opponent's face-down monsters face-up (as "Swords of Revealing Light")
SWORDS: dict[str, Any] = {
    "id": "t_swords", "name": {"en": "Test Swords"}, "type": "spell", "subtype": "normal",
    "text": "Flip all monsters your opponent controls face-up.",
    "effects": [{"kind": "activation", "operations": [
        {"op": "change_position", "to": "face_up",
         "all": {"zone": "monster", "controller": "opponent",
                 "filter": {"type": "monster", "face_up": False}}}]}]}
#: a FLIP monster: its effect activates however it is flipped face-up
FLIPPER: dict[str, Any] = {
    "id": "t_flipper", "name": {"en": "Test Flipper"}, "type": "monster", "subtype": "flip",
    "attribute": "DARK", "race": "Fiend", "level": 2, "atk": 500, "def": 500,
    "text": "FLIP: Draw 1 card.",
    "effects": [{"kind": "trigger", "wording": "flip", "event": {"type": "flipped", "card": "self"},
                 "operations": [{"op": "draw", "count": 1}]}]}


def test_a_monster_flipped_face_up_by_an_effect_keeps_its_position_and_flips() -> None:
    duel = Duel("yugioh", cards=[SWORDS, FLIPPER], setup={
        "turn_player": "p1", "phase": "main1", "p1": {"hand": ["Test Swords"]},
        "p2": {"monster": [{"card": "Test Flipper", "set": True}], "deck": ["Kuriboh"]}})
    flipper = duel.state.cards[duel.ref("Test Flipper")]
    duel.apply({"do": "activate", "card": "Test Swords"})
    duel.auto()
    assert (flipper.face_up, flipper.position) == (True, "defense")
    assert duel.state.cards[duel.ref("Kuriboh")].zone == "hand"  # its FLIP effect drew


def test_the_reader_writes_a_flip_face_up() -> None:
    m = [map_reading("yugioh", r) for r in classify(
        "yugioh", "Normal Spell\n\nWhen this card is activated: If your opponent controls a "
                  "face-down monster, flip all monsters they control face-up.")][0]
    assert not m.problems
    assert m.effect["operations"] == SWORDS["effects"][0]["operations"]
