"""Replacement effects, protections (can't be destroyed, can't be targeted or chosen) and
negation (of an activation, of an effect, continuous), in both games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Duel
from engine.cards import load_card_file
from engine.errors import CardDataError
from tests.engine.helpers import answer, assert_illegal, play_randomly

SANGAN = "Sangan"
VEILER = "Effect Veiler"


def ygo(p1: dict[str, Any], p2: dict[str, Any] | None = None, **kw: Any) -> Duel:
    return Duel("yugioh", setup={"turn_player": "p1", "phase": "main1", "p1": p1,
                                 "p2": p2 or {}}, **kw)


def dm(p1: dict[str, Any], p2: dict[str, Any] | None = None, phase: str = "main",
       **kw: Any) -> Duel:
    return Duel("duel_masters", setup={"turn_player": "p1", "phase": phase, "p1": p1,
                                       "p2": p2 or {}}, **kw)


def zone(duel: Duel, ref: str) -> str:
    return duel.state.cards[duel.ref(ref)].zone


def text(duel: Duel) -> str:
    return "\n".join(duel.transcript())


# ---------------------------------------------------------------- replacement effects
@pytest.mark.rule("YGO-KIND")
def test_sent_to_gy_replaced_so_sangan_does_not_meet_its_timing() -> None:
    duel = ygo({"monster": [SANGAN], "spell_trap": ["Macro Cosmos"], "deck": ["Kuriboh"]})
    duel.apply({"do": "destroy", "card": SANGAN})
    assert zone(duel, SANGAN) == "banished"
    assert not duel.state.triggers
    log = text(duel)
    assert "Sangan was destroyed by a card effect; Sangan was banished" in log
    assert ("Sangan: add a monster with 1500 or less ATK does not meet its timing: the event "
            "was replaced and did not happen (YGO-KIND)") in log


@pytest.mark.rule("YGO-KIND")
def test_leaving_the_field_replaced_by_banishment_is_still_a_destruction() -> None:
    duel = ygo({"monster": ["Dark Magician of Chaos"]})
    duel.apply({"do": "destroy", "card": "Dark Magician of Chaos"})
    assert zone(duel, "Dark Magician of Chaos") == "banished"
    events = duel.state.instants[-1]["events"]
    assert {e["type"] for e in events} >= {"destroyed", "banished", "left_field"}
    assert "sent_to_gy" not in {e["type"] for e in events}


@pytest.mark.rule("DM-EVENT-HAPPENED")
@pytest.mark.rule("DM-KIND")
def test_destruction_replaced_by_the_mana_zone() -> None:
    duel = dm({"battle": ["Shaman Broccoli", "Super Trash Train, Fuuma Devil"]})
    duel.apply({"do": "destroy", "card": "Shaman Broccoli"})
    assert zone(duel, "Shaman Broccoli") == "mana"
    assert not duel.state.triggers
    assert "Shaman Broccoli: goes to the mana zone instead (DM-KIND, DM-EVENT-HAPPENED)" in text(
        duel)


def olzekia_board(**p2: Any) -> Duel:
    duel = dm({"hand": ["Olzekia, General of Decapitation"], "battle": ["Burning Mane"]},
              {"battle": ["Bolshack Dragon", "Kip Chippotto"], **p2})
    duel.apply({"do": "put_into_battle", "card": "Olzekia, General of Decapitation"})
    answer(duel, "Burning Mane")  # Player 1 destroys one of their creatures first
    return duel


@pytest.mark.rule("DM-KIND")
@pytest.mark.rule("DM-EVENT-HAPPENED")
def test_saver_destroyed_in_place_of_a_creature_destroyed_with_it() -> None:
    duel = olzekia_board()
    assert duel.state.decision.kind == "use_replacement"
    assert duel.state.decision.player == 1
    answer(duel, "yes")
    assert zone(duel, "Bolshack Dragon") == "battle"
    assert zone(duel, "Kip Chippotto") == "graveyard"
    assert ("Kip Chippotto: destroys itself instead (Bolshack Dragon was destroyed by a card "
            "effect: this event is replaced and does not happen)") in text(duel)


@pytest.mark.rule("DM-KIND")
def test_a_saver_may_be_declined() -> None:
    duel = olzekia_board()
    answer(duel, "no")
    assert zone(duel, "Bolshack Dragon") == "graveyard"
    assert zone(duel, "Kip Chippotto") == "graveyard"


@pytest.mark.rule("DM-KIND")
@pytest.mark.rule("DM-ATTACK-STEPS")
def test_shield_saver_keeps_one_shield_and_its_own_destruction_triggers() -> None:
    duel = dm({"battle": [{"card": "Bolshack Dragon", "as": "attacker"}]},
              {"battle": ["Bucket Bucket, Fairy of the Enduring Snow"],
               "shield": [{"card": "Burning Mane", "as": "kept"},
                          {"card": "Aqua Soldier", "as": "broken"}, "Terror Pit"]},
              phase="attack")
    duel.apply({"do": "attack", "card": "attacker"})
    answer(duel, ["kept", "broken"])  # a double breaker chooses two shields
    answer(duel, "yes")  # one answer for Bucket Bucket: it saves the first shield only
    duel.auto()
    assert zone(duel, "kept") == "shield"
    assert zone(duel, "broken") == "hand"
    assert zone(duel, "attacker") == "mana"  # Bucket Bucket's "when destroyed" resolved
    broken = [e for i in duel.state.instants for e in i["events"] if e["type"] == "shield_broken"]
    assert [e["card"] for e in broken] == [duel.ref("broken")]


# ---------------------------------------------------------------- can't be destroyed
@pytest.mark.rule("YGO-KIND")
def test_cannot_be_destroyed_by_battle_is_no_event() -> None:
    duel = ygo({"monster": ["Blue-Eyes White Dragon"]},
               {"monster": [{"card": "Marshmallon", "position": "attack"}]})
    duel.apply({"do": "next_phase"})  # Battle Phase
    duel.apply({"do": "declare_attack", "card": "Blue-Eyes White Dragon",
                "target": "Marshmallon"})
    duel.apply({"do": "battle"})
    duel.auto()
    assert zone(duel, "Marshmallon") == "monster"
    assert duel.state.lp[1] == 8000 - (3000 - 300)  # the damage still happens
    assert not any(e["type"] == "destroyed" for i in duel.state.instants for e in i["events"])
    assert ("Marshmallon is not destroyed by battle: Marshmallon's effect protects it, so no "
            "destruction happens (YGO-KIND)") in text(duel)


@pytest.mark.rule("YGO-KIND")
def test_cannot_be_destroyed_by_battle_is_destroyed_by_an_effect() -> None:
    duel = ygo({"monster": ["Marshmallon"]})
    duel.apply({"do": "destroy", "card": "Marshmallon"})
    assert zone(duel, "Marshmallon") == "gy"


@pytest.mark.rule("YGO-KIND")
def test_cannot_be_destroyed_by_effects() -> None:
    duel = ygo({"monster": ["Red-Eyes Dark Dragoon"]})
    duel.apply({"do": "destroy", "card": "Red-Eyes Dark Dragoon"})
    assert zone(duel, "Red-Eyes Dark Dragoon") == "monster"
    assert "Red-Eyes Dark Dragoon is not destroyed by the effect" in text(duel)


# ---------------------------------------------------------------- can't be targeted / chosen
@pytest.mark.rule("YGO-CHAIN")
def test_a_monster_that_cannot_be_targeted_is_no_legal_target() -> None:
    duel = ygo({"monster": ["Red-Eyes Dark Dragoon"]}, {"hand": [VEILER]})
    assert_illegal(duel, {"do": "activate", "card": VEILER, "effect": 0},
                   "Red-Eyes Dark Dragoon cannot be targeted: Red-Eyes Dark Dragoon's effect "
                   "protects it", ["YGO-CHAIN"])
    problem = duel.activation_problem(1, duel.state.cards[duel.ref(VEILER)],
                                      duel.effect(duel.ref(VEILER), 0))
    assert problem == {"key": "reason.protected",
                       "args": {"card": duel.ref("Red-Eyes Dark Dragoon"),
                                "by": duel.ref("Red-Eyes Dark Dragoon")}}


@pytest.mark.rule("YGO-CHAIN")
def test_choosing_a_protected_target_is_refused_with_the_reason() -> None:
    duel = ygo({"monster": ["Red-Eyes Dark Dragoon", SANGAN, "Marshmallon"]},
               {"hand": [VEILER]})
    duel.apply({"do": "activate", "card": VEILER, "effect": 0})
    decision = duel.state.decision
    assert decision.kind == "choose_cards"
    assert str(duel.ref("Red-Eyes Dark Dragoon")) not in {o["id"] for o in decision.options}
    err = assert_illegal(duel, {"do": "answer", "choice": "Red-Eyes Dark Dragoon"},
                         "cannot be targeted: Red-Eyes Dark Dragoon's effect protects it",
                         ["YGO-CHAIN"])
    assert err.rules == ["YGO-CHAIN"]


@pytest.mark.rule("DM-STATIC")
def test_cant_be_chosen_by_the_opponent() -> None:
    spell = {"id": "t_hand", "name": {"en": "Test Hand"}, "type": "spell", "cost": 0,
             "effects": [{"kind": "activation", "operations": [
                 {"op": "destroy", "choose": {"zone": "battle", "controller": "opponent"}}]}]}
    duel = dm({"hand": ["Test Hand"]},
              {"battle": ["Petrova, Channeler of Suns", "Burning Mane", "Propeller Mutant"]},
              cards=[spell])
    duel.apply({"do": "cast", "card": "Test Hand"})
    assert_illegal(duel, {"do": "answer", "choice": "Petrova, Channeler of Suns"},
                   "cannot be chosen", ["DM-STATIC"])
    answer(duel, "Burning Mane")
    assert zone(duel, "Petrova, Channeler of Suns") == "battle"


@pytest.mark.rule("DM-STATIC")
def test_cant_be_chosen_by_the_opponent_is_chosen_by_its_controller() -> None:
    duel = olzekia_board(**{"battle": ["Petrova, Channeler of Suns", "Onikamas, Strange Torrent"]})
    duel.auto()
    assert zone(duel, "Petrova, Channeler of Suns") == "graveyard"
    assert zone(duel, "Onikamas, Strange Torrent") == "graveyard"


# ---------------------------------------------------------------- negation
def trap_hole_board(p1_extra: dict[str, Any] | None = None) -> Duel:
    duel = ygo({"hand": ["Celtic Guardian"], **(p1_extra or {})},
               {"spell_trap": [{"card": "Trap Hole", "set": True}]})
    duel.apply({"do": "normal_summon", "card": "Celtic Guardian"})
    duel.apply({"do": "activate", "card": "Trap Hole"})
    return duel


@pytest.mark.rule("YGO-NEGATED")
def test_continuous_negation_applies_to_a_trap_already_on_the_chain() -> None:
    duel = trap_hole_board({"spell_trap": [{"card": "Royal Decree", "set": True}]})
    answer(duel, "Royal Decree")
    duel.auto()
    assert zone(duel, "Celtic Guardian") == "monster"
    assert zone(duel, "Trap Hole") == "gy"  # a negated Normal Trap still goes to the GY
    assert ("Chain Link 1 resolves with no effect: Trap Hole's effects are negated by Royal "
            "Decree (YGO-NEGATED)") in text(duel)


@pytest.mark.rule("YGO-NEGATED")
def test_negated_activation_destroys_and_does_not_resolve() -> None:
    duel = trap_hole_board({"spell_trap": [{"card": "Seven Tools of the Bandit", "set": True}]})
    answer(duel, "Seven Tools of the Bandit")
    duel.auto()
    assert zone(duel, "Celtic Guardian") == "monster"
    assert duel.state.lp[0] == 7000
    assert "Chain Link 1 (Trap Hole) does not resolve" in text(duel)


@pytest.mark.rule("YGO-NEGATED")
def test_negated_activation_may_banish_the_card() -> None:
    duel = ygo({"hand": ["Celtic Guardian", "Kuriboh"]},
               {"spell_trap": [{"card": "Trap Hole", "set": True}]})
    duel.apply({"do": "place", "player": "p1", "zone": "extra", "card": "Invoked Mechaba"})
    duel.apply({"do": "special_summon", "card": "Invoked Mechaba"})
    duel.apply({"do": "normal_summon", "card": "Celtic Guardian"})
    duel.apply({"do": "activate", "card": "Trap Hole"})
    answer(duel, "Invoked Mechaba")
    duel.auto()
    assert zone(duel, "Trap Hole") == "banished"
    assert zone(duel, "Celtic Guardian") == "monster"


@pytest.mark.rule("YGO-NEGATED")
@pytest.mark.rule("YGO-RESOLVE")
def test_negated_effect_resolves_with_no_effect_and_the_monster_stays() -> None:
    duel = ygo({"monster": [{"card": "Man-Eater Bug", "set": True}]},
               {"monster": ["Celtic Guardian"], "hand": ["Ash Blossom & Joyous Spring"]})
    duel.apply({"do": "flip_summon", "card": "Man-Eater Bug"})
    answer(duel, "Celtic Guardian")  # the FLIP effect's target
    answer(duel, "Ash Blossom & Joyous Spring")  # Player 2 responds
    duel.auto()
    assert zone(duel, "Celtic Guardian") == "monster"
    assert zone(duel, "Man-Eater Bug") == "monster"
    resolved = [e for i in duel.state.instants for e in i["events"]
                if e["type"] == "link_resolved" and e["card"] == duel.ref("Man-Eater Bug")]
    assert resolved and resolved[0].get("negated")


@pytest.mark.rule("YGO-NEGATED")
def test_cannot_activate_traps_is_refused_with_the_reason() -> None:
    duel = ygo({"hand": ["Celtic Guardian"], "monster": ["Jinzo"]},
               {"spell_trap": [{"card": "Trap Hole", "set": True}]})
    duel.apply({"do": "normal_summon", "card": "Celtic Guardian"})
    assert_illegal(duel, {"do": "activate", "card": "Trap Hole"},
                   "Trap Hole cannot be activated: Jinzo's effect forbids it", ["YGO-NEGATED"])


@pytest.mark.rule("YGO-NEGATED")
@pytest.mark.rule("YGO-RESOLVE")
def test_a_monster_effect_activated_in_the_gy_is_not_negated_by_skill_drain() -> None:
    duel = ygo({"monster": [SANGAN], "spell_trap": ["Skill Drain"], "deck": ["Kuriboh"]})
    duel.apply({"do": "destroy", "card": SANGAN})
    duel.auto()
    assert zone(duel, "Kuriboh") == "hand"


@pytest.mark.rule("YGO-NEGATED")
def test_effect_veiler_negation_ends_when_the_monster_leaves_the_field() -> None:
    duel = ygo({"monster": [SANGAN], "deck": ["Kuriboh"]}, {"hand": [VEILER]})
    duel.apply({"do": "activate", "card": VEILER, "effect": 0})
    duel.auto()
    from engine.protection import negated_by

    sangan = duel.state.cards[duel.ref(SANGAN)]
    assert negated_by(duel, sangan) == sangan.iid
    duel.apply({"do": "destroy", "card": SANGAN})
    duel.auto()
    assert negated_by(duel, sangan) is None
    assert zone(duel, "Kuriboh") == "hand"


# ---------------------------------------------------------------- card data
@pytest.mark.parametrize(("snippet", "field"), [
    ("instead: {when: exploded, to: hand}", "effects[0].instead.when"),
    ("instead: {when: destroyed}", "effects[0].instead"),
    ("instead: {when: destroyed, operations: [{op: destroy, card: self, then: true}]}",
     "effects[0].instead.operations[0].then"),
])
def test_broken_replacement_names_file_card_and_field(tmp_path: Path, snippet: str,
                                                      field: str) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("- id: broken\n  name: {en: Broken}\n  type: creature\n  effects:\n"
                    f"    - kind: replacement\n      {snippet}\n", encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        load_card_file(path, game_hint="duel_masters")
    assert err.value.card == "broken" and err.value.field == field
    assert "broken.yaml" in str(err.value)


def test_broken_protection_names_the_field(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("- id: broken\n  name: {en: Broken}\n  type: monster\n  effects:\n"
                    "    - kind: continuous\n      apply: {cannot: be_sad}\n", encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        load_card_file(path, game_hint="yugioh")
    assert err.value.field == "effects[0].apply.cannot"


# ---------------------------------------------------------------- random play
YGO_SIDE: dict[str, Any] = {
    "monster": [SANGAN, "Marshmallon", "Dark Magician of Chaos"],
    "spell_trap": [{"card": "Trap Hole", "set": True}, {"card": "Royal Decree", "set": True},
                   {"card": "Seven Tools of the Bandit", "set": True}],
    "hand": ["Celtic Guardian", VEILER, "Ash Blossom & Joyous Spring", "Kuriboh"],
    "deck": ["Kuriboh", "Man-Eater Bug", "Kuriboh"],
}
DM_SIDE: dict[str, Any] = {
    "battle": ["Bolshack Dragon", "Kip Chippotto", "Petrova, Channeler of Suns",
               "Shaman Broccoli", "Bucket Bucket, Fairy of the Enduring Snow"],
    "hand": ["Olzekia, General of Decapitation", "Terror Pit", "Aqua Soldier"],
    "mana": ["Burning Mane"] * 7,
    "shield": ["Terror Pit", "Burning Mane", "Aqua Surfer"],
    "deck": ["Burning Mane", "Propeller Mutant", "Burning Mane"],
}


def _play(game: str, side: dict[str, Any], phase: str, picks: list[int]) -> None:
    duel = Duel(game, setup={"turn_player": "p1", "phase": phase, "p1": side, "p2": side})
    play_randomly(duel, picks, after=_each_card_listed_once)


def _each_card_listed_once(duel: Duel) -> None:
    for card in duel.state.cards.values():
        listed = [z for p in duel.state.zones for z, iids in p.items() if card.iid in iids]
        assert listed == ([] if card.zone in ("limbo", "under") else [card.zone])


@pytest.mark.rule("YGO-NEGATED")
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=30))
def test_random_play_with_protections_yugioh(picks: list[int]) -> None:
    _play("yugioh", YGO_SIDE, "main1", picks)


@pytest.mark.rule("DM-KIND")
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=30))
def test_random_play_with_protections_duel_masters(picks: list[int]) -> None:
    _play("duel_masters", DM_SIDE, "main", picks)


@pytest.mark.rule("YGO-NEGATED")
def test_a_trap_chained_to_royal_decree_is_not_negated() -> None:
    duel = ygo({"hand": ["Celtic Guardian"]},
               {"spell_trap": [{"card": "Royal Decree", "set": True},
                               {"card": "Trap Hole", "set": True}]})
    duel.apply({"do": "normal_summon", "card": "Celtic Guardian"})
    duel.apply({"do": "activate", "card": "Royal Decree"})  # Player 1 has no response
    answer(duel, "Trap Hole")  # Player 2 chains Trap Hole to their own Royal Decree
    duel.auto()
    assert zone(duel, "Celtic Guardian") == "gy"  # Royal Decree applies only once resolved


@pytest.mark.rule("YGO-NEGATED")
@pytest.mark.rule("YGO-RESOLVE")
def test_an_effect_activated_while_negated_stays_negated_off_the_field() -> None:
    duel = ygo({"hand": [VEILER, "Mystical Space Typhoon"]},
               {"monster": ["Stardust Dragon"], "spell_trap": [{"card": "Trap Hole", "set": True}]})
    duel.apply({"do": "set_turn", "player": "p2"})
    duel.apply({"do": "activate", "card": VEILER, "effect": 0})
    duel.auto()
    duel.apply({"do": "set_turn", "player": "p1"})
    duel.apply({"do": "activate", "card": "Mystical Space Typhoon"})
    answer(duel, "Stardust Dragon")
    duel.auto()
    assert zone(duel, "Trap Hole") == "gy" and zone(duel, "Stardust Dragon") == "gy"
    assert "it was activated while the effects of Stardust Dragon were negated" in text(duel)


@pytest.mark.rule("YGO-NEGATED")
def test_a_continuous_trap_whose_activation_is_negated_goes_to_the_gy() -> None:
    negator = {"id": "t_negator", "name": {"en": "Test Negator"}, "type": "trap",
               "subtype": "counter",
               "effects": [{"kind": "activation", "activate_from": "spell_trap",
                            "respond_to": {"type": "activated", "card_type": "trap"},
                            "operations": [{"op": "negate_activation"}]}]}
    duel = ygo({"spell_trap": [{"card": "Royal Decree", "set": True}]},
               {"spell_trap": [{"card": "Test Negator", "set": True}]}, cards=[negator])
    duel.apply({"do": "activate", "card": "Royal Decree"})
    answer(duel, "Test Negator")
    duel.auto()
    assert zone(duel, "Royal Decree") == "gy"  # negated, not destroyed: still not kept
