"""Classroom mode: a presenter shows a step of a board, followers see it live.

The presenter's step (``Board.presenter_at``; empty for the live board) and the captions are
stored on the board. Every change the followers must see (the presenter moves, a caption is
written, the live board changes while the presenter follows it) is rendered once, as whole
read-only partials, and sent to the board's "follow" group.
"""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.template.loader import render_to_string

from engine import Duel

from . import boards
from .models import Board
from .rendering import render_partials


def follow_group(board: Board) -> str:
    return f"board.{board.slug}.follow"


def presented_step(board: Board) -> int:
    total = len(boards.duel_of(board).actions)
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


def render_presentation(board: Board, request=None, *, since: int | None = None) -> str:
    """What followers see now: the board at the presenter's step (or one frame of it, in the
    middle of that action), with its caption. ``since``: while the presenter follows the live
    board, the steps before a change; the frames of the new ones come along to be played."""
    from . import playback

    full = boards.duel_of(board)
    step, frame, count = presented_frame(board, full)
    view = "public" if board.seats else "open"
    prev, nxt = frame_neighbours(full, step, frame, count)
    marker = render_to_string("simulator/partials/presentation.html", {
        "board": board, "step": step, "total": len(full.actions), "frame": frame,
        "count": count, "prev_frame": prev, "next_frame": nxt,
        "live": board.presenter_at is None, "caption": board.captions.get(str(step), ""),
        "oob": True,
    }, request=request)
    if frame is not None:
        duel, caption, items = playback.frame_page(board, full, step, frame, view)
        return marker + render_partials(
            board, duel, oob=True, request=request, view=view, readonly=True, at=step,
            history=full, frames={step: items}, caption=caption) + playback.playback_html(
            board, full, view, [], request=request)
    duel = full if step == len(full.actions) else full.at(step)
    html = marker + render_partials(board, duel, oob=True, request=request, view=view,
                                    readonly=True, at=step, history=full)
    frames = []
    if board.presenter_at is None and since is not None and since < len(full.actions):
        frames = playback.frames_since(full, since)  # following the live board: it plays
    return html + playback.playback_html(board, full, view, frames, request=request)


def broadcast_presentation(board: Board, since: int | None = None) -> None:
    layer = get_channel_layer()
    if layer is not None:
        group = follow_group(board)
        async_to_sync(layer.group_send)(group, {
            "type": "board.update", "group": group,
            "html": render_presentation(board, since=since)})
