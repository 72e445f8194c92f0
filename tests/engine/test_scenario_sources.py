"""Every built-in scenario teaches one ruling that a learner can look up.

Each names where its ruling comes from (a public rulings page, an official rulebook or Q&A, or
one of the seed articles 000-004 that RULES.md distils), asks a question, answers it, and
lists its rule ids; and no two teach the same thing: no two share the same cards, rule ids and
rule preset.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from engine import RULES
from engine.scenario import Scenario, builtin_scenarios, load_scenario

SCENARIOS = builtin_scenarios()
#: a web address, or a seed article named by its number at the start or before a colon/comma
URL = re.compile(r"https?://\S+")
SEED = re.compile(r"(?:^|[\s(/])00[0-4](?=[\s:,)/])")
#: official documents named without an address
OFFICIAL = re.compile(r"rulebook|comprehensive rules|official (?:rules|rulings|Q&A)", re.I)


def _cites(source: str) -> bool:
    return bool(URL.search(source) or SEED.search(source) or OFFICIAL.search(source))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_scenario_names_its_source_question_answer_and_rules(path: Path) -> None:
    scn = load_scenario(path)
    assert _cites(scn.source), (
        f"source must cite a public ruling (a URL), an official document or a seed article "
        f"000-004: {scn.source!r}")
    assert len(scn.source) >= 40, "the source says in a line what the ruling is"
    assert scn.question.strip() and scn.explanation.strip()
    assert scn.rules and all(rule in RULES for rule in scn.rules), scn.rules


def _card_ids(scn: Scenario) -> frozenset[str]:
    """The cards on a scenario's board, by id (any name or alias given in the set-up)."""
    library = scn.library()
    found: set[str] = set()

    def visit(entry: Any) -> None:
        if isinstance(entry, str):
            card = library.find(entry)
            if card is not None:
                found.add(card.id)
        elif isinstance(entry, dict):
            visit(entry.get("card"))
            for under in entry.get("under", []):
                visit(under)

    for key in ("p1", "p2"):
        for zone, entries in (scn.setup.get(key) or {}).items():
            if zone != "lp":
                for entry in entries or []:
                    visit(entry)
    return frozenset(found)


def _teaches(scn: Scenario) -> tuple[str, frozenset[str], frozenset[str], frozenset]:
    """What a scenario teaches: its game, cards, rule ids and settings (the preset, TCG
    unless said, and any switch such as the Duel's first turn)."""
    settings = {"preset": "TCG", **(scn.settings or {})}
    return scn.game, _card_ids(scn), frozenset(scn.rules), frozenset(
        (k, str(v)) for k, v in settings.items())


def test_no_two_scenarios_teach_the_same_thing() -> None:
    seen: dict[tuple[str, frozenset[str], frozenset[str], frozenset], str] = {}
    twins = []
    for path in SCENARIOS:
        key = _teaches(load_scenario(path))
        if key in seen:
            twins.append(f"{seen[key]} and {path.stem}")
        seen.setdefault(key, path.stem)
    assert twins == [], "same cards, rule ids and settings: " + "; ".join(twins)


def test_a_scenario_with_no_source_or_a_twin_is_caught(tmp_path: Path) -> None:
    original = next(p for p in SCENARIOS if p.stem == "giant_rats_battle")
    text = original.read_text(encoding="utf-8")
    bare = re.sub(r"(?ms)^source: .*?(?=^rules:)", "source: my own idea\n", text)
    assert not _cites(load_scenario(_write(tmp_path, "bare", bare)).source)
    twin = load_scenario(_write(tmp_path, "twin", text))
    assert _teaches(twin) == _teaches(load_scenario(original))


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path
