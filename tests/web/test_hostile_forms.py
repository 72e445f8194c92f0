"""Hostile forms (the hostile-input suite's, tests/web/test_hostile_input.py, for the other
forms that keep what they are sent): the card editor, card sets, the room's predictions and
lessons get any text, any unicode, control characters, unknown and repeated fields, and
nested or numeric look-alike values. They answer a 4xx with a reason or do what was asked,
never a 5xx; a refusal changes nothing; and whatever is kept is a text that may be stored
and shown (engine.limits.check_text: no NUL nor other control character).

Each endpoint group gets ``N_FORMS`` examples through Django's test client (a request costs
a few milliseconds to a few tens); the ``fuzz`` marker repeats them with ``N_FUZZ``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.cache import cache
from django.test import Client
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine.limits import check_plain
from engine.scenario import load_scenario
from simulator import store
from simulator.models import Board, CardSet, Lesson, Prediction, PredictionVote

N_FORMS = 80
N_FUZZ = 2_000
SLOW = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
        HealthCheck.data_too_large, HealthCheck.filter_too_much]
SCENARIO = Path("engine/data/scenarios/yugioh/amazoness_village_soul_taker.yaml")

pytestmark = pytest.mark.django_db


def many(n: int = N_FORMS):
    return settings(max_examples=n, deadline=None, suppress_health_check=SLOW, database=None)


# ---------------------------------------------------------------------- strategies
#: any character a browser can send (the test client cannot send a lone surrogate)
CHARS = st.characters(blacklist_categories=("Cs",))
CONTROL = st.sampled_from(["\x00", "\x01", "\x07", "\x08", "\x0b", "\x0c", "\x1b", "\x1f",
                           "\x7f", "\t", "\n", "\r", "\u2028", "\ufeff", "\u202e"])
ODD = st.sampled_from([
    "", " ", "0", "-1", "1", "2", "99999999999999999999", "²", "١٢", "1e3", "NaN", "on",
    "x" * 5000, "{a: [1, {b: *c}]}", "[" * 200 + "]" * 200, "- op: draw\n  count: 1",
    "[{op: draw, count: 1}]", "{type: sent_to_gy, card: self}", "monster", "effect", "spell",
    "trigger", "quick", "when", "card", "gy, hand", "lp-2", "link1", "up:1", "down:2",
    "yugioh", "duel_masters", "<script>alert(1)</script>", "../../etc/passwd", "%00",
    "名前", "ＡＴＫ",
])
TEXT = st.one_of(st.text(CHARS, max_size=40), ODD,
                 st.builds(lambda a, c, b: a + c + b, st.text(CHARS, max_size=8), CONTROL,
                           st.text(CHARS, max_size=8)))
VALUES = st.one_of(TEXT, st.lists(TEXT, min_size=1, max_size=3))


def form_of(keys: st.SearchStrategy[str], **likely: list[str]) -> st.SearchStrategy[dict]:
    """A form with known fields (and any other name) holding any of :data:`VALUES`; each
    ``likely`` field, half the time, one of the values the site takes there."""
    forms = st.dictionaries(st.one_of(keys, st.text(CHARS, max_size=12)), VALUES, max_size=8)
    for key, values in likely.items():
        forms = st.builds(lambda form, value, key=key: form if value is None else {
            **form, key: value}, forms, st.one_of(st.none(), st.sampled_from(values)))
    return forms


EDITOR_KEYS = st.sampled_from([
    "game", "do", "text", "name_en", "name_ja", "type", "subtype", "attribute", "race",
    "level", "atk", "def", "civilization", "races", "cost", "power", "blocker",
    "double_breaker", "effects", "board", *(f"e{k}-{f}" for k in (0, 1, 7) for f in (
        "include", "kind", "label", "wording", "optional", "once_per_turn", "activate_from",
        "event", "cost", "targets", "operations"))])
#: a card the editor takes whole ("Start a new board with this card" makes its board)
GOOD_CARD = {"game": "yugioh", "do": "new_board", "name_en": "Odd", "type": "monster",
             "subtype": "effect", "attribute": "DARK", "race": "Fiend", "level": "3",
             "atk": "1000", "def": "800", "text": "A card.", "effects": "1", "e0-include": "on",
             "e0-kind": "ignition", "e0-label": "draw 1",
             "e0-operations": "[{op: draw, count: 1}]"}
RANDOM_FORMS = st.builds(
    lambda base, extra: {**base, **extra},
    st.fixed_dictionaries({"game": st.sampled_from(["yugioh", "duel_masters"]),
                           "do": st.sampled_from(["check", "read", "add_effect", "save",
                                                  "new_board"]),
                           "name_en": TEXT, "type": st.sampled_from(["monster", "spell",
                                                                     "creature", "x"]),
                           "effects": st.sampled_from(["0", "1", "2"]),
                           "e0-include": st.just("on"), "e0-kind": TEXT}),
    form_of(EDITOR_KEYS))
#: that card with one to three fields (its own or others) given hostile values
GOOD_CARDS_SPOILED = st.builds(
    lambda spoiled, do: {**GOOD_CARD, **spoiled, "do": do},
    st.dictionaries(EDITOR_KEYS, VALUES, min_size=1, max_size=3),
    st.sampled_from(["new_board", "save", "check"]))
EDITOR_FORMS = st.one_of(RANDOM_FORMS, GOOD_CARDS_SPOILED)


def _post(client: Client, path: str, form: dict):
    cache.clear()  # every example within the abuse limits
    response = client.post(path, form)
    event(f"{'edit' if '/edit/' in path else path.rstrip('/').rsplit('/', 1)[-1]}: "
          f"{response.status_code}")
    return response


def _stored(texts) -> None:
    """Each text kept may be stored and shown."""
    check_plain(list(texts), "what was kept")


@pytest.fixture
def editor(db) -> tuple[Client, Board]:
    """A browser holding the edit rights of a board with one custom card."""
    client = Client(HTTP_HOST="localhost")
    board = store.create_board(game="yugioh", setup={"turn_player": "p1"}, cards=[
        {"id": "grave_reader", "game": "yugioh", "name": {"en": "Grave Reader"},
         "type": "monster", "text": ""}])
    client.get(f"/b/{board.slug}/edit/{board.edit_key}/")
    return client, board


# ---------------------------------------------------------------------- the card editor
@many()
@given(EDITOR_FORMS, st.booleans())
def test_the_card_editor_never_answers_5xx_and_keeps_only_plain_texts(editor, form,
                                                                      for_board) -> None:
    client, board = editor
    if for_board:
        form = {**form, "board": board.slug}
    board.refresh_from_db()
    before = (Board.objects.count(), board.version, board.data)
    response = _post(client, "/cards/new", form)
    assert response.status_code < 500
    board.refresh_from_db()
    do = form.get("do")
    do = do[-1] if isinstance(do, list) else do  # a field sent twice: its last value
    if response.status_code >= 400 or do not in ("save", "new_board"):
        assert (Board.objects.count(), board.version, board.data) == before
    for saved in Board.objects.all():  # a card saved or a board made: plain data only
        check_plain(saved.data["cards"], "the cards")
        _stored([saved.title])


@many()
@given(form_of(EDITOR_KEYS), TEXT)
def test_the_editor_preview_and_reading_never_answer_5xx(editor, form, text) -> None:
    client, _board = editor
    assert _post(client, "/cards/preview", form).status_code < 500
    assert client.get("/cards/reading", {"text": text, "game": "yugioh"}).status_code < 500
    assert client.get("/cards/new", {"text": text}).status_code < 500


# ---------------------------------------------------------------------- card sets
SET_KEYS = st.sampled_from(["title", "set", "drop", "do"])


@many()
@given(form_of(SET_KEYS, title=["Readers"]), form_of(SET_KEYS, drop=["grave_reader"]),
       form_of(SET_KEYS), st.booleans())
def test_card_sets_never_answer_5xx_and_a_refusal_changes_nothing(editor, keep, edit, load,
                                                                  delete) -> None:
    client, board = editor
    sets = CardSet.objects.count()
    response = _post(client, f"/b/{board.slug}/cards/set", keep)
    assert response.status_code < 500
    assert CardSet.objects.count() == sets + (response.status_code == 302)
    card_set = CardSet.objects.first() or CardSet.objects.create(
        title="Readers", game="yugioh", cards=board.data["cards"])
    before = (card_set.title, card_set.cards)
    edit_link = f"/sets/{card_set.slug}/edit/{card_set.edit_key}/"
    response = _post(client, edit_link, {**edit, "do": "keep"})
    assert response.status_code < 500
    if response.status_code >= 400:
        card_set.refresh_from_db()
        assert (card_set.title, card_set.cards) == before
    for kept in CardSet.objects.all():
        _stored([kept.title])
    if delete:
        assert _post(client, edit_link, {"do": "delete"}).status_code == 302
        assert not CardSet.objects.filter(pk=card_set.pk).exists()
    board.refresh_from_db()
    version = board.version
    for form in (load, {**load, "set": card_set.slug}):
        response = _post(client, f"/b/{board.slug}/cards/load", form)
        assert response.status_code < 500
        board.refresh_from_db()
        if response.status_code >= 400:
            assert board.version == version
        version = board.version


# ---------------------------------------------------------------------- predictions
@pytest.fixture
def room(db) -> tuple[Client, Client, Board]:
    """A presenter presenting a scenario's board, and a student following it."""
    owner, student = Client(HTTP_HOST="localhost"), Client(HTTP_HOST="localhost")
    scn = load_scenario(SCENARIO)
    response = owner.post(f"/scenarios/{scn.game}/{scn.slug}/open")
    board = Board.objects.get(slug=response["Location"].split("/")[2])
    assert owner.post(f"/b/{board.slug}/present/").status_code == 302
    student.get(f"/b/{board.slug}/follow/")
    return owner, student, board


PREDICT_KEYS = st.sampled_from(["key", "question", "choice", "at"])


@many()
@given(st.lists(st.tuples(st.sampled_from(["ask", "vote", "reveal", "close", "present"]),
                          st.booleans(),
                          form_of(PREDICT_KEYS, key=["lp-2", "lp-1"], choice=["0", "1", "3"],
                                  at=["0", "1", "1.1", "live"])),
                min_size=1, max_size=5))
def test_predictions_never_answer_5xx_and_a_refusal_changes_nothing(room, calls) -> None:
    owner, student, board = room
    asked = Prediction.objects.filter(board=board).order_by("-pk").first()
    for what, by_owner, form in calls:
        if what == "vote" and asked is not None and "question" not in form:
            form = {**form, "question": str(asked.pk)}
        state = (list(Prediction.objects.values_list("pk", "revealed", "closed", "question")),
                 list(PredictionVote.objects.values_list("pk", "choice", "name")))
        client = owner if by_owner else student
        path = f"/b/{board.slug}/present" if what == "present" else (
            f"/b/{board.slug}/predict/{what}")
        response = _post(client, path, form)
        assert response.status_code < 500, (what, form)
        if response.status_code >= 400:
            assert state == (
                list(Prediction.objects.values_list("pk", "revealed", "closed", "question")),
                list(PredictionVote.objects.values_list("pk", "choice", "name")))
        asked = Prediction.objects.filter(board=board).order_by("-pk").first() or asked
    for vote in PredictionVote.objects.all():
        _stored([vote.name])


# ---------------------------------------------------------------------- lessons
LESSON_KEYS = st.sampled_from(["title", "chapter", "order", "move"])


@many()
@given(form_of(LESSON_KEYS), form_of(LESSON_KEYS, move=["up:2", "down:1", "up:1"],
                                     title=["Timing", "Chains"]),
       form_of(LESSON_KEYS, chapter=["1", "2", "3"]), st.booleans())
def test_lessons_never_answer_5xx_and_a_refusal_changes_nothing(editor, new, edit, go,
                                                                with_chapter) -> None:
    client, board = editor
    if with_chapter:
        new = {**new, "chapter": [board.slug, "yugioh/sangan_caius_tcg"]}
    lessons = Lesson.objects.count()
    response = _post(client, "/lessons/new", new)
    assert response.status_code < 500
    assert Lesson.objects.count() == lessons + (response.status_code == 302)
    lesson = Lesson.objects.first()
    if lesson is None:
        return
    before = (lesson.title, lesson.chapters, lesson.current)
    for path, form in ((f"/lessons/{lesson.slug}/edit/", edit),
                       (f"/lessons/{lesson.slug}/go", go)):
        response = _post(client, path, form)
        assert response.status_code < 500
        lesson.refresh_from_db()
        if response.status_code >= 400:
            assert (lesson.title, lesson.chapters, lesson.current) == before
        before = (lesson.title, lesson.chapters, lesson.current)
    for kept in Lesson.objects.all():
        _stored([kept.title])


# ---------------------------------------------------------------------- bigger runs
@pytest.mark.fuzz
@many(N_FUZZ)
@given(EDITOR_FORMS, st.booleans())
def test_fuzz_the_card_editor(editor, form, for_board) -> None:
    test_the_card_editor_never_answers_5xx_and_keeps_only_plain_texts.hypothesis.inner_test(
        editor, form, for_board)
