"""Classroom mode: a presenter shows a step of a board, followers see it live.

The presenter's step (``Board.presenter_at``; empty for the live board) and the captions are
stored on the board. Every change the followers must see (the presenter moves, a caption is
written, the live board changes while the presenter follows it, presenting stops) is rendered
once per language its followers read, as whole read-only partials, and sent to the board's
"follow" group. A question asked of the room (simulator.predict) goes to the same group; its
live tally only to the presenter's ("teach") group. A lesson has its own group: the teacher's
"next chapter" tells every follower of the lesson which chapter to open.
"""

from __future__ import annotations

from collections.abc import Callable

from django.template.loader import render_to_string

from engine import Duel

from . import store
from .models import Board, Lesson, Prediction
from .rendering import render_partials
from .updates import Message, in_languages, publish


def follow_group(board: Board) -> str:
    return f"board.{board.slug}.follow"


def teach_group(board: Board) -> str:
    """The presenter's own group: the live tally of the question asked."""
    return f"board.{board.slug}.teach"


def lesson_group(lesson: Lesson) -> str:
    return f"lesson.{lesson.slug}"


def lesson_watch_key(slug: str) -> str:
    """The key under which the languages of a lesson's followers are remembered."""
    return f"lesson:{slug}"


def presented_step(board: Board) -> int:
    total = len(store.duel_of(board).actions)
    at = board.presenter_at
    return total if at is None or not 0 <= at <= total else at


def presented_frame(board: Board, full: Duel) -> tuple[int, int | None, int]:
    """The presenter's step, frame (None: the end of the step) and the step's frame count."""
    step = presented_step(board)
    if not step or board.presenter_at is None or board.presenter_frame is None:
        return step, None, len(full.frames(step)) if step else 0
    count = len(full.frames(step))
    n = board.presenter_frame
    return step, (n if 1 <= n < count else None), count


def frame_neighbours(full: Duel, step: int, n: int | None, count: int) -> tuple[str, str]:
    """Where "back a frame" and "forward a frame" go, as ``k.n`` or ``k`` (a step's end)."""
    total = len(full.actions)
    if n is None:
        prev = (f"{step}.{count - 1}" if count > 1 else (str(step - 1) if step > 1 else "0")
                ) if step else ""
        nxt = f"{step + 1}.1" if step < total else ""
    else:
        prev = f"{step}.{n - 1}" if n > 1 else str(step - 1)
        nxt = f"{step}.{n + 1}" if n + 1 < count else str(step)
    return prev, nxt


def render_presentation(board: Board, request=None, *, since: int | None = None,
                        question: bool = True) -> str:
    """What followers see now: the board at the presenter's step (or one frame of it, in the
    middle of that action), with its caption and (``question``) the question asked of the
    room. ``since``: while the presenter follows the live board, the steps before a change;
    the frames of the new ones come along to be played."""
    from . import playback, predict

    full = store.duel_of(board)
    step, frame, count = presented_frame(board, full)
    view = "public" if board.seats else "open"
    asked = predict.current(board)
    # nothing past the presenter's step and frame, nothing ordered by an open question's answer
    shown = {"upto": step, "neutral": asked is not None and not asked.revealed}
    prev, nxt = frame_neighbours(full, step, frame, count)
    marker = render_to_string("simulator/partials/presentation.html", {
        "board": board, "step": step, "total": len(full.actions), "frame": frame,
        "count": count, "prev_frame": prev, "next_frame": nxt,
        "live": board.presenter_at is None, "caption": board.captions.get(str(step), ""),
        "oob": True, "presenting": board.presenting,
    }, request=request) + (render_predict(board, request, asked) if question else "")
    if frame is not None:
        duel, caption, items = playback.frame_page(board, full, step, frame, view)
        caption["next"] = ""  # the frames after this one are the presenter's to show
        return marker + render_partials(
            board, duel, oob=True, request=request, view=view, readonly=True, at=step,
            history=full, frames={step: items[:frame]}, caption=caption,
            **shown) + playback.playback_html(board, full, view, [], request=request, readonly=True)
    duel = full if step == len(full.actions) else full.at(step)
    html = marker + render_partials(board, duel, oob=True, request=request, view=view,
                                    readonly=True, at=step, history=full, **shown)
    frames = []
    if board.presenter_at is None and since is not None and since < len(full.actions):
        frames = playback.frames_since(full, since)  # following the live board: it plays
    return html + playback.playback_html(board, full, view, frames, request=request,
                                         readonly=True)


def presentation_messages(board: Board, since: int | None = None) -> tuple[str | None,
                                                                          list[Message]]:
    """The presentation for the followers, rendered once per language they read: the HTML in
    the current language (the presenter's answer is the very same; None when nobody follows)
    and the messages to publish."""
    return in_languages(follow_group(board), board.slug,
                        lambda: render_presentation(board, since=since))


def broadcast_presentation(board: Board, since: int | None = None) -> None:
    """Send followers the presentation now."""
    publish(presentation_messages(board, since)[1])


def _send(group: str, key: str, render: Callable[[], str]) -> None:
    """Send ``render()`` to ``group``'s watchers now, in each language they read (``key``:
    the board or lesson whose watchers' languages count)."""
    publish(in_languages(group, key, render)[1])


_UNREAD = object()


def render_predict(board: Board, request=None, prediction: Prediction | None | object = _UNREAD
                   ) -> str:
    """The question the room is answering (or its revealed answer), for every follower and
    the presenter: the same HTML for all who read one language (a student's own answer is
    marked by the page), the question worded in the current language.
    ``prediction``: that question (None: there is none), when it was read already."""
    from . import predict

    asked = predict.current(board) if prediction is _UNREAD else prediction
    return render_to_string("simulator/partials/predict.html", {  # worded in the reader's language
        "board": board, "prediction": predict.asked_for_reader(asked), "oob": True},
        request=request)


def render_tally(board: Board, prediction: Prediction | None, request=None, *,
                 oob: bool = True) -> str:
    """The presenter's live tally of the question asked."""
    from . import predict

    return render_to_string("simulator/partials/predict_tally.html", {
        "board": board, "prediction": prediction,
        "tally": predict.tally(prediction) if prediction else [],
        "voters": prediction.votes.count() if prediction else 0, "oob": oob},
        request=request)


def broadcast_predict(board: Board) -> None:
    """A question was asked or its answer revealed: followers and the presenter see it."""
    from . import predict

    # the whole presentation: while a question is open nothing is shown in its answer's order
    _send(follow_group(board), board.slug, lambda: render_presentation(board))
    _send(teach_group(board), board.slug, lambda: render_tally(board, predict.current(board)))


def broadcast_tally(board: Board, prediction: Prediction) -> None:
    _send(teach_group(board), board.slug, lambda: render_tally(board, prediction))


def render_lesson_marker(lesson: Lesson) -> str:
    """Which chapter the teacher shows: a follower of the lesson on another one moves."""
    return render_to_string("simulator/partials/lesson_marker.html", {"lesson": lesson})


def broadcast_lesson(lesson: Lesson) -> None:
    _send(lesson_group(lesson), lesson_watch_key(lesson.slug),
          lambda: render_lesson_marker(lesson))
