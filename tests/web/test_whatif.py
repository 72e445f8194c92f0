"""What-if switches: each switch changes the outcome for the rule it is about, the page shows
both outcomes side by side, and a GET changes nothing."""

from __future__ import annotations

import copy

import pytest
from django.test import Client

from engine import Duel
from engine.scenario import load_scenario, run_scenario
from simulator import store, whatif
from simulator.models import Board

pytestmark = pytest.mark.django_db

SCENARIOS = "engine/data/scenarios/yugioh/"
#: a Trap that destroys every monster, so both players' triggers meet their timing at once on
#: either player's turn (a Normal Spell could not be activated on the opponent's turn)
HOLE = {"id": "test_hole", "game": "yugioh", "name": {"en": "Test Hole"}, "type": "trap",
        "text": "Destroy all monsters on the field.",
        "effects": [{"kind": "activation", "label": "destroy all monsters",
                     "operations": [{"op": "destroy",
                                     "all": {"zone": "monster", "controller": "any"}}]}]}


def scenario_duel(name: str) -> Duel:
    return run_scenario(load_scenario(SCENARIOS + name)).duel


def run(duel: Duel, switch_id: str, custom: list | None = None) -> dict:
    switch = whatif.find_switch(duel, switch_id)
    return whatif.what_if(duel, switch, custom or [])


def rule_ids(result: dict) -> list[str]:
    return [r["id"] for r in result["rules"]]


@pytest.mark.rule("YGO-MISS")
def test_when_to_if_no_longer_misses_the_timing() -> None:
    duel = scenario_duel("amazoness_village_soul_taker.yaml")
    result = run(duel, "wording:amazoness_village:0")
    before, after = result["sides"]
    assert len(before["chains"]) == 1
    assert any("Amazoness Village" in link for chain in after["chains"] for link in chain)
    assert "YGO-MISS" in rule_ids(result)
    assert any(e["differs"] and "missed the timing" in e["text"] for e in before["log"])


@pytest.mark.rule("YGO-MISS")
def test_optional_to_mandatory_does_not_miss() -> None:
    duel = scenario_duel("amazoness_village_soul_taker.yaml")
    result = run(duel, "optional:amazoness_village:0")
    after = result["sides"][1]
    assert any("mandatory" in e["text"] and e["differs"] for e in after["log"])
    assert len(after["chains"]) == 2
    assert "YGO-MISS" in rule_ids(result)


def test_a_changed_wording_is_for_the_replay_only() -> None:
    duel = scenario_duel("amazoness_village_soul_taker.yaml")
    run(duel, "wording:amazoness_village:0")
    assert duel.library["amazoness_village"].effects[0].wording == "when"
    assert Duel("yugioh").library["amazoness_village"].effects[0].wording == "when"


@pytest.mark.rule("YGO-SEGOC")
def test_whose_turn_changes_the_segoc_order() -> None:
    duel = Duel("yugioh", cards=[HOLE], setup={
        "turn_player": "p1", "phase": "main1",
        "p1": {"spell_trap": [{"card": "Test Hole", "set": True}], "monster": ["Sangan"],
               "deck": ["Kuriboh"]},
        "p2": {"monster": ["Sangan"], "deck": ["Kuriboh"]}})
    duel.apply({"do": "activate", "card": duel.ref("Test Hole")})
    result = run(duel, "turn:p2", [HOLE])
    before, after = result["sides"]
    assert before["chains"][1][0].endswith("(Player 1)")
    assert after["chains"][1][0].endswith("(Player 2)")
    assert "YGO-SEGOC" in rule_ids(result)


@pytest.mark.rule("YGO-FORCED-ORDER")
def test_the_preset_changes_a_forced_order() -> None:
    duel = scenario_duel("sangan_caius_tcg.yaml")
    result = run(duel, "preset:TCG classic")
    assert result["sides"][0]["chains"] != result["sides"][1]["chains"] or result["report"][
        "lines"]
    assert set(rule_ids(result)) & {"YGO-FORCED-ORDER", "YGO-SEGOC"}


def test_whose_turn_makes_a_step_illegal() -> None:
    duel = scenario_duel("amazoness_village_soul_taker.yaml")
    result = run(duel, "turn:p2")
    assert [line["kind"] for line in result["report"]["lines"]] == ["stopped"]
    assert "YGO-CHAIN" in rule_ids(result)


def test_duel_masters_offers_no_wording_switch() -> None:
    duel = Duel("duel_masters", setup={"turn_player": "p1",
                                       "p1": {"battle": ["Aqua Soldier"]}})
    kinds = {s.kind for s in whatif.switches(duel)}
    assert "wording" not in kinds and "preset" not in kinds and "turn" in kinds


def test_an_unknown_switch_is_refused() -> None:
    duel = scenario_duel("amazoness_village_soul_taker.yaml")
    with pytest.raises(whatif.UnknownSwitch):
        whatif.find_switch(duel, "wording:sangan:9")


# ---------------------------------------------------------------------- over HTTP
@pytest.fixture
def client() -> Client:
    return Client(HTTP_HOST="localhost")


def open_board(client: Client, slug: str) -> Board:
    response = client.post(f"/scenarios/yugioh/{slug}/open")
    return Board.objects.get(slug=response["Location"].split("/")[2])


def test_the_page_lists_switches_and_shows_both_sides(client: Client) -> None:
    board = open_board(client, "amazoness_village_soul_taker")
    data = copy.deepcopy(Board.objects.get(pk=board.pk).data)
    page = client.get(f"/b/{board.slug}/whatif").content.decode()
    assert "wording:amazoness_village:0" in page and "turn:p2" in page
    response = client.get(f"/b/{board.slug}/whatif",
                          {"switch": "wording:amazoness_village:0"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "As played" in html and "Under the change" in html
    assert 'class="differs"' in html and "/rules/YGO-MISS/" in html
    assert Board.objects.get(pk=board.pk).data == data  # the board is untouched


def test_the_board_links_the_page(client: Client) -> None:
    board = open_board(client, "amazoness_village_soul_taker")
    assert f"/b/{board.slug}/whatif" in client.get(f"/b/{board.slug}/").content.decode()


@pytest.mark.parametrize("switch", ["nonsense", "wording:sangan:0", "x" * 400])
def test_bad_switches_are_refused_politely(client: Client, switch: str) -> None:
    board = open_board(client, "amazoness_village_soul_taker")
    response = client.get(f"/b/{board.slug}/whatif", {"switch": switch})
    assert response.status_code == 400
    if len(switch) > 300:
        assert "300" in response.content.decode()


def test_a_board_with_seats_is_refused_to_watchers(client: Client) -> None:
    board = open_board(client, "amazoness_village_soul_taker")
    Board.objects.filter(pk=board.pk).update(seats=True)
    assert Client(HTTP_HOST="localhost").get(f"/b/{board.slug}/whatif").status_code == 403
    assert client.get(f"/b/{board.slug}/whatif").status_code == 200


def test_a_scenario_board_is_compared_to_its_end(client: Client) -> None:
    board = open_board(client, "sangan_caius_tcg")
    assert store.duel_of(board).actions == []
    html = client.get(f"/b/{board.slug}/whatif", {"switch": "preset:TCG classic"}).content
    assert b"Caius the Shadow Monarch" in html
