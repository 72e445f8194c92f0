"""Both sides of two Yu-Gi-Oh! rules: why a "when" trigger did *not* miss the timing
(YGO-NOT-MISSED, the other side of YGO-MISS) and an order the preset fixes, which nobody is
asked (YGO-FORCED-ORDER, the other side of YGO-SEGOC). Each comes as a pair of runs."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.helpers import (
    answer,
    chain_names,
    decision_cards,
    entries,
    monster,
    new_duel,
    only_trigger,
)

VILLAGE_BOARD = {"turn_player": "p1", "phase": "main1",
                 "p2": {"monster": ["Amazoness Swords Woman"], "field": ["Amazoness Village"],
                        "deck": ["Amazoness Fighter"]}}
SANGAN_CAIUS = {"turn_player": "p1", "phase": "main1",
                "p1": {"monster": ["Sangan"], "hand": ["Caius the Shadow Monarch"],
                       "deck": ["Kuriboh"]},
                "p2": {"monster": ["Celtic Guardian"]}}
#: a third mandatory trigger that meets its timing with the Tribute Summon
HERALD = monster("t_herald", "Test Herald",
                 {"kind": "trigger", "wording": "if", "optional": False,
                  "event": {"type": "summoned", "how": "tribute"},
                  "operations": [{"op": "draw", "count": 1}]})


# ---------------------------------------------------------------------- YGO-NOT-MISSED
@pytest.mark.rule("YGO-NOT-MISSED")
def test_not_missed_names_the_instant_that_was_the_last_thing() -> None:
    duel = new_duel(VILLAGE_BOARD)
    duel.apply({"do": "destroy", "card": "Amazoness Swords Woman"})
    [note] = entries(duel, "trigger.not_missed")
    village = only_trigger(duel, "Amazoness Village")
    assert note["rules"] == ["YGO-NOT-MISSED"]
    assert note["args"]["met_at"] == village.met_at == duel.state.instant  # the last instant
    assert note["args"]["event"][0]["card"] == duel.ref("Amazoness Swords Woman")
    assert "YGO-NOT-MISSED" in village.rules  # what the trigger panel shows
    answer(duel, "yes")
    assert village.status == "resolved" and "YGO-NOT-MISSED" in village.rules
    assert "is the last thing that happened (YGO-NOT-MISSED)" in "\n".join(duel.transcript())


@pytest.mark.rule("YGO-NOT-MISSED")
@pytest.mark.rule("YGO-MISS")
def test_the_missed_run_has_no_not_missed_note() -> None:
    duel = new_duel({**VILLAGE_BOARD, "p1": {"hand": ["Soul Taker"]}})
    duel.apply({"do": "activate", "card": "Soul Taker"})
    village = only_trigger(duel, "Amazoness Village")
    assert village.status == "missed" and "YGO-NOT-MISSED" not in village.rules
    assert entries(duel, "trigger.not_missed") == []
    assert len(entries(duel, "trigger.missed")) == 1


@pytest.mark.rule("YGO-NOT-MISSED")
def test_only_optional_when_triggers_get_the_note() -> None:
    """A mandatory or "if" trigger cannot miss the timing: there is nothing to explain."""
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": ["Sangan"], "deck": ["Kuriboh"]}})
    duel.apply({"do": "destroy", "card": "Sangan"})
    duel.auto()
    assert only_trigger(duel, "Sangan").status == "resolved"
    assert entries(duel, "trigger.not_missed") == []


@pytest.mark.rule("YGO-NOT-MISSED")
def test_declining_a_trigger_that_did_not_miss_still_says_why_it_could_be_activated() -> None:
    duel = new_duel(VILLAGE_BOARD)
    duel.apply({"do": "destroy", "card": "Amazoness Swords Woman"})
    answer(duel, "no")
    assert only_trigger(duel, "Amazoness Village").status == "declined"
    assert len(entries(duel, "trigger.not_missed")) == 1


# ---------------------------------------------------------------------- YGO-FORCED-ORDER
@pytest.mark.rule("YGO-FORCED-ORDER")
def test_trigger_first_fixes_the_order_and_nobody_is_asked() -> None:
    duel = new_duel(SANGAN_CAIUS, preset="TCG classic")
    duel.apply({"do": "normal_summon", "card": "Caius the Shadow Monarch",
                "tributes": ["Sangan"]})
    assert duel.state.decision.kind == "choose_cards"  # Caius's target: no order asked
    [note] = entries(duel, "trigger.order_forced")
    assert note["rules"][0] == "YGO-FORCED-ORDER"
    assert note["args"]["switch"] == "trigger first"
    assert note["args"]["cards"] == [duel.ref("Sangan"), duel.ref("Caius the Shadow Monarch")]
    answer(duel, "Celtic Guardian")
    assert chain_names(duel) == [["Sangan", "Caius the Shadow Monarch"]]
    assert "YGO-FORCED-ORDER" in only_trigger(duel, "Sangan").rules
    text = "\n".join(duel.transcript())
    assert 'The "trigger first" setting fixes the order of Player 1\'s triggers' in text


@pytest.mark.rule("YGO-FORCED-ORDER")
@pytest.mark.rule("YGO-SEGOC")
def test_without_the_switch_the_turn_player_is_asked() -> None:
    duel = new_duel(SANGAN_CAIUS, preset="TCG")
    duel.apply({"do": "normal_summon", "card": "Caius the Shadow Monarch",
                "tributes": ["Sangan"]})
    d = duel.state.decision
    assert d.kind == "order" and d.player == 0
    assert sorted(decision_cards(duel)) == ["Caius the Shadow Monarch", "Sangan"]
    assert entries(duel, "trigger.order_forced") == []
    answer(duel, ["Caius the Shadow Monarch", "Sangan"])
    answer(duel, "Celtic Guardian")
    assert chain_names(duel) == [["Caius the Shadow Monarch", "Sangan"]]
    assert "YGO-FORCED-ORDER" not in only_trigger(duel, "Sangan").rules


@pytest.mark.rule("YGO-FORCED-ORDER")
def test_when_part_of_the_order_is_fixed_only_the_free_part_is_asked() -> None:
    setup = {**SANGAN_CAIUS, "p1": {**SANGAN_CAIUS["p1"], "monster": ["Sangan", "Test Herald"],
                                    "deck": ["Kuriboh", "Kuriboh"]}}
    duel = new_duel(setup, HERALD, preset="TCG classic")
    duel.apply({"do": "normal_summon", "card": "Caius the Shadow Monarch",
                "tributes": ["Sangan"]})
    d = duel.state.decision
    assert d.kind == "order"
    assert sorted(decision_cards(duel)) == ["Caius the Shadow Monarch", "Test Herald"]
    assert len(entries(duel, "trigger.order_partly_forced")) == 0  # logged once, when decided
    answer(duel, ["Test Herald", "Caius the Shadow Monarch"])
    [note] = entries(duel, "trigger.order_partly_forced")
    assert note["args"]["switch"] == "trigger first"
    duel.auto()
    assert chain_names(duel) == [["Sangan", "Test Herald", "Caius the Shadow Monarch"]]
    assert len(entries(duel, "trigger.order_partly_forced")) == 1  # not repeated


def _hand_and_field(preset: str) -> Any:
    """Two optional "if a monster is destroyed" triggers of the turn player: one on the
    field, one from the hand."""
    on_field = monster("t_field_watch", "Test Field Watcher",
                       {"kind": "trigger", "wording": "if", "optional": True,
                        "event": {"type": "destroyed", "card": "other"},
                        "operations": [{"op": "gain_lp", "amount": 100}]})
    in_hand = monster("t_hand_watch", "Test Hand Watcher",
                      {"kind": "trigger", "wording": "if", "optional": True,
                       "activate_from": "hand",
                       "event": {"type": "destroyed", "card": "other"},
                       "operations": [{"op": "gain_lp", "amount": 200}]})
    duel = new_duel({"turn_player": "p1", "phase": "main1",
                     "p1": {"monster": ["Test Field Watcher", "Celtic Guardian"],
                            "hand": ["Test Hand Watcher"]}},
                    on_field, in_hand, preset=preset)
    duel.apply({"do": "destroy", "card": "Celtic Guardian"})
    answer(duel, "yes")
    answer(duel, "yes")
    return duel


@pytest.mark.rule("YGO-FORCED-ORDER")
def test_hand_triggers_last_fixes_the_order_of_a_hand_and_a_field_trigger() -> None:
    duel = _hand_and_field("OCG")
    assert duel.state.decision is None or duel.state.decision.kind != "order"
    [note] = entries(duel, "trigger.order_forced")
    assert note["args"]["switch"] == "hand triggers last"
    duel.auto()
    assert chain_names(duel) == [["Test Field Watcher", "Test Hand Watcher"]]


@pytest.mark.rule("YGO-FORCED-ORDER")
def test_contrast_under_tcg_the_hand_and_field_triggers_are_ordered_freely() -> None:
    duel = _hand_and_field("TCG")
    assert duel.state.decision.kind == "order"
    answer(duel, ["Test Hand Watcher", "Test Field Watcher"])
    duel.auto()
    assert chain_names(duel) == [["Test Hand Watcher", "Test Field Watcher"]]
    assert entries(duel, "trigger.order_forced") == []
