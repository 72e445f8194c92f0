"""Summons outside any effect, the Damage Step's limits and the Duel's first turn.

YGO-SUMMON-NEGATION (the moment a monster would be Summoned), YGO-INHERENT-SUMMON (a monster's
own Special Summon procedure), YGO-DAMAGE-STEP-LIMIT and YGO-FIRST-TURN, each on both sides.
"""

from __future__ import annotations

import pytest

from engine import Duel, IllegalAction
from engine.cards import builtin_library

SET = {"set": True}


def duel(p1: dict, p2: dict | None = None, **setup) -> Duel:
    return Duel("yugioh", setup={"turn_player": "p1", "phase": "main1", "p1": p1,
                                 "p2": p2 or {}, **setup.pop("setup", {})}, **setup)


def set_card(name: str) -> dict:
    return {"card": name, **SET}


def names(d: Duel, player: int, zone: str) -> list[str]:
    return sorted(d.name(i) for i in d.state.zones[player][zone])


def option_cards(d: Duel) -> list[str]:
    return [d.name(o["card"]) for o in d.state.decision.options if "card" in o]


def cited(d: Duel, rule: str) -> list[str]:
    return [e["key"] for e in d.state.log if rule in e["rules"]]


# ---------------------------------------------------------------------- YGO-SUMMON-NEGATION
@pytest.mark.rule("YGO-SUMMON-NEGATION")
def test_a_negated_tribute_summon_did_not_happen() -> None:
    d = duel({"hand": ["Mobius the Frost Monarch"], "monster": ["Sangan"]},
             {"spell_trap": [set_card("Solemn Judgment")]})
    d.apply({"do": "normal_summon", "card": d.ref("Mobius the Frost Monarch"),
             "tributes": [d.ref("Sangan")]})
    decision = d.state.decision
    assert decision.kind == "respond" and decision.player == 1
    assert decision.rules == ["YGO-SUMMON-NEGATION"]
    # the Tributed Sangan met its timing, but no trigger is activated in that moment
    sangan = next(t for t in d.state.triggers if d.name(t.card) == "Sangan")
    assert sangan.status == "met" and not d.state.chain
    d.apply({"do": "answer", "choice": "Solemn Judgment"})
    d.auto()
    assert names(d, 0, "monster") == []
    assert names(d, 0, "gy") == ["Mobius the Frost Monarch", "Sangan"]
    assert d.state.lp == [8000, 4000]  # half of Player 2's LP
    mobius = d.ref("Mobius the Frost Monarch")
    assert not any(t.card == mobius for t in d.state.triggers)  # never Summoned
    assert not any(e["type"] == "summoned" for inst in d.state.instants for e in inst["events"])
    assert "summon.negated" in cited(d, "YGO-SUMMON-NEGATION")


@pytest.mark.rule("YGO-SUMMON-NEGATION")
def test_a_summon_let_through_succeeds_and_its_triggers_meet_their_timing() -> None:
    d = duel({"hand": ["Mobius the Frost Monarch"], "monster": ["Sangan"]},
             {"spell_trap": [set_card("Solemn Judgment"), set_card("Mystical Space Typhoon")]})
    d.apply({"do": "normal_summon", "card": d.ref("Mobius the Frost Monarch"),
             "tributes": [d.ref("Sangan")]})
    # only an effect that negates the Summon is offered: not Mystical Space Typhoon
    assert option_cards(d) == ["Solemn Judgment"]
    d.apply({"do": "pass"})
    assert names(d, 0, "monster") == ["Mobius the Frost Monarch"]
    mobius = d.ref("Mobius the Frost Monarch")
    assert any(t.card == mobius for t in d.state.triggers)
    assert d.state.lp == [8000, 8000]


@pytest.mark.rule("YGO-SUMMON-NEGATION")
def test_nobody_is_asked_when_nobody_can_negate_the_summon() -> None:
    d = duel({"hand": ["Sangan"]}, {"spell_trap": [set_card("Mystical Space Typhoon")]})
    d.apply({"do": "normal_summon", "card": d.ref("Sangan")})
    assert d.state.decision is None and d.state.summoning is None
    assert names(d, 0, "monster") == ["Sangan"]
    assert "summon.would" in cited(d, "YGO-SUMMON-NEGATION")


@pytest.mark.rule("YGO-SUMMON-NEGATION")
def test_nothing_else_can_be_done_while_a_monster_would_be_summoned() -> None:
    d = duel({"hand": ["Sangan", "Giant Rat"]}, {"spell_trap": [set_card("Solemn Judgment")]})
    d.apply({"do": "normal_summon", "card": d.ref("Sangan")})
    before = d.state.to_dict()
    with pytest.raises(IllegalAction):
        d.apply({"do": "normal_summon", "card": d.ref("Giant Rat")})
    assert d.state.to_dict() == before


@pytest.mark.rule("YGO-SUMMON-NEGATION")
def test_a_flip_summon_can_be_negated_and_its_flip_effect_never_happens() -> None:
    d = duel({"monster": [{"card": "Man-Eater Bug", "set": True}]},
             {"monster": ["Sangan"], "spell_trap": [set_card("Solemn Judgment")]})
    d.apply({"do": "flip_summon", "card": d.ref("Man-Eater Bug")})
    assert d.state.cards[d.ref("Man-Eater Bug")].face_up is False  # not flipped yet
    d.apply({"do": "answer", "choice": "Solemn Judgment"})
    d.auto()
    assert names(d, 0, "gy") == ["Man-Eater Bug"]
    assert names(d, 1, "monster") == ["Sangan"]  # the FLIP effect never happened


@pytest.mark.rule("YGO-SUMMON-NEGATION", "YGO-INHERENT-SUMMON")
def test_thunder_king_rai_oh_negates_a_special_summon_but_not_a_normal_summon() -> None:
    d = duel({"hand": ["The Tricky", "Sangan", "Dandelion", "Giant Rat"]},
             {"monster": ["Thunder King Rai-Oh"]})
    d.apply({"do": "normal_summon", "card": d.ref("Giant Rat")})
    assert d.state.decision is None  # Rai-Oh answers only a Special Summon
    d.apply({"do": "inherent_summon", "card": d.ref("The Tricky")})
    d.apply({"do": "answer", "choice": "Sangan"})  # the card discarded
    assert option_cards(d) == ["Thunder King Rai-Oh"]  # a Spell Speed 2 effect
    d.apply({"do": "answer", "choice": "Thunder King Rai-Oh"})
    d.auto()
    assert names(d, 0, "monster") == ["Giant Rat"]
    assert names(d, 0, "gy") == ["Sangan", "The Tricky"]
    assert names(d, 0, "hand") == ["Dandelion"]
    assert names(d, 1, "gy") == ["Thunder King Rai-Oh"]  # its cost


@pytest.mark.rule("YGO-SUMMON-NEGATION")
def test_solemn_strike_negates_a_summon_or_a_monster_effect() -> None:
    effect = builtin_library()["solemn_strike"].effects[0]
    assert {p["type"] for p in effect.respond_to} == {"activated", "summoning"}
    d = duel({"hand": ["Sangan"]}, {"spell_trap": [set_card("Solemn Strike")]})
    d.apply({"do": "normal_summon", "card": d.ref("Sangan")})
    d.apply({"do": "answer", "choice": "Solemn Strike"})
    d.auto()
    assert names(d, 0, "gy") == ["Sangan"] and d.state.lp == [8000, 6500]


# ---------------------------------------------------------------------- YGO-INHERENT-SUMMON
@pytest.mark.rule("YGO-INHERENT-SUMMON")
def test_an_inherent_summon_makes_no_chain_link_and_pays_its_cost_first() -> None:
    d = duel({"hand": ["The Tricky", "Sangan", "Giant Rat"]})
    assert {"do": "inherent_summon", "card": d.ref("The Tricky")} in d.legal_actions()
    d.apply({"do": "inherent_summon", "card": d.ref("The Tricky")})
    assert d.state.decision.kind == "choose_cards"
    assert d.state.decision.rules == ["YGO-INHERENT-SUMMON"]
    assert option_cards(d) == ["Sangan", "Giant Rat"]  # another card, not The Tricky itself
    d.apply({"do": "answer", "choice": "Sangan"})
    assert names(d, 0, "monster") == ["The Tricky"] and names(d, 0, "gy") == ["Sangan"]
    assert not any(e["key"] == "chain.link" for e in d.state.log)
    kinds = [[e["type"] for e in inst["events"]] for inst in d.state.instants]
    assert kinds == [["discarded", "sent_to_gy"], ["summoned"]]  # the Summon is the last thing
    assert "summon.inherent" in cited(d, "YGO-INHERENT-SUMMON")


@pytest.mark.rule("YGO-INHERENT-SUMMON")
def test_cyber_dragon_needs_only_the_opponent_to_control_a_monster() -> None:
    alone = duel({"hand": ["Cyber Dragon"]})
    with pytest.raises(IllegalAction) as refused:
        alone.apply({"do": "inherent_summon", "card": alone.ref("Cyber Dragon")})
    assert "YGO-INHERENT-SUMMON" in refused.value.rules
    both = duel({"hand": ["Cyber Dragon"], "monster": ["Sangan"]}, {"monster": ["Giant Rat"]})
    with pytest.raises(IllegalAction):
        both.apply({"do": "inherent_summon", "card": both.ref("Cyber Dragon")})
    only_them = duel({"hand": ["Cyber Dragon"]}, {"monster": ["Giant Rat"]})
    only_them.apply({"do": "inherent_summon", "card": only_them.ref("Cyber Dragon")})
    assert names(only_them, 0, "monster") == ["Cyber Dragon"]
    summoned = only_them.state.instants[-1]["events"][0]
    assert summoned["how"] == "special" and summoned["procedure"] is True


@pytest.mark.rule("YGO-INHERENT-SUMMON")
def test_the_procedure_needs_another_card_to_discard() -> None:
    d = duel({"hand": ["The Tricky"]})
    assert {"do": "inherent_summon", "card": d.ref("The Tricky")} not in d.legal_actions()
    with pytest.raises(IllegalAction) as refused:
        d.apply({"do": "inherent_summon", "card": d.ref("The Tricky")})
    assert "cannot be paid" in str(refused.value)


@pytest.mark.rule("YGO-INHERENT-SUMMON")
def test_a_monster_without_a_procedure_is_refused_and_nothing_changes() -> None:
    d = duel({"hand": ["Sangan"]})
    before = d.state.to_dict()
    with pytest.raises(IllegalAction) as refused:
        d.apply({"do": "inherent_summon", "card": d.ref("Sangan")})
    assert "no Special Summon procedure" in str(refused.value)
    assert d.state.to_dict() == before


@pytest.mark.rule("YGO-INHERENT-SUMMON", "YGO-SUMMON-NEGATION")
def test_an_inherent_summon_can_be_negated_after_its_cost() -> None:
    d = duel({"hand": ["The Tricky", "Sangan"]}, {"spell_trap": [set_card("Solemn Judgment")]})
    d.apply({"do": "inherent_summon", "card": d.ref("The Tricky")})  # Sangan, the only other
    assert d.state.decision.prompt == "respond_summon"
    d.apply({"do": "answer", "choice": "Solemn Judgment"})
    d.auto()
    assert names(d, 0, "gy") == ["Sangan", "The Tricky"]  # the cost stays paid


# ---------------------------------------------------------------------- YGO-DAMAGE-STEP-LIMIT
def _damage_step_duel(*traps: str) -> Duel:
    d = duel({"monster": ["Blue-Eyes White Dragon"], "spell_trap": [set_card(t) for t in traps]},
             {"monster": ["Giant Rat"], "deck": ["Amazoness Fighter"]},
             setup={"phase": "battle"})
    d.apply({"do": "declare_attack", "card": d.ref("Blue-Eyes White Dragon"),
             "target": d.ref("Giant Rat")})
    d.apply({"do": "battle"})
    d.apply({"do": "answer", "choice": "yes"})  # Giant Rat, in the Damage Step
    return d


@pytest.mark.rule("YGO-DAMAGE-STEP-LIMIT")
def test_only_what_the_damage_step_admits_is_offered() -> None:
    d = _damage_step_duel("Torrential Tribute", "Mystical Space Typhoon", "Solemn Strike")
    assert d.state.step == "damage" and d.state.decision.player == 0
    assert option_cards(d) == ["Solemn Strike"]  # a Counter Trap negating an activation
    with pytest.raises(IllegalAction) as refused:
        d.apply({"do": "answer", "choice": "Mystical Space Typhoon"})
    assert "YGO-DAMAGE-STEP-LIMIT" in refused.value.rules


@pytest.mark.rule("YGO-DAMAGE-STEP-LIMIT")
def test_the_chance_does_not_come_back_after_the_damage_step() -> None:
    d = _damage_step_duel("Torrential Tribute")
    assert d.state.decision is None and d.state.step == "battle_step"
    assert names(d, 1, "monster") == ["Amazoness Fighter"]
    with pytest.raises(IllegalAction) as refused:
        d.apply({"do": "activate", "card": d.ref("Torrential Tribute")})
    assert refused.value.rules == ["YGO-DAMAGE-STEP-LIMIT"]
    assert "does not come back" in str(refused.value)


@pytest.mark.rule("YGO-DAMAGE-STEP-LIMIT")
def test_the_same_summon_outside_the_damage_step_can_be_answered() -> None:
    d = duel({"spell_trap": [set_card("Torrential Tribute")], "monster": ["Sangan"]},
             {"spell_trap": [set_card("Call of the Haunted")], "gy": ["Giant Rat"]},
             setup={"turn_player": "p2"})
    d.apply({"do": "activate", "card": d.ref("Call of the Haunted")})
    d.auto()
    assert names(d, 1, "monster") == ["Giant Rat"]
    d.apply({"do": "activate", "card": d.ref("Torrential Tribute")})
    d.auto()
    assert names(d, 1, "monster") == [] and names(d, 0, "monster") == []


@pytest.mark.rule("YGO-DAMAGE-STEP-LIMIT")
def test_what_the_damage_step_admits_by_kind() -> None:
    lib = builtin_library()
    d = _damage_step_duel()
    policy = d.policy
    strike = lib["solemn_strike"]
    typhoon = lib["mystical_space_typhoon"]
    assert policy.damage_step_allows(d, strike, strike.effects[0])  # a Counter Trap
    assert not policy.damage_step_allows(d, typhoon, typhoon.effects[0])
    veiler = lib["effect_veiler"]  # a Quick Effect that negates no activation
    assert not policy.damage_step_allows(d, veiler, veiler.effects[0])


# ---------------------------------------------------------------------- YGO-FIRST-TURN
@pytest.mark.rule("YGO-FIRST-TURN")
def test_the_first_turn_of_the_duel_has_no_battle_phase() -> None:
    d = duel({"monster": ["Blue-Eyes White Dragon"]}, settings={"first_turn": True})
    d.apply({"do": "next_phase"})
    assert d.state.phase == "end"
    assert "phase.no_battle" in cited(d, "YGO-FIRST-TURN")
    with pytest.raises(IllegalAction) as refused:
        d.apply({"do": "set_phase", "phase": "battle"})
    assert refused.value.rules == ["YGO-FIRST-TURN"]
    d.apply({"do": "next_phase"})  # the opponent's turn 2 has its Battle Phase
    assert (d.state.turn, d.state.phase) == (2, "draw")


@pytest.mark.rule("YGO-FIRST-TURN")
def test_a_board_set_at_the_first_turn_cannot_start_in_its_battle_phase() -> None:
    with pytest.raises(IllegalAction) as refused:
        duel({}, settings={"first_turn": True}, setup={"phase": "battle"})
    assert "first turn of the Duel" in str(refused.value)


@pytest.mark.rule("YGO-FIRST-TURN")
def test_without_the_setting_turn_one_is_mid_duel() -> None:
    d = duel({"monster": ["Blue-Eyes White Dragon"]})
    assert d.settings.get("first_turn") is None or not d.settings["first_turn"]
    d.apply({"do": "next_phase"})
    assert d.state.phase == "battle"
    d.apply({"do": "declare_attack", "card": d.ref("Blue-Eyes White Dragon")})
    d.apply({"do": "battle"})
    d.auto()
    assert d.state.lp == [8000, 5000]
