"""``python -m bench.reader``: the card-text reader measured on real cards it was not tuned on.

The corpus (bench/reader_corpus.yaml) holds real, published cards' texts of both games, in
Yu-Gi-Oh!'s English and Japanese and Duel Masters' Japanese and English, each with the reading
of every effect written from the rules (its header names the fields). The reader
(:func:`engine.classify.classify`, then :func:`engine.classify.to_card.map_reading`) reads
each text, and this prints three figures, with the goal beside each:

* **effects fully right**: the reading of the effect's words has the expected kind, wording
  ("when" / "if"...), optional and Spell Speed (each field the corpus gives);
* **effects compiled**: the effect became a card file's effect with no part left unread, and
  its operations are the ones the corpus expects (an effect whose operations the vocabulary
  cannot say counts as not compiled: the figure is over every effect);
* **compiled cards played**: each card with a compiled effect is built from what compiled,
  loaded as a card file is, put on a board made for it, the event its effect waits for fired
  (or the effect activated), and its effect seen to meet its timing (or to be activated) and to
  resolve with something happening. The boards: the card summoned, flipped, destroyed (by
  battle), sent, banished, discarded or attacking; the phase of a phase timing begun; a Trap
  or a Counter Trap activated when the opponent attacks, activates a Spell or Summons; an
  ignition or quick effect activated where it is used from; in Duel Masters the creature put
  into the battle zone, destroyed, attacking, battling, the turn ending or starting, a shield
  broken, a spell cast, an S-Trigger broken, a Ninja Strike against an attack, a Blocker's
  block and a Double breaker's attack; a Yu-Gi-Oh! continuous effect's card waits face-up
  where it applies, and its stat change is seen on a monster it applies to (its protection:
  that monster stays when destroyed that way, or the opponent cannot target it); a Duel
  Masters static ability's creature waits in the battle zone: a power attacker wins the battle
  its printed power loses, a power change is seen on a creature it applies to, the opponent
  cannot choose a creature it protects, and a creature destroyed (or one a Saver saves) goes
  where its replacement says; a card put into the shields or the deck, which no event records,
  is seen where it went. Each board
  is fitted to the effect: in each zone its targets, costs, operations and conditions name,
  cards made to pass their filters (a Level 4 or lower WATER monster in the Deck, a "Thunder
  Dragon", a Tuner on the field), and no cards where a condition says there are none.

``--tuning`` measures the tuning set (bench/reader_tuning.yaml) instead; ``--effects`` lists
every effect that is not fully right or not compiled, with why; ``--file PATH`` reads another
file of the same form. Reading and playing the whole corpus takes a few seconds.
"""

from __future__ import annotations

import argparse
import re
import time
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "reader_corpus.yaml"
TUNING = HERE / "reader_tuning.yaml"

GAMES = ("yugioh", "duel_masters")
LANGS = ("en", "ja")
#: the fields of a reading the corpus scores, as the reader names them
FIELDS = ("kind", "wording", "optional", "spell_speed")
#: the goals of issue 27: effects fully right, effects compiled (percent); every compiled
#: card played
GOAL_RIGHT = 95.0
GOAL_COMPILED = 80.0
#: kinds of effect the corpus may expect (docs/cards.md and engine/classify)
KINDS = ("trigger", "ignition", "quick", "continuous", "flip", "activation", "s_trigger",
         "blocker", "static", "ninja_strike")
WORDINGS = ("when", "if", "during", "each_time")
#: card flags a keyword ability compiles to (Duel Masters' Blocker, Double breaker)
FLAG_KINDS = {"blocker": "blocker", "double_breaker": "static"}


# ---------------------------------------------------------------------------- the file
def load(path: Path = CORPUS) -> list[dict[str, Any]]:
    """The entries of a corpus file (a YAML list of mappings)."""
    with open(path, encoding="utf-8") as fh:
        data = yaml.safe_load(fh)
    if not isinstance(data, list):
        raise ValueError(f"{path}: a list of card entries is expected")
    return data


def effect_offsets(entry: dict[str, Any]) -> list[int]:
    """Where each expected effect starts in the entry's text: its ``at`` words, found after
    the effect before it (-1 when they are not there)."""
    out, pos = [], 0
    for expected in entry.get("effects") or []:
        i = entry["text"].find(str(expected.get("at", "")), pos)
        out.append(i)
        if i >= 0:
            pos = i + 1
    return out


def key(entry: dict[str, Any]) -> str:
    """An entry's card, for telling two files' cards apart: its name, case and width aside."""
    return unicodedata.normalize("NFKC", str(entry.get("name", ""))).casefold().strip()


def keys(entry: dict[str, Any]) -> set[str]:
    """Every name the entry's card goes by: its printed name and, for a Japanese text, its
    English name (``en_name``), case and width aside."""
    return {key({"name": n}) for n in (entry.get("name"), entry.get("en_name")) if n}


# ---------------------------------------------------------------------------- scoring
@dataclass
class EffectScore:
    entry: dict[str, Any]
    expected: dict[str, Any]
    reading: Any = None  # the EffectReading of the effect's words, or None
    wrong: dict[str, tuple[Any, Any]] = field(default_factory=dict)  # field: (expected, read)
    missed: str | None = None  # why no reading is the effect's
    effect: dict[str, Any] | None = None  # the compiled effect, or None
    flags: dict[str, Any] = field(default_factory=dict)  # the card flags it compiled to
    ops: list[str] | None = None  # the operations compiled
    not_compiled: str | None = None  # why it did not compile

    @property
    def right(self) -> bool:
        return self.reading is not None and self.missed is None and not self.wrong

    @property
    def compiled(self) -> bool:
        return self.reading is not None and self.missed is None and self.not_compiled is None


@dataclass
class CardScore:
    entry: dict[str, Any]
    effects: list[EffectScore] = field(default_factory=list)
    extra: int = 0  # readings that are none of the card's effects
    extra_lines: int = 0  # of those, readings of a part that is no effect (a name line...)
    refused: str | None = None  # why the reader refused the text
    card: dict[str, Any] | None = None  # the card built from what compiled
    loaded: bool = False
    played: bool = False
    why_not_played: str | None = None

    @property
    def compiled(self) -> bool:
        return any(e.compiled for e in self.effects)


def _spans(text: str, readings: list[Any]) -> list[tuple[int, int]]:
    """Each reading's (start, end) in the text, found in order."""
    out, cursor = [], 0
    for r in readings:
        start = text.find(r.text, cursor)
        if start < 0:
            start = cursor
        out.append((start, start + len(r.text)))
        cursor = start + len(r.text)
    return out


def _ops_of(effect: dict[str, Any] | None) -> list[str]:
    ops: list[str] = []
    for op in (effect or {}).get("operations") or []:
        ops.append(op.get("op"))
        if op.get("op") == "choose_one":
            for option in op.get("options") or []:
                ops += [o.get("op") for o in option.get("operations") or []]
    return ops


def _compile(game: str, reading: Any, expected: dict[str, Any], score: EffectScore) -> None:
    """What the reader compiles the reading to, and whether it is what the corpus expects."""
    from engine.classify.to_card import map_reading

    mapping = map_reading(game, reading)
    score.flags = dict(mapping.flags)
    score.effect = mapping.effect
    if mapping.problems:
        part, why = next(iter(mapping.problems.items()))
        score.not_compiled = f"{part}: {why}"
        return
    if mapping.flags:
        score.ops = sorted(mapping.flags)
        if FLAG_KINDS.get(next(iter(mapping.flags))) != expected.get("kind"):
            score.not_compiled = f"compiled to the card flag {score.ops[0]}, not a " \
                                 f"{expected.get('kind')} effect"
        return
    effect = mapping.effect or {}
    score.ops = _ops_of(effect)
    needs_ops = expected.get("kind") not in ("s_trigger", "ninja_strike", "continuous",
                                             "static", "replacement", "blocker")
    if effect.get("kind") in (None, "continuous", "replacement") and not (
            effect.get("apply") or effect.get("instead")):
        score.not_compiled = "no effect the card vocabulary can hold"
    elif needs_ops and not score.ops:
        score.not_compiled = "no operations"
    elif "ops" in expected and expected["ops"] is None and not (
            effect.get("kind") in ("continuous", "replacement")
            and expected.get("kind") in ("continuous", "static", "replacement")):
        # (a continuous effect resolves nothing: the corpus writes its ops null, and what its
        # apply says is seen on the board it is played on; a Duel Masters static ability, its
        # apply or its instead, likewise)
        score.not_compiled = ("compiled, but the corpus says the vocabulary cannot say what it "
                              f"does (compiled: {', '.join(score.ops) or 'no operations'})")
    elif expected.get("ops") and set(score.ops) != set(expected["ops"]):
        score.not_compiled = (f"compiled to {', '.join(score.ops) or 'no operations'}, "
                              f"expected {', '.join(expected['ops'])}")
    elif "cost" in expected or effect.get("cost"):
        cost = [op.get("op") for op in effect.get("cost") or []]
        if set(cost) != set(expected.get("cost") or []):
            score.not_compiled = (f"its cost compiled to {', '.join(cost) or 'nothing'}, "
                                  f"expected {', '.join(expected.get('cost') or ['none'])}")


def score_entry(entry: dict[str, Any]) -> CardScore:
    """One card's text read, each of its effects scored and compiled."""
    from engine.classify import classify
    from engine.errors import IllegalAction

    card = CardScore(entry)
    game, text = entry["game"], entry["text"]
    try:
        readings = classify(game, text)
    except IllegalAction as exc:
        card.refused = str(exc.reason)
        readings = []
    spans = _spans(text, readings)
    used: set[int] = set()
    for expected, at in zip(entry.get("effects") or [], effect_offsets(entry), strict=True):
        score = EffectScore(entry, expected)
        card.effects.append(score)
        k = next((i for i, (s, e) in enumerate(spans) if s <= at < e), None)
        if card.refused:
            score.missed = f"the reader refused the text: {card.refused}"
            continue
        if k is None:
            score.missed = "no reading covers these words"
            continue
        score.reading = readings[k]
        if k in used:
            score.missed = "read as one effect with the effect before it"
            continue
        used.add(k)
        for f in FIELDS:
            if f in expected and getattr(score.reading, f) != expected[f]:
                score.wrong[f] = (expected[f], getattr(score.reading, f))
        _compile(game, score.reading, expected, score)
    parts = [text.find(p) for p in entry.get("not_effects") or []]
    for k, (s, e) in enumerate(spans):
        if k not in used:
            card.extra += 1
            card.extra_lines += any(s <= p < e for p in parts if p >= 0)
    return card


# ---------------------------------------------------------------------------- playing
#: the board every card is played on: both sides with cards to target, choose, discard,
#: search, draw and summon (the library's own cards)
YGO_SIDES = {
    "p1": {"deck": ["Kuriboh", "Celtic Guardian", "Dark Magician", "Pot of Greed",
                    "Trap Hole", "Mystical Space Typhoon", "Kuriboh", "Celtic Guardian"],
           "hand": [{"card": "Kuriboh", "as": "my_hand_monster"}, "Pot of Greed", "Trap Hole"],
           "gy": [{"card": "Kuriboh", "as": "my_gy_monster"}, "Celtic Guardian", "Pot of Greed",
                  "Trap Hole", "Dark Magician"],
           "monster": [{"card": "Celtic Guardian", "as": "my_monster"}]},
    "p2": {"deck": ["Kuriboh", "Celtic Guardian", "Pot of Greed", "Trap Hole", "Kuriboh"],
           "hand": [{"card": "Kuriboh", "as": "their_hand_monster"},
                    {"card": "Pot of Greed", "as": "their_spell"}],
           "gy": ["Kuriboh", "Celtic Guardian"],
           "monster": [{"card": "Celtic Guardian", "as": "their_monster"},
                       {"card": "Kuriboh", "as": "their_weak"}],
           "spell_trap": [{"card": "Mystical Space Typhoon", "face_up": False},
                          {"card": "Trap Hole", "face_up": False}]},
}
DM_MANA = ["Burning Mane", "Aqua Hulcus", "Bronze-Arm Tribe", "Holy Awe", "Ghost Touch"] * 2
DM_SIDES = {
    "p1": {"deck": ["Burning Mane", "Aqua Hulcus", "Bronze-Arm Tribe", "Holy Awe",
                    "Ghost Touch", "Burning Mane", "Aqua Hulcus", "Bronze-Arm Tribe"],
           "hand": ["Burning Mane", "Aqua Hulcus", {"card": "Ghost Touch", "as": "my_spell"}],
           "mana": DM_MANA,
           "graveyard": ["Burning Mane", "Aqua Hulcus", "Holy Awe"],
           "battle": [{"card": "Burning Mane"}],
           "shield": [{"card": "Aqua Hulcus", "as": "my_shield"}, "Burning Mane"]},
    "p2": {"deck": ["Burning Mane", "Aqua Hulcus", "Bronze-Arm Tribe", "Ghost Touch"],
           "hand": ["Burning Mane", "Aqua Hulcus"],
           "mana": ["Burning Mane"] * 3,
           "graveyard": ["Burning Mane"],
           "battle": [{"card": "Burning Mane", "as": "attacker"},
                      {"card": "Aqua Hulcus", "tapped": True, "as": "their_tapped"}],
           "shield": ["Burning Mane", "Aqua Hulcus", "Bronze-Arm Tribe"]},
}
CIVILIZATIONS = {"光": "light", "水": "water", "闇": "darkness", "火": "fire", "自然": "nature",
                 "light": "light", "water": "water", "darkness": "darkness", "fire": "fire",
                 "nature": "nature"}
BENCH_NAME = "Bench Reader Card"


def _dm_stats(entry: dict[str, Any]) -> dict[str, Any]:
    """A Duel Masters card's civilization, cost and power from its pasted lines, else 1."""
    text = entry["text"]
    out: dict[str, Any] = {"civilization": "fire", "cost": 1}
    m = re.search(r"^(光|水|闇|火|自然|Light|Water|Darkness|Fire|Nature)(?:文明)?\s*\((\d+)\)",
                  text, re.M | re.I)
    if m:
        out["civilization"] = CIVILIZATIONS[m.group(1).lower()]
        out["cost"] = int(m.group(2))
    if entry["card"]["type"] != "spell":
        p = re.search(r"^(?:Evolution )?(?:Creature|クリーチャー)\s*[:：][^\n]*?(\d+)\s*$",
                      text, re.M)
        out["power"] = int(p.group(1)) if p else 1000
        out["races"] = ["Human"]
    return out


def build_card(entry: dict[str, Any], scores: list[EffectScore]) -> dict[str, Any]:
    """The card a user would get from the reader: the card's type, the compiled effects and
    flags (a card file's mapping, docs/cards.md)."""
    game, kind = entry["game"], entry["card"]
    card: dict[str, Any] = {"id": "bench_reader_card", "name": {"en": BENCH_NAME},
                            "type": kind["type"], "text": entry["text"]}
    if kind.get("subtype"):
        card["subtype"] = kind["subtype"]
    if game == "yugioh" and kind["type"] == "monster":
        card.update({"attribute": "DARK", "race": "Fiend", "level": 4, "atk": 1000,
                     "def": 1000})
        if kind.get("subtype") in ("synchro", "fusion", "xyz", "link"):
            card["subtype"] = "effect"  # played from the Main Deck: its effect is measured
    if game == "duel_masters":
        card.update(_dm_stats(entry))
        if card["type"] == "evolution":
            card["type"] = "creature"  # played without a base: its ability is measured
    effects = []
    for s in scores:
        if not s.compiled:
            continue
        card.update(s.flags)
        if s.effect is not None:
            effects.append(s.effect)
    card["effects"] = effects
    return card


def _answer_all(duel: Any, iid: int, limit: int = 60) -> None:
    """Answer every decision as the board's "auto" does (an optional effect is activated),
    except that the card measured is used wherever it may be: it is activated in a response
    window (once: not again in answer to its own activation), and it blocks."""
    n = 0
    while duel.state.decision is not None and n < limit:
        d = duel.state.decision
        choice = duel.default_answer()
        again = d.kind == "respond" and any(
            getattr(link, "card", None) == iid for link in duel.state.chain)
        if d.kind in ("respond", "block", "phase_trigger") and not again and any(
                o.get("card") == iid for o in d.options):
            choice = next(o["id"] for o in d.options if o.get("card") == iid)
        duel.apply({"do": "answer", "choice": choice})
        n += 1


@dataclass
class Plan:
    """A board made for one effect: where the card measured goes (p1's), whose turn and which
    phase it is, and what is done."""

    zone: str
    placement: dict[str, Any]
    actions: list[dict[str, Any]]
    turn_player: str = "p1"
    phase: str | None = None
    #: in answer to what the actions did: the card is activated in the open game state they
    #: leave when no decision offered it (an attack declared, a Summon), if it may be
    use: bool = False
    #: (player, zone) left empty but for the card measured (an attack made directly)
    empty: list[tuple[str, str]] = field(default_factory=list)
    #: cards made for the board, each put into the opponent's battle zone (a creature to
    #: battle, tapped; or to block)
    rivals: list[dict[str, Any]] = field(default_factory=list)
    #: whether the rivals are put tapped (to be attacked) or untapped (to block)
    rivals_tapped: bool = True


def _first(value: Any) -> Any:
    return value[0] if isinstance(value, list) and value else value


#: the Yu-Gi-Oh! phase a phase timing is reached from, by "next_phase"
YGO_PHASE_BEFORE = {"standby": "draw", "main1": "standby", "battle": "main1", "main2": "battle",
                    "end": "main2"}


def _ygo_home(card: dict[str, Any], effect: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """Where the card is when its effect is used: where it is activated from, a monster in the
    Monster Zone face-up, a Spell or Trap face-up in its zone."""
    here = {"card": BENCH_NAME}
    where = _first(effect.get("activate_from"))
    if where:
        return where, here
    if card["type"] == "monster":
        return "monster", here
    return ("field" if card.get("subtype") == "field" else "spell_trap"), here


def _ygo_opponent(ev: dict[str, Any]) -> list[dict[str, Any]] | None:
    """What the opponent does, on their own turn, for an event or a "When ..." activation
    condition that is about the opponent's cards, or None."""
    etype = _first(ev.get("type"))
    if etype == "attack_declared":  # a direct attack: the player controls no monster
        return [{"do": "declare_attack", "card": "their_monster",
                 "target": None if ev.get("direct") else "my_monster"}]
    if etype == "activated":
        return [{"do": "activate", "card": "their_spell", "effect": "card"}]
    if etype in ("summoning", "summoned"):
        return [{"do": "normal_summon", "card": "their_hand_monster"}]
    return None


def _ygo_plan(card: dict[str, Any], effect: dict[str, Any], index: int) -> Plan | str:
    """The board for one Yu-Gi-Oh! effect, or why none is made for it."""
    kind = effect.get("kind")
    here = {"card": BENCH_NAME}
    ev = _first(effect.get("event")) or {}
    phase = effect.get("phase") or ({"name": ev.get("phase"), "whose": ev.get("player")}
                                    if ev.get("type") == "phase_start" else None)
    if kind == "trigger" and phase:
        name = _first(phase.get("name"))
        if name not in YGO_PHASE_BEFORE:
            return f"no set-up for the phase {name}"
        zone, placement = _ygo_home(card, effect)
        came = [_first(c.get("this_turn")) for c in effect.get("condition") or []
                if c.get("this_turn")]
        if came == ["destroyed_by_battle"] and zone == "monster" and name == "end":
            # it destroys a weaker monster by battle, then the turn goes on to the End Phase
            return Plan(zone, placement, [{"do": "declare_attack", "card": BENCH_NAME,
                                           "target": "their_weak"}, {"do": "battle"},
                                          {"do": "next_phase"}, {"do": "next_phase"}],
                        phase="battle")
        if came and zone == "monster":  # "the End Phase of the turn this card was Summoned"
            summon = {"normal_summoned": "normal_summon", "special_summoned": "special_summon",
                      "flipped": "flip_summon"}[came[0]]
            if summon == "flip_summon":
                placement = {**placement, "face_up": False, "position": "defense"}
            return Plan(zone if summon == "flip_summon" else "hand", placement,
                        [{"do": summon, "card": BENCH_NAME}, {"do": "next_phase"}],
                        phase=YGO_PHASE_BEFORE[name])
        return Plan(zone, placement, [{"do": "next_phase"}],
                    turn_player="p2" if phase.get("whose") == "opponent" else "p1",
                    phase=YGO_PHASE_BEFORE[name])
    if kind == "trigger":
        etype, how = ev.get("type"), _first(ev.get("how"))
        if ev.get("card") not in ("self", None):
            return f"no set-up for an event about another card ({etype})"
        if etype in ("destroyed", "sent_to_gy") and ev.get("by") == "self" and ev.get(
                "cause") == "battle":
            # it destroys a weaker monster by battle
            return Plan("monster", here, [{"do": "declare_attack", "card": BENCH_NAME,
                                           "target": "their_weak"}, {"do": "battle"}],
                        phase="battle")
        if ev.get("card") is None and (ev.get("filter") or {}).get("controller") == "you":
            # an event about another card of its controller's: it watches from its home
            zone, placement = _ygo_home(card, effect)
            if card["type"] != "monster" and zone == "spell_trap":
                placement = {**placement, "face_up": True}
            if etype == "summoned":
                gy = _first(ev.get("from")) == "gy"
                return Plan(zone, placement, [{
                    "do": "special_summon" if gy or how == "special" else "normal_summon",
                    "card": "my_gy_monster" if gy else "my_hand_monster"}])
            if etype in ("destroyed", "sent_to_gy"):
                action = {"do": "destroy", "card": "my_monster"}
                if ev.get("cause") == "battle":
                    action["cause"] = "battle"
                return Plan(zone, placement, [action])
            return f"no set-up for an event about another card ({etype})"
        if etype == "attack_declared" and ev.get("attacker") == "opponent":
            # the opponent's monster attacks one of yours, on their turn
            zone, placement = _ygo_home(card, effect)
            return Plan(zone, placement, [{"do": "declare_attack", "card": "their_monster",
                                           "target": "my_monster"}], turn_player="p2",
                        phase="battle")
        if etype == "summoned" and how == "flip" or etype == "flipped":
            return Plan("monster", {**here, "face_up": False, "position": "defense"},
                        [{"do": "flip_summon", "card": BENCH_NAME}])
        if etype == "summoned" and how == "tribute":  # Tribute Summoned, one monster tributed
            return Plan("hand", here, [{"do": "tribute_summon", "card": BENCH_NAME,
                                        "tributes": ["my_monster"]}])
        if etype == "summoned" and how == "special":
            return Plan("hand", here, [{"do": "special_summon", "card": BENCH_NAME}])
        if etype == "summoned":
            return Plan("hand", here, [{"do": "normal_summon", "card": BENCH_NAME}])
        if etype == "attack_declared":
            return Plan("monster", here, [{"do": "declare_attack", "card": BENCH_NAME,
                                           "target": "their_monster"}], phase="battle")
        if etype == "lp_lost" and ev.get("cause") == "battle" and ev.get("direct"):
            # it attacks directly (the opponent controls no monster) and the damage is dealt
            return Plan("monster", here, [{"do": "declare_attack", "card": BENCH_NAME,
                                           "target": None}, {"do": "battle"}],
                        phase="battle", empty=[("p2", "monster")])
        if etype == "lp_lost" and ev.get("cause") == "battle":
            # it attacks a weaker monster in Attack Position and the damage is dealt
            return Plan("monster", here, [{"do": "declare_attack", "card": BENCH_NAME,
                                           "target": "their_weak"}, {"do": "battle"}],
                        phase="battle")
        if etype == "battle":  # it attacks one of the opponent's monsters: damage calculation
            return Plan("monster", here, [{"do": "declare_attack", "card": BENCH_NAME,
                                           "target": "their_monster"}, {"do": "battle"}],
                        phase="battle")
        if etype == "attack_declared" and ev.get("target") == "self":
            return Plan("monster", here, [{"do": "declare_attack", "card": "their_monster",
                                           "target": BENCH_NAME}], turn_player="p2",
                        phase="battle")
        if etype == "lp_lost" and ev.get("player") == "you":
            # the opponent attacks it directly and the damage is dealt
            zone, placement = _ygo_home(card, effect)
            return Plan(zone, placement, [{"do": "declare_attack", "card": "their_monster",
                                           "target": None}, {"do": "battle"}],
                        turn_player="p2", phase="battle", empty=[("p1", "monster")])
        moves = {"destroyed": "destroy", "sent_to_gy": "send_to_gy", "banished": "banish",
                 "tributed": "tribute", "discarded": "discard",
                 "returned_to_hand": "return_to_hand", "left_field": "destroy"}
        if etype in moves:
            action: dict[str, Any] = {"do": "destroy" if ev.get("destroyed") else moves[etype],
                                      "card": BENCH_NAME}
            if ev.get("cause") == "battle":
                action["cause"] = "battle"
            zone = ("hand" if etype == "discarded" or _first(ev.get("from")) == "hand"
                    else "monster")
            return Plan(zone, here, [action])
        return f"no set-up for the event {etype}"
    if kind in ("ignition", "quick", "activation"):
        if card["type"] == "trap" and kind == "activation":
            zone, placement = "spell_trap", {**here, "face_up": False}
        elif kind == "activation":
            zone, placement = "hand", here
        else:
            zone, placement = _ygo_home(card, effect)
        use = {"do": "activate", "card": BENCH_NAME,
               "effect": "card" if kind == "activation" else index}
        respond = _first(effect.get("respond_to"))
        if respond:
            theirs = _ygo_opponent(respond)
            if theirs is None:
                return f"no set-up for an activation in answer to {respond.get('type')}"
            # the opponent acts on their turn; the card is activated in the window it opens
            battle = _first(respond.get("type")) == "attack_declared"
            return Plan(zone, placement, theirs, turn_player="p2",
                        phase="battle" if battle else "main1", use=True,
                        empty=[("p1", "monster")] if battle and respond.get("direct") else [])
        return Plan(zone, placement, [use])
    if kind == "continuous" and effect.get("apply"):
        # nothing is fired: the card waits face-up where it applies, and what it applies is
        # looked for on the board (:func:`_applied`)
        zone, placement = _ygo_home(card, effect)
        if effect["apply"].get("to") == "equipped":
            return "no set-up for an Equip Spell's monster (no activation equips it)"
        return Plan(zone, placement, [])
    return f"no set-up for a {kind} effect"


def _applied(duel: Any, effect: dict[str, Any], iid: int) -> str | None:
    """A continuous effect's ``apply`` seen on the board: every stat it changes is changed on
    a face-up monster it applies to; a card it protects from destruction stays when destroyed
    that way; a card it protects from targeting is refused as a target of the opponent's.
    None when it is, else what was not seen."""
    from engine import protection

    apply, st = effect["apply"], duel.state
    source = st.cards[iid]
    if apply.get("piercing"):
        return _pierced(duel, iid)
    if apply.get("player_cannot"):
        return _restricted(duel, apply)
    if apply.get("damage_cause") == "battle" and apply.get("damage_player", "you") == "you":
        return _no_battle_damage(duel, apply)
    covered = [c for c in st.cards.values() if c.zone == "monster" and c.face_up
               and protection.covers(duel, apply.get("to", "self"), source, c)]
    if not covered:
        return "no monster on the board is one it applies to"
    for stat in ("atk", "def"):
        if stat in apply and not any(
                duel.stat(c, stat) != getattr(duel.definition(c), "atk" if stat == "atk"
                                              else "defense") for c in covered):
            return f"no {stat.upper()} it applies to changed"
    target = covered[0]
    if apply.get("cannot") == "destroyed":
        cause = "battle" if apply.get("by") == "battle" else "effect"
        duel.apply({"do": "destroy", "card": target.iid, "cause": cause})
        _answer_all(duel, iid)
        if st.cards[target.iid].zone != "monster":
            return f"destroyed by {cause} though it protects it"
    if apply.get("cannot") == "targeted" and protection.unchoosable_by(
            duel, target, 1 - source.controller, targeting=True) is None:
        return "the opponent may target a card it protects"
    return None


#: a player's action that does each act a restriction may forbid, and the zone of its card
_RESTRICTED = {"special_summon": ("special_summon", "hand"), "banish": ("banish", "gy"),
               "tribute": ("tribute", "monster")}


def _restricted(duel: Any, apply: dict[str, Any]) -> str | None:
    """A player restriction seen on the board: each player it names is refused each act it
    forbids (a monster of theirs Special Summoned from the hand, banished from the GY,
    Tributed from the field), the board left as it was. None when they are."""
    from engine.errors import IllegalAction

    acts = apply["player_cannot"]
    players = {"both": (0, 1), "you": (0,), "opponent": (1,)}[apply.get("players", "both")]
    for act in [acts] if isinstance(acts, str) else acts:
        do, zone = _RESTRICTED[act]
        for player in players:
            card = next((duel.state.cards[i] for i in duel.state.zones[player][zone]
                         if duel.definition(duel.state.cards[i]).type == "monster"), None)
            if card is None:
                return f"no monster of player {player + 1}'s {zone} to try {act} on"
            try:
                duel.apply({"do": do, "card": card.iid, "by_player": f"p{player + 1}"}
                           if do != "special_summon" else {"do": do, "card": card.iid})
            except IllegalAction:
                continue
            return f"player {player + 1} could still {act}"
    return None


def _no_battle_damage(duel: Any, apply: dict[str, Any]) -> str | None:
    """Battle damage its controller takes changed, seen on the board: in the opponent's
    Battle Phase, a stronger monster of theirs attacks one of the controller's. None when
    the damage is what the effect makes it."""
    st = duel.state
    mine = next((duel.state.cards[i] for i in st.zones[0]["monster"]
                 if st.cards[i].face_up and st.cards[i].position == "attack"), None)
    if mine is None:
        return "no monster of its controller's in Attack Position to be attacked"
    duel.apply({"do": "place", "card": "Blue-Eyes White Dragon", "player": "p2",
                "zone": "monster"})
    duel.apply({"do": "set_turn", "player": "p2"})
    duel.apply({"do": "set_phase", "phase": "battle"})
    strong = st.zones[1]["monster"][-1]
    lp, gap = st.lp[0], duel.stat(st.cards[strong], "atk") - duel.stat(mine, "atk")
    duel.apply({"do": "declare_attack", "card": strong, "target": mine.iid})
    _answer_all(duel, strong)
    duel.apply({"do": "battle"})
    _answer_all(duel, strong)
    want = 0 if apply["damage_becomes"] == "zero" else -(-gap // 2)
    return None if lp - st.lp[0] == want else (
        f"attacked, its controller took {lp - st.lp[0]} battle damage, not {want}")


def _pierced(duel: Any, iid: int) -> str | None:
    """Piercing battle damage seen on the board: the card attacks a Defense Position monster
    of lower DEF, and the opponent takes the difference. None when they do."""
    st = duel.state
    me = st.cards[iid]
    atk = duel.stat(me, "atk")
    weak = next((c for c in st.cards.values() if c.zone == "monster" and c.controller != 0
                 and c.face_up and duel.stat(c, "def") < atk), None)
    if weak is None:
        return "no monster of the opponent's with less DEF than its ATK"
    duel.apply({"do": "change_position", "card": weak.iid})
    if weak.position != "defense":
        duel.apply({"do": "change_position", "card": weak.iid})
    lp, gap = st.lp[1], atk - duel.stat(weak, "def")
    duel.apply({"do": "next_phase"})
    duel.apply({"do": "declare_attack", "card": iid, "target": weak.iid})
    _answer_all(duel, iid)
    duel.apply({"do": "battle"})
    _answer_all(duel, iid)
    return None if st.lp[1] == lp - gap else (
        f"attacking a Defense Position monster, it inflicted {lp - st.lp[1]}, not {gap}")


def _dm_plan(card: dict[str, Any], effect: dict[str, Any]) -> Plan | str:
    """The board for one Duel Masters ability, or why none is made for it."""
    kind = effect.get("kind")
    here = {"card": BENCH_NAME}
    if kind == "ninja_strike":  # the opponent's creature attacks: the Ninja Strike is used
        return Plan("hand", here, [{"do": "attack", "card": "attacker"}], turn_player="p2",
                    phase="attack")
    if kind == "s_trigger":
        return Plan("shield", here, [{"do": "break_shield", "card": BENCH_NAME}])
    if kind == "activation":
        return Plan("hand", here, [{"do": "cast", "card": BENCH_NAME}])
    if kind == "continuous" and effect.get("apply"):
        return _dm_static_plan(card, effect["apply"])
    if kind == "replacement" and (effect.get("instead") or {}).get("after_cast"):
        return Plan("hand", here, [{"do": "cast", "card": BENCH_NAME}])  # a Charger: cast
    if kind == "replacement" and (effect.get("instead") or {}).get("when") == "destroyed":
        if (effect["instead"].get("of") or "self") != "self":
            return Plan("battle", here, [])  # another creature of its is destroyed (below)
        return Plan("battle", here, [{"do": "destroy", "card": BENCH_NAME}])
    if kind != "trigger":
        return f"no set-up for a {kind} ability"
    ev = _first(effect.get("event")) or {}
    etype, mine = _first(ev.get("type")), ev.get("card") == "self"
    if any(op.get("op") == "untap" and op.get("card") == "self"
           for op in effect.get("operations") or []):
        here["tapped"] = True  # "untap this creature": it waits tapped
    if etype == "put_into_battle" and mine:
        return Plan("hand", here, [{"do": "put_into_battle", "card": BENCH_NAME}])
    if etype == "destroyed" and mine:
        return Plan("battle", here, [{"do": "destroy", "card": BENCH_NAME}])
    if etype == "attack_declared" and mine:
        return Plan("battle", here, [{"do": "attack", "card": BENCH_NAME}], phase="attack")
    if etype == "attack_declared" and ev.get("attacker") == "opponent":
        return Plan("battle", here, [{"do": "attack", "card": "attacker"}], turn_player="p2",
                    phase="attack")
    if etype == "battle_won" and mine:  # it attacks a tapped creature it beats
        rival = {"id": "bench_rival", "name": {"en": "Bench Rival"}, "type": "creature",
                 "civilization": "fire", "cost": 2, "races": ["Human"],
                 "power": max(int(card.get("power") or 1000) - 500, 0)}
        return Plan("battle", here, [{"do": "attack", "card": BENCH_NAME,
                                      "target": "Bench Rival"}], phase="attack", rivals=[rival])
    if etype in ("battle", "battle_won") and mine:
        return Plan("battle", here, [{"do": "attack", "card": BENCH_NAME,
                                      "target": "their_tapped"}], phase="attack")
    if etype == "turn_end":
        return Plan("battle", here, [{"do": "next_step"}], phase="attack",
                    turn_player="p2" if ev.get("player") == "opponent" else "p1")
    if etype == "turn_start":
        return Plan("battle", here, [{"do": "next_step"}], phase="end_of_turn",
                    turn_player="p1" if ev.get("player") == "opponent" else "p2")
    if etype == "blocked" and mine:  # the opponent's creature attacks: this creature blocks
        return Plan("battle", here, [{"do": "attack", "card": "attacker"}], turn_player="p2",
                    phase="attack")
    if etype == "cast" and ev.get("player") != "opponent":  # you cast a spell of your hand
        return Plan("battle", here, [{"do": "cast", "card": "my_spell"}])
    if etype == "shield_broken":
        return Plan("battle", here, [{"do": "break_shield", "card": "my_shield"}])
    return f"no set-up for the event {etype}"


#: the keys of a Duel Masters static ability about its creature's own attacks
ATTACK_KEYS = {"speed_attacker", "breaks", "cannot_attack", "attacks_untapped", "unblocked_by"}


def _dm_attacks(duel: Any, apply: dict[str, Any], iid: int) -> str | None:
    """A static ability about its creature's attacks seen on the board: a Speed attacker put
    into the battle zone this turn attacks; a Triple breaker's attack breaks 3 shields (as
    many as there are); an attack it can't make is refused; an untapped creature it can
    attack, it attacks. None when it is."""
    from engine.errors import IllegalAction

    st = duel.state
    theirs = [c for c in st.cards.values() if c.zone == "battle" and c.controller != 0]
    if apply.get("cannot_attack"):
        tapped = next((c.iid for c in theirs if c.tapped), None)  # one it could attack
        if tapped is None:
            return "no tapped creature of the opponent's to attack"
        tried = {"all": [None, tapped], "players": [None], "creatures": [tapped]}[
            apply["cannot_attack"]]
        for aim in tried:
            try:
                duel.apply({"do": "attack", "card": iid, **({"target": aim} if aim else {})})
            except IllegalAction:
                continue
            return "it attacked though it can't"
        return None
    if "unblocked_by" in apply:  # a Blocker it can't be blocked by, untapped, is not offered
        rival = next((c for c in theirs if c.card_id == "bench_rival"), None)
        if rival is None or rival.tapped:
            return "no untapped Blocker of the opponent's it can't be blocked by"
        try:
            duel.apply({"do": "attack", "card": iid})
        except IllegalAction as exc:
            return f"its attack was refused: {exc.reason}"
        d = st.decision
        if d is not None and d.kind == "block" and any(o.get("card") == rival.iid
                                                         for o in d.options):
            return "a creature it can't be blocked by may block it"
        return None
    first = len(st.instants)
    shields = len(st.cards_in(1, "shield"))
    aim = None
    if apply.get("attacks_untapped"):
        aim = next((c.iid for c in theirs if not c.tapped), None)
        if aim is None:
            return "no untapped creature of the opponent's to attack"
    try:
        duel.apply({"do": "attack", "card": iid, **({"target": aim} if aim else {})})
        _answer_all(duel, iid)
    except IllegalAction as exc:
        return f"its attack was refused: {exc.reason}"
    events = [ev for inst in st.instants[first:] for ev in inst["events"]]
    if aim is not None and not any(ev["type"] == "battle" and ev.get("card") == iid
                                   for ev in events):
        return "it did not battle the untapped creature it attacked"
    broken = sum(ev["type"] == "shield_broken" for ev in events)
    if "breaks" in apply and broken != min(apply["breaks"], shields):
        return f"its attack broke {broken} shields, not {apply['breaks']}"
    return None


def _dm_static_plan(card: dict[str, Any], apply: dict[str, Any]) -> Plan | str:
    """A Duel Masters static ability's board: the creature in the battle zone (tapped for
    "while tapped"); with "+N power while attacking", it attacks a tapped creature its printed
    power loses to (by 500)."""
    here: dict[str, Any] = {"card": BENCH_NAME}
    cond = apply.get("while")
    if cond == "attacking" and apply.get("to", "self") == "self" and "power" in apply:
        if isinstance(apply["power"], int) and apply["power"] <= 500:
            return "no set-up for a power attacker of +500 or less"
        rival = {"id": "bench_rival", "name": {"en": "Bench Rival"}, "type": "creature",
                 "civilization": "fire", "cost": 2, "races": ["Human"],
                 "power": int(card.get("power") or 1000) + 500}
        return Plan("battle", here, [{"do": "attack", "card": BENCH_NAME,
                                      "target": "Bench Rival"}], phase="attack", rivals=[rival])
    if apply.get("speed_attacker"):  # put into the battle zone, it attacks at once
        return Plan("hand", here, [{"do": "put_into_battle", "card": BENCH_NAME}],
                    phase="attack")
    if "unblocked_by" in apply:  # a Blocker of the kind it can't be blocked by waits
        rival = _fitting("duel_masters", {**apply["unblocked_by"], "blocker": True}, 0)
        rival.update({"id": "bench_rival", "name": {"en": "Bench Rival"}})
        return Plan("battle", here, [], phase="attack", rivals=[rival], rivals_tapped=False)
    if ATTACK_KEYS & set(apply):  # its attacks are tried in the attack step
        return Plan("battle", here, [], phase="attack")
    if cond not in (None, "tapped", "untapped"):
        return f"no set-up for a static ability while {cond}"
    if cond == "tapped":
        here["tapped"] = True
    return Plan("battle", here, [])


def _dm_applied(duel: Any, effect: dict[str, Any], iid: int, log: list[dict[str, Any]]
                ) -> str | None:
    """A Duel Masters static ability seen on the board: a power attacker wins the battle its
    printed power loses; any other power change is on a creature it applies to; a creature
    the opponent can't choose is refused to the opponent's choices; a creature that would be
    destroyed goes where its replacement says instead. None when it is."""
    from engine import protection

    st, source = duel.state, duel.state.cards[iid]
    if effect.get("kind") == "replacement" and (effect["instead"].get("of") or "self") != "self":
        # a Saver: another creature it covers is destroyed, and it is destroyed instead
        saved = next((c for c in st.cards.values() if c.zone == "battle" and c.iid != iid
                      and protection.covers(duel, effect["instead"]["of"], source, c)), None)
        if saved is None:
            return "no creature on the board is one it saves"
        duel.apply({"do": "destroy", "card": saved.iid})
        _answer_all(duel, iid)
        return None if saved.zone == "battle" and source.zone != "battle" else (
            "the creature it saves was destroyed")
    if effect.get("kind") == "replacement":
        to = duel.policy.zone_alias(effect["instead"].get("to") or "graveyard")
        how = "cast" if effect["instead"].get("after_cast") else "destroyed"
        return None if source.zone == to else (
            f"{how}, it went to the {source.zone}, not the {to}")
    apply = effect["apply"]
    if ATTACK_KEYS & set(apply):
        return _dm_attacks(duel, apply, iid)
    if apply.get("while") == "attacking" and apply.get("to", "self") == "self":
        won = any(ev.get("type") == "battle_won" and ev.get("card") == iid
                  for e in log if e["key"] == "instant" for ev in e["args"].get("events") or [])
        return None if won else "attacking, it did not win the battle its printed power loses"
    covered = [c for c in st.cards.values() if c.zone == "battle"
               and protection.covers(duel, apply.get("to", "self"), source, c)]
    if not covered:
        return "no creature on the board is one it applies to"
    if "power" in apply and not any(duel.stat(c, "power") != duel.definition(c).power
                                    for c in covered):
        return "the power of no creature it applies to changed"
    if apply.get("cannot") == "chosen" and protection.unchoosable_by(
            duel, covered[0], 1 - source.controller, targeting=False) is None:
        return "the opponent may choose a creature it protects"
    return None


#: a card's stat that a filter's bound is met by ("level_max: 4": Level 4)
_BOUND_VALUE = {"max": 0, "min": 0, "less_than": -1, "more_than": 1}
#: the most cards a player's zone of the field holds
_FIELD_ROOM = {"monster": 5, "spell_trap": 5, "field": 1, "battle": 8}


def _fitting(game: str, flt: dict[str, Any], n: int, zone: str = "") -> dict[str, Any]:
    """A card that passes the filter ``flt`` (a card file's mapping): the card an effect's
    words ask for ("1 Level 4 or lower WATER monster", "a "Thunder Dragon"", 「光文明の
    クリーチャー」), made for the board its effect is played on."""
    kinds = _first(flt.get("type"))
    card: dict[str, Any] = {"id": f"bench_fitting_{n}", "name": {"en": f"Bench Fitting {n}"}}
    if flt.get("name"):
        card["name"] = {"en": str(_first(flt["name"]))}
    if game == "yugioh":
        kind = kinds if kinds in ("spell", "trap") else "monster"
        card["type"] = kind
        sub = _first(flt.get("subtype"))
        if kind == "monster":
            card.update({"subtype": sub or ("normal" if flt.get("has_effects") is False
                                            else "normal"),
                         "attribute": str(_first(flt.get("attribute")) or "LIGHT"),
                         "race": str(_first(flt.get("race")) or "Warrior"),
                         "level": 4, "atk": 1000, "def": 1000})
            if zone == "extra" and card["subtype"] not in ("fusion", "synchro", "xyz", "link"):
                card["subtype"] = "fusion"  # an Extra Deck monster
            if flt.get("tuner"):
                card["tuner"] = True
        else:
            card["subtype"] = sub or "normal"
        if flt.get("archetype"):
            card["archetypes"] = [str(a) for a in (flt["archetype"] if isinstance(
                flt["archetype"], list) else [flt["archetype"]])]
    else:
        card["type"] = "spell" if kinds == "spell" else "creature"
        card.update({"civilization": str(_first(flt.get("civilization")) or "fire"),
                     "cost": 2})
        if card["type"] == "creature":
            race = _first(flt.get("race")) or _first(flt.get("race_has")) or "Human"
            card.update({"power": 2000, "races": [str(race)]})
        if flt.get("blocker"):
            card["blocker"] = True
    for key, want in flt.items():
        stat, _, how = key.rpartition("_")
        if how in _BOUND_VALUE and isinstance(want, int):
            card[stat] = max(want + _BOUND_VALUE[how], 0 if stat != "level" else 1)
    return card


def _selectors(value: Any) -> Iterable[tuple[dict[str, Any], int]]:
    """Every selector an effect's mapping holds (its targets, costs, operations and their
    options, the counts of its conditions), each with how many cards it wants."""
    if isinstance(value, dict):
        if "zone" in value and isinstance(value.get("zone"), str | list):
            yield value, max(int(value.get("count") or value.get("min") or 1), 1)
        for v in value.values():
            yield from _selectors(v)
    elif isinstance(value, list):
        for v in value:
            yield from _selectors(v)


def _made_for(game: str, effect: dict[str, Any], sides: dict[str, Any]) -> list[dict[str, Any]]:
    """Fit the board to the effect: for each card its words ask for, cards that pass its
    filter in each zone it names, on the side it names (more than it needs); a condition that
    some cards be absent ("if you control no monsters") empties that zone. The cards made."""
    cards: list[dict[str, Any]] = []
    # the cards an "untap" untaps are made tapped (else it would find nothing to do)
    untapping = {id(op[k]) for op in _all_ops(effect) if op.get("op") == "untap"
                 for k in ("all", "choose") if isinstance(op.get(k), dict)}
    for sel, wanted in _selectors(effect):
        zones = sel["zone"] if isinstance(sel["zone"], list) else [sel["zone"]]
        whose = sel.get("controller", "you")
        players = {"you": ["p1"], "opponent": ["p2"]}.get(whose, ["p1", "p2"])
        if sel.get("max") == 0:
            for player in players:
                for zone in zones:
                    sides[player][zone] = [c for c in sides[player].get(zone, [])
                                           if isinstance(c, dict) and c.get("card") == BENCH_NAME]
            continue
        flt = sel.get("filter") or {}
        fit = _fitting(game, flt, len(cards) + 1, zones[0])
        if fit["name"]["en"] not in {c["name"]["en"] for c in cards}:
            cards.append(fit)
        for player in players:
            for zone in zones[:1]:
                here = sides[player].setdefault(zone, [])
                room = _FIELD_ROOM.get(zone, 99) - len(here) - 1
                for _ in range(max(0, min(wanted + 1, room))):
                    placed: dict[str, Any] = {"card": fit["name"]["en"]}
                    if flt.get("face_up") is False:
                        placed["face_up"] = False
                    if flt.get("position"):
                        placed["position"] = flt["position"]
                    if game == "duel_masters" and (flt.get("tapped") or id(sel) in untapping
                                                   ) and zone in ("battle", "mana"):
                        placed["tapped"] = True
                    # below the cards a cost may take from the top of the Deck
                    here.insert(0, placed)
    for op in _all_ops(effect):
        if op.get("op") == "fusion_summon":  # a Fusion Monster and its two materials
            flt = (op.get("choose") or {}).get("filter") or {}
            material = _fitting(game, {}, len(cards) + 1)
            material["name"] = {"en": "Bench Fusion Material"}
            fusion = _fitting(game, {**flt, "subtype": "fusion"}, len(cards) + 2, "extra")
            fusion["materials"] = {"each": [{"name": "Bench Fusion Material"}] * 2}
            cards += [material, fusion]
            sides["p1"]["extra"] = [*sides["p1"].get("extra", []), fusion["name"]["en"]]
            where = "hand" if "hand" in (op.get("materials_from") or ["hand"]) else "monster"
            sides["p1"].setdefault(where, []).extend(["Bench Fusion Material"] * 2)
    return cards


def _all_ops(effect: dict[str, Any]) -> list[dict[str, Any]]:
    """Every operation of an effect, those of its options too."""
    out = []
    for op in effect.get("operations") or []:
        out.append(op)
        for option in op.get("options") or []:
            out += option.get("operations") or []
    return out


def play_effect(game: str, card: dict[str, Any], effect: dict[str, Any], index: int) -> str | None:
    """Put the card on a board made for one of its effects, fire what the effect waits for,
    and see it meet its timing (or be activated) and resolve with an effect: None when it did,
    else what went wrong."""
    import copy

    from engine import Duel
    from engine.errors import EngineError

    plan = _ygo_plan(card, effect, index) if game == "yugioh" else _dm_plan(card, effect)
    if isinstance(plan, str):
        return plan
    if any(a.get("do") == "tribute_summon" for a in plan.actions) and (
            card.get("level") or 4) < 5:
        card = {**card, "level": 6}  # a monster Tribute Summoned with one Tribute
    sides = copy.deepcopy(YGO_SIDES if game == "yugioh" else DM_SIDES)
    if any(op.get("op") == "detach" for op in effect.get("cost") or []):
        plan.placement = {**plan.placement, "under": ["Kuriboh", "Kuriboh"]}  # Xyz Materials
    for player, zone in plan.empty:
        sides[player][zone] = []
    sides["p1"].setdefault(plan.zone, []).append(plan.placement)
    to = (effect.get("apply") or {}).get("to")
    fitted = {**effect, "covered": {"zone": "monster", **to}} if isinstance(to, dict) else effect
    fitting = _made_for(game, fitted, sides) + plan.rivals
    for rival in plan.rivals:
        sides["p2"].setdefault("battle", []).append({"card": rival["name"]["en"],
                                                     "tapped": plan.rivals_tapped})
    setup: dict[str, Any] = {"turn_player": plan.turn_player, "turn": 3, **sides,
                             "phase": plan.phase or ("main1" if game == "yugioh" else "main")}
    try:
        duel = Duel(game, setup=setup, cards=[card, *fitting])
        iid = duel.ref(BENCH_NAME)
        before = len(duel.state.log)
        zones = {i: c.zone for i, c in duel.state.cards.items()}
        for action in plan.actions:
            duel.apply(action)
            _answer_all(duel, iid)
        if plan.use and not any(e["key"] == "chain.link" and e["args"].get("card") == iid
                                for e in duel.state.log[before:]):
            use = next((a for a in duel.legal_actions()
                        if a.get("do") == "activate" and a.get("card") == iid), None)
            if use is not None:
                duel.apply(use)
                _answer_all(duel, iid)
    except EngineError as exc:
        return f"{type(exc).__name__}: {getattr(exc, 'reason', exc)}"
    if game == "duel_masters" and effect.get("kind") in ("continuous", "replacement"):
        try:
            return _dm_applied(duel, effect, iid, duel.state.log[before:])
        except EngineError as exc:
            return f"{type(exc).__name__}: {getattr(exc, 'reason', exc)}"
    if effect.get("kind") == "continuous":
        try:
            return _applied(duel, effect, iid)
        except EngineError as exc:
            return f"{type(exc).__name__}: {getattr(exc, 'reason', exc)}"
    log = duel.state.log[before:]
    mine = [e for e in log if e["args"].get("card") == iid]
    keys = {e["key"] for e in mine}
    kind = effect.get("kind")
    if game == "yugioh":
        phased = bool(effect.get("phase")) or (_first(effect.get("event")) or {}).get(
            "type") == "phase_start"
        met = "trigger.met" in keys or (phased and "chain.link" in keys)  # a phase timing
        # is met by the phase itself: the trigger is offered or activated when it begins
        if kind == "trigger" and not met:
            return "its trigger did not meet its timing"
        if "chain.link" not in keys:
            return "it was not activated"
        links = {e["args"].get("link") for e in mine if e["key"] == "chain.link"}
        if "chain.resolve" not in keys:
            return "it did not resolve"
        if any(e["key"] == "chain.no_effect" and e["args"].get("link") in links for e in log):
            return "it resolved with no effect"
        resolved = ("chain.resolve",)
    else:
        if kind == "trigger" and "pending.add" not in keys:
            return "its ability did not trigger"
        if kind == "ninja_strike":
            return None if duel.state.cards[iid].zone == "battle" else (
                "its Ninja Strike did not summon it")
        if kind == "s_trigger":
            return None if duel.state.cards[iid].zone != "shield" and "pending.resolve" in keys \
                else "its S-Trigger was not used"
        if "pending.no_effect" in keys:
            return "it resolved with no effect"
        resolved = ("pending.resolve", "spell.resolve")
    if not _did_something(log, resolved, iid) and not _moved_unseen(duel, zones, effect, iid) \
            and not _protected_unseen(duel, effect, iid) and not _lasting_unseen(duel, iid):
        return "it resolved, but nothing happened"
    return _negation_missing(duel, effect)


def _negation_missing(duel: Any, effect: dict[str, Any]) -> str | None:
    """Why a lasting negation the effect gives (``negate_effects`` ``until: leaves_field``,
    "the monster Special Summoned by this effect has its effects negated") is not seen: no
    card on the field has its effects negated by it now."""
    from engine import protection

    if not any(op.get("op") == "negate_effects" and op.get("until") == "leaves_field"
               for op in _all_ops(effect)):
        return None
    if any(c.flags.get("negated_turn") == "lasting"
           and protection.negated_by(duel, c) == c.iid for c in duel.state.cards.values()):
        return None
    return "the cards it negates are not negated"


def _protected_unseen(duel: Any, effect: dict[str, Any], iid: int) -> bool:
    """Whether a Duel Masters ``protect`` the effect gives ("this turn, they can't be
    blocked"), which no event records, is now on a creature, from the card measured."""
    wanted = {op.get("cannot") for op in _all_ops(effect) if op.get("op") == "protect"}
    return bool(wanted) and any(m.get("cannot") in wanted and m.get("source") == iid
                                for c in duel.state.cards.values() for m in c.mods)


def _lasting_unseen(duel: Any, iid: int) -> bool:
    """Whether the effect left a lasting change about a player ("this turn, the damage you
    take becomes 0"), which no event records, from the card measured."""
    return any(m.get("source") == iid for m in duel.state.lasting)


#: operations whose moves the engine's log holds no event for (a card put into the shields
#: face down, or into the deck): the bench sees them in the zones of the cards they moved
_UNSEEN_TO = {"add_shield": "shield", "put_into_deck": "deck"}


def _moved_unseen(duel: Any, zones: dict[int, str], effect: dict[str, Any], iid: int) -> bool:
    """Whether a card other than the one measured is now in a zone the effect moves cards to
    unseen (its shields, its deck), where it was not on the board made for it."""
    wanted = {_UNSEEN_TO[op["op"]] for op in _all_ops(effect) if op.get("op") in _UNSEEN_TO}
    return bool(wanted) and any(c.zone in wanted and zones.get(i) != c.zone
                                for i, c in duel.state.cards.items() if i != iid)


def _did_something(log: list[dict[str, Any]], resolved: tuple[str, ...], iid: int) -> bool:
    """Whether the first instant after the effect's resolution began holds an event of its
    own: anything but the chain link's end and the card's own way to the graveyard by the
    rules (a resolved spell)."""
    start = next((i for i, e in enumerate(log) if e["key"] in resolved
                  and e["args"].get("card") == iid), None)
    if start is None:
        return False
    for e in log[start + 1:]:
        if e["key"] == "instant":
            return any(ev.get("type") != "link_resolved" and not (
                ev.get("card") == iid and ev.get("cause") == "rule")
                for ev in e["args"].get("events") or [])
    return False


def play_flag(game: str, card: dict[str, Any], flag: str) -> str | None:
    """Play a keyword the card compiled to as a card flag: a Blocker blocks the opponent's
    attacking creature; a Double breaker attacks and breaks two shields. None when it did."""
    import copy

    from engine import Duel
    from engine.errors import EngineError

    sides = copy.deepcopy(DM_SIDES)
    sides["p1"]["battle"] = [{"card": BENCH_NAME}]
    if flag == "blocker":
        setup = {"turn_player": "p2", "turn": 3, "phase": "attack", **sides}
        attack = {"do": "attack", "card": "attacker"}
    elif flag == "double_breaker":
        setup = {"turn_player": "p1", "turn": 3, "phase": "attack", **sides}
        attack = {"do": "attack", "card": BENCH_NAME}
    else:
        return f"no set-up for the flag {flag}"
    try:
        duel = Duel(game, setup=setup, cards=[card])
        iid = duel.ref(BENCH_NAME)
        first = len(duel.state.instants)
        duel.apply(attack)
        _answer_all(duel, iid)
    except EngineError as exc:
        return f"{type(exc).__name__}: {getattr(exc, 'reason', exc)}"
    events = [ev for inst in duel.state.instants[first:] for ev in inst["events"]]
    if flag == "blocker" and not any(ev["type"] == "blocked" and ev.get("card") == iid
                                     for ev in events):
        return "it did not block"
    if flag == "double_breaker" and sum(ev["type"] == "shield_broken" for ev in events) != 2:
        return "its attack did not break two shields"
    return None


def play_card(score: CardScore) -> None:
    """Build, load and play a card with at least one compiled effect."""
    from engine.cards import parse_cards
    from engine.errors import EngineError

    entry = score.entry
    card = build_card(entry, score.effects)
    score.card = card
    try:
        [definition] = parse_cards([card], file="bench", game_hint=entry["game"])
    except (EngineError, ValueError) as exc:
        score.why_not_played = f"did not load: {getattr(exc, 'reason', exc)}"
        return
    score.loaded = True
    for flag in (k for s in score.effects if s.compiled for k in s.flags):
        if not getattr(definition, flag, False):
            score.why_not_played = f"loaded without its flag {flag}"
            return
        why = play_flag(entry["game"], card, flag)
        if why:
            score.why_not_played = f"{flag}: {why}"
            return
    for index, effect in enumerate(card["effects"]):
        why = play_effect(entry["game"], card, effect, index)
        if why:
            score.why_not_played = f"effect {index + 1} ({effect.get('kind')}): {why}"
            return
    score.played = True


# ---------------------------------------------------------------------------- the report
@dataclass
class Figures:
    effects: int = 0
    right: int = 0
    compiled: int = 0
    expressible: int = 0  # effects whose operations the vocabulary can say
    compiled_expressible: int = 0
    cards: int = 0
    compiled_cards: int = 0
    loaded: int = 0
    played: int = 0
    extra: int = 0
    extra_lines: int = 0

    def add(self, card: CardScore) -> None:
        self.cards += 1
        self.extra += card.extra
        self.extra_lines += card.extra_lines
        for e in card.effects:
            self.effects += 1
            self.right += e.right
            self.compiled += e.compiled
            if e.expected.get("ops", ...) is not None:
                self.expressible += 1
                self.compiled_expressible += e.compiled
        if card.compiled:
            self.compiled_cards += 1
            self.loaded += card.loaded
            self.played += card.played


def measure(entries: Iterable[dict[str, Any]]) -> list[CardScore]:
    scores = []
    for entry in entries:
        score = score_entry(entry)
        if score.compiled:
            play_card(score)
        scores.append(score)
    return scores


def _pct(n: int, d: int) -> str:
    return f"{100.0 * n / d:5.1f}%" if d else "  n/a"


def report(scores: list[CardScore], title: str, seconds: float) -> list[str]:
    total = Figures()
    by: dict[tuple[str, str], Figures] = {}
    for s in scores:
        total.add(s)
        by.setdefault((s.entry["game"], s.entry["lang"]), Figures()).add(s)
    t = total

    def met(ok: bool) -> str:
        return "met" if ok else "not met"

    right_ok = t.effects and 100.0 * t.right / t.effects >= GOAL_RIGHT
    compiled_ok = t.effects and 100.0 * t.compiled / t.effects >= GOAL_COMPILED
    lines = [
        f"reader ({title}): {t.cards} cards, {t.effects} effects, read in {seconds:.1f} s",
        f"  effects fully right      {t.right:4d}/{t.effects:<4d} {_pct(t.right, t.effects)}"
        f"   goal >= {GOAL_RIGHT:.0f}%: {met(bool(right_ok))}",
        f"  effects compiled         {t.compiled:4d}/{t.effects:<4d} "
        f"{_pct(t.compiled, t.effects)}   goal >= {GOAL_COMPILED:.0f}%: {met(bool(compiled_ok))}"
        f"  ({t.compiled_expressible}/{t.expressible} of those the vocabulary can say)",
        f"  compiled cards played    {t.played:4d}/{t.compiled_cards:<4d} "
        f"{_pct(t.played, t.compiled_cards)}   goal: every one: "
        f"{met(t.played == t.compiled_cards)}  ({t.loaded} loaded)",
        f"  readings of no effect    {t.extra:4d}   ({t.extra_lines} of a name, type or stat line,"
        " a Summoning condition or a restriction; the others, a text split too far)",
    ]
    for game in GAMES:
        for lang in LANGS:
            f = by.get((game, lang))
            if f is None:
                continue
            lines.append(
                f"    {game:12s} {lang}: {f.cards:3d} cards, right {f.right:3d}/{f.effects:<3d}"
                f" {_pct(f.right, f.effects)}, compiled {f.compiled:3d}/{f.effects:<3d}"
                f" {_pct(f.compiled, f.effects)}, played {f.played}/{f.compiled_cards}")
    return lines


def details(scores: list[CardScore]) -> list[str]:
    """Every effect not fully right or not compiled, and every compiled card not played."""
    lines = []
    for card in scores:
        name = card.entry["name"]
        for k, e in enumerate(card.effects, 1):
            if e.missed:
                lines.append(f"  {name} #{k}: {e.missed}")
                continue
            if e.wrong:
                fields = ", ".join(f"{f} {want!r} read {got!r}" for f, (want, got)
                                   in e.wrong.items())
                lines.append(f"  {name} #{k}: not right: {fields}")
            if e.not_compiled:
                lines.append(f"  {name} #{k}: not compiled: {e.not_compiled[:160]}")
        if card.compiled and not card.played:
            lines.append(f"  {name}: compiled but not played: {card.why_not_played}")
    return lines


def run(path: Path = CORPUS, title: str | None = None, show: bool = False) -> list[str]:
    """The reader's figures on a corpus file, as lines (``python -m bench`` prints them)."""
    start = time.perf_counter()
    scores = measure(load(path))
    lines = report(scores, title or path.name, time.perf_counter() - start)
    if show:
        lines += details(scores)
    return lines


def counts(entries: list[dict[str, Any]]) -> Counter[tuple[str, str]]:
    return Counter((e.get("game"), e.get("lang")) for e in entries)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.reader", description=__doc__.split(
        "\n\n")[0])
    parser.add_argument("--tuning", action="store_true", help="measure the tuning set")
    parser.add_argument("--file", type=Path, help="measure another file of the same form")
    parser.add_argument("--effects", action="store_true",
                        help="list every effect not fully right or not compiled, with why")
    args = parser.parse_args(argv)
    path = args.file or (TUNING if args.tuning else CORPUS)
    for line in run(path, show=args.effects):
        print(line, flush=True)
    if path == CORPUS:  # beside the corpus's figures, the library read back (item 5)
        from .library_readback import report as library_report

        for line in library_report():
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
