"""Every decision explained, citing the rule that decides it.

The log of every built-in scenario cites a rule on each entry that records a decision, and the
particular explanations each have a test: a refused "When ..." activation names the later
thing that happened; a trigger met by several events at once says it is activated once; the
S-Trigger's head start cites DM-STRIGGER and its end is logged; an after-the-battle ability
cites DM-ATTACK-STEPS; Yu-Gi-Oh! speaks of ATK/DEF, Duel Masters of power.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine import RULES, Duel
from engine.scenario import builtin_scenarios, load_scenario, run_scenario

from .helpers import answer, assert_illegal

#: entries that record what a player did or what happened, not a decision: the player's own
#: actions, the events of an instant, a new phase or step reached by an action, and the damage
#: a card's lasting effect changed (what the card says, as an instant's events are)
NOT_DECISIONS = frozenset({"action", "instant", "phase", "damage.changed"})
SCENARIOS = builtin_scenarios()


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_decision_in_the_log_cites_a_rule(path: Path) -> None:
    duel = run_scenario(load_scenario(path)).duel
    uncited = [f"{e['key']}: {line}" for e, line in zip(duel.state.log, duel.transcript(),
                                                        strict=True)
               if e["key"] not in NOT_DECISIONS and not e["rules"]]
    assert uncited == []
    unknown = {r for e in duel.state.log for r in e["rules"]} - set(RULES)
    assert unknown == set()
    if duel.game == "yugioh":  # Yu-Gi-Oh! speaks of ATK/DEF, Duel Masters of power
        assert [line for line in duel.transcript() if "power" in line.lower()] == []


def test_every_decision_prompt_of_every_scenario_cites_a_rule(monkeypatch) -> None:
    asked = []
    ask = Duel.ask

    def recording(duel: Duel, decision: Any) -> Any:
        asked.append(decision)
        return ask(duel, decision)

    monkeypatch.setattr(Duel, "ask", recording)
    for path in SCENARIOS:
        run_scenario(load_scenario(path))
    kinds = {d.kind for d in asked}
    assert {"choose_cards", "order", "respond", "activate_trigger", "s_trigger"} <= kinds
    assert [(d.kind, d.key) for d in asked if not d.rules] == []
    assert {r for d in asked for r in d.rules} <= set(RULES)


# ---------------------------------------------------------------------- Yu-Gi-Oh!
def _trap_hole_after_the_chain() -> Duel:
    """Marauding Captain summoned, its effect resolved with Trap Hole not chained."""
    duel = Duel("yugioh", setup={
        "turn_player": "p1", "phase": "main1",
        "p1": {"hand": ["Marauding Captain", "Celtic Guardian"]},
        "p2": {"spell_trap": [{"card": "Trap Hole", "set": True}]}})
    duel.apply({"do": "normal_summon", "card": "Marauding Captain"})
    answer(duel, "yes")
    answer(duel, "pass")
    return duel


LATER = ("the last thing that happened is instant 3: Celtic Guardian was Special Summoned; "
         "Chain Link 1 (Marauding Captain) resolved")


@pytest.mark.rule("YGO-RESPONSE-WINDOW")
def test_a_refused_when_activation_names_the_later_thing_that_happened() -> None:
    duel = _trap_hole_after_the_chain()
    assert_illegal(duel, {"do": "activate", "card": "Trap Hole"}, LATER,
                   ["YGO-RESPONSE-WINDOW"])
    assert LATER in duel.why_not_activate(duel.ref("Trap Hole"))
    assert duel.why_not_activate(duel.ref("Celtic Guardian")) == ""


@pytest.mark.rule("YGO-RESPONSE-WINDOW")
def test_the_refusal_names_only_cards_its_player_may_see() -> None:
    duel = Duel("yugioh", setup={
        "turn_player": "p1", "phase": "main1", "p1": {"hand": ["Celtic Guardian"]},
        "p2": {"spell_trap": [{"card": "Trap Hole", "set": True}]}})
    duel.apply({"do": "normal_summon", "card": "Celtic Guardian"})
    duel.apply({"do": "return_to_hand", "card": "Celtic Guardian"})
    err = assert_illegal(duel, {"do": "activate", "card": "Trap Hole"},
                         "the last thing that happened is instant 2: a hidden card returned to "
                         "the hand")
    assert "Celtic Guardian" not in err.reason


@pytest.mark.rule("YGO-RESPONSE-WINDOW")
def test_a_refused_response_names_the_later_thing_that_happened() -> None:
    duel = Duel("yugioh", setup={
        "turn_player": "p1", "phase": "main1",
        "p1": {"hand": ["Marauding Captain", "Celtic Guardian"]},
        "p2": {"spell_trap": [{"card": "Magic Jammer", "set": True},
                              {"card": "Trap Hole", "set": True}],
               "hand": ["Celtic Guardian"]}})
    duel.apply({"do": "normal_summon", "card": "Marauding Captain"})
    answer(duel, "yes")
    assert duel.state.decision.kind == "respond"
    assert_illegal(duel, {"do": "answer", "choice": "Magic Jammer"},
                   "Magic Jammer cannot respond now: Magic Jammer can be activated only while "
                   "its event is the last thing that happened; the last thing that happened is "
                   "instant 2: Marauding Captain was activated as Chain Link 1",
                   ["YGO-RESPONSE-WINDOW"])


@pytest.mark.rule("YGO-RESPONSE-WINDOW")
def test_the_log_says_when_a_when_cards_window_closes() -> None:
    duel = _trap_hole_after_the_chain()
    closed = [e for e in duel.state.log if e["key"] == "window.closed"]
    assert [e["rules"] for e in closed] == [["YGO-RESPONSE-WINDOW"]]
    assert closed[0]["args"]["met_at"] == 1 and closed[0]["args"]["last"] == 3
    line = duel.transcript()[closed[0]["seq"] - 1]
    assert "(Celtic Guardian was Special Summoned; Chain Link 1 (Marauding Captain) resolved)" \
        in line


@pytest.mark.rule("YGO-RESPONSE-WINDOW")
def test_a_window_still_open_is_not_called_closed() -> None:
    duel = Duel("yugioh", setup={
        "turn_player": "p1", "phase": "main1", "p1": {"hand": ["Celtic Guardian"]},
        "p2": {"spell_trap": [{"card": "Trap Hole", "set": True}]}})
    duel.apply({"do": "normal_summon", "card": "Celtic Guardian"})
    assert duel.why_not_activate(duel.ref("Trap Hole")) == ""
    assert not any(e["key"] == "window.closed" for e in duel.state.log)


@pytest.mark.rule("YGO-MISS")
def test_a_when_trigger_activated_too_late_names_the_later_thing() -> None:
    duel = Duel("yugioh", setup={
        "turn_player": "p1", "phase": "battle", "p1": {"monster": ["Celtic Guardian"]},
        "p2": {"hand": ["Battle Fader"]}})
    duel.apply({"do": "declare_attack", "card": "Celtic Guardian"})
    answer(duel, "no")
    duel.apply({"do": "gain_lp", "player": "p1", "amount": 500})
    assert_illegal(duel, {"do": "activate", "card": "Battle Fader", "effect": 0},
                   "the last thing that happened is instant 2: Player 1 gained 500 LP",
                   ["YGO-MISS"])


#: Yang Zing Creation's "if" trigger watches every monster of its controller destroyed
ONCE_SETUP = {"turn_player": "p1", "phase": "main1",
              "p1": {"hand": ["Dark Hole"], "spell_trap": ["Yang Zing Creation"],
                     "monster": ["Celtic Guardian", "Marauding Captain"]}}


@pytest.mark.rule("YGO-SEGOC")
def test_a_trigger_met_by_several_events_at_once_is_activated_once_and_says_so() -> None:
    duel = Duel("yugioh", setup=ONCE_SETUP)
    duel.apply({"do": "activate", "card": "Dark Hole"})
    duel.auto()
    creation = duel.ref("Yang Zing Creation")
    assert len([t for t in duel.state.triggers if t.card == creation]) == 1
    once = [e for e in duel.state.log if e["key"] == "trigger.once_per_occurrence"]
    assert [(e["args"]["card"], e["args"]["count"], e["rules"]) for e in once] == [
        (creation, 2, ["YGO-SEGOC"])]
    line = duel.transcript()[once[0]["seq"] - 1]
    assert "meets its timing once, not 2 times: the 2 events of instant" in line
    assert "Celtic Guardian was destroyed" in line and "Marauding Captain was destroyed" in line


@pytest.mark.rule("YGO-HAND-SELF-SUMMON")
def test_the_once_per_chain_limit_says_so() -> None:
    path = next(p for p in SCENARIOS if p.stem == "battle_fader_one_per_chain")
    text = "\n".join(run_scenario(load_scenario(path)).duel.transcript())
    assert "and that is allowed once per chain (YGO-HAND-SELF-SUMMON)" in text


ATK_CARD: dict[str, Any] = {
    "id": "t_rally", "name": {"en": "Test Rally"}, "type": "spell", "subtype": "normal",
    "effects": [{"kind": "activation", "label": "500 ATK", "activate_from": ["hand"],
                 "operations": [{"op": "modify_stat", "stat": "atk", "amount": 500,
                                 "all": {"zone": "monster", "controller": "you"}}]}]}


@pytest.mark.rule("YGO-CHAIN")
def test_yugioh_stat_changes_speak_of_atk_never_of_power() -> None:
    duel = Duel("yugioh", setup={"turn_player": "p1", "phase": "main1",
                                 "p1": {"hand": ["Test Rally"], "monster": ["Celtic Guardian"]}},
                cards=[ATK_CARD])
    duel.apply({"do": "activate", "card": "Test Rally"})
    duel.auto()
    text = "\n".join(duel.transcript())
    assert "Celtic Guardian's ATK changed by 500" in text
    assert "power" not in text.lower()


# ---------------------------------------------------------------------- Duel Masters
#: an attacker whose own ability triggers on the shield it breaks, with the S-Trigger
BREAKER: dict[str, Any] = {
    "id": "t_breaker", "name": {"en": "Test Shield Reader"}, "type": "creature", "cost": 1,
    "power": 3000,
    "effects": [{"kind": "trigger", "label": "draw", "event": {"type": "shield_broken",
                                                               "by": "self"},
                 "operations": [{"op": "draw", "count": 1}]}]}


@pytest.mark.rule("DM-STRIGGER")
def test_an_s_trigger_going_before_the_active_players_ability_cites_s_trigger() -> None:
    duel = Duel("duel_masters", setup={
        "turn_player": "p1", "phase": "attack",
        "p1": {"battle": ["Test Shield Reader"], "deck": ["Burning Mane"]},
        "p2": {"shield": ["Terror Pit"]}}, cards=[BREAKER])
    duel.apply({"do": "attack", "card": "Test Shield Reader"})
    nexts = [e for e in duel.state.log if e["key"] == "pending.next"]
    assert nexts[0]["args"]["card"] == duel.ref("Terror Pit")
    assert nexts[0]["rules"] == ["DM-STRIGGER"]
    strigger = next(t for t in duel.state.triggers if t.s_trigger)
    assert "DM-AP-FIRST" not in strigger.rules


@pytest.mark.rule("DM-STRIGGER")
def test_the_end_of_an_s_trigger_creatures_head_start_is_its_own_entry() -> None:
    path = next(p for p in SCENARIOS if p.stem == "s_trigger_creature_aqua_surfer")
    duel = run_scenario(load_scenario(path)).duel
    keys = [e["key"] for e in duel.state.log]
    end = keys.index("strigger.head_start_end")
    assert duel.state.log[end]["rules"] == ["DM-STRIGGER"]
    surfer = duel.ref("Aqua Surfer")
    own = next(i for i, e in enumerate(duel.state.log)
               if e["key"] == "pending.add" and e["args"]["card"] == surfer
               and e["args"]["effect"] == "return a creature")
    assert end < own  # the head start ends before its own ability waits in the pool


@pytest.mark.rule("DM-ATTACK-STEPS")
def test_an_after_the_battle_ability_cites_the_attack_steps() -> None:
    path = next(p for p in SCENARIOS if p.stem == "look_back_battle_winner_draws")
    duel = run_scenario(load_scenario(path)).duel
    added = [e for e in duel.state.log if e["key"] == "pending.add"]
    assert [e["rules"] for e in added] == [["DM-ATTACK-STEPS"]]


@pytest.mark.rule("DM-POOL")
def test_duel_masters_keeps_power() -> None:
    path = next(p for p in SCENARIOS if p.stem == "swine_snout_funk")
    text = "\n".join(run_scenario(load_scenario(path)).duel.transcript())
    assert "power" in text and "ATK" not in text
