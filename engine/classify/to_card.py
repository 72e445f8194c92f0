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
    """Text as matched: NFKC (full-width digits and letters as ASCII), trimmed; the patterns
    match it whatever its case, and a name or an Attribute keeps its own."""
    return unicodedata.normalize("NFKC", text or "").strip(" .。、,;:")


def _n(m: re.Match[str]) -> int:
    """The number a pattern read, under its name ``n`` or ``k`` (one per alternative); "a",
    "an" and "one" are 1."""
    found = m.groupdict().get("n") or m.groupdict().get("k") or "1"
    return int(found) if found.isdigit() else 1


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
    (r"this card inflicts battle damage to your opponent|このカードが相手に戦闘ダメージを与え",
     lambda m: {"type": "lp_lost", "cause": "battle", "by": "self", "player": "opponent"}),
    (r"this card inflicts battle damage|このカードが戦闘ダメージを与え",
     lambda m: {"type": "lp_lost", "cause": "battle", "by": "self"}),
    (r"flip", _self("flipped")),
]
#: (pattern, event) for Duel Masters events, Japanese and English
_DM_EVENTS: list[Pattern] = [
    (r"このクリーチャーが(バトルゾーンに)?出た|このクリーチャーを(バトルゾーンに)?出した"
     r"|put this creature into the battle zone"
     r"|this creature is put into the battle zone", _self("put_into_battle")),
    (r"このクリーチャーが攻撃する|this creature attacks", _self("attack_declared")),
    (r"このクリーチャーが破壊され|this creature is destroyed", _self("destroyed")),
    (r"このクリーチャーがバトルに勝|this creature wins a battle", _self("battle_won")),
    (r"(自分の)?シールドがブレイクされ|your shields? (is|are) broken",
     lambda m: {"type": "shield_broken", "player": "you"}),
    (r"相手のクリーチャーが攻撃する|(one of )?your opponent's creatures attacks",
     lambda m: {"type": "attack_declared", "attacker": "opponent"}),
]
def _phase(name: str) -> Callable[[re.Match[str]], dict[str, Any]]:
    def make(m: re.Match[str]) -> dict[str, Any]:
        whose = m.group("whose") or ""
        who = ("opponent" if re.search(r"opponent|相手", whose, re.I) else
               "you" if re.search(r"your|自分", whose, re.I) else "any")
        return {"name": name, "whose": who}
    return make


#: phase timings (YGO-PHASE): "during your End Phase", 「自分スタンバイフェイズに」
_PHASES: list[Pattern] = [
    (rf"(?P<whose>your opponent's|your|each|the|either player's|{ja})?\s*(next )?"
     rf"({en})", _phase(name))
    for name, en, ja in (
        ("end", r"end phase|エンドフェイズ", r"自分の?|相手の?|お互いの|このターンの"),
        ("standby", r"standby phase|スタンバイフェイズ", r"自分の?|相手の?|お互いの"),
        ("draw", r"draw phase|ドローフェイズ", r"自分の?|相手の?"))
]
#: what a Trap's or Quick-Play Spell's "When ...:" answers (YGO-RESPONSE-WINDOW)
_RESPONSES: list[Pattern] = [
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
    what, whose = _KIND_JA.get(what, what.lower()), whose.lower()
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
     lambda m: _target(_n(m), m.group("what"), m.group("whose"))),
]
#: costs, paid at activation (both games' usual wordings)
_COSTS: list[Pattern] = [
    (rf"discard {_N} cards?|手札を{_K}枚捨て",
     lambda m: [{"op": "discard", "choose": {"zone": "hand", "controller": "you",
                                             "count": _n(m)}}]),
    (rf"pay {_N} (lp|life points)|{_K}(lp|ライフポイント)を払",
     lambda m: [{"op": "pay_lp", "amount": _n(m)}]),
    (r"tribute this card|このカードをリリース", lambda m: [{"op": "tribute", "card": "self"}]),
    (r"discard this card|このカードを手札から捨て",
     lambda m: [{"op": "discard", "card": "self"}]),
    (rf"tribute {_N} monsters?|モンスター{_K}体をリリース",
     lambda m: [{"op": "tribute", "choose": {"zone": "monster", "controller": "you",
                                             "count": _n(m)}}]),
    (rf"send the top {_N} cards? of your deck to the (gy|graveyard)"
     rf"|デッキの上からカードを{_K}枚墓地へ送",
     lambda m: [{"op": "send_to_gy", "top": {"zone": "deck", "controller": "you",
                                             "count": _n(m)}}]),
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
#: the Attributes and Types of Yu-Gi-Oh! (the game's own words), for filters
_ATTRIBUTES = ("DARK", "LIGHT", "WATER", "FIRE", "EARTH", "WIND", "DIVINE")
_ATTRIBUTES_JA = {"闇": "DARK", "光": "LIGHT", "水": "WATER", "炎": "FIRE", "地": "EARTH",
                  "風": "WIND", "神": "DIVINE"}
_TYPES = ("Aqua", "Beast-Warrior", "Beast", "Cyberse", "Dinosaur", "Divine-Beast", "Dragon",
          "Fairy", "Fiend", "Fish", "Illusion", "Insect", "Machine", "Plant", "Psychic",
          "Pyro", "Reptile", "Rock", "Sea Serpent", "Spellcaster", "Thunder", "Warrior",
          "Winged Beast", "Wyrm", "Zombie")
_TYPES_JA = {"水族": "Aqua", "獣戦士族": "Beast-Warrior", "獣族": "Beast", "恐竜族": "Dinosaur",
             "ドラゴン族": "Dragon", "天使族": "Fairy", "悪魔族": "Fiend", "魚族": "Fish",
             "昆虫族": "Insect", "機械族": "Machine", "植物族": "Plant", "サイキック族": "Psychic",
             "炎族": "Pyro", "爬虫類族": "Reptile", "岩石族": "Rock", "海竜族": "Sea Serpent",
             "魔法使い族": "Spellcaster", "雷族": "Thunder", "戦士族": "Warrior",
             "鳥獣族": "Winged Beast", "幻竜族": "Wyrm", "アンデット族": "Zombie"}
_STATS = {"atk": "atk", "def": "def", "攻撃力": "atk", "守備力": "def"}


def _slug(name: str) -> str:
    return re.sub(r"[^0-9a-z]+", "_", name.casefold()).strip("_")


def _filter(words: str) -> dict[str, Any] | None:
    """A filter from a description of cards ("1 Level 4 or lower WATER monster", "「帝」
    モンスター", "レベル４以下の戦士族モンスター"), or None when part of it is not read."""
    f: dict[str, Any] = {}
    w = words
    if re.search(r"monsters?|モンスター", w, re.I):
        f["type"] = "monster"
    elif re.search(r"\bspells?/traps?\b|魔法・罠", w, re.I):
        f["type"] = ["spell", "trap"]
    elif re.search(r"\bspells?\b|魔法", w, re.I):
        f["type"] = "spell"
    elif re.search(r"\btraps?\b|罠", w, re.I):
        f["type"] = "trap"
    for m in re.finditer(r"level (\d+) or (lower|less|higher|more)|レベル(\d+)(以下|以上)", w,
                         re.I):
        low = (m.group(2) or m.group(4) or "").lower() in ("lower", "less", "以下")
        f["level_max" if low else "level_min"] = int(m.group(1) or m.group(3))
    for m in re.finditer(r"(\d+) or (less|lower|more|higher) (atk|def)|(atk|def) (\d+) or "
                         r"(less|lower|more|higher)|(攻撃力|守備力)(\d+)(以下|以上)", w, re.I):
        stat = _STATS[(m.group(3) or m.group(4) or m.group(7)).casefold()]
        n = int(m.group(1) or m.group(5) or m.group(8))
        low = (m.group(2) or m.group(6) or m.group(9)).lower() in ("less", "lower", "以下")
        f[f"{stat}_{'max' if low else 'min'}"] = n
    if m := re.search(r"\b(" + "|".join(_ATTRIBUTES) + r")\b", w):
        f["attribute"] = m.group(1)
    elif m := re.search(r"([闇光水炎地風神])属性", w):
        f["attribute"] = _ATTRIBUTES_JA[m.group(1)]
    if m := re.search(r"\b(" + "|".join(_TYPES) + r")(-Type)? (monster|card)", w):
        f["race"] = m.group(1)
    elif m := re.search("(" + "|".join(_TYPES_JA) + ")", w):
        f["race"] = _TYPES_JA[m.group(1)]
    if m := re.search(r'"([^"]+)"\s*(monster|card|spell|trap)|「([^」]+)」(モンスター|カード)', w,
                      re.I):
        f["archetype"] = _slug(m.group(1) or m.group(3))
    elif m := re.search(r'"([^"]+)"|「([^」]+)」', w):
        f["name"] = m.group(1) or m.group(2)
    rest = re.sub(r'"[^"]*"|「[^」]*」|\b(\d+|a|an|any|up to|level|or|lower|higher|less|more|'
                  r"with|atk|def|monsters?|cards?|spells?|traps?|normal|effect|face-up|"
                  r"-type|/|" + "|".join(_ATTRIBUTES + _TYPES) + r")\b|[,\s]", "", w, flags=re.I)
    rest = re.sub(r"レベル|攻撃力|守備力|以下|以上|[0-9]+|[体枚]|の|・|モンスター|カード|魔法|罠|"
                  r"属性|[闇光水炎地風神]|族|" + "|".join(_TYPES_JA), "", rest)
    return f if not rest else None


_YGO_ZONE = {"hand": "hand", "deck": "deck", "gy": "gy", "graveyard": "gy", "手札": "hand",
             "デッキ": "deck", "墓地": "gy", "banished": "banished", "除外": "banished"}
_WHAT = r"(?P<what>.+?)"
_FROM_EN = (r"(?: from (?:your |the )?(?P<where>hand|deck|gy|graveyard)"
            r"(?: or (?:your )?(?P<where2>hand|deck|gy|graveyard))?|(?P<ban> among your "
            r"banished (?:cards|monsters)))")
_COUNT_EN = r"(?P<up>up to )?(?P<n>\d+|a|an)"


def _count(m: re.Match[str]) -> tuple[int, bool]:
    n = m.groupdict().get("n") or "1"
    return (int(n) if n.isdigit() else 1), bool(m.groupdict().get("up"))


def _zones(m: re.Match[str]) -> list[str] | str:
    got = [_YGO_ZONE[z.casefold()] for z in (m.groupdict().get("where"),
                                             m.groupdict().get("where2")) if z]
    if m.groupdict().get("ban"):
        got = ["banished"]
    return got[0] if len(got) == 1 else got


def _chosen(m: re.Match[str], op: str, **more: Any) -> list[dict[str, Any]] | None:
    """``op`` on cards chosen at resolution from the zones the words name."""
    f = _filter(m.group("what"))
    if f is None:
        return None
    n, up = _count(m)
    choose: dict[str, Any] = {"zone": _zones(m), "controller": "you", "filter": f, "count": n}
    if up:
        choose["up_to"] = True
    return [{"op": op, "choose": choose, **more}]


def _position(m: re.Match[str]) -> dict[str, Any]:
    tail = m.string[m.end():]
    if re.match(r",? in (face-up )?defense position|表側守備表示で", tail, re.I):
        return {"position": "defense"}
    return {}


def _all(m: re.Match[str], op: str) -> list[dict[str, Any]] | None:
    """``op`` on every card the words name ("all monsters your opponent controls")."""
    what = m.group("what")
    whose = "any"
    for words, who in (("your opponent controls", "opponent"), ("you control", "you"),
                       ("on the field", "any"), ("your opponent's", "opponent"),
                       ("相手フィールドの", "opponent"), ("自分フィールドの", "you"),
                       ("フィールドの", "any")):
        if words in what.casefold() or words in what:
            whose = who
            what = re.sub(re.escape(words), "", what, flags=re.I)
    f = _filter(re.sub(r"\b(attack|defense) position\b|(攻撃|守備)表示の?", "", what,
                       flags=re.I))
    if f is None:
        return None
    pos = re.search(r"(attack|defense) position|(攻撃|守備)表示", what, re.I)
    if pos:
        f["position"] = "attack" if (pos.group(1) or pos.group(2)).casefold() in ("attack",
                                                                                "攻撃") \
            else "defense"
    zone = ("monster" if f.get("type") == "monster" else
            ["spell_trap", "field"] if f.get("type") in ("spell", "trap", ["spell", "trap"])
            else ["monster", "spell_trap", "field"])
    return [{"op": op, "all": {"zone": zone, "controller": whose, "filter": f}}]


def _stat(m: re.Match[str], card: str) -> list[dict[str, Any]]:
    up = m.group("how").casefold() in ("gains", "gain", "アップ")
    stats = [_STATS[x.casefold()] for x in re.findall(r"atk|def|攻撃力|守備力", m.group("stat"),
                                                       re.I)]
    op: dict[str, Any] = {"op": "modify_stat", "card": card,
                          "stat": stats[0] if len(stats) == 1 else stats,
                          "amount": int(m.group("n")) * (1 if up else -1)}
    if re.search(r"until the end of (this|the) turn|ターン終了時まで", m.string, re.I):
        op["until"] = "end_of_turn"
    return [op]


def _and_destroy(m: re.Match[str]) -> dict[str, Any]:
    return {"destroy": True} if re.search(r"destroy|破壊", m.group(0), re.I) else {}


_SELF = r"(this card|このカード)"
_TGT = r"(it|that target|that card|that monster|the target|対象のモンスター|そのモンスター)"
_OPERATIONS += [
    # Special Summon: this card, a target, or chosen from a zone
    (r"special summon (this card|this banished card)|(除外されている)?このカードを(.*表示で)?"
     r"特殊召喚する", lambda m: [{"op": "special_summon", "card": "self", **_position(m)}]),
    (rf"special summon {_TGT}|{_TGT}を(.*表示で)?特殊召喚する",
     lambda m: [{"op": "special_summon", "card": "target", **_position(m)}]),
    (rf"special summon {_COUNT_EN} {_WHAT}{_FROM_EN}",
     lambda m: _chosen(m, "special_summon", **_position(m))),
    (r"(?P<where>手札|デッキ|墓地)(?:・(?P<where2>手札|デッキ|墓地))?から(?P<what>[^。]*?)"
     r"(?P<n>\d+)体を(?:表側守備表示で)?特殊召喚する",
     lambda m: _chosen(m, "special_summon", **_position(m))),
    # a search: added from the Deck or the GY to the hand
    (rf"add {_COUNT_EN} {_WHAT}{_FROM_EN} to your hand",
     lambda m: _chosen(m, "add_to_hand")),
    (r"(?:自分の)?(?P<where>デッキ|墓地)から(?P<what>[^。]*?)(?P<n>\d+)(?:体|枚)を手札に加える",
     lambda m: _chosen(m, "add_to_hand")),
    (rf"add {_TGT} to your hand|{_TGT}を手札に加える",
     lambda m: [{"op": "add_to_hand", "card": "target"}]),
    # every card of a kind
    (r"destroy all (?P<what>[^.,]+)|(?P<what2>[^。]*?)を全て破壊する",
     lambda m: _all(_Alias(m), "destroy")),
    (r"banish all (?P<what>[^.,]+)|(?P<what2>[^。]*?)を全て除外する",
     lambda m: _all(_Alias(m), "banish")),
    (r"return all (?P<what>.+?) to the (owner's )?hand"
     r"|(?P<what2>[^。]*?)を全て(持ち主の)?手札に戻す",
     lambda m: _all(_Alias(m), "return_to_hand")),
    # negations
    (r"negate the activation(,? and if you do, destroy (it|that card))?"
     r"|その発動を無効にし(、?そのカードを)?(破壊する)?",
     lambda m: [{"op": "negate_activation", **_and_destroy(m)}]),
    (r"negate the (normal |special |flip )?summon(s)?(,? and if you do, destroy (it|that monster|"
     r"those monsters|them))?|その(特殊)?召喚を無効にし(、?そのモンスターを)?(破壊する)?",
     lambda m: [{"op": "negate_summon", **_and_destroy(m)}]),
    (r"negate (that|the) effect(,? and if you do, destroy (it|that card))?|その効果を無効にし"
     r"(、?そのカードを)?(破壊する)?",
     lambda m: [{"op": "negate_effect", **_and_destroy(m)}]),
    # ATK/DEF
    (rf"{_SELF} (?P<how>gains|loses) (?P<n>\d+) (?P<stat>atk/def|atk|def)"
     r"|このカードの(?P<stat2>攻撃力・守備力|攻撃力|守備力)は(?P<n2>\d+)(?P<how2>アップ|ダウン)",
     lambda m: _stat(_Alias(m), "self")),
    (rf"{_TGT} (?P<how>gains|loses) (?P<n>\d+) (?P<stat>atk/def|atk|def)"
     r"|(?:対象の|その)モンスターの(?P<stat2>攻撃力・守備力|攻撃力|守備力)は(?P<n2>\d+)"
     r"(?P<how2>アップ|ダウン)",
     lambda m: _stat(_Alias(m), "target")),
    # battle position, control
    (rf"change {_TGT} to (face-up )?(?P<to>attack|defense) position"
     r"|(?:対象の|その)モンスターを(?P<to2>攻撃|守備)表示にする",
     lambda m: [{"op": "change_position", "card": "target",
                 "to": "attack" if (m.group("to") or m.group("to2")).casefold() in (
                     "attack", "攻撃") else "defense"}]),
    (rf"change {_TGT}'?s? battle position|(?:対象の|その)モンスターの表示形式を変更する",
     lambda m: [{"op": "change_position", "card": "target"}]),
    (rf"take control of {_TGT}|(?:対象の|その)モンスターのコントロールを得る",
     lambda m: [{"op": "change_control", "card": "target", "to": "you"}]),
    # the hand and the top of the Deck
    (r"your opponent discards (?P<n>\d+) cards?|相手は手札を(?P<k>\d+)枚(選んで)?捨てる",
     lambda m: [{"op": "discard", "choose": {"zone": "hand", "controller": "opponent",
                                             "count": _n(m), "chooser": "opponent"}}]),
    (r"相手は(?P<n>\d+)(lp|ライフポイント)回復する",
     lambda m: [{"op": "gain_lp", "player": "opponent", "amount": _n(m)}]),
    (r"discard (?P<n>\d+|a) cards?( from your hand)?|(自分の)?手札を(?P<k>\d+)枚捨てる",
     lambda m: [{"op": "discard", "choose": {"zone": "hand", "controller": "you",
                                             "count": _n(m)}}]),
    (r"send the top (?P<n>\d+) cards? of your deck to the (gy|graveyard)"
     r"|デッキの上からカードを(?P<k>\d+)枚墓地へ送る",
     lambda m: [{"op": "send_to_gy", "top": {"zone": "deck", "controller": "you",
                                             "count": _n(m)}}]),
    (r"each player draws (?P<n>\d+) cards?|お互いのプレイヤーは(デッキから)?(?P<k>\d+)枚ドロー",
     lambda m: [{"op": "draw", "count": _n(m), "player": "both"}]),
    (r"your opponent draws (?P<n>\d+) cards?|相手はデッキから(?P<k>\d+)枚ドロー",
     lambda m: [{"op": "draw", "count": _n(m), "player": "opponent"}]),
    # a Fusion Spell
    (r"fusion summon 1 fusion monster|融合モンスター1体を(エクストラデッキから)?融合召喚する",
     lambda m: [{"op": "fusion_summon"}]),
    (r"inflict (?P<n>\d+) damage to each player",
     lambda m: [{"op": "damage", "player": "both", "amount": _n(m)}]),
    (r"(you )?(take|lose) (?P<n>\d+) (damage|lp)",
     lambda m: [{"op": "damage", "player": "you", "amount": _n(m)}]),
] + [
    # Duel Masters: chosen at resolution, or the top of the deck
    (r"(?P<whose>相手|自分)の(?P<where>クリーチャー|マナゾーンのカード|墓地にあるカード|墓地のカード)を"
     r"(?P<n>\d+)(?:体|枚)(?:まで)?(?:選び、)?(?P<what>破壊|手札に戻|マナゾーンに置|タップ|アンタップ|"
     r"バトルゾーンに出)(?:する|す|く|いてもよい|してもよい|てもよい)?",
     lambda m: _dm_chosen(m)),
    (r"(?P<whose>相手|自分)の(?P<where>バトルゾーン|墓地|マナゾーン)にある(?:クリーチャー|カード)を"
     r"(?P<n>\d+)(?:体|枚)(?:まで)?、?(?P<what>破壊|手札に戻|マナゾーンに置|タップ|アンタップ|"
     r"バトルゾーンに出)(?:する|す|く|いてもよい|してもよい|てもよい)?",
     lambda m: _dm_chosen(m)),
    (r"(?P<where>バトルゾーン|墓地|マナゾーン)にある(?P<whose>相手|自分)の(?:クリーチャー|カード)を"
     r"(?P<n>\d+)(?:体|枚)(?:まで)?、?(?P<what>破壊|手札に戻|マナゾーンに置|タップ|アンタップ|"
     r"バトルゾーンに出)(?:する|す|く|いてもよい|してもよい|てもよい)?",
     lambda m: _dm_chosen(m)),
    (r"(?P<what>destroy|tap|untap|return) (?P<n>\d+|one|a) of (?P<whose>your opponent's|"
     r"your) creatures",
     lambda m: _dm_chosen(m)),
    (r"山札の上から(?P<n>\d+)枚(目)?を(?P<what>マナゾーンに置|シールドに?加え|シールド化)",
     lambda m: [{"op": "put_into_mana" if "マナ" in m.group("what") else "add_shield",
                 "top": {"zone": "deck", "controller": "you", "count": _n(m)}}]),
    (r"put the top (?P<n>\d+|one) cards? of your deck into your (?P<what>mana zone|shield zone)",
     lambda m: [{"op": "put_into_mana" if "mana" in m.group("what") else "add_shield",
                 "top": {"zone": "deck", "controller": "you", "count": _n(m)}}]),
    (r"(このクリーチャー|this creature)の?(のパワーを|gets )\+?(?P<n>\d+)( power|する)?",
     lambda m: [{"op": "power", "card": "self", "amount": _n(m), "until": "end_of_turn"}]),
]


class _Alias:
    """A match whose Japanese alternative's groups (``what2``, ``n2``...) answer under the
    English names."""

    def __init__(self, m: re.Match[str]) -> None:
        self.m, self.string = m, m.string

    def group(self, name: str) -> Any:
        return self.m.group(name) or self.m.groupdict().get(f"{name}2")

    def end(self) -> int:
        return self.m.end()


_DM_OP = {"破壊": "destroy", "手札に戻": "return_to_hand", "マナゾーンに置": "put_into_mana",
          "タップ": "tap", "アンタップ": "untap", "バトルゾーンに出": "put_into_battle",
          "destroy": "destroy", "tap": "tap", "untap": "untap", "return": "return_to_hand"}
_DM_ZONE = {"クリーチャー": "battle", "バトルゾーン": "battle", "マナゾーンのカード": "mana",
            "マナゾーン": "mana", "墓地にあるカード": "graveyard", "墓地のカード": "graveyard",
            "墓地": "graveyard"}


def _dm_chosen(m: re.Match[str]) -> list[dict[str, Any]]:
    where = m.groupdict().get("where") or "バトルゾーン"
    whose = m.group("whose").casefold()
    n = m.group("n")
    choose: dict[str, Any] = {"zone": _DM_ZONE.get(where, "battle"),
                              "controller": "you" if whose in ("自分", "your") else "opponent",
                              "count": int(n) if n.isdigit() else 1}
    if "まで" in m.group(0) or "up to" in m.group(0).casefold():
        choose["up_to"] = True
    return [{"op": _DM_OP[m.group("what").casefold()], "choose": choose}]


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
        m = re.search(pattern, text, re.I)
        if m:
            return make(m)
    return None


#: words around an operation's wording that change nothing it does
_HARMLESS = re.compile(
    r"^(\s|[,.、。]|you can|you may|and if you do|if you do|also|then|immediately|"
    r"from your extra deck|using monsters from your hand or field as fusion materials?|"
    r"(in )?face-up (attack|defense) position|in (attack|defense) position|"
    r"until the end of (this|the) turn|自分は|自分の|このターン|ターン終了時まで|"
    r"表側(攻撃|守備)表示で|"
    r"(攻撃|守備)表示で|してもよい|てもよい|もよい|引く|選ぶ|選び|する|1体|1枚)*$", re.I)


def _whole(patterns: list[Pattern], text: str) -> Any:
    """What the first pattern found in ``text`` maps to, when the words it leaves out change
    nothing (a filter or a condition beside the wording is not dropped), else None."""
    for pattern, make in patterns:
        m = re.search(pattern, text, re.I)
        if m:
            rest = text[:m.start()] + " " + text[m.end():]
            return make(m) if _HARMLESS.match(rest) else None
    return None


def _all_of(text: str, targets: list[dict[str, Any]] | None, choice: dict | None
            ) -> list[dict[str, Any]] | None:
    """Every operation of ``text`` (sentences joined by "then" / 「その後」), or None when one
    of them cannot be read."""
    ops: list[dict[str, Any]] = []
    parts = re.split(r",? then,? |その後、?|\. |。(?=.)", re.sub(r"^(you may|you can) ", "", text,
                                                             flags=re.I), flags=re.I)
    for k, part in enumerate(p for p in parts if p.strip()):
        found = _whole(_OPERATIONS, part)
        if found is None:
            on = next((op for pattern, op in _ON_TARGET if re.search(pattern, part, re.I)),
                      None)
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
    m = _DM_CHOICE.search(_norm(f"{reading.targets or ''} {reading.operations or ''}").casefold())
    if not m:
        return None
    mine = (m.group("whose") or m.group("who") or m.group("one") or "").startswith(("自分",
                                                                                    "your c"))
    return {"zone": "battle", "controller": "you" if mine else "opponent",
            "count": _n(m)}


def _flags(reading: EffectReading) -> dict[str, Any]:
    """The card fields a keyword ability sets (Blocker, Double Breaker)."""
    text = _norm(reading.text).casefold()
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
    elif ygo and kind == "trigger" and reading.wording in ("when", "if", "during", "each_time"):
        effect["wording"] = reading.wording
    if reading.optional is not None:
        effect["optional"] = reading.optional
    if ygo and re.search(r"once per turn|1ターンに1度", _norm(reading.text), re.I):
        effect["once_per_turn"] = "card"
    _event(game, reading, effect, out.problems)
    targets = None
    if reading.targets and game == "yugioh":
        targets = _mapped("targets", _YGO_TARGETS, reading.targets, effect, out.problems)
    if reading.cost:
        _mapped("cost", _COSTS, reading.cost, effect, out.problems)
    if ygo and kind in ("ignition", "quick") and "activate_from" not in effect:
        # a cost paid with the card itself says where it is used from
        words = f"{reading.cost or ''} {reading.text}"
        if re.search(r"discard this card|このカードを手札から捨て|手札のこのカード", words, re.I):
            effect["activate_from"] = "hand"
        elif re.search(r"banish this card from your (gy|graveyard)|墓地のこのカードを除外|"
                       r"墓地に存在するこのカードを除外", words, re.I):
            effect["activate_from"] = "gy"
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
    if effect["kind"] == "activation" and game == "yugioh" and reading.wording == "when":
        respond = _first(_RESPONSES, _norm(reading.event))
        if respond:
            effect["respond_to"] = respond
        else:
            problems["event"] = _unread(reading.event or reading.text)
        return
    if effect["kind"] != "trigger":
        return
    if game == "yugioh" and reading.wording == "during":
        phase = _first(_PHASES, _norm(reading.event))
        if phase is None:
            problems["event"] = _unread(reading.event or reading.text)
        else:
            effect["phase"] = phase
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


def answer(game: str, reading: EffectReading) -> dict[str, Any]:
    """One reading as ``GET /cards/classify`` answers it: the reading, and ``compiled``, the
    operation mappings a card file would hold for it (each with its ``op``; a keyword such as
    Blocker as ``{op: flag, blocker: true}``, the card field it sets), or ``compiled: null``
    and ``not_compiled``: why, in words."""
    out = reading.to_dict()
    mapping = map_reading(game, reading)
    out["compiled"], out["not_compiled"] = None, None
    if mapping.problems:
        out["not_compiled"] = " ".join(f"{part}: {why}" for part, why in
                                       mapping.problems.items())
    elif mapping.flags:
        out["compiled"] = [{"op": "flag", **mapping.flags}]
    else:
        out["compiled"] = list((mapping.effect or {}).get("operations") or [])
    return out


__all__ = ["EffectMapping", "answer", "map_reading"]
