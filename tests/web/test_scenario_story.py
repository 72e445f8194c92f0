"""A board opened from a scenario tells its story: the question at the top, the explanation
after its last step; and a board that leaves its script says so, offers "Back to the script",
and answers no request with a 4xx status on the way."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from engine.scenario import Result, builtin_scenarios, check_scenario, load_scenario
from simulator import store
from simulator.asgi import application
from simulator.models import Board

pytestmark = pytest.mark.django_db

RATS = "giant_rats_battle"  # four steps: attack, battle, then each player answers "yes"
NOTICE_3 = "You answered differently at step 3; from here the board is yours."


def _scenario(slug: str):
    path: Path = next(p for p in builtin_scenarios("yugioh") if p.stem == slug)
    return load_scenario(path)


class Browser:
    """A client that owns the board it opens and checks that no response is a 4xx."""

    def __init__(self) -> None:
        self.client = Client(HTTP_HOST="localhost")
        self.statuses: list[int] = []
        self.slug = ""

    def open(self, slug: str) -> Board:
        response = self.client.post(f"/scenarios/yugioh/{slug}/open")
        assert response.status_code == 302
        self.slug = response["Location"].split("/")[2]
        return self.board()

    def board(self) -> Board:
        return Board.objects.get(slug=self.slug)

    def page(self) -> str:
        return self._check(self.client.get(f"/b/{self.slug}/"))

    def post(self, what: str, **data) -> str:
        data.setdefault("version", self.board().version)
        return self._check(self.client.post(f"/b/{self.slug}/{what}", data,
                                            HTTP_HX_REQUEST="true"))

    def answer(self, choice) -> str:
        return self.post("act", do="answer", choice=choice)

    def _check(self, response) -> str:
        self.statuses.append(response.status_code)
        assert response.status_code < 400, response.content.decode()[:500]
        return response.content.decode()


def _message(html: str) -> str:
    return re.search(r'id="message"[^>]*>([^<]*)<', html).group(1).strip()


def _story(html: str) -> str:
    match = re.search(r'<section id="story".*?</section>', html, re.S)
    return match.group(0) if match else ""


def _explanation(html: str) -> bool:
    return "story-answer" in _story(html)


def test_the_question_is_shown_and_the_explanation_only_after_the_last_step() -> None:
    browser = Browser()
    scn = _scenario(RATS)
    browser.open(RATS)
    page = browser.page()
    assert f"<strong>Question:</strong> {scn.question}" in _story(page)
    assert not _explanation(page)
    for _ in range(len(scn.steps) - 1):
        html = browser.post("step")
        assert not _explanation(html) and not _explanation(browser.page())
    html = browser.post("step")
    assert _explanation(html)  # the acting browser (and every watcher) gets it live
    story = _story(browser.page())
    assert "The turn player&#x27;s." in story
    assert '<a class="rule-ref" href="/rules/YGO-SEGOC/">YGO-SEGOC</a>' in story
    assert "Back to the script" not in browser.page() and "Next step" not in browser.page()
    # the timeline's earlier steps are mid-script: no explanation there
    assert not _explanation(browser.client.get(f"/b/{browser.slug}/at/2/").content.decode())
    end = len(store.duel_of(browser.board()).actions)
    assert _explanation(browser.client.get(f"/b/{browser.slug}/at/{end}/").content.decode())


def test_a_free_board_has_no_story() -> None:
    client = Client(HTTP_HOST="localhost")
    response = client.post("/boards/new", {"game": "yugioh"})
    html = client.get(response["Location"]).content.decode()
    assert '<section id="story"' in html and " hidden>" in _story(html)
    assert "Question:" not in html


def test_answering_differently_leaves_the_script_and_back_to_the_script_finishes_it() -> None:
    browser = Browser()
    scn = _scenario(RATS)
    browser.open(RATS)
    browser.post("step")
    browser.post("step")
    decision = store.duel_of(browser.board()).state.decision
    assert decision.kind == "activate_trigger" and decision.player == 0

    html = browser.answer("no")  # the script says "yes"
    assert NOTICE_3 in _story(html)
    assert "Back to the script" in html and "Next step" not in html
    page = browser.page()
    assert NOTICE_3 in _story(page) and "Back to the script" in page
    assert "Next step" not in page and not _explanation(page)
    board = browser.board()
    assert board.script_left["step"] == 3 and len(board.pending_steps) == 2

    # a "Next step" from a page that has not heard of it yet says what to do: no 422
    html = browser.post("step")
    assert "Back to the script" in _message(html)
    assert browser.board().version == board.version  # and changes nothing
    # everything else goes on as on a free board
    html = browser.answer("yes")  # Player 2 activates their Giant Rat
    assert _message(html) == "" and NOTICE_3 in _story(browser.page())
    browser.post("act", do="gain_lp", player="p1", amount="500")
    assert store.duel_of(browser.board()).state.lp[0] == 8500

    html = browser.post("script")  # Back to the script
    assert _message(html) == ""
    assert "Next step (2 left)" in html and "Back to the script" not in html
    assert "You answered differently" not in html
    board = browser.board()
    assert board.script_left is None and len(board.pending_steps) == 2
    duel = store.duel_of(board)
    assert duel.state.decision.kind == "activate_trigger" and duel.state.decision.player == 0
    assert duel.state.lp == [8000, 8000]

    browser.post("step")
    html = browser.post("step")
    assert _explanation(html)
    board = browser.board()
    assert board.pending_steps == [] and board.script_left is None
    assert check_scenario(scn, Result(scn, store.duel_of(board), [])) == []
    assert all(status < 400 for status in browser.statuses)


def test_the_same_answer_as_the_script_is_its_next_step() -> None:
    browser = Browser()
    browser.open("sangan_caius_tcg")
    browser.post("step")
    duel = store.duel_of(browser.board())
    by_name = {duel.name(o["card"]): o["id"] for o in duel.state.decision.options}
    # the script orders Caius first; the page posts option ids, in the order shown
    html = browser.answer([by_name["Caius the Shadow Monarch"], by_name["Sangan"]])
    assert "Next step (1 left)" in html and "answered differently" not in html
    board = browser.board()
    assert board.script_left is None and len(board.pending_steps) == 1
    # an event that does what the next step does counts too: Caius's target, by name or id
    celtic = next(o["id"] for o in store.duel_of(board).state.decision.options
                  if store.duel_of(board).name(o["card"]) == "Celtic Guardian")
    html = browser.answer(celtic)
    assert _explanation(html)
    assert browser.board().pending_steps == []


def test_an_event_equal_to_the_next_step_plays_it() -> None:
    browser = Browser()
    browser.open("amazoness_village_soul_taker")
    duel = store.duel_of(browser.board())
    soul_taker = next(a for a in duel.legal_actions() if a["do"] == "activate")
    html = browser.post("act", action=json.dumps(soul_taker))
    assert _explanation(html) and "left the script" not in html
    assert browser.board().pending_steps == []


def test_other_actions_and_undo_leave_the_script_and_undo_can_rejoin_it() -> None:
    browser = Browser()
    browser.open("amazoness_village_soul_taker")
    html = browser.post("act", do="set_lp", player="p2", lp="4000")
    assert "You left the script at step 1; from here the board is yours." in _story(html)
    assert "Back to the script" in html
    html = browser.post("undo")  # back exactly where the board left: on the script again
    assert "left the script" not in html and "Next step (1 left)" in html
    html = browser.post("step")
    assert _explanation(html)
    # after the last step, the board is free too, and the explanation goes with the script
    html = browser.post("undo")
    assert "You left the script after its last step" in _story(html)
    assert not _explanation(html) and "Back to the script" in html
    html = browser.post("script")
    assert _explanation(html) and "Back to the script" not in html
    assert store.duel_of(browser.board()).state.lp == [8000, 9000]


def test_undo_on_the_script_leaves_it_and_back_to_the_script_redoes() -> None:
    browser = Browser()
    scn = _scenario(RATS)
    browser.open(RATS)
    browser.post("step")
    browser.post("step")
    played = list(store.duel_of(browser.board()).actions)
    html = browser.post("undo")
    assert "You left the script at step 3; from here the board is yours." in _story(html)
    browser.post("undo")
    assert store.duel_of(browser.board()).actions == []
    html = browser.post("script")
    assert "Next step (2 left)" in html
    assert store.duel_of(browser.board()).actions == played
    browser.post("step")
    browser.post("step")
    assert check_scenario(scn, Result(scn, store.duel_of(browser.board()), [])) == []


def test_auto_answers_take_the_scripts_answers() -> None:
    browser = Browser()
    scn = _scenario(RATS)
    browser.open(RATS)
    browser.post("auto", auto="on")
    browser.post("step")
    html = browser.post("step")  # the battle; both answers come from the script
    board = browser.board()
    assert board.pending_steps == [] and board.script_left is None
    assert _explanation(html)
    assert check_scenario(scn, Result(scn, store.duel_of(board), [])) == []


def test_a_step_that_cannot_be_played_says_why_instead_of_failing() -> None:
    board = store.create_board(game="yugioh", setup={"turn_player": "p1"},
                                steps=[{"answer": "yes"}], question="Is there a decision?")
    browser = Browser()
    browser.slug = board.slug
    browser.client.get(f"/b/{board.slug}/edit/{board.edit_key}/")
    html = browser.post("step")
    story = _story(html)
    assert "Step 1 of the script cannot be played here: there is no decision to answer." \
        in story
    assert "Next step" not in html
    assert "Back to the script" not in html  # it would change nothing
    html = browser.post("act", do="gain_lp", player="p1", amount="100")
    assert "Back to the script" in html  # now it would undo that
    browser.post("script")
    assert store.duel_of(browser.board()).state.lp == [8000, 8000]


def test_a_rerun_keeps_the_question_not_the_explanation() -> None:
    browser = Browser()
    browser.open("sangan_caius_tcg")
    response = browser.client.post(f"/b/{browser.slug}/rerun", {"preset": "OCG"})
    rerun = Board.objects.get(slug=response["Location"].split("/")[2])
    assert rerun.question == _scenario("sangan_caius_tcg").question
    assert rerun.explanation == "" and rerun.script_length == len(rerun.pending_steps) > 0


def test_updates_send_the_story_only_when_it_changes() -> None:
    browser = Browser()
    browser.open(RATS)
    assert 'id="story"' in browser.post("step")  # the first update sends everything
    assert 'id="story"' not in browser.post("step")  # same question, nothing else
    assert NOTICE_3 in _story(browser.answer("no"))
    assert 'id="story"' not in browser.answer("yes")  # still off the script


@pytest.mark.django_db(transaction=True)
def test_watchers_see_the_notice_and_the_explanation_live() -> None:
    browser = Browser()
    browser.open(RATS)
    browser.post("step")
    browser.post("step")

    async def run() -> None:
        watcher = WebsocketCommunicator(application, f"/ws/b/{browser.slug}/",
                                        headers=[(b"origin", b"http://localhost")])
        assert (await watcher.connect())[0]
        first = await watcher.receive_from()
        assert "Question:" in _story(first)
        await sync_to_async(browser.answer)("no")
        update = await watcher.receive_from()
        assert NOTICE_3 in _story(update) and "Back to the script" in update
        await sync_to_async(browser.post)("script")
        update = await watcher.receive_from()
        assert "Next step (2 left)" in update and "answered differently" not in update
        await sync_to_async(browser.post)("step")
        await watcher.receive_from()
        await sync_to_async(browser.post)("step")
        update = await watcher.receive_from()
        assert _explanation(update)
        await watcher.disconnect()

    async_to_sync(run)()
