"""docs/cards.md documents the whole card vocabulary, and only what built-in cards use.

Every effect key (engine/vocabulary.py), every operation (engine/operations.py OPERATIONS),
every event type the engine emits, every event pattern key, selector and cause appears in
docs/cards.md; every effect key and operation documented there is used by some built-in card
(engine/data/cards/**). The tables of "Every key, mapping by mapping" in docs/cards.md and
docs/scenarios.md list exactly the keys each mapping of engine/vocabulary.py honours."""

from __future__ import annotations

import inspect
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine import operations
from engine import vocabulary as vocab
from engine.cards import DATA_DIR
from engine.events import EVENT_TYPES, event_matches
from engine.operations import OPERATIONS

ROOT = Path(__file__).parents[2]
DOC = (ROOT / "docs" / "cards.md").read_text(encoding="utf-8")
#: the effect keys a card file may use (a saved card may hold more: engine/cards.py EFFECT_KEYS)
EFFECT_KEYS = set(vocab.TABLES["effect"].keys)
ENGINE = ROOT / "engine"
#: the plain move every other move event is built from; it is never emitted itself
BASE_EVENT = "moved"


def _table(heading: str) -> set[str]:
    """The names in the first column of the table under a ``## heading`` of docs/cards.md."""
    section = DOC.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    names: set[str] = set()
    for line in section.splitlines():
        if line.startswith("| `"):
            names |= set(re.findall(r"`([a-z_]+)`", line.split("|")[1]))
    return names


def _builtin_effects() -> list[dict[str, Any]]:
    files = sorted(DATA_DIR.glob("cards/*.yaml")) + sorted(DATA_DIR.glob("cards/*/*.yaml"))
    return [effect for f in files for card in yaml.safe_load(f.read_text(encoding="utf-8")) or []
            for effect in card.get("effects") or []]


def _ops_in(value: Any) -> set[str]:
    if isinstance(value, dict):
        found = {value["op"]} if isinstance(value.get("op"), str) else set()
        return found.union(*(_ops_in(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_ops_in(v) for v in value))
    return set()


def _documented(word: str) -> bool:
    return f"`{word}`" in DOC


def _source() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(ENGINE.rglob("*.py")))


@pytest.mark.parametrize("key", sorted(EFFECT_KEYS))
def test_every_effect_key_is_documented(key: str) -> None:
    assert key in _table("Effects"), f"docs/cards.md: add {key!r} to the Effects table"


@pytest.mark.parametrize("name", sorted(OPERATIONS))
def test_every_operation_is_documented(name: str) -> None:
    assert name in _table("Operations"), f"docs/cards.md: add {name!r} to the Operations table"


def test_only_real_effect_keys_and_operations_are_documented() -> None:
    assert _table("Effects") <= set(EFFECT_KEYS), "a documented effect key does not exist"
    assert _table("Operations") <= set(OPERATIONS), "a documented operation does not exist"


def test_every_documented_effect_key_is_used_by_a_built_in_card() -> None:
    used = set().union(*(set(effect) for effect in _builtin_effects()))
    assert sorted(_table("Effects") - used) == []


def test_every_documented_operation_is_used_by_a_built_in_card() -> None:
    used = _ops_in(_builtin_effects())
    assert sorted(_table("Operations") - used) == []


def test_every_event_type_the_engine_emits_is_documented() -> None:
    emitted = set(re.findall(r'make_event\(\s*"([a-z_]+)"', _source()))
    emitted |= set(re.findall(r'\*\*base, "type": "([a-z_]+)"', _source()))
    assert emitted - {BASE_EVENT} <= EVENT_TYPES, "add the new event type to EVENT_TYPES"
    assert sorted(t for t in EVENT_TYPES if not _documented(t)) == []


def test_every_event_pattern_key_is_documented() -> None:
    source = inspect.getsource(event_matches)
    keys = set(re.findall(r'pattern(?:\.get\(|\[)"([a-z_]+)"', source))
    keys |= set(re.findall(r'"([a-z_]+)" in pattern', source))
    for group in re.findall(r"for key in \(([^)]*)\)", source):
        keys |= set(re.findall(r'"([a-z_]+)"', group))
    assert {"type", "cause", "by_filter"} <= keys
    keys.discard("step")  # read, but no event carries it: not in the vocabulary (below)
    assert sorted(k for k in keys if not _documented(k)) == []


def test_every_selector_is_documented() -> None:
    source = inspect.getsource(operations._select)
    selectors = set(re.findall(r'"([a-z_]+)" in spec', source))
    selectors |= set(re.findall(r'ref == "([a-z_]+)"', source))
    assert {"all", "top", "random", "choose", "self", "event_card", "attacker"} <= selectors
    missing = [s for s in selectors if f"`{s}:" not in DOC and f"`card: {s}`" not in DOC]
    assert missing == []


def test_every_cause_is_documented() -> None:
    source = _source()
    causes = set(re.findall(r'cause="([a-z_]+)"', source))
    causes |= set(re.findall(r'_lp_op\([+-]1, "([a-z_]+)"\)', source))
    assert {"effect", "cost", "battle", "rule"} <= causes
    section = DOC.split("### Causes", 1)[1]
    assert sorted(c for c in causes if f"`{c}`" not in section) == []


def test_the_top_of_the_deck_is_documented() -> None:
    assert "### The top of the deck" in DOC
    assert "the top card is the last of its zone list" in DOC


# ---------------------------------------------------------------- every key, mapping by mapping
MARKER = re.compile(r"<!-- vocabulary: ([a-z_ ]+) -->\n+((?:\|.*\n)+)")


def _marked(path: str) -> dict[str, list[list[str]]]:
    """The tables of a doc that follow a ``<!-- vocabulary: NAME -->`` marker, as rows of
    cells (the header and its rule left out)."""
    text = (ROOT / path).read_text(encoding="utf-8")
    tables = {}
    for name, body in MARKER.findall(text):
        rows = [[c.strip() for c in line.strip().strip("|").split("|")]
                for line in body.strip().splitlines()[2:]]
        assert name not in tables, f"{path}: two tables are marked {name!r}"
        tables[name] = rows
    return tables


def _names(cell: str) -> set[str]:
    return set(re.findall(r"`([a-z_0-9]+)`", cell))


DOCS = {path: _marked(path) for path in (vocab.CARDS_MD, vocab.SCENARIOS_MD)}


@pytest.mark.parametrize("name", sorted(vocab.TABLES))
def test_the_docs_list_exactly_what_each_mapping_honours(name: str) -> None:
    table = vocab.TABLES[name]
    rows = DOCS[table.doc].get(name)
    assert rows is not None, (f"{table.doc}: add the table of {name} after "
                              f"<!-- vocabulary: {name} -->:\n{vocab.markdown(name)}")
    documented = set().union(*(_names(row[0]) for row in rows))
    assert documented == set(vocab.doc_keys(name)), (
        f"{table.doc}, {name}: the table lists {sorted(documented)}; the engine honours "
        f"{sorted(vocab.doc_keys(name))}")


@pytest.mark.parametrize("name", sorted(vocab.TABLES))
def test_the_docs_say_which_game_honours_a_key(name: str) -> None:
    table = vocab.TABLES[name]
    for row in DOCS[table.doc].get(name, []):
        for key_name in _names(row[0]):
            key = vocab.doc_keys(name).get(key_name)
            if key is not None and key.games != vocab.GAMES:
                game = vocab.GAME_NAMES[key.games[0]]
                assert game in " ".join(row), f"{name}.{key_name}: say it is {game}'s alone"


def _keys_by_name(rows: list[list[str]]) -> dict[str, set[str]]:
    out = {}
    for row in rows:
        keys = _names(row[1])
        if "a selector" in row[1]:
            keys |= set(vocab.SELECTORS)
        for name in _names(row[0]):
            out[name] = keys
    return out


def test_the_docs_list_each_operations_own_keys() -> None:
    rows = DOCS[vocab.CARDS_MD]["operations"]
    assert _keys_by_name(rows) == {op: set(keys) for op, keys in vocab.OP_KEYS.items()}, (
        vocab.markdown_keys(vocab.OP_KEYS, "op"))


@pytest.mark.parametrize("game", vocab.GAMES)
def test_the_docs_list_each_actions_own_keys(game: str) -> None:
    rows = DOCS[vocab.SCENARIOS_MD][f"actions {game}"]
    assert _keys_by_name(rows) == {do: set(keys) for do, keys in vocab.ACTIONS[game].items()}, (
        vocab.markdown_keys(vocab.ACTIONS[game], "do"))


def test_the_event_pattern_keys_the_engine_reads_are_the_vocabularys() -> None:
    """``step`` is read by event_matches but no event carries a step: a pattern naming one
    never matched, so a file may not use it (a saved card keeps it, and still never matches)."""
    source = inspect.getsource(event_matches)
    keys = set(re.findall(r'pattern(?:\.get\(|\[)"([a-z_]+)"', source))
    keys |= set(re.findall(r'"([a-z_]+)" in pattern', source))
    for group in re.findall(r"for key in \(([^)]*)\)", source):
        keys |= set(re.findall(r'"([a-z_]+)"', group))
    assert keys - {"step"} == set(vocab.TABLES["event"].keys)
