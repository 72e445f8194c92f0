"""A teacher's key link: the boards and lessons whose edit rights a browser holds, on any
device, with no account.

Edit rights live in the browser's session (see :mod:`simulator.access`: a grant per board,
and the lessons' edit keys under ``lessons``). A :class:`~simulator.models.TeacherKey` keeps
a copy of them, each with the edit key it had then; its link ``/k/<key>/`` (192 random bits)
lists them and, opened in another browser, grants there the rights whose key is still the
current one (a board whose keys were changed since is not granted: changing the keys revokes
every old link, this one too). The key holds only copies: losing it loses nothing else.
"""

from __future__ import annotations

from typing import Any

from .access import grant, grants
from .models import Board, Lesson, TeacherKey

#: where the browser's own key is remembered
SESSION_KEY = "teacher_key"
LESSONS_KEY = "lessons"
#: at most this many boards and lessons are kept in one key (the newest)
MAX_BOARDS = 300
MAX_LESSONS = 100


def held(session: Any) -> tuple[dict[str, str], dict[str, str]]:
    """The edit rights this browser holds: board slug -> edit key, lesson slug -> edit key."""
    boards = {slug: g["key"] for slug, g in grants(session).items()
              if isinstance(g, dict) and g.get("role") == "edit"}
    return boards, dict(session.get(LESSONS_KEY, {}) if session is not None else {})


def _newest(items: dict[str, str], most: int) -> dict[str, str]:
    return dict(list(items.items())[-most:])


def save(key: TeacherKey, session: Any) -> TeacherKey:
    """Add this browser's edit rights to ``key`` (newer ones replace older ones)."""
    boards, lessons = held(session)
    key.boards = _newest({**key.boards, **boards}, MAX_BOARDS)
    key.lessons = _newest({**key.lessons, **lessons}, MAX_LESSONS)
    key.save()
    session[SESSION_KEY] = key.key
    return key


def create(session: Any) -> TeacherKey:
    """A new key holding this browser's edit rights; the browser remembers it."""
    return save(TeacherKey(), session)


def valid(key: TeacherKey) -> tuple[list[Board], list[Lesson], int]:
    """The boards and lessons whose saved key is still the current one, and how many saved
    ones are not (their keys were changed, or they were deleted)."""
    boards = [b for b in Board.objects.filter(slug__in=list(key.boards))
              if b.edit_key == key.boards[b.slug]]
    lessons = [lesson for lesson in Lesson.objects.filter(slug__in=list(key.lessons))
               if lesson.edit_key == key.lessons[lesson.slug]]
    gone = len(key.boards) + len(key.lessons) - len(boards) - len(lessons)
    return boards, lessons, gone


def open_here(key: TeacherKey, session: Any) -> tuple[list[Board], list[Lesson], int]:
    """Grant this browser the key's rights that are still valid; what :func:`valid` says."""
    boards, lessons, gone = valid(key)
    for board in boards:
        grant(session, board, "edit")
    mine = dict(session.get(LESSONS_KEY, {}))
    mine.update({lesson.slug: lesson.edit_key for lesson in lessons})
    session[LESSONS_KEY] = mine
    session[SESSION_KEY] = key.key
    return boards, lessons, gone
