"""The board's trigger panel shows both sides of a rule: why a trigger did not miss the timing
(YGO-NOT-MISSED), why an order was not asked (YGO-FORCED-ORDER), why a Duel Masters ability did
not see a creature leave (DM-LOOK-BACK)."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db




@pytest.mark.rule("YGO-NOT-MISSED")
def test_trigger_panel_says_why_the_trigger_did_not_miss() -> None:
    client = Client(HTTP_HOST="localhost")
    response = client.post("/scenarios/yugioh/amazoness_village_not_missed/open")
    board = response["Location"].split("/")[2]
    client.post(f"/b/{board}/step", {"version": 0})  # the destruction: Village is judged
    html = client.get(response["Location"]).content.decode()
    assert "does not miss the timing" in html
    assert "/rules/YGO-NOT-MISSED/" in html


@pytest.mark.rule("YGO-FORCED-ORDER")
def test_log_says_which_switch_fixed_the_order() -> None:
    client = Client(HTTP_HOST="localhost")
    response = client.post("/scenarios/yugioh/forced_order_partly_fixed/open")
    board = response["Location"].split("/")[2]
    for version in range(2):  # the summon, then the free part of the order
        assert client.post(f"/b/{board}/step", {"version": version}).status_code == 200
    html = client.get(response["Location"]).content.decode()
    assert "setting fixes part of the order" in html
    assert "/rules/YGO-FORCED-ORDER/" in html


@pytest.mark.rule("DM-LOOK-BACK")
def test_log_says_why_a_watcher_did_not_see_the_other_creature_leave() -> None:
    client = Client(HTTP_HOST="localhost")
    response = client.post("/scenarios/duel_masters/look_back_battle_both_destroyed/open")
    board = response["Location"].split("/")[2]
    assert client.post(f"/b/{board}/step", {"version": 0}).status_code == 200
    html = client.get(response["Location"]).content.decode()
    assert "so it does not see" in html
    assert "/rules/DM-LOOK-BACK/" in html
