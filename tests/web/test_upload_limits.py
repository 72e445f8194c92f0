"""An upload's cost is bounded before its work: a scenario file's text is checked cheaply
first (bytes, lines, steps, nesting, lines and commas), each check naming its limit with a
400; then it is parsed and replayed in a process of its own within a computing budget
(MAX_CPU). A card editor's YAML field is checked on its text before it is parsed, and the
form's fields share a budget (MAX_FORM_CPU). Statuses and messages only: never a time."""

from __future__ import annotations

import html
import re

import pytest
import yaml
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, override_settings

from engine import limits as engine_limits
from simulator import editor, uploads
from simulator.models import Board

pytestmark = pytest.mark.django_db

SMALL = ("game: yugioh\ntitle: T\nsetup: {p1: {deck: [Kuriboh, Sangan]}}\nsteps:\n"
         "  - {do: gain_lp, player: p1, amount: 100}\nexpect: {}\n")


@pytest.fixture(autouse=True)
def _fresh_counts():
    cache.clear()
    yield
    cache.clear()


def _upload(text: str | bytes, name: str = "x.yaml"):
    body = text.encode() if isinstance(text, str) else text
    before = Board.objects.count()
    response = Client(HTTP_HOST="localhost").post(
        "/boards/import", {"file": SimpleUploadedFile(name, body)})
    page = html.unescape(response.content.decode())
    message = re.search(r'<p class="lead">(.*?)</p>', page, re.S)
    made = Board.objects.count() - before
    return response.status_code, (message.group(1).strip() if message else page), made


@pytest.fixture
def no_parsing(monkeypatch):
    """Fails the test if the file reaches the YAML parser (in this process) or its own."""
    def refuse(*_args, **_kwargs):
        raise AssertionError("the file was parsed")

    monkeypatch.setattr(uploads, "read", refuse)
    monkeypatch.setattr(uploads, "_in_process", refuse)


def test_a_small_file_is_read_in_its_own_process_and_makes_a_board() -> None:
    status, _message, made = _upload(SMALL)
    assert status == 302 and made == 1


@pytest.mark.parametrize(("text", "says"), [
    ("a: b\n" * (engine_limits.MAX_FILE_BYTES // 5 + 1),
     f"has {engine_limits.MAX_FILE_BYTES + 5} bytes; at most "
     f"{engine_limits.MAX_FILE_BYTES} (limit MAX_FILE_BYTES)"),
    ("\n" * 30_000 + SMALL, "has 30007 lines; at most 20000 (limit MAX_LINES)"),
    ("game: yugioh\ntitle: T\nsetup: {}\nexpect: {}\nsteps:\n"
     + "- {do: next_phase}\n" * 1001, "has 1001 steps; at most 1000 (limit MAX_ACTIONS)"),
    ("game: yugioh\ntitle: T\nsetup: {}\nsteps: []\nexpect: {}\nsource: ["
     + ",".join(["1"] * 45_000) + "]\n", "(limit MAX_SCANNED)"),
    ("game: yugioh\ntitle: T\nsetup: {}\nsteps: []\nexpect: {}\nsource: "
     + "[" * 1990 + "]" * 1990 + "\n", "is nested more than 32 deep (limit MAX_DEPTH)"),
    ("game: yugioh\ntitle: T\nsetup: {}\nsteps: []\nexpect: {}\nsource:\n"
     + "".join("  " * n + "- \n" for n in range(40)), "(limit MAX_DEPTH)"),
])
def test_each_cheap_check_refuses_before_parsing_naming_its_limit(no_parsing, text: str,
                                                                  says: str) -> None:
    status, message, made = _upload(text)
    assert status == 400 and made == 0
    assert says in message and message.startswith("the file")


def test_a_billion_laughs_is_refused_at_its_first_alias() -> None:
    laughs = "lol: &a [" + ", ".join(["lol"] * 9) + "]\n" + "".join(
        f"{b}: &{b} [" + ", ".join([f"*{a}"] * 9) + "]\n"
        for a, b in zip("abcdefgh", "bcdefghi", strict=True))
    text = "game: yugioh\ntitle: T\nsetup: {}\nsteps: []\nexpect: {}\nsource: " + "x\n" + laughs
    status, message, made = _upload(text)
    assert status == 400 and made == 0
    assert "aliases (*name) are not allowed" in message


@override_settings(UPLOAD_CPU=0.0)
def test_a_file_past_its_computing_budget_is_refused_naming_it() -> None:
    status, message, made = _upload(SMALL)
    assert status == 400 and made == 0
    assert "took more than 0 seconds of computing (limit MAX_CPU)" in message


@override_settings(UPLOAD_PROCESSES=0, UPLOAD_CPU=0.0)
def test_the_budget_holds_in_the_requests_thread_too() -> None:
    status, message, made = _upload(SMALL)
    assert status == 400 and made == 0 and "(limit MAX_CPU)" in message


@override_settings(UPLOAD_PROCESSES=0)
def test_a_file_read_in_the_requests_thread_makes_the_same_board() -> None:
    status, _message, made = _upload(SMALL)
    assert status == 302 and made == 1


def test_too_many_files_waiting_is_a_503_to_try_again(monkeypatch) -> None:
    monkeypatch.setattr(uploads, "_waiting", 1 + 16)
    status, message, made = _upload(SMALL)
    assert status == 503 and made == 0
    assert "Try again in a minute" in message


def test_the_refusal_is_in_the_readers_language() -> None:
    client = Client(HTTP_HOST="localhost", HTTP_ACCEPT_LANGUAGE="ja")
    response = client.post("/boards/import", {"file": SimpleUploadedFile(
        "x.yaml", ("\n" * 30_000 + SMALL).encode())})
    assert response.status_code == 400
    assert "30007行です。最大20000行です（上限 MAX_LINES）" in html.unescape(
        response.content.decode())


# ---------------------------------------------------------------------- the card editor
def _form(**fields: str) -> dict[str, str]:
    return {"game": "yugioh", "name_en": "Probe", "type": "monster", "subtype": "effect",
            "level": "4", "atk": "1000", "def": "1000", "text": "", "effects": "1",
            "e0-include": "on", "e0-kind": "ignition", **fields}


def _field_error(fields: dict[str, str], slot: str) -> str:
    page = html.unescape(Client(HTTP_HOST="localhost").post(
        "/cards/preview", _form(**fields)).content.decode())
    found = re.search(rf'id="err-{re.escape(slot)}"[^>]*>(.*?)</p>', page, re.S)
    assert found, page[:2000]
    return re.sub(r"<[^>]+>", "", found.group(1)).strip()


def test_a_deeply_nested_field_is_refused_before_it_is_parsed(monkeypatch) -> None:
    def refuse(*_args, **_kwargs):
        raise AssertionError("the field was parsed")

    monkeypatch.setattr(engine_limits, "_Loader", refuse)
    nested = "[" * 1990 + "]" * 1990
    said = _field_error({"e0-operations": nested}, "e0-operations")
    assert "this field is nested more than 32 deep (limit MAX_DEPTH)" in said


def test_a_field_of_too_many_values_is_refused_before_it_is_parsed(monkeypatch) -> None:
    def refuse(*_args, **_kwargs):
        raise AssertionError("the field was parsed")

    monkeypatch.setattr(engine_limits, "_Loader", refuse)
    said = _field_error({"e0-operations": "[" + ",".join(["1"] * 1500) + "]"},
                        "e0-operations")
    assert "more values than may be read; at most 1000 (limit MAX_ITEMS)" in said


def test_the_fields_of_a_form_share_a_computing_budget(monkeypatch) -> None:
    monkeypatch.setattr(editor, "MAX_FORM_CPU", 0.0)
    said = _field_error({"e0-operations": yaml.safe_dump([{"op": "draw", "count": 1}])},
                        "e0-operations")
    assert "the card's fields took more than 0 seconds of computing (limit MAX_FORM_CPU)" \
        in said


def test_a_forms_yaml_fields_past_their_total_are_refused_before_any_is_parsed(
        monkeypatch) -> None:
    def refuse(*_args, **_kwargs):
        raise AssertionError("a field was parsed")

    monkeypatch.setattr(engine_limits, "_Loader", refuse)
    field = "[" + ", ".join(["{op: draw, count: 1}"] * 40) + "]"  # 880 characters
    fields = {"effects": "12"}
    for k in range(12):
        fields |= {f"e{k}-include": "on", f"e{k}-kind": "ignition", f"e{k}-operations": field}
    said = _field_error(fields, "card")
    assert f"hold {12 * len(field)} characters in all; at most {editor.MAX_FORM_YAML} " \
           "(limit MAX_FORM_YAML)" in said
