"""The card-text reader reads the library back (bench/library_readback.py, issue 27 item 5):
every built-in card's printed text, English and Japanese, read to the effects its card file
defines. The figures are printed by ``make bench``; here, that every effect with words of its
own is measured, that a right reading is one that agrees on every field the card file says,
and that the reader does not fall below what it reads back today."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bench import library_readback as readback
from engine import builtin_library

#: the share of effects read back right, at least (percent): today's figures, rounded down
FLOORS = {("yugioh", "en"): 70, ("duel_masters", "ja"): 65, ("duel_masters", "en"): 75,
          ("yugioh", "ja"): 50}


@pytest.fixture(scope="module")
def scores() -> dict[str, dict[str, readback.Readback]]:
    return {lang: readback.read_back(lang) for lang in ("en", "ja")}


def test_a_trap_is_read_back_with_its_type_line() -> None:
    """A Spell's or Trap's printed card names its type: read back with its type line, Magic
    Jammer is a Counter Trap's activation at Spell Speed 3, as its card file says."""
    jammer = next(d for d in builtin_library().cards.values() if d.en == "Magic Jammer")
    scores = readback.read_back("en")["yugioh"]
    assert jammer.effects[0].speed == 3
    assert "Magic Jammer #1" not in scores.missed + scores.wrong_effects


@pytest.mark.parametrize(("game", "lang"), sorted(FLOORS))
def test_the_library_is_read_back(scores, game: str, lang: str) -> None:
    s = scores[lang][game]
    assert s.effects > 0
    assert 100 * s.right / s.effects >= FLOORS[(game, lang)], readback.report()
    assert s.compiled_same <= s.compiled <= s.effects


def test_a_reading_is_right_only_when_every_field_agrees() -> None:
    effect = SimpleNamespace(kind="trigger", wording="when", optional=True, speed=1)
    right = SimpleNamespace(kind="trigger", wording="when", optional=True, spell_speed=1)
    assert all(readback._fields(effect, right, "yugioh").values())
    for change in ({"wording": "if"}, {"optional": False}, {"spell_speed": 2},
                   {"kind": "ignition"}):
        wrong = SimpleNamespace(**{**vars(right), **change})
        assert not all(readback._fields(effect, wrong, "yugioh").values()), change
