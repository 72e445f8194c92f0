"""Duel Masters: the player orders its pending abilities once; the order is kept until a new
kind of ability joins the pool (DM-ORDER, DM-NESTED)."""

from __future__ import annotations

import pytest

from engine.scenario import SCENARIO_DIR, load_scenario


def _heavens_gate():
    scn = load_scenario(SCENARIO_DIR / "duel_masters" / "heavens_gate_milzam_emeralda.yaml")
    duel = scn.new_duel()
    duel.apply({k: v for k, v in scn.steps[0].items() if k != "__line__"})
    duel.apply({"do": "answer", "choice": scn.steps[1]["answer"]})
    return duel


@pytest.mark.rule("DM-ORDER")
def test_the_player_orders_its_pending_abilities_and_the_order_is_kept() -> None:
    duel = _heavens_gate()
    d = duel.state.decision
    assert d.kind == "order" and d.player == 0 and d.rules == ["DM-ORDER"]
    names = [duel.name(o["card"]) for o in d.options]
    assert sorted(names) == ["Emeralda, Pitch Dragon Elemental", "Milzam, Spirit of Miracles"]
    duel.apply({"do": "answer", "choice": ["Emeralda, Pitch Dragon Elemental",
                                           "Milzam, Spirit of Miracles"]})
    asked = []
    while duel.state.decision is not None:
        asked.append(duel.state.decision.kind)
        duel.apply({"do": "answer", "choice": duel.default_answer()})
    assert "order" not in asked  # Milzam followed the order without a second question
    resolved = [duel.name(e["args"]["card"]) for e in duel.state.log
                if e["key"] == "pending.resolve"]
    assert resolved[:2] == ["Emeralda, Pitch Dragon Elemental", "Milzam, Spirit of Miracles"]


@pytest.mark.rule("DM-ORDER")
def test_a_single_answer_to_an_order_puts_that_one_first() -> None:
    duel = _heavens_gate()
    ids = [o["id"] for o in duel.state.decision.options]
    duel.apply({"do": "answer", "choice": "Milzam, Spirit of Miracles"})
    entry = next(e for e in reversed(duel.state.log) if e["key"] == "decision.next_pending")
    assert duel.name(entry["args"]["card"]) == "Milzam, Spirit of Miracles"
    assert len(entry["args"]["cards"]) == len(ids)
