"""A teacher's things on any device: the key link lists this browser's boards and lessons and
gives their edit rights in another browser; "report this ruling" records a note for the
maintainers, listed in the admin. Both are rate-limited."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client, override_settings

from simulator import access
from simulator.models import Board, Lesson, RulingReport, TeacherKey

pytestmark = pytest.mark.django_db


def _client() -> Client:
    return Client(HTTP_HOST="localhost")


@pytest.fixture
def teacher() -> Client:
    return _client()


def open_board(client: Client, slug: str = "amazoness_village_soul_taker") -> Board:
    response = client.post(f"/scenarios/yugioh/{slug}/open")
    return Board.objects.get(slug=response["Location"].split("/")[2])


def make_key(client: Client) -> TeacherKey:
    response = client.post("/k/new")
    assert response.status_code == 302
    return TeacherKey.objects.get(key=response["Location"].split("/")[2])


def role(client: Client, board: Board) -> str:
    board.refresh_from_db()
    return access.role(client.session, board)


def test_the_key_link_gives_edit_rights_on_another_browser(teacher: Client) -> None:
    board = open_board(teacher)
    response = teacher.post("/lessons/new", {"title": "Timing", "chapter": [board.slug]})
    lesson = Lesson.objects.get(slug=response["Location"].split("/")[2])
    key = make_key(teacher)
    assert len(key.key) >= 32 and board.slug in key.boards and lesson.slug in key.lessons
    other = _client()
    assert role(other, board) == "view"
    page = other.get(f"/k/{key.key}/").content.decode()
    assert board.display_title in page and "Timing" in page
    assert role(other, board) == "edit"
    assert other.session["lessons"][lesson.slug] == lesson.edit_key


def test_changing_a_boards_keys_revokes_it_from_the_key(teacher: Client) -> None:
    board = open_board(teacher)
    key = make_key(teacher)
    assert teacher.post(f"/b/{board.slug}/rotate").status_code in (200, 302)
    other = _client()
    page = other.get(f"/k/{key.key}/").content.decode()
    assert role(other, board) == "view"
    assert "no longer here" in page


def test_saving_adds_the_boards_made_since(teacher: Client) -> None:
    first = open_board(teacher)
    key = make_key(teacher)
    second = open_board(teacher, "sangan_caius_tcg")
    assert teacher.post(f"/k/{key.key}/save").status_code == 302
    key.refresh_from_db()
    assert {first.slug, second.slug} <= set(key.boards)
    assert make_key(teacher).key == key.key  # the browser's own key is reused


def test_the_home_page_offers_the_key_link(teacher: Client) -> None:
    open_board(teacher)
    assert "/k/new" in teacher.get("/").content.decode()
    key = make_key(teacher)
    assert f"/k/{key.key}/" in teacher.get("/").content.decode()


def test_an_unknown_key_is_a_clear_404() -> None:
    response = _client().get("/k/" + "x" * 300 + "/")
    assert response.status_code == 404
    assert "does not exist" in response.content.decode()


def test_a_key_opened_by_get_creates_no_key_row(teacher: Client) -> None:
    open_board(teacher)
    key = make_key(teacher)
    before = TeacherKey.objects.count()
    _client().get(f"/k/{key.key}/")
    assert TeacherKey.objects.count() == before


@override_settings(RATE_LIMITS={"create": (3, 300), "report": (2, 100), "act": (120, 1200)})
def test_making_keys_is_rate_limited(teacher: Client) -> None:
    statuses = [teacher.post("/k/new").status_code for _ in range(5)]
    assert statuses[-1] == 429


# ---------------------------------------------------------------------- report this ruling
def test_every_board_links_report_this_ruling(teacher: Client) -> None:
    board = open_board(teacher)
    assert f"/b/{board.slug}/report" in _client().get(f"/b/{board.slug}/").content.decode()
    assert f"/b/{board.slug}/report?at=0" in teacher.get(f"/b/{board.slug}/at/0/").content.decode()


def test_a_report_records_the_step_and_the_note(teacher: Client) -> None:
    board = open_board(teacher)
    assert teacher.post(f"/b/{board.slug}/step", {"version": 0}).status_code == 200
    watcher = _client()
    form = watcher.get(f"/b/{board.slug}/report?at=1").content.decode()
    assert 'name="note"' in form and "required" in form
    response = watcher.post(f"/b/{board.slug}/report", {"at": "1", "note": "  Village?  "})
    assert response.status_code == 200 and "Thank you" in response.content.decode()
    report = RulingReport.objects.get()
    assert (report.board, report.step, report.note) == (board.slug, 1, "Village?")


@pytest.mark.parametrize(("data", "words"), [
    ({"note": ""}, "Write a note"),
    ({"note": "x" * 2001}, "at most 2000"),
    ({"note": "ok", "at": "99"}, "no step 99"),
    ({"note": "bad \x00 byte"}, "NUL"),
])
def test_bad_reports_are_refused_politely(teacher: Client, data: dict, words: str) -> None:
    board = open_board(teacher)
    response = _client().post(f"/b/{board.slug}/report", data)
    assert response.status_code == 400
    assert words in response.content.decode()
    assert not RulingReport.objects.exists()


@override_settings(RATE_LIMITS={"create": (20, 300), "report": (2, 100), "act": (120, 1200)})
def test_reports_are_rate_limited(teacher: Client) -> None:
    board = open_board(teacher)
    statuses = [teacher.post(f"/b/{board.slug}/report", {"note": "n"}).status_code
                for _ in range(3)]
    assert statuses == [200, 200, 429]


def test_reports_are_listed_in_the_admin(teacher: Client) -> None:
    board = open_board(teacher)
    teacher.post(f"/b/{board.slug}/report", {"note": "Check this chain"})
    User.objects.create_superuser("admin", "admin@example.com", "pw-for-tests")
    admin = _client()
    admin.login(username="admin", password="pw-for-tests")
    page = admin.get("/admin/simulator/rulingreport/")
    assert page.status_code == 200 and "Check this chain" in page.content.decode()
