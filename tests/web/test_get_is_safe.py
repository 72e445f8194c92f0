"""A GET changes nothing: no URL of the site creates or changes a board, a lesson or any other
row of the app's own tables when it is opened, and a watcher who opens a view link gets no
session row (only an edit or seat link records a grant in the visitor's session)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import URLPattern, reverse

from simulator import store, urls
from simulator.models import Board, CardSet, Lesson, RulingReport, TeacherKey
from simulator.rendering import snapshot_path

pytestmark = pytest.mark.django_db(transaction=True)

SCENARIO = ("yugioh", "sangan_caius_tcg_classic")
#: URL names whose GET records a grant in the visitor's session (that is what they are for)
GRANTING = {"edit_link", "seat_link", "card_set_edit", "key_page"}


def _client() -> Client:
    return Client(HTTP_HOST="localhost")


def _rows() -> dict[str, list[dict[str, Any]]]:
    return {model.__name__: list(model.objects.order_by("pk").values())
            for model in (Board, Lesson, CardSet, TeacherKey, RulingReport)}


@pytest.fixture
def site() -> dict[str, Any]:
    """A board with seats and two steps played, presented; a lesson; a snapshot link."""
    owner = _client()
    game, slug = SCENARIO
    response = owner.post(f"/scenarios/{game}/{slug}/open")
    board = Board.objects.get(slug=response["Location"].split("/")[2])
    for version in range(2):
        assert owner.post(f"/b/{board.slug}/step", {"version": version}).status_code == 200
    assert owner.post(f"/b/{board.slug}/seats", {"version": 2, "seats": "on"}).status_code == 200
    assert owner.post(f"/b/{board.slug}/present/").status_code == 302
    response = owner.post("/lessons/new", {"title": "Timing", "chapter": [board.slug]})
    lesson = response["Location"].split("/")[2]
    board.refresh_from_db()
    duel = store.duel_of(board)
    link = snapshot_path(board, duel).split("/")[2]
    iid = next(iter(duel.state.cards))
    card_set = CardSet.objects.create(title="Own cards", game=game, cards=[])
    return {"owner": owner, "board": board, "lesson": lesson, "link": link, "iid": iid,
            "set": card_set}


def _urls(site: dict[str, Any]) -> list[tuple[str, str]]:
    board = site["board"]
    game, scenario = SCENARIO
    args = {
        "scenario_preview": [game, scenario], "open_scenario": [game, scenario],
        "scenario_chain_png": [game, scenario], "snapshot_chain_png": [site["link"]],
        "edit_link": [board.slug, board.edit_key], "seat_link": [board.slug, board.p1_key],
        "board_at": [board.slug, 1], "board_frame": [board.slug, 1, 1],
        "board_frames": [board.slug, 1], "step_partials": [board.slug, 1],
        "card_menu": [board.slug, site["iid"]],
        "lesson": [site["lesson"], 1], "snapshot": [site["link"]],
        "snapshot_copy": [site["link"]], "rule": ["YGO-MISS"],
        "card_set": [site["set"].slug], "card_set_edit": [site["set"].slug,
                                                          site["set"].edit_key],
    }
    found = []
    for pattern in _patterns():
        name = pattern.name
        if name in args:
            path = reverse(name, args=args[name])
        elif pattern.pattern.converters:
            path = reverse(name, args=[board.slug])
        else:
            path = reverse(name)
        found.append((name, path))
    return found


def _patterns() -> list[URLPattern]:
    """The site's own URLs (Django's admin, included whole, is left out)."""
    return [p for p in urls.urlpatterns if isinstance(p, URLPattern)]


def test_every_url_covered(site) -> None:
    names = {name for name, _path in _urls(site)}
    assert names == {p.name for p in _patterns()}


@pytest.mark.parametrize("who", ["watcher", "owner"])
def test_a_get_of_every_url_changes_no_row(site, who: str) -> None:
    for name, path in _urls(site):
        before, sessions = _rows(), Session.objects.count()
        client = site["owner"] if who == "owner" else _client()
        response = client.get(path)
        assert response.status_code < 500, (path, response.status_code)
        assert _rows() == before, f"GET {path} ({name}) changed a row"
        if who == "watcher" and name not in GRANTING:
            assert Session.objects.count() == sessions, f"GET {path} made a session row"
        for query in ("?at=1", "?lesson={}&chapter=1".format(site["lesson"])):
            client.get(path + query)
            assert _rows() == before, f"GET {path}{query} ({name}) changed a row"


def test_the_follow_link_no_longer_presents(site) -> None:
    board = site["board"]
    assert site["owner"].post(f"/b/{board.slug}/present", {"at": "stop"}).status_code == 302
    watcher = _client()
    assert watcher.get(f"/b/{board.slug}/follow/").status_code == 200
    board.refresh_from_db()
    assert not board.presenting
    assert watcher.get(f"/b/{board.slug}/").status_code == 200
