"""The board shows both sides of a rule: why a trigger did not miss the timing
(YGO-NOT-MISSED), why an order was not asked (YGO-FORCED-ORDER), why a Duel Masters ability did
not see a creature leave (DM-LOOK-BACK)."""

from __future__ import annotations

import pytest

from tests.web.scenario_pages import board_page_after

pytestmark = pytest.mark.django_db




@pytest.mark.rule("YGO-NOT-MISSED")
def test_trigger_panel_says_why_the_trigger_did_not_miss() -> None:
    html = board_page_after("yugioh", "amazoness_village_not_missed", 1)  # Village is judged
    assert "does not miss the timing" in html
    assert "/rules/YGO-NOT-MISSED/" in html


@pytest.mark.rule("YGO-FORCED-ORDER")
def test_log_says_which_switch_fixed_the_order() -> None:
    html = board_page_after("yugioh", "forced_order_partly_fixed", 2)  # the free part answered
    assert "setting fixes part of the order" in html
    assert "/rules/YGO-FORCED-ORDER/" in html


@pytest.mark.rule("DM-LOOK-BACK")
def test_log_says_why_a_watcher_did_not_see_the_other_creature_leave() -> None:
    html = board_page_after("duel_masters", "look_back_battle_both_destroyed", 1)
    assert "so it does not see" in html
    assert "/rules/DM-LOOK-BACK/" in html
