"""Reading a card's text: split it into effects and classify each one the way the rules do.

``classify(game, text)`` returns one :class:`EffectReading` per effect of the text, for a
Yu-Gi-Oh! text (English or Japanese, :mod:`engine.games.yugioh.reader`) or a Duel Masters text
(Japanese or English, :mod:`engine.games.duel_masters.reader`). The reader goes by each game's
card-text conventions (Problem-Solving Card Text; the OCG's and Duel Masters' Japanese
wording), never by a list of known cards. What it cannot read is reported as such
(``kind: "unreadable"`` with the reason), never guessed.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from ..errors import IllegalAction
from ..limits import MAX_STRING
from ..refusals import Refusal

#: the most effects one text may be split into
MAX_EFFECTS = 12


@dataclass
class Because:
    """The words that decided one field of a reading, as they stand in the text."""

    field: str  # "kind", "wording", "optional", "spell_speed", "event", "cost", "targets"...
    words: str  # the deciding words, exactly as in the text
    start: int  # their offset in the whole text (for highlighting)
    end: int
    reason: str | None = None  # why the text could not be read (kind "unreadable")


@dataclass
class EffectReading:
    """One effect of a card's text, classified. Fields that do not apply are None."""

    text: str
    kind: str  # trigger, ignition, quick, continuous, flip, activation, s_trigger, static,
    #            blocker, ninja_strike, unreadable, ...
    wording: str | None = None  # "when" / "if"; in Japanese 時 reads "when", 場合 "if"
    optional: bool | None = None
    spell_speed: int | None = None
    event: str | None = None  # the timing or event, as read
    condition: str | None = None
    cost: str | None = None  # done at activation, before the semicolon: a cost
    targets: str | None = None  # done at activation, before the semicolon: targets
    operations: str | None = None  # what it does at resolution
    rules: list[str] = field(default_factory=list)
    because: list[Because] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def classify(game: str, text: str) -> list[EffectReading]:
    """Split ``text`` into effects and classify each (see the module docstring)."""
    if not isinstance(text, str) or not text.strip():
        raise IllegalAction(Refusal("no_text"))
    if len(text) > MAX_STRING:
        raise IllegalAction(Refusal("text_too_long", n=len(text), max=MAX_STRING))
    from ..games import game as registered
    from ..games import known, names

    if not known(game):
        raise IllegalAction(Refusal("text_game", games=", ".join(names())))
    read = registered(game).module("reader").read
    readings = read(text)
    if len(readings) > MAX_EFFECTS:
        raise IllegalAction(Refusal("too_many_effects", n=len(readings), max=MAX_EFFECTS))
    return readings


# a reading as a card file's effect (after EffectReading, which it builds on)
from .to_card import EffectMapping, answer, map_reading  # noqa: E402

__all__ = ["MAX_EFFECTS", "Because", "EffectMapping", "EffectReading", "answer", "classify",
           "map_reading"]
