"""The scenario format's steps and expectations (docs/scenarios.md): steps that must be
refused, answers for a named player, and the ATK/DEF, tapped, counters and effect-rule checks.
Each failing expectation reads as a difference."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from engine.cards import CardDataError, parse_cards
from engine.errors import ScenarioError
from engine.scenario import Scenario, check_scenario, parse_scenario, run_scenario

BREAKER = "Breaker the Magical Warrior"


def _scenario(game: str, setup: dict[str, Any], steps: list[Any], expect: dict[str, Any],
              **extra: Any) -> Scenario:
    raw = {"game": game, "title": "t", "setup": setup, "steps": steps, "expect": expect, **extra}
    return parse_scenario(raw, "<test>")


def _breaker(steps: list[Any], expect: dict[str, Any]) -> Scenario:
    setup = {"turn_player": "p1", "phase": "main1",
             "p1": {"hand": [{"card": BREAKER, "as": "summoned"}],
                    "monster": [{"card": BREAKER, "as": "revived", "summoned": "special"}]},
             "p2": {"spell_trap": [{"card": "Call of the Haunted", "set": True}]}}
    return _scenario("yugioh", setup, steps, expect, auto=True)


# ---------------------------------------------------------------------- expect_refused
@pytest.mark.rule("YGO-SEQUENCE")
def test_a_step_refused_by_rule_id_passes_and_the_duel_goes_on() -> None:
    scn = _breaker([{"do": "activate", "card": "revived", "effect": 1,
                     "expect_refused": "YGO-SEQUENCE"},
                    {"do": "normal_summon", "card": "summoned"},
                    {"do": "activate", "card": "summoned", "effect": 1}],
                   {"zones": {"p2": {"gy": ["Call of the Haunted"]}}})
    assert check_scenario(scn) == []


@pytest.mark.rule("YGO-SEQUENCE")
def test_a_step_refused_by_reason_text_passes() -> None:
    scn = _breaker([{"do": "activate", "card": "revived", "effect": 1,
                     "expect_refused": "cost cannot be paid"}], {"lp": {"p1": 8000}})
    assert check_scenario(scn) == []


@pytest.mark.rule("YGO-SEQUENCE")
def test_a_refusal_for_another_rule_or_reason_is_a_difference() -> None:
    scn = _breaker([{"do": "activate", "card": "revived", "effect": 1,
                     "expect_refused": ["YGO-MISS", "no legal target"]}], {})
    failures = check_scenario(scn)
    assert failures == ["step 1: refused as expected, but citing YGO-SEQUENCE, not YGO-MISS: "
                        f"{BREAKER} cannot be activated now: its cost cannot be paid "
                        "(YGO-SEQUENCE)"]


@pytest.mark.rule("YGO-KIND")
def test_an_accepted_step_that_should_be_refused_fails_clearly() -> None:
    scn = _breaker([{"do": "normal_summon", "card": "summoned", "expect_refused": "YGO-CHAIN"},
                    {"do": "activate", "card": "summoned", "effect": 1}], {})
    failures = check_scenario(scn)
    assert failures == ["step 1: expected the engine to refuse this step (YGO-CHAIN), but it "
                        "accepted it"]


def test_expect_refused_must_be_a_rule_id_or_a_text() -> None:
    with pytest.raises(ScenarioError, match="expect_refused must be a rule id"):
        _breaker([{"do": "next_phase", "expect_refused": 3}], {})


# ---------------------------------------------------------------------- answers for a player
DM_ATTACK = {"turn_player": "p1", "phase": "attack",
             "p1": {"battle": [{"card": "Burning Mane", "as": "first"},
                               {"card": "Burning Mane", "as": "second"}]},
             "p2": {"shield": ["Holy Awe", "Burning Mane"]}}


@pytest.mark.rule("DM-STRIGGER")
def test_an_answer_for_the_player_who_decides_is_played() -> None:
    scn = _scenario("duel_masters", DM_ATTACK, [
        {"do": "attack", "card": "first"}, {"answer": "Holy Awe", "player": "p1"},
        {"answer": "yes", "for": "p2"}], {"tapped": {"first": True, "second": True}})
    assert check_scenario(scn) == []


@pytest.mark.rule("DM-ATTACK-STEPS")
def test_an_answer_for_the_other_player_is_an_error_naming_both() -> None:
    scn = _scenario("duel_masters", DM_ATTACK, [
        {"do": "attack", "card": "first"}, {"answer": "yes", "player": "p2"}], {})
    with pytest.raises(ScenarioError) as err:
        run_scenario(scn)
    assert err.value.step == 2
    assert "this answer is for Player 2 (p2), but the open decision (choose_cards) is " \
           "Player 1's (p1)" in str(err.value)


def test_an_answer_names_p1_or_p2() -> None:
    with pytest.raises(ScenarioError, match="player must be one of p1, p2"):
        _scenario("duel_masters", DM_ATTACK, [{"answer": "yes", "player": "p3"}], {})


# ---------------------------------------------------------------------- expect keys
@pytest.mark.rule("DM-ATTACK-STEPS")
def test_tapped_is_checked_with_a_readable_difference() -> None:
    scn = _scenario("duel_masters", DM_ATTACK, [
        {"do": "attack", "card": "first"}, {"answer": "Burning Mane", "player": "p1"}],
        {"tapped": {"first": True, "second": True}})
    assert check_scenario(scn) == ["second tapped: expected True, got False"]


@pytest.mark.rule("YGO-CHAIN")
def test_atk_and_def_are_checked_with_every_change_applied() -> None:
    setup = {"turn_player": "p1", "phase": "main1",
             "p1": {"hand": ["Rush Recklessly"], "monster": ["Celtic Guardian"]}}
    scn = _scenario("yugioh", setup, [{"do": "activate", "card": "Rush Recklessly"}],
                    {"atk": {"Celtic Guardian": 2100}, "def": {"Celtic Guardian": 1000}},
                    auto=True)
    failures = check_scenario(scn)
    assert failures == ["Celtic Guardian def: expected 1000, got 1200"]


@pytest.mark.rule("YGO-KIND")
def test_counters_are_placed_by_a_trigger_and_removed_as_a_cost() -> None:
    scn = _breaker([{"do": "normal_summon", "card": "summoned"}],
                   {"counters": {"summoned": {"spell": 1}, "revived": {"spell": 1}}})
    assert check_scenario(scn) == ["revived spell counters: expected 1, got 0"]
    duel = run_scenario(scn).duel
    summoned = duel.state.cards[duel.ref("summoned")]
    assert summoned.counters == {"spell": 1}
    assert summoned.add_counter("spell", 1, limit=1) == 0  # max. 1
    duel.apply({"do": "activate", "card": "summoned", "effect": 1})
    duel.auto()
    assert summoned.counters == {}


@pytest.mark.rule("YGO-LOCATION")
def test_counters_leave_the_field_with_the_card() -> None:
    scn = _breaker([{"do": "normal_summon", "card": "summoned"},
                    {"do": "destroy", "card": "summoned"}],
                   {"counters": {"summoned": {"spell": 0}}})
    assert check_scenario(scn) == []


def test_counter_operations_name_their_counter() -> None:
    raw = yaml.safe_load("""
- id: broken_counter_card
  name: {en: Broken Counter Card}
  type: monster
  effects:
    - kind: ignition
      operations:
        - {op: add_counter, card: self, count: 1}
""")
    with pytest.raises(CardDataError) as err:
        parse_cards(raw, file="broken.yaml", game_hint="yugioh")
    assert err.value.card == "broken_counter_card"
    assert err.value.field == "effects[0].operations[0].counter"


@pytest.mark.rule("YGO-MISS")
def test_effects_checks_the_rules_the_log_cites_for_a_card_activated_or_not() -> None:
    setup = {"turn_player": "p1", "phase": "main1",
             "p1": {"hand": ["Soul Taker"]},
             "p2": {"monster": ["Amazoness Swords Woman"], "field": ["Amazoness Village"],
                    "deck": ["Amazoness Fighter"]}}
    scn = _scenario("yugioh", setup, [{"do": "activate", "card": "Soul Taker"}], {
        "effects": [{"card": "Amazoness Village", "rules": ["YGO-MISS", "YGO-SEQUENCE"]},
                    {"card": "Amazoness Village", "effect": 0, "rules": ["YGO-SEGOC"]},
                    {"card": "Amazoness Fighter", "rules": ["YGO-MISS"]}]})
    failures = check_scenario(scn)
    assert len(failures) == 2
    assert failures[0].startswith("Amazoness Village effect 0: expected the log to cite "
                                  "YGO-SEGOC; its entries cite ")
    assert failures[1] == ("Amazoness Fighter: expected log entries citing ['YGO-MISS'], but "
                           "the log has none about it")


def test_an_unknown_expect_key_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ScenarioError, match="unknown key attack in expect; known: chains"):
        _breaker([], {"attack": {"revived": 1}})


# ---------------------------------------------------------------------- documentation
def test_docs_name_every_step_kind_action_and_expect_key() -> None:
    """docs/scenarios.md documents everything engine/scenario.py accepts."""
    from pathlib import Path

    from engine.rules import policy_for
    from engine.scenario import ANSWER_FOR, EXPECT_KEYS, STEP_KEYS, STEP_KINDS, TOP_KEYS

    doc = (Path(__file__).parents[2] / "docs" / "scenarios.md").read_text(encoding="utf-8")
    actions = {"activate"}
    for game in ("yugioh", "duel_masters"):
        policy = policy_for(game)
        actions |= set(policy.EDITS)
        actions |= {name.removeprefix("_fire_") for name in dir(policy)
                    if name.startswith("_fire_")}
    words = (set(STEP_KINDS) | {k for k in STEP_KEYS if not k.startswith("__")}
             | set(ANSWER_FOR) | set(EXPECT_KEYS) | set(TOP_KEYS))
    missing = sorted(w for w in words if f"`{w}" not in doc and f"{w}:" not in doc)
    missing += sorted(a for a in actions if f"do: {a}" not in doc and f"`{a}`" not in doc)
    assert missing == []


@pytest.mark.rule("DM-ATTACK-STEPS")
def test_the_run_command_shows_a_step_refused_as_expected(capsys) -> None:
    from engine.__main__ import main
    from engine.scenario import builtin_scenarios

    path = next(p for p in builtin_scenarios("duel_masters")
                if p.stem == "holy_awe_taps_the_next_attackers")
    assert main(["run", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "Step 4 is refused, as expected: Burning Mane is tapped (DM-ATTACK-STEPS)"


@pytest.mark.rule("YGO-SEQUENCE")
def test_a_step_refused_as_expected_has_no_frames() -> None:
    scn = _breaker([{"do": "activate", "card": "revived", "effect": 1,
                     "expect_refused": "YGO-SEQUENCE"},
                    {"do": "normal_summon", "card": "summoned"}], {})
    result = run_scenario(scn, frames=True)
    assert result.frames[0] == [] and result.frames[1]
    assert result.transcript()[0] == (f"Step 1 is refused, as expected: {BREAKER} cannot be "
                                      "activated now: its cost cannot be paid (YGO-SEQUENCE)")
