"""Abuse limits: creating boards and acting on one are limited per browser (its session) and,
generously, per network address; a classroom behind one address is not refused."""

from __future__ import annotations

import time

import pytest
from django.core.cache import cache
from django.test import Client, override_settings

from engine.links import encode
from simulator import limits, store
from simulator.models import Board

pytestmark = pytest.mark.django_db

SCHOOL = "203.0.113.7"


@pytest.fixture(autouse=True)
def _fresh_counts(monkeypatch):
    """Empty counters, and one fixed minute: the counts are per clock minute, so a test that
    crossed a minute boundary would otherwise start again from zero halfway through."""
    cache.clear()
    now = time.time()
    monkeypatch.setattr(limits, "_now", lambda: now)
    yield
    cache.clear()


def _student() -> Client:
    return Client(HTTP_HOST="localhost", REMOTE_ADDR=SCHOOL)


def test_thirty_students_behind_one_address_each_make_a_copy() -> None:
    board = store.create_board(game="yugioh", setup={"turn_player": "p1"})
    link = encode(store.duel_of(board), title="Lesson")
    before = Board.objects.count()
    for _n in range(30):
        student = _student()
        assert student.get(f"/s/{link}/").status_code == 200
        response = student.post(f"/s/{link}/copy")
        assert response.status_code == 302, response.content[:200]
        # then each plays on its own copy
        slug = response["Location"].split("/")[2]
        assert student.post(f"/b/{slug}/act", {"version": 0, "do": "next_phase"}).status_code \
            == 200
    assert Board.objects.count() == before + 30


@override_settings(RATE_LIMITS={"create": (3, 300), "act": (5, 1200)})
def test_one_browser_over_its_limit_is_told_to_wait() -> None:
    client = _student()
    # the first creation (no session yet) counts for the address; then three for the session
    for _n in range(4):
        assert client.post("/boards/new", {"game": "yugioh"}).status_code == 302
    refused = client.post("/boards/new", {"game": "yugioh"})
    assert refused.status_code == 429 and refused["Retry-After"]
    assert "Too many requests" in refused.content.decode()
    assert _student().post("/boards/new", {"game": "yugioh"}).status_code == 302  # others may
    editor = _student()
    editor.post("/boards/new", {"game": "duel_masters"})
    slug = Board.objects.order_by("-created", "-pk").first().slug
    for version in range(5):
        response = editor.post(f"/b/{slug}/rename", {"version": version, "title": f"T{version}"})
        assert response.status_code == 200
    assert editor.post(f"/b/{slug}/rename", {"version": 5, "title": "T"}).status_code == 429


@override_settings(RATE_LIMITS={"create": (100, 4), "act": (5, 1200)})
def test_an_address_has_a_backstop() -> None:
    for _n in range(4):
        assert _student().post("/boards/new", {"game": "yugioh"}).status_code == 302
    assert _student().post("/boards/new", {"game": "yugioh"}).status_code == 429
    other = Client(HTTP_HOST="localhost", REMOTE_ADDR="198.51.100.2")
    assert other.post("/boards/new", {"game": "yugioh"}).status_code == 302


def test_an_oversized_action_is_refused() -> None:
    client = _student()
    client.post("/boards/new", {"game": "yugioh"})
    slug = Board.objects.order_by("-created", "-pk").first().slug
    response = client.post(f"/b/{slug}/act", {"version": 0, "action": "x" * 20_000})
    assert response.status_code == 413
    assert Board.objects.get(slug=slug).version == 0


def _inventor(n: int) -> Client:
    """A client sending a session key of its own invention (never one the site gave it)."""
    client = _student()
    client.cookies["sessionid"] = f"invented{n:024d}"
    return client


def test_inventing_a_session_for_every_request_does_not_reset_the_budget() -> None:
    """A session cookie costs nothing to invent: a key the session store does not know is a
    new browser, counted on its address's bucket for new browsers, not a fresh budget."""
    per_session, _per_address = limits.LIMITS["create"]
    new = limits.NEW_SESSIONS["create"]
    before = Board.objects.count()
    answers = [_inventor(n).post("/boards/new", {"game": "yugioh"}).status_code
               for n in range(3 * per_session)]
    made = Board.objects.count() - before
    assert answers.count(302) == made == new  # 32, where one browser may make 20
    assert new <= 1.6 * per_session
    assert set(answers[new:]) == {429}
    # no cookie at all is the same new browser
    assert _student().post("/boards/new", {"game": "yugioh"}).status_code == 429
    # and another address is not refused
    other = Client(HTTP_HOST="localhost", REMOTE_ADDR="198.51.100.2")
    other.cookies["sessionid"] = "invented" + "9" * 24
    assert other.post("/boards/new", {"game": "yugioh"}).status_code == 302


def test_a_session_of_its_own_counts_once_it_is_older_than_the_window(monkeypatch) -> None:
    """A browser keeping the session it was given: in its first minute it is one of the
    address's new browsers; after that it has its own budget, whatever the others did."""
    now = time.time()
    monkeypatch.setattr(limits, "_now", lambda: now)
    student = _student()
    assert student.post("/boards/new", {"game": "yugioh"}).status_code == 302
    for n in range(limits.NEW_SESSIONS["create"]):  # the address's new browsers are used up
        _inventor(n).post("/boards/new", {"game": "yugioh"})
    assert student.post("/boards/new", {"game": "yugioh"}).status_code == 429
    assert _inventor(99).post("/boards/new", {"game": "yugioh"}).status_code == 429
    later = now + limits.WINDOW
    monkeypatch.setattr(limits, "_now", lambda: later)
    for n in range(limits.NEW_SESSIONS["create"]):  # the new minute's new browsers again
        _inventor(n).post("/boards/new", {"game": "yugioh"})
    per_session = limits.LIMITS["create"][0]
    answers = [student.post("/boards/new", {"game": "yugioh"}).status_code
               for _n in range(per_session + 1)]
    assert answers == [302] * per_session + [429]


def test_thirty_new_browsers_behind_one_address_each_make_a_board() -> None:
    """Thirty students, each opening the site for the first time (no session yet), behind
    one school address: every one of them makes a board in the same minute."""
    before = Board.objects.count()
    for _n in range(30):
        assert _student().post("/boards/new", {"game": "yugioh"}).status_code == 302
    assert Board.objects.count() == before + 30
