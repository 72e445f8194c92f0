"""(5) Whose card, on the site: where cards of one name are different players', the log, the
triggers panel, the chain, a decision (with the card that asks), a vote's options and the
chain picture say whose each is; a viewer is never told of a card it may not see."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.utils import translation

from engine import Duel
from engine.scenario import _play_step, load_scenario, run_scenario
from simulator import pictures, predict, script, store
from simulator.rendering import (
    Viewer,
    _decision_view,
    _log_view,
    _triggers_view,
)

pytestmark = pytest.mark.django_db

SCENARIOS = Path("engine/data/scenarios")
DARK_HOLE = SCENARIOS / "yugioh/dark_hole_sangans_and_petens.yaml"
P1, P2 = "Player 1's Sangan", "Player 2's Sangan"


def test_the_log_and_the_triggers_panel_say_whose_sangan() -> None:
    vw = Viewer(run_scenario(load_scenario(DARK_HOLE)).duel)
    log = " ".join(line["text"] for line in _log_view(vw))
    assert f"{P1} was destroyed" in log and f"{P2} was destroyed" in log
    triggers = [t["card"] for t in _triggers_view(vw)]
    assert P1 in triggers and P2 in triggers and "Sangan" not in triggers


def test_the_log_in_french_and_japanese() -> None:
    duel = run_scenario(load_scenario(DARK_HOLE)).duel
    with translation.override("fr"):
        log = " ".join(line["text"] for line in _log_view(Viewer(duel)))
        assert "Sangan de Joueur 2" in log
    with translation.override("ja"):
        vw = Viewer(duel)
        sangan = duel.name_in(next(c.iid for c in duel.state.cards.values()
                                   if c.card_id == "sangan"), "ja")
        log = " ".join(line["text"] for line in _log_view(vw))
        assert f"プレイヤー2の{sangan}" in log


def supply_squads() -> Duel:
    duel = Duel("yugioh", setup={
        "turn_player": "p1", "phase": "main1",
        "p1": {"hand": ["Dark Hole"], "monster": ["Kuriboh"], "spell_trap": ["Supply Squad"],
               "deck": ["Kuriboh"]},
        "p2": {"monster": ["Kuriboh"], "spell_trap": ["Supply Squad"], "deck": ["Kuriboh"]}})
    duel.apply({"do": "activate", "card": "Dark Hole"})
    return duel


def test_two_supply_squad_in_the_triggers_panel() -> None:
    triggers = [t["card"] for t in _triggers_view(Viewer(supply_squads()))]
    assert sorted(triggers) == ["Player 1's Supply Squad", "Player 2's Supply Squad"]


def test_a_decision_says_whose_card_asks() -> None:
    scn = load_scenario(DARK_HOLE)
    duel = scn.new_duel(None)
    _play_step(duel, scn.steps[0])  # Dark Hole: Player 1 is asked about their Peten
    decision = _decision_view(Viewer(duel))
    assert decision is not None
    shown = str(decision)
    assert "Player 1's Peten the Dark Clown" in shown, shown


def test_a_choice_lists_whose_creature() -> None:
    scn = load_scenario(SCENARIOS / "duel_masters/holy_awe_taps_the_next_attackers.yaml")
    duel = scn.new_duel(None)
    _play_step(duel, scn.steps[0])
    labels = [o["label"] for o in _decision_view(Viewer(duel))["options"]]
    assert "Player 2's Burning Mane" in labels, labels


def test_a_vote_says_whose() -> None:
    board = script.board_from_scenario(load_scenario(DARK_HOLE))
    texts = [q.text for q in predict.questions(board, 0)]
    assert any(P1 in t for t in texts) and any(P2 in t for t in texts), texts
    mutants = script.board_from_scenario(
        load_scenario(SCENARIOS / "duel_masters/two_propeller_mutants.yaml"))
    first = {q.key: q for q in predict.questions(mutants, 0)}["first"]
    assert sorted(first.options) == ["Player 1's Propeller Mutant",
                                     "Player 2's Propeller Mutant"]


def test_the_picture_says_whose() -> None:
    duel = run_scenario(load_scenario(DARK_HOLE)).duel
    cards = [link["card"] for link in pictures.chain_picture(duel)["links"]]
    assert P1 in cards and P2 in cards
    svg = pictures.chain_svg(duel, title="Sangans")
    assert "Player 2&#x27;s Sangan" in svg or "Player 2's Sangan" in svg


def test_a_card_the_viewer_may_not_see_is_neither_named_nor_counted() -> None:
    duel = Duel("yugioh", setup={
        "turn_player": "p1", "phase": "main1",
        "p1": {"monster": [{"card": "Sangan", "as": "mine"}]},
        "p2": {"hand": [{"card": "Sangan", "as": "theirs"}]}})
    seat = Viewer(duel, "p1")
    assert seat.name(duel.ref("mine")) == "Sangan"  # not "Player 1's": that would tell
    assert seat.name(duel.ref("theirs")) == "a hidden card"
    public = Viewer(duel, "public")
    assert public.name(duel.ref("mine")) == "Sangan"
    assert Viewer(duel, "p2").name(duel.ref("theirs")) == "Player 2's Sangan"
    assert Viewer(duel).name(duel.ref("mine")) == P1


def test_a_second_card_of_a_name_redraws_the_log_in_the_update() -> None:
    """The log's earlier lines are worded anew when a card of the same name arrives: an
    update that only appended lines would leave them saying "Sangan" for one of two."""
    from django.test import Client

    from simulator.models import Board
    from tests.web.test_board import own

    client = Client(HTTP_HOST="localhost")
    board = store.create_board(game="yugioh", setup={})
    own(client, board)

    def place(version: int, player: str) -> str:
        return client.post(f"/b/{board.slug}/act", {
            "version": version, "do": "place", "card": "sangan", "zone": "monster",
            "player": player}, HTTP_HX_REQUEST="true").content.decode()

    place(0, "p1")
    kuriboh = client.post(f"/b/{board.slug}/act", {
        "version": 1, "do": "place", "card": "kuriboh", "zone": "monster", "player": "p1"},
        HTTP_HX_REQUEST="true").content.decode()
    assert 'beforeend:#log-list' in kuriboh  # nothing re-worded: the new lines appended
    html = place(2, "p2")
    assert 'beforeend:#log-list' not in html and 'id="log"' in html
    assert "Player 1&#x27;s Sangan" in html and "Player 2&#x27;s Sangan" in html
    assert Board.objects.get(pk=board.pk).version == 3
