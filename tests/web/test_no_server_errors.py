"""Inputs that answered 500 answer a 4xx with the reason, and HEAD is answered wherever GET is."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from simulator import boards, store
from simulator.models import Board, CardSet, Lesson, RulingReport

pytestmark = pytest.mark.django_db


@pytest.fixture
def client() -> Client:
    return Client(HTTP_HOST="localhost", raise_request_exception=False)


@pytest.fixture
def board(client: Client) -> Board:
    board = store.create_board(game="yugioh", setup={"turn_player": "p1"})
    assert client.get(f"/b/{board.slug}/edit/{board.edit_key}/").status_code == 302
    return board


@pytest.mark.parametrize("title", ["a\x00b", "bell\x07", "esc\x1b[31m", "del\x7f"])
def test_a_title_with_a_control_character_is_refused_and_nothing_is_stored(
        client: Client, board: Board, title: str) -> None:
    response = client.post(f"/b/{board.slug}/rename", {"version": board.version,
                                                        "title": title})
    assert 400 <= response.status_code < 500
    assert "character" in response.content.decode()
    stored = Board.objects.get(pk=board.pk)
    assert stored.title == board.title
    for path, form in ((f"/b/{board.slug}/fork", {"version": stored.version}),
                       (f"/b/{board.slug}/rerun", {"version": stored.version, "preset": "OCG"})):
        assert client.post(path, form).status_code < 500


def test_a_title_keeps_its_ordinary_characters(client: Client, board: Board) -> None:
    response = client.post(f"/b/{board.slug}/rename", {"version": board.version,
                                                        "title": "Sangan\tand  Caius"})
    assert response.status_code == 200
    assert Board.objects.get(pk=board.pk).title == "Sangan and Caius"


@pytest.mark.parametrize("count", ["²", "٣", "1e3", "-1", "\x00"])
def test_an_odd_effect_count_in_the_card_editor_is_not_a_500(client: Client,
                                                              count: str) -> None:
    response = client.post("/cards/new", {"game": "yugioh", "effects": count, "do": "check",
                                          "name_en": "Odd", "type": "monster"})
    assert response.status_code < 500


def test_head_is_answered_wherever_get_is(client: Client, board: Board) -> None:
    for path in ("/", "/rules/", f"/b/{board.slug}/", f"/embed/{board.slug}/",
                 f"/b/{board.slug}/chain.svg", "/cards/new"):
        get, head = client.get(path), client.head(path)
        assert head.status_code == get.status_code == 200, path
        assert head.content == b""


# ---------------------------------------------------------------------- a stale card set load
CARD = {"id": "grave_reader", "game": "yugioh", "name": {"en": "Grave Reader"},
        "type": "monster", "text": ""}


def _version_in(html: str) -> int:
    return int(re.search(r'id="board-version" name="version" value="(\d+)"', html).group(1))


def test_a_set_loaded_while_another_change_is_saved_first_is_refused_with_409(
        client: Client, board: Board, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another editor's change lands between the board read and the set's save: the set is
    not loaded, the answer is a 409 with the reason and the board as it is now."""
    card_set = CardSet.objects.create(title="Readers", game="yugioh", cards=[CARD])
    real = store._save_if_at

    def someone_else_first(*args, **kwargs):
        monkeypatch.setattr(store, "_save_if_at", real)
        boards.rename(store.load(board.slug), "Their title")  # saved first
        return real(*args, **kwargs)

    monkeypatch.setattr(store, "_save_if_at", someone_else_first)
    response = client.post(f"/b/{board.slug}/cards/load", {"set": card_set.slug})
    assert response.status_code == 409
    html = response.content.decode()
    assert "the set was not loaded" in html
    stored = Board.objects.get(pk=board.pk)
    assert stored.title == "Their title" and stored.data["cards"] == []
    assert _version_in(html) == stored.version == 1  # the page is the board as it is now
    again = client.post(f"/b/{board.slug}/cards/load", {"set": card_set.slug})
    assert again.status_code == 302
    assert Board.objects.get(pk=board.pk).data["cards"][0]["name"] == CARD["name"]



# ---------------------------------------------------------------------- control characters
CONTROL = ["nul\x00here", "bell\x07", "esc\x1b[31m", "del\x7f", "vt\x0b"]
EDITOR_FORM = {"game": "yugioh", "do": "new_board", "name_en": "Odd", "name_ja": "",
               "type": "monster", "subtype": "effect", "attribute": "DARK", "race": "Fiend",
               "level": "3", "atk": "1000", "def": "800", "text": "A card.\nTwo lines.",
               "effects": "1", "e0-include": "on", "e0-kind": "ignition",
               "e0-label": "draw 1", "e0-operations": "[{op: draw, count: 1}]"}


def _slot_error(html: str, slot: str) -> str:
    found = re.search(rf'id="err-{re.escape(slot)}"[^>]*>(.*?)</p>', html, re.S)
    return re.sub(r"<[^>]+>", " ", found.group(1)) if found else ""


def test_the_editor_form_without_control_characters_makes_its_board(client: Client) -> None:
    assert client.post("/cards/new", EDITOR_FORM).status_code == 302
    assert Board.objects.get().data["cards"][0]["text"] == "A card.\nTwo lines."


@pytest.mark.parametrize("field", ["name_en", "name_ja", "type", "subtype", "attribute",
                                   "race", "level", "text", "e0-kind", "e0-label"])
@pytest.mark.parametrize("bad", CONTROL)
def test_a_control_character_in_any_card_editor_field_is_refused_beside_it(
        client: Client, field: str, bad: str) -> None:
    """The card's fields are kept on the board: "Start a new board" with a NUL in the name
    answered 500; each field's refusal is shown beside it and no board is made."""
    for do in ("new_board", "check"):  # "check" shows the form again, with the errors
        response = client.post("/cards/new", {**EDITOR_FORM, field: bad, "do": do})
        assert response.status_code == (200 if do == "check" and "\x00" not in bad else 400)
        html = response.content.decode()
        if "\x00" in bad:  # refused before any view, naming the field
            assert f"The field “{field}” holds a NUL character" in html
        else:
            assert "control character" in _slot_error(html, field), field
    assert not Board.objects.exists()


def test_a_control_character_in_a_card_editor_field_is_refused_in_the_readers_language(
        client: Client) -> None:
    response = client.post("/cards/new", {**EDITOR_FORM, "name_en": "a\x07"},
                           HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 400
    assert "contient un caractère de contrôle" in _slot_error(response.content.decode(),
                                                              "name_en")


def _board_with_a_card(client: Client) -> Board:
    assert client.post("/cards/new", EDITOR_FORM).status_code == 302
    return Board.objects.get()


@pytest.mark.parametrize("bad", CONTROL)
def test_a_card_set_name_with_a_control_character_is_refused_and_nothing_changes(
        client: Client, bad: str) -> None:
    board = _board_with_a_card(client)
    response = client.post(f"/b/{board.slug}/cards/set", {"title": f"Set {bad}"})
    assert response.status_code == 400 and "character" in response.content.decode()
    assert not CardSet.objects.exists()
    assert client.post(f"/b/{board.slug}/cards/set", {"title": "Readers"}).status_code == 302
    card_set = CardSet.objects.get()
    response = client.post(f"/sets/{card_set.slug}/edit/{card_set.edit_key}/",
                           {"title": f"Renamed {bad}", "drop": board.data["cards"][0]["id"]})
    assert response.status_code == 400 and "character" in response.content.decode()
    stored = CardSet.objects.get()
    assert stored.title == "Readers" and stored.cards == card_set.cards


@pytest.mark.parametrize("bad", CONTROL)
def test_lesson_titles_captions_and_reports_with_a_control_character_are_refused(
        client: Client, board: Board, bad: str) -> None:
    response = client.post("/lessons/new", {"title": f"Lesson {bad}", "chapter": board.slug})
    assert response.status_code == 400 and "character" in response.content.decode()
    assert not Lesson.objects.exists()
    assert client.post("/lessons/new", {"title": "Timing", "chapter": board.slug}
                       ).status_code == 302
    lesson = Lesson.objects.get()
    response = client.post(f"/lessons/{lesson.slug}/edit/", {"title": f"New {bad}"})
    assert response.status_code == 400 and Lesson.objects.get().title == "Timing"
    response = client.post(f"/b/{board.slug}/caption", {"caption": f"Why {bad}"})
    assert 400 <= response.status_code < 500
    assert Board.objects.get(pk=board.pk).captions == {}
    response = client.post(f"/b/{board.slug}/report", {"note": f"Wrong {bad}"})
    assert response.status_code == 400 and not RulingReport.objects.exists()


@pytest.mark.parametrize("bad", CONTROL)
def test_an_action_or_an_upload_with_a_control_character_is_refused(
        client: Client, board: Board, bad: str) -> None:
    response = client.post(f"/b/{board.slug}/act", {"version": board.version, "do": "place",
                                                    "card": f"Sangan{bad}", "zone": "hand",
                                                    "player": "p1"})
    assert 400 <= response.status_code < 500
    assert Board.objects.get(pk=board.pk).version == board.version
    escaped = bad.encode("unicode_escape").decode()  # a YAML double-quoted escape
    for title, question in ((f"T{escaped}", "Q"), ("T", f"Q{escaped}")):
        text = (f'game: yugioh\ntitle: "{title}"\nquestion: "{question}"\n'
                "setup: {turn_player: p1}\nsteps: []\nexpect: {}\n")
        response = client.post("/boards/import",
                               {"file": SimpleUploadedFile("s.yaml", text.encode())})
        assert response.status_code == 400 and "character" in response.content.decode()
    assert Board.objects.count() == 1


@pytest.mark.parametrize("url", [
    "/b/%00/", "/b/x%00y/edit/k/", "/cards/new?board=%00", "/cards/?board=%00&q=x",
    "/k/%00/", "/sets/%00/", "/lessons/%00/", "/s/1%00/", "/b/x/follow/?lesson=%00&chapter=1",
    "/?q=%00", "/cards/reading?text=a%00b"])
def test_a_nul_in_an_address_or_a_query_is_refused_before_any_lookup(client: Client,
                                                                      url: str) -> None:
    """PostgreSQL cannot be asked about a NUL (these answered 500 under `make serve`)."""
    for response in (client.get(url), client.head(url)):
        assert response.status_code == 400
    body = client.get(url).content.decode()
    assert "holds a NUL character" in body and ("The address" in body or "field" in body)


def test_a_nul_in_a_form_field_or_its_name_is_refused_and_nothing_changes(
        client: Client, board: Board) -> None:
    for form in ({"version": board.version, "title": "a\x00b"},
                 {"version": board.version, "title": "ok", "x\x00": "1"}):
        response = client.post(f"/b/{board.slug}/rename", form)
        assert response.status_code == 400
        assert "holds a NUL character" in response.content.decode()
    assert Board.objects.get(pk=board.pk).version == board.version
