"""Placing cards over HTTP: the library (names and texts, kinds, the zones where each card may
go), refused placements that say why and change nothing, and renaming a board."""

from __future__ import annotations

import html as htmllib
import json
import re

import pytest
from django.test import Client

from simulator import store
from simulator.models import Board

pytestmark = pytest.mark.django_db


@pytest.fixture
def client() -> Client:
    return Client(HTTP_HOST="localhost")


def _message(html: str) -> str:
    return htmllib.unescape(re.search(r'id="message"[^>]*>([^<]*)<', html).group(1).strip())


def _version(html: str) -> int:
    return int(re.search(r'id="board-version" name="version" value="(\d+)"', html).group(1))


def own(client: Client, board: Board) -> Board:
    assert client.get(f"/b/{board.slug}/edit/{board.edit_key}/").status_code == 302
    return board


def library_cards(html: str) -> dict[str, dict[str, str]]:
    """Each library card of a page or of a search: its data attributes and its text."""
    cards = {}
    for match in re.finditer(r'<div class="library-card"([^>]*)>(.*?)</div>', html, re.S):
        attrs = dict(re.findall(r'data-([\w-]+)="([^"]*)"', match.group(1)))
        attrs["body"] = htmllib.unescape(match.group(2))
        cards[attrs["card-id"]] = attrs
    return cards


def search(client: Client, q: str, game: str = "yugioh") -> dict[str, dict[str, str]]:
    response = client.get("/cards/", {"q": q, "game": game})
    assert response.status_code == 200
    return library_cards(response.content.decode())


# ---------------------------------------------------------------------- refused placements
def test_a_field_spell_in_a_monster_zone_is_refused_and_changes_nothing(client) -> None:
    board = own(client, store.create_board(game="yugioh", setup={"turn_player": "p1"}))
    before = json.loads(json.dumps(board.data))
    response = client.post(f"/b/{board.slug}/act", {"version": 0, "action": json.dumps(
        {"do": "place", "card": "amazoness_village", "zone": "monster", "player": "p1"})})
    assert response.status_code == 422
    assert _message(response.content.decode()) == (
        "Amazoness Village is a Field Spell: it goes in the Field Zone, not in a Monster Zone")
    board.refresh_from_db()
    assert board.version == 0 and board.data == before
    assert store.duel_of(board).state.cards == {}
    # the Field Zone takes it
    response = client.post(f"/b/{board.slug}/act", {"version": 0, "do": "place",
                                                    "card": "amazoness_village",
                                                    "zone": "field", "player": "p1"})
    assert response.status_code == 200
    board.refresh_from_db()
    duel = store.duel_of(board)
    assert board.version == 1 and duel.state.zones[0]["field"] == [duel.ref("Amazoness Village")]
    assert "places Amazoness Village in the Field Zone" in response.content.decode()


def test_a_move_where_the_card_cannot_go_is_refused(client) -> None:
    board = own(client, store.create_board(game="yugioh", setup={
        "turn_player": "p1", "p1": {"hand": ["Soul Taker"]}}))
    card = store.duel_of(board).ref("Soul Taker")
    response = client.post(f"/b/{board.slug}/act", {"version": 0, "do": "move",
                                                    "card": str(card), "zone": "monster"})
    assert response.status_code == 422
    assert "Soul Taker is a Normal Spell: it goes in a Spell & Trap Zone" in _message(
        response.content.decode())
    board.refresh_from_db()
    assert board.version == 0
    # its menu offers only the zones where it may go ("Move to"), and the Set
    menu = client.get(f"/b/{board.slug}/card/{card}/menu").content.decode()
    acts = [json.loads(htmllib.unescape(a)) for a in re.findall(r'data-act="([^"]*)"', menu)]
    moves = [a for a in acts if a["do"] == "move" and "face_up" not in a]
    assert [a["zone"] for a in moves] == ["deck", "spell_trap", "gy", "banished"]
    assert [a for a in acts if a.get("face_up") is False] == [
        {"do": "move", "card": card, "zone": "spell_trap", "face_up": False}]
    pick = re.search(r'class="subtle pick-zone" data-pick="(\d+)" data-zones="([^"]*)" '
                     r'data-player="(p\d)"', menu)
    assert pick.groups() == (str(card), "deck spell_trap gy banished", "p1")


def test_a_duel_masters_spell_never_goes_in_the_battle_zone(client) -> None:
    board = own(client, store.create_board(game="duel_masters", setup={}))
    response = client.post(f"/b/{board.slug}/act", {"version": 0, "do": "place",
                                                    "card": "terror_pit", "zone": "battle",
                                                    "player": "p1"})
    assert response.status_code == 422
    assert _message(response.content.decode()) == (
        "Terror Pit is a Spell: only creatures can be put in the battle zone")


# ---------------------------------------------------------------------- the library
def test_library_searches_card_texts_by_english_words(client) -> None:
    found = search(client, "1000 LP gains")
    assert "soul_taker" in found and "sangan" not in found
    assert "destroy that target, then your opponent gains 1000 LP" in found["soul_taker"]["body"]
    assert "sangan" in search(client, "1500 OR LESS atk")


def test_library_searches_japanese_names(client) -> None:
    found = search(client, "クリッター")
    assert list(found) == ["sangan"]
    assert "クリッター" in found["sangan"]["body"]
    assert list(search(client, "デーモン・ハンド", "duel_masters")) == ["terror_pit"]


@pytest.mark.parametrize(("q", "game", "card", "zones", "kind"), [
    ("Amazoness Village", "yugioh", "amazoness_village", "hand deck field gy banished",
     "Field Spell"),
    ("Sangan", "yugioh", "sangan", "hand deck monster gy banished", "Effect Monster · Level 3"),
    ("Soul Taker", "yugioh", "soul_taker", "hand deck spell_trap gy banished", "Normal Spell"),
    ("Black Rose", "yugioh", "black_rose_moonlight_dragon", "extra monster gy banished",
     "Synchro Monster · Level 7"),
    ("Terror Pit", "duel_masters", "terror_pit", "hand deck mana shield graveyard",
     "Spell · Cost 6"),
    ("Aqua Surfer", "duel_masters", "aqua_surfer",
     "hand deck mana shield battle graveyard", "Creature · Cost 6 · Power 2000"),
])
def test_library_cards_carry_their_zones_and_kind(client, q, game, card, zones, kind) -> None:
    found = search(client, q, game)[card]
    assert found["zones"] == zones
    assert found["kind"] == kind and kind in found["body"]


def test_the_board_page_library_keeps_its_hooks(client) -> None:
    board = own(client, store.create_board(game="yugioh", setup={}))
    html = client.get(f"/b/{board.slug}/").content.decode()
    cards = library_cards(html)
    assert cards["amazoness_village"]["zones"] == "hand deck field gy banished"
    assert html.count('class="library-card" draggable="true"') == len(cards)
    radios = re.findall(r'<input type="radio" name="card" value="(\w+)"[^>]*?( checked)?>',
                        html)
    assert [c for c, checked in radios if checked] == []  # nothing chosen, nothing lit
    assert cards["soul_taker"]["set-zones"] == "spell_trap"
    assert cards["sangan"]["set-zones"] == "monster"
    assert cards["amazoness_village"]["set-zones"] == "field"
    for card in cards.values():
        assert card["zones"] and "_" not in card["kind"]
    # no zone has a "+" button: a chosen card lights up the zones it may go to
    assert 'class="subtle place"' not in html and "Place the chosen card" not in html
    assert html.count('data-zone="p1:') == html.count('data-zone="p2:') == 8


# ---------------------------------------------------------------------- titles
def test_a_new_board_has_a_readable_title(client) -> None:
    response = client.post("/boards/new", {"game": "yugioh", "preset": "OCG"})
    board = Board.objects.get(slug=response["Location"].split("/")[2])
    assert board.title == "Yu-Gi-Oh! board (OCG)"
    assert "Yu-Gi-Oh! board (OCG)" in client.get(f"/b/{board.slug}/").content.decode()
    response = client.post("/boards/new", {"game": "duel_masters"})
    board = Board.objects.get(slug=response["Location"].split("/")[2])
    assert board.title == "Duel Masters board"


def test_the_editor_renames_a_board(client) -> None:
    board = own(client, store.create_board(game="yugioh", setup={}, title="Old"))
    response = client.post(f"/b/{board.slug}/rename",
                           {"version": 0, "title": "  Sangan   and\nCaius  "})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Sangan and Caius" in html and _version(html) == 1  # every viewer sees it
    board.refresh_from_db()
    assert board.title == "Sangan and Caius" and board.version == 1
    assert "Sangan and Caius" in client.get(f"/b/{board.slug}/").content.decode()
    # a rename is not about the board's state: an older version does not make it stale
    assert client.post(f"/b/{board.slug}/rename",
                       {"version": 0, "title": "Lesson 1"}).status_code == 200
    board.refresh_from_db()
    assert board.title == "Lesson 1" and store.duel_of(board).actions == []


def test_the_rename_form(client) -> None:
    board = own(client, store.create_board(game="yugioh", setup={}, title="My board"))
    from django.template.loader import render_to_string

    html = render_to_string("simulator/partials/rename.html", {"board": board})
    assert f'hx-post="/b/{board.slug}/rename"' in html
    assert 'hx-include="#board-version"' in html and 'hx-swap="none"' in html
    assert 'name="title" value="My board"' in html and 'maxlength="120"' in html
    untitled = Board.objects.create(game="duel_masters", data={"settings": {}})
    assert 'value="Duel Masters board"' in render_to_string(
        "simulator/partials/rename.html", {"board": untitled})


def test_a_watcher_cannot_rename(client) -> None:
    board = store.create_board(game="yugioh", setup={}, title="Mine")
    response = client.post(f"/b/{board.slug}/rename", {"version": 0, "title": "Theirs"})
    assert response.status_code == 403
    board.refresh_from_db()
    assert board.title == "Mine" and board.version == 0


@pytest.mark.parametrize(("title", "reason"), [
    ("", "A board needs a title"),
    ("   \n ", "A board needs a title"),
    ("x" * 121, "A title has at most 120 characters; this one has 121."),
])
def test_a_title_that_is_empty_or_too_long_is_refused(client, title, reason) -> None:
    board = own(client, store.create_board(game="yugioh", setup={}, title="Kept"))
    response = client.post(f"/b/{board.slug}/rename", {"version": 0, "title": title})
    assert response.status_code == 422
    assert reason in _message(response.content.decode())
    board.refresh_from_db()
    assert board.title == "Kept" and board.version == 0


def test_a_title_of_120_characters_is_kept(client) -> None:
    board = own(client, store.create_board(game="yugioh", setup={}))
    assert client.post(f"/b/{board.slug}/rename",
                       {"version": 0, "title": "y" * 120}).status_code == 200
    board.refresh_from_db()
    assert board.title == "y" * 120


def test_a_typed_title_is_shown_escaped_everywhere(client) -> None:
    board = own(client, store.create_board(game="yugioh", setup={}))
    title = 'Say "hi" <b>now</b>'
    assert client.post(f"/b/{board.slug}/rename",
                       {"version": 0, "title": title}).status_code == 200
    html = client.get(f"/b/{board.slug}/").content.decode()
    assert "<b>now</b>" not in html
    # the iframe snippet (shown in a text field) keeps its attribute whole
    snippet = htmllib.unescape(re.search(r'value="(&lt;iframe[^"]*)"', html).group(1))
    assert 'title="Say &quot;hi&quot; &lt;b&gt;now&lt;/b&gt;"' in snippet


# ---------------------------------------------------------------------- all of the library
def _builtin_count(game: str) -> int:
    from engine.cards import builtin_library
    return sum(1 for c in builtin_library().cards.values() if c.game == game)


@pytest.mark.parametrize("game", ["yugioh", "duel_masters"])
def test_the_library_lists_every_card_and_says_how_many(client, game) -> None:
    board = own(client, store.create_board(game=game, setup={}))
    html = client.get(f"/b/{board.slug}/").content.decode()
    total = _builtin_count(game)
    assert total > 60
    assert len(library_cards(html)) == total  # none left out
    assert f"All {total} cards of the library" in html
    # a search lists every match, however many, and says how many of all
    response = client.get("/cards/", {"q": "a", "game": game, "board": board.slug})
    found = library_cards(response.content.decode())
    assert len(found) > 60
    assert f"{len(found)} of {total} cards match" in response.content.decode()
    one = client.get("/cards/", {"q": "Sangan" if game == "yugioh" else "Aqua Surfer",
                                 "game": game}).content.decode()
    assert f"1 of {total} cards matches" in one


def test_a_card_is_set_from_the_library(client) -> None:
    """A Set: a Spell or Trap face-down, a monster in face-down Defense Position."""
    board = own(client, store.create_board(game="yugioh", setup={"turn_player": "p1"}))
    for version, (card, player, zone) in enumerate((("Mirror Force", "p2", "spell_trap"),
                                                    ("Sangan", "p1", "monster"))):
        response = client.post(f"/b/{board.slug}/act", {"version": version, "action": json.dumps(
            {"do": "place", "card": card, "player": player, "zone": zone, "set": True})})
        assert response.status_code == 200, _message(response.content.decode())
    duel = store.duel_of(Board.objects.get(pk=board.pk))
    trap, sangan = duel.state.cards[duel.ref("Mirror Force")], duel.state.cards[duel.ref("Sangan")]
    assert (trap.zone, trap.controller, trap.face_up) == ("spell_trap", 1, False)
    assert (sangan.zone, sangan.face_up, sangan.position) == ("monster", False, "defense")


def test_a_card_of_the_mat_is_set_from_its_menu(client) -> None:
    board = own(client, store.create_board(game="yugioh", setup={
        "turn_player": "p1", "p1": {"hand": ["Sangan"]}}))
    card = store.duel_of(board).ref("Sangan")
    menu = client.get(f"/b/{board.slug}/card/{card}/menu").content.decode()
    acts = [json.loads(htmllib.unescape(a)) for a in re.findall(r'data-act="([^"]*)"', menu)]
    set_in = [a for a in acts if a.get("face_up") is False]
    assert set_in == [{"do": "move", "card": card, "zone": "monster", "face_up": False,
                       "position": "defense"}]
    response = client.post(f"/b/{board.slug}/act", {"version": 0,
                                                    "action": json.dumps(set_in[0])})
    assert response.status_code == 200, _message(response.content.decode())
    sangan = store.duel_of(Board.objects.get(pk=board.pk)).state.cards[card]
    assert (sangan.zone, sangan.face_up, sangan.position) == ("monster", False, "defense")


def test_a_set_card_moved_on_the_mat_stays_set(client) -> None:
    """A card Set from the library and moved (dragged) to a zone of the field stays
    face-down, a monster in Defense Position; moved off the field it comes face-up."""
    board = own(client, store.create_board(game="yugioh", setup={"turn_player": "p1"}))
    for version, (card, zone) in enumerate((("Mirror Force", "spell_trap"),
                                            ("Sangan", "monster"))):
        response = client.post(f"/b/{board.slug}/act", {"version": version, "action": json.dumps(
            {"do": "place", "card": card, "player": "p1", "zone": zone, "set": True})})
        assert response.status_code == 200, _message(response.content.decode())
    duel = store.duel_of(Board.objects.get(pk=board.pk))
    trap, sangan = duel.ref("Mirror Force"), duel.ref("Sangan")
    for version, (card, zone) in enumerate(((trap, "spell_trap"), (sangan, "monster")), 2):
        response = client.post(f"/b/{board.slug}/act", {"version": version, "action": json.dumps(
            {"do": "move", "card": card, "zone": zone})})  # as a drop on the mat sends it
        assert response.status_code == 200, _message(response.content.decode())
    duel = store.duel_of(Board.objects.get(pk=board.pk))
    cards = duel.state.cards
    assert (cards[trap].zone, cards[trap].face_up) == ("spell_trap", False)
    assert (cards[sangan].zone, cards[sangan].face_up, cards[sangan].position) == (
        "monster", False, "defense")
    page = client.get(f"/b/{board.slug}/").content.decode()
    tile = re.search(rf'<li class="card tile ([^"]*)" data-card="{sangan}"', page)[1].split()
    assert "face-down" in tile and "defense" in tile
    response = client.post(f"/b/{board.slug}/act", {"version": 4, "action": json.dumps(
        {"do": "move", "card": trap, "zone": "hand"})})
    assert response.status_code == 200, _message(response.content.decode())
    assert store.duel_of(Board.objects.get(pk=board.pk)).state.cards[trap].face_up
