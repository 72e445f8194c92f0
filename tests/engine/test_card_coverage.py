"""Every built-in card does what its text says, or its note says what it leaves out.

Each sentence of a card's English text is cut into words, and every word must be claimed:

- by one of the card's effects, whose ``text:`` quotes the part of the card text it does
  (several parts are separated by "…");
- by the card's ``note:``, which quotes the part it leaves out between “curly quotes”;
- or by a field of the card that is that part of the text: "Tuner." (``tuner``), "Blocker."
  (``blocker``), "Double breaker." (``double_breaker``), "Evolution ..." (``evolves_from``),
  an Extra Deck monster's first sentence, its materials (``materials``, or the Synchro, Xyz
  and Link defaults); a Normal Monster's or a Token's text, and "(No abilities.)", are no
  effect when the card has none.

A quotation that is not in the card's text fails (the text changed, or the quote is wrong),
and so does an effect whose quoted text says something it does not do: "You can" on a
trigger that is mandatory, "once per turn" on one with no limit, "destroy", "draw 2 cards",
"inflict 500 damage"... on one with no such operation.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.cards import CardDef, EffectDef, builtin_library

QUOTE = re.compile(r"“([^”]+)”")
WORD = re.compile(r"[a-z0-9]+")
NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
EXTRA_DECK = ("fusion", "synchro", "xyz", "link")


def normal(text: str) -> str:
    """Text as compared: one kind of quote and dash, single spaces, case-folded."""
    text = text.replace("“", '"').replace("”", '"').replace("’", "'").replace("−", "-")
    return " ".join(text.split()).casefold()


def sentences(text: str) -> list[str]:
    """The sentences of a card text: cut after a full stop outside brackets (or after a
    bracketed sentence), and before a "●" bullet."""
    text = " ".join(text.split())
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch == "("
        depth -= ch == ")"
        last = i + 1 == len(text) or text[i + 1] == " "
        end = depth == 0 and last and (ch in ".!?" or (ch == ")" and text[i - 1] in ".!?"))
        bullet = ch == "●"
        if end or bullet:
            piece = text[start:i + (0 if bullet else 1)].strip()
            if piece:
                out.append(piece)
            start = i + 1
    if text[start:].strip():
        out.append(text[start:].strip())
    return out


def fragments(quoted: str) -> list[str]:
    """The parts of a quotation: "…" separates parts that are apart in the card text."""
    return [f.strip(" .,;:") for f in normal(quoted).split("…") if f.strip(" .,;:")]


def _ops(effect: EffectDef) -> list[dict[str, Any]]:
    """Every operation an effect may do: cost, operations, modes, what happens instead."""
    todo = [*effect.cost, *effect.operations, *((effect.instead or {}).get("operations") or [])]
    out = []
    while todo:
        op = todo.pop()
        out.append(op)
        for option in op.get("options") or []:
            todo += option.get("operations") or []
    return out


def _amounts(value: Any) -> set[int]:
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value, abs(value)}
    if isinstance(value, dict) and "times" in value:
        return {value["times"], abs(value["times"])}
    return set()


def doings(effect: EffectDef) -> set[str]:
    """What an effect does, as the words its text may use: operation names, ``kind:amount``
    for the numbers, the events it waits for."""
    done: set[str] = set()
    if effect.kind == "procedure":  # a monster's own Special Summon (YGO-INHERENT-SUMMON)
        done.add("summon")
    apply = effect.apply or {}
    instead = effect.instead or {}
    for op in _ops(effect):
        name = op.get("op", "")
        done.add(name)
        if op.get("destroy"):
            done.add("destroy")
        if op.get("banish") or name == "banish_when_leaves":
            done.add("banish")
        if name.startswith("negate"):
            done.add("negate")
        if name in ("special_summon", "summon_token", "fusion_summon", "ritual_summon",
                    "put_into_battle"):
            done.add("summon")
        for n in _amounts(op.get("amount")):
            done.add(f"{'power' if name == 'power' else op.get('stat', name)}:{n}")
        if name == "draw":
            done.add(f"draw:{op.get('count', 1)}")
        if name in ("add_to_hand", "return_to_hand") or (
                name == "look_at_top" and (op.get("pick") or {}).get("to", "hand") == "hand"):
            done.add("to_hand")
    if apply.get("rule") == "unique_names":
        done.add("destroy")
    if "negate" in apply:
        done.add("negate")
    for stat in ("atk", "def", "power"):
        for n in _amounts(apply.get(stat)):
            done.add(f"{stat}:{n}")
    if instead.get("to") == "banished":
        done.add("banish")
    if instead.get("to") == "hand":
        done.add("to_hand")
    if instead.get("to") == "mana":
        done.add("put_into_mana")
    for pattern in (*effect.event, *effect.respond_to):
        types = pattern.get("type")
        done |= {f"event:{t}" for t in (types if isinstance(types, list) else [types])}
    return done


#: what a quoted text says, and what the effect must then do (any of them)
SAYS = [
    (r"(?<!cannot )(?<!can't )\bdestroy\b", {"destroy"}),
    (r"\bbanish\b", {"banish"}),
    (r"\bdiscards?\b", {"discard"}),
    (r"\bnegate\b", {"negate"}),
    (r"\bspecial summon\b", {"summon", "negate_summon", "event:summoning"}),
    (r"\bsend\b", {"send_to_gy"}),
    (r"\btribute (?:\d|this|one)", {"tribute"}),
    (r"\bdraws?\b", {"draw", "event:drawn"}),
    (r"\btap\b", {"tap"}),
    (r"\buntap\b", {"untap"}),
    (r"\bbreak\b", {"break_shield"}),
    (r"\b(?:return|add)\b[^.;:]*\bhands?\b", {"to_hand"}),
    (r"\bput[^.;:]*\binto (?:your|its owner's|their owners') mana zones?", {"put_into_mana"}),
    (r"\bput[^.;]*\binto the battle zone", {"put_into_battle", "event:put_into_battle"}),
]
#: numbers a quoted text names, and the ``kind:amount`` the effect must do
SAYS_NUMBER = [
    (r"\b(?:inflict|takes?) (\d+) damage", "damage"),
    (r"\bgains? (\d+) lp", "gain_lp"),
    (r"\bpay (\d+) lp", "pay_lp"),
    (r"\bgains? (\d+) atk|\batk is (\d+) higher|(\d+) atk for each|(\d+) x the number", "atk"),
    (r"([+-]\d+) power", "power"),
    (r"\bdraws? (\d+|a|one|two|three|four|five) cards?", "draw"),
]
MAY = re.compile(r"\b(?:you|they) (?:can|may)\b(?! only)")


def effect_problems(card: CardDef, effect: EffectDef) -> list[str]:
    """Where an effect's quoted text says what the effect does not do."""
    said = " ".join(fragments(effect.text))
    where = f"effect {effect.index} ({effect.label or effect.kind})"
    done = doings(effect)
    problems = []
    for pattern, wanted in SAYS:
        if re.search(pattern, said) and not done & wanted:
            problems.append(f"{where} says {pattern!r} but does none of {sorted(wanted)}")
    for pattern, kind in SAYS_NUMBER:
        for match in re.finditer(pattern, said):
            word = next(g for g in match.groups() if g)
            n = NUMBERS.get(word) or int(word)
            if f"{kind}:{n}" not in done and f"{kind}:{abs(n)}" not in done:
                problems.append(f"{where} says {match.group()!r} but does no {kind} of {n}")
    if effect.kind in ("trigger", "replacement"):
        says_may = bool(MAY.search(said))
        may = effect.optional or any(
            (op.get(s) or {}).get("up_to") for op in _ops(effect)
            for s in ("choose", "pick") if isinstance(op.get(s), dict))
        if says_may and not may:
            problems.append(f"{where} says “you can/may” but is mandatory")
        if effect.optional and not says_may:
            problems.append(f"{where} is optional but its text has no “you can/may”")
    if ("once per turn" in said) != bool(effect.once_per_turn):
        problems.append(f"{where}: “once per turn” in its text and once_per_turn disagree")
    return problems


def _field_covers(card: CardDef, index: int, sentence: str) -> bool:
    """A sentence that a field of the card is, or text that is no effect."""
    s = normal(sentence).strip(" .")
    if not card.effects and (card.subtype == "normal" or card.type == "token"
                             or s == "(no abilities.)"):
        return True
    if card.game == "yugioh" and s == "tuner":
        return card.tuner
    if s == "blocker":
        return card.blocker
    if s == "double breaker":
        return card.double_breaker
    if s.startswith("evolution"):
        return card.evolves_from is not None
    if index == 0 and card.subtype in EXTRA_DECK:
        return card.materials is not None or card.subtype != "fusion"
    return False


def coverage_problems(card: CardDef) -> list[str]:
    """Each sentence of the card's English text that no effect, note or field claims (with
    the words left over), each quotation not in the text, each effect that does not do what
    it quotes."""
    text = normal(card.text)
    covered = [False] * len(text)
    problems = []
    quotes = [(f"effect {e.index}", f) for e in card.effects for f in fragments(e.text)]
    quotes += [("note", f) for q in QUOTE.findall(card.note) for f in fragments(q)]
    whole = {normal(s).strip(" .,;:") for s in sentences(card.text)}
    for source, fragment in quotes:
        if len(WORD.findall(fragment)) < 2 and fragment not in whole:
            problems.append(f"{source} quotes too little to say where: {fragment!r}")
            continue
        starts = [m.start() for m in re.finditer(re.escape(fragment), text)]
        if not starts:
            problems.append(f"{source} quotes {fragment!r}, which is not in the text")
        for start in starts:
            covered[start:start + len(fragment)] = [True] * len(fragment)
    at = 0
    for index, sentence in enumerate(sentences(card.text)):
        s = normal(sentence)
        start = text.find(s, at)
        at = start + len(s)
        if _field_covers(card, index, sentence):
            continue
        left = [m.group() for m in WORD.finditer(s) if not all(covered[start + m.start():
                                                                         start + m.end()])]
        if left:
            problems.append(f"not claimed by an effect, the note or a field: {sentence!r} "
                            f"(left over: {' '.join(left)})")
    for effect in card.effects:
        bare = all(op.get("op") == "nothing" for op in effect.operations) and not (
            effect.cost or effect.apply or effect.instead)
        if not effect.text and not bare:
            problems.append(f"effect {effect.index} ({effect.label or effect.kind}) quotes no "
                            "text (text:)")
        problems += effect_problems(card, effect)
    return problems


@pytest.mark.parametrize("game", ["yugioh", "duel_masters"])
def test_every_sentence_is_done_or_noted(game: str) -> None:
    failing = {c.id: p for c in builtin_library() if c.game == game
               if (p := coverage_problems(c))}
    assert not failing, "\n".join(f"{card}: {p}" for card, ps in failing.items() for p in ps)


def _card(**fields: Any) -> CardDef:
    from engine.cards import parse_card

    return parse_card({"id": "x", "name": "X", **fields}, file="t", game_hint="yugioh")


TRIGGER = {"kind": "trigger", "event": {"type": "summoned", "card": "self"}}


def test_a_sentence_no_effect_claims_fails() -> None:
    card = _card(type="monster", subtype="effect", text=(
        "If this card is Summoned: Draw 1 card. Your opponent cannot target this card."),
        effects=[{**TRIGGER, "text": "If this card is Summoned: Draw 1 card.",
                  "operations": [{"op": "draw", "count": 1}]}])
    problems = coverage_problems(card)
    assert len(problems) == 1 and "Your opponent cannot target this card." in problems[0]
    noted = _card(type="monster", subtype="effect", text=card.text,
                  note="Not modelled: “Your opponent cannot target this card.”",
                  effects=[{**TRIGGER, "text": "If this card is Summoned: Draw 1 card.",
                            "operations": [{"op": "draw", "count": 1}]}])
    assert coverage_problems(noted) == []


def test_a_part_of_a_sentence_left_over_fails() -> None:
    card = _card(type="monster", subtype="effect",
                 text="If this card is Summoned: Draw 1 card, then discard 1 card.",
                 effects=[{**TRIGGER, "text": "If this card is Summoned: Draw 1 card",
                           "operations": [{"op": "draw", "count": 1}]}])
    assert any("left over: then discard 1 card" in p for p in coverage_problems(card))


def test_a_quote_not_in_the_text_fails() -> None:
    card = _card(type="spell", text="Draw 2 cards.", note="“Gain 1000 LP” is left out.",
                 effects=[{"kind": "activation", "text": "Draw 2 cards.",
                           "operations": [{"op": "draw", "count": 2}]}])
    assert any("not in the text" in p for p in coverage_problems(card))


@pytest.mark.parametrize(("text", "effect", "wrong"), [
    ("Draw 2 cards.", {"operations": [{"op": "draw", "count": 1}]}, "draw of 2"),
    ("Destroy 1 monster.", {"operations": [{"op": "banish", "card": "self"}]}, "destroy"),
    ("Inflict 500 damage to your opponent.",
     {"operations": [{"op": "damage", "player": "opponent", "amount": 300}]}, "damage of 500"),
    ("All monsters gain 200 ATK.", {"kind": "continuous", "apply": {"atk": 100}}, "atk of 200"),
])
def test_an_effect_that_does_not_do_what_it_quotes_fails(text, effect, wrong) -> None:
    card = _card(type="spell", text=text,
                 effects=[{"kind": "activation", "text": text, **effect}])
    assert any(wrong in p for p in coverage_problems(card)), coverage_problems(card)


def test_you_can_and_once_per_turn_must_match_the_effect() -> None:
    text = ("If this card is Summoned: You can draw 1 card. You can only use this effect once "
            "per turn.")
    mandatory = _card(type="monster", subtype="effect", text=text, effects=[
        {**TRIGGER, "text": text, "once_per_turn": True,
         "operations": [{"op": "draw", "count": 1}]}])
    assert any("mandatory" in p for p in coverage_problems(mandatory))
    unlimited = _card(type="monster", subtype="effect", text=text, effects=[
        {**TRIGGER, "text": text, "optional": True, "operations": [{"op": "draw", "count": 1}]}])
    assert any("once per turn" in p for p in coverage_problems(unlimited))
    right = _card(type="monster", subtype="effect", text=text, effects=[
        {**TRIGGER, "text": text, "optional": True, "once_per_turn": True,
         "operations": [{"op": "draw", "count": 1}]}])
    assert coverage_problems(right) == []


def test_sentences_keep_brackets_and_split_bullets() -> None:
    assert sentences("Ninja Strike 4 (When it attacks. At the end.) Draw. ● Add. ● Send.") == [
        "Ninja Strike 4 (When it attacks. At the end.)", "Draw.", "Add.", "Send."]
    assert sentences("Gets 1 (max. 1) counter. (Only once.) Draw.") == [
        "Gets 1 (max. 1) counter.", "(Only once.)", "Draw."]
