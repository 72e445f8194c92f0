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

from . import boards
from .models import Board
from .rendering import render_partials


def follow_group(board: Board) -> str:
    return f"board.{board.slug}.follow"


def presented_step(board: Board) -> int:
    total = len(boards.duel_of(board).actions)
    at = board.presenter_at
    return total if at is None or not 0 <= at <= total else at


def render_presentation(board: Board, request=None) -> str:
    """What followers see now: the board at the presenter's step, with its caption."""
    full = boards.duel_of(board)
    step = presented_step(board)
    duel = full if step == len(full.actions) else full.at(step)
    view = "public" if board.seats else "open"
    marker = render_to_string("simulator/partials/presentation.html", {
        "board": board, "step": step, "total": len(full.actions),
        "live": board.presenter_at is None, "caption": board.captions.get(str(step), ""),
        "oob": True,
    }, request=request)
    return marker + render_partials(board, duel, oob=True, request=request, view=view,
                                    readonly=True, at=step, history=full)


def broadcast_presentation(board: Board) -> None:
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(follow_group(board), {
            "type": "board.update", "html": render_presentation(board)})
