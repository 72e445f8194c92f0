"""The Duel Masters card-text reader against a table of ability texts in the game's wording."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from engine.classify import classify
from engine.games.duel_masters.reader import read

TABLE = yaml.safe_load((Path(__file__).parent / "classify_duel_masters.yaml").read_text("utf-8"))
SUBSTRING_FIELDS = ("event", "condition", "targets")


def _check(reading, expected) -> None:
    assert reading.kind == expected["kind"], (reading.text, reading.because)
    for key in ("wording", "optional"):
        if key in expected:
            assert getattr(reading, key) == expected[key], (key, reading)
    for key in SUBSTRING_FIELDS:
        if key in expected:
            got = getattr(reading, key)
            assert got is not None and expected[key] in got, (key, got, expected[key])
    for rule in expected.get("rules", []):
        assert rule in reading.rules, (rule, reading.rules)
    assert reading.spell_speed is None
    if reading.kind == "unreadable":
        assert any(b.field == "reason" and b.words for b in reading.because)


def _id(entry) -> str:
    return entry["text"].replace("\n", " ")[:40]


@pytest.mark.rule("DM-KIND")
@pytest.mark.parametrize("entry", TABLE, ids=[_id(e) for e in TABLE])
def test_table(entry) -> None:
    readings = classify("duel_masters", entry["text"])
    expected = entry.get("abilities", [entry])
    assert len(readings) == len(expected), readings
    for reading, exp in zip(readings, expected, strict=True):
        _check(reading, exp)


def test_table_size_and_languages() -> None:
    japanese = [e for e in TABLE if any("\u3040" <= c <= "\u9fff" for c in e["text"])]
    assert len(TABLE) >= 40
    assert len(japanese) >= 25 and len(TABLE) - len(japanese) >= 15


def test_because_offsets_point_at_the_words() -> None:
    for entry in TABLE:
        text = entry["text"]
        for reading in read(text):
            for b in reading.because:
                if b.field == "reason":
                    continue
                assert text[b.start:b.end] == b.words, (b, text)


@pytest.mark.rule("DM-KIND")
def test_second_ability_offsets_are_in_the_whole_text() -> None:
    text = "■ブロッカー\n■このクリーチャーが攻撃する時、カードを1枚引いてもよい。"
    first, second = read(text)
    assert first.kind == "blocker" and second.kind == "trigger"
    toki = next(b for b in second.because if b.field == "wording")
    assert toki.words == "時" and text[toki.start] == "時" and toki.start == text.index("時")
    may = next(b for b in second.because if b.field == "optional")
    assert text[may.start:may.end] == "てもよい"  # 引いてもよい
    event = next(b for b in second.because if b.field == "event")
    assert text[event.start:event.end] == "このクリーチャーが攻撃する"


@pytest.mark.rule("DM-CONDITION")
def test_condition_words_are_highlighted() -> None:
    text = "このクリーチャーが破壊された時、自分の手札が3枚以下なら、カードを1枚引く。"
    (r,) = read(text)
    cond = next(b for b in r.because if b.field == "condition")
    assert text[cond.start:cond.end] == "自分の手札が3枚以下なら"
    assert r.wording == "when" and "DM-CONDITION" in r.rules


@pytest.mark.rule("DM-STRIGGER")
def test_s_trigger_words() -> None:
    text = "S・トリガー"
    (r,) = read(text)
    kind = next(b for b in r.because if b.field == "kind")
    assert (kind.start, kind.end) == (0, len(text))


@pytest.mark.rule("DM-ATTACK-STEPS")
def test_attack_trigger_cites_attack_steps() -> None:
    (r,) = read("Whenever this creature attacks, you may draw a card.")
    assert "DM-ATTACK-STEPS" in r.rules and "DM-WAIT" in r.rules
    w = next(b for b in r.because if b.field == "wording")
    assert w.words == "Whenever" and w.start == 0


@pytest.mark.rule("DM-END-OF-TURN")
def test_end_of_turn_cites_its_rule() -> None:
    (r,) = read("自分のターンの終わりに、このクリーチャーをアンタップする。")
    assert r.kind == "trigger" and "DM-END-OF-TURN" in r.rules


@pytest.mark.rule("DM-STATIC")
def test_replacement_is_static_not_trigger() -> None:
    (r,) = read("このクリーチャーが破壊される時、かわりに自分の手札を1枚捨ててもよい。")
    assert r.kind == "static" and "DM-STATIC" in r.rules
    assert any(b.field == "kind" and "かわりに" in b.words for b in r.because)


def test_unreadable_has_a_reason_and_no_guess() -> None:
    (r,) = read("ごろごろにゃーん。")
    assert r.kind == "unreadable" and r.optional is None and r.operations is None
    assert any(b.field == "reason" for b in r.because)


def test_unknown_timing_is_unreadable() -> None:
    (r,) = read("月が満ちた時、カードを1枚引く。")
    assert r.kind == "unreadable" and r.event is None
    assert any(b.field == "reason" and "月が満ちた" in b.words for b in r.because)


@pytest.mark.rule("DM-CONDITION")
def test_event_named_only_as_a_condition_is_not_guessed() -> None:
    text = "このクリーチャーが破壊された場合、カードを1枚引く。"
    (r,) = read(text)
    assert r.kind == "unreadable" and r.wording is None
    kind = next(b for b in r.because if b.field == "kind")
    assert text[kind.start:kind.end] == "このクリーチャーが破壊された場合"
    assert any(b.field == "reason" and "時" in b.words for b in r.because)


@pytest.mark.parametrize(("text", "kinds"), [
    ("Shield trigger. Put up to two non-evolution light blockers from your hand into the battle "
     "zone.", ["s_trigger", "activation"]),
    ("Blocker. This creature can't attack players. At the end of your turn, untap this "
     "creature.", ["blocker", "static", "trigger"]),
    ("Evolution: put on one of your light Commands. Blocker. Triple breaker. When you put this "
     "creature into the battle zone, tap all your opponent's creatures.",
     ["blocker", "static", "trigger"]),
    ("Destroy one of your opponent's creatures. Then draw a card.", ["activation"]),
])
def test_english_pasted_on_one_line_is_split_into_its_abilities(text: str,
                                                                 kinds: list) -> None:
    """An English card pasted on one line: its keywords (with or without their reminder), its
    evolution line (how it is summoned, no ability) and each sentence opening with a timing
    start abilities of their own; a "Then ..." sentence stays in its ability."""
    assert [r.kind for r in classify("duel_masters", text)] == kinds
