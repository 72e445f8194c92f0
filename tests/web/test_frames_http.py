"""Frames on the board over HTTP: an update carries its action's frames, each frame has its own
address (and a snapshot link can point at one), the timeline lists them, a seat's frames hide
what the seat may not see, and a presenter steps frame by frame."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.test import Client

from engine.scenario import SCENARIO_DIR, load_scenario
from engine.words import render
from simulator import boards, script, store
from simulator.models import Board
from simulator.rendering import render_views

pytestmark = pytest.mark.django_db
THREE_LINKS = "forced_order_partly_fixed"


def _open(client: Client, game: str, slug: str) -> Board:
    response = client.post(f"/scenarios/{game}/{slug}/open")
    assert response.status_code == 302
    return Board.objects.get(slug=response["Location"].split("/")[2])


def _frames(page: str) -> list[dict]:
    match = re.search(r'id="playback"[^>]*data-frames="([^"]*)"', page)
    assert match, "no playback element"
    return json.loads(html.unescape(match.group(1)))


def _explanations(page: str) -> dict[int, str]:
    """The triggers panel of a page: each trigger's explanation by its id."""
    return {int(tid): html.unescape(text) for tid, text in re.findall(
        r'data-trigger="(\d+)">(?:(?!</li>).)*?<p class="explanation">(.*?)</p>', page, re.S)}


def _chain_sizes(frames: list[dict]) -> list[int]:
    sizes, current = [], None
    for frame in frames:
        if "chain" in frame:
            current = frame["chain"].count('class="link')
        if current is not None and (not sizes or sizes[-1] != current):
            sizes.append(current)
    return sizes


def _play_all(client: Client, board: Board) -> list[list[dict]]:
    out = []
    for version in range(len(board.pending_steps)):
        response = client.post(f"/b/{board.slug}/step", {"version": version})
        assert response.status_code == 200
        out.append(_frames(response.content.decode()))
    return out


def test_an_update_carries_every_frame_of_its_step() -> None:
    client = Client(HTTP_HOST="localhost")
    board = _open(client, "yugioh", THREE_LINKS)
    played = _play_all(client, board)
    board.refresh_from_db()
    duel = store.duel_of(board)
    for k, frames in enumerate(played, 1):
        engine_frames = duel.frames(k)
        assert [(f["k"], f["n"]) for f in frames] == [(k, f.n) for f in engine_frames]
        # a moment without a headline is told by its log lines and the triggers panel, not
        # again as one joined line; a trigger's explanation is told once, on the trigger
        at_end = _explanations(client.get(f"/b/{board.slug}/at/{k}/").content.decode())
        for shown, frame in zip(frames, engine_frames, strict=True):
            entries = [e for e in frame.log if e["key"] != "instant"]
            assert shown["label"] == frame.what(duel.name, logged=bool(entries))
            assert shown["label"] or shown["log"] or shown.get("triggers"), \
                f"frame {k}.{frame.n} tells nothing"
            on_triggers = {**at_end, **{int(tid): look[1] for tid, look in shown.get(
                "triggers", {}).items()}}
            logged = [line[0] for line in shown["log"]]
            for e in entries:
                text = render(e, duel.name, with_rules=False)
                times = logged.count(text) + list(on_triggers.values()).count(text)
                assert times >= 1, f"frame {k}.{frame.n}: {text!r} told nowhere"
                assert text not in logged or text not in on_triggers.values(), \
                    f"frame {k}.{frame.n}: {text!r} told twice"
    # the last step resolves the three-link chain: 3 links, then 2, 1, 0 as they resolve
    assert _chain_sizes(played[-1]) == [3, 2, 1, 0]
    resolving = [f for f in played[-1] if "chain" in f and "resolving now" in f["chain"]]
    assert len(resolving) == 3  # each link is marked while it resolves
    assert _chain_sizes(played[1]) == [0, 1, 2]  # built one link per frame...
    assert _chain_sizes(played[2])[0] == 3  # ...until Caius's target is chosen


def test_a_frame_names_the_last_thing_that_happened_and_what_moved() -> None:
    client = Client(HTTP_HOST="localhost")
    board = _open(client, "yugioh", "amazoness_village_soul_taker")
    frames = _play_all(client, board)[0]
    gained = next(f for f in frames if "gained 1000 LP" in f["label"])
    assert gained["last"].startswith("Instant")
    assert "gained 1000 LP" in gained["last"]
    # told on the trigger, with its rule: the log line beside the frame does not repeat it
    page = client.get(f"/b/{board.slug}/").content.decode()
    entry = re.search(r'<li class="trigger status-missed"(?:(?!</li>).)*</li>', page, re.S)
    assert entry and "missed the timing" in entry[0] and "YGO-MISS" in entry[0]
    assert not any("missed the timing" in line[0] for f in frames for line in f["log"])
    destroyed = next(f for f in frames if "destroyed" in f["label"])
    assert destroyed["changed"], "the destroyed monster is highlighted"
    assert any(key.endswith(":gy") for key in destroyed.get("zones", {})) or destroyed.get(
        "zones") is not None


def test_each_frame_has_its_own_address() -> None:
    client = Client(HTTP_HOST="localhost")
    board = _open(client, "yugioh", THREE_LINKS)
    _play_all(client, board)
    board.refresh_from_db()
    duel = store.duel_of(board)
    k = len(duel.actions)
    frames = duel.frames(k)
    page = client.get(f"/b/{board.slug}/at/{k}/2/")
    text = page.content.decode()
    assert page.status_code == 200
    assert f"Step {k}, frame 2 of {len(frames)}" in text
    label = frames[1].what(duel.name, logged=True)
    told = [label] if label else [render(e, duel.name, with_rules=False)
                                  for e in frames[1].log if e["key"] != "instant"]
    assert told and all(html.escape(t, quote=False) in text for t in told)
    assert "Chain Link 3" in text and "resolving now" in text  # the link about to resolve
    assert f'href="/b/{board.slug}/at/{k}/3/"' in text  # forward a frame
    assert client.get(f"/b/{board.slug}/at/{k}/{len(frames) + 1}/").status_code == 404
    assert client.get(f"/b/{board.slug}/at/{k + 1}/1/").status_code == 404
    listed = client.get(f"/b/{board.slug}/at/{k}/frames").content.decode()
    assert listed.count("frame-item") == len(frames)


def test_a_snapshot_link_can_point_at_a_frame() -> None:
    client = Client(HTTP_HOST="localhost")
    board = _open(client, "yugioh", THREE_LINKS)
    _play_all(client, board)
    page = client.get(f"/b/{board.slug}/").content.decode()
    link = re.search(r'id="snapshot-link" value="[^"]*/s/([^/"]+)/"', page).group(1)
    shown = client.get(f"/s/{link}/?at=3&frame=2")
    assert shown.status_code == 200
    assert "Step 3, frame 2 of" in shown.content.decode()
    assert client.get(f"/s/{link}/?at=3&frame=999").status_code == 200  # the step itself


def test_a_seats_frames_never_name_the_other_players_hidden_cards() -> None:
    scn = load_scenario(SCENARIO_DIR / "duel_masters" / "two_propeller_mutants.yaml")
    setup = {**scn.setup, "p2": {**scn.setup["p2"],
                                 "hand": ["Terror Pit", "Aqua Surfer", "Gatling Cyclone "
                                                                      "Breaker (teaching card)"]}}
    board = store.create_board(game="duel_masters", setup=setup, steps=[])
    board.seats = True
    board.save()
    duel = boards.act(board, board.version, dict(scn.steps[0]) | {"do": "attack"})
    views = render_views(board, duel, since=0)
    kept = [duel.name(i) for i in duel.state.zones[1]["hand"]]
    assert kept, "a card stays in Player 2's hand"
    seat = _frames(views["p1"])
    assert seat, "the seat's update carries frames"
    text = json.dumps(seat)
    for name in kept:
        assert name not in text
    assert any("p2:hand" in f.get("zones", {}) for f in seat)  # the frames do show that hand
    assert "a hidden card" in text or "face-down card" in text


def test_the_presenter_steps_frame_by_frame() -> None:
    client = Client(HTTP_HOST="localhost")
    board = _open(client, "yugioh", THREE_LINKS)
    _play_all(client, board)
    assert client.post(f"/b/{board.slug}/present/").status_code == 302
    assert client.get(f"/b/{board.slug}/present/").status_code == 200
    response = client.post(f"/b/{board.slug}/present", {"at": "3.2"})
    text = response.content.decode()
    assert response.status_code == 200
    assert "The presenter shows frame 2 of" in text and "of step 3" in text
    assert 'data-prev-frame="3.1"' in text and 'data-next-frame="3.3"' in text
    assert "resolving now" in text
    board.refresh_from_db()
    assert (board.presenter_at, board.presenter_frame) == (3, 2)
    follower = Client(HTTP_HOST="localhost").get(f"/b/{board.slug}/follow/").content.decode()
    assert "The presenter shows frame 2 of" in follower
    back = client.post(f"/b/{board.slug}/present", {"at": "3"}).content.decode()
    assert "The presenter shows frame" not in back


def test_followers_of_the_live_board_get_the_frames_of_each_action() -> None:
    from simulator.classroom import render_presentation

    client = Client(HTTP_HOST="localhost")
    board = _open(client, "yugioh", THREE_LINKS)
    client.post(f"/b/{board.slug}/present/")
    client.post(f"/b/{board.slug}/present", {"at": "live"})
    client.post(f"/b/{board.slug}/step", {"version": 0})
    board.refresh_from_db()
    sent = render_presentation(board, since=0)
    frames = _frames(sent)
    assert [f["k"] for f in frames] == [1] * len(frames) and len(frames) >= 3
    assert _frames(render_presentation(board)) == []  # a follower who just arrived: no replay


@pytest.mark.parametrize("lang", ["en", "ja", "fr"])
@pytest.mark.parametrize("oob", [True, False])
def test_the_playback_element_is_the_template_drawn_in_full(client: Client, lang: str,
                                                            oob: bool) -> None:
    """Its buttons and labels are drawn once per language and reused: the element is the
    very one the template draws for these frames."""
    from django.template.loader import render_to_string
    from django.urls import reverse
    from django.utils import translation

    from simulator.playback import browser_frames, frames_since, playback_html

    board = _open(client, "yugioh", THREE_LINKS)
    duel = script.played_out(board)
    frames = frames_since(duel, 0)
    with translation.override(lang):
        for _ in range(2):  # drawn, then reused
            html = playback_html(board, duel, "open", frames, oob=oob)
            data = browser_frames(duel, frames, "open")
            assert html == render_to_string("simulator/partials/playback.html", {
                "frames_json": json.dumps(data, separators=(",", ":"), ensure_ascii=False),
                "count": len(data), "version": board.version, "oob": oob,
                "base": reverse("board", args=[board.slug])})
        assert len(data) > 3 and "&quot;" in html


def test_the_final_looks_taken_from_the_view_model_are_the_looks_worked_out() -> None:
    """The frames are told apart from the board at the end through the view-model already
    built for the update: for every built-in scenario and kind of viewer, the same looks."""
    from engine.scenario import builtin_scenarios
    from simulator.rendering import Viewer, mat_sides, mat_zones, view_model

    seen_hidden = False
    for path in builtin_scenarios():
        board = script.board_from_scenario(load_scenario(path))
        for duel in (store.duel_of(board), script.played_out(board)):
            for view in ("open", "public", "p1", "p2"):
                worked_out = mat_zones(mat_sides(Viewer(duel, view)))
                assert mat_zones(view_model(board, duel, view=view)["sides"]) == worked_out, (
                    path)
                seen_hidden |= any(card.get("hidden") for zone in worked_out.values()
                                   for card in zone["cards"])
    assert seen_hidden  # some card was face-down to some viewer


def test_a_frame_that_shows_the_board_at_the_end_is_drawn_from_the_end() -> None:
    """A frame whose state is the end's (often the last one) takes the end's looks, chain and
    triggers instead of working them out again: over every built-in scenario and kind of
    viewer, the frames are those worked out frame by frame."""
    import copy

    from engine.scenario import builtin_scenarios
    from engine.state import State
    from simulator.playback import browser_frames, frames_since

    class Unequal(State):  # a state never taken for the end's: every frame worked out
        __hash__ = None

        def __eq__(self, other: object) -> bool:
            return False

    def worked_out(frames):
        out = []
        for frame in frames:
            frame = copy.copy(frame)
            frame.state = copy.copy(frame.state)
            frame.state.__class__ = Unequal
            out.append(frame)
        return out

    at_end = 0
    for path in builtin_scenarios():
        board = script.board_from_scenario(load_scenario(path))
        duel = script.played_out(board)
        frames = frames_since(duel, 0)
        at_end += sum(frame.state == duel.state for frame in frames)
        for view in ("open", "p1", "p2"):
            assert browser_frames(duel, frames, view) == browser_frames(
                duel, worked_out(frames), view), (path, view)
    assert at_end >= 50
