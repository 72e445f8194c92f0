"""Every piece of card vocabulary a built-in card uses is shown by some built-in scenario.

For every effect key, ``wording``, ``kind``, operation, selector (``card: self`` /
``event_card`` / ``attacker`` / ``battled`` / ``equipped``, ``choose``, ``all``, ``top``,
``random``), filter key and ``apply`` key used by any built-in card
(engine/data/cards/**), some built-in scenario (engine/data/scenarios/**) uses a card that
uses it. A scenario uses a card when its set-up or its inline ``cards:`` names it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from engine.cards import builtin_card_files, builtin_library
from engine.scenario import builtin_scenarios

#: the named card references a selector may make (engine/operations.py _select)
CARD_REFS = ("self", "event_card", "attacker", "battled", "equipped")
#: the selectors that pick cards by a zone and a filter
PICKS = ("choose", "all", "top", "random")
#: the mappings whose keys are filter keys (docs/cards.md, "Filters")
FILTER_FIELDS = ("filter", "by_filter")


def _walk(value: Any) -> Iterator[tuple[str | None, Any]]:
    """Every (key, value) pair of a nested mapping or list, depth first; list items have no key."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield key, inner
            yield from _walk(inner)
    elif isinstance(value, list):
        for inner in value:
            yield None, inner
            yield from _walk(inner)


def _operation_words(op: dict[str, Any]) -> set[str]:
    words = {f"operation {op['op']}"}
    if op.get("card") in CARD_REFS:
        words.add(f"selector card: {op['card']}")
    return words | {f"selector {key}" for key in PICKS if key in op}


def vocabulary(card: dict[str, Any]) -> set[str]:
    """The vocabulary one raw card definition uses, as readable words ("operation destroy",
    "filter cost_min", ...)."""
    words: set[str] = set()
    for effect in card.get("effects") or []:
        words |= {f"effect key {key}" for key in effect}
        words |= {f"{key} {effect[key]}" for key in ("kind", "wording") if key in effect}
        if isinstance(effect.get("apply"), dict):
            words |= {f"apply {key}" for key in effect["apply"]}
    for key, value in _walk(card):
        if isinstance(value, dict) and isinstance(value.get("op"), str):
            words |= _operation_words(value)
        if key in FILTER_FIELDS and isinstance(value, dict):
            words |= {f"filter {name}" for name in value}
    return words


def _builtin_cards() -> dict[str, dict[str, Any]]:
    """Every built-in card's raw definition, by id."""
    return {card["id"]: card for path in builtin_card_files()
            for card in yaml.safe_load(path.read_text(encoding="utf-8")) or []}


def _named_in_setup(setup: dict[str, Any]) -> Iterator[str]:
    """The card names of a scenario's set-up, cards under other cards included."""
    for player in ("p1", "p2"):
        for cards in (setup.get(player) or {}).values():
            if isinstance(cards, list):
                yield from _card_names(cards)


def _card_names(cards: list[Any]) -> Iterator[str]:
    for entry in cards:
        if isinstance(entry, dict):
            yield str(entry["card"])
            yield from _card_names(entry.get("under") or [])
        else:
            yield str(entry)


def scenario_vocabulary(path: Path, builtin: dict[str, dict[str, Any]]) -> set[str]:
    """The vocabulary of the cards one scenario uses: those its set-up names (built-in or
    inline) and those it defines inline."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    inline = {card["id"]: card for card in raw.get("cards") or []}
    names = {c: card["id"] for card in inline.values() for c in [card["id"], *(
        card["name"].values() if isinstance(card.get("name"), dict) else [card.get("name")])]}
    words = set().union(*(vocabulary(card) for card in inline.values()))
    library = builtin_library()
    for name in _named_in_setup(raw.get("setup") or {}):
        if name in names:
            continue
        found = library.find(name)
        assert found is not None, f"{path.name}: unknown card {name!r}"
        words |= vocabulary(builtin[found.id])
    return words


def test_every_card_word_is_used_by_a_built_in_scenario() -> None:
    builtin = _builtin_cards()
    users: dict[str, list[str]] = {}
    for card_id, card in builtin.items():
        for word in vocabulary(card):
            users.setdefault(word, []).append(card_id)
    shown = set().union(*(scenario_vocabulary(p, builtin) for p in builtin_scenarios()))
    missing = [f"{word} (used by {', '.join(sorted(users[word]))})"
               for word in sorted(set(users) - shown)]
    assert not missing, ("no built-in scenario uses a card with:\n  " + "\n  ".join(missing))


def test_the_vocabulary_reads_every_kind_of_word() -> None:
    card = {"effects": [{
        "kind": "trigger", "wording": "each_time", "apply": {"cannot_activate": {}},
        "operations": [{"op": "destroy", "card": "equipped"},
                       {"op": "draw", "choose": {"zone": "deck", "filter": {"cost_min": 6}}}],
    }]}
    assert vocabulary(card) == {
        "effect key kind", "effect key wording", "effect key apply", "effect key operations",
        "kind trigger", "wording each_time", "apply cannot_activate", "operation destroy",
        "selector card: equipped", "operation draw", "selector choose", "filter cost_min",
    }
