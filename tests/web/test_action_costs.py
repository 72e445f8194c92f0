"""What keeps an action cheap, each doing what it did before: the embedded database keeps its
write-ahead log between requests, card label translations are worked out once per library,
built-in scenarios are found through an index, timeline addresses come from one reverse."""

from __future__ import annotations

import dataclasses
import sqlite3
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.urls import reverse

from engine.cards import builtin_library
from simulator import gallery, sqlite
from simulator.rendering import step_url


def _connection(name: str, vendor: str = "sqlite") -> SimpleNamespace:
    return SimpleNamespace(vendor=vendor, settings_dict={"NAME": name})


def test_a_request_closing_its_connection_leaves_the_write_ahead_log(tmp_path: Path,
                                                                    monkeypatch) -> None:
    monkeypatch.setattr(sqlite, "_KEPT", {})
    db = tmp_path / "db.sqlite3"
    first = sqlite3.connect(db)
    first.execute("PRAGMA journal_mode=WAL")
    sqlite.keep_open(None, _connection(str(db)))
    first.execute("CREATE TABLE t (x)")
    first.execute("INSERT INTO t VALUES (1)")
    first.commit()
    first.close()  # not the last connection: no checkpoint, the log stays
    assert (tmp_path / "db.sqlite3-wal").exists()
    reader = sqlite3.connect(db)
    assert reader.execute("SELECT x FROM t").fetchall() == [(1,)]
    reader.close()
    sqlite.keep_open(None, _connection(str(db)))  # once per file
    assert list(sqlite._KEPT) == [str(db)]
    sqlite._KEPT[str(db)].close()


@pytest.mark.parametrize("name", [":memory:", "file:memorydb_default?mode=memory&cache=shared",
                                  ""])
def test_no_idle_connection_for_a_database_in_memory(name: str, monkeypatch) -> None:
    monkeypatch.setattr(sqlite, "_KEPT", {})
    sqlite.keep_open(None, _connection(name))
    sqlite.keep_open(None, _connection("/nowhere/db", vendor="postgresql"))
    assert sqlite._KEPT == {}


def test_label_translations_follow_the_cards_added() -> None:
    library = builtin_library().copy()
    before = library.translations("ja")
    assert library.translations("ja") is before  # worked out once
    model = next(c for c in library if c.effects)
    effect = dataclasses.replace(model.effects[0], label="Label test",
                                 labels={"en": "Label test", "ja": "ラベルテスト"})
    library.add(dataclasses.replace(model, id="label_test", effects=(effect,)))
    assert library.translations("ja")["Label test"] == "ラベルテスト"
    assert "Label test" not in before


def test_built_in_scenarios_are_found_by_game_and_slug() -> None:
    for entry in gallery.scenario_index():
        assert gallery.find(entry["game"], entry["slug"])["slug"] == entry["slug"]
    assert gallery.find("yugioh", "no-such-scenario") is None


def test_step_addresses_are_those_reverse_gives() -> None:
    for name in ("board_at", "board_frames"):
        url = step_url(name, "a1987654321b")
        for k in (0, 7, 987654321, 1234):
            assert url(k) == reverse(name, args=["a1987654321b", k])
