"""Damage changed for a time (``change_damage``: "this turn, the battle damage you take
becomes 0", 「このターン、自分が受ける全てのダメージは半分になる」) and a negated attack
(``negate_attack``, "negate the attack, then end the Battle Phase"): what they do on a board,
and the reader writing them from Yu-Gi-Oh!'s English and Japanese wordings."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Duel
from engine.classify import classify
from engine.classify.to_card import map_reading


def _trap(name: str, operations: list[dict[str, Any]]) -> dict[str, Any]:
    return {"id": name.casefold().replace(" ", "_"), "name": {"en": name}, "type": "trap",
            "subtype": "normal", "text": "(a test card)",
            "effects": [{"kind": "activation",
                         "respond_to": {"type": "attack_declared", "attacker": "opponent"},
                         "operations": operations}]}


_BURN = {"id": "t_burn", "name": {"en": "Test Burn"}, "type": "spell", "subtype": "normal",
         "text": "(a test card)",
         "effects": [{"kind": "activation",
                      "operations": [{"op": "damage", "player": "opponent", "amount": 700}]}]}
_WATCHER = {"id": "t_watcher", "name": {"en": "Test Watcher"}, "type": "monster",
            "subtype": "effect", "level": 4, "atk": 100, "def": 100, "text": "(a test card)",
            "effects": [{"kind": "trigger", "wording": "if", "optional": False,
                         "event": {"type": "lp_lost", "player": "you"},
                         "operations": [{"op": "draw", "count": 1}]}]}


def _attacked(operations: list[dict[str, Any]], *, watcher: bool = False) -> Duel:
    """Player 2's Celtic Guardian (1400 ATK) attacks Player 1 directly; Player 1 answers the
    declaration with a Trap doing ``operations``."""
    p1: dict[str, Any] = {"spell_trap": [{"card": "Test Trap", "set": True}]}
    if watcher:
        p1["monster"] = ["Test Watcher"]
    duel = Duel("yugioh", cards=[_trap("Test Trap", operations), _BURN, _WATCHER], setup={
        "turn_player": "p2", "turn": 2, "phase": "battle", "p1": p1,
        "p2": {"monster": ["Celtic Guardian"], "hand": ["Test Burn"]}})
    target = "Test Watcher" if watcher else None
    duel.apply({"do": "declare_attack", "card": "Celtic Guardian", "target": target})
    duel.apply({"do": "activate", "card": "Test Trap"})
    duel.auto()
    return duel


def test_battle_damage_made_zero_is_no_loss_of_lp_and_triggers_nothing() -> None:
    duel = _attacked([{"op": "change_damage", "cause": "battle"}], watcher=True)
    duel.apply({"do": "battle"})
    duel.auto()
    assert duel.state.lp == [8000, 8000]
    assert not any(e["key"] == "trigger.met" for e in duel.state.log)  # no LP were lost
    assert any(e["key"] == "damage.changed" and e["args"]["amount"] == 0
               for e in duel.state.log)


def test_battle_damage_only_leaves_effect_damage_whole_and_lasts_the_turn() -> None:
    duel = _attacked([{"op": "change_damage", "cause": "battle", "becomes": "half"}])
    duel.apply({"do": "battle"})
    duel.auto()
    assert duel.state.lp[0] == 8000 - 700  # 1400 halved
    duel.apply({"do": "next_phase"})
    duel.apply({"do": "activate", "card": "Test Burn"})
    duel.auto()
    assert duel.state.lp[0] == 8000 - 700 - 700  # effect damage is not battle damage
    assert duel.state.lasting  # until the end of the turn
    duel.apply({"do": "next_phase"})
    duel.apply({"do": "next_phase"})
    assert duel.state.lasting == []


def test_a_negated_attack_has_no_battle_and_the_battle_phase_may_end() -> None:
    duel = _attacked([{"op": "negate_attack"}])
    assert duel.state.procedure == [] and duel.state.phase == "battle"
    assert any(ev.get("type") == "attack_negated"
               for inst in duel.state.instants for ev in inst["events"])
    duel.apply({"do": "next_phase"})
    assert duel.state.lp == [8000, 8000]
    duel = _attacked([{"op": "negate_attack", "end_battle_phase": True}])
    assert duel.state.phase == "main2" and duel.state.lp == [8000, 8000]
    assert any(e["key"] == "phase.battle_ended" for e in duel.state.log)


def test_negating_an_attack_when_there_is_none_does_nothing() -> None:
    spell = {"id": "t_calm", "name": {"en": "Test Calm"}, "type": "spell", "subtype": "normal",
             "text": "(a test card)",
             "effects": [{"kind": "activation", "operations": [{"op": "negate_attack"}]}]}
    duel = Duel("yugioh", cards=[spell], setup={"turn_player": "p1", "turn": 3,
                                                "p1": {"hand": ["Test Calm"]}})
    duel.apply({"do": "activate", "card": "Test Calm"})
    duel.auto()
    assert any(e["key"] == "chain.no_effect" for e in duel.state.log)


@pytest.mark.parametrize(("text", "ops"), [
    ("Negate the attack.", [{"op": "negate_attack"}]),
    ("negate the attack, then end the Battle Phase.",
     [{"op": "negate_attack", "end_battle_phase": True}]),
    ("その攻撃を無効にし、その後バトルフェイズを終了する。",
     [{"op": "negate_attack", "end_battle_phase": True}]),
    ("そのモンスターの攻撃を無効にする。", [{"op": "negate_attack"}]),
    ("You take no battle damage this turn.",
     [{"op": "change_damage", "player": "you", "cause": "battle", "becomes": "zero",
       "until": "end_of_turn"}]),
    ("Any battle damage you take from that battle is halved.",
     [{"op": "change_damage", "player": "you", "cause": "battle", "becomes": "half",
       "until": "end_of_attack"}]),
    ("このターン、自分が受ける効果ダメージを０にする。",
     [{"op": "change_damage", "player": "you", "cause": "effect", "becomes": "zero",
       "until": "end_of_turn"}]),
    ("このターン、お互いが受ける全てのダメージは半分になる。",
     [{"op": "change_damage", "player": "both", "cause": "any", "becomes": "half",
       "until": "end_of_turn"}]),
])
def test_the_reader_writes_the_damage_and_the_attack(text: str, ops: list[dict]) -> None:
    trap = f"Normal Trap\nWhen an opponent's monster declares an attack: {text}" if (
        text[0].isascii()) else f"通常罠\n①：相手モンスターの攻撃宣言時に発動できる。{text}"
    [m] = [map_reading("yugioh", r) for r in classify("yugioh", trap)]
    assert not m.problems, m.problems
    assert m.effect["operations"] == ops


def test_a_direct_attack_is_what_the_reader_says_it_answers() -> None:
    text = ("①：相手モンスターの直接攻撃宣言時にこのカードを手札から捨てて発動できる。"
            "その攻撃を無効にし、その後バトルフェイズを終了する。")
    [m] = [map_reading("yugioh", r) for r in classify("yugioh", text)]
    assert not m.problems
    assert m.effect["respond_to"] == {"type": "attack_declared", "attacker": "opponent",
                                      "direct": True}
    assert m.effect["cost"] == [{"op": "discard", "card": "self"}]
