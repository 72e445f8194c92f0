"""Does a key of the vocabulary change anything? Take it out of a built-in (or test) card or
scenario and play the scenarios that use it again.

A *fingerprint* of a scenario is what a reader can see come out of it: the transcript (the
log, in English), the differences its ``expect`` block finds, and the board's outcome
(engine.versions.outcome). A key changes something when some place that uses it, once the key
is taken out (or, for what ``expect`` checks, once its value is changed), gives another
fingerprint, or is refused or breaks: the engine reads it. A key no place changes is one the
engine does not honour there (or one no scenario plays).

The test scenarios of ``tests/engine/vocabulary/`` play the keys no built-in scenario plays;
they are checked like the built-in ones.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from engine import vocabulary as vocab
from engine.cards import (
    builtin_card_files,
    load_yaml_with_lines,
    parse_card,
    strip_lines,
)
from engine.errors import EngineError
from engine.games import known
from engine.scenario import (
    Scenario,
    builtin_scenarios,
    check_scenario,
    parse_scenario,
    run_scenario,
)
from engine.versions import outcome

TEST_SCENARIOS = Path(__file__).parent / "vocabulary"


@cache
def scenario_files() -> tuple[Path, ...]:
    return (*builtin_scenarios(), *sorted(TEST_SCENARIOS.glob("*.yaml")))


@cache
def raw_scenario(path: Path) -> dict[str, Any]:
    return load_yaml_with_lines(path.read_text(encoding="utf-8"), str(path), from_disk=True)


@cache
def scenario(path: Path) -> Scenario:
    return parse_scenario(raw_scenario(path), str(path))


def fingerprint(scn: Scenario) -> tuple[Any, ...]:
    """What comes out of a scenario: transcript, expect's differences, outcome (or the
    error that stopped it)."""
    try:
        result = run_scenario(scn)
        return (tuple(result.duel.transcript()), tuple(check_scenario(scn, result)),
                repr(outcome(result.duel)))
    except (EngineError, KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        return ("error", type(exc).__name__, str(exc))


@cache
def baseline(path: Path) -> tuple[Any, ...]:
    return fingerprint(scenario(path))


# ---------------------------------------------------------------- where each key is used
@dataclasses.dataclass(frozen=True)
class Use:
    """One place a key is used: in a built-in card (``card`` its id, ``file`` its file) or in
    a scenario file (``card`` None, or the id of one of its inline cards)."""

    table: str
    key: str
    path: str  # the mapping's path from the card's (or the scenario's) top
    file: Path
    card: str | None
    game: str
    op: str | None = None  # the operation, for an operation's own keys


@cache
def builtin_raw_cards() -> dict[str, tuple[Path, str, dict[str, Any]]]:
    """Every built-in card as written: id -> (file, game, raw mapping with its lines)."""
    out = {}
    for path in builtin_card_files():
        game = path.stem if known(path.stem) else path.parent.name
        text = path.read_text(encoding="utf-8")
        for raw in load_yaml_with_lines(text, str(path), from_disk=True) or []:
            out[raw["id"]] = (path, game, raw)
    return out


def _uses(mappings, file: Path, card: str | None, game: str, prefix: str = "") -> Iterator[Use]:
    for table, at, mapping in mappings:
        op = mapping.get("op") if table == "operation" else None
        for key in mapping:
            if str(key).startswith("__") or (table == "side" and key != "lp"):
                continue  # a side's other keys are its zones (docs/scenarios.md, Set-up)
            yield Use(table, key, prefix + at.path, file, card, game, op)


@cache
def uses() -> tuple[Use, ...]:
    """Every use of every key in the built-in cards and in every scenario file."""
    found: list[Use] = []
    for card_id, (path, game, raw) in builtin_raw_cards().items():
        found += _uses(vocab.card_mappings(raw, game), path, card_id, game)
    for path in scenario_files():
        raw = raw_scenario(path)
        for table, at, mapping in vocab.scenario_mappings(raw):
            found += _uses([(table, at, mapping)], path, None, at.game)
    return tuple(found)


# ---------------------------------------------------------------- taking a key out
def _navigate(data: Any, path: str) -> Any:
    """The value at ``path`` (``effects[0].apply``) of ``data``; a mapping read as a list of
    one is its own ``[0]``."""
    for part in _parts(path):
        if isinstance(part, int):
            data = data if isinstance(data, dict) else data[part]
        else:
            data = data[part]
    return data


def _parts(path: str) -> list[str | int]:
    parts: list[str | int] = []
    for piece in path.replace("]", "").replace("[", ".[").split("."):
        if not piece:
            continue
        parts.append(int(piece[1:]) if piece.startswith("[") else piece)
    return parts


REMOVED = object()


def alternatives(value: Any, spec: vocab.Value, game: str) -> list[Any]:
    """Other values a key could take (valid ones, as far as the value's own kind says)."""
    if isinstance(spec, (vocab.InPlace, vocab.Described)):
        return alternatives(value, spec.value, game)
    if isinstance(spec, vocab.Either):
        return [alt for option in spec.values for alt in alternatives(value, option, game)]
    if isinstance(spec, vocab.Bool):
        return [not value] if isinstance(value, bool) else []
    if isinstance(spec, vocab.Int):
        if isinstance(value, bool) or not isinstance(value, int):
            return []
        out = [value + 1, value - 1, 0, 1, 2, value * 2, value + 1000, spec.lo, spec.hi]
        return [v for v in dict.fromkeys(out) if v is not None and v != value
                and (spec.lo is None or v >= spec.lo) and (spec.hi is None or v <= spec.hi)]
    if isinstance(spec, vocab.OneOf):
        return [v for v in spec.allowed(game) if v != value]
    if isinstance(spec, vocab.OneOrList):
        if isinstance(value, list):
            return [value[:-1], *(([value[0]]) for _ in [0] if len(value) > 1),
                    *([a] for a in alternatives(value[0], spec.item, game))] if value else []
        return alternatives(value, spec.item, game)
    if isinstance(spec, vocab.ListOf):
        if not isinstance(value, list):
            return []
        out = [value[:-1]] if value else []
        if value:
            out.append([*value, *alternatives(value[-1], spec.item, game)[:1]])
            out += [[*value[:-1], a] for a in alternatives(value[-1], spec.item, game)[:2]]
        return out
    if isinstance(spec, (vocab.Text, vocab.Scalar)):
        if isinstance(value, str):
            return [value + "_changed", "self", "event_card", "other"]
        return []
    if isinstance(spec, vocab.Dict) and isinstance(value, dict):
        plain = {k: v for k, v in value.items() if not str(k).startswith("__")}
        if not plain:
            return []
        key = next(iter(plain))
        return [{**value, key: alt} for alt in alternatives(plain[key], spec.value, game)[:2]]
    if isinstance(spec, vocab.Map) and isinstance(value, dict):  # one of its keys changed
        keys = vocab.TABLES[spec.table].keys
        out = []
        for key in [k for k in value if not str(k).startswith("__")]:
            out.append({k: v for k, v in value.items() if k != key})
            if key in keys:
                out += [{**value, key: alt} for alt in
                        alternatives(value[key], keys[key].value, game)[:1]]
        return out
    if isinstance(spec, vocab.Check) and isinstance(value, int) and not isinstance(value, bool):
        return [value + 1, value - 1, 0, value * 2, value + 1000]
    return []


def mutations(data: dict[str, Any], use: Use,
              spec: vocab.Value) -> Iterator[tuple[dict[str, Any], bool]]:
    """Copies of ``data`` with ``use``'s key taken out, then with other values of it (and
    whether the key was taken out)."""
    value = _navigate(data, use.path)[use.key]
    for alt in [REMOVED, *alternatives(value, spec, use.game)[:10]]:
        copied = copy.deepcopy(data)
        mapping = _navigate(copied, use.path)
        if alt is REMOVED:
            del mapping[use.key]
        else:
            mapping[use.key] = alt
        yield copied, alt is REMOVED


def _scenarios_using(card_id: str) -> list[Path]:
    """The scenario files whose text names the card (by id or any of its names)."""
    path, game, raw = builtin_raw_cards()[card_id]
    names = {card_id, *(strip_lines(raw.get("name")) or {}).values()} if isinstance(
        raw.get("name"), dict) else {card_id, raw.get("name")}
    found = []
    for scn in scenario_files():
        text = scn.read_text(encoding="utf-8")
        if f"game: {game}" in text and any(str(n) in text for n in names if n):
            found.append(scn)
    return found


def changes_something(use: Use, spec: vocab.Value) -> bool:
    """Does taking ``use``'s key out, or giving it another value, change a scenario that uses
    it (or make the file refused: the engine needs it)? A key the engine does not honour
    there changes nothing, whatever its value."""
    if use.file in scenario_files():
        for raw, removed in mutations(raw_scenario(use.file), use, spec):
            try:
                scn = parse_scenario(raw, str(use.file))
            except EngineError as exc:
                if _needed(exc, use, removed):
                    return True
                continue
            if fingerprint(scn) != baseline(use.file):
                return True
        return False
    path, game, raw_card = builtin_raw_cards()[use.card]
    played = _scenarios_using(use.card)
    for raw, removed in mutations(raw_card, use, spec):
        try:
            definition = parse_card(raw, file=str(path), game_hint=game, strict=False)
        except EngineError as exc:
            if _needed(exc, use, removed):
                return True
            continue
        for scn_path in played:
            scn = scenario(scn_path)
            shadowed = dataclasses.replace(scn, cards=[*scn.cards, definition])
            if fingerprint(shadowed) != baseline(scn_path):
                return True
    return False


def _needed(exc: EngineError, use: Use, removed: bool) -> bool:
    """A file refused with another value of the key (its value decides what the rest of the
    file may say: a card's game), or refused without it naming the key itself (the key is
    needed; not a refusal of another key honoured only beside it)."""
    field = str(getattr(exc, "field", "") or "")
    return not removed or field == use.key or field.endswith(f".{use.key}")


# ---------------------------------------------------------------- the keys, grouped
def key_of(use: Use) -> tuple[str, vocab.Key | None]:
    """The documented key a use is of, named as the test names it: ``table.key``; an
    operation's own key by the table of the operations that share it (``op destroy/...``,
    one table read by one function), a step's by its action's."""
    table = vocab.TABLES[use.table]
    if use.table == "operation" and use.key not in table.keys:
        if use.key in vocab.SELECTORS:
            return f"selector.{use.key}", vocab.SELECTORS[use.key]
        own = vocab.OP_KEYS.get(use.op or "")
        return f"op {family(vocab.OP_KEYS, use.op or '')}.{use.key}", (own or {}).get(use.key)
    if use.table == "step" and use.key not in table.keys:
        step = _navigate(raw_scenario(use.file), use.path)
        keys = vocab._step_keys(step, vocab.At(game=use.game)) or {}
        if "answer" in step:
            return f"step answer.{use.key}", keys.get(use.key)
        actions = vocab.ACTIONS[use.game]
        return f"step {family(actions, step.get('do', ''))}.{use.key}", keys.get(use.key)
    return f"{use.table}.{use.key}", table.keys.get(use.key)


def family(tables: dict[str, dict[str, vocab.Key]], name: str) -> str:
    """The names that share one table of keys with ``name`` (``destroy/send_to_gy/...``)."""
    own = tables.get(name)
    return "/".join(n for n, keys in tables.items() if keys is own) if own is not None else name


def documented_keys() -> dict[str, vocab.Key]:
    """Every key of the vocabulary, named as :func:`key_of` names a use of it."""
    out: dict[str, vocab.Key] = {}
    for name, table in vocab.TABLES.items():
        for key_name, key in table.keys.items():
            out[f"{name}.{key_name}"] = key
    for key_name, key in vocab.SELECTORS.items():
        out[f"selector.{key_name}"] = key
    for op, keys in vocab.OP_KEYS.items():
        for key_name, key in keys.items():
            if key_name not in vocab.SELECTORS:
                out[f"op {family(vocab.OP_KEYS, op)}.{key_name}"] = key
    answer = vocab._step_keys({"answer": "yes"}, vocab.At())
    for key_name, key in answer.items():
        out[f"step answer.{key_name}"] = key
    for game, actions in vocab.ACTIONS.items():
        for do, keys in actions.items():
            for key_name, key in {"do": vocab._step_keys({"do": do}, vocab.At(game=game))[
                    "do"], **keys}.items():
                out[f"step {family(actions, do)}.{key_name}"] = key
    return out


@cache
def uses_by_key() -> dict[str, list[Use]]:
    out: dict[str, list[Use]] = {}
    for use in uses():
        out.setdefault(key_of(use)[0], []).append(use)
    return out
