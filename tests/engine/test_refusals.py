"""Refusals in the reader's language: each reason of a refused action is a template of the
engine's catalogue (engine/refusals.py) with its values, English for the API and translated for
the reader; ``python -m engine run --frames --lang`` words its frames and chains the same way."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest

from engine import Duel, IllegalAction
from engine.cards import builtin_library
from engine.frames import FRAME_LINES
from engine.i18n import TRANSLATED, Translator, message_ids, po_path, read_po
from engine.limits import LimitError, check_text, load_json
from engine.refusals import REFUSAL_WORDS, REFUSALS, Refusal, player, worded
from engine.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "engine" / "data" / "scenarios"
RULE_ID = re.compile(r"\b(?:YGO|DM)-[A-Z0-9]+(?:-[A-Z0-9]+)*")


def _summon_from_the_gy() -> IllegalAction:
    duel = Duel("yugioh", setup={"turn_player": "p1", "p1": {"gy": ["Sangan"]}})
    with pytest.raises(IllegalAction) as refused:
        duel.apply({"do": "normal_summon", "card": duel.ref("Sangan")})
    return refused.value


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_refusal_and_frame_line_has_a_translation(lang: str) -> None:
    entries = read_po(po_path(lang))
    ids = [*REFUSALS.values(), *REFUSAL_WORDS, *FRAME_LINES.values()]
    assert set(ids) <= set(message_ids())
    missing = [m for m in ids if not entries.get(m, ("", True))[0] or entries[m][1]]
    assert missing == []


def test_the_reason_stays_english_and_is_worded_in_each_language() -> None:
    exc = _summon_from_the_gy()
    assert exc.reason == "Sangan is not a monster in a hand"
    assert isinstance(exc.reason, Refusal) and exc.reason.key == "not_monster_in_hand"
    assert exc.reason_in(Translator("ja")) == "クリッターは手札のモンスターではありません"
    assert exc.reason_in(Translator("fr")).endswith("n'est pas un monstre dans une main")
    assert exc.reason_in(Translator("en")) == exc.reason


def test_a_reason_copied_is_its_english_text() -> None:
    reason = _summon_from_the_gy().reason
    assert copy.deepcopy(reason) == reason and type(copy.deepcopy(reason)) is str
    assert worded("plain text", Translator("ja")) == "plain text"


def test_values_are_worded_too() -> None:
    exc = IllegalAction(Refusal("duel_over", player=player(1)))
    assert exc.reason == "the duel is over: Player 2 won"
    assert exc.reason_in(Translator("ja")) == "デュエルは終了しています：プレイヤー2の勝ちです"
    assert exc.reason_in(Translator("fr")) == "le duel est terminé : Joueur 2 a gagné"


def _english_words(line: str, names: list[str]) -> list[str]:
    line = RULE_ID.sub("", line)
    for name in names:
        line = line.replace(name, "")
    return [w for w in re.findall(r"[A-Za-z]{2,}", line) if w != "LP"]


@pytest.mark.parametrize("path", [
    "yugioh/sangan_caius_tcg.yaml", "yugioh/amazoness_village_soul_taker.yaml",
    "duel_masters/double_breaker_s_triggers_in_order.yaml",
    "duel_masters/evolution_needs_a_base.yaml",
])
def test_frames_in_japanese_have_no_english_outside_card_names(path: str, capsys) -> None:
    from engine.__main__ import main

    names = {n for c in builtin_library() for n in c.name.values()}
    names |= {n for c in load_scenario(SCENARIOS / path).cards for n in c.name.values()}
    ordered = sorted(names, key=len, reverse=True)
    main(["run", str(SCENARIOS / path), "--frames", "--lang", "ja"])
    lines = capsys.readouterr().out.splitlines()[2:]  # past the title and the source
    assert any(line.startswith("フレーム") for line in lines)
    found = {line: words for line in lines if (words := _english_words(line, ordered))}
    assert found == {}


def test_frames_in_french_name_the_chain_links(capsys) -> None:
    from engine.__main__ import main

    main(["run", str(SCENARIOS / "yugioh/sangan_caius_tcg.yaml"), "--frames", "--lang", "fr"])
    text = capsys.readouterr().out
    assert "image 3.2 : " in text and "    Maillon de Chaîne 2 : " in text
    assert "<- en cours de résolution" in text and "Player" not in text


def test_a_limit_is_named_in_each_language() -> None:
    with pytest.raises(LimitError) as refused:
        check_text("x" * 300, "the title", 200)
    exc = refused.value
    assert exc.reason == "the title has 300 characters; at most 200 (limit 200 characters)"
    assert exc.reason_in(Translator("ja")) == (
        "タイトルは300文字です。最大200文字です（上限 200文字）")
    assert exc.reason_in(Translator("fr")) == (
        "le titre a 300 caractères ; au plus 200 (limite 200 caractères)")


def test_a_thing_already_in_the_readers_language_is_kept() -> None:
    with pytest.raises(LimitError) as refused:
        load_json("[1.5]", "ノート")
    assert refused.value.reason_in(Translator("ja")) == "ノートに整数でない数があります：1.5"


def test_a_late_activation_names_the_later_events_in_the_readers_language() -> None:
    duel = Duel("yugioh", setup={
        "turn_player": "p1", "phase": "main1", "p1": {"hand": ["Celtic Guardian"]},
        "p2": {"spell_trap": [{"card": "Trap Hole", "set": True}]}})
    duel.apply({"do": "normal_summon", "card": "Celtic Guardian"})
    duel.apply({"do": "return_to_hand", "card": "Celtic Guardian"})
    with pytest.raises(IllegalAction) as refused:
        duel.apply({"do": "activate", "card": "Trap Hole"})
    ja = refused.value.reason_in(duel.translator("ja"))
    assert ja.startswith("落とし穴を発動できるのは") and "見えないカード" in ja, ja
    assert "Celtic" not in ja and "hidden" not in ja
    why = worded(duel.why_not_activate(duel.ref("Trap Hole")), duel.translator("fr"))
    assert "la dernière chose qui s'est produite" in why and "(YGO-RESPONSE-WINDOW)" in why
