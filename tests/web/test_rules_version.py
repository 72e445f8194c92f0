"""Boards and snapshot links outlive rule changes: they record the rules version and the
outcome of their history; opened under a later version, the page says what differs and why."""

from __future__ import annotations

import base64
import copy
import json
import re
import zlib
from html import unescape
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.core.management import call_command
from django.db import connection
from django.test import Client

from engine import RULES_VERSION
from engine.links import decode, encode
from engine.scenario import builtin_scenarios, load_scenario, run_scenario
from engine.versions import CHANGES, outcome
from simulator import boards, store
from simulator.models import Board

pytestmark = pytest.mark.django_db(transaction=True)

GOLDEN = yaml.safe_load((Path(__file__).parents[1] / "engine" / "golden_links.yaml")
                        .read_text("utf-8"))


def _client() -> Client:
    return Client(HTTP_HOST="localhost")


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _scenario_board(stem: str = "amazoness_village_soul_taker") -> Board:
    scn = load_scenario(next(p for p in builtin_scenarios("yugioh") if p.stem == stem))
    duel = run_scenario(scn).duel
    return store.create_board(game="yugioh", settings=duel.settings, setup=scn.setup,
                               title=scn.title, actions=duel.actions)


def _as_made_under(board: Board, version: int, then: dict[str, Any] | None) -> None:
    """The board's row as an older version of the engine saved it (then a restart)."""
    Board.objects.filter(pk=board.pk).update(rules_version=version, outcome=then)
    store._CACHE.clear()


def _village_resolved_then(board: Board) -> dict[str, Any]:
    """The outcome as a reading where Amazoness Village did not miss its timing would have
    recorded it: the Village resolved, Amazoness Fighter summoned from the Deck."""
    then = copy.deepcopy(board.outcome)
    deck = then["zones"][1].pop("deck")
    then["zones"][1]["monster"] = deck
    then["fates"] = [[f[0], f[1], "resolved"] for f in then["fates"]]
    return then


def _pack(data: dict[str, Any]) -> str:
    raw = json.dumps(data).encode()
    return "1" + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


# ---------------------------------------------------------------------- boards
def test_a_new_board_records_the_rules_version_and_its_outcome() -> None:
    board = _scenario_board()
    assert board.rules_version == RULES_VERSION
    assert board.outcome == outcome(store.duel_of(board))
    html = _client().get(f"/b/{board.slug}/").content.decode()
    assert 'id="rules-notice"' not in html


@pytest.mark.rule("YGO-MISS")
def test_a_board_of_an_older_version_that_ends_differently_says_what_and_why() -> None:
    board = _scenario_board()
    _as_made_under(board, RULES_VERSION - 2, _village_resolved_then(board))
    response = _client().get(f"/b/{board.slug}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="panel rules-notice"' in html
    text = _text(html)
    assert (f"Made under rules version {RULES_VERSION - 2}: it ends differently under "
            f"version {RULES_VERSION}") in text
    assert "Player 2's Deck: empty then; Amazoness Fighter now" in text
    assert "Player 2's Monster Zones: Amazoness Fighter then; empty now" in text
    assert ("Amazoness Village's effect 1: activated and resolved then; missed the timing now"
            in text)
    for change in CHANGES[RULES_VERSION - 2:]:
        assert f"Version {change.version} ({change.date})" in text
        assert change.summary in text
        for rule in change.rules:
            assert f'href="/rules/{rule}/"' in html
    for change in CHANGES[:RULES_VERSION - 2]:
        assert f"Version {change.version} (" not in text


def test_a_board_of_an_older_version_names_lp_that_differ() -> None:
    board = _scenario_board()
    then = copy.deepcopy(board.outcome)
    then["lp"][1] = 8000
    _as_made_under(board, RULES_VERSION - 1, then)
    text = _text(_client().get(f"/b/{board.slug}/").content.decode())
    assert "Player 2's LP: 8000 then, 9000 now" in text


def test_a_board_of_an_older_version_with_the_same_outcome_makes_no_noise() -> None:
    board = _scenario_board()
    _as_made_under(board, 1, board.outcome)
    html = _client().get(f"/b/{board.slug}/").content.decode()
    assert "panel rules-notice" not in html and "ends differently" not in html
    assert (f"Made under rules version 1; the same outcome under version {RULES_VERSION}."
            in _text(html))


def test_acting_on_an_old_board_records_todays_version_and_outcome() -> None:
    board = _scenario_board()
    _as_made_under(board, 1, _village_resolved_then(board))
    board.refresh_from_db()
    duel = boards.act(board, board.version, {"do": "next_phase"})
    board.refresh_from_db()
    assert board.rules_version == RULES_VERSION and board.outcome == outcome(duel)
    html = _client().get(f"/b/{board.slug}/").content.decode()
    assert "rules-notice" not in html


def test_an_unreadable_recorded_outcome_is_not_compared() -> None:
    board = _scenario_board()
    _as_made_under(board, 1, {"lp": "lots"})
    response = _client().get(f"/b/{board.slug}/")
    assert response.status_code == 200
    assert "ends differently" not in response.content.decode()


def test_a_seat_is_told_how_many_cards_a_hand_held_not_which() -> None:
    board = store.create_board(game="yugioh", setup={
        "turn_player": "p1", "phase": "main1",
        "p1": {"monster": ["Sangan"]}, "p2": {"hand": ["Dark Magician"]}})
    editor, p1 = _client(), _client()
    editor.get(f"/b/{board.slug}/edit/{board.edit_key}/")
    assert editor.post(f"/b/{board.slug}/seats", {"version": 0, "seats": "on"}).status_code == 200
    board.refresh_from_db()
    then = copy.deepcopy(board.outcome)
    secret = then["zones"][1].pop("hand")  # then: Dark Magician in Player 1's GY
    then["zones"][0]["gy"] = secret
    _as_made_under(board, 1, then)
    p1.get(f"/b/{board.slug}/seat/{board.p1_key}/")
    seat = _text(p1.get(f"/b/{board.slug}/").content.decode())
    assert "Player 2's Hand: 0 cards then, 1 now" in seat
    assert "Dark Magician" not in seat
    assert "Player 2's Hand: empty then; Dark Magician now" in _text(
        editor.get(f"/b/{board.slug}/").content.decode())


def test_a_board_row_made_before_rules_versions_keeps_opening() -> None:
    """The row as the schema before rules versions stored it, then migrated: version 0, no
    outcome; it opens, quietly noting it was made before versions were recorded."""
    scn = load_scenario(next(p for p in builtin_scenarios("yugioh")
                             if p.stem == "amazoness_village_soul_taker"))
    duel = run_scenario(scn).duel
    call_command("migrate", "simulator", "0004", verbosity=0)
    try:
        with connection.cursor() as cursor:
            cursor.execute(
                "INSERT INTO simulator_board (slug, game, title, scenario, data, pending_steps,"
                " question, explanation, script_length, auto, version, edit_key, p1_key,"
                " p2_key, seats, captions, presenting, created, updated) VALUES ('oldboard',"
                " 'yugioh', 'Old', '', %s, '[]', '', '', 0, 0, 3, 'e', 'a', 'b', 0, '{}', 0,"
                " '2026-11-29 12:00:00', '2026-11-29 12:00:00')",
                [json.dumps(duel.to_dict())])
    finally:
        call_command("migrate", "simulator", verbosity=0)
    board = Board.objects.get(slug="oldboard")
    assert board.rules_version == 0 and board.outcome is None
    response = _client().get("/b/oldboard/")
    assert response.status_code == 200
    text = _text(response.content.decode())
    assert "Made before rules versions were recorded" in text
    assert "ends differently" not in text


# ---------------------------------------------------------------------- snapshot links
@pytest.mark.parametrize("golden", GOLDEN, ids=lambda g: g["made_from"])
def test_a_link_made_before_rules_versions_opens(golden: dict) -> None:
    response = _client().get(f"/s/{golden['link']}/")
    assert response.status_code == 200
    assert "Made before rules versions were recorded" in _text(response.content.decode())


@pytest.mark.rule("YGO-MISS")
def test_a_link_of_an_older_version_that_ends_differently_shows_the_notice() -> None:
    board = _scenario_board()
    data = decode(encode(store.duel_of(board)))
    data.update(rules=RULES_VERSION - 1, outcome=_village_resolved_then(board))
    html = _client().get(f"/s/{_pack(data)}/").content.decode()
    text = _text(html)
    assert "it ends differently" in text
    assert ("Amazoness Village's effect 1: activated and resolved then; missed the timing now"
            in text)
    assert CHANGES[-1].summary in text


def test_a_link_of_an_older_version_with_a_step_refused_today_opens_up_to_it() -> None:
    board = _scenario_board()
    duel = store.duel_of(board)
    data = decode(encode(duel))
    data["actions"] = [*data["actions"], {"do": "activate", "card": "Soul Taker"}]
    data["rules"] = 1
    response = _client().get(f"/s/{_pack(data)}/")
    assert response.status_code == 200
    text = _text(response.content.decode())
    assert "Step 2 (activate Soul Taker) is no longer legal" in text
    assert "it ends differently" in text


@pytest.mark.parametrize(("change", "says"), [
    ({"rules": 999}, "newer than this simulator"),
    ({"rules": "v4"}, "not a version number"),
    ({"rules": -1}, "not a version number"),
    ({"rules": None}, "not a version number"),
    ({"outcome": "same"}, "outcome is not valid"),
    ({"outcome": {"lp": [1, 2], "zones": [{}, {"gy": [999]}]}, "rules": 1},
     "cards the board does not have"),
])
def test_a_link_with_a_forged_version_is_refused_politely(change: dict[str, Any],
                                                          says: str) -> None:
    board = _scenario_board()
    data = {**decode(encode(store.duel_of(board))), **change}
    client = _client()
    response = client.get(f"/s/{_pack(data)}/")
    assert response.status_code == 400
    assert says in unescape(response.content.decode())
    response = client.post(f"/s/{_pack(data)}/copy")
    assert response.status_code == 400


def test_a_copy_of_an_old_link_is_a_board_of_todays_version() -> None:
    board = _scenario_board()
    data = decode(encode(store.duel_of(board)))
    data.update(rules=1, outcome=_village_resolved_then(board))
    client = _client()
    response = client.post(f"/s/{_pack(data)}/copy")
    assert response.status_code == 302
    copy_board = Board.objects.exclude(pk=board.pk).get()
    assert copy_board.rules_version == RULES_VERSION
    assert copy_board.outcome == board.outcome


# ------------------------------------- a board's own card under a library card's name
#: a board's own Sangan (its own id and effect: gain 1000 LP instead of searching the Deck)
OWN_SANGAN = {
    "id": "plain_sangan", "game": "yugioh", "name": {"en": "Sangan"}, "type": "monster",
    "subtype": "effect", "attribute": "DARK", "race": "Fiend", "level": 3, "atk": 1000,
    "def": 600, "text": "If this card is sent from the field to the GY: Gain 1000 LP.",
    "effects": [{"kind": "trigger", "label": "gain 1000 LP", "wording": "if",
                 "optional": False, "activate_from": "gy",
                 "event": {"type": "sent_to_gy", "card": "self", "from": "monster"},
                 "operations": [{"op": "gain_lp", "player": "you", "amount": 1000}]}],
}
OWN_SETUP = {"turn_player": "p1", "phase": "main1",
             "p1": {"monster": ["Sangan"], "deck": ["Kuriboh"]}}


def _library_sangan_outcome() -> dict[str, Any]:
    """How the board ended under version 5, when the name found the library's Sangan."""
    from engine import Duel

    duel = Duel("yugioh", setup=OWN_SETUP)
    duel.apply({"do": "destroy", "card": duel.ref("Sangan")})
    return outcome(duel)


def test_an_old_board_whose_own_card_has_a_library_name_opens_with_what_changed() -> None:
    board = store.create_board(game="yugioh", setup=OWN_SETUP, cards=[OWN_SANGAN],
                                actions=[{"do": "destroy", "card": "Sangan"}])
    assert store.duel_of(board).state.lp[0] == 9000  # today: the board's own Sangan
    _as_made_under(board, 5, _library_sangan_outcome())
    response = _client().get(f"/b/{board.slug}/")
    assert response.status_code == 200
    text = _text(response.content.decode())
    assert "Made under rules version 5: it ends differently under version" in text
    assert "Player 1's LP: 8000 then, 9000 now" in text
    assert CHANGES[5].summary in text and "the one its name plays" in CHANGES[5].summary


def test_an_old_link_whose_own_card_has_a_library_name_opens_with_what_changed() -> None:
    board = store.create_board(game="yugioh", setup=OWN_SETUP, cards=[OWN_SANGAN],
                                actions=[{"do": "destroy", "card": "Sangan"}])
    data = decode(encode(store.duel_of(board), cards=[OWN_SANGAN]))
    data.update(rules=5, outcome=_library_sangan_outcome())
    response = _client().get(f"/s/{_pack(data)}/")
    assert response.status_code == 200
    text = _text(response.content.decode())
    assert "it ends differently" in text and "Player 1's LP: 8000 then, 9000 now" in text
