"""Rules versions (engine.versions): the changelog, outcomes, and a history opened under a
later version: replayed under today's rules and compared with the outcome it recorded."""

from __future__ import annotations

import base64
import copy
import json
import zlib
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine import RULES_VERSION, Duel, recheck
from engine.errors import DataError
from engine.links import LinkError, decode, encode, open_link, reopen_link
from engine.scenario import builtin_scenarios, load_scenario, run_scenario
from engine.versions import (
    CHANGES,
    CHANGES_PATH,
    VersionError,
    changes_between,
    check_outcome,
    differences,
    load_changes,
    outcome,
)

HERE = Path(__file__).parent
GOLDEN = yaml.safe_load((HERE / "golden_links.yaml").read_text("utf-8"))
RECORDED = yaml.safe_load((HERE / "golden_outcomes.yaml").read_text("utf-8"))


def scenario_duel(game: str, stem: str) -> Duel:
    path = next(p for p in builtin_scenarios(game) if p.stem == stem)
    return run_scenario(load_scenario(path)).duel


# ---------------------------------------------------------------------- the changelog
def test_the_changelog_ends_at_the_current_version() -> None:
    assert [c.version for c in CHANGES] == list(range(1, RULES_VERSION + 1))
    assert [c.date for c in CHANGES] == sorted(c.date for c in CHANGES)
    assert changes_between(RULES_VERSION) == []
    assert changes_between(0) == CHANGES
    assert [c.version for c in changes_between(2, 3)] == [3]


@pytest.mark.rule("YGO-FORCED-ORDER")
@pytest.mark.rule("DM-LOOK-BACK")
def test_the_changelog_names_the_reading_changes_already_made() -> None:
    rules = {r for c in CHANGES for r in c.rules}
    assert {"DM-LOOK-BACK", "YGO-FORCED-ORDER", "YGO-NOT-MISSED"} <= rules


@pytest.mark.parametrize(("edit", "field"), [
    (lambda e: e[1].update(version=5), "version"),
    (lambda e: e[1].update(date="yesterday"), "date"),
    (lambda e: e[1].update(rules=["YGO-NO-SUCH-RULE"]), "rules"),
    (lambda e: e[1].update(summary=""), "summary"),
    (lambda e: e.pop(), "version"),
])
def test_a_broken_changelog_fails_on_load_naming_the_file_and_field(
        tmp_path: Path, edit: Any, field: str) -> None:
    entries = yaml.safe_load(CHANGES_PATH.read_text("utf-8"))
    edit(entries)
    path = tmp_path / "rules_changes.yaml"
    path.write_text(yaml.safe_dump(entries), "utf-8")
    with pytest.raises(DataError, match="rules_changes.yaml") as caught:
        load_changes(path)
    assert caught.value.field == field


# ---------------------------------------------------------------------- golden links
def golden_problem(recorded: dict[str, Any], now: dict[str, dict[str, Any]],
                   version: int) -> str | None:
    """Why the golden outcomes do not fit the engine any more, in words for the developer,
    or None when they do."""
    changed = sorted(k for k, v in now.items() if recorded["outcomes"].get(k) != v)
    if recorded["rules_version"] > version:
        return (f"tests/engine/golden_outcomes.yaml names rules version "
                f"{recorded['rules_version']}, but engine.versions.RULES_VERSION is {version}")
    if not changed:
        return None
    new = yaml.safe_dump({"rules_version": version if recorded["rules_version"] < version
                          else version + 1, "outcomes": now}, sort_keys=False)
    if recorded["rules_version"] == version:
        return (f"The engine's reading of the rules changed how these golden links end: "
                f"{', '.join(changed)}. A change of outcome needs a new rules version: add "
                f"version {version + 1} to engine/data/rules_changes.yaml (date, the rule ids "
                f"concerned, one line on what reads differently), set engine.versions."
                f"RULES_VERSION = {version + 1}, and record the new outcomes in "
                f"tests/engine/golden_outcomes.yaml:\n{new}")
    return (f"Rules version {version} is in the changelog: record the outcomes of the golden "
            f"links under it in tests/engine/golden_outcomes.yaml ({', '.join(changed)} "
            f"changed):\n{new}")


def golden_outcomes_now() -> dict[str, dict[str, Any]]:
    return {g["made_from"]: outcome(open_link(g["link"])[0]) for g in GOLDEN}


def test_a_changed_outcome_on_the_golden_links_needs_a_new_rules_version() -> None:
    problem = golden_problem(RECORDED, golden_outcomes_now(), RULES_VERSION)
    assert problem is None, problem


def test_the_golden_check_tells_the_developer_to_add_a_changelog_entry() -> None:
    now = golden_outcomes_now()
    changed = copy.deepcopy(now)
    first = next(iter(changed))
    changed[first]["lp"][1] -= 1000
    recorded = {"rules_version": RULES_VERSION, "outcomes": now}
    problem = golden_problem(recorded, changed, RULES_VERSION)
    assert problem is not None and first in problem
    assert "engine/data/rules_changes.yaml" in problem
    assert f"RULES_VERSION = {RULES_VERSION + 1}" in problem
    # the version raised, the new outcomes still to be recorded
    problem = golden_problem({**recorded, "rules_version": RULES_VERSION - 1}, changed,
                             RULES_VERSION)
    assert problem is not None and "record the outcomes" in problem
    assert golden_problem({**recorded, "rules_version": RULES_VERSION + 1}, now,
                          RULES_VERSION) is not None


@pytest.mark.parametrize("golden", GOLDEN, ids=lambda g: g["made_from"])
def test_golden_links_without_a_version_open_as_version_zero(golden: dict) -> None:
    duel, data, again = reopen_link(golden["link"])
    assert "rules" not in data
    assert again is not None and again.version == 0 and again.differences is None
    assert again.report is not None and again.report.carried_all
    assert again.changes == CHANGES
    assert len(duel.actions) == golden["actions"]


# ---------------------------------------------------------------------- outcomes
def test_an_outcome_is_compact_and_equal_for_the_same_history() -> None:
    duel = scenario_duel("yugioh", "sangan_caius_tcg")
    again = Duel.from_dict(duel.to_dict(), library=duel.library)
    assert outcome(duel) == outcome(again)
    assert differences(outcome(duel), outcome(again)) == []
    assert check_outcome(outcome(duel)) == outcome(duel)
    for path in builtin_scenarios():
        assert len(encode(run_scenario(load_scenario(path)).duel)) < 2000, path.stem


@pytest.mark.rule("YGO-MISS")
def test_differences_name_the_lp_zones_marks_and_trigger_fates() -> None:
    duel = scenario_duel("yugioh", "amazoness_village_soul_taker")
    now = outcome(duel)
    then = copy.deepcopy(now)
    then["lp"][1] = 8000
    then["zones"][1]["gy"] = []
    then["fates"] = [[4, 0, "resolved"]]
    then["down"] = [4]
    found = differences(then, now)
    assert {"what": "lp", "player": 1, "then": 8000, "now": 9000} in found
    assert {"what": "zone", "player": 1, "zone": "gy", "then": [], "now": [3]} in found
    assert {"what": "fate", "card": 4, "effect": 0, "then": ["resolved"],
            "now": ["missed"]} in found
    assert {"what": "down", "card": 4, "then": True, "now": False} in found


# ---------------------------------------------------------------------- opening again
@pytest.mark.rule("YGO-FORCED-ORDER")
def test_a_history_of_an_older_version_is_replayed_and_compared() -> None:
    duel = scenario_duel("yugioh", "forced_order_partly_fixed")
    then = outcome(duel)
    then["lp"] = [then["lp"][0], then["lp"][1] + 1000]
    again = recheck(duel.to_dict(), version=3, outcome_then=then, library=duel.library)
    assert again.differs
    assert again.differences == [{"what": "lp", "player": 1, "then": then["lp"][1],
                                  "now": duel.state.lp[1]}]
    assert [c.version for c in again.changes] == list(range(4, RULES_VERSION + 1))
    assert "YGO-FORCED-ORDER" in again.changes[0].rules
    assert again.report is not None and again.duel.actions == duel.actions


def test_the_same_outcome_under_an_older_version_differs_in_nothing() -> None:
    duel = scenario_duel("duel_masters", "look_back_put_in_together")
    again = recheck(duel.to_dict(), version=1, outcome_then=outcome(duel),
                    library=duel.library)
    assert again.differences == [] and not again.differs
    assert [c.version for c in again.changes] == list(range(2, RULES_VERSION + 1))


def test_a_history_refused_today_opens_up_to_the_refused_step() -> None:
    duel = scenario_duel("yugioh", "sangan_caius_tcg")
    data = duel.to_dict()
    data["actions"] = [*data["actions"], {"do": "normal_summon", "card": "No Such Card"}]
    again = recheck(data, version=1, outcome_then=None, library=duel.library)
    assert again.duel.actions == duel.actions
    stopped = again.report.stopped
    assert stopped is not None and stopped["step"] == len(data["actions"])
    assert again.report.processed == len(duel.actions)


@pytest.mark.parametrize("version", [-1, RULES_VERSION + 1, "3", 2.5, True, None])
def test_a_version_that_is_not_one_is_refused(version: Any) -> None:
    duel = scenario_duel("yugioh", "sangan_caius_tcg")
    with pytest.raises(VersionError):
        recheck(duel.to_dict(), version=version, outcome_then=None, library=duel.library)


def test_an_outcome_naming_cards_the_board_does_not_have_is_refused() -> None:
    duel = scenario_duel("yugioh", "sangan_caius_tcg")
    forged = outcome(duel)
    forged["zones"][0]["gy"] = [999]
    with pytest.raises(VersionError, match="cards the board does not have"):
        recheck(duel.to_dict(), version=1, outcome_then=forged, library=duel.library)


# ---------------------------------------------------------------------- links
def test_a_link_records_the_version_and_the_outcome() -> None:
    duel = scenario_duel("yugioh", "sangan_caius_tcg")
    data = decode(encode(duel))
    assert data["rules"] == RULES_VERSION and data["outcome"] == outcome(duel)
    _, _, again = reopen_link(encode(duel))
    assert again is None  # made under this version: opened as recorded


@pytest.mark.parametrize(("change", "says"), [
    ({"rules": RULES_VERSION + 7}, "newer than this simulator"),
    ({"rules": "4"}, "not a version number"),
    ({"rules": -2}, "not a version number"),
    ({"outcome": {"lp": "lots"}}, "outcome is not valid"),
    ({"outcome": [1, 2]}, "outcome is not valid"),
])
def test_a_link_with_a_forged_version_or_outcome_is_refused_with_a_reason(
        change: dict[str, Any], says: str) -> None:
    duel = scenario_duel("yugioh", "sangan_caius_tcg")
    data = {**decode(encode(duel)), **change}
    raw = json.dumps(data).encode()
    link = "1" + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")
    with pytest.raises(LinkError, match=says):
        open_link(link)
