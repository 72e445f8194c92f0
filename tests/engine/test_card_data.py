"""Cards are data: validation errors name the file, line, card and field; no card in code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.cards import builtin_library, load_card_file, parse_card
from engine.errors import CardDataError, ScenarioError
from engine.scenario import load_scenario

ENGINE = Path(__file__).resolve().parents[2] / "engine"


@pytest.mark.rule("YGO-KIND")
def test_library_loads_with_both_names() -> None:
    library = builtin_library()
    ygo = [c for c in library if c.game == "yugioh"]
    assert len(ygo) >= 30
    for card in ygo:
        assert card.name["en"] and card.name.get("ja"), card.id
        for effect in card.effects:
            if effect.kind == "trigger":
                assert effect.event or effect.phase
    trap_triggers = [e for c in ygo if c.type == "trap" for e in c.effects if e.kind == "trigger"]
    assert trap_triggers and all(e.speed == 2 for e in trap_triggers)


def test_no_card_name_or_id_in_engine_code() -> None:
    code = "\n".join(p.read_text(encoding="utf-8") for p in ENGINE.rglob("*.py"))
    owner: dict[str, str] = {}  # each card's id and names (of 4 characters or more) -> its id
    for card in builtin_library():
        for needle in {card.id} | {n for n in card.name.values() if len(n) > 3}:
            owner.setdefault(needle, card.id)
    # one pass over the code for every needle, the longest first
    every = "|".join(re.escape(n) for n in sorted(owner, key=len, reverse=True))
    found = {m.group(0) for m in re.finditer(rf"(?<![\w-])(?:{every})(?![\w-])", code)}
    assert sorted(f"{owner[n]}: {n}" for n in found) == []


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "cards.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_unknown_operation_names_file_line_card_and_field(tmp_path: Path) -> None:
    path = _write(tmp_path, """
- id: good
  game: yugioh
  name: {en: Good}
  type: monster
- id: broken
  game: yugioh
  name: {en: Broken}
  type: monster
  effects:
    - kind: trigger
      event: {type: destroyed, card: self}
      operations:
        - {op: explode}
""")
    with pytest.raises(CardDataError) as err:
        load_card_file(path)
    e = err.value
    assert e.file == str(path) and e.card == "broken" and e.line == 14  # the operation's
    assert e.field == "effects[0].operations[0].op"
    assert "unknown operation 'explode'" in str(e)


@pytest.mark.parametrize(("snippet", "field"), [
    ("  type: wizard\n", "type"),
    ("  type: monster\n  level: high\n", "level"),
    ("  type: monster\n  colour: red\n", "colour"),
    ("  type: monster\n  effects:\n    - kind: sorcery\n", "effects[0].kind"),
    ("  type: monster\n  effects:\n    - kind: trigger\n", "effects[0].event"),
    ("  type: monster\n  effects:\n    - kind: trigger\n      wording: whenever\n"
     "      event: {type: drawn}\n", "effects[0].wording"),
])
def test_broken_fields_are_named(tmp_path: Path, snippet: str, field: str) -> None:
    path = _write(tmp_path, "- id: x\n  game: yugioh\n  name: {en: X}\n" + snippet)
    with pytest.raises(CardDataError) as err:
        load_card_file(path)
    assert err.value.field == field
    assert err.value.card == "x" and err.value.line is not None


def test_yaml_syntax_error_names_the_line(tmp_path: Path) -> None:
    path = _write(tmp_path, "- id: x\n  name: {en: X\n  type: monster\n")
    with pytest.raises(CardDataError) as err:
        load_card_file(path)
    assert err.value.file == str(path) and err.value.line is not None


def test_card_without_id() -> None:
    with pytest.raises(CardDataError) as err:
        parse_card({"name": "x"}, file="f.yaml", game_hint="yugioh")
    assert err.value.field == "id"


def test_broken_scenario_names_the_step(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("""game: yugioh
title: t
setup:
  turn_player: p1
  p1: {hand: [Sangan]}
steps:
  - {do: normal_summon, card: Sangan}
  - {do: normal_summon, card: Sangan}
expect: {}
""", encoding="utf-8")
    from engine.scenario import run_scenario

    with pytest.raises(ScenarioError) as err:
        run_scenario(load_scenario(path))
    assert err.value.step == 2 and err.value.line == 8 and err.value.field == "do"
    assert "is not a monster in a hand" in str(err.value)


def test_scenario_with_unknown_key_and_unknown_card(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("game: yugioh\ntitle: t\nsetup: {}\nsteps: []\nexpect: {}\nwhen: now\n",
                    encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        load_scenario(path)
    assert err.value.field == "when" and err.value.line == 6
    path.write_text("game: yugioh\ntitle: t\nsetup: {p1: {hand: [No Such Card]}}\nsteps: []\n"
                    "expect: {}\n", encoding="utf-8")
    from engine.scenario import run_scenario

    with pytest.raises(ScenarioError) as err:
        run_scenario(load_scenario(path))
    assert err.value.field == "setup" and "No Such Card" in str(err.value)
