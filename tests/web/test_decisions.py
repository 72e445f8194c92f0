"""Decisions in each game's terms, over HTTP: chain link labels on a Yu-Gi-Oh! order decision
that match the chain built, resolution order on a Duel Masters one that matches the pending
panel and what resolves, choices that name the card asking and what for, nothing ticked
beforehand, and a refused answer explained beside the decision."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.test import Client

from engine.state import Decision
from simulator import store
from simulator.models import Board
from simulator.rendering import Viewer, _order_positions

pytestmark = pytest.mark.django_db


@pytest.fixture
def client() -> Client:
    return Client(HTTP_HOST="localhost")


def open_scenario(client: Client, game: str, slug: str) -> Board:
    response = client.post(f"/scenarios/{game}/{slug}/open")
    assert response.status_code == 302
    return Board.objects.get(slug=response["Location"].split("/")[2])


def step(client: Client, board: Board) -> str:
    board.refresh_from_db()
    response = client.post(f"/b/{board.slug}/step", {"version": board.version})
    assert response.status_code == 200, response.content.decode()[:500]
    return response.content.decode()


def answer(client: Client, board: Board, choice) -> tuple[int, str]:
    board.refresh_from_db()
    data = {"version": board.version, "do": "answer"}
    if choice is not None:
        data["choice"] = choice
    response = client.post(f"/b/{board.slug}/act", data)
    return response.status_code, response.content.decode()


def section(html: str, name: str) -> str:
    match = re.search(rf'<section id="{name}".*?</section>', html, re.S)
    assert match, f"no {name} section"
    return match.group(0)


def text(fragment: str) -> str:
    return html_lib.unescape(re.sub(r"<[^>]+>", "", fragment)).strip()


def order_items(html: str) -> list[tuple[str, str, str]]:
    """(option id, card, place label) of each item of the order decision, in list order."""
    items = re.findall(r'<li draggable="true" data-id="([^"]+)"[^>]*>.*?'
                       r'class="order-position">([^<]*)</span>\s*'
                       r'<span class="order-label">([^<]*)</span>',
                       section(html, "decision"), re.S)
    return [(oid, html_lib.unescape(card), html_lib.unescape(label))
            for oid, label, card in items]


def message(html: str) -> str:
    return re.search(r'id="message"[^>]*>([^<]*)<', html).group(1).strip()


def duel_of(board: Board):
    board.refresh_from_db()
    return store.duel_of(board)


# ---------------------------------------------------------------------- Yu-Gi-Oh! order
@pytest.mark.parametrize("reverse", [False, True])
def test_yugioh_order_labels_name_the_chain_link_each_becomes(client: Client,
                                                              reverse: bool) -> None:
    """YGO-SEGOC: the first listed becomes Chain Link 1 and resolves last."""
    board = open_scenario(client, "yugioh", "sangan_caius_tcg")
    html = step(client, board)  # Caius is Tribute Summoned with Sangan: two triggers
    items = order_items(html)
    assert [label for _, _, label in items] == ["Chain Link 1 — resolves last",
                                                 "Chain Link 2 — resolves first"]
    help_text = text(re.search(r'<p class="muted">(.*?)</p>', section(html, "decision"),
                               re.S).group(1))
    assert "becomes Chain Link 1" in help_text
    chosen = list(reversed(items)) if reverse else items
    # the labels go with the places: the server shows them for the order it is sent
    status, html = answer(client, board, [oid for oid, _, _ in chosen])
    assert status == 200
    status, html = answer(client, board, str(duel_of(board).ref("Celtic Guardian")))
    assert status == 200
    duel = duel_of(board)
    built = {e["args"]["link"]: duel.name(e["args"]["card"]) for e in duel.state.log
             if e["key"] == "chain.link"}
    resolved = [duel.name(e["args"]["card"]) for e in duel.state.log
                if e["key"] == "chain.resolve"]
    labels = ["Chain Link 1 — resolves last", "Chain Link 2 — resolves first"]
    for (_, card, _), label in zip(chosen, labels, strict=True):
        link = int(re.match(r"Chain Link (\d+)", label).group(1))
        assert built[link] == card
        if label.endswith("resolves first"):
            assert resolved[0] == card
        if label.endswith("resolves last"):
            assert resolved[-1] == card


def test_yugioh_order_labels_count_from_the_chain_already_built() -> None:
    """Chain links below the new ones (and groups placed before them) shift the numbers."""
    from engine import Duel

    duel = Duel("yugioh", setup={})
    d = Decision(kind="order", player=0, options=[{"id": "1"}, {"id": "2"}, {"id": "3"}],
                 rules=[], key="k", prompt="order", args={"link": 3, "links": 5})
    assert _order_positions(Viewer(duel), d, 3) == [
        "Chain Link 3 — resolves 3rd", "Chain Link 4 — resolves 2nd",
        "Chain Link 5 — resolves first"]
    d.args = {"link": 1, "links": 4}  # another group goes on top of these three
    assert _order_positions(Viewer(duel), d, 3) == [
        "Chain Link 1 — resolves last", "Chain Link 2 — resolves 3rd",
        "Chain Link 3 — resolves 2nd"]


# ---------------------------------------------------------------------- Duel Masters order
def pool_cards(html: str) -> list[tuple[str, bool]]:
    """(card, marked next) of each pending ability in the pending panel, in order."""
    chain = section(html, "chain")
    return [(html_lib.unescape(card), "next" in classes)
            for classes, card in re.findall(
                r'<li class="pending([^"]*)"[^>]*>.*?<strong>([^<]*)</strong>', chain, re.S)]


@pytest.mark.parametrize("reverse", [False, True])
def test_duel_masters_order_labels_agree_with_the_pending_panel_and_resolution(
        client: Client, reverse: bool) -> None:
    """DM-ORDER: the first listed resolves first; the panel lists them alike, same next."""
    board = open_scenario(client, "duel_masters", "heavens_gate_milzam_emeralda")
    step(client, board)  # cast Heaven's Gate
    html = step(client, board)  # it puts Milzam and Emeralda into the battle zone
    items = order_items(html)
    assert [label for _, _, label in items] == ["resolves 1st", "resolves 2nd"]
    assert pool_cards(html) == [(items[0][1], True), (items[1][1], False)]
    # the page moves the panel's abilities with the options they are (data-option)
    assert re.findall(r'data-option="([^"]+)"', section(html, "chain")) == [
        oid for oid, _, _ in items]
    chosen = list(reversed(items)) if reverse else items
    status, html = answer(client, board, [oid for oid, _, _ in chosen])
    assert status == 200
    for _ in range(3):  # the first one's choices and the second one's "use it?"
        duel = duel_of(board)
        if duel.state.decision is None:
            break
        status, html = answer(client, board, duel.default_answer())
        assert status == 200
    duel = duel_of(board)
    resolved = [duel.name(e["args"]["card"]) for e in duel.state.log
                if e["key"] == "pending.resolve"]
    assert resolved == [card for _, card, _ in chosen]


def test_duel_masters_pending_panel_follows_a_kept_order(client: Client) -> None:
    """After the order is given, the panel lists what is left in that order, next marked."""
    board = open_scenario(client, "duel_masters", "heavens_gate_milzam_emeralda")
    step(client, board)
    html = step(client, board)
    items = order_items(html)
    status, html = answer(client, board, [items[1][0], items[0][0]])
    assert status == 200
    # the second listed waits in the panel while the first resolves
    assert [card for card, _ in pool_cards(html)] == [items[0][1]]


# ---------------------------------------------------------------------- choices in words
def test_a_target_choice_names_the_effect_and_what_it_does(client: Client) -> None:
    board = open_scenario(client, "yugioh", "sangan_caius_tcg")
    step(client, board)
    html = step(client, board)  # the scenario's own order: Caius first
    decision = section(html, "decision")
    assert "Caius the Shadow Monarch: choose 1 card to banish" in text(decision)
    assert text(decision).count("choose 1 card to banish") == 1  # said once, not twice
    assert "checked" not in decision  # nothing is ticked for the player


def test_an_up_to_choice_of_duel_masters(client: Client) -> None:
    board = open_scenario(client, "duel_masters", "s_trigger_creature_aqua_surfer")
    html = step(client, board)  # Burning Mane attacks and breaks Aqua Surfer's shield
    assert "Aqua Surfer: use its S-Trigger?" in text(section(html, "decision"))
    html = step(client, board)  # Player 2 uses it
    decision = section(html, "decision")
    assert ("Aqua Surfer: choose up to 1 creature to return to its owner's hand"
            in text(decision))
    assert "checked" not in decision


def test_a_cost_choice_says_it_is_a_cost(client: Client) -> None:
    board = store.create_board(game="yugioh", setup={
        "turn_player": "p1", "phase": "main1",
        "p1": {"spell_trap": [{"card": "Thunder Break", "set": True}],
               "hand": ["Sangan", "Kuriboh"]},
        "p2": {"monster": ["Celtic Guardian"]}})
    assert client.get(f"/b/{board.slug}/edit/{board.edit_key}/").status_code == 302
    duel = store.duel_of(board)
    response = client.post(f"/b/{board.slug}/act", {
        "version": 0, "do": "activate", "card": str(duel.ref("Thunder Break"))})
    decision = text(section(response.content.decode(), "decision"))
    assert "Thunder Break: choose 1 card to discard as a cost" in decision
    status, html = answer(client, board, str(duel.ref("Kuriboh")))
    assert status == 200
    assert "Thunder Break: choose 1 card to destroy" in text(section(html, "decision"))


def test_an_activation_question_names_the_card_and_effect(client: Client) -> None:
    board = open_scenario(client, "yugioh", "giant_rats_battle")
    html = ""
    for _ in range(3):
        html = step(client, board)
        if duel_of(board).state.decision is not None:
            break
    decision = text(section(html, "decision"))
    assert "Giant Rat: activate its effect “Special Summon an EARTH monster”?" in decision


def test_nothing_is_preselected_and_auto_answers_still_work(client: Client) -> None:
    board = open_scenario(client, "yugioh", "sangan_caius_tcg")
    html = step(client, board)
    assert "checked" not in section(html, "decision")
    board.refresh_from_db()
    response = client.post(f"/b/{board.slug}/auto", {"version": board.version, "auto": "on"})
    assert response.status_code == 200
    duel = duel_of(board)
    assert duel.state.decision is None  # answered with the defaults
    assert [e["key"] for e in duel.state.log].count("chain.link") == 2


# ---------------------------------------------------------------------- refused answers
def test_a_refused_answer_is_explained_beside_the_decision(client: Client) -> None:
    board = open_scenario(client, "yugioh", "sangan_caius_tcg")
    step(client, board)
    step(client, board)  # Caius's target is asked
    before = duel_of(board).actions[:]
    status, html = answer(client, board, None)  # confirmed with nothing ticked
    assert status == 422
    decision = section(html, "decision")
    assert 'class="decision-error"' in decision
    assert ("choose exactly 1 of: Caius the Shadow Monarch, Celtic Guardian"
            in text(decision))
    assert message(html) == ""  # not in the page's message area
    assert duel_of(board).actions == before
    # the next answer is accepted and the explanation goes away
    status, html = answer(client, board, str(duel_of(board).ref("Celtic Guardian")))
    assert status == 200 and "decision-error" not in html


def test_a_refused_event_still_goes_to_the_message_area(client: Client) -> None:
    board = store.create_board(game="yugioh", setup={"turn_player": "p1",
                                                      "p1": {"gy": ["Sangan"]}})
    assert client.get(f"/b/{board.slug}/edit/{board.edit_key}/").status_code == 302
    response = client.post(f"/b/{board.slug}/act", {
        "version": 0, "do": "normal_summon", "card": str(store.duel_of(board).ref("Sangan"))})
    html = response.content.decode()
    assert response.status_code == 422
    assert "is not a monster in a hand" in message(html)
    assert "decision-error" not in html
