"""Elements drawn once and filled in (simulator.shells): the filled shell is the very text the
template draws, for every board, language and way of showing it; and a shell is drawn once."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from engine.scenario import SCENARIO_DIR, builtin_scenarios, load_scenario
from simulator import boards, rendering, script, store
from simulator.models import Board
from simulator.shells import Shell, slot

pytestmark = pytest.mark.django_db
STATUS = "simulator/partials/status.html"


def _context(board: Board, duel, *, oob: bool = True, readonly: bool = False,
             message: str = "", view: str = "open") -> dict:
    context = rendering.view_model(board, duel, message, view=view)
    context.update(oob=oob, readonly=readonly,
                   story=rendering.story_view(board, duel, readonly=readonly))
    return context


def _same(context: dict) -> None:
    full = render_to_string(STATUS, context)
    assert rendering._status(context) == full  # drawn (or found) and filled
    assert rendering._status(context) == full  # found and filled


def test_a_shell_escapes_its_values_and_is_drawn_once(tmp_path, settings) -> None:
    (tmp_path / "t.html").write_text('{% load i18n %}<p title="{{ a }}">{% translate "Undo" %}'
                                     '{% if on %} on{% endif %}: {{ b }}</p>')
    settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": [tmp_path]}]
    shell = Shell("t.html", size=2)
    drawing = {"a": slot("a"), "b": slot("b")}
    assert shell.fill(1, lambda: {**drawing, "on": True}, {"a": '"x"', "b": "<b>&"}) == (
        '<p title="&quot;x&quot;">Undo on: &lt;b&gt;&amp;</p>')
    assert shell.fill(2, lambda: drawing, {"a": 3, "b": ""}) == '<p title="3">Undo: </p>'
    with translation.override("fr"):
        french = shell.fill(2, lambda: drawing, {"a": 3, "b": ""})
    assert french != '<p title="3">Undo: </p>' and french.endswith(": </p>")
    assert len(shell._drawn) == 2  # the least recently used went first
    (tmp_path / "t.html").write_text("changed")  # found again, not drawn again
    assert shell.fill(2, lambda: 1 / 0, {"a": 3, "b": ""}) == '<p title="3">Undo: </p>'


@pytest.mark.parametrize("lang", ["en", "ja", "fr"])
def test_the_status_of_every_built_in_scenario_is_the_template_drawn_in_full(lang: str) -> None:
    with translation.override(lang):
        for path in builtin_scenarios():
            board = script.board_from_scenario(load_scenario(path))
            _same(_context(board, store.duel_of(board)))  # before its steps
            _same(_context(board, script.played_out(board), oob=False))


@pytest.mark.parametrize("lang", ["en", "ja", "fr"])
def test_the_status_is_the_template_drawn_in_full_whatever_it_shows(lang: str) -> None:
    scn = load_scenario(SCENARIO_DIR / "yugioh" / "amazoness_village_soul_taker.yaml")
    board = script.board_from_scenario(scn)
    with translation.override(lang):
        duel = store.duel_of(board)
        for oob in (True, False):
            for readonly in (True, False):
                _same(_context(board, duel, oob=oob, readonly=readonly))
        _same(_context(board, duel, message='Refused: "<script>" & more'))
        for view in ("public", "p1", "p2"):
            _same(_context(board, duel, view=view))
        while board.pending_steps:  # each step of the script, "Next step (n left)"
            duel = script.next_step(board, board.version)
            board.refresh_from_db()
            _same(_context(board, duel))
        duel = boards.set_auto(board, board.version, True)
        board.refresh_from_db()
        _same(_context(board, duel))
        duel = boards.undo(board, board.version)  # off the script: "Back to the script"
        board.refresh_from_db()
        assert board.script_left is not None
        _same(_context(board, duel))
        board.title = 'My <b>"board"</b>'
        _same(_context(board, duel))


@pytest.mark.parametrize("lang", ["en", "ja", "fr"])
@pytest.mark.parametrize("append", [True, False])
def test_the_timeline_links_are_the_template_drawn_in_full(lang: str, append: bool) -> None:
    from simulator.templatetags.lists import timeline_nav

    with translation.override(lang):
        for last in (0, 7, 12):
            timeline = {"nav": {"first": "/b/x/at/0/", "prev": f"/b/x/at/{max(0, last - 1)}/",
                                "next": f"/b/x/at/{last}/?a=1&b=2", "last": f"/b/x/at/{last}/"}}
            assert timeline_nav(timeline, append) == render_to_string(
                "simulator/partials/timeline_nav.html", {"timeline": timeline, "append": append})
    assert "&amp;b=2" in timeline_nav(timeline, append)


def test_log_timeline_and_frame_entries_escape_what_they_show() -> None:
    from simulator.templatetags.lists import frame_items, log_items, timeline_items

    log = log_items([{"key": "chain.link", "seq": 3, "step": 2, "text": 'A "<b>" & B',
                      "rules": ["YGO-MISS", "YGO-CHAIN"]}])
    assert log == ('<li class="log-chainlink" value="3" data-step="2">'
                   'A &quot;&lt;b&gt;&quot; &amp; B'
                   ' <a class="rule" href="/rules/YGO-MISS/">YGO-MISS</a>'
                   ' <a class="rule" href="/rules/YGO-CHAIN/">YGO-CHAIN</a></li>\n')
    frame = {"k": 2, "n": 1, "kind": "instant", "url": "/b/x/at/2/1/", "label": "<i>"}
    assert frame_items([frame, {**frame, "n": 2, "current": True}]) == (
        '<li class="frame-item frame-instant" data-frame="2.1"><a href="/b/x/at/2/1/">1. '
        '&lt;i&gt;</a></li><li class="frame-item frame-instant" data-frame="2.2" '
        'aria-current="true"><a href="/b/x/at/2/1/">2. &lt;i&gt;</a></li>')
    step = {"k": 2, "current": True, "url": "/b/x/at/2/", "label": "Step & more", "frames": [],
            "frames_url": "/b/x/at/2/frames"}
    with translation.override("fr"):
        entry = timeline_items([step])
    assert entry.startswith('<li value="2" aria-current="step" class="current" data-step="2">'
                            '<a href="/b/x/at/2/">Step &amp; more</a>\n<details ')
    assert 'hx-get="/b/x/at/2/frames"' in entry and "<summary>frames</summary>" not in entry
    assert timeline_items([{**step, "current": False, "frames": [frame]}]) == (
        '<li value="2" data-step="2"><a href="/b/x/at/2/">Step &amp; more</a>\n'
        f'<ol class="frames">{frame_items([frame])}</ol>\n</li>\n')


def test_an_updates_new_entries_are_appended_to_the_lists() -> None:
    from simulator.templatetags.lists import log_append, timeline_append

    log = [{"key": "action", "seq": 9, "step": 4, "text": "x & y", "rules": []}]
    assert log_append(log) == ('<ol hx-swap-oob="beforeend:#log-list"><li class="log-action" '
                               'value="9" data-step="4">x &amp; y</li>\n\n</ol>\n')
    timeline = {"nav": {"first": "/0", "prev": "/1", "next": "/2", "last": "/2"},
                "steps": [{"k": 2, "current": False, "url": "/2", "label": "<y>",
                           "frames": [], "frames_url": ""}]}
    appended = timeline_append(timeline)
    assert appended.startswith('<p class="timeline-nav" id="timeline-nav" hx-swap-oob="true">')
    assert appended.endswith('<ol hx-swap-oob="beforeend:#timeline-list"><li value="2" '
                             'data-step="2"><a href="/2">&lt;y&gt;</a>\n</li>\n\n</ol>\n')
