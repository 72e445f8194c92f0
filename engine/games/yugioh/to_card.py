"""The Yu-Gi-Oh! part of putting a card text's readings into card-file effects
(engine/classify/to_card.py): its events, phase timings, what a "When ..." card answers and
its targets, and what only its cards write (the wording, once per turn, where an effect is
used from)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ...classify import EffectReading
from ...classify.to_card import NUM, Pattern, card_filter, norm, number, of_self

_NORMAL = ["normal", "tribute"]
#: (pattern, event) for Yu-Gi-Oh! events, English and Japanese; the first match wins
_MATERIAL = {"fusion": "fusion", "synchro": "synchro", "xyz": "xyz", "link": "link",
             "ritual": "ritual", "tribute": "tribute", "融合": "fusion", "シンクロ": "synchro",
             "エクシーズ": "xyz", "リンク": "link", "儀式": "ritual", "アドバンス": "tribute"}
_HOW_BY_WORDS = {"normal": _NORMAL, "special": "special",
                 "normal or special": ["normal", "tribute", "special"]}
EVENTS: list[Pattern] = [
    (r"^this card is destroyed by battle and sent to the (gy|graveyard)$"
     r"|^このカードが戦闘で破壊され(て)?墓地へ送られ(た)?$",
     lambda m: {"type": "sent_to_gy", "card": "self", "from": "monster", "destroyed": True,
                "cause": "battle"}),
    (r"this card is destroyed by battle|このカードが戦闘で破壊され",
     of_self("destroyed", cause="battle")),
    (r"this card is destroyed|このカードが(戦闘・効果で)?破壊され", of_self("destroyed")),
    (r"this card is sent to the (gy|graveyard) as (?P<as>fusion|synchro|xyz|link|ritual) "
     r"material|このカードが(?P<as2>融合|シンクロ|エクシーズ|リンク)素材として墓地へ送られ",
     lambda m: {"type": "sent_to_gy", "card": "self",
                "as_material": _MATERIAL[(m.group("as") or m.group("as2")).casefold()]}),
    (r"this (face-up )?card (on the field )?is sent (from the field )?to the (gy|graveyard)",
     of_self("sent_to_gy")),
    (r"このカードが(フィールドから)?墓地へ送られ", of_self("sent_to_gy")),
    (r"this card (on the field )?is destroyed by battle or (card )?effect and sent to the "
     r"(gy|graveyard)|フィールドのこのカードが戦闘・効果で破壊されて墓地へ送られ",
     lambda m: {"type": "sent_to_gy", "card": "self", "from": "monster", "destroyed": True}),
    (r"^this card is (destroyed and )?sent to the (gy|graveyard) by (a card effect|an? "
     r"opponent's card effect|your opponent's card effect)$"
     r"|^このカードが(相手の)?効果で(破壊され)?墓地へ送られ",
     lambda m: {"type": "sent_to_gy", "card": "self", "cause": "effect",
                **({"by_player": "opponent"} if re.search("opponent|相手", m.group(0)) else {}),
                **({"destroyed": True} if re.search("destroyed|破壊", m.group(0)) else {})}),
    (r"this card is sent from (your|the) hand to the (gy|graveyard)"
     r"|このカードが手札から墓地へ送られ",
     lambda m: {"type": "sent_to_gy", "card": "self", "from": "hand"}),
    (r"^(a|your) monster(\(s\))? you control (is|are) destroyed by battle and sent to (the|your) "
     r"(gy|graveyard)$|^自分フィールドのモンスターが戦闘で破壊され(て)?墓地へ送られ",
     lambda m: {"type": "sent_to_gy", "from": "monster", "destroyed": True, "cause": "battle",
                "filter": {"controller": "you"}}),
    (r"this card (on the field )?is destroyed (and sent to the (gy|graveyard))?$",
     of_self("destroyed")),
    (r"this card is (?P<how>fusion|synchro|xyz|link|ritual|tribute) summoned"
     r"|このカードが(?P<how2>融合|シンクロ|エクシーズ|リンク|儀式|アドバンス)召喚(に成功し|され)",
     lambda m: {"type": "summoned", "card": "self",
                "how": _MATERIAL[(m.group("how") or m.group("how2")).casefold()]}),
    # "Normal Summoned or flipped face-up" / 「召喚・リバースした」: a Normal (or Tribute) Summon,
    # or a flip by any means (a Flip Summon, an attack, an effect), not a Special Summon
    (r"^this card is normal summoned or flipped face-up$|^このカードが召喚・リバースした$",
     lambda m: [{"type": "summoned", "card": "self", "how": list(_NORMAL)},
                {"type": "flipped", "card": "self"}]),
    (r"this card is normal or special summoned|このカードが召喚・特殊召喚(に成功し|され)",
     of_self("summoned", how=["normal", "tribute", "special"])),
    (r"this card is (normal|tribute) summoned|このカードが(通常)?召喚(に成功し|され)",
     of_self("summoned", how=_NORMAL)),
    (r"your opponent (normal or special|special|normal) summons (a|1) monster"
     r"|相手がモンスターの(召喚・特殊召喚|特殊召喚|召喚)に成功",
     lambda m: {"type": "summoned", "player": "opponent",
                "how": _HOW_BY_WORDS.get(m.group(0).casefold().split(" summons")[0].replace(
                    "your opponent ", ""), ["normal", "tribute", "special"])}),
    (r"(a|your) monster(\(s\))? you control (is|are) destroyed by battle or (card )?effect"
     r"|自分フィールドのモンスターが戦闘・効果で破壊され",
     lambda m: {"type": "destroyed", "from": "monster", "cause": ["effect", "battle"],
                "filter": {"controller": "you"}}),
    (r"this card is special summoned|このカードが特殊召喚(に成功し|され)",
     of_self("summoned", how="special")),
    (r"this card is flip summoned|このカードが反転召喚", of_self("summoned", how="flip")),
    (r"this card is (normal or special )?summoned|このカードが(召喚・特殊召喚|召喚)",
     of_self("summoned")),
    (r"^this card is discarded (to the (gy|graveyard) )?by (a card|an? (opponent's )?card's?) "
     r"effect$|^このカードが(相手の)?(カードの)?効果によって手札から(墓地へ)?捨てられ",
     lambda m: {"type": "discarded", "card": "self", "cause": "effect"}),
    (r"this card is discarded|このカードが手札から捨てられ", of_self("discarded")),
    (r"this card is banished|このカードが除外され", of_self("banished")),
    (r"this card is tributed|このカードがリリースされ", of_self("tributed")),
    (r"^this card (declares an attack|attacks)$|^このカードが攻撃宣言|^このカードの攻撃宣言",
     of_self("attack_declared")),
    # a battle with a monster, after damage calculation (not a direct attack, not the start or
    # the end of the Damage Step): "If this card battles an opponent's monster, after damage
    # calculation", 「このカードがモンスターと戦闘を行ったダメージ計算後」
    (r"^after damage calculation, this card battle(s|d) (an opponent's|a) monster$"
     r"|^this card battles (an opponent's|a) monster, after damage calculation$"
     r"|^このカードが(相手)?モンスターと戦闘を行ったダメージ計算後$",
     of_self("battle")),
    (r"^this card inflicts battle damage to your opponent by a direct attack$"
     r"|^this card attacks directly and inflicts battle damage to your opponent$"
     r"|^このカードが直接攻撃で相手に戦闘ダメージを与え",
     lambda m: {"type": "lp_lost", "cause": "battle", "by": "self", "player": "opponent",
                "direct": True}),
    (r"this card inflicts battle damage to your opponent|このカードが相手に戦闘ダメージを与え",
     lambda m: {"type": "lp_lost", "cause": "battle", "by": "self", "player": "opponent"}),
    (r"this card inflicts battle damage|このカードが戦闘ダメージを与え",
     lambda m: {"type": "lp_lost", "cause": "battle", "by": "self"}),
    (r"^this (face-up )?card (leaves|has left) the field$"
     r"|^(表側表示の)?このカードがフィールドから離れた",
     of_self("left_field")),
    (r"^this card is (targeted|selected as the attack target|chosen as an attack target) for an "
     r"attack$|^this card is (selected|chosen) as an attack target$"
     r"|^このカードが(相手モンスターの)?攻撃対象に選択され",
     lambda m: {"type": "attack_declared", "target": "self"}),
    (r"^you take battle damage$|^自分が戦闘ダメージを受け",
     lambda m: {"type": "lp_lost", "cause": "battle", "player": "you"}),
    (r"^(a|your) monster(\(s\))? (is|are) special summoned from your (gy|graveyard)"
     r"( to your field)?$|^自分の墓地からモンスターが特殊召喚され",
     lambda m: {"type": "summoned", "how": "special", "from": "gy",
                "filter": {"controller": "you"}}),
    (r"^this card destroys (an opponent's|a) monster by battle( and sends it to the "
     r"(gy|graveyard))?$|^このカードが戦闘で(相手)?モンスターを破壊し(た|、?墓地へ送った)",
     lambda m: {"type": "destroyed", "cause": "battle", "by": "self",
                **({"filter": {"controller": "opponent"}} if re.search("opponent|相手", m.group(0))
                   else {})}),
    (r"^this card is flipped face-up$|^このカードがリバースした$", of_self("flipped")),
    (r"^このカードが相手モンスターの攻撃によって破壊され(?P<gy>墓地へ送られ)?(た)?$",
     lambda m: {"type": "sent_to_gy" if m.group("gy") else "destroyed", "card": "self",
                "cause": "battle", **({"destroyed": True} if m.group("gy") else {})}),
    (r"^this card (?:in your possession )?is destroyed by (?:an|your) opponent's card"
     r"(?: effect)?$|^(?:自分フィールドの)?このカードが相手によって破壊された$",
     lambda m: {"type": "destroyed", "card": "self", "by_player": "opponent"}),
    (r"^(?:an? )?(?:opponent's|your opponent's) monster declares a direct attack$"
     r"|^相手モンスターの直接攻撃宣言(時)?$",
     lambda m: {"type": "attack_declared", "attacker": "opponent", "direct": True}),
    (r"^(?:an? )?(?:opponent's|your opponent's) monster declares an attack$"
     r"|^相手モンスターの攻撃宣言(時)?$",
     lambda m: {"type": "attack_declared", "attacker": "opponent"}),
    (r"flip", of_self("flipped")),
]


#: a step of the battle written before a trigger's "when" / "if": "After damage calculation,
#: when this card battles ...", "At the start of the Damage Step, if ..."
_STEP = re.compile(r"^(?:(?:once|twice) per turn, )?(?P<step>after damage calculation|at the "
                   r"(?:start|end) of the damage step|at the end of the battle phase),? "
                   r"(?:when|if) ", re.I)


def event_words(reading: EffectReading) -> str:
    """A trigger's event words, with the step of the battle its timing names before them, so
    that an event is never read without the step that decides when it triggers."""
    words = norm(reading.event)
    step = _STEP.match(norm(reading.text))
    return f"{step.group('step').casefold()}, {words}" if step else words


def _phase(name: str) -> Callable[[re.Match[str]], dict[str, Any]]:
    def make(m: re.Match[str]) -> dict[str, Any]:
        whose = m.group("whose") or ""
        who = ("opponent" if re.search(r"opponent|相手", whose, re.I) else
               "you" if re.search(r"your|自分", whose, re.I) else "any")
        return {"name": name, "whose": who}
    return make


#: what "the turn this card was ..." / 「このカードが…したターン」 says happened to it
_THIS_TURN = {"normal summoned": ["normal_summoned"], "special summoned": ["special_summoned"],
              "normal summoned or flipped face-up": ["normal_summoned", "flipped"],
              "flipped face-up": ["flipped"], "召喚・リバース": ["normal_summoned", "flipped"],
              "召喚": ["normal_summoned"], "召喚に成功": ["normal_summoned"],
              "特殊召喚": ["special_summoned"], "特殊召喚に成功": ["special_summoned"],
              "リバース": ["flipped"], "モンスターを戦闘で破壊": ["destroyed_by_battle"]}


def _turn_of(m: re.Match[str]) -> dict[str, Any]:
    """"During the End Phase of the turn this card was Normal Summoned or flipped face-up",
    「このカードが召喚・リバースしたターンのエンドフェイズ」: the End Phase of either player's
    turn, if this card was so that turn (``this_turn``, checked as the phase begins)."""
    what = _THIS_TURN[(m.group("what") or m.group("what2")).casefold()]
    return {"name": "end", "whose": "any",
            "condition": [{"this_turn": what if len(what) > 1 else what[0], "at": "event"}]}


#: phase timings (YGO-PHASE): "during your End Phase", 「自分スタンバイフェイズに」, read
#: whole; "the End Phase of the turn this card was Normal Summoned" (「…召喚したターンの
#: エンドフェイズ」) with the condition ``this_turn``; any other turn a text names (「戦闘で
#: 破壊したターンの…」) is left to the card's writer
PHASES: list[Pattern] = [
    (r"^(?:during )?the end phase of the turn this card (?:is|was) (?P<what>normal summoned|"
     r"special summoned|normal summoned or flipped face-up|flipped face-up)$"
     r"|^このカードが(?P<what2>召喚・リバース|召喚に成功|特殊召喚に成功|召喚|特殊召喚|リバース|"
     r"モンスターを戦闘で破壊)した"
     r"ターンのエンドフェイズ(に)?$", _turn_of),
] + [
    (rf"^(?:during )?(?:the )?(?P<whose>your opponent's|your|each|the|either player's|{ja})?\s*"
     rf"(next )?({en})(に)?$", _phase(name))
    for name, en, ja in (
        ("end", r"end phase|エンドフェイズ", r"自分の?|相手の?|お互いの|このターンの"),
        ("standby", r"standby phase|スタンバイフェイズ", r"自分の?|相手の?|お互いの"),
        ("draw", r"draw phase|ドローフェイズ", r"自分の?|相手の?"))
]
#: what a Trap's or Quick-Play Spell's "When ...:" answers (YGO-RESPONSE-WINDOW)
RESPONSES: list[Pattern] = [
    (r"^(?P<opp>your opponent activates )?an? (?P<c>spell|trap|spell/trap|monster effect|"
     r"spell card|trap card|spell/trap card)( is activated)?( that includes[^,]*)?$",
     lambda m: _activated(m.group("c"), m.group("opp"))),
    (r"^(?P<opp>相手が)?(?P<c>魔法・罠カード|魔法カード|罠カード|モンスターの効果)(が|を)発動した",
     lambda m: _activated(m.group("c"), m.group("opp"))),
    (r"(an? )?(opponent's|your opponent's) monster declares a direct attack"
     r"|相手モンスターの直接攻撃宣言",
     lambda m: {"type": "attack_declared", "attacker": "opponent", "direct": True}),
    (r"(an? )?(opponent's|your opponent's) monster declares an attack|相手モンスターの攻撃宣言",
     lambda m: {"type": "attack_declared", "attacker": "opponent"}),
    (r"(a|your opponent's|an opponent's) monster declares an attack|攻撃宣言",
     lambda m: {"type": "attack_declared"}),
    (r"^your opponent (?P<how>normal or special |normal |special |flip )?summons (?:a|1) "
     r"monsters?(?:\(s\))?$"
     r"|^相手がモンスターの(?P<how2>召喚・特殊召喚|召喚|特殊召喚|反転召喚)に成功(した)?(時)?$",
     lambda m: {"type": "summoned", "player": "opponent", **_how(m)}),
    # 「相手がモンスター１体のみを召喚する際」: the Summons the engine asks about are of one
    # monster each (a Normal, Flip or inherent Special Summon); a Special or Flip Summon alone
    # (「…を特殊召喚する際」) is left to the card's writer: the reader's bench has no board on
    # which the opponent makes one
    (r"^(?P<opp>相手が)?モンスター(?:1体のみ)?を(?P<how2>召喚・反転召喚・特殊召喚|召喚)"
     r"する(?:際)?$",
     lambda m: {"type": "summoning", **({"player": "opponent"} if m.group("opp") else {}),
                **({} if "・" in m.group("how2") else _how(m))}),
    (r"(your opponent|a player) would (normal |special |flip )?summon|would be (normal |special )?"
     r"summoned|召喚する際|特殊召喚する際",
     lambda m: {"type": "summoning"}),
    (r"your opponent (normal |special |flip )?summons|相手がモンスターの(召喚|特殊召喚)に成功",
     lambda m: {"type": "summoned", "player": "opponent"}),
    (r"^(your opponent|a player) activates an? (?P<c>spell|trap|monster effect)( card)?$",
     lambda m: {"type": "activated", "card_type": m.group("c").split()[0].casefold(),
                "player": "opponent"}),
    (r"(a|your opponent) activates a (card or effect|card)|(魔法・罠・)?モンスターの効果.*発動した",
     lambda m: {"type": "activated", "player": "opponent"}),
    (r"^an? (card or effect|card or monster effect) is activated$|^カードの効果が発動した",
     lambda m: {"type": "activated"}),
]


def _how(m: re.Match[str]) -> dict[str, Any]:
    """How a Summon an activation answers was made ("Normal or Special Summons",
    「召喚・特殊召喚」), as an event pattern's ``how`` (any Summon when the words say none)."""
    words = (m.groupdict().get("how") or m.group("how2") or "").strip().casefold()
    how = {"normal or special": ["normal", "tribute", "special"], "normal": ["normal", "tribute"],
           "special": "special", "flip": "flip", "召喚・特殊召喚": ["normal", "tribute", "special"],
           "召喚": ["normal", "tribute"], "特殊召喚": "special", "反転召喚": "flip"}.get(words)
    return {"how": how} if how else {}


def _activated(words: str, opponent: str | None) -> dict[str, Any]:
    """What a "When a Spell Card is activated" answers: the card type, whose."""
    words = words.casefold()
    kinds = [k for k, w in (("spell", r"spell|魔法"), ("trap", r"trap|罠"),
                            ("monster", r"monster|モンスター")) if re.search(w, words)]
    out: dict[str, Any] = {"type": "activated",
                           "card_type": kinds[0] if len(kinds) == 1 else kinds}
    if opponent:
        out["player"] = "opponent"
    return out
#: where a Yu-Gi-Oh! card must be to activate a trigger on each event (YGO-LOCATION)
FROM_EVENT = {"sent_to_gy": "gy", "destroyed": "gy", "discarded": "gy", "tributed": "gy",
              "banished": "banished", "left_field": ["gy", "banished", "hand"]}

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


_WHERE_EN = {"your opponent controls": "opponent", "you control": "you", "on the field": "any",
             "your opponent's": "opponent", "their": "opponent", "your": "you",
             "either player's": "any", "either": "any", "a": "any", "相手": "opponent",
             "自分": "you", "お互い": "any", "自分・相手": "any", "自分及び相手": "any",
             "自分と相手": "any", "": "any"}


def _described(n: int, up: bool, what: str, whose: str, gy: bool) -> list[dict[str, Any]] | None:
    """A target described by its kind and filter ("1 face-up monster", "1 Spell", 「レベル４以下の
    モンスター」), on whose field or in whose GY; None when part of the description is not read."""
    other = re.match(r"(other\s+|他の|このカード以外の)", what, re.I)
    if other:  # "1 other monster", 「他のモンスター」: not the card itself
        what = what[other.end():]
    flt = card_filter(what)
    if flt is None:
        return None
    kind = flt.get("type")
    zone: Any = ("gy" if gy else ["monster"] if kind == "monster" else
                 ["spell_trap", "field"] if kind in ("spell", "trap", ["spell", "trap"])
                 else ["monster", "spell_trap", "field"])
    target: dict[str, Any] = {"as": "target", "zone": zone, "controller": _WHERE_EN[whose],
                              "count": n}
    if up:
        target["up_to"] = True
    if other:
        target["other"] = True
    if flt:
        target["filter"] = flt
    return [target]


def _en_target(m: re.Match[str]) -> list[dict[str, Any]] | None:
    n = m.group("n")
    whose = (m.group("whose") or m.group("gy") or "").casefold()
    return _described(int(n) if n.isdigit() else 1, bool(m.group("up")), m.group("what"),
                      whose, bool(m.group("gy") is not None))


def _ja_target(m: re.Match[str]) -> list[dict[str, Any]] | None:
    return _described(int(m.group("n")), bool(m.group("up")), m.group("what"),
                      m.group("whose") or "", m.group("where") == "墓地")


def _banished(m: re.Match[str]) -> list[dict[str, Any]] | None:
    """A target among the banished cards ("target 1 of your banished monsters"; "1 banished
    card", 「除外されているモンスター」: either player's)."""
    whose = m.groupdict().get("whose") or ("自分" if re.search(r"of your ", m.group(0), re.I)
                                           else "")
    found = _described(int(m.group("n")), bool(m.group("up")), m.group("what"), whose, True)
    if found:
        found[0]["zone"] = "banished"
    return found


#: Yu-Gi-Oh! targets, chosen at activation
TARGETS: list[Pattern] = [
    # the monster whose attack the activation answers
    (r"^(?:you can )?target the attacking monster$"
     r"|^(?:相手モンスターの攻撃宣言時に、?)?攻撃モンスター1体を対象(として|とし|に)?(発動(する|できる))?$",
     lambda m: [{"as": "target", "zone": "monster", "controller": "opponent", "count": 1,
                 "attacking": True}]),
    (rf"^(?:you can )?target {NUM} (?P<what>monster|card|spell/trap|spell|trap)s? ?"
     r"(?P<whose>your opponent controls|you control|on the field)$",
     lambda m: _target(number(m), m.group("what"), m.group("whose"))),
    # anchored: words before the cards ("the same Level as that monster") are not dropped
    (rf"^(?:(?:flip|リバース)[:：]\s*)?(?:自分メインフェイズに)?(?P<whose>相手|自分|)(の)?フィールド(上)?[のに]"
     rf"(?P<what>モンスター|魔法・罠カード|カード){NUM}[体枚]を対象"
     r"(として|とし|に)?(発動(する|できる))?$",
     lambda m: _target(number(m), m.group("what"), m.group("whose"))),
    (r"^(?:you can )?(?:activate this card by )?target(?:ing)? (?P<up>up to )?(?P<n>\d+|a|an) "
     r"(?P<what>[^;]+?)"
     r"(?: (?P<whose>your opponent controls|you control|on the field)| in (?P<gy>your|"
     r"your opponent's|their|either player's|either|a) (?:gy|graveyard))$", _en_target),
    (r"^(?:you can )?target (?P<up>up to )?(?P<n>\d+) (?:of your )?banished (?P<what>[^;]+?)$",
     lambda m: _banished(m)),
    (r"^除外されている(?P<whose>自分及び相手|自分と相手|自分|相手|お互い)?の?(?P<what>[^。]*?)"
     r"(?:の中から)?(?:合計)?(?P<n>\d+)[体枚](?P<up>まで)?を?"
     r"対象(として|とし|に)?(発動(する|できる))?$", lambda m: _banished(m)),
    (r"^(?P<whose>自分・相手|相手|自分|お互い)?の?(?P<where>フィールド|墓地)上?[のに](?P<what>[^。]*?)を?"
     r"(?:合計)?(?P<n>\d+)[体枚](?P<up>まで)?を?対象(として|とし|に)?(発動(する|できる))?$",
     _ja_target),
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
    if re.search(r"discard this card|send this card from your hand to the (gy|graveyard)|"
                 r"このカードを手札から(墓地へ)?(捨て|墓地へ送)|手札のこのカード", words, re.I):
        return "hand"
    if re.search(r"banish this card from your (gy|graveyard)|墓地のこのカードを除外|"
                 r"墓地に存在するこのカードを除外", words, re.I):
        return "gy"
    return None


_FIELD_OF = {"monster": "monster", "spell": ["spell_trap", "field"],
             "trap": ["spell_trap"]}
_IN_ZONE = {"gy": "gy", "graveyard": "gy", "hand": "hand", "墓地": "gy", "手札": "hand",
            "banished": "banished", "除外": "banished"}


def _cards(what: str) -> dict[str, Any] | None:
    """The cards a condition counts ("face-up monsters", 「「帝」モンスター」, "a Tuner"), as
    a count's filter, or None when part of the words is not read."""
    tuner = bool(re.search(r"\btuners?\b|チューナー", what, re.I))
    what = re.sub(r"\btuner monsters?\b|\btuners?\b", "monster", what, flags=re.I)
    what = re.sub(r"チューナー(モンスター)?", "モンスター", what)
    flt = card_filter(re.sub(r"^(a|an|any)\s+", "", what, flags=re.I))
    if flt is None:
        return None
    if tuner:
        flt["tuner"] = True
    return flt


def _counted(whose: str, what: str, low: int | None, high: int | None,
             where: str | None = None) -> dict[str, Any] | None:
    """A count condition: how many of the cards ``what`` names ``whose`` player has on the
    field (or in ``where``), at least ``low`` or at most ``high``."""
    flt = _cards(what)
    if flt is None:
        return None
    kind = flt.get("type")
    zone: Any = (_IN_ZONE[where.casefold()] if where else
                 _FIELD_OF.get(kind if isinstance(kind, str) else "spell", "monster")
                 if kind else ["monster", "spell_trap", "field"])
    count: dict[str, Any] = {"zone": zone,
                             "controller": "opponent" if re.search(r"opponent|相手", whose)
                             else "you"}
    if flt:
        count["filter"] = flt
    count.update({"min": low} if low is not None else {"max": high})
    return {"count": count}


def _n(m: re.Match[str]) -> int:
    n = m.groupdict().get("n") or "1"
    return int(n) if n.isdigit() else 1


#: the conditions an effect's words put before it (YGO-IDENTIFY: "If ...:" / 「…場合」), read as
#: the card vocabulary's conditions; checked when it is activated (``at: event``)
CONDITIONS: list[Pattern] = [
    (r"^(?P<whose>you|your opponent) controls? no (?P<what>.+?)$",
     lambda m: _counted(m.group("whose"), m.group("what"), None, 0)),
    (r"^(?P<whose>you|your opponent) controls? (?:(?P<n>\d+) or more|an?|a face-up) "
     r"(?P<what>.+?)$",
     lambda m: _counted(m.group("whose"), ("face-up " if "face-up" in m.group(0) else "")
                        + m.group("what"), _n(m), None)),
    (r"^(?:you have|there (?:is|are)) (?:(?P<n>\d+) or more|an?) (?P<what>.+?) in "
     r"(?P<whose>your|your opponent's) (?P<where>gy|graveyard|hand)$",
     lambda m: _counted(m.group("whose"), m.group("what"), _n(m), None, m.group("where"))),
    (r"^you have no cards in your hand$",
     lambda m: _counted("you", "cards", None, 0, "hand")),
    (r"^there are no other cards (on your field or in your hand|in your hand or on your field)$",
     lambda m: {"count": {"zone": ["hand", "monster", "spell_trap", "field"],
                          "controller": "you", "other": True, "max": 0}}),
    (r"^this card is in your (?P<where>gy|graveyard|hand)$"
     r"|^このカードが(?P<where2>墓地|手札)に存在(する|し)(場合)?$",
     lambda m: {"card": "self", "zone": _IN_ZONE[(m.group("where") or m.group("where2"))
                                                 .casefold()]}),
    (r"^(?:相手フィールドにのみモンスターが存在する|自分フィールドにモンスターが存在せず、?相手フィールドに"
     r"モンスターが存在する)(場合)?$",
     lambda m: [_counted("you", "モンスター", None, 0), _counted("相手", "モンスター", 1, None)]),
    (r"^(?P<whose>自分|相手)(?:の)?フィールドに(?P<what>[^。]+?)が存在しない(場合)?$",
     lambda m: _counted(m.group("whose"), m.group("what"), None, 0)),
    (r"^(?P<whose>自分|相手)(?:の)?フィールドに(?P<what>[^。]+?)が(?:(?P<n>\d+)(?:体|枚)以上)?存在する"
     r"(場合)?$",
     lambda m: _counted(m.group("whose"), m.group("what"), _n(m), None)),
    (r"^(?P<whose>自分|相手)の(?P<where>墓地|手札)に(?P<what>[^。]+?)が(?:(?P<n>\d+)(?:体|枚)以上)?"
     r"存在する(場合)?$",
     lambda m: _counted(m.group("whose"), m.group("what"), _n(m), None, m.group("where"))),
    (r"^this card destroyed (?:a|an opponent's) monster by battle this turn$",
     lambda m: {"this_turn": "destroyed_by_battle"}),
    (r"^(?P<whose>自分|相手)の手札が0枚の(場合)?$",
     lambda m: _counted(m.group("whose"), "カード", None, 0, "手札")),
]


# ---------------------------------------------------------------------- continuous effects
#: the card's own place, said before what its continuous effect does ("While this card is
#: face-up on the field, ...", 「このカードがモンスターゾーンに存在する限り、」): a continuous
#: effect applies only there anyway (YGO-KIND)
_HERE = (r"(?:(?:while )?this card is (?:face-up )?(?:on the field|in (?:the|your) monster "
         r"zone|in (?:the|your) spell & trap zone)"
         r"|(?:このカードが|このカードは)?(?:(?:フィールド|モンスターゾーン|魔法&罠ゾーン)(?:上)?に)?"
         r"(?:表側表示で)?存在する限り)")
_WHILE_HERE = rf"^{_HERE}[,、]?\s*"
_WHOSE_TO = {"you control": "you", "your opponent controls": "opponent", "on the field": "any",
             "自分": "you", "相手": "opponent", "": "any"}


def _to(what: str, whose: str) -> dict[str, Any] | None:
    """The cards a continuous effect applies to ("All EARTH monsters on the field", 「自分
    フィールドの戦士族モンスター」), as ``to:``'s controller and filter; None when the words
    are not read."""
    words, left_out = re.sub(r"^(all|each)\s+|全ての", "", what.strip(), flags=re.I), []
    m = re.search(r',?\s*except "(?P<en>[^"]+)"$', words)
    if m:
        words, left_out = words[:m.start()], [m.group("en")]
    flt = card_filter(words)
    if flt is None or flt.get("type") != "monster":
        return None
    if left_out:
        flt["not_name"] = left_out[0]
    return {"controller": _WHOSE_TO[whose.casefold()], "filter": flt}


def _each(words: str) -> dict[str, Any] | None:
    """What "for each WATER monster on the field" / 「自分の手札の数×」 counts, as an amount's
    ``count`` (the zone, whose, the filter), or None when the words are not read."""
    words = norm(words)
    m = re.fullmatch(r"(?P<what>.+?) (?P<whose>you control|your opponent controls|on the field)"
                     r'(?P<ex>,? except "[^"]+")?'
                     r"|(?P<what2>.+?) in (?P<gy>your|your opponent's|either player's) "
                     r"(?P<where>gy|graveyard|hand)"
                     r"|(?P<whose2>自分|相手|お互い)?の?(?P<where2>フィールド|墓地|手札)の?"
                     r"(?P<what3>[^。]*?)", words, re.I)
    if not m:
        return None
    if m.group("what2") is not None or m.group("where2"):
        where = (m.group("where") or m.group("where2")).casefold()
        whose = (m.group("gy") or m.group("whose2") or "").casefold()
        zone: Any = {"gy": "gy", "graveyard": "gy", "hand": "hand", "墓地": "gy",
                     "手札": "hand"}.get(where, "monster")
        what = m.group("what2") or m.group("what3") or "カード"
        controller = ("opponent" if whose in ("your opponent's", "相手") else
                      "you" if whose in ("your", "自分") else "any")
        flt = card_filter(what) if what not in ("カード", "card", "cards") else {}
        if flt is None:
            return None
        if zone == "monster" and flt.get("type", "monster") != "monster":
            zone = ["monster", "spell_trap", "field"]
        return {"zone": zone, "controller": controller, **({"filter": flt} if flt else {})}
    what = m.group("what")
    if re.fullmatch(r'"[^"]+"', what):  # a name: "for each "Swamp Battleguard" you control"
        return {"zone": "monster", "controller": _WHOSE_TO[m.group("whose").casefold()],
                "filter": {"type": "monster", "name": what.strip('"')}}
    to = _to(what + (m.group("ex") or ""), m.group("whose"))
    if to is None:
        return None
    return {"zone": "monster", **to}


_STAT_EN = r"(?P<how>gains?|loses?) (?P<n>\d+) (?P<stat>atk/def|atk and def|atk|def)"
_STAT_JA = (r"(?P<stat>攻撃力・守備力|攻撃力|守備力)は(?:(?P<each>[^。]+?)の数×)?(?P<n>\d+)"
            r"(?P<how>アップ|ダウン)")


def _stats(parts: list[re.Match[str]]) -> dict[str, Any] | None:
    """``atk`` / ``def`` of an ``apply`` from each "gains 500 ATK" / 「攻撃力は５００アップ」
    read (one stat, or both), with its "for each" count; None when a count is not read."""
    out: dict[str, Any] = {}
    for m in parts:
        up = m.group("how").casefold() in ("gain", "gains", "アップ")
        amount: Any = int(m.group("n")) * (1 if up else -1)
        each = m.groupdict().get("each")
        if each:
            count = _each(each)
            if count is None:
                return None
            amount = {"count": count, "times": amount}
        for stat in re.findall(r"atk|def|攻撃力|守備力", m.group("stat"), re.I):
            key = {"atk": "atk", "def": "def", "攻撃力": "atk", "守備力": "def"}[stat.casefold()]
            if key in out:
                return None
            out[key] = amount
    return out


def _stat_en(m: re.Match[str]) -> dict[str, Any] | None:
    """"All EARTH monsters on the field gain 500 ATK and lose 400 DEF", "This card gains 300
    ATK for each ...": a continuous stat change."""
    parts = [re.match(_STAT_EN + r"(?: for each (?P<each>.+))?$", p, re.I)
             for p in re.split(r",? and (?=gains?|loses?)", m.group("stats"), flags=re.I)]
    if not all(parts):
        return None
    found = _stats([p for p in parts if p])
    if not found:
        return None
    who = (m.group("who") or "").strip()
    if not who or re.fullmatch(r"this card", who, re.I):
        return found
    if re.fullmatch(r"the equipped monster", who, re.I):
        # an Equip Spell's change is not compiled: its text says no activation that equips
        # it (the rules give one), and a card with the change alone is never equipped
        return None
    g = re.fullmatch(r"(?P<what>.+?) (?P<whose>you control|your opponent controls|on the field)",
                     who, re.I)
    if g:
        to = _to(g.group("what"), g.group("whose"))
    elif g := re.fullmatch(r"your opponent's (?P<what>.+)", who, re.I):
        to = _to(g.group("what"), "your opponent controls")
    else:  # "All Zombie monsters gain 200 ATK": those on the field, whoever controls them
        to = _to(who, "on the field")
    return {**found, "to": to} if to else None


def _stat_ja(m: re.Match[str]) -> dict[str, Any] | None:
    """「フィールドの地属性モンスターの攻撃力は５００アップし、守備力は４００ダウンする」,
    「このカードの攻撃力・守備力は自分の手札の数×６００アップする」: a continuous stat change."""
    parts = [re.fullmatch(_STAT_JA + r"(?:する|し)?", p)
             for p in re.split(r"(?<=し)、", m.group("stats"))]
    if not all(parts):
        return None
    found = _stats([p for p in parts if p])
    if not found:
        return None
    who = m.group("who")
    if who == "このカード":
        return found
    if who == "装備モンスター":
        return None  # an Equip Spell's change: as in English
    g = re.fullmatch(r"(?P<whose>自分|相手)?(?:の)?フィールド(?:上)?の(?P<what>[^。]+)", who)
    to = _to(g.group("what"), g.group("whose") or "") if g else None
    return {**found, "to": to} if to else None


_BY = {"battle": "battle", "card effects": "effect", "battle or card effects": "any",
       "戦闘": "battle", "効果": "effect", "戦闘・効果": "any"}


def _protected(who: str, apply: dict[str, Any]) -> dict[str, Any] | None:
    """A protection (``cannot``, ``by``) of the cards ``who`` names: this card, or the
    monsters of a side ("monsters you control", 「自分フィールドの戦士族モンスター」)."""
    who = who.strip()
    if not who or re.fullmatch(r"this card|このカード", who, re.I):
        return apply
    g = re.fullmatch(r"(?:all )?(?P<what>.+?) (?P<whose>you control|your opponent controls|on "
                     r"the field)"
                     r"|(?P<whose2>自分|相手)?(?:の)?フィールド(?:上)?の(?P<what2>[^。]+)",
                     who, re.I)
    if not g:
        return None
    to = _to(g.group("what") or g.group("what2"), g.group("whose") or g.group("whose2") or "")
    return {**apply, "to": to} if to else None


#: the continuous effects of a Yu-Gi-Oh! card that ``apply`` says (docs/cards.md, Modifiers;
#: Replacement, protection and negation): stat changes and protections, matched whole
CONTINUOUS: list[Pattern] = [
    (r"^(?P<who>this card |the equipped monster |(?:all |each )?[^.;]+? (?:you control|your "
     r"opponent controls|on the field) |your opponent's [^.;]+? |(?:all )?[^.;]+? monsters )?"
     r"(?P<stats>(?:gains?|loses?) \d+ (?:atk/def|atk and def|"
     r"atk|def)(?:,? and (?:gains?|loses?) \d+ (?:atk/def|atk|def))?(?: for each .+)?)$",
     _stat_en),
    (r"^(?P<who>このカード|装備モンスター|(?:自分|相手)?(?:の)?フィールド(?:上)?の[^。]+?)の"
     r"(?P<stats>(?:攻撃力・守備力|攻撃力|守備力)は[^。]+?(?:アップ|ダウン)(?:し、(?:攻撃力|守備力)は"
     r"[^。]+?(?:アップ|ダウン))?)する$", _stat_ja),
    (r"^(?P<who>this card|(?:all )?[^,]+? (?:you control|your opponent controls|on the "
     r"field))? ?cannot be destroyed by (?P<by>battle or card effects|battle|card effects)$",
     lambda m: _protected(m.group("who") or "", {"cannot": "destroyed",
                                                 "by": _BY[m.group("by").casefold()]})),
    (r"^(?P<who>this card|(?:all )?[^,]+? (?:you control|your opponent controls|on the "
     r"field))? ?cannot be targeted by (?P<opp>your opponent's |opponent's )?card effects$",
     lambda m: _protected(m.group("who") or "", {"cannot": "targeted", **(
         {"by": "opponent"} if m.group("opp") else {})})),
    (r"^(?P<p>your opponent cannot|neither player can) target (?P<who>this card|(?:all )?[^,]+? "
     r"(?:you control|your opponent controls|on the field)) with card effects$",
     lambda m: _protected(m.group("who"), {"cannot": "targeted", **(
         {"by": "opponent"} if m.group("p").casefold().startswith("your") else {})})),
    (r"^(?P<who>このカード|(?:自分|相手)?(?:の)?フィールド(?:上)?の[^。]+?)は、?(?P<by>戦闘・効果|戦闘|効果)"
     r"では破壊されない$",
     lambda m: _protected(m.group("who"), {"cannot": "destroyed", "by": _BY[m.group("by")]})),
    (r"^(?P<who>このカード|(?:自分|相手)?(?:の)?フィールド(?:上)?の[^。]+?)は、?(?P<opp>相手の)?"
     r"(?:カードの)?効果の対象にならない$",
     lambda m: _protected(m.group("who"), {"cannot": "targeted", **(
         {"by": "opponent"} if m.group("opp") else {})})),
]


#: piercing battle damage, the monster's own: "If this card attacks a Defense Position monster,
#: inflict piercing battle damage (to your opponent)", 「このカードが守備表示モンスターを攻撃
#: した場合、その守備力を攻撃力が超えた分だけ戦闘ダメージを与える」
_PIERCING = (r"(?:if this card attacks a defense position monster, inflict piercing battle "
             r"damage(?: to your opponent)?\.?"
             r"|(?:①：)?このカードが守備表示モンスターを攻撃した場合、その守備力を攻撃力が超えた分だけ"
             r"(?:相手に)?戦闘ダメージを与える。?)")


#: a monster that cannot attack (``cannot_attack``): "This card cannot declare an attack",
#: 「このカードは攻撃できない」, "Your opponent's monsters cannot declare an attack",
#: 「相手フィールドのモンスターは攻撃宣言できない」, "This card cannot attack directly"
_WHOLE = (
    (r"this card cannot (?:declare an )?attack\.?|このカードは攻撃(?:宣言)?できない。?",
     {"cannot_attack": "all"}),
    (r"this card cannot attack (?:your opponent )?directly\.?|このカードは直接攻撃できない。?",
     {"cannot_attack": "players"}),
    (r"(?:monsters your opponent controls|your opponent's monsters) cannot (?:declare an )?"
     r"attack\.?|相手(?:フィールドの)?モンスターは攻撃(?:宣言)?できない。?",
     {"cannot_attack": "all", "to": {"controller": "opponent"}}),
    (r"this card can attack (?:your opponent )?directly\.?"
     r"|このカードは(?:相手に)?直接攻撃できる。?", {"direct_attack": True}),
    (r"you take no battle damage\.?|自分が受ける戦闘ダメージは[0０]になる。?",
     {"damage_becomes": "zero", "damage_cause": "battle"}),
    # what players cannot do (engine/restrictions.py)
    (r"neither player can special summon(?: monsters)?\.?"
     r"|お互いに(?:モンスターを)?特殊召喚できない。?", {"player_cannot": "special_summon"}),
    (r"your opponent cannot special summon(?: monsters)?\.?"
     r"|相手は(?:モンスターを)?特殊召喚できない。?",
     {"player_cannot": "special_summon", "players": "opponent"}),
    (r"neither player can banish(?: cards)?\.?|お互いに(?:カードを)?除外できない。?",
     {"player_cannot": "banish"}),
    (r"neither player can tribute(?: cards| monsters)?\.?"
     r"|お互いに(?:カードを|モンスターを)?リリースできない。?", {"player_cannot": "tribute"}),
)
#: the keys of a continuous effect whose ``while_count`` the engine reads (a protection or a
#: negation is not one of them)
_COUNTED_APPLY = {"atk", "def", "piercing", "cannot_attack", "direct_attack", "to",
                  "player_cannot", "players", "damage_becomes", "damage_cause"}
#: a Japanese continuous effect's own condition before what it does (「自分フィールドに
#: モンスターが存在しない場合、このカードは直接攻撃できる」)
_STATE_JA = re.compile(r"^(?P<cond>[^。、]+?(?:存在する|存在しない|存在せず)(?:場合|限り))、"
                       r"(?P<rest>.+)$")
#: an English one ("While you control a monster, you take no battle damage")
_STATE_EN = re.compile(r"^(?P<cond>(?:while|as long as) [^,.]+), (?P<rest>.+)$", re.I)


def _while_count(words: str) -> dict[str, Any] | None:
    """The count a continuous effect's condition says ("If you control a monster other than
    "Photon Thrasher"", "While you control no other monsters", 「自分フィールドにモンスターが
    存在しない場合」), as its ``while_count``, or None when it is no count the words read."""
    from ...classify.to_card import _except, _first

    words = re.sub(r"^(?:if|while|as long as) |(?:場合|限り)$", "", norm(words), flags=re.I)
    words, left_out = _except(words)
    other = bool(re.search(r"\bother\b|他の", words))
    words = re.sub(r"\bother |他の", "", words)
    found = _first(CONDITIONS, words.strip(" ,、"))
    if not isinstance(found, dict) or set(found) != {"count"}:
        return None
    count = dict(found["count"])
    if other:
        count["other"] = True
    if left_out:
        count["filter"] = {**count.get("filter", {}), "not_name": left_out[0]}
    return count


def continuous(reading: EffectReading) -> dict[str, Any] | None:
    """A continuous effect's ``apply`` from its words (a stat change or a protection), or
    None when they are not all read: a condition other than the card's own place ("While you
    control ...") or words no pattern reads leave the effect to the person writing the card."""
    words = norm(reading.operations or reading.text)
    condition = norm(reading.condition)
    if re.fullmatch(_PIERCING, f"{condition}, {words}" if condition else words, re.I):
        return {"piercing": True}
    if not condition and (state := _STATE_JA.match(words) or _STATE_EN.match(words)):
        condition, words = state.group("cond"), state.group("rest")
    count = None
    if condition and not re.fullmatch(_HERE, condition, re.I):
        count = _while_count(condition)  # "While you control a monster, ...": read each time
        if count is None:
            return None
    if condition and words.startswith(condition):  # 「…存在する限り、…」: the words after it
        words = words[len(condition):].lstrip(",、 ")
    apply = _apply(re.sub(_WHILE_HERE, "", words, flags=re.I))
    if count is None or apply is None:
        return apply
    return {**apply, "while_count": count} if set(apply) <= _COUNTED_APPLY else None


def _apply(words: str) -> dict[str, Any] | None:
    """What a continuous effect's words do, as its ``apply``, or None."""
    for pattern, apply in _WHOLE:
        if re.fullmatch(pattern, words.strip(), re.I):
            return {k: dict(v) if isinstance(v, dict) else v for k, v in apply.items()}
    if re.search(r"[.。]\s*\S", words):
        return None  # two sentences: a second change or a restriction beside it
    for pattern, make in CONTINUOUS:
        m = re.search(pattern, words, re.I)
        if m and (found := make(m)) is not None:
            return found
    return None


# ---------------------------------------------------------------------- operations
def _each_player(op: str, n: int) -> list[dict[str, Any]]:
    """``op`` done by each player on ``n`` cards of their own hand, each choosing theirs."""
    return [{"op": op, "choose": {"zone": "hand", "controller": "you", "count": n}},
            {"op": op, "choose": {"zone": "hand", "controller": "opponent", "count": n,
                                  "chooser": "opponent"}}]


def _hand_then_draw(m: re.Match[str]) -> list[dict[str, Any]]:
    """"Each player sends 2 cards from their hand to the GY, then draws 2 cards." /
    「お互いのプレイヤーは手札を２枚墓地へ送る。その後、それぞれデッキから２枚ドローする。」"""
    verb = m.group("verb") or m.group("verb2") or ""
    op = "discard" if re.search(r"discard|捨て", verb, re.I) else "send_to_gy"
    return [*_each_player(op, int(m.group("n") or m.group("n2"))),
            {"op": "draw", "count": int(m.group("k") or m.group("k2")), "player": "both",
             "then": True}]


def _draw_then_hand(m: re.Match[str]) -> list[dict[str, Any]]:
    """"Each player draws 1 card, then each player discards 1 card." / 「お互いのプレイヤーは
    デッキから１枚ドローし、その後手札を１枚選んで捨てる。」"""
    found = _each_player("discard", int(m.group("k") or m.group("k2")))
    found[0]["then"] = True
    return [{"op": "draw", "count": int(m.group("n") or m.group("n2")), "player": "both"},
            *found]


def _halved(m: re.Match[str]) -> list[dict[str, Any]]:
    """A target's ATK and/or DEF halved (rounded up, as the rules halve): lowered by half of
    it as it is when the effect resolves, until the monster leaves the field or, where the
    text says so, the end of the turn."""
    stats = [{"atk": "atk", "def": "def", "攻撃力": "atk", "守備力": "def"}[s.casefold()]
             for s in re.findall(r"atk|def|攻撃力|守備力", m.group("stat") or m.group("stat2"),
                                 re.I)]
    until = ("end_of_turn" if re.search(r"until the end of (this|the) turn|ターン終了時まで",
                                        m.string, re.I) else "leaves_field")
    return [{"op": "modify_stat", "card": "target", "stat": s,
             "amount": {"stat": s, "of": "target", "half": True, "times": -1}, "until": until}
            for s in stats]


#: Yu-Gi-Oh!'s own wordings of operations (tried before the shared ones, on the whole text
#: first): what each player does with their own hand or Deck, a halved ATK/DEF
OPERATIONS: list[Pattern] = [
    (r"^each player (?P<verb>sends|discards) (?P<n>\d+) cards?( from their hand)?"
     r"( to the (gy|graveyard))?,? then,? (each player )?draws (?P<k>\d+) cards?$"
     r"|^お互いのプレイヤーは手札を(?P<n2>\d+)枚(?:選んで)?(?P<verb2>墓地へ送|捨て)(?:る。|り、|て、)"
     r"その後、?(?:それぞれ|お互いのプレイヤーは)?(?:デッキから)?(?P<k2>\d+)枚ドローする$",
     _hand_then_draw),
    (r"^each player draws (?P<n>\d+) cards?,? then,? each player discards (?P<k>\d+) cards?$"
     r"|^お互いのプレイヤーは(?:デッキから)?(?P<n2>\d+)枚ドローし、?その後(?:、)?(?:それぞれ)?"
     r"手札を(?P<k2>\d+)枚選んで捨てる$",
     _draw_then_hand),
    (r"^each player discards (?P<n>\d+) cards?$|^お互いのプレイヤーは手札を(?P<n2>\d+)枚(?:選んで)?"
     r"捨てる$",
     lambda m: _each_player("discard", int(m.group("n") or m.group("n2")))),
    (r"^banish the top (?P<n>\d+) cards? of each player's deck$"
     r"|^お互いのデッキの上からカードを(?P<n2>\d+)枚除外する$",
     lambda m: [{"op": "banish", "top": {"zone": "deck", "controller": who,
                                         "count": int(m.group("n") or m.group("n2"))}}
                for who in ("you", "opponent")]),
    # the attack being declared negated, then perhaps the Battle Phase ended
    (r"^negate (?:the|that|its) attack(?P<end>,? (?:and if you do|then),? end the battle phase)?$"
     r"|^(?:その|相手)?(?:[^。、]{0,12}?モンスターの)?攻撃を無効に(?:する|(?P<end2>(?:し、|する。)"
     r"その後、?バトルフェイズを終了する))$",
     lambda m: [{"op": "negate_attack",
                 **({"end_battle_phase": True} if m.group("end") or m.group("end2") else {})}]),
    # 「その攻撃モンスターの攻撃を無効にし、そのモンスターの攻撃力分のダメージを相手に与える」
    (r"^その(?:攻撃)?モンスターの攻撃を無効にし、その(?:攻撃)?モンスターの(?P<stat>攻撃力|守備力)分の"
     r"ダメージを相手に与える$",
     lambda m: [{"op": "negate_attack"},
                {"op": "damage", "player": "opponent",
                 "amount": {"stat": "atk" if m.group("stat") == "攻撃力" else "def",
                            "of": "target"}}]),
    # the damage a player takes, made 0 or halved for the turn or the battle
    (r"^(?:this turn, )?(?P<who>you|your opponent|neither player|each player|both players) "
     r"(?:takes?|take) no (?P<cause>battle |effect )?damage(?P<when> this turn| for the rest of "
     r"this turn| from (?:that|this) battle)?$",
     lambda m: _damage(m, "zero")),
    (r"^(?:this turn, )?(?:any|all|the) (?P<cause>battle |effect )?damage (?P<who>you|your "
     r"opponent|each player|both players) takes?(?P<when> this turn| from (?:that|this) battle)?"
     r" (?:is|becomes) (?P<how>halved|0)$"
     r"|^halve (?:all|any|the) (?P<cause2>battle |effect )?damage (?P<who2>you|your opponent) "
     r"takes?(?P<when2> this turn| from (?:that|this) battle)?$",
     lambda m: _damage(m, "half" if (m.group("how") or "halved") == "halved" else "zero")),
    (r"^(?P<when>このターン|この戦闘|その戦闘)(?:、|で|によって)?(?:発生する)?(?P<who>自分|相手|お互い"
     r"(?:のプレイヤー)?)(?:が受ける|への)(?:全ての)?(?P<cause>戦闘|効果)?ダメージ(?:は|を)(?:全て)?"
     r"(?P<how>0|半分)に(?:する|なる)$",
     lambda m: _damage(m, "zero" if m.group("how") == "0" else "half")),
    (r"^halve (?:its|that target's|that monster's|the target's) (?P<stat>atk/def|atk and def|"
     r"atk|def)$|^(?:対象の|その)(?:[^。、を]{0,12}?モンスターの|)(?P<stat2>攻撃力・守備力|攻撃力|"
     r"守備力)を(?:ターン終了時まで)?半分にする$",
     _halved),
]


#: whose damage a change covers, in the words of each language
_DAMAGED = {"you": "you", "自分": "you", "your opponent": "opponent", "相手": "opponent",
            "neither player": "both", "each player": "both", "both players": "both",
            "お互い": "both", "お互いのプレイヤー": "both"}


def _damage(m: Any, becomes: str) -> list[dict[str, Any]]:
    """"You take no battle damage this turn", 「このターン、自分が受ける全てのダメージは半分に
    なる」: a ``change_damage`` for the turn, or for the battle ("from that battle",
    「その戦闘によって発生する」)."""
    said = {k.rstrip("2"): v for k, v in m.groupdict().items() if v}
    cause = said.get("cause", "").strip().casefold()
    when = said.get("when", "").strip().casefold()
    return [{"op": "change_damage", "player": _DAMAGED[said["who"].casefold()],
             "cause": {"battle": "battle", "戦闘": "battle", "effect": "effect",
                       "効果": "effect"}.get(cause, "any"),
             "becomes": becomes,
             "until": "end_of_attack" if "battle" in when or "戦闘" in when else "end_of_turn"}]


def _modes(m: re.Match[str]) -> list[dict[str, Any]] | None:
    """"Activate 1 of these effects. ● A ● B" / 「以下の効果から１つを選択して発動できる。●A ●B」:
    a ``choose_one`` whose options are the modes, each read whole (None when one is not)."""
    from ...classify.to_card import _options

    found = _options("►" + m.group("modes").replace("●", "►"), OPERATIONS)
    for option in (found or [{}])[0].get("options") or []:
        option["label"] = option["label"].strip(" \n.。")
    return found


OPERATIONS.append(
    (r"^(?:activate 1 of these effects[.;:]?\s*"
     r"|以下の効果から(?:1|一)つを選択して発動(?:できる|する)[。]?\s*)?"
     r"●(?P<modes>[\s\S]+●[\s\S]+)$", _modes))


def _all_in_gy(m: re.Match[str]) -> list[dict[str, Any]] | None:
    """Every card of a kind in a player's GY banished ("Banish all cards in your opponent's
    GY", 「相手の墓地のカードを全て除外する」)."""
    whose = (m.group("whose") or m.group("whose2") or "").casefold()
    what = m.group("what") or m.group("what2") or ""
    flt = {} if re.fullmatch(r"cards?|カード", what, re.I) else card_filter(what)
    if flt is None:
        return None
    controller = ("opponent" if whose in ("your opponent's", "相手") else
                  "you" if whose in ("your", "自分") else "any")
    return [{"op": "banish", "all": {"zone": "gy", "controller": controller,
                                     **({"filter": flt} if flt else {})}}]


OPERATIONS.append(
    (r"^banish all (?P<what>.+?) in (?P<whose>your opponent's|your|each player's|either "
     r"player's|both players') (?:gy|graveyard)s?$"
     r"|^(?P<whose2>相手|自分|お互い)の墓地の(?P<what2>[^。]+?)を全て除外する$", _all_in_gy))


def _from_zone(op: str) -> Callable[[re.Match[str]], list[dict[str, Any]] | None]:
    """``op`` on cards chosen from a zone written 「自分の墓地の…１体を」 (the zone before the
    cards, with 「の」), as the shared 「墓地から…」 wording reads them."""
    def make(m: re.Match[str]) -> list[dict[str, Any]] | None:
        from ...classify.to_card import _chosen, _position

        return _chosen(m, op, **(_position(m) if op == "special_summon" else {}))
    return make


def _whole_hand(m: re.Match[str]) -> list[dict[str, Any]]:
    """A player's whole hand sent to the GY or discarded ("Discard your entire hand",
    「自分の手札を全て墓地へ送る」)."""
    words = m.group(0)
    op = "discard" if re.search(r"discard|捨て", words, re.I) else "send_to_gy"
    whose = "opponent" if re.search(r"opponent|相手", words, re.I) else "you"
    return [{"op": op, "all": {"zone": "hand", "controller": whose}}]


OPERATIONS += [
    (r"^(?:自分の)?(?P<where>墓地|手札|デッキ)の(?P<what>[^。]*?)(?P<n>\d+)体を(?:選んで)?"
     r"(?P<pos>(?:表側)?(?:攻撃|守備)表示で)?特殊召喚する$", _from_zone("special_summon")),
    (r"^(?:自分の)?(?P<where>墓地)の(?P<what>[^。]*?)(?P<n>\d+)(?:体|枚)を(?:選んで)?手札に加える$",
     _from_zone("add_to_hand")),
    (r"^(?:send|discard) (?:your|your opponent's) entire hand(?: to the (?:gy|graveyard))?$"
     r"|^(?:自分|相手)の手札を全て(?:墓地へ送る|捨てる)$", _whole_hand),
]


def _to_zero(m: re.Match[str]) -> list[dict[str, Any]]:
    """A target's ATK and/or DEF made 0 ("its ATK becomes 0", 「その攻撃力を０にする」): lowered by
    all of it as it is when the effect resolves, until the end of the turn where the text says
    so, else until the monster leaves the field."""
    found = _halved(m)
    for op in found:
        del op["amount"]["half"]
    return found


OPERATIONS.append(
    (r"^(?:its|that target's|that monster's|the target's) (?P<stat>atk/def|atk and def|atk|def) "
     r"becomes? 0(?: until the end of (?:this|the) turn)?$"
     r"|^(?:対象の|その)(?:[^。、を]{0,12}?モンスターの|)(?P<stat2>攻撃力・守備力|攻撃力|守備力)(?:は|を)"
     r"(?:ターン終了時まで)?0(?:になる|にする)$", _to_zero))


def _all_stat(m: re.Match[str]) -> list[dict[str, Any]] | None:
    """Every monster of a side (or of a kind) gaining or losing ATK/DEF for the turn ("All
    monsters you control gain 500 ATK until the end of this turn", 「自分フィールドの全ての
    モンスターの攻撃力はターン終了時まで５００アップする」): a lasting change of each."""
    whose = (m.group("whose") or m.group("whose2") or "").casefold()
    to = _to(m.group("what") or m.group("what2"), {"自分": "you control", "相手":
                                                    "your opponent controls"}.get(whose, whose))
    if to is None:
        return None
    up = (m.group("how") or m.group("how2")).casefold() in ("gain", "gains", "アップ")
    stats = [{"atk": "atk", "def": "def", "攻撃力": "atk", "守備力": "def"}[s.casefold()]
             for s in re.findall(r"atk|def|攻撃力|守備力", m.group("stat") or m.group("stat2"),
                                 re.I)]
    return [{"op": "modify_stat", "all": {"zone": "monster", **to},
             "stat": stats[0] if len(stats) == 1 else stats,
             "amount": int(m.group("n") or m.group("n2")) * (1 if up else -1),
             "until": "end_of_turn"}]


OPERATIONS.append(
    (r"^(?:all |each )?(?P<what>[^.;]+?) (?P<whose>you control|your opponent controls|on the "
     r"field) (?P<how>gains?|loses?) (?P<n>\d+) (?P<stat>atk/def|atk and def|atk|def) until the "
     r"end of (?:this|the) turn$"
     r"|^(?P<whose2>自分|相手)?フィールドの(?P<what2>[^。]+?)の(?P<stat2>攻撃力・守備力|攻撃力|守備力)は"
     r"ターン終了時まで(?P<n2>\d+)(?P<how2>アップ|ダウン)する$", _all_stat))


_BOTH_OP = {"shuffle": "put_into_deck", "banish": "banish", "destroy": "destroy",
            "return": "return_to_hand"}

OPERATIONS.append(
    # "shuffle both that card and this card from the GY into the Deck": the target and itself
    (r"^(?P<verb>shuffle|banish|destroy|return) both (?:that card|that target|that monster|it) "
     r"and this card(?: from the (?:gy|graveyard))?(?P<to> into the deck| to the hand)?$",
     lambda m: None if (m.group("verb").casefold() == "shuffle") != bool(
         m.group("to") and "deck" in m.group("to").casefold()) else [
         {"op": _BOTH_OP[m.group("verb").casefold()], "card": card}
         for card in ("target", "self")]))

OPERATIONS.append(
    # a face-up monster changed to face-down Defense Position: the card itself ("change this
    # card to face-down Defense Position", 「このカードを裏側守備表示にする」) or the one the
    # effect targets or chooses ("change that target to ...", 「その表側表示モンスターを…」)
    (r"^change (?P<who>this card|that target|that monster|it|the target) to face-down "
     r"defense position$"
     r"|^(?P<who2>このカード|(?:対象の|その)(?:表側表示)?(?:の)?モンスター)を裏側守備表示にする$",
     lambda m: [{"op": "change_position", "to": "face_down",
                 "card": "self" if re.fullmatch(r"this card|このカード",
                                                m.group("who") or m.group("who2"), re.I)
                 else "chosen"}]))

_SELF_MOVE = {"destroy": "destroy", "banish": "banish", "send": "send_to_gy", "破壊": "destroy",
              "除外": "banish", "墓地へ送": "send_to_gy"}

OPERATIONS.append(
    # the card moves itself ("destroy this card", 「このカードを墓地へ送る」): a Continuous
    # Spell's upkeep, a monster's own end; only if it is still the card that used the effect
    (r"^(?P<verb>destroy|banish|send) this card(?: to the (?:gy|graveyard))?$"
     r"|^このカードを(?P<verb2>破壊|除外|墓地へ送)(?:する|る)$",
     lambda m: None if (m.group("verb") or "").casefold() == "send" and not re.search(
         r"gy|graveyard", m.group(0), re.I) else [
         {"op": _SELF_MOVE[(m.group("verb") or m.group("verb2")).casefold()], "card": "self"}]))


def _flip_all(m: re.Match[str]) -> list[dict[str, Any]]:
    """Every face-down monster of a side flipped face-up ("flip all monsters they control
    face-up", 「相手フィールドの裏側守備表示モンスターを全て表側守備表示にする」): each in the
    position it is in, its FLIP effect activating."""
    whose = m.group("whose") or m.group("whose2") or ""
    controller = ("opponent" if re.search(r"they|opponent|相手", whose, re.I) else
                  "you" if re.search(r"you|自分", whose, re.I) else "any")
    return [{"op": "change_position", "to": "face_up",
             "all": {"zone": "monster", "controller": controller,
                     "filter": {"type": "monster", "face_up": False}}}]


OPERATIONS.append(
    (r"^(?:if (?:your opponent|they) controls? a face-down monster, )?flip all (?:face-down )?"
     r"monsters (?P<whose>they control|your opponent controls|you control|on the field) face-up$"
     r"|^(?P<whose2>相手|自分)?(?:の)?フィールドの裏側守備表示モンスターを全て表側守備表示にする$",
     _flip_all))
OPERATIONS.append(
    # a face-down target flipped face-up: 「そのモンスターを表側攻撃表示にする」
    (r"^(?:対象の|その)(?:裏側(?:守備)?表示の?)?モンスターを表側(?P<to>攻撃|守備)表示にする$",
     lambda m: [{"op": "change_position", "card": "chosen",
                 "to": "attack" if m.group("to") == "攻撃" else "defense"}]))


_FIRST_OP = {"墓地へ送られた": "send_to_gy", "墓地へ送った": "send_to_gy",
             "手札に加えた": "add_to_hand", "特殊召喚した": "special_summon", "除外した": "banish"}


def _and_more(m: re.Match[str]) -> list[dict[str, Any]] | None:
    """「デッキからドラゴン族モンスター１体を墓地へ送る。この効果で墓地へ送られたモンスターが
    ドラゴン族の通常モンスターだった場合、さらにデッキからドラゴン族モンスター１体を墓地へ送る
    事ができる」: the second part only if the card the first chose passes the filter
    (``if_card`` on the cards it picked), up to its count where the text says 「できる」."""
    from ...classify.to_card import _all_of

    first = _all_of(m.group("first"), None, None, OPERATIONS)
    second = _all_of(m.group("second"), None, None, OPERATIONS)
    flt = card_filter(m.group("what"))
    if not first or not second or len(first) != 1 or len(second) != 1 or flt is None:
        return None
    pick, more = first[0].get("choose"), second[0]
    if first[0]["op"] != _FIRST_OP[m.group("verb")] or not isinstance(pick, dict) or (
            pick.get("up_to") or "choose" not in more):
        return None
    pick["as"] = "first_pick"
    if m.group("can"):
        more["choose"]["up_to"] = True
    more["if_card"] = {"card": "first_pick", "filter": flt}
    return [first[0], more]


OPERATIONS.append(
    (r"^(?P<first>[^。]+?)。この効果で(?P<verb>墓地へ送られた|墓地へ送った|手札に加えた|特殊召喚した|"
     r"除外した)(?:モンスター|カード)が(?P<what>[^。、]+?)だった場合、さらに(?P<second>[^。]+?)"
     r"(?P<can>(?:事|こと)ができる|)$", _and_more))


#: what a Special Summon's own words go on to say about the monsters it summoned, each as the
#: operation that says it of them (``who``: ``card: summoned``, or ``card: self``)
_SUMMONED_SO: list[tuple[str, Callable[[dict[str, str]], dict[str, Any]]]] = [
    (r"(?:its|their) effects are negated|効果は無効化される",
     lambda who: {"op": "negate_effects", **who, "until": "leaves_field"}),
    (r"(?:it|they) cannot attack this turn|このターン攻撃できない",
     lambda who: {"op": "protect", **who, "cannot": "attack"}),
    (r"banish (?:it|them) when (?:it|they) leaves? the field|(?:if|when) (?:it|they) leaves? the "
     r"field, banish (?:it|them)|フィールドから離れた場合に除外される",
     lambda who: {"op": "banish_when_leaves", **who}),
]


def _summoned_so(m: re.Match[str]) -> list[dict[str, Any]] | None:
    """A Special Summon and what its words go on to say about the monsters it summoned, for
    as long as they stay on the field as those cards (YGO-LOCATION): "Special Summon 1 ... from
    your Deck, but its effects are negated" / 「この効果で特殊召喚したモンスターの効果は無効化
    される」 (``negate_effects`` ``until: leaves_field``), "..., but it cannot attack this turn" /
    「…はこのターン攻撃できない」 (``protect`` ``cannot: attack``), "Special Summon this card, but
    banish it when it leaves the field" / 「…は、フィールドから離れた場合に除外される」
    (``banish_when_leaves``). The monsters chosen are named ``summoned``; this card is
    ``self``. None when a part is not one of these."""
    from ...classify.to_card import _all_of

    first = _all_of(m.group("first") or m.group("first2"), None, None, OPERATIONS)
    if not first or len(first) != 1 or first[0]["op"] != "special_summon":
        return None
    pick = first[0].get("choose")
    if isinstance(pick, dict):
        pick["as"] = "summoned"
        who = {"card": "summoned"}
    elif first[0].get("card") == "self":
        who = {"card": "self"}
    else:
        return None
    ops = [first[0]]
    for part in re.split(r"、|,? also,? ", m.group("rest") or m.group("rest2")):
        make = next((make for pattern, make in _SUMMONED_SO
                     if re.fullmatch(pattern, part.strip(" .。"), re.I)), None)
        if make is None:
            return None
        ops.append(make(who))
    return ops


OPERATIONS.append(
    (r"^(?P<first>special summon [^.]+?)(?:,? but |\. )(?P<rest>(?:its|their|it|they|banish|if|"
     r"when) [^.]+?)\.?$"
     r"|^(?P<first2>[^。]+?特殊召喚する)。この効果で特殊召喚した(?:その)?(?:モンスター|このカード)"
     r"(?:は|の)、?(?P<rest2>[^。]+?)。?$",
     _summoned_so))
