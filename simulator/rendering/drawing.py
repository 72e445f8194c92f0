"""The view-model drawn: every partial of the board in full, zones drawn once while they
show the same, the status line filled in from its shell.
"""

from __future__ import annotations

import json
import re
import threading
from collections import OrderedDict
from typing import Any

from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import mark_safe

from engine import Duel

from ..models import Board
from ..shells import Shell, slot
from .timeline import story_view, timeline_view
from .viewer import Viewer
from .viewmodel import ruling_text, view_model

#: the partials sent on every update, in the order they appear on the page
PARTIALS = ("story", "status", "board", "chain", "decision", "log", "timeline")


def zone_body(zone: dict[str, Any], readonly: bool, mark: str | None = None) -> str:
    """A zone's title, count and cards: the one drawing of a zone, the board partial's and the
    playback's. ``mark``: the zone's fingerprint, when it was taken already."""
    mark = _fingerprint(zone) if mark is None else mark
    return _drawn("zone_body", {"zone": zone, "readonly": readonly}, (readonly, mark))


def _zone_tile(side: dict[str, Any], zone: dict[str, Any], readonly: bool) -> str:
    """A zone of the mat, its body in it (see :func:`zone_body`)."""
    mark = _fingerprint(zone)
    body = zone_body(zone, readonly, mark)
    return _drawn("zone", {"zone": {**zone, "body": body}, "readonly": readonly,
                           "side": {"key": side["key"], "name": side["name"]}},
                  (readonly, side["key"], side["name"], mark))


def _drawn(template: str, context: dict[str, Any], key: tuple) -> str:
    """``simulator/partials/<template>.html`` drawn with ``context``, which depends on nothing
    but ``key`` and the language: a zone drawn once is not drawn again while it shows the same
    (from one step to the next most zones do not change)."""
    key = (template, translation.get_language(), *key)
    with _DRAWN_LOCK:
        html = _DRAWN.get(key)
        if html is not None:
            _DRAWN.move_to_end(key)
            return html
    html = mark_safe(_compact(render_to_string(  # noqa: S308 (a template's own output)
        f"simulator/partials/{template}.html", context)))
    with _DRAWN_LOCK:
        _DRAWN[key] = html
        while len(_DRAWN) > _DRAWN_SIZE:
            _DRAWN.popitem(last=False)
    return html


#: zones drawn lately, by template, language and what they show (see :func:`_drawn`)
_DRAWN: OrderedDict[tuple, str] = OrderedDict()
_DRAWN_LOCK = threading.Lock()
_DRAWN_SIZE = 4096


def _with_tiles(sides: list[dict[str, Any]], readonly: bool) -> list[dict[str, Any]]:
    """The mat's sides with each zone drawn (``drawn``); the view-model is left as it is."""
    return [{**side, "rows": [[{**zone, "drawn": _zone_tile(side, zone, readonly)}
                               for zone in row] for row in side["rows"]]} for side in sides]


def render_partials(board: Board, duel: Duel, **kwargs: Any) -> str:
    """Every partial of the board, in full, in reading order (see :func:`partial_map`)."""
    return "".join(partial_map(board, duel, **kwargs).values())


def partial_map(board: Board, duel: Duel, *, oob: bool, message: str = "",
                    request=None, view: str = "open", readonly: bool = False,
                    at: int | None = None, link: str = "", history: Duel | None = None,
                    frames: dict[int, list[dict[str, Any]]] | None = None,
                    caption: dict[str, Any] | None = None,
                    decision_error: str = "", upto: int | None = None,
                    neutral: bool = False) -> dict[str, str]:
    """Every partial of the board, in full, by name; with ``oob`` as out-of-band swaps.

    ``frames``: timeline entries of the frames to list under their step; ``caption``: the
    frame shown, on a frame's own page; ``upto``: the last step the timeline lists;
    ``neutral``: as for :func:`view_model`."""
    from ..playback import playback_html

    context = view_model(board, duel, message, view=view, decision_error=decision_error,
                         neutral=neutral)
    context.update(oob=oob, readonly=readonly, at=at,
                   story=story_view(board, history or duel, at=at, readonly=readonly),
                   timeline=timeline_view(board, history or duel, at=at, link=link,
                                          frames=frames, view=view, upto=upto))
    if readonly:  # a read-only page is never updated: its ruling is written in
        context["ruling"] = ruling_text(Viewer(duel, view))
    parts = {name: _compact(_draw(name, context, request)) for name in PARTIALS}
    # the frame shown, or the playback controls, come right after the status (reading order)
    extra = ""
    if caption is not None or (readonly and oob):  # a presentation: a frame, or none now
        extra = render_to_string("simulator/partials/frame_caption.html",
                                 {"frame": caption, "oob": oob}, request=request)
    elif not readonly:
        extra = playback_html(board, duel, view, [], request=request, oob=oob)
    out = {}
    for name, html in parts.items():
        out[name] = html
        if name == "status" and extra:
            out["playback"] = _compact(extra)
    return out


def _draw(name: str, context: dict[str, Any], request=None) -> str:
    """One partial drawn from the view-model: the status from its shell, the others from
    their templates."""
    if name == "status":
        return _status(context)
    if name == "board":
        context = {**context, "sides": _with_tiles(context["sides"], context["readonly"])}
    return render_to_string(f"simulator/partials/{name}.html", context, request=request)


#: the status line and its controls: their words change with the controls shown, not with
#: each version
_STATUS = Shell("simulator/partials/status.html")
_STATUS_VALUES = ("version", "title", "turn", "turn_player", "phase", "preset", "message")


def _status(context: dict[str, Any]) -> str:
    """The status partial (the template drawn with ``context``, through :data:`_STATUS`)."""
    board, story = context["board"], context["story"]
    key = (context["oob"], context["readonly"], context["game"], board.slug, board.auto,
           story["left"], story["can_return"], context["pending_steps"],
           bool(context["message"]), tuple(side["key"] for side in context["sides"]))
    values = {name: context[name] for name in _STATUS_VALUES}
    values.update((f"lp_{side['key']}", side["lp"]) for side in context["sides"])

    def drawing() -> dict[str, Any]:
        return {**{name: slot(name) for name in values},
                "message": slot("message") if context["message"] else "", "board": board,
                "game": context["game"], "has": context["has"],
                "presets": context["presets"], "oob": context["oob"],
                "readonly": context["readonly"], "story": story,
                "pending_steps": context["pending_steps"],
                "sides": [{"key": side["key"], "lp": slot(f"lp_{side['key']}")}
                          for side in context["sides"]]}

    return _STATUS.fill(key, drawing, values)


def _compact(html: str) -> str:
    """Drop the indentation between tags: a tenth of an update's bytes."""
    return _INDENT.sub("\n", html)
_INDENT = re.compile(r"\n\s+")


def _fingerprint(entry: Any) -> str:
    """``entry`` as text: equal view-model parts give equal text (they are built in a fixed
    order, so their keys need no sorting)."""
    return _FINGERPRINT.encode(entry)


_FINGERPRINT = json.JSONEncoder(default=str, check_circular=False, ensure_ascii=False,
                                separators=(",", ":"))
