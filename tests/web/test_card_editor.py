"""The card editor over HTTP: a text read and the form filled from it, each error beside its
field, saving into a board (its library lists the card), card sets, and custom cards kept by
snapshot links, exports, imports and forks."""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser

import pytest
import yaml
from django.test import Client

from engine import Duel
from engine.limits import MAX_CUSTOM_CARDS, MAX_NAME
from simulator import store
from simulator.models import Board, CardSet

pytestmark = pytest.mark.django_db

WHEN = "When this card is sent to the GY: You can draw 1 card."
BAHAI = "このカードが墓地へ送られた場合に発動できる。自分はデッキから１枚ドローする。"


@pytest.fixture
def client() -> Client:
    return Client(HTTP_HOST="localhost")


def own_board(client: Client, game: str = "yugioh") -> Board:
    response = client.post("/boards/new", {"game": game, "preset": "TCG"})
    assert response.status_code == 302
    return Board.objects.get(slug=response["Location"].split("/")[2])


def form(text: str = WHEN, name: str = "Grave Reader", **more: str) -> dict[str, str]:
    """The editor's form as a browser posts it after accepting the reading of ``text``."""
    post = {"game": "yugioh", "text": text, "name_en": name, "type": "monster",
            "subtype": "effect", "level": "3", "atk": "1000", "def": "800", "effects": "1",
            "e0-include": "on", "e0-kind": "trigger", "e0-wording": "when",
            "e0-optional": "on", "e0-label": "draw 1 card", "e0-activate_from": "gy",
            "e0-event": "{type: sent_to_gy, card: self}",
            "e0-operations": "[{op: draw, count: 1}]"}
    post.update(more)
    return post


def error_of(html: str, slot: str) -> str:
    m = re.search(rf'id="err-{re.escape(slot)}"[^>]*>(.*?)</p>', html, re.S)
    assert m, f"no error slot {slot}"
    return re.sub(r"<[^>]+>", " ", m.group(1)).strip()


def test_the_editor_reads_the_text_and_fills_the_form(client: Client) -> None:
    html = client.get("/cards/new", {"game": "yugioh", "text": WHEN}).content.decode()
    assert "Optional trigger worded “when”: can miss the timing (YGO-MISS)" in html
    assert 'href="/rules/YGO-MISS/"' in html
    assert '<mark class="because because-wording" title="wording">When</mark>' in html
    assert 'name="e0-event"' in html and "{type: sent_to_gy, card: self}" in html
    assert "[{op: draw, count: 1}]" in html
    assert 'class="card tile frame-effect' in html  # the board's own tile


def test_each_error_shows_beside_its_field(client: Client) -> None:
    post = form(name="x" * (MAX_NAME + 1), level="four", **{
        "e0-event": "{type: [", "e0-operations": "[{op: fly}]", "e0-cost": "[{op: nope}]"})
    html = client.post("/cards/new", {**post, "do": "check"}).content.decode()
    assert "limit MAX_NAME" in error_of(html, "name_en")
    assert "whole number" in error_of(html, "level")
    assert "cannot be read" in error_of(html, "e0-event")
    assert "fly" in error_of(html, "e0-operations")
    assert "nope" in error_of(html, "e0-cost")  # the card files' own check, for each field
    assert error_of(html, "atk") == "" and error_of(html, "e0-kind") == ""


def test_a_trigger_without_an_event_is_refused_beside_the_event(client: Client) -> None:
    html = client.post("/cards/new", {**form(**{"e0-event": ""}), "do": "check"}
                       ).content.decode()
    assert "needs an event" in error_of(html, "e0-event")
    # the live check sends the same errors, each to its field's slot
    html = client.post("/cards/preview", form(**{"e0-event": ""})).content.decode()
    assert 'id="err-e0-event" aria-live="polite" hx-swap-oob="true"' in html
    assert "needs an event" in error_of(html, "e0-event")


def test_a_continuous_effect_is_never_made_optional(client: Client) -> None:
    """The form's "You can" box, left unticked, says nothing of a continuous effect (which is
    never activated): no "optional" key the engine refuses beside it (YGO-KIND)."""
    post = form(**{"e0-kind": "continuous", "e0-wording": "", "e0-activate_from": "",
                   "e0-event": "", "e0-operations": "", "e0-label": "stronger"})
    del post["e0-optional"]
    html = client.post("/cards/new", {**post, "do": "check"}).content.decode()
    assert not error_of(html, "e0-optional")
    assert "optional" not in unescape(html).split('id="err-e0-optional"')[1][:300]


def test_a_type_the_game_does_not_have_is_named(client: Client) -> None:
    html = client.post("/cards/new", {**form(type="creature"), "do": "check"}).content.decode()
    assert "type must be one of monster" in error_of(html, "type")


def test_too_many_effects_and_too_long_a_text_are_refused_with_the_limit(
        client: Client) -> None:
    html = client.post("/cards/new", {**form(effects="40"), "do": "check"}).content.decode()
    assert "limit MAX_EFFECTS" in error_of(html, "card")
    html = client.get("/cards/reading", {"game": "yugioh", "text": "x" * 4001}
                      ).content.decode()
    assert "limit MAX_STRING" in html
    html = client.post("/cards/new", {**form(text="y" * 4001), "do": "check"}).content.decode()
    assert "limit MAX_STRING" in error_of(html, "text")
    many = "".join(f"({k}) You can draw 1 card. " for k in range(1, 15))
    html = client.get("/cards/reading", {"game": "yugioh", "text": many}).content.decode()
    assert "limit MAX_EFFECTS" in html


def test_a_part_that_cannot_be_mapped_is_reported_not_guessed(client: Client) -> None:
    text = "このクリーチャーが攻撃する時、相手の手札を見る。"
    html = client.get("/cards/new", {"game": "duel_masters", "text": text}).content.decode()
    assert "相手の手札を見る" in error_of(html, "e0-operations")
    assert 'name="e0-operations"' in html
    assert re.search(r'id="f-e0-operations"[^>]*></textarea>', html)  # left empty
    html = client.get("/cards/new", {"game": "yugioh", "text": "ごろごろにゃーん。"}
                      ).content.decode()
    assert "could not be read" in html


def test_script_in_a_name_or_a_text_is_shown_as_text(client: Client) -> None:
    board = own_board(client)
    evil = "<script>alert(1)</script>"
    html = client.post("/cards/new", {**form(name=evil, text=evil + WHEN), "do": "check",
                                      "board": board.slug}).content.decode()
    assert evil not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    client.post("/cards/new", {**form(name=evil), "do": "save", "board": board.slug,
                               "version": board.version})
    html = client.get(f"/b/{board.slug}/").content.decode()
    assert evil not in html and "&lt;script&gt;" in html


def test_saving_adds_the_card_to_the_board_and_its_library(client: Client) -> None:
    board = own_board(client)
    response = client.post("/cards/new", {**form(), "do": "save", "board": board.slug,
                                          "version": board.version})
    assert response.status_code == 302 and response["Location"] == f"/b/{board.slug}/"
    board.refresh_from_db()
    assert board.version == 1
    [card] = board.data["cards"]
    assert card["id"] == "grave_reader" and card["effects"][0]["wording"] == "when"
    html = client.get(f"/b/{board.slug}/").content.decode()
    first = re.search(r'class="library-card"[^>]*data-card-id="([^"]+)"', html).group(1)
    assert first == "grave_reader"  # the board's own cards first, marked custom
    assert '<span class="badge custom">custom</span>' in html
    html = client.get("/cards/", {"game": "yugioh", "board": board.slug, "q": "grave"}
                      ).content.decode()
    assert 'data-card-id="grave_reader"' in html
    stranger = Client(HTTP_HOST="localhost")  # a board's own cards are listed to its editors
    html = stranger.get("/cards/", {"game": "yugioh", "board": board.slug, "q": "grave"}
                        ).content.decode()
    assert 'data-card-id="grave_reader"' not in html
    # the same card again is not added twice; another card of its name is refused, naming
    # both; a built-in card's name: a fresh id, and on this board the name finds this card
    client.post("/cards/new", {**form(), "do": "save", "board": board.slug, "version": 1})
    board.refresh_from_db()
    response = client.post("/cards/new", {**form(level="4"), "do": "save",
                                          "board": board.slug, "version": board.version})
    assert response.status_code == 400
    why = unescape(error_of(response.content.decode(), "card"))
    assert "'grave_reader_2'" in why and "'Grave Reader' is already the name of card " \
        "'grave_reader'" in why
    board.refresh_from_db()
    client.post("/cards/new", {**form(name="Sangan"), "do": "save", "board": board.slug,
                               "version": board.version})
    board.refresh_from_db()
    assert [c["id"] for c in board.data["cards"]] == ["grave_reader", "sangan_2"]
    assert store.library_for(board.data).find("Sangan").id == "sangan_2"
    # it can be placed and played
    response = client.post(f"/b/{board.slug}/act", {"version": board.version, "do": "place",
                                                    "card": "grave_reader", "zone": "monster",
                                                    "player": "p1"})
    assert response.status_code == 200
    duel = store.duel_of(Board.objects.get(pk=board.pk))
    assert duel.name(duel.state.zones[0]["monster"][0]) == "Grave Reader"


def test_only_editors_may_add_a_card(client: Client) -> None:
    board = own_board(client)
    stranger = Client(HTTP_HOST="localhost")
    response = stranger.post("/cards/new", {**form(), "do": "save", "board": board.slug,
                                            "version": 0})
    assert response.status_code == 400
    assert "edit link" in error_of(response.content.decode(), "card")
    board.refresh_from_db()
    assert board.data["cards"] == [] and board.version == 0


def test_too_many_custom_cards_are_refused_with_the_limit(client: Client) -> None:
    card = yaml.safe_load("{id: c, name: {en: C}, type: monster, level: 1}")
    board = store.create_board(game="yugioh", cards=[
        {**card, "id": f"c{k}", "name": {"en": f"C{k}"}} for k in range(MAX_CUSTOM_CARDS)])
    client.get(f"/b/{board.slug}/edit/{board.edit_key}/")
    response = client.post("/cards/new", {**form(), "do": "save", "board": board.slug,
                                          "version": 0})
    assert response.status_code == 400
    assert "limit MAX_CUSTOM_CARDS" in error_of(response.content.decode(), "card")


def test_a_card_without_a_board_starts_one(client: Client) -> None:
    response = client.post("/cards/new", {**form(), "do": "new_board"})
    assert response.status_code == 302
    board = Board.objects.get(slug=response["Location"].split("/")[2])
    assert [c["id"] for c in board.data["cards"]] == ["grave_reader"]


def _board_with_card(client: Client) -> Board:
    board = own_board(client)
    client.post("/cards/new", {**form(), "do": "save", "board": board.slug, "version": 0})
    client.post(f"/b/{board.slug}/act", {"version": 1, "do": "place", "card": "grave_reader",
                                         "zone": "monster", "player": "p1"})
    board.refresh_from_db()
    return board


def test_custom_cards_travel_by_link_export_import_and_fork(client: Client) -> None:
    board = _board_with_card(client)
    answer = client.get(f"/b/{board.slug}/snapshot-link").json()
    link = re.search(r"/s/([^/]+)/$", answer["link"]).group(1)
    page = client.get(f"/s/{link}/").content.decode()
    assert "Grave Reader" in page
    copy = client.post(f"/s/{link}/copy")
    copied = Board.objects.get(slug=copy["Location"].split("/")[2])
    assert copied.data["cards"] == board.data["cards"]
    text = client.get(f"/b/{board.slug}/export.yaml").content.decode()
    assert yaml.safe_load(text)["cards"] == board.data["cards"]
    upload = client.post("/boards/import", {"file": _file(text)})
    imported = Board.objects.get(slug=upload["Location"].split("/")[2])
    assert imported.data["cards"] == board.data["cards"]
    assert "Grave Reader" in client.get(upload["Location"]).content.decode()
    fork = client.post(f"/b/{board.slug}/fork", {"at": "1"})
    forked = Board.objects.get(slug=fork["Location"].split("/")[2])
    assert forked.data["cards"] == board.data["cards"]
    rerun = client.post(f"/b/{board.slug}/rerun", {"preset": "OCG"})
    assert Board.objects.get(slug=rerun["Location"].split("/")[2]).data["cards"] == (
        board.data["cards"])
    lesson = client.post("/lessons/new", {"title": "Own cards", "chapter": [board.slug]})
    # the chapter opens at its set-up; once the step placing the card is shown, it is there
    assert client.post(f"/b/{board.slug}/present", {"at": "1"}).status_code == 200
    assert "Grave Reader" in client.get(lesson["Location"], follow=True).content.decode()


def _file(text: str):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("board.yaml", text.encode(), content_type="application/yaml")


def test_a_card_set_is_kept_and_loaded_into_another_board(client: Client) -> None:
    board = _board_with_card(client)
    response = client.post(f"/b/{board.slug}/cards/set", {"title": "Timing lesson"})
    assert response.status_code == 302
    card_set = CardSet.objects.get()
    assert response["Location"] == f"/sets/{card_set.slug}/edit/{card_set.edit_key}/"
    assert card_set.cards == board.data["cards"] and len(card_set.edit_key) >= 32
    page = client.get(response["Location"]).content.decode()
    assert "Timing lesson" in page and "Grave Reader" in page and card_set.edit_key in page
    viewer = Client(HTTP_HOST="localhost")
    assert card_set.edit_key not in viewer.get(f"/sets/{card_set.slug}/").content.decode()
    assert viewer.get(f"/sets/{card_set.slug}/edit/wrong-key-0123456789abcdef/"
                      ).status_code == 404
    other = own_board(client)
    response = client.post(f"/b/{other.slug}/cards/load",
                           {"set": f"http://localhost/sets/{card_set.slug}/"})
    assert response.status_code == 302
    other.refresh_from_db()
    assert other.data["cards"] == board.data["cards"] and other.version == 1
    client.post(f"/b/{other.slug}/cards/load", {"set": card_set.edit_key})
    other.refresh_from_db()
    assert len(other.data["cards"]) == 1  # the same card is not added twice
    assert client.post(f"/b/{other.slug}/cards/load", {"set": "nothing"}).status_code == 404
    dm = own_board(client, "duel_masters")
    assert client.post(f"/b/{dm.slug}/cards/load", {"set": card_set.slug}).status_code == 400
    assert viewer.post(f"/b/{other.slug}/cards/load", {"set": card_set.slug}
                       ).status_code == 403
    client.post(f"/sets/{card_set.slug}/edit/{card_set.edit_key}/",
                {"title": "Renamed", "drop": "grave_reader"})
    card_set.refresh_from_db()
    assert card_set.title == "Renamed" and card_set.cards == []


def test_the_library_panel_links_to_the_editor(client: Client) -> None:
    board = own_board(client)
    html = client.get(f"/b/{board.slug}/").content.decode()
    assert f'href="/cards/new?board={board.slug}"' in html
    html = client.get("/cards/new", {"board": board.slug}).content.decode()
    assert 'name="board" value="' + board.slug in html and "Add to this board" in html


def test_yaml_that_would_expand_past_the_limits_is_refused_beside_its_field(
        client: Client) -> None:
    bomb = "[" + ", ".join(["&a [1, 2, 3, 4, 5, 6, 7, 8, 9]"] + ["*a"] * 200) + "]"
    nested = "[" * 40 + "]" * 40
    html = client.post("/cards/preview", form(**{"e0-operations": bomb, "e0-cost": nested})
                       ).content.decode()
    assert "limit MAX_ITEMS" in error_of(html, "e0-operations")
    assert "limit MAX_DEPTH" in error_of(html, "e0-cost")
    for junk in ({"effects": "-3"}, {"effects": "x"}, {"e0-kind": "🙂" * 5000}, {"game": "go"},
                 {"level": "9" * 40}, {"e0-event": "!!python/object:os.system x"}):
        response = client.post("/cards/preview", form(**junk))
        assert response.status_code == 200


def test_an_effect_can_be_added_to_the_form(client: Client) -> None:
    html = client.post("/cards/new", {**form(), "do": "add_effect"}).content.decode()
    assert 'name="e1-kind"' in html and "Effect 2" in html
    assert "needs an event" in error_of(html, "e1-event")  # a new trigger waits for its event
    html = client.post("/cards/new", {**form(), "e0-include": "", "do": "check"}
                       ).content.decode()
    assert 'name="e0-kind"' not in html  # an effect left out is gone from the card


def test_a_duel_masters_attack_trigger_of_ones_own_plays(client: Client) -> None:
    """The case the editor was made for: a creature whose ability waits for its attack."""
    text = "■このクリーチャーが攻撃する時、カードを1枚引いてもよい。"
    html = client.get("/cards/new", {"game": "duel_masters", "text": text}).content.decode()
    assert "Optional trigger worded “when”: waits as a pending ability (DM-WAIT)" in html
    assert "{type: attack_declared, card: self}" in html
    board = own_board(client, "duel_masters")
    post = {"game": "duel_masters", "text": text, "name_en": "Attack Reader",
            "type": "creature", "civilization": "fire", "cost": "3", "power": "3000",
            "effects": "1", "e0-include": "on", "e0-kind": "trigger", "e0-wording": "when",
            "e0-optional": "on", "e0-event": "{type: attack_declared, card: self}",
            "e0-operations": "[{op: draw, count: 1}]", "do": "save", "board": board.slug}
    assert client.post("/cards/new", post).status_code == 302
    board.refresh_from_db()
    duel = Duel("duel_masters", setup={
        "turn_player": "p1", "phase": "attack", "p1": {"battle": ["attack_reader"],
                                                       "deck": ["Bolshack Dragon"]}},
        cards=board.data["cards"])
    duel.apply({"do": "attack", "card": "Attack Reader"})
    duel.auto()
    assert [duel.name(i) for i in duel.state.zones[0]["hand"]] == ["Bolshack Dragon"]


def test_a_boards_own_card_replaces_the_library_card_of_its_name_in_its_panel(
        client: Client) -> None:
    """A board's own "Sangan" (another id, another effect) is the Sangan of that board: the
    library panel lists it and leaves out the built-in Sangan, whatever is searched; other
    boards keep the built-in one."""
    board = own_board(client)
    client.post("/cards/new", {**form(name="Sangan"), "do": "save", "board": board.slug,
                               "version": board.version})
    board.refresh_from_db()
    [card] = board.data["cards"]
    assert card["id"] == "sangan_2"
    for query in ("sangan", "1500 or less ATK", "クリッター", ""):
        html = client.get("/cards/", {"game": "yugioh", "board": board.slug, "q": query}
                          ).content.decode()
        assert 'data-card-id="sangan"' not in html, query
    html = client.get("/cards/", {"game": "yugioh", "board": board.slug, "q": "sangan"}
                      ).content.decode()
    assert 'data-card-id="sangan_2"' in html
    html = client.get(f"/b/{board.slug}/").content.decode()
    assert 'data-card-id="sangan_2"' in html and 'data-card-id="sangan"' not in html
    other = own_board(client)
    html = client.get("/cards/", {"game": "yugioh", "board": other.slug, "q": "sangan"}
                      ).content.decode()
    assert 'data-card-id="sangan"' in html and 'data-card-id="sangan_2"' not in html
    # placed by its name, the board's own card is the one played
    response = client.post(f"/b/{board.slug}/act", {"version": board.version, "do": "place",
                                                    "card": "Sangan", "zone": "monster",
                                                    "player": "p1"})
    assert response.status_code == 200
    duel = store.duel_of(Board.objects.get(pk=board.pk))
    assert duel.state.cards[duel.state.zones[0]["monster"][0]].card_id == "sangan_2"


def test_a_card_set_taking_a_name_of_the_boards_own_cards_is_refused(client: Client) -> None:
    board = _board_with_card(client)
    client.post(f"/b/{board.slug}/cards/set", {"title": "Readers"})
    card_set = CardSet.objects.get()
    other = own_board(client)
    client.post("/cards/new", {**form(level="4"), "do": "save", "board": other.slug,
                               "version": other.version})
    other.refresh_from_db()
    response = client.post(f"/b/{other.slug}/cards/load", {"set": card_set.slug})
    assert response.status_code == 400
    text = unescape(response.content.decode())
    assert "'Grave Reader' is already the name of card 'grave_reader'" in text
    assert "'grave_reader_2'" in text
    other.refresh_from_db()
    assert [c["id"] for c in other.data["cards"]] == ["grave_reader"]


def test_each_game_offers_its_own_subtypes(client: Client) -> None:
    """A Duel Masters spell has none of Yu-Gi-Oh!'s Spell subtypes (Quick-Play, Equip...)."""
    offered = {}
    for game in ("yugioh", "duel_masters"):
        html = client.get("/cards/new", {"game": game}).content.decode()
        select = re.search(r'<select[^>]*name="subtype".*?</select>', html, re.S)
        assert select is not None, game
        offered[game] = set(re.findall(r'<option value="([^"]*)"', select[0]))
    assert {"quick_play", "equip", "field", "counter"} <= offered["yugioh"]
    assert not offered["duel_masters"] & {"quick_play", "equip", "field", "counter", "ritual"}
    assert "creature" in offered["duel_masters"]


class _FormFields(HTMLParser):
    """The fields a browser posts from the editor's form as it is drawn: each input's value
    (a box only when ticked), each textarea's text, each select's chosen option."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: dict[str, str] = {}
        self._textarea: str | None = None
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name and (a.get("type") not in ("checkbox", "radio")
                                        or "checked" in a):
            self.fields[name] = a.get("value") or ("on" if a.get("type") == "checkbox" else "")
        elif tag == "textarea" and name:
            self._textarea, self.fields[name] = name, ""
        elif tag == "select" and name:
            self._select = name
            self.fields.setdefault(name, "")
        elif tag == "option" and self._select and "selected" in a:
            self.fields[self._select] = a.get("value", "")

    def handle_data(self, data: str) -> None:
        if self._textarea:
            self.fields[self._textarea] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "textarea":
            self._textarea = None
        elif tag == "select":
            self._select = None


@pytest.mark.parametrize(("game", "text", "card", "keys"), [
    ("yugioh", "This card gains 500 ATK.", {"type": "monster", "subtype": "effect"},
     {"apply"}),
    ("yugioh", "Counter Trap Card\nWhen your opponent activates a Spell Card: Negate the "
     "activation, and if you do, destroy it.", {"type": "trap", "subtype": "counter"},
     {"respond_to", "operations"}),
    ("duel_masters", "■このクリーチャーのパワーは+2000される。",
     {"type": "creature", "civilization": "fire", "cost": "3", "power": "1000"}, {"apply"}),
])
def test_a_reading_saved_through_the_form_keeps_every_part_it_compiled(
        client: Client, game: str, text: str, card: dict, keys: set) -> None:
    """What the reader compiled (a continuous effect's ``apply``, a Counter Trap's
    ``respond_to``) is on the form, and saving the form as drawn keeps it on the card."""
    board = own_board(client, game)
    html = client.get("/cards/new", {"game": game, "text": text, "board": board.slug,
                                     **card}).content.decode()
    parser = _FormFields()
    parser.feed(html)
    post = {**parser.fields, **card, "name_en": "Form Keeper", "do": "save",
            "board": board.slug, "version": board.version}
    from engine.classify import classify, map_reading
    from simulator.editor import initial_card
    compiled = initial_card(game, text, [map_reading(game, r) for r in classify(game, text)])
    [effect] = compiled["effects"]
    assert keys <= set(effect), effect  # the reader compiles these parts
    response = client.post("/cards/new", post)
    assert response.status_code == 302, error_of(response.content.decode(), "card")
    board.refresh_from_db()
    [saved] = board.data["cards"]

    def said(e: dict) -> dict:  # an activation's unticked "You can" box: optional false
        return {k: v for k, v in e.items() if (k, v) != ("optional", False)}
    assert [said(e) for e in saved["effects"]] == [said(effect)]
