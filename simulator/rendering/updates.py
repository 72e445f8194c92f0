"""Update increments: for each kind of viewer and language, only the partials that changed
since the previous version and only the new log entries and steps.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import fields
from typing import Any

from django.utils import translation

from engine import Duel, State

from ..models import Board
from ..templatetags.lists import log_append, timeline_append
from .drawing import PARTIALS, _compact, _draw, _fingerprint
from .timeline import story_view, timeline_view
from .viewer import Viewer
from .viewmodel import view_model

#: the kinds of viewer an update is drawn for
VIEWS = ("open", "public", "p1", "p2")
#: the last update drawn for each board and kind of viewer (see :func:`render_update`)
_LAST: OrderedDict[tuple[str, str], dict[str, Any]] = OrderedDict()
_LAST_LOCK = threading.Lock()
_LAST_SIZE = 512


def render_update(board: Board, duel: Duel, view: str,
                  legal: list[dict[str, Any]] | None = None, frames: list | None = None) -> str:
    """This version's out-of-band partials for one kind of viewer: only the partials that
    changed since the previous version, and only the new log entries, when this process
    rendered the previous version; everything otherwise (always correct, just bigger)."""
    key = (board.slug, view)
    with _LAST_LOCK:
        prev = _LAST.get(key)
    log = duel.state.log
    told = Viewer(duel, view).told_apart()  # a change re-words earlier lines: drawn anew
    appendable = (prev is not None and prev["version"] == board.version - 1
                  and len(log) >= prev["log_len"] and prev.get("told") == told
                  and (prev["log_len"] == 0 or _fingerprint(log[prev["log_len"] - 1])
                       == prev["log_last"]))
    lang = translation.get_language()
    same = appendable and prev["lang"] == lang and same_mat(prev["state"], duel.state)
    context = view_model(board, duel, view=view, legal=legal,
                         log_from=prev["log_len"] if appendable else 0,
                         kept=prev["kept"] if same else None)
    context.update(oob=True, readonly=False, at=None, story=story_view(board, duel))
    steps = len(duel.actions)
    grew = appendable and steps >= prev["steps"]
    listed: dict[int, list[dict[str, Any]]] = {}
    if frames:
        from ..playback import frame_items

        by_step: dict[int, list] = {}
        for frame in frames:
            by_step.setdefault(frame.step, []).append(frame)
        listed = {k: frame_items(board, duel, k, fs, view, viewer=context["viewer"])
                  for k, fs in by_step.items()}
    context["timeline"] = timeline_view(board, duel, start=prev["steps"] + 1 if grew else 0,
                                        frames=listed, view=view, viewer=context["viewer"])
    marks = _part_marks(context, prev["marks"]["sides"] if same else None)
    out = []
    for name in PARTIALS:
        if name in ("log", "timeline"):
            append = appendable if name == "log" else grew
            if not append:
                out.append(_compact(_draw(name, context)))
            elif _has_new(name, context):
                out.append(_compact(log_append(context["log"]) if name == "log"
                                    else timeline_append(context["timeline"])))
        elif not appendable or not marks[name] or marks[name] != prev["marks"].get(name):
            out.append(_compact(_draw(name, context)))
    if frames:  # the action's frames travel in the same message; the page plays them
        from ..playback import playback_html

        out.append(_compact(playback_html(board, duel, view, frames, shown=context)))
    with _LAST_LOCK:
        _LAST[key] = {"version": board.version, "marks": marks, "log_len": len(log),
                      "steps": steps, "lang": lang, "state": duel.state, "told": told,
                      "kept": {name: context[name] for name in _KEPT},
                      "log_last": _fingerprint(log[-1]) if log else ""}
        _LAST.move_to_end(key)
        while len(_LAST) > _LAST_SIZE:
            _LAST.popitem(last=False)
    return "".join(out)


def _has_new(name: str, context: dict[str, Any]) -> bool:
    """Whether the log (or the timeline) has new entries to append."""
    return bool(context["log"] if name == "log" else context["timeline"]["steps"])


def _part_marks(context: dict[str, Any], sides: str | None = None) -> dict[str, str]:
    """What each partial shows, as text: a partial whose marks did not change since the
    previous version is neither rendered nor sent. The status partial (with the version and
    the life points) always is. ``sides``: the mark of the mat's sides when known (they were
    taken from the previous version)."""
    if sides is None:
        sides = _fingerprint([{k: v for k, v in side.items() if k != "lp"}
                              for side in context["sides"]])
    return {
        "status": "",
        "story": _fingerprint(context["story"]),
        "sides": sides,
        "board": sides + _fingerprint(context["global_actions"]),
        "chain": _fingerprint([context["chain"], context["pool"], context["triggers"],
                               context["last_chain"]]),
        "decision": _fingerprint(context["decision"]),
    }


#: the view-model's parts an update may take from the previous version's (see view_model)
_KEPT = ("sides", "triggers", "legal", "global_actions", "last_chain_read", "looks")
#: what the mat does not show: the life points (the status line does) and the history
_OFF_MAT = frozenset({"lp", "log", "instants", "instant"})
_MAT_FIELDS = tuple(f.name for f in fields(State) if f.name not in _OFF_MAT)


def same_mat(a: State, b: State) -> bool:
    """Whether two states show the same mat to the same viewer: equal in everything but the
    life points and the history. No card's look reads them: an amount counts cards or reads
    a stat, never life points (engine.amounts); tested over every built-in scenario."""
    return a is b or all(getattr(a, name) == getattr(b, name) for name in _MAT_FIELDS)


def render_views(board: Board, duel: Duel, since: int | None = None) -> dict[str, str]:
    """The update for each kind of viewer, rendered once each: the open view, and the
    public view and the two seats when the board has seats. ``since``: the number of steps
    before the change; the frames of the steps it added come with the update."""
    from ..playback import frames_since

    views = VIEWS if board.seats else ("open",)
    legal = duel.legal_actions() if duel.state.decision is None else []
    frames = frames_since(duel, since) if since is not None and since < len(
        duel.actions) else []
    return {view: render_update(board, duel, view, legal, frames) for view in views}
