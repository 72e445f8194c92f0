"""The rule catalogue: every id of RULES.md is in the engine, with a test and a scenario."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from engine import RULES
from engine.scenario import builtin_scenarios

ROOT = Path(__file__).resolve().parents[2]
RULES_MD = ROOT.parent / "shared" / "RULES.md"


def _marked_rule_ids() -> set[str]:
    """Rule ids named by ``@pytest.mark.rule(...)`` anywhere in the test suite."""
    found: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "rule"
                    and isinstance(node.func.value, ast.Attribute)
                    and node.func.value.attr == "mark"):
                for arg in node.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        found.add(arg.value)
    return found


def test_catalogue_has_title_statement_and_source() -> None:
    assert len(RULES) >= 38
    for rule in RULES.values():
        assert rule.title and rule.statement and rule.sources, rule.id
        assert rule.game in ("yugioh", "duel_masters")
        assert rule.id.startswith("YGO-" if rule.game == "yugioh" else "DM-")


@pytest.mark.skipif(not RULES_MD.exists(), reason="RULES.md is not beside the repository")
def test_catalogue_matches_rules_md() -> None:
    ids = set(re.findall(r"\*\*((?:YGO|DM)-[A-Z-]+)\*\*", RULES_MD.read_text(encoding="utf-8")))
    assert ids == set(RULES)


def test_every_rule_has_a_marked_test() -> None:
    missing = sorted(set(RULES) - _marked_rule_ids())
    assert missing == [], f"rules with no @pytest.mark.rule test: {missing}"


def test_every_rule_is_cited_by_a_scenario() -> None:
    text = "\n".join(p.read_text(encoding="utf-8") for p in builtin_scenarios())
    missing = sorted(r for r in RULES if not re.search(rf"\b{re.escape(r)}\b", text))
    assert missing == [], f"rules no built-in scenario cites: {missing}"


def test_log_cites_only_known_rules() -> None:
    from engine.scenario import load_scenario, run_scenario

    for path in builtin_scenarios():
        duel = run_scenario(load_scenario(path)).duel
        for entry in duel.state.log:
            for rule in entry["rules"]:
                assert rule in RULES, (path.name, entry)
