"""``python -m bench.library_readback``: the card-text reader given each built-in card's
printed text (English, and Japanese where the library has it) reads it back to the effects the
card file defines (issue 27, item 5).

For each card effect with words of its own (a trigger, an ignition or quick effect, a card's
activation, a continuous or replacement effect, an S-Trigger, a Ninja Strike; not a Summoning
procedure nor a keyword flag), the reading of the same words is scored on the fields the card
file says: its kind, its wording ("when" / "if" / "during" / "each time" / FLIP: a trigger's),
whether it is optional (an activated effect's), its Spell Speed (Yu-Gi-Oh!'s); and, where the
reader compiles it, whether its operations are the card file's (the same ``op`` names). An
English effect is matched to its reading by the effect's own line of text; a Japanese text's
effects by their order. A Spell's or Trap's text opens with its type line, as the printed card
shows it ("Normal Trap", 「通常罠」); a Duel Masters spell's with 「呪文」 / "Spell".
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

#: the reader's kinds that say what each card-file kind says
SAME_KIND = {"trigger": {"trigger", "flip"}, "continuous": {"continuous", "static"},
             "replacement": {"continuous", "static"}}
#: card-file kinds with no words of their own to read
SKIPPED = {"procedure"}


@dataclass
class Readback:
    """What the reader gave back for one language of the library."""

    effects: int = 0
    right: int = 0
    compiled: int = 0
    compiled_same: int = 0
    wrong: Counter[str] = field(default_factory=Counter)  # field -> effects it was wrong in
    missed: list[str] = field(default_factory=list)  # the effects whose words it did not find
    wrong_effects: list[str] = field(default_factory=list)  # those read otherwise


def _flat(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).split()).strip(" .。")


def _ops(operations: Any) -> set[str]:
    out = set()
    for op in operations or ():
        out.add(op.get("op"))
        for option in op.get("options") or ():
            out |= _ops(option.get("operations"))
    return out


def _fields(effect: Any, reading: Any, game: str) -> dict[str, bool]:
    """Each field the card file says, and whether the reading says the same."""
    out = {"kind": reading.kind in SAME_KIND.get(effect.kind, {effect.kind})}
    if effect.kind == "trigger":
        if game == "yugioh":  # a Duel Masters ability has no wording that decides its timing
            got = "flip" if reading.kind == "flip" else reading.wording
            out["wording"] = got == effect.wording
        out["optional"] = bool(reading.optional) == effect.optional
    elif effect.kind in ("ignition", "quick"):
        out["optional"] = bool(reading.optional) == effect.optional
    if game == "yugioh" and effect.kind not in ("continuous", "replacement"):
        out["spell_speed"] = reading.spell_speed == effect.speed
    return out


def read_back(lang: str) -> dict[str, Readback]:
    """The library read back in ``lang``, by game."""
    from engine import builtin_library
    from engine.classify import classify, map_reading
    from engine.errors import IllegalAction
    from engine.i18n import Translator
    from engine.words import card_kind

    scores: dict[str, Readback] = {}
    for definition in builtin_library().cards.values():
        text = definition.texts.get(lang) if lang != "en" else definition.texts.get(
            "en", definition.text)
        effects = [e for e in definition.effects if e.kind not in SKIPPED]
        if not text or not effects or getattr(definition, "game", None) is None:
            continue
        game = definition.game
        if definition.type in ("spell", "trap"):
            # a Spell's or Trap's printed card names its type: its type line opens the text
            text = f"{card_kind(definition, Translator(lang))}\n{text}"
        score = scores.setdefault(game, Readback())
        try:
            readings = classify(game, text)
        except IllegalAction:
            readings = []
        used: set[int] = set()
        for k, effect in enumerate(effects):
            score.effects += 1
            reading = None
            if lang == "en" and effect.text:
                words = _flat(effect.text)
                reading = next((r for i, r in enumerate(readings) if i not in used and (
                    words in _flat(r.text) or _flat(r.text) in words)), None)
            if reading is None:
                effectful = [i for i, r in enumerate(readings) if i not in used
                             and r.kind != "unreadable"]
                reading = readings[effectful[0]] if effectful else None
            if reading is None:
                score.missed.append(f"{definition.en} #{k + 1}")
                continue
            used.add(readings.index(reading))
            fields = _fields(effect, reading, game)
            score.right += all(fields.values())
            if not all(fields.values()):
                score.wrong_effects.append(f"{definition.en} #{k + 1}")
            score.wrong.update(f for f, ok in fields.items() if not ok)
            mapping = map_reading(game, reading)
            if mapping.effect is not None and not mapping.problems and mapping.effect.get(
                    "operations"):
                score.compiled += 1
                score.compiled_same += _ops(mapping.effect["operations"]) == _ops(
                    effect.operations)
    return scores


def report() -> list[str]:
    """The figures, one line per game and language."""
    lines = ["library read back (built-in cards' printed texts):"]
    for lang in ("en", "ja"):
        for game, s in sorted(read_back(lang).items()):
            wrong = ", ".join(f"{f} {n}" for f, n in s.wrong.most_common())
            lines.append(
                f"    {game:12} {lang}: effects right {s.right:3}/{s.effects:<3} "
                f"{100 * s.right / max(s.effects, 1):5.1f}%, compiled {s.compiled:3} "
                f"(same operations {s.compiled_same}), not found {len(s.missed)}"
                + (f"; wrong: {wrong}" if wrong else ""))
    return lines


def main() -> int:
    for line in report():
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
