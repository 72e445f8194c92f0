"""Predict the chain: questions generated from the board at the presenter's moment, answered
by the engine; votes by signed cookie (one each, forged ones refused) through a live follower
connection (one per connection and question, at most as many per address as it has live
connections); the tally, the reveal and the CSV of the answers."""

from __future__ import annotations

import csv
import html
import io
from pathlib import Path

import pytest
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import translation

from engine import RULES
from engine.scenario import builtin_scenarios, load_scenario
from engine.state import hidden_from
from simulator import boards, classroom, followers, predict, script, store
from simulator.models import Board, Prediction, PredictionVote

pytestmark = pytest.mark.django_db

SCENARIOS = Path("engine/data/scenarios")


def _board(name: str, steps: int = 0) -> Board:
    board = script.board_from_scenario(load_scenario(SCENARIOS / f"{name}.yaml"))
    for _ in range(steps):
        script.next_step(board, board.version)
    return board


def _by_key(board: Board, step: int, frame: int | None = None) -> dict[str, predict.Question]:
    return {q.key: q for q in predict.questions(board, step, frame)}


def _answer(q: predict.Question) -> str:
    return q.options[q.answer]


# ---------------------------------------------------------------------- questions
def test_soul_taker_mid_step_questions_are_fixed_by_the_rules() -> None:
    """In the middle of Soul Taker's resolution, the rest of the step is the rules' doing."""
    board = _board("yugioh/amazoness_village_soul_taker", steps=1)
    found = _by_key(board, 1, 1)
    village = next(q for key, q in found.items() if key.startswith("activates-"))
    assert village.text == "Does Amazoness Village's effect activate?"  # no script needed
    assert _answer(village) == "No" and village.rule == "YGO-MISS" and not village.scripted
    lp = found["lp-2"]
    assert lp.text == "What is Player 2's LP after the chain?"
    assert _answer(lp) == "9000" and len(lp.options) == 4 and "8000" in lp.options


def test_scripted_questions_say_so() -> None:
    board = _board("yugioh/amazoness_village_soul_taker")
    found = _by_key(board, 0)
    assert "link1" not in found  # Chain Link 1 is the card the player activates: no question
    assert all(q.scripted and q.text.endswith("(as the scenario plays it)")
               for q in found.values())
    assert _answer(found["lp-2"]) == "9000"


def test_chain_link_1_under_the_forced_order_of_tcg_classic() -> None:
    q = _by_key(_board("yugioh/sangan_caius_tcg_classic"), 0)["link1"]
    assert _answer(q).startswith("Sangan") and q.rule == "YGO-FORCED-ORDER"
    assert any(o.startswith("Caius the Shadow Monarch") for o in q.options)


def test_whose_ability_resolves_first_in_duel_masters() -> None:
    q = _by_key(_board("duel_masters/jin_magnum"), 0)["first"]
    assert q.text.startswith("Whose ability resolves first?")
    assert _answer(q) == "Jin the Ogre Blade ~Young Leader~ (Player 1)"
    assert q.rule.startswith("DM-") and len(q.options) == 2


def test_no_question_where_a_players_choice_decides() -> None:
    board = _board("yugioh/sangan_caius_tcg", steps=1)
    duel = store.duel_of(board)
    assert duel.state.decision is not None and len(duel.legal_actions()) > 1
    assert predict.questions(board, 1)  # the scenario's scripted answer decides: offered
    board.script_left = {"step": 2, "how": "answer", "actions": []}  # left its script
    assert predict.questions(board, 1) == []


@pytest.mark.parametrize("path", builtin_scenarios(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_offered_question_is_well_formed(path: Path) -> None:
    board = script.board_from_scenario(load_scenario(path))
    for q in predict.questions(board, 0):
        assert 2 <= len(q.options) <= predict.MAX_OPTIONS and len(set(q.options)) == len(
            q.options)
        assert 0 <= q.answer < len(q.options)
        assert q.rule in RULES
        assert q.scripted == q.text.endswith("(as the scenario plays it)")


# ---------------------------------------------------------------------- asking and voting
def _presented(owner: Client, name: str = "yugioh/amazoness_village_soul_taker") -> Board:
    scn = load_scenario(SCENARIOS / f"{name}.yaml")
    response = owner.post(f"/scenarios/{scn.game}/{scn.slug}/open")
    board = Board.objects.get(slug=response["Location"].split("/")[2])
    assert owner.post(f"/b/{board.slug}/present/").status_code == 302
    return board


def _ask(owner: Client, board: Board) -> Prediction:
    offer = owner.get(f"/b/{board.slug}/predict/offer").content.decode()
    assert "Ask: What is Player 2&#x27;s LP after the chain?" in offer
    response = owner.post(f"/b/{board.slug}/predict/ask", {"key": "lp-2"})
    assert response.status_code == 200
    return Prediction.objects.get(board=board, closed=False)


def _live(board: Board, address: str = "127.0.0.1") -> str:
    """A live follower connection of the board from ``address``, as its consumer registers
    it on connecting (tests/web/test_predict.py's consumer tests open real ones): its token."""
    return followers.open_connection(board.slug, address).token


def _vote(student: Client, board: Board, asked: Prediction, choice, token: str | None):
    data = {"question": asked.pk, "choice": choice}
    if token is not None:
        data["connection"] = token
    return student.post(f"/b/{board.slug}/predict/vote", data)


def test_one_vote_per_cookie_the_tally_and_the_reveal() -> None:
    owner, alice, bob = (Client(HTTP_HOST="localhost") for _ in range(3))
    board = _presented(owner)
    sessions = Session.objects.count()
    for student in (alice, bob):
        page = student.get(f"/b/{board.slug}/follow/")
        assert page.status_code == 200 and predict.COOKIE in page.cookies
    assert Session.objects.count() == sessions  # following makes no session row
    asked = _ask(owner, board)
    html = alice.get(f"/b/{board.slug}/follow/").content.decode()
    assert "What is Player 2&#x27;s LP after the chain?" in html and 'name="choice"' in html
    right = asked.question["answer"]
    alice_page, bob_page = _live(board), _live(board)
    assert _vote(alice, board, asked, right, alice_page).status_code == 200
    again = _vote(alice, board, asked, 0, alice_page)
    assert again.status_code == 409 and "already answered" in again.content.decode()
    again = _vote(alice, board, asked, 0, _live(board))  # another page, the same cookie
    assert again.status_code == 409 and "already answered" in again.content.decode()
    wrong = (right + 1) % len(asked.question["options"])
    assert _vote(bob, board, asked, wrong, bob_page).status_code == 200
    assert PredictionVote.objects.filter(prediction=asked).count() == 2
    assert Session.objects.count() == sessions
    assert [row["votes"] for row in predict.tally(asked)].count(1) == 2
    assert alice.post(f"/b/{board.slug}/predict/reveal").status_code == 403
    revealed = owner.post(f"/b/{board.slug}/predict/reveal")
    assert revealed.status_code == 200 and 'href="/rules/YGO-CHAIN/"' in revealed.content.decode()
    late = _vote(bob, board, asked, right, bob_page)
    assert late.status_code == 409
    page = alice.get(f"/b/{board.slug}/follow/").content.decode()
    assert f'data-question="{asked.pk}" data-choice="{right}"' in page
    assert f'data-answer="{right}"' in page


def test_a_question_asked_in_japanese_is_read_in_french_by_a_french_follower() -> None:
    """The question is stored without a language: each follower reads it in their own (here
    the language cookie the switcher sets), card names and options included."""
    owner, student = Client(HTTP_HOST="localhost"), Client(HTTP_HOST="localhost")
    owner.cookies["django_language"] = "ja"
    student.cookies["django_language"] = "fr"
    board = _presented(owner)
    offer = owner.get(f"/b/{board.slug}/predict/offer").content.decode()
    assert 'value="activates-4"' in offer and "アマゾネスの里の効果は発動しますか？" in offer
    asking = owner.post(f"/b/{board.slug}/predict/ask", {"key": "activates-4"})
    assert asking.status_code == 200
    asked = Prediction.objects.get(board=board, closed=False)
    assert asked.question["text"] == {"id": "Does %(card)s's effect activate?", "args": {
        "card": {"names": {"en": "Amazoness Village", "fr": "Amazoness Village",
                           "ja": "アマゾネスの里"}}}}
    assert asked.question["options"] == [{"msg": "Yes"}, {"msg": "No"}]
    page = html.unescape(student.get(f"/b/{board.slug}/follow/").content.decode())
    question = page.split('class="predict-question">', 1)[1].split("</h2>", 1)[0]
    assert question == ("L'effet de Amazoness Village s'active-t-il ? "
                        "(tel que le scénario le joue)")
    assert ">Oui</button>" in page and ">Non</button>" in page and "はい" not in page
    mine = html.unescape(owner.get(f"/b/{board.slug}/follow/").content.decode())
    assert "アマゾネスの里の効果は発動しますか？（シナリオの進行どおり）" in mine
    with translation.override("fr"):  # the messages sent to the room's French readers
        sent = html.unescape(classroom.render_predict(board))
    assert "L'effet de Amazoness Village s'active-t-il ?" in sent
    with translation.override("en"):
        assert [row["label"] for row in predict.tally(asked)] == ["Yes", "No"]
        assert str(asked) == ("Does Amazoness Village's effect activate? "
                              "(as the scenario plays it)")


def test_a_question_stored_worded_already_still_shows() -> None:
    """A question stored by an older version, worded in the asker's language, is shown as it
    was asked."""
    owner, student = Client(HTTP_HOST="localhost"), Client(HTTP_HOST="localhost")
    student.cookies["django_language"] = "fr"
    board = _presented(owner)
    asked = Prediction.objects.create(board=board, step=0, question={
        "key": "lp-2", "text": "チェーンの後、プレイヤー2のLPはいくつですか？",
        "options": ["8000", "9000"], "answer": 1, "rule": "YGO-CHAIN", "scripted": False})
    page = student.get(f"/b/{board.slug}/follow/").content.decode()
    assert "チェーンの後、プレイヤー2のLPはいくつですか？" in page and ">9000</button>" in page
    assert [row["label"] for row in predict.tally(asked)] == ["8000", "9000"]
    assert owner.post(f"/b/{board.slug}/predict/reveal").status_code == 200
    rows = list(csv.reader(io.StringIO(owner.get(f"/b/{board.slug}/predict.csv").content
                                       .decode())))
    assert len(rows) == 1  # no votes yet: the header alone
    assert str(asked) == "チェーンの後、プレイヤー2のLPはいくつですか？"


def test_forged_or_bad_votes_are_refused_politely() -> None:
    owner, student = Client(HTTP_HOST="localhost"), Client(HTTP_HOST="localhost")
    board = _presented(owner)
    student.get(f"/b/{board.slug}/follow/")
    no_question = student.post(f"/b/{board.slug}/predict/vote", {"question": 1, "choice": 0})
    assert no_question.status_code == 409
    asked = _ask(owner, board)
    page = _live(board)
    student.cookies[predict.COOKIE] = "forged:value"
    forged = _vote(student, board, asked, 0, page)
    assert forged.status_code == 400 and "not valid" in forged.content.decode()
    assert not PredictionVote.objects.exists()
    for choice in ("9", "-1", "x" * 50, ""):
        bad = _vote(student, board, asked, choice, page)
        assert bad.status_code == 400 and "at most" in bad.content.decode(), choice
    other = _presented(Client(HTTP_HOST="localhost"))
    for token in (None, "", "made-up", "x" * 500, _live(other)):  # no live page of this board
        refused = _vote(student, board, asked, 0, token)
        assert refused.status_code == 403, token
        assert "not connected live" in refused.content.decode()
    assert not PredictionVote.objects.exists()
    assert _vote(student, board, asked, 0, page).status_code == 200
    assert owner.post(f"/b/{board.slug}/predict/ask", {"key": "nope"}).status_code == 400


def test_votes_are_rate_limited(settings) -> None:
    settings.RATE_LIMITS = {"vote": (1, 1)}
    owner, student = Client(HTTP_HOST="localhost"), Client(HTTP_HOST="localhost")
    board = _presented(owner)
    asked = _ask(owner, board)
    page = _live(board)
    codes = [_vote(student, board, asked, 0, page).status_code for _ in range(4)]
    assert codes[0] == 200 and codes[-1] == 429


def test_the_answers_download_as_csv_for_editors_only() -> None:
    owner, student = Client(HTTP_HOST="localhost"), Client(HTTP_HOST="localhost")
    board = _presented(owner)
    asked = _ask(owner, board)
    assert _vote(student, board, asked, asked.question["answer"], _live(board)
                 ).status_code == 200
    assert student.get(f"/b/{board.slug}/predict.csv").status_code == 403
    response = owner.get(f"/b/{board.slug}/predict.csv")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:5] == ["question", "step", "frame", "rule", "right answer"]
    assert rows[1][0] == "What is Player 2's LP after the chain? (as the scenario plays it)"
    assert rows[1][4] == "9000" and rows[1][6] == "9000" and rows[1][7] == "yes"


def _counted(asked: Prediction) -> int:
    return PredictionVote.objects.filter(prediction=asked).count()


def test_dropping_the_cookie_sixty_times_counts_once_per_connection() -> None:
    """The hole: a page that drops its voter cookie before each answer is a new voter each
    time, but its connection answered: one answer counts, the other 59 are refused."""
    owner = Client(HTTP_HOST="localhost")
    board = _presented(owner)
    asked = _ask(owner, board)
    page = _live(board)
    codes = [_vote(Client(HTTP_HOST="localhost"), board, asked, n % 2, page).status_code
             for n in range(60)]
    assert codes == [200] + [409] * 59
    assert _counted(asked) == 1


def test_reopening_the_page_without_the_cookie_counts_no_more_than_live_connections() -> None:
    """The same hole through a new page each time (a new connection, a new token): the
    address has one live follower connection, so one answer counts."""
    owner = Client(HTTP_HOST="localhost")
    board = _presented(owner)
    asked = _ask(owner, board)
    codes = []
    for n in range(60):
        page = followers.open_connection(board.slug, "198.51.100.7")
        codes.append(_vote(Client(HTTP_HOST="localhost"), board, asked, n % 2,
                           page.token).status_code)
        followers.close_connection(page)
    assert codes == [200] + [403] * 59
    assert _counted(asked) == 1
    refused = _vote(Client(HTTP_HOST="localhost"), board, asked, 0,
                    _live(board, "198.51.100.7"))
    assert "as many answers" in refused.content.decode()


def test_an_address_answers_at_most_as_often_as_it_has_live_follower_connections() -> None:
    owner = Client(HTTP_HOST="localhost")
    board = _presented(owner)
    asked = _ask(owner, board)
    pages = [followers.open_connection(board.slug, "203.0.113.5") for _ in range(3)]
    assert followers.live_connections(board.slug, pages[0].address) == 3
    for page in pages:
        assert _vote(Client(HTTP_HOST="localhost"), board, asked, 0, page.token
                     ).status_code == 200
    fourth = followers.open_connection(board.slug, "203.0.113.5")  # one more student
    assert _vote(Client(HTTP_HOST="localhost"), board, asked, 1, fourth.token
                 ).status_code == 200
    for page in pages[:2]:  # two leave; a page opened again finds four answers, three pages
        followers.close_connection(page)
    again = followers.open_connection(board.slug, "203.0.113.5")
    assert followers.live_connections(board.slug, again.address) == 3
    refused = _vote(Client(HTTP_HOST="localhost"), board, asked, 1, again.token)
    assert refused.status_code == 403 and "as many answers" in refused.content.decode()
    closed = _vote(Client(HTTP_HOST="localhost"), board, asked, 1, pages[0].token)
    assert closed.status_code == 403 and "not connected live" in closed.content.decode()
    elsewhere = followers.open_connection(board.slug, "192.0.2.9")  # another network
    assert _vote(Client(HTTP_HOST="localhost"), board, asked, 1, elsewhere.token
                 ).status_code == 200
    assert _counted(asked) == 5
    followers.close_connection(fourth)
    followers.close_connection(fourth)  # closed once: counted down once
    assert followers.live_connections(board.slug, again.address) == 2


def test_thirty_students_behind_one_address_each_answer() -> None:
    owner = Client(HTTP_HOST="localhost")
    board = _presented(owner)
    asked = _ask(owner, board)
    students = [(Client(HTTP_HOST="localhost"), _live(board, "10.0.0.1")) for _ in range(30)]
    for client, _page in students:
        client.get(f"/b/{board.slug}/follow/")  # each with a voter cookie of its own
    codes = [_vote(client, board, asked, n % 2, page).status_code
             for n, (client, page) in enumerate(students)]
    assert codes == [200] * 30
    assert sum(row["votes"] for row in predict.tally(asked)) == 30
    assert _vote(students[0][0], board, asked, 0, students[0][1]).status_code == 409


def test_a_follower_connection_hands_its_page_a_token_that_answers_while_it_is_open() -> None:
    """The real consumer: its first message carries the token (with the presentation); the
    token answers once, through any cookie; once the socket closes it answers no more."""
    import re

    from asgiref.sync import async_to_sync, sync_to_async
    from channels.testing import WebsocketCommunicator

    from simulator.asgi import application

    owner = Client(HTTP_HOST="localhost")
    board = _presented(owner)
    asked = _ask(owner, board)
    got: dict[str, object] = {}

    async def run() -> None:
        ws = WebsocketCommunicator(application, f"/ws/b/{board.slug}/follow/",
                                   headers=[(b"origin", b"http://localhost")])
        ws.scope["client"] = ("203.0.113.77", 50000)
        assert (await ws.connect())[0]
        first = await ws.receive_from()
        assert 'id="presentation"' in first
        token = re.search(r'id="follow-connection" name="connection" value="([^"]+)" '
                          r'hx-swap-oob="true"', first)[1]
        got["live"] = await sync_to_async(followers.live_connections)(
            board.slug, followers.address_key("203.0.113.77"))
        got["codes"] = [(await sync_to_async(_vote)(Client(HTTP_HOST="localhost"), board,
                                                    asked, 0, token)).status_code
                        for _ in range(3)]
        await ws.disconnect()
        got["after"] = await sync_to_async(_vote)(Client(HTTP_HOST="localhost"), board,
                                                  asked, 0, token)

    async_to_sync(run)()
    assert got["live"] == 1 and got["codes"] == [200, 409, 409]
    assert got["after"].status_code == 403
    assert followers.live_connections(board.slug, followers.address_key("203.0.113.77")) == 0
    assert _counted(asked) == 1


@pytest.mark.parametrize("path", builtin_scenarios(), ids=lambda p: p.stem)
def test_with_seats_no_question_names_a_card_hidden_at_the_moment_shown(path: Path) -> None:
    """On a board with seats the room sees the public view: a card in a hand, a deck or face
    down at the moment shown is named by no question, option or answer, even when playing on
    would reveal it."""
    board = script.board_from_scenario(load_scenario(path))
    boards.set_seats(board, board.version, True)
    board.refresh_from_db()
    duel = store.duel_of(board)
    shown = {c.card_id for c in duel.state.cards.values() if not hidden_from(c, None)}
    hidden = {duel.name(c.iid) for c in duel.state.cards.values()
              if hidden_from(c, None) and c.card_id not in shown}
    for q in predict.questions(board, 0):
        words = " ".join([q.text, *q.options])
        named = sorted(name for name in hidden if name in words)
        assert not named, f"{q.key}: {q.text} {q.options} names hidden {named}"


def test_with_seats_questions_about_cards_in_view_are_still_asked() -> None:
    """Soul Taker's board with seats: Amazoness Village is face up, so the room may still be
    asked whether its effect activates."""
    board = _board("yugioh/amazoness_village_soul_taker", steps=1)
    boards.set_seats(board, board.version, True)
    board.refresh_from_db()
    found = _by_key(board, 1, 1)
    assert any(q.text == "Does Amazoness Village's effect activate?" for q in found.values())
