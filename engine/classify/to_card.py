"""A reading of a card's text (:func:`engine.classify.classify`) put into the card files'
vocabulary (docs/cards.md): each effect's kind, wording, optional, event pattern, costs,
targets and operations, as far as the words say them.

The phrases are the games' usual wordings of a few common events and operations ("this card
is sent to the GY", 「墓地へ送られた」, "draw 1 card", 「破壊する」...), not a list of cards. A part
that does not match one of them is not guessed: it is left out of the effect and reported
beside its field, for the person writing the card to fill in.

Costs and operations are read here for every game; what only one game's cards say (its events,
targets, phases, wording...) is in its package's ``to_card`` module, read by :func:`part`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from ..refusals import Refusal, word
from . import EffectReading

#: the effect kinds a reading maps to directly (others are card flags or cannot be mapped)
_KINDS = {"trigger": "trigger", "ignition": "ignition", "quick": "quick",
          "activation": "activation", "flip": "trigger", "s_trigger": "s_trigger",
          "ninja_strike": "ninja_strike"}

Pattern = tuple[str, Callable[[re.Match[str]], dict[str, Any]]]
#: the kinds of effect no card-file effect is written for, as a reason names them
_KIND_WORDS = {"continuous": "a continuous effect", "static": "a static ability",
               "replacement": "a replacement effect"}


@dataclass
class EffectMapping:
    """One reading as a card file's effect: ``effect`` is None when the reading gives no
    effect of its own (a flag of the card such as Blocker, or a part that cannot be mapped);
    ``flags`` are card fields it sets; ``problems`` name each field left unread, and why."""

    reading: EffectReading
    effect: dict[str, Any] | None = None
    flags: dict[str, Any] = field(default_factory=dict)
    problems: dict[str, str] = field(default_factory=dict)


def norm(text: str | None) -> str:
    """Text as matched: NFKC (full-width digits and letters as ASCII), trimmed; the patterns
    match it whatever its case, and a name or an Attribute keeps its own."""
    return unicodedata.normalize("NFKC", text or "").strip(" .。、,;:")


def number(m: re.Match[str]) -> int:
    """The number a pattern read, under its name ``n`` or ``k`` (one per alternative); "a",
    "an" and "one" are 1."""
    found = (m.groupdict().get("n") or m.groupdict().get("k") or "1").casefold()
    found = found.removeprefix("up to ")
    return int(found) if found.isdigit() else _NUMBER_WORDS.get(found, 1)


#: numbers as English card texts write them
_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def of_self(event_type: str, **more: Any) -> Callable[[re.Match[str]], dict[str, Any]]:
    """An event pattern about the card itself."""
    return lambda m: {"type": event_type, "card": "self", **more}


#: a number in a pattern, read by :func:`number` (``NUM_K`` for a second alternative's)
NUM = r"(?P<n>\d+)"
NUM_K = r"(?P<k>\d+)"
#: costs, paid at activation (both games' usual wordings)
_COSTS: list[Pattern] = [
    (rf"^discard {NUM} other cards?$|^このカード以外の手札を{NUM_K}枚捨て",
     lambda m: [{"op": "discard", "choose": {"zone": "hand", "controller": "you",
                                             "count": number(m), "other": True}}]),
    (rf"^手札を{NUM}枚墓地へ送",
     lambda m: [{"op": "send_to_gy", "choose": {"zone": "hand", "controller": "you",
                                                "count": number(m)}}]),
    (rf"discard {NUM} cards?|手札を{NUM_K}枚捨て",
     lambda m: [{"op": "discard", "choose": {"zone": "hand", "controller": "you",
                                             "count": number(m)}}]),
    (rf"pay {NUM} (lp|life points)|{NUM_K}(lp|ライフポイント)を払",
     lambda m: [{"op": "pay_lp", "amount": number(m)}]),
    (r"^pay half your (lp|life points)$|^(lp|ライフポイント)を半分払",
     lambda m: [{"op": "pay_lp", "amount": {"lp": "you", "half": True}}]),
    (rf"^detach {NUM} (xyz )?materials? from this card$"
     rf"|^このカードの(x|エクシーズ)素材を{NUM_K}つ取り除",
     lambda m: [{"op": "detach", "count": number(m)}]),
    (rf"^banish {NUM} (?P<what>.+?) from your (gy|graveyard)$"
     rf"|^自分の墓地(?:の|から)(?P<what2>[^。]+?)を?{NUM_K}(体|枚)を除外",
     lambda m: _cost_choose(_Alias(m), "banish", "gy")),
    (rf"^自分の(?P<where>手札・フィールド|フィールド・手札)(?:の|から)(?P<what>[^。]+?)を?{NUM}(体|枚)を"
     r"除外",
     lambda m: _cost_choose(_Alias(m), "banish", ["hand", "monster"])),
    (rf"^discard {NUM} (?P<what>.+?)$|^手札から(?P<what2>[^。]+?){NUM_K}(体|枚)を(墓地へ)?捨て",
     lambda m: _cost_choose(_Alias(m), "discard", "hand")),
    (rf"^send {NUM} (?P<what>.+?) from your (?P<where>hand|deck) to the (gy|graveyard)$"
     rf"|^(?P<where2>手札|デッキ)から(?P<what2>[^。]+?){NUM_K}(体|枚)を墓地へ送",
     lambda m: _cost_choose(_Alias(m), "send_to_gy",
                            _YGO_ZONE[_Alias(m).group("where").casefold()])),
    (rf"^tribute {NUM} other (?P<what>.+?)$", lambda m: _cost_choose(
        _Alias(m), "tribute", "monster", other=True)),
    (r"tribute this card|このカードをリリース", lambda m: [{"op": "tribute", "card": "self"}]),
    (rf"^shuffle {NUM} (?P<what>.+?) from your (gy|graveyard) into the deck$"
     rf"|^自分の墓地の(?P<what2>[^。]+?)を?{NUM_K}(体|枚)をデッキに(戻|加えてシャッフルし)",
     lambda m: _cost_choose(_Alias(m), "put_into_deck", "gy")),
    (r"discard this card|(手札の)?このカードを(手札から)?(墓地へ)?捨て",
     lambda m: [{"op": "discard", "card": "self"}]),
    (rf"^手札の(?P<what>[^。]+?){NUM}(体|枚)を(墓地へ)?捨て",
     lambda m: _cost_choose(_Alias(m), "discard", "hand")),
    (rf"tribute {NUM} monsters?|モンスター{NUM_K}体をリリース",
     lambda m: [{"op": "tribute", "choose": {"zone": "monster", "controller": "you",
                                             "count": number(m)}}]),
    (rf"send the top {NUM} cards? of your deck to the (gy|graveyard)"
     rf"|デッキの上からカードを{NUM_K}枚墓地へ送",
     lambda m: [{"op": "send_to_gy", "top": {"zone": "deck", "controller": "you",
                                             "count": number(m)}}]),
    (r"send this (face-up )?card (from (the field|your hand) )?to the (gy|graveyard)"
     r"|このカードを(手札から)?墓地へ送",
     lambda m: [{"op": "send_to_gy", "card": "self"}]),
    (r"banish this card( from your (gy|graveyard))?|(墓地の)?このカードを除外",
     lambda m: [{"op": "banish", "card": "self"}]),
]
def _cost_choose(m: Any, op: str, zone: str, **more: Any) -> list[dict[str, Any]] | None:
    """A cost paid with cards chosen from a zone ("banish 1 DARK monster from your GY")."""
    f = _filter(m.group("what"))
    if f is None:
        return None
    return [{"op": op, "choose": {"zone": zone, "controller": "you", "count": number(m.m),
                                  **more, **({"filter": f} if f else {})}}]


_IT = (r"(it|that target|that card|that monster\(s\)|that monster|that opponent's monster|"
       r"those targets|those cards|"
       r"those monsters|them|the target)")
_CHOSEN = (r"(((その|対象の)[^。、をと]{0,12}?(カード|モンスター|クリーチャー)|それ"
           r"|その(カード|モンスター)\d+(枚|体))を)?")
#: operations done at resolution, on the targets chosen at activation when there are any
_OPERATIONS: list[Pattern] = [
    (rf"(you )?draw (?P<n>\d+|a|one|two|three|four|five) cards?"
     rf"|(デッキから|カードを|デッキからカードを){NUM_K}枚(ドローする|ドローし$|引く|引いてもよい)",
     lambda m: [{"op": "draw", "count": number(m)}]),
    (rf"(you )?gain {NUM} (lp|life points)|{NUM_K}(lp|ライフポイント)回復",
     lambda m: [{"op": "gain_lp", "player": "you", "amount": number(m)}]),
    (rf"inflict {NUM} damage to your opponent|your opponent takes {NUM_K} damage",
     lambda m: [{"op": "damage", "player": "opponent", "amount": number(m)}]),
    (rf"相手に{NUM}(ポイントの)?ダメージを与え(る|$)",
     lambda m: [{"op": "damage", "player": "opponent", "amount": number(m)}]),
]
_BOTH_OP = {"banish": "banish", "destroy": "destroy", "return": "return_to_hand",
            "除外": "banish", "破壊": "destroy", "手札に戻": "return_to_hand"}
#: one operation done on "that monster" and on this card at once: "banish that monster and
#: this card", 「そのモンスターとこのカードを除外する」
_OPERATIONS.append(
    (rf"^(?P<en>banish|destroy|return) (both )?{_IT} and this card( to the (owner's )?hands?)?$"
     r"|^(その|対象の)(相手)?モンスターとこのカードを(持ち主の)?(?P<ja>除外|破壊|手札に戻)(す|する)$",
     lambda m: [{"op": _BOTH_OP[(m.group("en") or m.group("ja")).casefold()], "card": "chosen"},
                {"op": _BOTH_OP[(m.group("en") or m.group("ja")).casefold()], "card": "self"}]))
_COUNTED_ZONE = {"hand": "hand", "gy": "gy", "graveyard": "gy", "手札": "hand", "墓地": "gy",
                 "banished": "banished", "除外": "banished"}


def _counted(m: re.Match[str]) -> dict[str, Any] | None:
    """What "for each card in their hand" / 「相手の墓地のカードの数×」 counts, as an amount's
    ``count`` selector, or None when the words are not read."""
    words = (m.group("each") or "").casefold()
    whose = ("opponent" if re.search(r"their|your opponent|相手", words) else
             "you" if re.search(r"\byour?\b|you control|自分", words) else "any")
    if re.search(r"controls|you control|on the field|フィールド", words):
        zone: Any = ("monster" if re.search(r"monster|モンスター", words) else
                     ["monster", "spell_trap", "field"])
        if re.search(r"手札・フィールド|hand and field", words):
            zone = ["hand", "monster", "spell_trap", "field"]
    else:
        where = re.search(r"hand|gy|graveyard|banished|手札|墓地|除外", words)
        if not where:
            return None
        zone = _COUNTED_ZONE[where.group(0)]
    count: dict[str, Any] = {"zone": zone, "controller": whose}
    if re.search(r"monster|モンスター", words) and zone != "monster":
        count["filter"] = {"type": "monster"}
    left = re.sub(r"\b(card|cards|monster|monsters|in|on|the|field|their|your|opponent's|"
                  r"opponent|controls|you|control|hand|gy|graveyard|banished|each|player's|"
                  r"either|and)\b|相手|自分|の|手札|墓地|除外|フィールド|カード|モンスター|数|・|"
                  r"[\s,]", "", words)
    return count if not left else None


def _per(op: str, player: str) -> Callable[[re.Match[str]], list[dict[str, Any]] | None]:
    def make(m: re.Match[str]) -> list[dict[str, Any]] | None:
        count = _counted(m)
        if count is None:
            return None
        who = "opponent" if player == "opponent" or re.match(r"相手は", m.group(0)) else "you"
        return [{"op": op, "player": who, "amount": {"count": count, "times": number(m)}}]
    return make


_OPERATIONS[:0] = [
    (rf"inflict {NUM} damage to your opponent for each (?P<each>.+)",
     _per("damage", "opponent")),
    (rf"(?:you )?gain {NUM} (?:lp|life points) for each (?P<each>.+)", _per("gain_lp", "you")),
    (rf"(?P<each>[^。]+?)の数×{NUM}(?:ポイントの)?ダメージを相手に与える",
     _per("damage", "opponent")),
    (rf"(?:自分は)?(?P<each>[^。]+?)の数×{NUM}(?:lp|ライフポイント)回復する",
     _per("gain_lp", "you")),
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
_SUBTYPES = {"fusion": "fusion", "synchro": "synchro", "xyz": "xyz", "link": "link",
             "ritual": "ritual", "融合": "fusion", "シンクロ": "synchro", "エクシーズ": "xyz",
             "リンク": "link", "儀式": "ritual"}
#: Spells' and Traps' subtypes as their type lines name them ("Quick-Play Spell", 「速攻魔法」)
_SPELL_SUBTYPES = {"ritual": "ritual", "quick-play": "quick_play", "continuous": "continuous",
                   "field": "field", "equip": "equip", "counter": "counter", "儀式": "ritual",
                   "速攻": "quick_play", "永続": "continuous", "フィールド": "field",
                   "装備": "equip", "カウンター": "counter"}
_STATS = {"atk": "atk", "def": "def", "攻撃力": "atk", "守備力": "def"}


def _slug(name: str) -> str:
    """An archetype as card files name it ("Yang Zing" -> yang_zing); a name with no Latin
    letters (「帝」) is kept as written."""
    return re.sub(r"[^0-9a-z]+", "_", name.casefold()).strip("_") or name.strip()


def _filter(words: str) -> dict[str, Any] | None:
    """A filter from a description of cards ("1 Level 4 or lower WATER monster", "「帝」
    モンスター", "レベル４以下の戦士族モンスター"), or None when part of it is not read."""
    f: dict[str, Any] = {}
    said_en: list[str] = []  # words the filter says beside its usual ones
    said_ja: list[str] = []
    w = re.sub(r"\b(spells?) and (traps?)\b", r"\1/\2", words, flags=re.I)
    w = re.sub(r"魔法(カード)?または罠", "魔法・罠", w)
    if two := re.fullmatch(r"(?P<pre>.*?)「(?P<a>[^」]+)」(?P<kind>[^「」]+?)"
                           r"または「(?P<b>[^」]+)」(?P=kind)"
                           r'|(?P<pre2>.*?)"(?P<a2>[^"]+)" or "(?P<b2>[^"]+)"(?P<kind2> [^"]+)',
                           w):
        # two archetypes of one kind: 「「A」魔法・罠カードまたは「B」魔法・罠カード」, '"A" or
        # "B" monster'
        g = {k: two.group(k) or two.group(f"{k}2") or "" for k in ("pre", "a", "b", "kind")}
        one = _filter(f"{g['pre']}「{g['a']}」{g['kind']}" if two.group("a")
                      else f'{g["pre"]}"{g["a"]}"{g["kind"]}')
        if one is None or "archetype" not in one:
            return None
        one["archetype"] = [one["archetype"], _slug(g["b"])]
        return one
    if re.search(r"\bor (up to )?\d+\b|\d+\s*(体|枚)|または", w, re.I):
        return None  # two descriptions ("1 Ritual Monster or 1 Ritual Spell"): not one filter
    if re.search(r"monsters?|モンスター", w, re.I):
        f["type"] = "monster"
    elif re.search(r"\bspells?( ?/ ?| and | or )traps?\b|魔法・罠|魔法(カード)?または罠", w, re.I):
        f["type"] = ["spell", "trap"]
    elif re.search(r"\bspells?\b|魔法", w, re.I):
        f["type"] = "spell"
    elif re.search(r"\btraps?\b|罠", w, re.I):
        f["type"] = "trap"
    for m in re.finditer(r"level (\d+) or (lower|less|higher|more)|レベル(\d+)(以下|以上)", w,
                         re.I):
        low = (m.group(2) or m.group(4) or "").lower() in ("lower", "less", "以下")
        f["level_max" if low else "level_min"] = int(m.group(1) or m.group(3))
    for m in re.finditer(r"\blevel (\d+)\b(?! or)|レベル(\d+)(?!以下|以上)", w, re.I):
        f["level_min"] = f["level_max"] = int(m.group(1) or m.group(2))  # exactly that Level
    for m in re.finditer(r"(\d+) or (less|lower|more|higher) (atk|def)|(atk|def) (\d+) or "
                         r"(less|lower|more|higher)|(攻撃力|守備力)(\d+)(以下|以上)", w, re.I):
        stat = _STATS[(m.group(3) or m.group(4) or m.group(7)).casefold()]
        n = int(m.group(1) or m.group(5) or m.group(8))
        low = (m.group(2) or m.group(6) or m.group(9)).lower() in ("less", "lower", "以下")
        f[f"{stat}_{'max' if low else 'min'}"] = n
    found = list(dict.fromkeys(re.findall(r"\b(" + "|".join(_ATTRIBUTES) + r")\b", w) + [
        _ATTRIBUTES_JA[a] for a in re.findall(r"([闇光水炎地風神])属性", w)]))
    if found:  # "WATER or FIRE": either
        f["attribute"] = found[0] if len(found) == 1 else found
    types = "|".join(sorted(_TYPES, key=len, reverse=True))
    if m := re.search(rf"\b((?:{types})(?:(?:,? or|,? and|,|/) ?(?:{types}))*)(-Type)? "
                      r"(monster|card)", w):
        found = re.findall(types, m.group(1))
    else:
        found = [_TYPES_JA[t] for t in re.findall(
            "|".join(sorted(_TYPES_JA, key=len, reverse=True)), w)]
    found = list(dict.fromkeys(found))
    if found:
        f["race"] = found[0] if len(found) == 1 else found
    if re.search(r"\bface-up\b|表側表示", w, re.I):
        f["face_up"] = True
    elif re.search(r"\b(set|face-down)\b|セットされた|裏側表示", w, re.I):
        f["face_up"] = False
    if m := re.search(r"\b(attack|defense) position\b|(攻撃|守備)表示", w, re.I):
        f["position"] = "attack" if (m.group(1) or m.group(2)).casefold() in ("attack", "攻撃") \
            else "defense"
    if re.search(r"\bnon-effect monsters?|効果モンスター以外", w, re.I):
        f["has_effects"] = False
    elif re.search(r"\beffect monsters?|効果モンスター", w, re.I):
        f["has_effects"] = True
    elif re.search(r"\bnormal monsters?|通常モンスター|\bnormal (spell|trap)s?|通常(魔法|罠)", w,
                   re.I):
        f["subtype"] = "normal"
    if m := re.search(r"\b(?P<s>ritual|quick-play|continuous|field|equip|counter) (spell|trap)"
                      r"(s| cards?)?\b|(?P<s2>儀式|速攻|永続|フィールド|装備|カウンター)(魔法|罠)",
                      w, re.I):
        word = (m.group("s") or m.group("s2")).casefold()
        f["subtype"] = _SPELL_SUBTYPES[word]
        (said_en if m.group("s") else said_ja).append(re.escape(word))
    if re.search(r"\bflip (effect )?monsters?\b|リバース(効果)?モンスター", w, re.I):
        f["subtype"] = "flip"
        said_en.append("flip|effect")
        said_ja.append("リバース|効果")
    if re.search(r"\btuners?\b|チューナー", w, re.I):
        f["tuner"] = True
        said_en.append("tuners?")
        said_ja.append("チューナー")
        if not f.get("type"):
            f["type"] = "monster"
    if m := re.search(r"\b(fusion|synchro|xyz|link|ritual) monsters?"
                      r"|(融合|シンクロ|エクシーズ|リンク|儀式)モンスター", w, re.I):
        f["subtype"] = _SUBTYPES[(m.group(1) or m.group(2)).casefold()]
    if m := re.search(r'"([^"]+)"\s*(monster|card|spell|trap)'
                      r"|「([^」]+)」(モンスター|カード|魔法|罠)", w, re.I):
        f["archetype"] = _slug(m.group(1) or m.group(3))
    elif m := re.search(r'"([^"]+)"|「([^」]+)」', w):
        f["name"] = m.group(1) or m.group(2)
    if re.search(r"「[^」]*」以外", w):
        return None  # "other than X": no filter says it
    # a word is left out only when what it says is in the filter (else the filter is not read)
    if f.get("subtype") == "normal":
        said_en.append("normal")
        said_ja.append("通常")
    if "has_effects" in f:
        said_en += ["effect", "non-effect"]
        said_ja += ["効果", "以外"]
    if f.get("subtype") in ("fusion", "synchro", "xyz", "link", "ritual"):
        said_en.append(f["subtype"])
        said_ja.append("融合|シンクロ|エクシーズ|リンク|儀式")
    if "face_up" in f:
        said_en += ["face-up", "face-down", "set"]
        said_ja.append("表側表示|裏側表示|セットされた")
    if "position" in f:
        said_en += ["attack", "defense", "position"]
        said_ja.append("攻撃表示|守備表示")
    rest = re.sub(r'"[^"]*"|「[^」]*」|\b(\d+|a|an|any|up to|level|or|lower|higher|less|more|'
                  r"with|atk|def|monsters?|cards?|spells?|traps?|and|-type|/|"
                  + "|".join(said_en + list(_ATTRIBUTES + _TYPES)) + r")\b|[,\s]", "", w,
                  flags=re.I)
    rest = re.sub("|".join(sorted(_TYPES_JA, key=len, reverse=True) + said_ja) + "|"
                  r"レベル|攻撃力|守備力|以下|以上|[0-9]+|[体枚]|の|・|モンスター|カード|魔法|罠|"
                  r"属性|[闇光水炎地風神]|族", "", rest)
    return f if not rest else None


#: a filter from a description of cards, for a game's own part (its targets)
card_filter = _filter

_YGO_ZONE = {"extra deck": "extra", "エクストラデッキ": "extra", "hand": "hand",
             "deck": "deck", "gy": "gy", "graveyard": "gy", "手札": "hand",
             "デッキ": "deck", "墓地": "gy", "banished": "banished", "除外": "banished"}
_WHAT = r"(?P<what>.+?)"
_FROM_EN = (r"(?: from (?:(?P<opp>your opponent's|their|either player's|either) |your |the )?"
            r"(?P<where>hand|extra deck|deck|gy|graveyard)"
            r"(?:, (?:your )?(?P<where3>deck|gy|graveyard),?)?"
            r"(?: or (?:your )?(?P<where2>hand|deck|gy|graveyard))?|(?P<ban> among your "
            r"banished (?:cards|monsters)))")
_COUNT_EN = r"(?P<up>up to )?(?P<n>\d+|a|an)"


def _count(m: re.Match[str]) -> tuple[int, bool]:
    n = m.groupdict().get("n") or "1"
    return (int(n) if n.isdigit() else 1), bool(m.groupdict().get("up"))


def _zones(m: re.Match[str]) -> list[str] | str:
    got = [_YGO_ZONE[z.casefold()] for z in (m.groupdict().get("where"),
                                             m.groupdict().get("where3"),
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
    opp = (m.groupdict().get("opp") or "").casefold()
    whose = "any" if opp.startswith("either") else "opponent" if opp else "you"
    choose: dict[str, Any] = {"zone": _zones(m), "controller": whose, "filter": f, "count": n}
    if up:
        choose["up_to"] = True
    return [{"op": op, "choose": choose, **more}]


_ON_FIELD = {"your opponent controls": "opponent", "you control": "you", "on the field": "any",
             "相手": "opponent", "自分": "you", "": "any"}
_VERBS = {"destroy": "destroy", "banish": "banish", "return": "return_to_hand",
          "negate the effects of": "negate_effects",
          "send": "send_to_gy", "破壊": "destroy", "除外": "banish",
          "持ち主の手札に戻": "return_to_hand", "手札に戻": "return_to_hand",
          "墓地へ送": "send_to_gy"}


def _on_field(m: re.Match[str]) -> list[dict[str, Any]] | None:
    """``op`` on cards on the field chosen at resolution ("destroy 1 monster your opponent
    controls", 「相手フィールドのカード１枚を選んで破壊する」), not targeted."""
    g = _Alias(m)
    f = _filter(g.group("what"))
    if f is None:
        return None
    kind = f.get("type")
    zone: Any = ("monster" if kind == "monster" else
                 ["spell_trap", "field"] if kind in ("spell", "trap", ["spell", "trap"])
                 else ["monster", "spell_trap", "field"])
    n = g.group("n")
    choose: dict[str, Any] = {"zone": zone, "controller": _ON_FIELD[(g.group("whose") or "")
                                                                     .casefold()],
                              "count": int(n) if n.isdigit() else 1}
    if g.group("up"):
        choose["up_to"] = True
    if f:
        choose["filter"] = f
    return [{"op": _VERBS[g.group("verb").casefold()], "choose": choose}]


def _all_to(m: Any) -> list[dict[str, Any]] | None:
    """Every card of a kind changed to a battle position."""
    ops = _all(m, "change_position")
    if not ops:
        return None
    ops[0]["to"] = "attack" if m.group("to").casefold() in ("attack", "攻撃") else "defense"
    return ops


def _take(m: Any) -> list[dict[str, Any]] | None:
    """Control of a monster the opponent controls, chosen at resolution."""
    f = _filter(m.group("what"))
    n = m.group("n") or "1"
    if f is None:
        return None
    return [{"op": "change_control", "to": "you", "choose": {
        "zone": "monster", "controller": "opponent", "count": int(n) if n.isdigit() else 1,
        **({"filter": f} if f else {})}}]


class _Opp:
    """A Japanese match whose 「相手」/「お互い」 answers as the English ``opp`` does."""

    def __init__(self, m: re.Match[str]) -> None:
        self.m = m

    def group(self, name: str) -> Any:
        return self.m.group(name)

    def groupdict(self) -> dict[str, Any]:
        d = dict(self.m.groupdict())
        d["opp"] = {"相手": "their", "お互い": "either"}.get(d.get("opp") or "", "")
        return d


def _first_number(m: re.Match[str]) -> int:
    """The first number any alternative of a pattern read (1 when none)."""
    return next((int(v) if v.isdigit() else 1 for k, v in m.groupdict().items()
                 if v and re.fullmatch(r"[nk]\d?", k)), 1)


def _position(m: re.Match[str]) -> dict[str, Any]:
    """The battle position a Special Summon names ("in Defense Position", 「守備表示で」),
    after its words or within them."""
    tail = (m.groupdict().get("pos") or "") + m.string[m.end():]
    if re.match(r",? in (face-up )?defense position|(表側)?守備表示で", tail, re.I):
        return {"position": "defense"}
    if re.match(r",? in (face-up )?attack position|(表側)?攻撃表示で", tail, re.I):
        return {"position": "attack"}
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


def _fusion(m: Any) -> list[dict[str, Any]] | None:
    """A Fusion Summon: the Fusion Monster the words name ("1 "Elemental HERO" Fusion
    Monster", 「「Ｅ・ＨＥＲＯ」融合モンスター」), its materials from the hand, the field or
    both."""
    words = (m.group("what") or "").strip()
    op: dict[str, Any] = {"op": "fusion_summon"}
    if words:
        f = _filter(f"{words} monster" if words.isascii() else f"{words}モンスター")
        if f is None:
            return None
        f.pop("type", None)
        f.pop("subtype", None)
        if f:
            op["choose"] = {"filter": f}
    where = m.group("from").casefold()
    op["materials_from"] = [z for z, w in (("hand", r"hand|手札"), ("monster", r"field|フィールド"))
                            if re.search(w, where)]
    return [op]


def _equal_to(m: Any, op: str, player: str) -> list[dict[str, Any]]:
    """LP gained or damage dealt equal to the target's ATK or DEF (its printed one with
    "original" / 「元々の」), as computed when it resolves."""
    amount: dict[str, Any] = {"stat": _STATS[m.group("stat").casefold()], "of": "target"}
    if m.group("o"):
        amount["original"] = True
    return [{"op": op, "player": player, "amount": amount}]


def _and_destroy(m: re.Match[str]) -> dict[str, Any]:
    return {"destroy": True} if re.search(r"destroy|破壊", m.group(0), re.I) else {}


_SELF = r"(this card|このカード)"
_TGT = (r"(it|that target|that card|that monster|the target|対象のモンスター|"
        r"その(?!攻撃モンスター)[^。、を]{0,12}?モンスター)")
_OPERATIONS += [
    # Special Summon: this card, a target, or chosen from a zone
    (r"special summon (this card|this banished card)( from your (hand|gy|graveyard))?"
     r"|(除外されている|(手札|墓地)の)?このカードを((手札|墓地)から|フィールドに)?(.*表示で)?"
     r"特殊召喚する",
     lambda m: [{"op": "special_summon", "card": "self", **_position(m)}]),
    (r"^discard (?P<n>\d+|a|one) random cards? from (your opponent's|their) hand$"
     r"|^your opponent discards (?P<k>\d+|a|one) random cards?$"
     r"|^相手の手札を(ランダムに|ランダムに(?P<k2>\d+)枚選んで)(?P<n2>\d+)?枚?(選んで)?(墓地へ)?捨てる$",
     lambda m: [{"op": "discard", "random": {"zone": "hand", "controller": "opponent",
                                             "count": _first_number(m)}}]),
    (rf"special summon {_TGT}|{_TGT}を(自分フィールドに)?(?P<pos>.*表示で)?特殊召喚する",
     lambda m: [{"op": "special_summon", "card": "target", **_position(m)}]),
    (rf"special summon {_COUNT_EN} {_WHAT}{_FROM_EN}",
     lambda m: _chosen(m, "special_summon", **_position(m))),
    (r"(?P<where>手札|エクストラデッキ|デッキ|墓地)(?:・(?P<where3>デッキ|墓地))?"
     r"(?:・(?P<where2>手札|デッキ|墓地))?から"
     r"(?P<what>[^。]*?)(?P<n>\d+)体を(?:選んで)?(?:召喚条件を無視して)?"
     r"(?P<pos>(?:表側)?(?:攻撃|守備)表示で)?特殊召喚(する|できる)",
     lambda m: _chosen(m, "special_summon", **_position(m))),
    # a search: added from the Deck or the GY to the hand
    (rf"add {_COUNT_EN} {_WHAT}{_FROM_EN} to your hand",
     lambda m: _chosen(m, "add_to_hand")),
    (r"(?:自分の)?(?P<where>デッキ|墓地)(?:・(?P<where2>デッキ|墓地))?から(?P<what>[^。]*?)"
     r"(?P<n>\d+)(?:体|枚)を(?:選んで)?手札に加える",
     lambda m: _chosen(m, "add_to_hand")),
    (rf"add {_TGT} to your hand|{_TGT}を手札に加える",
     lambda m: [{"op": "add_to_hand", "card": "target"}]),
    # every card of a kind
    (r"destroy all (?P<what>[^.,]+)|(?P<what2>[^。]*?)を全て破壊する",
     lambda m: _all(_Alias(m), "destroy")),
    (r"banish all (?P<what>[^.,]+)|(?P<what2>[^。]*?)を全て除外する",
     lambda m: _all(_Alias(m), "banish")),
    (r"return all (?P<what>.+?) to the (owner's |owners' )?hands?"
     r"|(?P<what2>[^。]*?)を全て(持ち主の)?手札に戻す",
     lambda m: _all(_Alias(m), "return_to_hand")),
    # negations
    (r"negate the activation,? and if you do, banish (it|that card|that monster)",
     lambda m: [{"op": "negate_activation", "banish": True}]),
    (r"negate the activation(,? and if you do, destroy (it|that card|that monster))?"
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
     r"|このカードの(?P<stat2>攻撃力・守備力|攻撃力|守備力)は(ターン終了時まで、?)?(?P<n2>\d+)"
     r"(?P<how2>アップ|ダウン)",
     lambda m: _stat(_Alias(m), "self")),
    (rf"{_TGT} (?P<how>gains|loses) (?P<n>\d+) (?P<stat>atk/def|atk|def)"
     r"|(?:対象の|その)モンスターの(?P<stat2>攻撃力・守備力|攻撃力|守備力)は(ターン終了時まで、?)?"
     r"(?P<n2>\d+)"
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
                                             "count": number(m), "chooser": "opponent"}}]),
    (r"相手は(?P<n>\d+)(lp|ライフポイント)回復する",
     lambda m: [{"op": "gain_lp", "player": "opponent", "amount": number(m)}]),
    (r"discard (?P<n>\d+|a|one) cards?( from your hand)?"
     r"|(自分の)?手札を(?P<k>\d+)枚(選んで)?捨てる",
     lambda m: [{"op": "discard", "choose": {"zone": "hand", "controller": "you",
                                             "count": number(m)}}]),
    (r"send the top (?P<n>\d+) cards? of your deck to the (gy|graveyard)"
     r"|デッキの上からカードを(?P<k>\d+)枚墓地へ送る",
     lambda m: [{"op": "send_to_gy", "top": {"zone": "deck", "controller": "you",
                                             "count": number(m)}}]),
    (r"send the top (?P<n>\d+|one) cards? of your opponent's deck to the (gy|graveyard)"
     r"|send the top card of your opponent's deck to the (gy|graveyard)"
     r"|相手のデッキの(一番)?上(から)?の?カードを?(?P<k>\d+)?枚?を?墓地へ送る",
     lambda m: [{"op": "send_to_gy", "top": {"zone": "deck", "controller": "opponent",
                                             "count": number(m)}}]),
    (rf"change {_SELF} to (face-up )?(?P<to>attack|defense) position|このカードを(?P<to2>攻撃|守備)"
     r"表示にする",
     lambda m: [{"op": "change_position", "card": "self",
                 "to": "attack" if (m.group("to") or m.group("to2")).casefold() in (
                     "attack", "攻撃") else "defense"}]),
    (r"^change the attacking monster to (?P<to>attack|defense) position$"
     r"|^その攻撃モンスターを(?P<to2>攻撃|守備)表示にする$",
     lambda m: [{"op": "change_position", "card": "attacker",
                 "to": "attack" if (m.group("to") or m.group("to2")).casefold() in (
                     "attack", "攻撃") else "defense"}]),
    (r"^(?P<verb>destroy|banish) (the|that) attacking monster$"
     r"|^その攻撃モンスターを(?P<verb2>破壊|除外)する$",
     lambda m: [{"op": "destroy" if (m.group("verb") or m.group("verb2")).casefold() in (
         "destroy", "破壊") else "banish", "card": "attacker"}]),
    (rf"your opponent gains {NUM} (lp|life points)",
     lambda m: [{"op": "gain_lp", "player": "opponent", "amount": number(m)}]),
    (rf"send {_COUNT_EN} {_WHAT}{_FROM_EN} to the (gy|graveyard)",
     lambda m: _chosen(m, "send_to_gy")),
    (r"^(?:自分の)?(?P<where>手札|デッキ)(?:・(?P<where2>手札|デッキ))?から(?P<what>[^。]*?)"
     r"(?P<n>\d+)(?:体|枚)を(?:選んで)?墓地へ送る$",
     lambda m: _chosen(m, "send_to_gy")),
    (r"^(?P<verb>destroy|banish|return|send|negate the effects of) (?P<up>up to )?"
     r"(?P<n>\d+|a|an) (?P<what>[^,;]+?) "
     r"(?P<whose>your opponent controls|you control|on the field)( to the (owner's )?(hand|gy|"
     r"graveyard))?( until the end of (this|the) turn)?$"
     r"|^(?P<whose2>相手|自分)?フィールドの(?P<what2>[^。]*?)(?P<n2>\d+)(体|枚)(?P<up2>まで)?を(選んで)?"
     r"(?P<verb2>破壊|除外|持ち主の手札に戻|手札に戻|墓地へ送)(する|す|る)$", _on_field),
    (rf"^banish {_COUNT_EN} {_WHAT}{_FROM_EN}$", lambda m: _chosen(m, "banish")),
    (r"^(?P<opp>相手|お互い)?の?(自分の)?(?P<where>墓地|手札)の(?P<what>[^。]*?)(?P<n>\d+)(体|枚)を"
     r"(選んで)?除外する$",
     lambda m: _chosen(_Opp(m), "banish")),
    (rf"^shuffle {_COUNT_EN} {_WHAT}{_FROM_EN} into (the|your) deck$",
     lambda m: _chosen(m, "put_into_deck")),
    (r"^(?:自分の)?(?P<where>墓地)の(?P<what>[^。]*?)(?P<n>\d+)(体|枚)を(選んで)?(持ち主の)?デッキに"
     r"(戻す|加えてシャッフルする)$", lambda m: _chosen(m, "put_into_deck")),
    (r"^change all (?P<what>.+?) to (face-up )?(?P<to>attack|defense) position$"
     r"|^(?P<what2>[^。]*?)を全て(?P<to2>攻撃|守備)表示にする$",
     lambda m: _all_to(_Alias(m))),
    (rf"^take control of {_COUNT_EN} (?P<what>[^,;]+?) your opponent controls$"
     r"|^相手フィールドの(?P<what2>[^。]*?)(?P<n2>\d+)(体|枚)を(選んで)?その?コントロールを得る$",
     lambda m: _take(_Alias(m))),
    (r"^return this card to the (owner's )?hand$",
     lambda m: [{"op": "return_to_hand", "card": "self"}]),
    (r"^(?:you )?gain lp equal to (?:its|that monster's|that target's|the target's) "
     r"(?P<o>original )?(?P<stat>atk|def)$"
     r"|^(?:自分は)?その(?:モンスターの)?(?P<o2>元々の)?(?P<stat2>攻撃力|守備力)分だけ"
     r"(?:自分の)?lpを回復する$",
     lambda m: _equal_to(_Alias(m), "gain_lp", "you")),
    (r"^inflict damage to your opponent equal to (?:its|that monster's|the target's) "
     r"(?P<o>original )?(?P<stat>atk|def)$"
     r"|^その(?:モンスターの)?(?P<o2>元々の)?(?P<stat2>攻撃力|守備力)分のダメージを相手に与える$",
     lambda m: _equal_to(_Alias(m), "damage", "opponent")),
    (r"^return this card to your hand$|^このカードを(持ち主の)?手札に戻す$",  # from the field
     lambda m: [{"op": "return_to_hand", "card": "self"}]),
    (r"^add this card to your hand$|^このカードを(持ち主の)?手札に加える$",
     lambda m: [{"op": "add_to_hand", "card": "self"}]),
    (r"(each player|both players) draws? (?P<n>\d+) cards?"
     r"|お互いのプレイヤーは(デッキから)?(?P<k>\d+)枚ドロー",
     lambda m: [{"op": "draw", "count": number(m), "player": "both"}]),
    (r"your opponent draws (?P<n>\d+) cards?|相手はデッキから(?P<k>\d+)枚ドロー",
     lambda m: [{"op": "draw", "count": number(m), "player": "opponent"}]),
    # a Fusion Spell: which Fusion Monster, its materials from where
    (r"^fusion summon 1 (?P<what>.*?)fusion monster from your extra deck, using monsters from "
     r"your (?P<from>hand or field|field or hand|hand|field) as (?:fusion )?materials?$"
     r"|^(?:自分の)?(?P<from2>手札・フィールド|フィールド・手札|手札|フィールド)から、(?P<what2>[^。]*?)"
     r"融合モンスターカードによって決められた融合素材モンスターを墓地へ送り、その融合モンスター1体を"
     r"エクストラデッキから融合召喚する$",
     lambda m: _fusion(_Alias(m))),
    (r"fusion summon 1 fusion monster|融合モンスター1体を(エクストラデッキから)?融合召喚する",
     lambda m: [{"op": "fusion_summon"}]),
    (r"inflict (?P<n>\d+) damage to each player",
     lambda m: [{"op": "damage", "player": "both", "amount": number(m)}]),
    (r"(you )?(take|lose) (?P<n>\d+) (damage|lp)",
     lambda m: [{"op": "damage", "player": "you", "amount": number(m)}]),
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
    (r"山札の上から(?P<n>\d+)枚(目)?を(?P<what>マナゾーンに置|(新しいシールドとして)?シールド(ゾーン)?に?加え|"
     r"シールド化)"
     r"(く|いてもよい|る|てもよい|する)?",
     lambda m: [{"op": "put_into_mana" if "マナ" in m.group("what") else "add_shield",
                 "top": {"zone": "deck", "controller": "you", "count": number(m)}}]),
    (r"(put|add) the top ((?P<n>\d+|one|two|three) )?cards? of your deck (into|to) your "
     r"(?P<what>mana zone|shield zone|shields)( face down)?",
     lambda m: [{"op": "put_into_mana" if "mana" in m.group("what") else "add_shield",
                 "top": {"zone": "deck", "controller": "you", "count": number(m)}}]),
    (r"(このクリーチャー|this creature)の?(のパワーを|gets )\+?(?P<n>\d+)( power|する)?",
     lambda m: [{"op": "power", "card": "self", "amount": number(m), "until": "end_of_turn"}]),
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
    (rf"^destroy {_IT}$|^{_CHOSEN}破壊(する|し)$", "destroy"),
    (rf"^banish {_IT}$|^{_CHOSEN}除外(する|し)$", "banish"),
    (rf"^return {_IT} to the (owner's )?hand$|^{_CHOSEN}(持ち主の)?手札に戻(す|し)$",
     "return_to_hand"),
    (rf"^(send|return) {_IT} to the (gy|graveyard)$|^{_CHOSEN}墓地(へ送る|に戻す)$", "send_to_gy"),
    (rf"^add {_IT} to your hand$|^{_CHOSEN}手札に加える$", "add_to_hand"),
    (rf"^shuffle {_IT} into the (owner's )?deck$|^return {_IT} to the (owner's )?deck$"
     rf"|^(place|put) {_IT} on (the )?top of (the|its owner's|their owners'?) decks?$"
     rf"|^(and )?put {_IT} on top of (its|their) owners?'?s? decks?$"
     rf"|^{_CHOSEN}(持ち主の)?山札の(一番)?上に(置く|戻す)$"
     rf"|^{_CHOSEN}(持ち主の)?デッキに(戻す|戻し|加えてシャッフルする)$", "put_into_deck"),
    (rf"^take control of {_IT}$|^{_CHOSEN}コントロールを得る$", "change_control"),
    (r"^negate (its|their|that target's|that monster's|the target's) effects( until the end of "
     r"(this|the) turn)?$|^(その|対象の)([^。、]{0,12}?(モンスター|カード)の)?効果を"
     r"(ターン終了時まで)?無効にする$"
     r"|^この効果で特殊召喚した(その)?モンスターの効果は無効化される$", "negate_effects"),
    # Duel Masters: what is done to the cards chosen ("..., and tap it", 「…選び、タップする」)
    (rf"^(and )?tap {_IT}$|^{_CHOSEN}タップ(する|してもよい)$", "tap"),
    (rf"^(and )?untap {_IT}$|^{_CHOSEN}アンタップ(する|してもよい)$", "untap"),
    (rf"^(and )?put {_IT} into (its owner's|their owners'?|the owner's) mana zones?$"
     rf"|^{_CHOSEN}(持ち主の)?マナゾーンに(置く|置いてもよい)$", "put_into_mana"),
    (rf"^(and )?put {_IT} into the battle zone$|^{_CHOSEN}バトルゾーンに(出す|出してもよい)$",
     "put_into_battle"),
    (rf"^{_CHOSEN}(持ち主の)?手札に戻してもよい$|^{_CHOSEN}破壊してもよい$"
     r"|^(and )?return (it|them) to (its owner's|their owners'?) hands?$", "_again"),
    (r"^捨てさせる$|^(相手は)?それを捨てる$|^(and )?your opponent discards (it|them)$",
     "discard"),
]


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
    r"to your field|,? ignoring (its|their) summoning conditions|"
    r"(in )?face-up (attack|defense) position|in (attack|defense) position|"
    r"until the end of (this|the) turn|自分は|自分の|このターン|ターン終了時まで|"
    r"表側(攻撃|守備)表示で|"
    r"(攻撃|守備)表示で|してもよい|てもよい|もよい|引く|選ぶ|選び|する|1体|1枚)*$", re.I)


def _whole(patterns: list[Pattern], text: str) -> Any:
    """What the first pattern found in ``text`` maps to, when the words it leaves out change
    nothing (a filter or a condition beside the wording is not dropped); a pattern that
    leaves words out, or whose words it cannot read, gives way to the next one; else None."""
    for pattern, make in patterns:
        m = re.search(pattern, text, re.I)
        if m and _HARMLESS.match(text[:m.start()] + " " + text[m.end():]):
            found = make(m)
            if found is not None:
                return found
    return None


#: how a text's operations are joined ("then" / 「その後」, "also", sentences); with
#: "and if you do" / 「…を破壊し、」 too, for a text no wording reads whole that way
_JOINS = r"(,? then,? |その後、?|\. |。(?=.)|, also,? |, but )"
_IF_DONE_JOINS = _JOINS[:-1] + (r"|,? and if you do,? "
                                r"|(?:(?<=を破壊し)|(?<=を除外し)|(?<=手札に戻し))、"
                                r"|(?<=ダメージを与え)、)")


def _all_of(text: str, targets: list[dict[str, Any]] | None, choice: dict | None,
            own: list[Pattern] | None = None,
            split: str = _JOINS) -> list[dict[str, Any]] | None:
    """Every operation of ``text`` (sentences joined by "then" / 「その後」), or None when one
    of them cannot be read. ``own`` are the game's own wordings, tried before the shared
    ones; a wording that spans sentences (looking at the top of the deck) is tried on the
    whole text first."""
    patterns = (own or []) + _OPERATIONS
    text = re.sub(r"\([^()]*[\u3040-\u30ff\u4e00-\u9fff][^()]*\)", "", text).strip()  # reminder
    text = re.sub(r"^(you may|you can) ", "", text, flags=re.I).strip(" .。、,")
    if own and (whole := _whole(own, text)) is not None:
        return _on_chosen(whole, targets, choice)
    ops: list[dict[str, Any]] = []
    pieces = re.split(split, text, flags=re.I)
    parts, joins = pieces[::2], [""] + pieces[1::2]
    kept = [(p.strip(" .。、,"), j) for p, j in zip(parts, joins, strict=True)
            if p.strip(" .。、,")]
    for k, (part, join) in enumerate(kept):
        found = _whole(patterns, part)
        if found is None:
            bare = re.sub(r"^(you can|you may|and if you do|if you do|also|then),? ", "", part,
                          flags=re.I)
            on = next((op for pattern, op in _ON_TARGET if re.search(pattern, bare, re.I)),
                      None)
            if on == "_again":
                on = "return_to_hand" if re.search(r"手札|hand", bare) else "destroy"
            more = {"to": "you"} if on == "change_control" else {}
            if on and targets:
                found = [{"op": on, "card": "target", **more}]
            elif on and choice:
                found = [{"op": on, **_selector(choice), **more}]
        found = _on_chosen(found, targets, choice)
        if found is None:
            ops = []
            break
        if k and join == "、" and re.search(r"ダメージを与え$", kept[k - 1][0]):
            pass  # 「…ダメージを与え、…回復する」: both at once
        elif k and (join == "、" or re.search(r"if you do", join, re.I)):
            found[0]["if_done"] = True  # "..., and if you do, ..." / 「…を破壊し、…」
        elif k and "also" not in join.casefold():
            found[0]["then"] = True
        ops += found
    if not ops and split == _JOINS and re.search(r"and if you do|を(破壊|除外)し、|手札に戻し、|"
                                                 r"ダメージを与え、", text, re.I):
        return _all_of(text, targets, choice, own, _IF_DONE_JOINS)
    return ops or None


_EXCEPT = re.compile(r',?\s*(?:except|other than) "(?P<en>[^"]+)"|「(?P<ja>[^」]+)」以外の', re.I)


def _except(text: str) -> tuple[str, list[str]]:
    """The words without their "except "X"" / 「「X」以外の」 and the names they leave out, for
    the ``not_name`` of the cards the words describe."""
    names = [m.group("en") or m.group("ja") for m in _EXCEPT.finditer(text)]
    return _EXCEPT.sub("", text), names


def _leave_out(found: Any, names: list[str]) -> Any:
    """Every chosen or targeted set of cards in ``found`` (operations or targets) with the
    names left out; None when ``found`` has no set of cards to leave them out of."""
    if not names or not found:
        return found
    done = False
    for item in found:
        for sel in (item, item.get("choose"), item.get("all")):
            if isinstance(sel, dict) and "zone" in sel:
                sel.setdefault("filter", {})["not_name"] = names[0] if len(names) == 1 \
                    else names
                done = True
    return found if done else None


def _on_chosen(found: list[dict[str, Any]] | None, targets: list[dict[str, Any]] | None,
               choice: dict | None) -> list[dict[str, Any]] | None:
    """Operations whose wording says "that creature" (``card: chosen``) done on the target,
    or the cards chosen at resolution; None when the text names neither."""
    if not found or not any(op.get("card") == "chosen" for op in found):
        return found
    if not (targets or choice):
        return None
    for op in found:
        if op.get("card") == "chosen":
            del op["card"]
            op.update({"card": "target"} if targets else _selector(choice or {}))
    return found


def _the_event_card(effect: dict[str, Any]) -> dict[str, Any] | None:
    """"That monster" of an effect's operations when it targets nothing: the monster a "When
    your opponent Summons a monster" activation answers (``card: event_card``), or the one a
    "this card battles" trigger's monster battled (``card: battled``)."""
    if effect.get("targets"):
        return None
    respond = effect.get("respond_to")
    if isinstance(respond, dict) and respond.get("type") == "summoned":
        return {"card": "event_card"}
    event = effect.get("event")
    if isinstance(event, dict) and event.get("type") == "battle" and event.get("card") == "self":
        return {"card": "battled"}
    return None


def _selector(choice: dict[str, Any]) -> dict[str, Any]:
    """A choice made at resolution as an operation's selector: ``choose``, or ``random`` when
    the game's part says the cards are picked without looking."""
    return dict(choice) if set(choice) in ({"random"}, {"card"}) else {"choose": choice}


def _options(text: str, own: list[Pattern] | None) -> list[dict[str, Any]] | None:
    """"Choose one: ► A ► B" as a ``choose_one``, each option with its label and operations
    (None when an option cannot be read)."""
    options = []
    for option in (o.strip(" .。") for o in re.split(r"[►▶]", text)[1:]):
        ops = _all_of(norm(option), None, None, own)
        if not option or not ops:
            return None
        options.append({"label": option, "operations": ops})
    return [{"op": "choose_one", "options": options}] if len(options) >= 2 else None


def _flags(reading: EffectReading) -> dict[str, Any]:
    """The card fields a keyword ability sets (Blocker, Double Breaker)."""
    text = re.sub(r"\s*[（(][^)）]*[)）]$", "", norm(reading.text).casefold())  # its reminder
    if reading.kind == "blocker":
        return {"blocker": True}
    if re.fullmatch(r"(■)?(w・ブレイカー|double breaker)", text):
        return {"double_breaker": True}
    return {}


#: a game's own part, the names its ``to_card`` module may hold, as they are when it leaves
#: one out (or has no such module): ``EVENTS``, (pattern, event) of its triggers, the first
#: match winning; ``CONDITIONS``, (pattern, condition or list of conditions) of the words
#: before an effect ("If you control no monsters"), None where none is mapped;
#: ``OPERATIONS``, its own wordings of operations, tried before the shared ones;
#: ``FROM_EVENT``, the zone a trigger on an event about the card itself is used from;
#: ``TARGETS``, ``PHASES`` (a trigger "during" a phase) and ``RESPONSES`` (what a "When ..."
#: activation answers), None where its cards' readings are not mapped to them;
#: ``wording(reading, kind)``, ``once_per_turn(reading)``, ``from_cost(reading, kind)`` (where
#: a cost paid with the card itself says it is used from) and ``choice(reading)`` (a choice
#: made at resolution, as an operation's ``choose``, or ``{random: ...}`` for cards picked
#: without looking), None where its cards write none; ``keyword(reading)``, the event and
#: conditions of a keyword ability used from the hand (a Ninja Strike), {} where none;
#: ``continuous(reading)``, a continuous effect's ``apply`` (a stat change, a protection), None
#: where its words are not read; ``replacement(reading)``, a replacement effect's ``instead``,
#: None where its words are not read; ``event_words(reading)``, the words a trigger's
#: ``EVENTS`` are matched on (its event's own words, normalised, unless the game's part adds
#: a step of the battle the reading holds apart)
DEFAULTS: dict[str, Any] = {
    "EVENTS": [], "OPERATIONS": [], "FROM_EVENT": {}, "TARGETS": None, "PHASES": None,
    "RESPONSES": None, "CONDITIONS": None,
    "wording": lambda reading, kind: None, "once_per_turn": lambda reading: None,
    "from_cost": lambda reading, kind: None, "choice": lambda reading: None,
    "keyword": lambda reading: {}, "continuous": lambda reading: None,
    "replacement": lambda reading: None, "event_words": lambda reading: norm(reading.event),
}


def part(game: str) -> SimpleNamespace:
    """The game's own part of the mapping (``engine/games/<game>/to_card.py``), each name it
    leaves out (or the whole module, or an unknown game) as in :data:`DEFAULTS`."""
    from .. import games

    return games.part(game, "to_card", DEFAULTS)


def map_reading(game: str, reading: EffectReading) -> EffectMapping:
    """One reading as a card file's effect, with each part it cannot map reported."""
    out = EffectMapping(reading, flags=_flags(reading))
    if out.flags:
        return out
    kind = _KINDS.get(reading.kind)
    own = part(game)
    if kind is None and reading.kind in ("continuous", "static") and (
            apply := own.continuous(reading)) is not None:
        out.effect = {"kind": "continuous", "label": _label(reading), "apply": apply}
        return out
    if kind is None and reading.kind in ("static", "replacement") and (
            instead := own.replacement(reading)) is not None:
        out.effect = {"kind": "replacement", "label": _label(reading), "instead": instead}
        if reading.optional:
            out.effect["optional"] = True
        return out
    if kind is None:
        out.problems["kind"] = (reading.because[0].reason if reading.kind == "unreadable"
                                and reading.because and reading.because[0].reason else
                                Refusal("kind_not_written", kind=word(_KIND_WORDS.get(
                                    reading.kind, reading.kind))))
        return out
    effect: dict[str, Any] = {"kind": kind, "label": _label(reading)}
    if wording := own.wording(reading, kind):
        effect["wording"] = wording
    if reading.optional is not None:
        effect["optional"] = reading.optional
    if once := own.once_per_turn(reading):
        effect["once_per_turn"] = once
    _event(own, reading, effect, out.problems)
    targets, operations = None, reading.operations
    aimed = reading.targets
    if not aimed and operations and own.TARGETS is not None and (
            split := re.match(r"(?P<aim>[^。]*を対象として発動(する|できる))。(?P<rest>.+)",
                              norm(operations), re.S)):
        aimed, operations = split.group("aim"), split.group("rest")
    if aimed and own.TARGETS is not None:
        aimed, left_out = _except(aimed)
        targets = _leave_out(_mapped("targets", own.TARGETS, aimed, effect, out.problems),
                             left_out)
        if targets is None and "targets" in effect:
            del effect["targets"]
            out.problems["targets"] = _unread(reading.targets or aimed)
    if reading.cost:
        _mapped("cost", _COSTS, reading.cost, effect, out.problems)
    if "activate_from" not in effect and (where := own.from_cost(reading, kind)):
        effect["activate_from"] = where
    if reading.condition:
        _condition(own, reading, effect, out.problems)
    if equip := _equip(norm(operations)):
        if reading.targets or not equip:
            out.problems["targets"] = _unread(reading.targets or reading.operations or "")
        else:
            effect["targets"], effect["operations"] = equip
            out.effect = effect
            return out
    modes = re.match(r"(choose one|次の中から(1|一)つ選ぶ|次のうちいずれか(1|一)つを選ぶ)[:：]?\s*"
                     r"(?P<first>([►▶].*)?)$",
                     norm(reading.targets), re.I | re.S)
    chosen = re.match(r"(?P<choose>choose .+?) and (?P<then>[^.]+)$", norm(reading.targets),
                      re.I)
    if chosen and not operations and own.choice(reading):
        operations = chosen.group("then")  # "Choose up to 2 creatures ... and return them"
    if modes and operations:
        ops = _options(f"{modes.group('first')} {norm(operations)}", own.OPERATIONS)
        if ops:
            effect["operations"] = ops
        else:
            out.problems["operations"] = _unread(operations)
    elif operations:
        words, left_out = _except(norm(operations))
        ops = _leave_out(_all_of(words, targets, own.choice(reading) or _the_event_card(effect),
                                 own.OPERATIONS), left_out)
        if ops:
            effect["operations"] = ops
        else:
            out.problems["operations"] = _unread(operations)
    if "activate_from" not in effect and any(
            op.get("card") == "self" and op.get("op") == "special_summon"
            for op in effect.get("operations") or []):
        words = norm(operations)
        if re.search(r"this card from your (gy|graveyard)|墓地のこのカード|このカードを墓地から",
                     words, re.I):
            effect["activate_from"] = "gy"  # it summons itself from where it waits
        elif re.search(r"this card from your hand|手札のこのカード|このカードを手札から", words,
                       re.I):
            effect["activate_from"] = "hand"
    out.effect = effect
    return out


def _condition(own: SimpleNamespace, reading: EffectReading, effect: dict[str, Any],
               problems: dict[str, str]) -> None:
    """The condition an effect's words put before it ("If you control no monsters:",
    「自分フィールドにモンスターが存在しない場合」), as the card vocabulary's conditions: each
    part joined by "and" / 「、」 read by one of the game's ``CONDITIONS``; checked when the
    effect is activated or its trigger's event happens (``at: event``) unless the pattern says
    when. A part no pattern reads leaves the whole condition to the person writing the card."""
    words = re.sub(r"^(once per turn|1ターンに1度)[,、]?\s*", "", norm(reading.condition),
                   flags=re.I)
    found: list[dict[str, Any]] = []
    for piece in re.split(r",? and (?=you |your |there |this card )|(?<=し)、"
                          r"|、(?=自分|相手|このカード)", words):
        got = _first(own.CONDITIONS or [], piece.strip(" ,、"))
        if got is None:
            problems["condition"] = _unread(reading.condition or "")
            return
        found += [got] if isinstance(got, dict) else got
    effect["condition"] = [{"at": "event", **c} if "at" not in c else c for c in found]
    where = next((c["zone"] for c in found if c.get("card") == "self"
                  and c.get("zone") in ("gy", "hand", "banished")), None)
    if where and "activate_from" not in effect:
        effect["activate_from"] = where  # "if this card is in your GY": used from there


def _equip(text: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]] | None:
    """An Equip Spell's "Equip only to a face-up WATER monster." / 「水属性モンスターにのみ装備
    可能。」: the monster it is equipped to, targeted at activation, then equipped."""
    m = re.fullmatch(r"equip (only )?to an? (?P<what>[^.]+?)( you control)?|(?P<what2>[^。]*?)"
                     r"モンスターに(のみ)?装備(可能|する|できる)", text, re.I)
    if not m:
        return None
    what = (m.group("what") or f"{m.group('what2')}モンスター")
    f = _filter(what)
    if f is None:
        return None
    f.pop("type", None)
    f["face_up"] = True
    controller = "you" if m.group(3) else "any"
    return ([{"as": "monster", "zone": "monster", "controller": controller, "filter": f}],
            [{"op": "equip", "card": "monster"}])


def _event(own: SimpleNamespace, reading: EffectReading, effect: dict[str, Any],
           problems: dict[str, str]) -> None:
    """The event pattern of a trigger (and of an S-Trigger), the phase of one used "during" a
    phase, what a "When ..." activation answers, and where a trigger is used from."""
    if reading.kind == "s_trigger":
        effect["event"] = {"type": "shield_to_hand", "card": "self"}
        return
    if reading.kind == "ninja_strike":  # the game's part says what the keyword waits for
        effect.update(own.keyword(reading))
        return
    if effect["kind"] in ("activation", "quick") and own.RESPONSES is not None and (
            reading.wording == "when" and reading.event):  # "When ...:" answers what it names
        respond = _first(own.RESPONSES, norm(reading.event))
        if respond:
            effect["respond_to"] = respond
        else:
            problems["event"] = _unread(reading.event or reading.text)
        return
    if effect["kind"] != "trigger":
        return
    if own.PHASES is not None and reading.wording == "during":
        phase = _first(own.PHASES, norm(reading.event))
        if phase is None:
            problems["event"] = _unread(reading.event or reading.text)
        else:  # a phase timing may name its turn ("the turn this card was Summoned")
            if condition := phase.pop("condition", None):
                effect["condition"] = condition
            effect["phase"] = phase
        return
    event = _first(own.EVENTS, own.event_words(reading))
    if event is None:
        problems["event"] = _unread(reading.event or reading.text)
        return
    effect["event"] = event
    first = event[0] if isinstance(event, list) else event  # a list: one of these events
    where = own.FROM_EVENT.get(first["type"])
    if where and first.get("card") == "self":
        effect["activate_from"] = where


def _label(reading: EffectReading) -> str:
    """A short name for the log: the effect's operations as written, cut to 60 characters."""
    words = " ".join((reading.operations or reading.text).split()).rstrip("。.")
    return words if len(words) <= 60 else words[:59] + "…"


def _mapped(field: str, patterns: list[Pattern], words: str, effect: dict[str, Any],
            problems: dict[str, str]) -> Any:
    """Put what ``words`` map to in ``effect[field]``, or report them beside the field."""
    found = _first(patterns, norm(words))
    if found:
        effect[field] = found
    else:
        problems[field] = _unread(words)
    return found


def _unread(words: str) -> str:
    """Why a part is left out: its words are not among the wordings mapped here (a reason
    worded in each language the engine speaks, English as a ``str``)."""
    return Refusal("not_a_wording", words=words.strip())


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


__all__ = ["DEFAULTS", "NUM", "NUM_K", "EffectMapping", "Pattern", "answer", "card_filter",
           "map_reading", "norm", "number", "of_self", "part"]
