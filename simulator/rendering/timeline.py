"""Where a board stands in its history: the scenario's story, the timeline of steps and the
snapshot link of the board as it is now.
"""

from __future__ import annotations

import re
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from engine import RULES, Duel
from engine.links import encode
from engine.words import render

from ..addresses import step_url
from ..language import engine_language, scenario_text
from ..models import Board
from .viewer import Viewer

RULE_ID = re.compile(r"\b(?:YGO|DM)-[A-Z0-9]+(?:-[A-Z0-9]+)*")


def story_view(board: Board, history: Duel, *, at: int | None = None,
               readonly: bool = False) -> dict[str, Any]:
    """What a board opened from a scenario says about it: the question; where the board left
    the script (with "Back to the script" when that would change something); and, once the
    last step has been played on the script, the explanation, its rule ids as links."""
    left = board.script_left
    total = len(history.actions)
    done = left is None and not board.pending_steps and (at is None or at == total)
    notice = ""
    if left is not None and not readonly:
        k = left.get("step", 1)
        if left.get("how") == "failed":
            notice = _("Step %(k)s of the script cannot be played here: %(reason)s. From here "
                       "the board is yours.") % {"k": k, "reason": left.get("reasons", {}).get(
                           engine_language()) or left.get("reason", "")}
        elif k > board.script_length:
            notice = _("You left the script after its last step; from here the board is "
                       "yours.")
        elif left.get("how") == "answer":
            notice = _("You answered differently at step %(k)s; from here the board is "
                       "yours.") % {"k": k}
        else:
            notice = _("You left the script at step %(k)s; from here the board is "
                       "yours.") % {"k": k}
    explanation = (_rule_links(scenario_text(board, "explanation"))
                   if done and board.explanation else [])
    return {"question": scenario_text(board, "question"), "notice": notice,
            "explanation": explanation,
            "left": left is not None,
            "can_return": left is not None and history.actions != left.get("actions"),
            "shown": bool(board.question or notice or explanation)}


def _rule_links(text: str) -> list[dict[str, str]]:
    """Text in parts, each catalogued rule id a part of its own (shown as a link)."""
    parts: list[dict[str, str]] = []
    at = 0
    for match in RULE_ID.finditer(text):
        if match.group() in RULES:
            parts += [{"text": text[at:match.start()]}, {"rule": match.group()}]
            at = match.end()
    return [*parts, {"text": text[at:]}]


def snapshot_path(board: Board, duel: Duel) -> str:
    """The snapshot link (a path) of the board as it is now: the share panel shows it."""
    return reverse("snapshot", args=[encode(duel, title=board.title,
                                            cards=board.data.get("cards") or None)])


def timeline_view(board: Board, history: Duel, *, at: int | None = None, link: str = "",
                  start: int = 0,
                  frames: dict[int, list[dict[str, Any]]] | None = None,
                  view: str = "open", viewer: Viewer | None = None,
                  upto: int | None = None) -> dict[str, Any]:
    """The steps of the board (from step ``start``), each opening the board as it was then;
    ``at`` marks the step shown (None: the live board, at its last step).
    ``frames``: the frames listed under their step; other steps load theirs when opened.
    ``viewer``: the viewer of ``history`` for ``view`` when there is one already.
    ``upto``: the last step listed (a room sees no step its presenter has not reached)."""
    total = len(history.actions) if upto is None else min(upto, len(history.actions))
    firsts: dict[int, dict[str, Any]] = {}  # each step's first log line, from the log's tail
    vw = viewer or Viewer(history, view)  # a step's label names only what it may see
    for entry in reversed(history.state.log):
        step = entry.get("step")
        if step is not None and step < start:
            break
        if step is not None and entry["key"] != "instant" and vw.sees(entry):
            firsts[step] = entry
    labels = {k: render(e, vw.name, vw.tr, with_rules=False) for k, e in firsts.items()}

    if link:
        shared = reverse("snapshot", args=[link])

        def url(k: int) -> str:
            return f"{shared}?at={k}"
    else:
        url = step_url("board_at", board.slug)
    frames_url = step_url("board_frames", board.slug)
    frames = frames or {}
    steps = [{"k": k, "label": labels.get(k, _("Set-up") if k == 0 else str(k)),
              "url": url(k), "current": at == k, "frames": frames.get(k, []),
              "frames_url": frames_url(k) if k and board.pk and not link else ""}
             for k in range(start, total + 1)]
    here = total if at is None else at
    return {"steps": steps, "nav": {"first": url(0), "prev": url(max(0, here - 1)),
                                    "next": url(min(total, here + 1)), "last": url(total)},
            "total": total}
