"""The engine knows no card by name: renaming every card gives the same result."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from engine.cards import Library, builtin_card_files, load_yaml_with_lines, parse_cards
from engine.scenario import builtin_scenarios, check_scenario, parse_scenario, run_scenario


@cache
def _renamer(game: str):
    """A renaming of every built-in card of ``game`` and the library renamed (made once)."""
    text = "\n".join(f.read_text(encoding="utf-8") for f in builtin_card_files(game))
    raw = load_yaml_with_lines(text, "cards", from_disk=True)
    names: dict[str, str] = {}
    ids: dict[str, str] = {}
    for n, card in enumerate(raw, 1):
        ids[card["id"]] = f"card_{n:03d}"
        for lang, name in card["name"].items():
            if lang != "__line__" and lang != "__lines__":
                names[name] = f"Renamed {n:03d}{lang}"
    by_length = sorted(names, key=len, reverse=True)
    name_re = re.compile("|".join(re.escape(n) for n in by_length))
    id_re = re.compile(r"\b(" + "|".join(re.escape(i) for i in ids) + r")\b")

    def rename(s: str) -> str:
        s = name_re.sub(lambda m: names[m.group(0)], s)
        return id_re.sub(lambda m: ids[m.group(0)], s)

    library = Library(parse_cards(load_yaml_with_lines(rename(text), "renamed", from_disk=True),
                                  file="renamed", game_hint=game))
    return rename, library


@pytest.mark.parametrize("path", builtin_scenarios("yugioh"), ids=lambda p: p.stem)
@pytest.mark.rule("YGO-KIND")
def test_renamed_cards_give_the_same_result(path: Path, monkeypatch) -> None:
    rename, library = _renamer("yugioh")
    text = path.read_text(encoding="utf-8")
    original = run_scenario(parse_scenario(
        load_yaml_with_lines(text, str(path), from_disk=True), str(path)))
    renamed_scn = parse_scenario(
        load_yaml_with_lines(rename(text), "renamed", from_disk=True), "renamed")

    def renamed_library(self):  # the renamed built-in cards, plus the scenario's own cards
        copy = library.copy()
        for card in self.cards:
            copy.add(card, replace=True)
        return copy

    monkeypatch.setattr(type(renamed_scn), "library", renamed_library)
    renamed = run_scenario(renamed_scn)
    assert check_scenario(renamed_scn, renamed) == []

    def shape(duel):
        return [(e["key"], tuple(e["rules"])) for e in duel.state.log]

    assert shape(renamed.duel) == shape(original.duel)
    assert renamed.duel.state.lp == original.duel.state.lp
    assert len(renamed.duel.state.log) == len(original.duel.state.log)
