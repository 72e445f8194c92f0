"""Reading Yu-Gi-Oh! card text: the table of effect texts, the deciding words, the limits."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from engine.classify import MAX_EFFECTS, EffectReading, classify
from engine.errors import IllegalAction
from engine.limits import MAX_STRING

TABLE = yaml.safe_load((Path(__file__).parent / "classify_yugioh.yaml").read_text("utf-8"))
EXACT = ("kind", "wording", "optional", "spell_speed")
SUBSTRING = ("event", "condition", "cost", "targets", "operations")


def _check(reading: EffectReading, expect: dict) -> None:
    for name in EXACT:
        if name in expect:
            assert getattr(reading, name) == expect[name], (name, reading)
    for name in SUBSTRING:
        if name in expect:
            value = getattr(reading, name)
            assert value is not None and expect[name] in value, (name, reading)
    for name in expect.get("none", []):
        assert getattr(reading, name) is None, (name, reading)
    for rule in expect.get("rules", []):
        assert rule in reading.rules, (rule, reading.rules)


@pytest.mark.rule("YGO-IDENTIFY", "YGO-KIND")
@pytest.mark.parametrize("entry", TABLE, ids=[e["text"][:40] for e in TABLE])
def test_table(entry: dict) -> None:
    readings = classify("yugioh", entry["text"])
    expected = entry.get("effects", [entry])
    assert len(readings) == len(expected), readings
    for reading, expect in zip(readings, expected, strict=True):
        _check(reading, expect)
        if reading.kind == "unreadable":
            assert reading.because and reading.because[0].reason
        else:
            assert any(b.field == "kind" for b in reading.because)


def test_table_size() -> None:
    japanese = [e for e in TABLE if any("\u3040" <= c <= "\u9fff" for c in e["text"])]
    assert len(TABLE) >= 45
    assert len(japanese) >= 20 and len(TABLE) - len(japanese) >= 25


@pytest.mark.parametrize("entry", TABLE, ids=[e["text"][:40] for e in TABLE])
def test_because_offsets_point_at_the_words(entry: dict) -> None:
    text = entry["text"]
    for reading in classify("yugioh", text):
        assert reading.text in text
        for because in reading.because:
            assert text[because.start:because.end] == because.words, because
        fields = {b.field for b in reading.because}
        for name in ("wording", "event", "cost", "targets", "condition"):
            if getattr(reading, name) is not None and name != "event" or (
                    name == "event" and reading.event not in (None, "FLIP")):
                assert name in fields, (name, reading)


@pytest.mark.rule("YGO-MISS")
def test_optional_when_can_miss_and_if_waits() -> None:
    text = ("When this card is sent to the GY: You can draw 1 card. "
            "If this card is banished: You can draw 1 card.")
    when, if_ = classify("yugioh", text)
    assert "YGO-MISS" in when.rules and "YGO-WAIT" not in when.rules
    assert "YGO-WAIT" in if_.rules and "YGO-MISS" not in if_.rules
    word = next(b for b in when.because if b.field == "wording")
    assert (word.words, word.start) == ("When", 0)
    word = next(b for b in if_.because if b.field == "wording")
    assert text[word.start:word.end] == "If" and word.start == text.index("If this")


@pytest.mark.rule("YGO-WAIT")
def test_japanese_toki_and_baai_offsets() -> None:
    text = ("①：このカードが召喚に成功した時に発動できる。１枚ドローする。\n"
            "②：このカードが除外された場合に発動する。１枚ドローする。")
    toki, baai = classify("yugioh", text)
    assert (toki.wording, baai.wording) == ("when", "if")
    for reading, word in ((toki, "時"), (baai, "場合")):
        b = next(b for b in reading.because if b.field == "wording")
        assert b.words == word and text[b.start:b.end] == word
    cost = classify("yugioh", "①：１ターンに１度、手札を１枚捨てて発動できる。１枚ドローする。")[0]
    b = next(b for b in cost.because if b.field == "cost")
    assert b.words == "手札を１枚捨てて"


@pytest.mark.rule("YGO-PHASE")
def test_end_phase_is_a_phase_trigger() -> None:
    reading = classify("yugioh", "During the End Phase: Destroy this card.")[0]
    assert reading.kind == "trigger" and "YGO-PHASE" in reading.rules
    assert reading.event == "During the End Phase"


@pytest.mark.rule("YGO-IDENTIFY")
def test_cost_and_target_told_apart_before_the_semicolon() -> None:
    text = "Once per turn: You can discard 1 card, then target 1 monster on the field; destroy it."
    reading = classify("yugioh", text)[0]
    assert reading.cost == "discard 1 card"
    assert reading.targets == "target 1 monster on the field"
    assert reading.operations == "destroy it."
    unknown = classify("yugioh", "Once per turn: You can sing a song; draw 1 card.")[0]
    assert unknown.kind == "unreadable" and "semicolon" in unknown.because[0].reason


def test_unreadable_reports_the_reason_and_the_words() -> None:
    text = "The moon sings quietly to the river."
    reading = classify("yugioh", text)[0]
    assert reading.kind == "unreadable"
    assert reading.because[0].words == text and reading.because[0].reason
    assert reading.spell_speed is None and reading.rules == []


def test_over_long_text_is_refused() -> None:
    with pytest.raises(IllegalAction, match="MAX_STRING"):
        classify("yugioh", "Draw 1 card. " * (MAX_STRING // 10))


def test_too_many_effects_are_refused() -> None:
    text = " ".join(["Once per turn: You can draw 1 card."] * (MAX_EFFECTS + 1))
    assert len(text) <= MAX_STRING
    with pytest.raises(IllegalAction, match="MAX_EFFECTS"):
        classify("yugioh", text)


def test_empty_text_is_refused() -> None:
    with pytest.raises(IllegalAction):
        classify("yugioh", "   ")


def test_japanese_conventions_of_timing_and_speed() -> None:
    """A state before the event is the condition and the later 「時」 the timing; a monster's
    effect answering another event by discarding itself from the hand, or usable only in the
    opponent's turn (「相手ターンに、」), is a Quick Effect; 「相手ターンに破壊され」 is an
    event, not a turn."""
    gorz_like = classify("yugioh", "①：自分フィールドにカードが存在しない場合、相手によって"
                         "自分がダメージを受けた時に発動できる。このカードを手札から特殊召喚する。")[0]
    assert (gorz_like.kind, gorz_like.wording, gorz_like.optional) == ("trigger", "when", True)
    assert gorz_like.condition and "存在しない" in gorz_like.condition
    hand = classify("yugioh", "①：相手モンスターの直接攻撃宣言時にこのカードを手札から捨てて"
                    "発動できる。その攻撃を無効にする。")[0]
    assert (hand.kind, hand.spell_speed) == ("quick", 2)
    theirs = classify("yugioh", "①：相手ターンに、このカードをリリースして発動できる。"
                      "フィールドのカード１枚を破壊する。")[0]
    assert (theirs.kind, theirs.spell_speed) == ("quick", 2)
    event = classify("yugioh", "①：このカードが相手ターンに破壊され墓地へ送られた場合に"
                     "発動できる。デッキから１枚ドローする。")[0]
    assert (event.kind, event.wording) == ("trigger", "if")


def test_japanese_lines_that_are_no_effect_of_their_own() -> None:
    """A sentence broken across lines, and a line under an effect's ● choices that says more
    of it (「この効果は相手ターンでも発動できる。」), stay in the effect; materials, a
    Pendulum Monster's 【モンスター効果】 heading, a Ritual Spell's 「「…」の降臨に必要。」, a
    「デュエル中に１度」 line and 「…でのみ特殊召喚できる」 are no effects."""
    wrapped = classify("yugioh", "①：このカードが召喚に成功した時に発動できる。デッキからレベル４"
                       "以下のモンスター１体を\n手札に加える。\n②：このカードの攻撃力は５００アップする。")
    assert [r.kind for r in wrapped] == ["trigger", "continuous"]
    assert wrapped[0].operations and wrapped[0].operations.endswith("手札に加える。")
    more = classify("yugioh", "①：このカードを手札から捨てて発動できる。このターン、以下の"
                    "効果を適用する。\n●自分はデッキから１枚ドローする。\n"
                    "この効果は相手ターンでも発動できる。")
    assert [(r.kind, r.spell_speed) for r in more] == [("quick", 2)]
    pendulum = classify("yugioh", "【Ｐスケール：青４／赤４】\n①：１ターンに１度、自分メイン"
                        "フェイズに発動できる。このカードを破壊する。\n【モンスター効果】\n"
                        "①：このカードが召喚した場合に発動できる。自分はデッキから１枚ドローする。")
    assert [r.kind for r in pendulum] == ["ignition", "trigger"]
    for text in ("「Ｅ・ＨＥＲＯ アクア・ネオス」＋「Ｎ・グラン・モール」",
                 "効果モンスター２体以上", "レベル４モンスター×２"):
        first = classify("yugioh", text + "\n①：このカードの攻撃力は５００アップする。")
        assert [r.kind for r in first] == ["unreadable", "continuous"], text
        assert "materials" in first[0].because[0].reason
    ritual = classify("yugioh", "儀式魔法\n「カオス・ソルジャー」の降臨に必要。\n①：レベルの"
                      "合計が８以上になるように、自分の手札・フィールドのモンスターをリリースし、手札から"
                      "「カオス・ソルジャー」を儀式召喚する。")
    assert [(r.kind, r.spell_speed) for r in ritual] == [("unreadable", None), ("activation", 1)]
    extra = classify("yugioh", "このカードは融合召喚でのみエクストラデッキから特殊召喚できる。\n"
                     "①：このカードの攻撃力は５００アップする。")
    assert [r.kind for r in extra] == ["unreadable", "continuous"]
    assert "Summoning condition" in extra[0].because[0].reason
    duel = classify("yugioh", "このカード名の②の効果はデュエル中に１度しか使用できない。\n①：この"
                    "カードの攻撃力は５００アップする。\n②：自分メインフェイズに発動できる。"
                    "自分はデッキから１枚ドローする。")
    assert [r.kind for r in duel] == ["continuous", "ignition"]


@pytest.mark.parametrize(("text", "kind", "speed"), [
    ("通常魔法 ①：自分はデッキから２枚ドローする。", "activation", 1),
    ("速攻魔法　①：フィールドの魔法・罠カード１枚を対象として発動できる。そのカードを破壊する。",
     "activation", 2),
    ("【カウンター罠】\n①：魔法・罠カードが発動した時に発動できる。その発動を無効にし破壊する。",
     "activation", 3),
    ("魔法・速攻\n①：相手に５００ダメージを与える。", "activation", 2),
    ("Normal Trap When your opponent's monster declares an attack: Destroy that monster.",
     "activation", 2),
    ("[Spell Card / Quick-Play]\nTarget 1 face-up monster on the field; destroy it.",
     "activation", 2),
])
def test_a_type_line_in_its_other_usual_forms(text: str, kind: str, speed: int) -> None:
    """A Spell's or Trap's type line decides its activation and Spell Speed in any of its
    usual forms: in brackets, the type before its property, full-width, or pasted on one line
    with the text after a space."""
    (reading,) = classify("yugioh", text)
    assert (reading.kind, reading.spell_speed) == (kind, speed)
