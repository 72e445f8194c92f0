""""Run again under another preset" over HTTP: the board's history replayed by the engine's
replay_under, the report of what could not be carried on the new board's page, and a title
that names the preset once."""

from __future__ import annotations

import copy
import html as html_lib
import re

import pytest
from django.test import Client

from engine import Duel, replay_under
from engine.replay import ReplayReport
from simulator import store
from simulator.models import Board
from simulator.views.boards import rerun_title

pytestmark = pytest.mark.django_db

DROPPED = ("Step 2: Player 1's order (Sangan, Caius the Shadow Monarch) is no longer asked; "
           "its answer (Caius the Shadow Monarch, Sangan) was dropped.")


@pytest.fixture
def client() -> Client:
    return Client(HTTP_HOST="localhost")


def open_scenario(client: Client, slug: str) -> Board:
    response = client.post(f"/scenarios/yugioh/{slug}/open")
    assert response.status_code == 302
    return Board.objects.get(slug=response["Location"].split("/")[2])


def play_all(client: Client, board: Board) -> None:
    board.refresh_from_db()
    while board.pending_steps:
        assert client.post(f"/b/{board.slug}/step", {"version": board.version}).status_code == 200
        board.refresh_from_db()


def rerun(client: Client, board: Board, preset: str) -> tuple[Board, str]:
    response = client.post(f"/b/{board.slug}/rerun", {"preset": preset})
    assert response.status_code == 302
    new = Board.objects.get(slug=response["Location"].split("/")[2])
    page = client.get(response["Location"])
    assert page.status_code == 200
    return new, page.content.decode()


def report_text(html: str) -> str:
    match = re.search(r'<section id="replay-report".*?</section>', html, re.S)
    assert match, "the page shows no replay report"
    text = html_lib.unescape(re.sub(r"<[^>]+>", " ", match.group(0)))
    return re.sub(r"\s+", " ", text)


def title_of(html: str) -> str:
    return html_lib.unescape(re.search(r"<title>(.*?) · ", html).group(1))


def test_rerun_replays_the_history_and_shows_the_report(client: Client) -> None:
    board = open_scenario(client, "sangan_caius_tcg")
    play_all(client, board)
    new, html = rerun(client, board, "TCG classic")
    assert new.data["settings"]["preset"] == "TCG classic"
    text = report_text(html)
    assert "Run again under TCG classic" in text
    assert "1 answer could not be carried over." in text
    assert DROPPED in text
    assert f'href="/b/{board.slug}/"' in html  # back to the original board
    duel = store.duel_of(new)
    assert new.pending_steps == [] and duel.state.decision is None
    # the target answer was carried: Caius still banishes Celtic Guardian
    assert [duel.name(i) for i in duel.state.zones[1]["banished"]] == ["Celtic Guardian"]
    links = [duel.name(e["args"]["card"]) for e in duel.state.log if e["key"] == "chain.link"]
    assert links == ["Sangan", "Caius the Shadow Monarch"]  # the rules fix this order now


def test_the_title_names_the_preset_once_even_after_rerunning_a_rerun(client: Client) -> None:
    board = open_scenario(client, "sangan_caius_tcg")
    assert board.title == "Sangan tributed for Caius (TCG)"
    play_all(client, board)
    first, html = rerun(client, board, "OCG")
    assert first.title == "Sangan tributed for Caius (OCG)" and title_of(html) == first.title
    second, html = rerun(client, first, "TCG classic")
    assert second.title == "Sangan tributed for Caius (TCG classic)"
    assert title_of(html) == second.title
    third, html = rerun(client, second, "TCG classic")
    assert third.title == "Sangan tributed for Caius (TCG classic)"
    assert html.count("(TCG classic)") >= 1 and "(OCG)" not in title_of(html)
    # the rerun of a rerun replays the rerun's own history: nothing left to drop
    assert "Every answer was carried over." in report_text(html)


def test_rerun_title() -> None:
    assert rerun_title("My board", "OCG") == "My board (OCG)"
    assert rerun_title("My board (OCG) (TCG)", "TCG classic") == "My board (TCG classic)"
    assert rerun_title("Sangan (TCG classic)", "TCG") == "Sangan (TCG)"
    assert rerun_title("Chain (rules)", "OCG") == "Chain (rules) (OCG)"


def test_a_scenario_not_played_yet_is_replayed_whole_and_waits_as_steps(
        client: Client) -> None:
    """Nothing played: the new board is at its start; the replayed scenario waits as its
    steps, the carried answers included (Caius still targets Celtic Guardian)."""
    board = open_scenario(client, "sangan_caius_tcg")
    new, html = rerun(client, board, "TCG classic")
    assert DROPPED in report_text(html)
    assert store.duel_of(new).actions == []
    assert len(new.pending_steps) == 2  # the summon, and Caius's target
    play_all(client, new)
    duel = store.duel_of(new)
    assert duel.state.decision is None
    assert [duel.name(i) for i in duel.state.zones[1]["banished"]] == ["Celtic Guardian"]


def test_a_board_halfway_keeps_its_place(client: Client) -> None:
    """One step played (the order is being asked): the new board has played as much of the
    scenario; under TCG classic nobody is asked the order, so Caius's target is next."""
    board = open_scenario(client, "sangan_caius_tcg")
    assert client.post(f"/b/{board.slug}/step", {"version": 0}).status_code == 200
    new, html = rerun(client, board, "TCG classic")
    duel = store.duel_of(new)
    assert len(duel.actions) == 1
    assert duel.state.decision.kind == "choose_cards"
    assert "Caius the Shadow Monarch: choose 1 card to banish" in html
    assert len(new.pending_steps) == 1


def _stopped_replay() -> ReplayReport:
    """Caius Tribute Summoned on Player 1's turn, replayed on Player 2's: step 1 is illegal."""
    setup = {"turn_player": "p1", "phase": "main1",
             "p1": {"monster": ["Sangan"], "hand": ["Caius the Shadow Monarch"],
                    "deck": ["Kuriboh"]}, "p2": {"monster": ["Celtic Guardian"]}}
    old = Duel("yugioh", setup=setup)
    old.apply({"do": "normal_summon", "card": "Caius the Shadow Monarch", "tributes": ["Sangan"]})
    return replay_under(old, setup={**copy.deepcopy(setup), "turn_player": "p2"})


def test_a_step_that_became_illegal_is_reported(client: Client) -> None:
    """The report of a replay that stopped, as the page shows it."""
    report = _stopped_replay()
    board = store.create_board(game="yugioh", setup=report.duel.setup, title="What if",
                                replay={"preset": "TCG", "from_slug": "", "from_title": "X",
                                        "report": report.to_dict()})
    assert client.get(f"/b/{board.slug}/edit/{board.edit_key}/").status_code == 302
    text = report_text(client.get(f"/b/{board.slug}/").content.decode())
    assert "The history could not be replayed to its end." in text
    assert ("Step 1 (normal summon Caius the Shadow Monarch) is no longer legal: only the turn "
            "player summons, in a Main Phase.") in text


def test_the_report_is_not_shown_to_a_seat(client: Client) -> None:
    board = open_scenario(client, "sangan_caius_tcg")
    play_all(client, board)
    new, _html = rerun(client, board, "TCG classic")
    Board.objects.filter(pk=new.pk).update(seats=True)
    new.refresh_from_db()
    seat = Client(HTTP_HOST="localhost")
    assert seat.get(f"/b/{new.slug}/seat/{new.p2_key}/").status_code == 302
    assert 'id="replay-report"' not in seat.get(f"/b/{new.slug}/").content.decode()


def test_a_decision_asked_only_now_is_left_for_the_player_at_the_point_reached(
        client: Client) -> None:
    """TCG classic, Caius summoned (its target is asked): under TCG the order is asked first.
    The new board stands after the summon with the order open; its default and the carried
    target wait as the next steps."""
    board = open_scenario(client, "sangan_caius_tcg_classic")
    assert client.post(f"/b/{board.slug}/step", {"version": 0}).status_code == 200
    new, html = rerun(client, board, "TCG")
    assert ("After step 1: a decision not asked before, Player 1's order (Sangan, Caius the "
            "Shadow Monarch); answered Sangan, Caius the Shadow Monarch, the default."
            ) in report_text(html)
    assert "Every answer was carried over." in report_text(html)
    duel = store.duel_of(new)
    assert len(duel.actions) == 1 and duel.state.decision.kind == "order"
    assert [list(s) for s in new.pending_steps] == [["answer"], ["answer"]]
    play_all(client, new)
    duel = store.duel_of(new)
    assert [duel.name(i) for i in duel.state.zones[1]["banished"]] == ["Celtic Guardian"]


@pytest.mark.parametrize("lang", ["ja", "fr"])
def test_why_a_step_became_illegal_is_in_the_readers_language(client: Client,
                                                              lang: str) -> None:
    report = _stopped_replay()
    reasons = report.to_dict()["stopped"]["reasons"]
    assert set(reasons) == {"ja", "fr"} and reasons[lang] != report.stopped["reason"]
    board = store.create_board(game="yugioh", setup=report.duel.setup, title="What if",
                                replay={"preset": "TCG", "from_slug": "", "from_title": "X",
                                        "report": report.to_dict()})
    assert client.get(f"/b/{board.slug}/edit/{board.edit_key}/").status_code == 302
    text = report_text(client.get(f"/b/{board.slug}/", HTTP_ACCEPT_LANGUAGE=lang)
                       .content.decode())
    assert reasons[lang] in text
    assert "only the turn player summons" not in text
