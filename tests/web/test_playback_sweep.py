"""The equality sweep: every frame the live board's playback draws is the frame the engine
recorded. For every frame of every built-in scenario, and for the editor, a seat and a
watcher, a normalised summary of what the playback draws (each zone's count and tiles: the
name the viewer may see, face, position, tapped, the stat shown, chain-link and trigger
badges; the life points; the chain or pending pool) is the same as the one of the frame's
own page, ``/b/<id>/at/<k>/<n>/``, drawn by the server."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.template.loader import render_to_string

from simulator import playback, rendering, store
from simulator.gallery import scenario_index
from tests.web.scenario_pages import played_scenario

pytestmark = pytest.mark.django_db

ZONE = re.compile(r'data-zone="(p[12]:[a-z_]+)"')
COUNT = re.compile(r'<span class="count">(\d+)</span>')
TILE = re.compile(r'<li class="card tile ([^"]*)" data-card="(\d+)">(.*?)</summary>', re.S)
NAME = re.compile(r'<span class="card-name"[^>]*>([^<]*)</span>')
STATS = re.compile(r'<span class="card-stats">([^<]*)</span>')
BADGE = re.compile(r'<span class="badge ([^"]*)"[^>]*>([^<]*)</span>')
PILE = re.compile(r'<p class="pile-count muted">([^<]*)</p>')
LP = re.compile(r'id="lp-(p[12])">(-?\d+) LP')
TAGS = re.compile(r"<[^>]+>")


def _zone_summary(html: str) -> tuple[Any, ...]:
    """A zone's count, pile and tiles, as a reader sees them."""
    count = COUNT.search(html)
    pile = PILE.search(html)
    tiles = tuple(  # "frame-changed": the playback's mark of what changed at this moment
        (iid, " ".join(sorted(set(classes.split()) - {"frame-changed"})), NAME.findall(body)[:1],
         STATS.findall(body)[:1], tuple(BADGE.findall(body)))
        for classes, iid, body in TILE.findall(html))
    return (count[1] if count else None, pile[1].strip() if pile else None, tiles)


def _zones_of_board(html: str) -> dict[str, tuple[Any, ...]]:
    """Each zone of a board partial, summarised (a zone runs to the next one)."""
    marks = [(m.start(), m[1]) for m in ZONE.finditer(html)]
    out = {}
    for i, (start, key) in enumerate(marks):
        end = marks[i + 1][0] if i + 1 < len(marks) else len(html)
        out[key] = _zone_summary(html[start:end])
    return out


def _text(html: str) -> str:
    return " ".join(TAGS.sub(" ", html).split())


def _board_html(board, duel, view: str) -> str:
    context = rendering.view_model(board, duel, view=view, legal=[])
    return rendering._draw("board", {**context, "oob": False, "readonly": False})


def _chain_html(board, duel, view: str) -> str:
    vw = rendering.Viewer(duel, view)
    shown = rendering.chain_shown(vw)
    return render_to_string("simulator/partials/chain_links.html",
                            {"game": duel.game, **shown})


def _played(entry: dict):
    board = played_scenario(entry)
    board.seats = True  # the three viewers: the editor, a seat and a watcher
    return board


SCENARIOS = scenario_index()


@pytest.mark.parametrize("entry", SCENARIOS, ids=[f"{e['game']}/{e['slug']}" for e in SCENARIOS])
def test_the_playback_draws_each_frame_as_its_own_page_does(entry: dict) -> None:
    board = _played(entry)
    history = store.duel_of(board)
    compared = 0
    for k in range(1, len(history.actions) + 1):
        end = history.at(k)
        frames = history.frames(k, states=True)
        for view in ("open", "p1", "public"):
            data = playback.browser_frames(end, frames, view)
            end_board = _board_html(board, end, view)
            end_zones = _zones_of_board(end_board)
            end_lp = dict(LP.findall(end_board))
            chain = _text(_chain_html(board, end, view))
            end_triggers = rendering._triggers_view(rendering.Viewer(end, view))
            for n, item in enumerate(data, 1):
                shown, caption, _items = playback.frame_page(board, history, k, n, view)
                page = _board_html(board, shown, view)
                drawn = dict(end_zones)
                for key, html in item.get("zones", {}).items():
                    drawn[key] = _zone_summary(html)
                want = _zones_of_board(page)
                where = f"step {k} frame {n} ({view})"
                assert drawn == want, (where, {z: (drawn.get(z), want[z]) for z in want
                                               if drawn.get(z) != want[z]})
                lp = {**end_lp, **{p: str(v) for p, v in item.get("lp", {}).items()}}
                assert lp == dict(LP.findall(page)), where
                if "chain" in item:
                    chain = _text(item["chain"])
                assert chain == _text(_chain_html(board, shown, view)), where
                # the triggers panel: the end's list, those not yet met hidden, each with the
                # status, explanation and rule ids the frame gives it (as the page draws it)
                drawn_triggers = [
                    (t["tid"], *item.get("triggers", {}).get(str(t["tid"]),
                                                             playback._trigger_look(t)))
                    for t in end_triggers if t["tid"] <= item["tmax"]]
                frame_triggers = [(t["tid"], *playback._trigger_look(t)) for t in
                                  rendering._triggers_view(rendering.Viewer(shown, view))]
                assert drawn_triggers == frame_triggers, where
                # the caption: what happened (with the decision the frame records), the last
                # thing that happened, the frame's log lines
                assert item["label"] == caption["label"] and item["last"] == caption["last"], (
                    where)
                assert [[t, r] for t, r in item["log"]] == [
                    [line["text"], line["rules"]] for line in caption["log"]], where
                compared += 1
    assert compared or len(history.actions) == 0
