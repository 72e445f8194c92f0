"""Predict the chain: questions generated from the board at the presenter's moment, answered
by the engine; votes by signed cookie (one each, forged ones refused); the tally, the reveal
and the CSV of the answers."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from django.contrib.sessions.models import Session
from django.test import Client

from engine import RULES
from engine.scenario import builtin_scenarios, load_scenario
from engine.state import hidden_from
from simulator import boards, predict
from simulator.models import Board, Prediction, PredictionVote

pytestmark = pytest.mark.django_db

SCENARIOS = Path("engine/data/scenarios")


def _board(name: str, steps: int = 0) -> Board:
    board = boards.board_from_scenario(load_scenario(SCENARIOS / f"{name}.yaml"))
    for _ in range(steps):
        boards.next_step(board, board.version)
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
    duel = boards.duel_of(board)
    assert duel.state.decision is not None and len(duel.legal_actions()) > 1
    assert predict.questions(board, 1)  # the scenario's scripted answer decides: offered
    board.script_left = {"step": 2, "how": "answer", "actions": []}  # left its script
    assert predict.questions(board, 1) == []


@pytest.mark.parametrize("path", builtin_scenarios(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_offered_question_is_well_formed(path: Path) -> None:
    board = boards.board_from_scenario(load_scenario(path))
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
    assert alice.post(f"/b/{board.slug}/predict/vote",
                      {"question": asked.pk, "choice": right}).status_code == 200
    again = alice.post(f"/b/{board.slug}/predict/vote", {"question": asked.pk, "choice": 0})
    assert again.status_code == 409 and "already answered" in again.content.decode()
    wrong = (right + 1) % len(asked.question["options"])
    assert bob.post(f"/b/{board.slug}/predict/vote",
                    {"question": asked.pk, "choice": wrong}).status_code == 200
    assert PredictionVote.objects.filter(prediction=asked).count() == 2
    assert Session.objects.count() == sessions
    assert [row["votes"] for row in predict.tally(asked)].count(1) == 2
    assert alice.post(f"/b/{board.slug}/predict/reveal").status_code == 403
    revealed = owner.post(f"/b/{board.slug}/predict/reveal")
    assert revealed.status_code == 200 and 'href="/rules/YGO-CHAIN/"' in revealed.content.decode()
    late = bob.post(f"/b/{board.slug}/predict/vote", {"question": asked.pk, "choice": right})
    assert late.status_code == 409
    page = alice.get(f"/b/{board.slug}/follow/").content.decode()
    assert f'data-question="{asked.pk}" data-choice="{right}"' in page
    assert f'data-answer="{right}"' in page


def test_forged_or_bad_votes_are_refused_politely() -> None:
    owner, student = Client(HTTP_HOST="localhost"), Client(HTTP_HOST="localhost")
    board = _presented(owner)
    student.get(f"/b/{board.slug}/follow/")
    no_question = student.post(f"/b/{board.slug}/predict/vote", {"question": 1, "choice": 0})
    assert no_question.status_code == 409
    asked = _ask(owner, board)
    student.cookies[predict.COOKIE] = "forged:value"
    forged = student.post(f"/b/{board.slug}/predict/vote", {"question": asked.pk, "choice": 0})
    assert forged.status_code == 400 and "not valid" in forged.content.decode()
    assert not PredictionVote.objects.exists()
    for choice in ("9", "-1", "x" * 50, ""):
        bad = student.post(f"/b/{board.slug}/predict/vote",
                           {"question": asked.pk, "choice": choice})
        assert bad.status_code == 400 and "at most" in bad.content.decode(), choice
    assert owner.post(f"/b/{board.slug}/predict/ask", {"key": "nope"}).status_code == 400


def test_votes_are_rate_limited(settings) -> None:
    settings.RATE_LIMITS = {"vote": (1, 1)}
    owner, student = Client(HTTP_HOST="localhost"), Client(HTTP_HOST="localhost")
    board = _presented(owner)
    asked = _ask(owner, board)
    codes = [student.post(f"/b/{board.slug}/predict/vote",
                          {"question": asked.pk, "choice": 0}).status_code for _ in range(4)]
    assert codes[0] == 200 and codes[-1] == 429


def test_the_answers_download_as_csv_for_editors_only() -> None:
    owner, student = Client(HTTP_HOST="localhost"), Client(HTTP_HOST="localhost")
    board = _presented(owner)
    asked = _ask(owner, board)
    student.post(f"/b/{board.slug}/predict/vote",
                 {"question": asked.pk, "choice": asked.question["answer"]})
    assert student.get(f"/b/{board.slug}/predict.csv").status_code == 403
    response = owner.get(f"/b/{board.slug}/predict.csv")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:5] == ["question", "step", "frame", "rule", "right answer"]
    assert rows[1][0] == "What is Player 2's LP after the chain? (as the scenario plays it)"
    assert rows[1][4] == "9000" and rows[1][6] == "9000" and rows[1][7] == "yes"


@pytest.mark.parametrize("path", builtin_scenarios(), ids=lambda p: p.stem)
def test_with_seats_no_question_names_a_card_hidden_at_the_moment_shown(path: Path) -> None:
    """On a board with seats the room sees the public view: a card in a hand, a deck or face
    down at the moment shown is named by no question, option or answer, even when playing on
    would reveal it."""
    board = boards.board_from_scenario(load_scenario(path))
    boards.set_seats(board, board.version, True)
    board.refresh_from_db()
    duel = boards.duel_of(board)
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
