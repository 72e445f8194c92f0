"""(e) Every built-in scenario played in the browser, step by step with "Next step", ends where
its ``expect`` block says, with no error shown and no console error.

The scenario files are read at collection time, so scenarios being written (Duel Masters) are
included as they appear. A scenario that fails in the engine alone is reported by
tests/engine/test_scenarios.py; here it is an expected failure, not a second report.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from engine.errors import EngineError
from engine.scenario import Result, builtin_scenarios, check_scenario, load_scenario

pytestmark = pytest.mark.e2e

SCENARIOS = builtin_scenarios()


@pytest.mark.parametrize("path", SCENARIOS, ids=[f"{p.parent.name}/{p.stem}" for p in SCENARIOS])
def test_builtin_scenario_played_in_the_browser(path, page: Page, ui, saved, e2e_server,
                                                console_errors) -> None:
    scn = load_scenario(path)
    try:
        engine_failures = check_scenario(scn)
    except EngineError as exc:
        engine_failures = [str(exc)]
    if engine_failures:
        pytest.xfail("the scenario fails in the engine alone (see tests/engine): "
                     + "; ".join(engine_failures))

    console_errors.watch(page)
    slug = ui.open_scenario(page, scn.game, scn.slug)
    expect(page.locator("#status")).to_contain_text(scn.title)
    played = 0
    while ui.next_step_button(page).count():
        assert played < len(scn.steps), "more steps offered than the scenario has"
        refused = scn.steps[played].get("expect_refused") is not None
        ui.click_and_wait(page, ui.next_step_button(page), expect_message=(
            f"Step {played + 1} is refused, as the scenario expects" if refused else ""))
        played += 1
    assert played == len(scn.steps)
    if scn.steps[-1].get("expect_refused") is None:
        assert ui.message(page) == ""
    assert console_errors == [], "\n".join(console_errors)

    board, duel = saved.duel(e2e_server, slug)
    assert board.pending_steps == []
    assert board.version == len(scn.steps)
    failures = check_scenario(scn, Result(scn, duel, []))
    if duel.state.decision is not None:
        failures.append(f"a decision is left open: {duel.state.decision.kind}")
    assert failures == []
    # and the page shows that final board: the last log line is the saved duel's
    last = page.locator("#log ol.log > li").last
    expect(last).to_have_attribute("value", str(duel.state.log[-1]["seq"]))
