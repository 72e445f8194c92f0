"""Each trigger knows its last log entry (``Trigger.logged``): the triggers panel explains
a trigger from it without searching the log."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.scenario import builtin_scenarios, load_scenario, run_scenario


@pytest.mark.parametrize("path", builtin_scenarios(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_trigger_names_the_last_log_entry_about_it(path: Path) -> None:
    duel = run_scenario(load_scenario(path)).duel
    for k in range(len(duel.actions) + 1):
        state = duel.at(k).state
        last: dict[int, int] = {}
        for entry in state.log:
            tid = entry.get("args", {}).get("tid")
            if tid is not None and entry["key"].startswith(("trigger.", "pending.")):
                last[tid] = entry["seq"]
        assert {t.tid: t.logged for t in state.triggers if t.logged} == last, f"step {k}"
        for t in state.triggers:
            if t.logged:
                assert state.log[t.logged - 1]["args"]["tid"] == t.tid
