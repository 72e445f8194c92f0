"""Every built-in scenario passes its ``expect`` block, through the same code as
``python -m engine check``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import RULES
from engine.__main__ import main
from engine.errors import ScenarioError
from engine.scenario import builtin_scenarios, check_scenario, load_scenario

SCENARIOS = builtin_scenarios()
RULE_ID = re.compile(r"\b(?:YGO|DM)-[A-Z0-9]+(?:-[A-Z0-9]+)*")


def test_there_are_built_in_scenarios_for_each_game() -> None:
    games = {p.parent.name for p in SCENARIOS}
    assert "yugioh" in games
    assert len([p for p in SCENARIOS if p.parent.name == "yugioh"]) >= 14


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_builtin_scenario(path: Path) -> None:
    scn = load_scenario(path)
    assert scn.source, "every built-in scenario names the passage it comes from"
    assert scn.rules, "every built-in scenario lists the rule ids it is about"
    failures = check_scenario(scn)
    assert failures == [], "\n".join(failures)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_builtin_scenario_explains_its_answer(path: Path) -> None:
    """The explanation shown after the last step: one to three sentences, citing rule ids
    that exist, at least one of them among the scenario's own ``rules:``."""
    scn = load_scenario(path)
    assert scn.question and scn.explanation
    cited = RULE_ID.findall(scn.explanation)
    assert cited, "the explanation cites rule ids"
    assert [r for r in cited if r not in RULES] == [], "cites only catalogued rule ids"
    assert set(cited) & set(scn.rules), f"cites one of its own rules {scn.rules}"
    sentences = re.split(r"(?<=[.!?])\s+(?=[A-Z\"])", scn.explanation)
    assert 1 <= len(sentences) <= 3, sentences


def _with_top_level(tmp_path: Path, text: str) -> Path:
    source = next(p for p in SCENARIOS if p.stem == "giant_rats_battle").read_text("utf-8")
    source = re.sub(r"(?ms)^explanation:.*?(?=^source:)", "", source)
    path = tmp_path / "giant_rats.yaml"
    path.write_text(source.replace("source:", text + "source:", 1), encoding="utf-8")
    return path


def test_explanation_is_text_and_description_an_older_spelling(tmp_path: Path) -> None:
    scn = load_scenario(_with_top_level(tmp_path, "explanation: >-\n  The turn player's\n  "
                                                   "(YGO-SEGOC).\n"))
    assert scn.explanation == "The turn player's (YGO-SEGOC)."
    scn = load_scenario(_with_top_level(tmp_path, "description: Both (YGO-SEGOC).\n"))
    assert scn.explanation == "Both (YGO-SEGOC)."
    assert load_scenario(_with_top_level(tmp_path, "")).explanation == ""
    with pytest.raises(ScenarioError, match=r"giant_rats.yaml:\d+, field 'explanation': "
                                            "explanation must be text"):
        load_scenario(_with_top_level(tmp_path, "explanation: [YGO-SEGOC]\n"))
    with pytest.raises(ScenarioError, match="field 'description': give either 'explanation'"):
        load_scenario(_with_top_level(tmp_path, "explanation: A.\ndescription: B.\n"))


def test_check_command_passes_every_builtin(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check"]) == 0
    out = capsys.readouterr().out
    assert f"{len(SCENARIOS)} passed, 0 failed" in out


def test_check_command_reports_a_difference(tmp_path: Path, capsys) -> None:
    source = next(p for p in SCENARIOS if p.stem == "amazoness_village_soul_taker").read_text(
        encoding="utf-8")
    broken = tmp_path / "broken.yaml"
    assert "lp: {p1: 8000" in source
    broken.write_text(source.replace("lp: {p1: 8000", "lp: {p1: 1234", 1), encoding="utf-8")
    assert main(["check", str(broken)]) == 1
    out = capsys.readouterr().out
    assert "p1 LP: expected 1234" in out


def test_run_command_prints_a_transcript(capsys) -> None:
    path = next(p for p in SCENARIOS if p.stem == "amazoness_village_soul_taker")
    assert main(["run", str(path)]) == 0
    out = capsys.readouterr().out
    assert "missed the timing" in out and "(YGO-MISS, YGO-SEQUENCE)" in out


def test_run_under_another_preset(capsys) -> None:
    path = next(p for p in SCENARIOS if p.stem == "sangan_caius_tcg_classic")
    assert main(["run", str(path), "--preset", "OCG"]) in (0, 1)
    assert "Chain Link 1" in capsys.readouterr().out


def test_unanswered_decision_fails_the_check(tmp_path: Path) -> None:
    source = next(p for p in SCENARIOS if p.stem == "giant_rats_battle").read_text("utf-8")
    cut = source.replace('  - {answer: "yes"}   # Player 2 activates its Giant Rat\n', "")
    path = tmp_path / "cut.yaml"
    path.write_text(cut, encoding="utf-8")
    failures = check_scenario(load_scenario(path))
    assert any("unanswered decision" in f for f in failures)
    auto = tmp_path / "auto.yaml"
    no_answers = cut.replace('  - {answer: "yes"}   # Player 1 activates its Giant Rat\n', "")
    auto.write_text(no_answers.replace("setup:", "auto: true\nsetup:", 1), encoding="utf-8")
    assert check_scenario(load_scenario(auto)) == []
