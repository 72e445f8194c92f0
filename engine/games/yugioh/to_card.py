"""The Yu-Gi-Oh! part of putting a card text's readings into card-file effects
(engine/classify/to_card.py): its events, phase timings, what a "When ..." card answers and
its targets, and what only its cards write (the wording, once per turn, where an effect is
used from)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ...classify import EffectReading
from ...classify.to_card import NUM, Pattern, norm, number, of_self

_NORMAL = ["normal", "tribute"]
#: (pattern, event) for Yu-Gi-Oh! events, English and Japanese; the first match wins
EVENTS: list[Pattern] = [
    (r"this (face-up )?card (on the field )?is sent (from the field )?to the (gy|graveyard)",
     of_self("sent_to_gy")),
    (r"このカードが(フィールドから)?墓地へ送られ", of_self("sent_to_gy")),
    (r"this card is destroyed by battle|このカードが戦闘で破壊され",
     of_self("destroyed", cause="battle")),
    (r"this card is destroyed|このカードが(戦闘・効果で)?破壊され", of_self("destroyed")),
    (r"this card is (normal|tribute) summoned|このカードが(通常)?召喚(に成功し|され)",
     of_self("summoned", how=_NORMAL)),
    (r"this card is special summoned|このカードが特殊召喚(に成功し|され)",
     of_self("summoned", how="special")),
    (r"this card is flip summoned|このカードが反転召喚", of_self("summoned", how="flip")),
    (r"this card is (normal or special )?summoned|このカードが(召喚・特殊召喚|召喚)",
     of_self("summoned")),
    (r"this card is discarded|このカードが手札から捨てられ", of_self("discarded")),
    (r"this card is banished|このカードが除外され", of_self("banished")),
    (r"this card is tributed|このカードがリリースされ", of_self("tributed")),
    (r"this card (declares an attack|attacks)|このカードが攻撃宣言|このカードの攻撃宣言",
     of_self("attack_declared")),
    (r"this card inflicts battle damage to your opponent|このカードが相手に戦闘ダメージを与え",
     lambda m: {"type": "lp_lost", "cause": "battle", "by": "self", "player": "opponent"}),
    (r"this card inflicts battle damage|このカードが戦闘ダメージを与え",
     lambda m: {"type": "lp_lost", "cause": "battle", "by": "self"}),
    (r"flip", of_self("flipped")),
]


def _phase(name: str) -> Callable[[re.Match[str]], dict[str, Any]]:
    def make(m: re.Match[str]) -> dict[str, Any]:
        whose = m.group("whose") or ""
        who = ("opponent" if re.search(r"opponent|相手", whose, re.I) else
               "you" if re.search(r"your|自分", whose, re.I) else "any")
        return {"name": name, "whose": who}
    return make


#: phase timings (YGO-PHASE): "during your End Phase", 「自分スタンバイフェイズに」
PHASES: list[Pattern] = [
    (rf"(?P<whose>your opponent's|your|each|the|either player's|{ja})?\s*(next )?"
     rf"({en})", _phase(name))
    for name, en, ja in (
        ("end", r"end phase|エンドフェイズ", r"自分の?|相手の?|お互いの|このターンの"),
        ("standby", r"standby phase|スタンバイフェイズ", r"自分の?|相手の?|お互いの"),
        ("draw", r"draw phase|ドローフェイズ", r"自分の?|相手の?"))
]
#: what a Trap's or Quick-Play Spell's "When ...:" answers (YGO-RESPONSE-WINDOW)
RESPONSES: list[Pattern] = [
    (r"(an? )?(opponent's|your opponent's) monster declares an attack|相手モンスターの攻撃宣言",
     lambda m: {"type": "attack_declared", "attacker": "opponent"}),
    (r"(a|your opponent's|an opponent's) monster declares an attack|攻撃宣言",
     lambda m: {"type": "attack_declared"}),
    (r"(your opponent|a player) would (normal |special |flip )?summon|would be (normal |special )?"
     r"summoned|召喚する際|特殊召喚する際",
     lambda m: {"type": "summoning"}),
    (r"your opponent (normal |special |flip )?summons|相手がモンスターの(召喚|特殊召喚)に成功",
     lambda m: {"type": "summoned", "player": "opponent"}),
    (r"(your opponent|a player) activates an? (?P<c>spell|trap|monster effect)",
     lambda m: {"type": "activated", "card_type": m.group("c").split()[0].casefold(),
                "player": "opponent"}),
    (r"(a|your opponent) activates a (card or effect|card)|(魔法・罠・)?モンスターの効果.*発動した",
     lambda m: {"type": "activated", "player": "opponent"}),
]
#: where a Yu-Gi-Oh! card must be to activate a trigger on each event (YGO-LOCATION)
FROM_EVENT = {"sent_to_gy": "gy", "destroyed": "gy", "discarded": "gy", "tributed": "gy",
              "banished": "banished"}

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
    what, whose = _KIND_JA.get(what, what.lower()), whose.lower()
    target: dict[str, Any] = {"as": "target", "zone": _OPPONENT_CARD[what],
                              "controller": _WHOSE[whose], "count": n}
    if what in _FILTER:
        target["filter"] = _FILTER[what]
    return [target]


#: Yu-Gi-Oh! targets, chosen at activation
TARGETS: list[Pattern] = [
    (rf"target {NUM} (?P<what>monster|card|spell/trap|spell|trap)s? ?"
     r"(?P<whose>your opponent controls|you control|on the field)",
     lambda m: _target(number(m), m.group("what"), m.group("whose"))),
    (rf"(?P<whose>相手|自分|)(の)?フィールド(上)?の(?P<what>モンスター|魔法・罠カード|カード){NUM}[体枚]を対象",
     lambda m: _target(number(m), m.group("what"), m.group("whose"))),
]


def wording(reading: EffectReading, kind: str) -> str | None:
    """A trigger's wording as read ("when", "if", "during", "each_time": whether it can miss
    the timing, YGO-MISS), or "flip" for a FLIP effect."""
    if reading.kind == "flip":
        return "flip"
    if kind == "trigger" and reading.wording in ("when", "if", "during", "each_time"):
        return reading.wording
    return None


def once_per_turn(reading: EffectReading) -> str | None:
    """Once per turn for this copy of the card ("card") when the text says "once per turn" or
    「1ターンに1度」."""
    return "card" if re.search(r"once per turn|1ターンに1度", norm(reading.text), re.I) else None


def from_cost(reading: EffectReading, kind: str) -> str | None:
    """Where an ignition or quick effect is used from when its cost is paid with the card
    itself: discarding it (the hand), banishing it from the GY."""
    if kind not in ("ignition", "quick"):
        return None
    words = f"{reading.cost or ''} {reading.text}"
    if re.search(r"discard this card|このカードを手札から捨て|手札のこのカード", words, re.I):
        return "hand"
    if re.search(r"banish this card from your (gy|graveyard)|墓地のこのカードを除外|"
                 r"墓地に存在するこのカードを除外", words, re.I):
        return "gy"
    return None
