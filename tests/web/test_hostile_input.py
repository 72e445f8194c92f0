"""Hostile input gets a clear refusal (a 4xx with a reason), never a 500, and a refusal changes
nothing. Hypothesis drives the action endpoint, the snapshot decoder, the YAML importer and
the websocket consumer; the cost limits are tested by counting work, never by timing.

Each target's parsing function gets ``N`` (500) examples in ``make test``; the HTTP paths
through Django's test client get fewer (``N_HTTP``), as a request costs a few milliseconds.
The ``fuzz`` marker (left out of the default run, see tests/conftest.py) repeats the actions,
links, YAML files and websocket paths with ``N_FUZZ`` examples: ``pytest -m fuzz``.
"""

from __future__ import annotations

import base64
import json
import zlib

import pytest
import yaml
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Duel, EngineError, IllegalAction, limits
from engine import links as links_module
from engine.cards import load_yaml_with_lines
from engine.links import LinkError, decode, encode, open_link
from engine.scenario import parse_scenario
from simulator import store
from simulator.models import Board

N = 500
N_HTTP = 60
N_FUZZ = 20_000
SLOW = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
        HealthCheck.data_too_large, HealthCheck.filter_too_much]


def many(n: int = N):
    return settings(max_examples=n, deadline=None, suppress_health_check=SLOW, database=None)


# ---------------------------------------------------------------------- strategies
ODD_TEXT = st.sampled_from([
    "", "NaN", "Infinity", "-Infinity", "1e309", "²", "١٢", "9" * 5000, "\ud800", "a\udfffb",
    "\x00", "-1", "0", "1.5", " 7 ", "+3", "10000000000000", "p3", "p1", "hand", "monster",
])
TEXT = st.one_of(st.text(max_size=30), ODD_TEXT)
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(-5, 5),
                    st.floats(allow_nan=True, allow_infinity=True), TEXT)
JSON_VALUES = st.recursive(
    SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                     st.dictionaries(TEXT, inner, max_size=4)), max_leaves=12)
DOS = st.one_of(st.sampled_from([
    "answer", "pass", "place", "move", "remove", "set_lp", "set_phase", "set_turn", "destroy",
    "activate", "next_phase", "summon", "attack", "draw", "lp", "banish", "send"]), TEXT,
    JSON_VALUES)
KEYS = st.sampled_from(["card", "zone", "player", "phase", "target", "effect", "cause",
                        "amount", "lp", "choice", "position", "face_up", "turn", "to", "from"])
ACTIONS = st.builds(lambda do, rest: {"do": do, **rest}, DOS,
                    st.dictionaries(st.one_of(KEYS, TEXT), JSON_VALUES, max_size=5))


def _deep(n: int) -> str:
    return "[" * n + "]" * n


ACTION_TEXTS = st.one_of(
    ACTIONS.map(lambda a: json.dumps(a, allow_nan=True)), st.text(max_size=60), ODD_TEXT,
    st.integers(1, 5000).map(_deep),
    st.sampled_from(['{"do": NaN}', '{"do": "set_lp", "amount": 1e309}',
                     '{"do": "set_lp", "player": "p1", "amount": Infinity}',
                     '{"do": "place", "card": "\\ud800", "zone": "hand"}',
                     '{"do": "answer", "choice": ' + _deep(3000) + "}",
                     '{"do": "set_lp", "player": "p1", "amount": ' + "9" * 400 + "}"]))

SETUP = {"turn_player": "p1", "p1": {"monster": ["Sangan"], "hand": ["Soul Taker"],
                                     "deck": ["Kuriboh"]},
         "p2": {"monster": ["Amazoness Swords Woman"], "field": ["Amazoness Village"]}}


# ---------------------------------------------------------------------- the engine's apply
_DUEL = Duel("yugioh", setup=SETUP)


@many()
@given(ACTIONS)
def test_any_action_is_applied_or_refused_with_the_duel_unchanged(action) -> None:
    duel = Duel.from_dict(_DUEL.to_dict())
    before, state = duel.to_dict(), duel.state.copy()
    try:
        duel.apply(action)
    except IllegalAction:
        assert duel.to_dict() == before
        assert duel.state == state


def test_malformed_actions_are_illegal_not_python_errors() -> None:
    duel = Duel("yugioh", setup=SETUP)
    for action in ({"do": "set_lp", "player": [], "amount": 1}, {"do": "set_lp", "amount": 1e309},
                   {"do": "place", "card": {"a": 1}, "zone": "hand"}, {"do": float("nan")},
                   {"do": "place", "card": "\ud800", "zone": "hand"}, {"do": "x", 1: 2},
                   {"do": "answer", "choice": [[[[[[[[]]]]]]]]}, "not a mapping", {}):
        with pytest.raises(IllegalAction):
            duel.apply(action)
    assert duel.actions == []


# ---------------------------------------------------------------------- parsing helpers
@many()
@given(st.one_of(st.text(max_size=20), ODD_TEXT, st.integers(), st.none(), st.floats()))
def test_numbers_are_ascii_digits_in_range_or_refused(text) -> None:
    try:
        value = limits.parse_int(text)
    except limits.LimitError as exc:
        assert exc.reason
    else:
        assert isinstance(value, int) and abs(value) <= limits.MAX_NUMBER
        assert not isinstance(text, str) or text.lstrip("+-").isascii()
    digits = limits.parse_digits(text)
    assert digits is None or (0 <= digits <= limits.MAX_NUMBER and text.isascii())


@many()
@given(ACTION_TEXTS)
def test_json_is_plain_bounded_data_or_refused(text) -> None:
    try:
        data = limits.load_json(text)
    except limits.LimitError as exc:
        assert exc.reason
    else:
        json.dumps(data, allow_nan=False).encode("utf-8")  # storable as it is


# ---------------------------------------------------------------------- the action endpoint
@pytest.fixture
def board(db) -> Board:
    return store.create_board(game="yugioh", setup=SETUP)


@pytest.fixture
def editor(board) -> Client:
    client = Client(HTTP_HOST="localhost")
    client.get(f"/b/{board.slug}/edit/{board.edit_key}/")
    return client


FORM_FIELDS = st.dictionaries(st.one_of(KEYS, st.sampled_from(["do", "version"])),
                              st.one_of(TEXT, st.lists(TEXT, max_size=3)), max_size=5)


@many(N_HTTP)
@given(st.one_of(ACTION_TEXTS.map(lambda t: {"action": t}), FORM_FIELDS))
def test_the_action_endpoint_answers_4xx_and_changes_nothing_on_refusal(board, editor,
                                                                       form) -> None:
    board.refresh_from_db()
    before = (board.version, board.data)
    form = {k: (v.replace("\x00", "") if isinstance(v, str) else v) for k, v in form.items()}
    form = {"version": board.version, **form}
    try:
        response = editor.post(f"/b/{board.slug}/act", form)
    except UnicodeEncodeError:  # the test client cannot send a lone surrogate; nor can a browser
        return
    assert response.status_code < 500
    board.refresh_from_db()
    if response.status_code >= 400:
        assert (board.version, board.data) == before
        assert response.content  # with the reason
    else:
        json.dumps(board.data, allow_nan=False).encode("utf-8")


@pytest.mark.parametrize("form", [
    {"action": '{"do": "set_lp", "player": "p1", "amount": NaN}'},
    {"action": '{"do": "set_lp", "player": "p1", "amount": 1e309}'},
    {"action": '{"do": "place", "card": "\\ud800", "zone": "hand", "player": "p1"}'},
    {"action": _deep(5000)},
    {"action": '{"do": "answer", "choice": {"x": [1, 2]}}'},
    {"do": "set_lp", "player": "p1", "lp": "²"},
    {"do": "set_lp", "player": "p1", "lp": "9" * 5000},
    {"do": "set_lp", "player": "p9", "lp": "100"},
    {"do": "place", "card": "Sangan", "zone": "nowhere", "player": "p1"},
    {"version": "²", "do": "next_phase"},
    {"version": "9" * 40, "do": "next_phase"},
])
def test_known_bad_actions_get_a_4xx_with_a_reason(board, editor, form) -> None:
    response = editor.post(f"/b/{board.slug}/act", {"version": 0, **form})
    assert 400 <= response.status_code < 500
    board.refresh_from_db()
    assert board.version == 0 and board.data["actions"] == []


@pytest.mark.parametrize("at", ["²", "1.²", "99999999999999999999", "1.99999999999999999",
                                "١", "live", "-1", ".", ""])
def test_presenting_odd_steps_is_never_a_500(board, editor, at) -> None:
    response = editor.post(f"/b/{board.slug}/present", {"at": at})
    assert response.status_code < 500


@pytest.mark.parametrize("query", ["at=²", "at=99999999999999999999", "at=١", "frame=²",
                                   "at=1&frame=99999999999999999999"])
def test_odd_query_numbers_are_never_a_500(board, query) -> None:
    client = Client(HTTP_HOST="localhost")
    link = encode(store.duel_of(board))
    for url in (f"/s/{link}/?{query}", f"/embed/{board.slug}/?{query}",
                f"/b/{board.slug}/chain.svg?{query}",
                f"/b/{board.slug}/follow/?lesson=x&chapter=²"):
        assert client.get(url).status_code < 500


# ---------------------------------------------------------------------- the snapshot decoder
def _link(data: dict, raw: bytes | None = None) -> str:
    if raw is None:
        raw = json.dumps(data, allow_nan=True).encode("utf-8", "surrogatepass")
    return "1" + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


LINK_DATA = st.one_of(
    JSON_VALUES,
    st.fixed_dictionaries({"game": st.sampled_from(["yugioh", "duel_masters", "chess"])},
                          optional={"setup": JSON_VALUES, "actions": st.lists(ACTIONS, max_size=4),
                                    "title": TEXT, "at": SCALARS, "settings": JSON_VALUES,
                                    "cards": st.lists(JSON_VALUES, max_size=2)}))
LINKS = st.one_of(st.text(max_size=80), st.just(""), st.text(alphabet="1abcXYZ-_=", max_size=60),
                  LINK_DATA.map(_link))


@many()
@given(LINKS)
def test_any_link_opens_or_is_refused_with_a_reason(link) -> None:
    try:
        duel, data = open_link(link)
    except LinkError as exc:
        assert str(exc)
    else:
        json.dumps(data, allow_nan=False).encode("utf-8")


def _count_duels(monkeypatch) -> list[int]:
    """Count the duels built and the actions applied (the work of replaying a link)."""
    built, applied = [0], [0]
    init, apply = Duel.__init__, Duel.apply

    def counting_init(self, *args, **kwargs):
        built[0] += 1
        init(self, *args, **kwargs)

    def counting_apply(self, action):
        applied[0] += 1
        apply(self, action)

    monkeypatch.setattr(Duel, "__init__", counting_init)
    monkeypatch.setattr(Duel, "apply", counting_apply)
    return [built, applied]


def _count_inflated(monkeypatch) -> list[int]:
    inflated = [0]
    real = zlib.decompressobj

    class Counting:
        def __init__(self):
            self.inner = real()

        def decompress(self, data, max_length=0):
            out = self.inner.decompress(data, max_length)
            inflated[0] += len(out)
            return out

        def __getattr__(self, name):
            return getattr(self.inner, name)

    monkeypatch.setattr(links_module.zlib, "decompressobj", Counting)
    return inflated


def test_a_link_built_to_be_expensive_is_refused_before_replay(monkeypatch) -> None:
    """The probe's link: 4,000 cards and 2,000 actions in under 500 characters."""
    data = {"game": "yugioh", "setup": {"turn_player": "p1", "p1": {"deck": ["Kuriboh"] * 4000}},
            "actions": [{"do": "next_phase"}] * 2000}
    link = _link(data)
    assert len(link) < 600
    (built, applied), inflated = _count_duels(monkeypatch), _count_inflated(monkeypatch)
    with pytest.raises(LinkError, match="MAX_CARDS"):
        open_link(link)
    assert built[0] == 0 and applied[0] == 0
    assert inflated[0] <= links_module.MAX_DATA + 1
    # each limit on its own, and their product
    for setup, n, limit in ((limits.MAX_CARDS, 1, "MAX_CARDS"),
                            (10, limits.MAX_ACTIONS + 1, "MAX_ACTIONS"),
                            (200, 400, "MAX_WORK")):
        data = {"game": "yugioh", "setup": {"p1": {"deck": ["Kuriboh"] * (setup + (
            limit == "MAX_CARDS"))}}, "actions": [{"do": "next_phase"}] * n}
        with pytest.raises(LinkError, match=limit):
            open_link(_link(data))
    assert built[0] == 0 and applied[0] == 0


def test_a_compression_bomb_stops_at_the_cap(monkeypatch) -> None:
    inflated = _count_inflated(monkeypatch)
    link = _link({}, raw=b'{"game": "yugioh", "title": "' + b"a" * 10_000_000 + b'"}')
    assert len(link) < links_module.MAX_LINK
    with pytest.raises(LinkError, match="too much data"):
        decode(link)
    assert inflated[0] <= links_module.MAX_DATA + 1


@pytest.mark.parametrize("raw", [
    b'{"game": "yugioh", "title": NaN}', b'{"game": "yugioh", "at": Infinity}',
    b'{"game": "yugioh", "at": 1e309}', b'{"game": "yugioh", "title": "\\ud800"}',
    b'{"game": "yugioh", "setup": {"p1": {"hand": ["\\udfff"]}}}',
    b'{"game": "yugioh", "setup": ' + _deep(100_000).encode() + b"}",
    b'{"game": "yugioh", "title": "' + b"x" * 1000 + b'"}',
    b'{"game": "yugioh", "actions": [{"do": "set_lp", "player": "p1", "amount": NaN}]}',
])
def test_links_with_odd_values_are_refused_and_copies_never_fail(db, raw) -> None:
    link = _link({}, raw=raw)
    with pytest.raises(LinkError):
        open_link(link)
    client = Client(HTTP_HOST="localhost")
    assert client.get(f"/s/{link}/").status_code == 400
    assert client.post(f"/s/{link}/copy").status_code == 400
    assert Board.objects.count() == 0


@many(N_HTTP)
@given(LINKS)
def test_the_snapshot_pages_never_answer_500(db, link) -> None:
    link = link.replace("/", "_").replace("?", "").replace("#", "") or "x"
    client = Client(HTTP_HOST="localhost")
    count = Board.objects.count()
    try:
        page = client.get(f"/s/{link}/")
        copy = client.post(f"/s/{link}/copy")
    except UnicodeEncodeError:
        return
    assert page.status_code < 500 and copy.status_code < 500
    if copy.status_code >= 400:
        assert Board.objects.count() == count


# ---------------------------------------------------------------------- the YAML importer
SCENARIO = yaml.safe_dump({"game": "yugioh", "title": "T", "setup": SETUP,
                           "steps": [{"do": "activate", "card": "Soul Taker"}], "expect": {}})
YAML_TEXTS = st.one_of(
    st.text(max_size=120), ODD_TEXT,
    st.builds(lambda d: yaml.safe_dump(d, allow_unicode=True),
              st.fixed_dictionaries({"game": st.sampled_from(["yugioh", "duel_masters", "go"]),
                                     "title": TEXT, "setup": JSON_VALUES,
                                     "steps": st.lists(ACTIONS, max_size=3),
                                     "expect": JSON_VALUES},
                                    optional={"cards": st.lists(JSON_VALUES, max_size=2)})
              .map(lambda d: _no_surrogates(d))),
    st.sampled_from([SCENARIO, SCENARIO.replace("Soul Taker", "&a [x, *a]"),
                     "a: &a [1]\nb: &b [*a, *a]\nc: [*b, *b]\n", "x: " + "[" * 5000,
                     "x: .inf\n", "x: !!python/object/apply:os.system ['true']\n",
                     "title: \"\\ud800\"\n", "d: 2001-13-45\n", "? [a]\n: b\n", "1: 2\n"]))


def _no_surrogates(value):
    text = json.dumps(value, ensure_ascii=False)
    return json.loads(text.encode("utf-8", "replace").decode("utf-8"))


@many()
@given(YAML_TEXTS)
def test_any_yaml_file_is_read_or_refused_with_a_reason(text) -> None:
    try:
        parse_scenario(load_yaml_with_lines(text, "up.yaml"), "up.yaml")
    except EngineError as exc:
        assert str(exc)


def test_an_alias_bomb_is_refused_before_expansion(monkeypatch) -> None:
    """The probe's upload: nested aliases of a few hundred bytes that expand to 92 MB."""
    bomb = "a: &a [x,x,x,x,x,x,x,x,x]\n" + "".join(
        f"{c}: &{c} [*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p}]\n"
        for p, c in zip("abcdefgh", "bcdefghi", strict=True))
    assert len(bomb) < 600
    composed = [0]
    from engine import cards

    real = cards._LineLoader.compose_node

    def counting(self, parent, index):
        composed[0] += 1
        return real(self, parent, index)

    monkeypatch.setattr(cards._LineLoader, "compose_node", counting)
    with pytest.raises(EngineError, match="aliases"):
        load_yaml_with_lines(bomb, "bomb.yaml")
    assert composed[0] < 50  # stopped at the first alias, nothing expanded


def test_a_scenario_built_to_be_expensive_is_refused_before_it_runs(db, monkeypatch) -> None:
    text = yaml.safe_dump({"game": "yugioh", "title": "T",
                           "setup": {"p1": {"deck": ["Kuriboh"] * 4000}},
                           "steps": [{"do": "next_phase"} for _ in range(2000)],
                           "expect": {}})
    built, applied = _count_duels(monkeypatch)
    client = Client(HTTP_HOST="localhost")
    response = client.post("/boards/import", {"file": SimpleUploadedFile("x.yaml", text.encode())})
    # its 2,000 steps are counted on its text, before it is parsed (then its cards would be)
    assert response.status_code == 400 and b"MAX_ACTIONS" in response.content
    assert built[0] == 0 and applied[0] == 0 and Board.objects.count() == 0


@many(N_HTTP)
@given(st.one_of(YAML_TEXTS.map(lambda t: t.encode("utf-8", "surrogatepass")),
                 st.binary(max_size=200)))
def test_the_import_endpoint_never_answers_500(db, body) -> None:
    client = Client(HTTP_HOST="localhost")
    count = Board.objects.count()
    response = client.post("/boards/import", {"file": SimpleUploadedFile("f.yaml", body)})
    assert response.status_code < 500
    if response.status_code >= 400:
        assert Board.objects.count() == count
    else:
        for saved in Board.objects.all():
            json.dumps(saved.data, allow_nan=False).encode("utf-8")
            saved.title.encode("utf-8")


# ---------------------------------------------------------------------- the websocket consumer
ORIGIN = [(b"origin", b"http://localhost")]
WS_PATHS = st.one_of(
    st.text(alphabet=st.characters(min_codepoint=33, max_codepoint=0x2FF,
                                   blacklist_characters="?#%"), max_size=40).map(lambda p: "/" + p),
    st.sampled_from(["/", "/ws/", "/ws/b/", "/ws/b//", "/ws/b/x/y/", "/ws/b/" + "a" * 5000 + "/",
                     "/ws/b/nope/follow/", "/ws/b/%00/", "/ws/b/../"]))
FRAMES = st.lists(st.one_of(st.text(min_size=1, max_size=50), st.binary(min_size=1, max_size=50)),
                  max_size=3)


async def _exercise(path: str, frames: list) -> None:
    ws = WebsocketCommunicator(application(), path, headers=ORIGIN)
    connected, _code = await ws.connect()
    if connected:
        for frame in frames:
            if isinstance(frame, bytes):
                await ws.send_to(bytes_data=frame)
            else:
                await ws.send_to(text_data=frame)
        await ws.disconnect()


def application():
    from simulator.asgi import application as app

    return app


@many()
@given(WS_PATHS.filter(lambda p: not p.startswith("/ws/b/")), FRAMES)
def test_unrouted_websocket_paths_are_closed_without_error(path, frames) -> None:
    async_to_sync(_exercise)(path, frames)  # raises if the handshake failed with an error


@pytest.mark.django_db(transaction=True)
@many(N_HTTP)
@given(WS_PATHS, FRAMES)
def test_websocket_paths_and_frames_never_fail_or_change_a_board(path, frames) -> None:
    board = Board.objects.first() or store.create_board(game="yugioh", setup=SETUP)
    before = (board.version, board.data)
    async_to_sync(_exercise)(path.replace("{slug}", board.slug), frames)
    async_to_sync(_exercise)(f"/ws/b/{board.slug}/", frames)
    board.refresh_from_db()
    assert (board.version, board.data) == before


# ---------------------------------------------------------------------- bigger runs
@pytest.mark.fuzz
@many(N_FUZZ)
@given(ACTIONS)
def test_fuzz_actions(action) -> None:
    test_any_action_is_applied_or_refused_with_the_duel_unchanged.hypothesis.inner_test(action)


@pytest.mark.fuzz
@many(N_FUZZ)
@given(LINKS)
def test_fuzz_links(link) -> None:
    test_any_link_opens_or_is_refused_with_a_reason.hypothesis.inner_test(link)


@pytest.mark.fuzz
@many(N_FUZZ)
@given(YAML_TEXTS)
def test_fuzz_yaml(text) -> None:
    test_any_yaml_file_is_read_or_refused_with_a_reason.hypothesis.inner_test(text)


@pytest.mark.fuzz
@many(N_FUZZ)
@given(WS_PATHS.filter(lambda p: not p.startswith("/ws/b/")), FRAMES)
def test_fuzz_websocket_paths(path, frames) -> None:
    async_to_sync(_exercise)(path, frames)
