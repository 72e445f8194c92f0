"""Lessons that move the room: chapters in the teacher's order (reorderable), one follow link
for the whole lesson, the teacher's "next chapter" sent to every follower; present mode's
"Next step", and followers told when presenting stops."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from simulator.models import Board, Lesson

pytestmark = pytest.mark.django_db

RATS = "yugioh/giant_rats_battle"
CAIUS = "yugioh/sangan_caius_tcg_classic"
SOUL_TAKER = "yugioh/amazoness_village_soul_taker"


def _lesson(teacher: Client, chapters: list[str], order: list[str] | None = None) -> Lesson:
    response = teacher.post("/lessons/new", {"title": "Timing", "chapter": chapters,
                                             "order": ",".join(order or [])})
    assert response.status_code == 302
    return Lesson.objects.get()


def _titles(lesson: Lesson) -> list[str]:
    lesson.refresh_from_db()
    found = {b.slug: b.display_title for b in Board.objects.filter(slug__in=lesson.chapters)}
    return [found[s] for s in lesson.chapters]


def test_chapters_keep_the_order_chosen_and_can_be_reordered() -> None:
    teacher, student = Client(HTTP_HOST="localhost"), Client(HTTP_HOST="localhost")
    lesson = _lesson(teacher, [RATS, CAIUS], order=[CAIUS, RATS])
    assert _titles(lesson) == ["Sangan tributed for Caius (TCG classic)",
                               "Two Giant Rats destroy each other in battle"]
    edit = f"/lessons/{lesson.slug}/edit/"
    page = teacher.get(edit).content.decode()
    assert "Move chapter 2 up" in page and "Move chapter 1 down" in page
    assert teacher.post(edit, {"move": "up:2"}).status_code == 302
    assert _titles(lesson)[0] == "Two Giant Rats destroy each other in battle"
    for bad in ("up:1", "down:2", "sideways:1", "up:x", "up:99999"):
        refused = teacher.post(edit, {"move": bad})
        assert refused.status_code == 400 and "cannot move" in refused.content.decode(), bad
    assert teacher.post(edit, {"title": "x" * 201}).status_code == 400
    assert teacher.post(edit, {"title": "Missing the timing"}).status_code == 302
    lesson.refresh_from_db()
    assert lesson.title == "Missing the timing"
    assert student.get(edit).status_code == 403
    assert student.post(edit, {"move": "up:2"}).status_code == 403


def test_the_lesson_address_opens_chapter_1_and_its_follow_link_the_current_one() -> None:
    teacher, student = Client(HTTP_HOST="localhost"), Client(HTTP_HOST="localhost")
    lesson = _lesson(teacher, [RATS, CAIUS])
    first = teacher.get(f"/lessons/{lesson.slug}/")
    assert first.status_code == 302 and first["Location"] == f"/lessons/{lesson.slug}/1/"
    assert student.get("/lessons/nope/").status_code == 404
    page = teacher.get(f"/lessons/{lesson.slug}/1/", follow=True).content.decode()
    assert f"http://localhost/lessons/{lesson.slug}/follow/" in page  # one link for all
    assert 'class="qr"' in page and "Two Giant Rats destroy each other in battle" in page
    follow = student.get(f"/lessons/{lesson.slug}/follow/").content.decode()
    assert "chapter 1 of 2" in follow and f'/ws/lessons/{lesson.slug}/' in follow
    assert student.post(f"/lessons/{lesson.slug}/go", {"chapter": 2}).status_code == 403
    for bad in ("0", "3", "x", ""):
        assert teacher.post(f"/lessons/{lesson.slug}/go", {"chapter": bad}).status_code == 400
    assert teacher.get(f"/lessons/{lesson.slug}/go").status_code == 405

    async def run() -> None:
        ws = WebsocketCommunicator(_app(), f"/ws/lessons/{lesson.slug}/",
                                   headers=[(b"origin", b"http://localhost")])
        assert (await ws.connect())[0]
        assert 'data-chapter="1"' in await ws.receive_from()
        moved = await sync_to_async(teacher.post)(f"/lessons/{lesson.slug}/go", {"chapter": 2})
        assert moved.status_code == 302 and moved["Location"] == f"/lessons/{lesson.slug}/2/"
        assert 'data-chapter="2"' in await ws.receive_from()
        await ws.disconnect()

    async_to_sync(run)()
    follow = student.get(f"/lessons/{lesson.slug}/follow/").content.decode()
    assert "chapter 2 of 2" in follow and "Sangan tributed for Caius" in follow


def _app():
    from simulator.asgi import application

    return application


def test_present_mode_plays_the_next_step_and_tells_followers_when_it_stops() -> None:
    teacher = Client(HTTP_HOST="localhost")
    lesson = _lesson(teacher, [SOUL_TAKER])
    board = Board.objects.get(slug=lesson.chapters[0])
    page = teacher.get(f"/b/{board.slug}/present/").content.decode()
    assert "Next step" in page and "Amazoness Village misses the timing" in page

    async def run() -> None:
        ws = WebsocketCommunicator(_app(), f"/ws/b/{board.slug}/follow/",
                                   headers=[(b"origin", b"http://localhost")])
        assert (await ws.connect())[0]
        await ws.receive_from()
        played = await sync_to_async(teacher.post)(f"/b/{board.slug}/present/next")
        assert played.status_code == 200
        assert "follows the live board" in await ws.receive_from()
        nothing = await sync_to_async(teacher.post)(f"/b/{board.slug}/present/next")
        assert nothing.status_code == 409 and "no step left" in nothing.content.decode()
        stopped = await sync_to_async(teacher.post)(f"/b/{board.slug}/present", {"at": "stop"})
        assert stopped.status_code == 302
        assert "Not presented now" in await ws.receive_from()
        await ws.disconnect()

    async_to_sync(run)()
    board.refresh_from_db()
    assert len(board.data["actions"]) == 1 and not board.presenting
    assert Client(HTTP_HOST="localhost").post(f"/b/{board.slug}/present/next").status_code == 403


def test_only_an_editor_hears_the_tally() -> None:
    teacher, student = Client(HTTP_HOST="localhost"), Client(HTTP_HOST="localhost")
    lesson = _lesson(teacher, [SOUL_TAKER])
    slug = lesson.chapters[0]
    student.get(f"/b/{slug}/follow/")

    async def connect(client: Client) -> bool:
        cookie = f"sessionid={client.cookies['sessionid'].value}".encode() if (
            "sessionid" in client.cookies) else b""
        ws = WebsocketCommunicator(_app(), f"/ws/b/{slug}/teach/", headers=[
            (b"origin", b"http://localhost"), (b"cookie", cookie)])
        connected, _code = await ws.connect()
        opened = False
        if connected:
            message = await ws.receive_output()
            opened = message.get("type") == "websocket.send"
            await ws.disconnect()
        return opened

    assert async_to_sync(connect)(teacher)
    assert not async_to_sync(connect)(student)
