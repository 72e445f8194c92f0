"""Frames on the board: what the browser needs to play an action one moment at a time.

The engine gives each step's frames (:meth:`engine.Duel.frames`), each with the whole state at
its moment. For the browser a frame is drawn with the same view-model pieces as the board
(the mat, the chain, the pending pool, the triggers, for one kind of viewer) and drawn by the
board's own templates, then reduced to what differs from the board as it is at the end of the
update, which the page already shows: each zone whose tiles differ (drawn whole, with their
badges and counts, as the frame's own page draws it), the life points, the chain panel's list
when it changed, the triggers whose status differs. Any frame can so be shown on its own
(back, forward, a click in the timeline), and it is the frame the engine recorded.
"""

from __future__ import annotations

import json
from typing import Any

from django.template.loader import render_to_string
from django.urls import reverse

from engine import RULES, Duel, Frame
from engine.words import render

from .addresses import address, frame_url
from .models import Board
from .rendering import Viewer, chain_shown, mat_sides, mat_zones, zone_body
from .rendering.drawing import _compact
from .rendering.viewmodel import _triggers_view, shown_triggers
from .shells import Shell, slot

#: at most this many steps' frames travel with one update (a long "auto" run shows its end)
MAX_STEPS = 12
MAX_FRAMES = 240


def duel_at(duel: Duel, frame: Frame) -> Duel:
    """A duel for showing only, whose state is the frame's."""
    return duel.showing(frame.state)


def frames_since(duel: Duel, since: int) -> list[Frame]:
    """The frames of the steps after step ``since`` (with their states), oldest first."""
    total = len(duel.actions)
    first = max(since + 1, total - MAX_STEPS + 1, 1)
    out: list[Frame] = []
    for k in range(first, total + 1):
        out += duel.frames(k, states=True)
    return out[-MAX_FRAMES:]


def _trigger_look(t: dict[str, Any]) -> list[Any]:
    """What the triggers panel shows of a trigger: its status, explanation and rule ids."""
    return [t["label"], t["explanation"], t["rules"], t["status"]]


def _chain_html(game: str, shown: dict[str, Any], request=None) -> str:
    """The chain panel's list, from :func:`chain_shown` (or a view-model holding the same)."""
    return _compact(render_to_string("simulator/partials/chain_links.html", {
        "game": game, "chain": shown["chain"], "pool": shown["pool"]}, request=request))


def _told(vw: Viewer, frame: Frame) -> tuple[str, list[list[Any]]]:
    """A frame's line and its log lines (text, rule ids) for ``vw``, the board at that frame.
    A log entry the triggers panel shows as a trigger's explanation (the latest entry about
    a trigger it lists) is left out of the lines: it is told once, where the trigger is; a
    moment whose entries are all told is not told again as one joined line."""
    seen = [e for e in frame.log if e["key"] != "instant" and vw.sees(e)]
    explained = {t.logged for t in shown_triggers(vw) if t.logged}
    lines = [[render(e, vw.name, vw.tr, with_rules=False), [r for r in e["rules"] if r in RULES]]
             for e in seen if e["seq"] not in explained]
    return vw.said(frame, logged=bool(seen)), lines


def _last_thing(vw: Viewer, frame: Frame, instants: dict[int, str]) -> str:
    if not frame.last:
        return ""
    text = instants.get(frame.last)
    if text is None:
        for entry in frame.state.log[::-1]:
            if entry["key"] == "instant" and entry["args"]["instant"] == frame.last:
                text = render(entry, vw.name, vw.tr, with_rules=False)
                break
        instants[frame.last] = text or ""
    return instants[frame.last]


def browser_frames(duel: Duel, frames: list[Frame], view: str, request=None,
                   shown: dict[str, Any] | None = None, readonly: bool = False) -> list[dict]:
    """Each frame as the browser plays it: what differs from ``duel``'s board (the end), drawn
    by the board's own templates from the frame's own view of the mat: each zone whose title,
    count or tiles differ (tiles with their badges), the life points, the chain's list when
    it changed, the triggers not yet recorded or with another status. ``shown``: the
    view-model of that board for ``view`` when already built (its mat, chain, pool and
    triggers are then not worked out again); ``readonly``: the page's tiles are (their menus
    written in)."""
    final = shown["viewer"] if shown else Viewer(duel, view)
    if shown is None:
        end_zones = mat_zones(mat_sides(final))
    else:  # read from the view-model's mat once, and kept with it
        if shown.get("looks") is None:
            shown["looks"] = mat_zones(shown["sides"])
        end_zones = shown["looks"]
    lp = list(duel.state.lp)
    end_chain = {k: shown[k] for k in ("chain", "pool")} if shown else chain_shown(final)
    end_triggers = shown["triggers"] if shown else _triggers_view(final)
    final_triggers = {t["tid"]: _trigger_look(t) for t in end_triggers}
    chain_before = end_chain
    instants: dict[int, str] = {}
    out = []
    for frame in frames:
        if frame.state == duel.state:  # the board at the end (often the last frame's)
            vw, f_zones = final, end_zones
            chain, f_triggers = end_chain, end_triggers
        else:
            vw = Viewer(duel_at(duel, frame), view)
            f_zones = mat_zones(mat_sides(vw))
            chain, f_triggers = chain_shown(vw), _triggers_view(vw)
        label, log = _told(vw, frame)
        item: dict[str, Any] = {
            "k": frame.step, "n": frame.n, "kind": frame.kind, "label": label, "log": log,
            "last": _last_thing(vw, frame, instants),
        }
        diff = {}
        for key, zone in f_zones.items():
            if end_zones.get(key) != zone:
                diff[key] = zone_body(zone, readonly)  # drawn once while it shows the same
        if diff:
            item["zones"] = diff
        if frame.lp != lp:
            item["lp"] = {f"p{p + 1}": v for p, v in enumerate(frame.lp)}
        if chain != chain_before:  # the list is drawn only when what it shows changed
            item["chain"] = _chain_html(duel.game, chain, request)
            chain_before = chain
        triggers = {t["tid"]: _trigger_look(t) for t in f_triggers}
        item["tmax"] = max(triggers, default=0)
        changed = {str(t): v for t, v in triggers.items() if final_triggers.get(t) != v}
        if changed:
            item["triggers"] = changed
        moved = [m["card"] for m in frame.changes.get("moved", [])] + frame.changes.get(
            "changed", [])
        if moved:
            item["changed"] = [i for i in moved if not vw.hidden(i)]
        out.append(item)
    return out


def playback_html(board: Board, duel: Duel, view: str, frames: list[Frame], *,
                  request=None, oob: bool = True, shown: dict[str, Any] | None = None,
                  readonly: bool = False) -> str:
    """The element that carries an update's frames to the page (empty when there are none);
    ``shown`` and ``readonly``: as for :func:`browser_frames`."""
    data = browser_frames(duel, frames, view, request, shown, readonly) if frames else []
    values = {"frames_json": json.dumps(data, separators=(",", ":"), ensure_ascii=False),
              "count": len(data), "version": board.version,
              "base": address("board", board.slug) if board.pk else ""}
    if not data:  # the element without frames says so: drawn in full
        return render_to_string("simulator/partials/playback.html", {**values, "oob": oob},
                                request=request)
    return _PLAYBACK.fill(oob, lambda: {**{name: slot(name) for name in values}, "oob": oob},
                          values)


#: the element with frames: its buttons and labels are the same for every update, only its
#: values differ (the frames, their count, the version, the board's address)
_PLAYBACK = Shell("simulator/partials/playback.html")


def frame_items(board: Board, duel: Duel, k: int, frames: list[Frame], view: str,
                *, link: str = "", viewer: Viewer | None = None) -> list[dict[str, Any]]:
    """The timeline's entries for the frames of step ``k``: label and address (``viewer``:
    that of ``duel`` for ``view`` when there is one already)."""
    vw = viewer or Viewer(duel, view)
    out = []
    shared = reverse("snapshot", args=[link]) if link else ""
    address = frame_url(board.slug)
    for frame in frames:
        url = f"{shared}?at={k}&frame={frame.n}" if link else address(k, frame.n)
        out.append({"k": k, "n": frame.n, "url": url, "label": vw.said(frame),
                    "kind": frame.kind})
    return out


def caption_context(duel: Duel, frame: Frame, frames: list[Frame], view: str) -> dict:
    """The caption of a frame shown on its own page: what happened, the last thing, the log.
    ``duel`` shows the board at the frame (its state is the frame's)."""
    vw = Viewer(duel, view)
    frame.state = duel.state
    label, log = _told(vw, frame)
    return {"k": frame.step, "n": frame.n, "count": len(frames), "label": label,
            "last": _last_thing(vw, frame, {}),
            "log": [{"text": t, "rules": r} for t, r in log]}


def frame_page(board: Board, history: Duel, k: int, n: int, view: str,
               link: str = "") -> tuple[Duel, dict[str, Any], list[dict[str, Any]]]:
    """The board at frame ``n`` of step ``k``, its caption and the step's frame entries.

    Raises IllegalAction when the step has no such frame."""
    shown, frames = history.at_frame(k, n)
    frame = frames[n - 1]
    items = frame_items(board, history, k, frames, view, link=link)
    for item in items:
        item["current"] = item["n"] == n
    caption = caption_context(shown, frame, frames, view)
    caption["prev"] = items[n - 2]["url"] if n > 1 else ""
    caption["next"] = items[n]["url"] if n < len(items) else ""
    return shown, caption, items
