"""Every built-in scenario passes its ``expect`` block, through the same code as
``python -m engine check``."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.__main__ import main
from engine.scenario import builtin_scenarios, check_scenario, load_scenario

SCENARIOS = builtin_scenarios()


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
