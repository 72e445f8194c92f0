"""Replaying a history under a change (engine.replay_under): answers carried where the same
decision is asked again, and a report of exactly those that could not be."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine import Duel, ReplayReport, replay_under
from engine.cards import DATA_DIR
from engine.scenario import builtin_scenarios, load_scenario, run_scenario

PRESETS = ("TCG", "TCG classic", "OCG")
YUGIOH = builtin_scenarios("yugioh")
SANGAN_CAIUS = {"turn_player": "p1", "phase": "main1",
                "p1": {"monster": ["Sangan"], "hand": ["Caius the Shadow Monarch"],
                       "deck": ["Kuriboh"]},
                "p2": {"monster": ["Celtic Guardian"]}}


def scenario_duel(stem: str) -> Duel:
    return run_scenario(load_scenario(next(p for p in YUGIOH if p.stem == stem))).duel


def sangan_caius(preset: str = "TCG", setup: dict[str, Any] | None = None) -> Duel:
    """Caius Tribute Summoned with Sangan; Caius ordered first; Caius banishes Celtic Guardian."""
    duel = Duel("yugioh", setup=setup or SANGAN_CAIUS, settings={"preset": preset})
    duel.apply({"do": "normal_summon", "card": "Caius the Shadow Monarch",
                "tributes": ["Sangan"]})
    if duel.state.decision.kind == "order":
        duel.apply({"do": "answer", "choice": ["Caius the Shadow Monarch", "Sangan"]})
    duel.apply({"do": "answer", "choice": "Celtic Guardian"})
    return duel


# ---------------------------------------------------------------------- an independent check
def _what(duel: Duel, kind: str, option: dict[str, Any]) -> tuple:
    """What an option is, whatever its id: a trigger's card and effect, or a card, or a word."""
    if kind == "order":
        trigger = next(t for t in duel.state.triggers if t.tid == int(option["id"]))
        return ("trigger", trigger.card, trigger.effect)
    if option.get("card") is not None:
        return ("card", option["card"], re.sub(r":t\d+$", "", str(option["id"])))
    return ("word", str(option["id"]))


def answered(duel: Duel) -> list[tuple[int, tuple, tuple]]:
    """(step, the decision asked, the answer given) of every answer of a history, by playing
    it again step by step; decisions and answers as what their options are, not their ids."""
    again = Duel(duel.game, setup=duel.setup, settings=duel.settings, library=duel.library)
    out = []
    for step, action in enumerate(duel.actions, 1):
        d = again.state.decision
        if action["do"] in ("answer", "pass"):
            whats = {str(o["id"]): _what(again, d.kind, o) for o in d.options}
            asked = (d.kind, d.player, d.prompt, d.args.get("card"),
                     tuple(sorted(whats.values())))
            choice = "pass" if action["do"] == "pass" else again.option_ids(action["choice"])
            if d.kind == "order" and not isinstance(choice, list):
                choice = [choice] + [i for i in whats if i != choice]
            chosen = choice if isinstance(choice, list) else [choice]
            out.append((step, asked, tuple(whats[str(c)] for c in chosen)))
        again.apply(action)
    return out


def expected_uncarried(old: Duel, new: Duel) -> list[int]:
    """The old answers that the new history does not give again to the same decision: each
    old (decision, answer) pair is looked for among the new history's pairs, in order."""
    new_pairs = [(asked, answer) for _, asked, answer in answered(new)]
    missing = []
    for step, asked, answer in answered(old):
        if (asked, answer) in new_pairs:
            del new_pairs[:new_pairs.index((asked, answer)) + 1]
        else:
            missing.append(step)
    return missing


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("path", YUGIOH, ids=lambda p: p.stem)
def test_every_builtin_scenario_under_every_preset(path: Path, preset: str) -> None:
    old = run_scenario(load_scenario(path)).duel
    report = replay_under(old, settings={"preset": preset})
    new = report.duel
    assert new.settings["preset"] == preset
    assert report.stopped is None and report.processed == len(old.actions)
    assert report.uncarried_steps() == expected_uncarried(old, new)
    answers = {step for step, _, _ in answered(old)}
    assert set(report.uncarried_steps()) <= answers
    assert len(new.actions) == (len(old.actions) - len(report.dropped) + len(report.added))
    assert report.progress[-1] == len(new.actions)


@pytest.mark.parametrize("path", builtin_scenarios(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_with_no_change_everything_is_carried(path: Path) -> None:
    old = run_scenario(load_scenario(path)).duel
    report = replay_under(old)
    assert report.carried_all and report.added == []
    assert report.duel.actions == old.actions
    assert report.duel.transcript() == old.transcript()
    assert str(report).endswith("Every answer was carried over.")


# ---------------------------------------------------------------------- hand-checked cases
def test_sangan_caius_under_tcg_classic_drops_the_order_nobody_is_asked() -> None:
    """Under "TCG classic" the trigger that met its timing first goes first (Sangan): no one
    is asked the order, so the answer "Caius first" is dropped; Caius's target still is."""
    old = scenario_duel("sangan_caius_tcg")
    report = replay_under(old, settings={"preset": "TCG classic"})
    assert report.uncarried_steps() == [2]
    assert report.not_carried == [] and report.added == []
    assert report.dropped == [{
        "step": 2, "answer": ["Caius the Shadow Monarch", "Sangan"],
        "decision": {"kind": "order", "player": 0, "prompt": "order", "card": "",
                     "options": ["Sangan", "Caius the Shadow Monarch"]}}]
    new = report.duel
    links = [new.name(e["args"]["card"]) for e in new.state.log if e["key"] == "chain.link"]
    assert links == ["Sangan", "Caius the Shadow Monarch"]
    assert [new.name(i) for i in new.state.zones[1]["banished"]] == ["Celtic Guardian"]
    assert ("Step 2: Player 1's order (Sangan, Caius the Shadow Monarch) is no longer asked; "
            "its answer (Caius the Shadow Monarch, Sangan) was dropped.") in report.lines()


def test_sangan_caius_from_tcg_classic_answers_the_new_order_with_its_default() -> None:
    old = scenario_duel("sangan_caius_tcg_classic")
    report = replay_under(old, settings={"preset": "TCG"})
    assert report.uncarried_steps() == []
    assert report.added == [{
        "after_step": 1, "used": ["Sangan", "Caius the Shadow Monarch"],
        "decision": {"kind": "order", "player": 0, "prompt": "order", "card": "",
                     "options": ["Sangan", "Caius the Shadow Monarch"]}}]
    new = report.duel
    assert [new.name(i) for i in new.state.zones[1]["banished"]] == ["Celtic Guardian"]


def test_a_changed_decision_is_answered_with_its_default() -> None:
    """Another monster on Player 2's field: Caius's target is chosen among three cards now,
    not two: the same kind of decision, but not the same one (not carried)."""
    old = sangan_caius()
    setup = copy.deepcopy(SANGAN_CAIUS)
    setup["p2"]["monster"].append("Kuriboh")
    report = replay_under(old, setup=setup)
    assert report.uncarried_steps() == [3]
    [entry] = report.not_carried
    assert entry["why"] == "different" and entry["answer"] == ["Celtic Guardian"]
    assert entry["asked"]["options"] == ["Caius the Shadow Monarch", "Celtic Guardian",
                                         "Kuriboh"]
    assert entry["used"] == ["Caius the Shadow Monarch"]  # the default: the first option
    assert report.change == {"settings": {}, "setup": True, "cards": []}


def caius_choosing(count: int) -> dict[str, Any]:
    raw = yaml.safe_load((DATA_DIR / "cards" / "yugioh.yaml").read_text(encoding="utf-8"))
    cards = raw["cards"] if isinstance(raw, dict) else raw
    caius = copy.deepcopy(next(c for c in cards if c["id"] == "caius_the_shadow_monarch"))
    caius["effects"][0]["targets"][0]["count"] = count
    return caius


def test_an_answer_refused_now_is_answered_with_its_default() -> None:
    """Caius's wording changed to "target 2 cards": the same decision (the same cards to
    choose from), but one card is no longer a legal answer."""
    setup = copy.deepcopy(SANGAN_CAIUS)
    setup["p2"]["monster"].append("Kuriboh")
    old = sangan_caius(setup=setup)
    report = replay_under(old, cards=[caius_choosing(2)])
    assert report.uncarried_steps() == [3]
    [entry] = report.not_carried
    assert entry["why"] == "illegal" and "choose exactly 2 of" in entry["reason"]
    assert entry["used"] == ["Caius the Shadow Monarch", "Celtic Guardian"]
    assert report.change["cards"] == ["caius_the_shadow_monarch"]


def test_a_step_that_became_illegal_stops_the_replay_and_says_why() -> None:
    """Whose turn it is changes: Player 1 may no longer Tribute Summon."""
    old = sangan_caius()
    setup = {**copy.deepcopy(SANGAN_CAIUS), "turn_player": "p2"}
    report = replay_under(old, setup=setup)
    reasons = report.stopped.pop("reasons")
    assert report.stopped == {"step": 1, "action": "normal summon Caius the Shadow Monarch",
                              "reason": "only the turn player summons, in a Main Phase",
                              "rules": []}
    assert set(reasons) == {"ja", "fr"}  # the same reason in each language the engine speaks
    assert all(text and text != report.stopped["reason"] for text in reasons.values())
    assert report.processed == 0 and report.duel.actions == []
    assert report.not_carried == report.dropped == []
    assert any("The replay stopped there; 3 step(s) were not replayed." in line
               for line in report.lines())


def test_a_new_preset_brings_its_own_switches_and_keeps_those_set_by_hand() -> None:
    old = Duel("yugioh", setup={}, settings={"preset": "TCG", "unlimited_zones": True})
    new = replay_under(old, settings={"preset": "OCG"}).duel
    assert new.settings == {"preset": "OCG", "trigger_first": False,
                            "hand_triggers_last": True, "unlimited_zones": True}


def test_a_history_given_as_plain_data() -> None:
    old = scenario_duel("sangan_caius_tcg")
    report = replay_under(old.to_dict(), settings={"preset": "TCG classic"})
    assert report.uncarried_steps() == [2]


def test_the_report_is_plain_data() -> None:
    report = replay_under(scenario_duel("sangan_caius_tcg"), settings={"preset": "TCG classic"})
    data = json.loads(json.dumps(report.to_dict()))
    assert "duel" not in data
    again = ReplayReport.from_dict(data)
    assert again == report and again.duel is None
    assert again.lines() == report.lines()
    assert report.lines()[0] == "Replayed 3 of 3 steps under the TCG classic preset."


@pytest.mark.rule("YGO-SEGOC")
def test_an_order_of_two_triggers_of_one_effect_is_carried() -> None:
    """Two summons in one chain meet Level Cannon's "each time" effect twice: its controller
    orders two triggers of the same card and effect. Replayed with no change, that order is
    carried as it was, not refused as naming one trigger twice."""
    old = Duel("yugioh", setup={
        "turn_player": "p1", "phase": "main1",
        "p1": {"spell_trap": [{"card": "Call of the Haunted", "set": True},
                              {"card": "Call of the Haunted", "set": True}, "Level Cannon"],
               "gy": ["Celtic Guardian", "Kuriboh"]},
        "p2": {},
    })
    first, second = (old.ref("Call of the Haunted#1"), old.ref("Call of the Haunted#2"))
    old.apply({"do": "activate", "card": first})
    asked = []
    while old.state.decision is not None:
        d = old.state.decision
        choice = old.default_answer()
        if d.kind == "respond" and len(old.state.chain) == 1:  # chain the second one
            choice = next(o["id"] for o in d.options if o.get("card") == second)
        elif d.kind == "choose_cards" and old.state.chain:  # the other monster in the GY
            choice = d.options[-1]["id"]
        elif d.kind == "order":
            asked.append(d)
            choice = [str(o["id"]) for o in d.options][::-1]  # not the default order
        old.apply({"do": "answer", "choice": choice})
    assert asked and len({old.trigger(int(o["id"])).card for o in asked[0].options}) == 1
    report = replay_under(old)
    assert report.not_carried == [] and report.dropped == []
    assert report.duel.state.to_dict() == old.state.to_dict()
