"""A reading of a card's text (:func:`engine.classify.classify`) put into the card files'
vocabulary (docs/cards.md): each effect's kind, wording, optional, event pattern, costs,
targets and operations, as far as the words say them.

The phrases below are the games' usual wordings of a few common events and operations
("this card is sent to the GY", 「墓地へ送られた」, "draw 1 card", 「破壊する」...), not a list of
cards. A part that does not match one of them is not guessed: it is left out of the effect and
reported beside its field, for the person writing the card to fill in.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import EffectReading

#: the effect kinds a reading maps to directly (others are card flags or cannot be mapped)
_KINDS = {"trigger": "trigger", "ignition": "ignition", "quick": "quick",
          "activation": "activation", "flip": "trigger", "s_trigger": "s_trigger",
          "ninja_strike": "ninja_strike"}

Pattern = tuple[str, Callable[[re.Match[str]], dict[str, Any]]]


@dataclass
class EffectMapping:
    """One reading as a card file's effect: ``effect`` is None when the reading gives no
    effect of its own (a flag of the card such as Blocker, or a part that cannot be mapped);
    ``flags`` are card fields it sets; ``problems`` name each field left unread, and why."""

    reading: EffectReading
    effect: dict[str, Any] | None = None
    flags: dict[str, Any] = field(default_factory=dict)
    problems: dict[str, str] = field(default_factory=dict)


def _norm(text: str | None) -> str:
    """Text as matched: NFKC (full-width digits and letters as ASCII), lower case, trimmed."""
    return unicodedata.normalize("NFKC", text or "").casefold().strip(" .。、,;:")


def _n(m: re.Match[str]) -> int:
    """The number a pattern read, under its name ``n`` or ``k`` (one per alternative)."""
    found = m.groupdict()
    return int(found.get("n") or found.get("k") or 1)


def _self(event_type: str, **more: Any) -> Callable[[re.Match[str]], dict[str, Any]]:
    """An event pattern about the card itself."""
    return lambda m: {"type": event_type, "card": "self", **more}


_NORMAL = ["normal", "tribute"]
#: (pattern, event) for Yu-Gi-Oh! events, English and Japanese; the first match wins
_YGO_EVENTS: list[Pattern] = [
    (r"this (face-up )?card (on the field )?is sent (from the field )?to the (gy|graveyard)",
     _self("sent_to_gy")),
    (r"このカードが(フィールドから)?墓地へ送られ", _self("sent_to_gy")),
    (r"this card is destroyed by battle|このカードが戦闘で破壊され",
     _self("destroyed", cause="battle")),
    (r"this card is destroyed|このカードが(戦闘・効果で)?破壊され", _self("destroyed")),
    (r"this card is (normal|tribute) summoned|このカードが(通常)?召喚(に成功し|され)",
     _self("summoned", how=_NORMAL)),
    (r"this card is special summoned|このカードが特殊召喚(に成功し|され)",
     _self("summoned", how="special")),
    (r"this card is flip summoned|このカードが反転召喚", _self("summoned", how="flip")),
    (r"this card is (normal or special )?summoned|このカードが(召喚・特殊召喚|召喚)",
     _self("summoned")),
    (r"this card is discarded|このカードが手札から捨てられ", _self("discarded")),
    (r"this card is banished|このカードが除外され", _self("banished")),
    (r"this card is tributed|このカードがリリースされ", _self("tributed")),
    (r"this card (declares an attack|attacks)|このカードが攻撃宣言|このカードの攻撃宣言",
     _self("attack_declared")),
    (r"flip", _self("flipped")),
]
#: (pattern, event) for Duel Masters events, Japanese and English
_DM_EVENTS: list[Pattern] = [
    (r"このクリーチャーが(バトルゾーンに)?出た|put this creature into the battle zone"
     r"|this creature is put into the battle zone", _self("put_into_battle")),
    (r"このクリーチャーが攻撃する|this creature attacks", _self("attack_declared")),
    (r"このクリーチャーが破壊され|this creature is destroyed", _self("destroyed")),
    (r"このクリーチャーがバトルに勝|this creature wins a battle", _self("battle_won")),
    (r"(自分の)?シールドがブレイクされ|your shields? (is|are) broken",
     lambda m: {"type": "shield_broken", "player": "you"}),
    (r"相手のクリーチャーが攻撃する|(one of )?your opponent's creatures attacks",
     lambda m: {"type": "attack_declared", "attacker": "opponent"}),
]
#: where a Yu-Gi-Oh! card must be to activate a trigger on each event (YGO-LOCATION)
_YGO_FROM = {"sent_to_gy": "gy", "destroyed": "gy", "discarded": "gy", "tributed": "gy",
             "banished": "banished"}

_N = r"(?P<n>\d+)"
_K = r"(?P<k>\d+)"
_OPPONENT_CARD = {"monster": ["monster"], "card": ["monster", "spell_trap", "field"],
                  "spell/trap": ["spell_trap", "field"], "spell": ["spell_trap", "field"],
                  "trap": ["spell_trap"]}
_KIND_JA = {"モンスター": "monster", "カード": "card", "魔法・罠カード": "spell/trap"}
_FILTER = {"monster": {"type": "monster"}, "spell/trap": {"type": ["spell", "trap"]},
           "spell": {"type": "spell"}, "trap": {"type": "trap"}}
_WHOSE = {"your opponent controls": "opponent", "you control": "you", "on the field": "any",
          "相手": "opponent", "自分": "you", "": "any"}


def _target(n: int, what: str, whose: str) -> list[dict[str, Any]]:
    """A Yu-Gi-Oh! target chosen at activation: ``n`` of a kind of card, on whose side."""
    target: dict[str, Any] = {"as": "target", "zone": _OPPONENT_CARD[what],
                              "controller": _WHOSE[whose], "count": n}
    if what in _FILTER:
        target["filter"] = _FILTER[what]
    return [target]


#: Yu-Gi-Oh! targets, chosen at activation
_YGO_TARGETS: list[Pattern] = [
    (rf"target {_N} (?P<what>monster|card|spell/trap|spell|trap)s? ?"
     r"(?P<whose>your opponent controls|you control|on the field)",
     lambda m: _target(_n(m), m.group("what"), m.group("whose"))),
    (rf"(?P<whose>相手|自分|)(の)?フィールド(上)?の(?P<what>モンスター|魔法・罠カード|カード){_N}[体枚]を対象",
     lambda m: _target(_n(m), _KIND_JA[m.group("what")], m.group("whose"))),
]
#: costs, paid at activation (both games' usual wordings)
_COSTS: list[Pattern] = [
    (rf"discard {_N} cards?|手札を{_K}枚捨て",
     lambda m: [{"op": "discard", "choose": {"zone": "hand", "controller": "you",
                                             "count": _n(m)}}]),
    (rf"pay {_N} (lp|life points)|{_K}(lp|ライフポイント)を払",
     lambda m: [{"op": "pay_lp", "amount": _n(m)}]),
    (r"tribute this card|このカードをリリース", lambda m: [{"op": "tribute", "card": "self"}]),
    (r"send this card (from the field )?to the (gy|graveyard)|このカードを墓地へ送",
     lambda m: [{"op": "send_to_gy", "card": "self"}]),
    (r"banish this card( from your (gy|graveyard))?|(墓地の)?このカードを除外",
     lambda m: [{"op": "banish", "card": "self"}]),
]
_IT = r"(it|that target|that card|that monster|those targets|them)"
_CHOSEN = r"(その(カード|モンスター|クリーチャー)を)?"
#: operations done at resolution, on the targets chosen at activation when there are any
_OPERATIONS: list[Pattern] = [
    (rf"(you )?draw {_N} cards?|(デッキから|カードを){_K}枚(ドローする|引く|引いてもよい)",
     lambda m: [{"op": "draw", "count": _n(m)}]),
    (rf"(you )?gain {_N} (lp|life points)|{_K}(lp|ライフポイント)回復",
     lambda m: [{"op": "gain_lp", "player": "you", "amount": _n(m)}]),
    (rf"inflict {_N} damage to your opponent|your opponent takes {_K} damage",
     lambda m: [{"op": "damage", "player": "opponent", "amount": _n(m)}]),
    (rf"相手に{_N}(ポイントの)?ダメージを与える",
     lambda m: [{"op": "damage", "player": "opponent", "amount": _n(m)}]),
]
_ON_TARGET: list[tuple[str, str]] = [
    (rf"destroy {_IT}|{_CHOSEN}破壊する", "destroy"),
    (rf"banish {_IT}|{_CHOSEN}除外する", "banish"),
    (rf"return {_IT} to the (owner's )?hand|{_CHOSEN}(持ち主の)?手札に戻す", "return_to_hand"),
    (rf"send {_IT} to the (gy|graveyard)|{_CHOSEN}墓地へ送る", "send_to_gy"),
]
_DM_CHOICE = re.compile(rf"(?P<whose>相手|自分)のクリーチャーを{_N}体選|choose {_K} of "
                        r"(?P<who>your opponent's|your) creatures|one of (?P<one>your "
                        r"opponent's|your) creatures")


def _first(patterns: list[Pattern], text: str) -> Any:
    """What the first pattern found in ``text`` maps to, or None."""
    for pattern, make in patterns:
        m = re.search(pattern, text)
        if m:
            return make(m)
    return None


def _all_of(text: str, targets: list[dict[str, Any]] | None, choice: dict | None
            ) -> list[dict[str, Any]] | None:
    """Every operation of ``text`` (sentences joined by "then" / 「その後」), or None when one
    of them cannot be read."""
    ops: list[dict[str, Any]] = []
    parts = re.split(r",? then,? |その後、?|\. ", re.sub(r"^(you may|you can) ", "", text))
    for k, part in enumerate(p for p in parts if p.strip()):
        found = _first(_OPERATIONS, part)
        if found is None:
            on = next((op for pattern, op in _ON_TARGET if re.search(pattern, part)), None)
            if on and targets:
                found = [{"op": on, "card": "target"}]
            elif on and choice:
                found = [{"op": on, "choose": choice}]
        if found is None:
            return None
        if k:
            found[0]["then"] = True
        ops += found
    return ops or None


def _choice(reading: EffectReading, game: str) -> dict[str, Any] | None:
    """A Duel Masters choice made at resolution ("choose one of your opponent's creatures",
    「相手のクリーチャーを1体選び」), as an operation's ``choose``."""
    if game != "duel_masters":
        return None
    m = _DM_CHOICE.search(_norm(f"{reading.targets or ''} {reading.operations or ''}"))
    if not m:
        return None
    mine = (m.group("whose") or m.group("who") or m.group("one") or "").startswith(("自分",
                                                                                    "your c"))
    return {"zone": "battle", "controller": "you" if mine else "opponent",
            "count": _n(m)}


def _flags(reading: EffectReading) -> dict[str, Any]:
    """The card fields a keyword ability sets (Blocker, Double Breaker)."""
    text = _norm(reading.text)
    if reading.kind == "blocker":
        return {"blocker": True}
    if re.fullmatch(r"(■)?(w・ブレイカー|double breaker)", text):
        return {"double_breaker": True}
    return {}


def map_reading(game: str, reading: EffectReading) -> EffectMapping:
    """One reading as a card file's effect, with each part it cannot map reported."""
    out = EffectMapping(reading, flags=_flags(reading))
    if out.flags:
        return out
    kind = _KINDS.get(reading.kind)
    if kind is None:
        out.problems["kind"] = (reading.because[0].reason if reading.kind == "unreadable"
                                and reading.because and reading.because[0].reason else
                                f"a {reading.kind} effect cannot be written from its text: "
                                "the card keeps its text without it")
        return out
    effect: dict[str, Any] = {"kind": kind, "label": _label(reading)}
    ygo = game == "yugioh"  # wording and once per turn are Yu-Gi-Oh!'s (engine/vocabulary.py)
    if ygo and reading.kind == "flip":
        effect["wording"] = "flip"
    elif ygo and reading.wording in ("when", "if"):
        effect["wording"] = reading.wording
    if reading.optional is not None:
        effect["optional"] = reading.optional
    if ygo and re.search(r"once per turn|1ターンに1度", _norm(reading.text)):
        effect["once_per_turn"] = "card"
    _event(game, reading, effect, out.problems)
    targets = None
    if reading.targets and game == "yugioh":
        targets = _mapped("targets", _YGO_TARGETS, reading.targets, effect, out.problems)
    if reading.cost:
        _mapped("cost", _COSTS, reading.cost, effect, out.problems)
    if reading.condition:
        out.problems["condition"] = _unread(reading.condition)
    if reading.operations:
        ops = _all_of(_norm(reading.operations), targets, _choice(reading, game))
        if ops:
            effect["operations"] = ops
        else:
            out.problems["operations"] = _unread(reading.operations)
    out.effect = effect
    return out


def _event(game: str, reading: EffectReading, effect: dict[str, Any],
           problems: dict[str, str]) -> None:
    """The event pattern of a trigger (and of an S-Trigger), and where it is activated."""
    if reading.kind == "s_trigger":
        effect["event"] = {"type": "shield_to_hand", "card": "self"}
        return
    if effect["kind"] != "trigger":
        return
    event = _first(_YGO_EVENTS if game == "yugioh" else _DM_EVENTS, _norm(reading.event))
    if event is None:
        problems["event"] = _unread(reading.event or reading.text)
        return
    effect["event"] = event
    where = _YGO_FROM.get(event["type"]) if game == "yugioh" else None
    if where and event.get("card") == "self":
        effect["activate_from"] = where


def _label(reading: EffectReading) -> str:
    """A short name for the log: the effect's operations as written, cut to 60 characters."""
    words = " ".join((reading.operations or reading.text).split()).rstrip("。.")
    return words if len(words) <= 60 else words[:59] + "…"


def _mapped(field: str, patterns: list[Pattern], words: str, effect: dict[str, Any],
            problems: dict[str, str]) -> Any:
    """Put what ``words`` map to in ``effect[field]``, or report them beside the field."""
    found = _first(patterns, _norm(words))
    if found:
        effect[field] = found
    else:
        problems[field] = _unread(words)
    return found


def _unread(words: str) -> str:
    """Why a part is left out: its words are not among the wordings mapped here."""
    return (f"“{words.strip()}” is not among the wordings the editor can write in the "
            "engine's vocabulary: write this part yourself, or leave it out")


__all__ = ["EffectMapping", "map_reading"]
