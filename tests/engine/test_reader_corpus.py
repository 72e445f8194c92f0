"""The card-text reader's measuring set and tuning set (bench/reader_corpus.yaml,
bench/reader_tuning.yaml): their form, not the reader's score (``make bench`` prints that).

Every entry is a real card's text with its source and, per effect, the reading the rules give
it in the reader's vocabulary; the corpus holds at least 150 cards of both games in all four
game and language pairs; no card is in both files, nor in the library."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from typing import Any

import pytest

from bench import reader
from engine.cards import builtin_library, subtypes_of
from engine.games import game as registered
from engine.operations import OPERATIONS

CORPUS = reader.load(reader.CORPUS)
TUNING = reader.load(reader.TUNING)
BOTH = [("corpus", e) for e in CORPUS] + [("tuning", e) for e in TUNING]

ENTRY_KEYS = {"name", "en_name", "game", "lang", "source", "card", "text", "not_effects",
              "effects"}
REQUIRED = {"name", "game", "lang", "source", "card", "text", "effects"}
EFFECT_KEYS = {"at", "kind", "wording", "optional", "spell_speed", "ops", "cost"}
KINDS = {
    "yugioh": {"trigger", "ignition", "quick", "continuous", "flip", "activation"},
    "duel_masters": {"trigger", "activation", "s_trigger", "blocker", "static",
                     "ninja_strike"},
}
#: what a Spell's or Trap's pasted text opens with: its type line, in the entry's language
TYPE_LINES = {
    ("spell", "normal"): ("Normal Spell", "通常魔法"),
    ("spell", "quick_play"): ("Quick-Play Spell", "速攻魔法"),
    ("spell", "continuous"): ("Continuous Spell", "永続魔法"),
    ("spell", "field"): ("Field Spell", "フィールド魔法"),
    ("spell", "equip"): ("Equip Spell", "装備魔法"),
    ("spell", "ritual"): ("Ritual Spell", "儀式魔法"),
    ("trap", "normal"): ("Normal Trap", "通常罠"),
    ("trap", "continuous"): ("Continuous Trap", "永続罠"),
    ("trap", "counter"): ("Counter Trap", "カウンター罠"),
}
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def label(where: str, entry: dict[str, Any]) -> str:
    return f"{where}: {entry.get('name')!r} ({entry.get('game')}, {entry.get('lang')})"


def test_the_corpus_holds_150_cards_of_both_games_in_every_language() -> None:
    assert len(CORPUS) >= 150
    pairs = Counter((e["game"], e["lang"]) for e in CORPUS)
    for pair in (("yugioh", "en"), ("yugioh", "ja"), ("duel_masters", "ja"),
                 ("duel_masters", "en")):
        assert pairs[pair] >= 20, (pair, pairs)
    kinds = Counter(f["kind"] for e in CORPUS for f in e["effects"])
    for kind in ("trigger", "ignition", "quick", "activation", "continuous", "flip",
                 "s_trigger", "blocker", "static", "ninja_strike"):
        assert kinds[kind], f"the corpus has no {kind} effect"
    subtypes = {(e["card"]["type"], e["card"].get("subtype")) for e in CORPUS
                if e["game"] == "yugioh"}
    for pair in (("spell", "normal"), ("spell", "quick_play"), ("trap", "normal"),
                 ("trap", "counter"), ("trap", "continuous"), ("spell", "continuous")):
        assert pair in subtypes, f"the corpus has no {pair} card"


def test_the_tuning_set_is_separate_and_holds_every_pair() -> None:
    assert len(TUNING) >= 40
    pairs = Counter((e["game"], e["lang"]) for e in TUNING)
    assert set(pairs) == {("yugioh", "en"), ("yugioh", "ja"), ("duel_masters", "ja"),
                          ("duel_masters", "en")}
    names = {n for e in CORPUS for n in reader.keys(e)}
    shared = {n for e in TUNING for n in reader.keys(e)} & names
    assert not shared, f"cards in both the corpus and the tuning set: {sorted(shared)}"


@pytest.mark.parametrize("entries", [CORPUS, TUNING], ids=["corpus", "tuning"])
def test_no_entry_is_there_twice(entries: list[dict[str, Any]]) -> None:
    seen = Counter((reader.key(e), e["game"], e["lang"]) for e in entries)
    assert [k for k, n in seen.items() if n > 1] == []
    texts = Counter(unicodedata.normalize("NFKC", e["text"]) for e in entries)
    assert [t[:40] for t, n in texts.items() if n > 1] == []


def test_no_card_is_a_library_card() -> None:
    """The reader is measured on texts the project has never seen: none of the library's."""
    names = set()
    for card in builtin_library().cards.values():
        for name in (card.name.values() if isinstance(card.name, dict) else [card.name]):
            names.add(unicodedata.normalize("NFKC", str(name)).casefold().strip())
    found = sorted(e["name"] for _, e in BOTH if reader.keys(e) & names)
    assert found == []


@pytest.mark.parametrize(("where", "entry"), BOTH, ids=[label(w, e) for w, e in BOTH])
def test_every_entry_has_its_source_text_and_expected_effects(where: str,
                                                               entry: dict[str, Any]) -> None:
    assert set(entry) <= ENTRY_KEYS, set(entry) - ENTRY_KEYS
    assert REQUIRED <= set(entry), REQUIRED - set(entry)
    game, lang, text = entry["game"], entry["lang"], entry["text"]
    assert game in reader.GAMES and lang in reader.LANGS
    assert isinstance(entry["name"], str) and entry["name"].strip()
    if "en_name" in entry:
        assert lang == "ja" and not JAPANESE.search(entry["en_name"]), entry["en_name"]
    assert isinstance(entry["source"], str) and len(entry["source"].strip()) >= 8
    assert isinstance(text, str) and text.strip()
    body = "\n".join(line for line in text.splitlines()
                     if line.strip() not in (entry.get("not_effects") or []))
    assert bool(JAPANESE.search(body)) == (lang == "ja"), "the text is not in its language"
    card = entry["card"]
    assert card["type"] in registered(game).card_types
    if "subtype" in card:
        assert card["subtype"] in subtypes_of(card["type"])
    if game == "yugioh" and card["type"] in ("spell", "trap"):
        line = TYPE_LINES[(card["type"], card["subtype"])][lang == "ja"]
        assert text.lstrip().startswith(line), f"a {card['type']} opens with {line!r}"
    for part in entry.get("not_effects") or []:
        assert isinstance(part, str) and part in text, part
    effects = entry["effects"]
    assert isinstance(effects, list) and effects
    for expected, at in zip(effects, reader.effect_offsets(entry), strict=True):
        assert set(expected) <= EFFECT_KEYS, set(expected) - EFFECT_KEYS
        assert at >= 0, f"{expected.get('at')!r} is not in the text (after the effect before)"
        kind = expected["kind"]
        assert kind in KINDS[game], kind
        if "wording" in expected:
            assert game == "yugioh" and kind == "trigger" and (
                expected["wording"] in reader.WORDINGS)
        if game == "yugioh":
            assert "spell_speed" in expected, "every Yu-Gi-Oh! effect gives its Spell Speed"
            speed = expected["spell_speed"]
            if kind == "continuous":
                assert speed is None
            else:
                assert speed in (1, 2, 3)
            if kind == "trigger":
                assert "wording" in expected and "optional" in expected
            if card["type"] == "trap" and kind != "continuous":
                assert speed == (3 if card.get("subtype") == "counter" else 2)
            if kind == "quick":
                assert speed in (2, 3)
        else:
            assert "spell_speed" not in expected and "wording" not in expected
        if "optional" in expected:
            assert isinstance(expected["optional"], bool)
            assert kind not in ("activation", "continuous", "blocker", "static") or (
                game == "duel_masters" and kind == "activation")
        ops = expected.get("ops", [])
        assert ops is None or (isinstance(ops, list) and set(ops) <= set(OPERATIONS)), ops
        cost = expected.get("cost", [])
        assert isinstance(cost, list) and set(cost) <= set(OPERATIONS), cost


def test_the_measuring_command_reads_builds_and_plays() -> None:
    """`python -m bench.reader` runs on the file's form (a few cards of each pair here): it
    prints every figure with its goal. What the figures are is not tested."""
    sample = [e for pair in (("yugioh", "en"), ("yugioh", "ja"), ("duel_masters", "ja"),
                             ("duel_masters", "en"))
              for e in [x for x in CORPUS if (x["game"], x["lang"]) == pair][:4]]
    scores = reader.measure(sample)
    assert [s.entry for s in scores] == sample
    lines = reader.report(scores, "sample", 0.0)
    text = "\n".join(lines)
    for words in ("effects fully right", "effects compiled", "compiled cards played",
                  "goal >= 95%", "goal >= 80%", "goal: every one"):
        assert words in text
    for s in scores:
        if s.compiled:
            assert s.card is not None and s.card["effects"] or any(
                e.flags for e in s.effects), s.entry["name"]
