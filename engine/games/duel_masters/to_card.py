"""The Duel Masters part of putting a card text's readings into card-file effects
(engine/classify/to_card.py): its events, its own wordings of operations (all creatures, from
the mana zone, the hand or the graveyard into the battle zone, a shield broken, power until
the end of the turn, looking at the top of the deck...), and the cards an ability chooses as
it resolves, with their filters (civilization, power, cost, evolution or not, Blocker)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ...classify import EffectReading
from ...classify.to_card import Pattern, norm, number, of_self


def _turn(m: re.Match[str]) -> dict[str, Any]:
    """The start or the end of a turn: yours, the opponent's or each ("the end of each of
    your turns" is yours)."""
    when = m.group("when") or m.group("when2")
    whose = (m.group("whose") or m.group("whose2")).casefold()
    event: dict[str, Any] = {"type": "turn_end" if when in ("end", "終わり", "おわり")
                             else "turn_start"}
    if whose not in ("each", "各"):
        event["player"] = "opponent" if re.search("opponent|相手", whose) else "you"
    return event


#: (pattern, event) for Duel Masters events, Japanese and English
EVENTS: list[Pattern] = [
    (r"このクリーチャーが(バトルゾーンに)?出た|このクリーチャーを(バトルゾーンに)?出した"
     r"|put this creature into the battle zone"
     r"|this creature is put into the battle zone", of_self("put_into_battle")),
    (r"このクリーチャーが攻撃する|this creature attacks", of_self("attack_declared")),
    (r"このクリーチャーが破壊され|this creature is destroyed", of_self("destroyed")),
    (r"このクリーチャーがバトルに勝|this creature wins a battle", of_self("battle_won")),
    (r"このクリーチャーがブロックした|this creature blocks", of_self("blocked")),
    (r"^(自分が)?呪文を唱えた$|^自分の呪文を唱えた$|^you cast a spell$",
     lambda m: {"type": "cast", "player": "you"}),
    (r"(自分の)?シールドがブレイクされ|your shields? (is|are) broken",
     lambda m: {"type": "shield_broken", "player": "you"}),
    (r"相手のクリーチャーが攻撃する|(one of )?your opponent's creatures attacks",
     lambda m: {"type": "attack_declared", "attacker": "opponent"}),
    (r"^(at )?the (?P<when>start|beginning|end) of (?P<whose>your opponent's|your|each|"
     r"each of your opponent's|each of your) turns?$"
     r"|^(?P<whose2>自分|相手|各)の?ターンの(?P<when2>はじめ|始め|終わり|おわり)に?$", _turn),
]

_CIVILIZATIONS = {"光": "light", "水": "water", "闇": "darkness", "火": "fire", "自然": "nature",
                  "light": "light", "water": "water", "darkness": "darkness", "fire": "fire",
                  "nature": "nature"}
_BOUND = {"以下": "max", "以上": "min", "or less": "max", "or more": "min"}


def card_filter(words: str) -> dict[str, Any] | None:
    """A filter from a Duel Masters description of cards ("non-evolution creature that has
    power 3000 or less", 「光の進化ではないブロッカー」, 「パワー2000以下のクリーチャー」), or None
    when part of it is not read."""
    w, f = words.casefold(), {}
    w = re.sub(r"\b(\d+) (power|cost) (or less|or more)", r"\2 \1 \3", w)
    w = re.sub(r"\bcosts\b", "cost", w)
    for m in re.finditer(r"(?P<stat>パワー|コスト|power|cost) ?(?P<n>\d+) ?(?P<b>以下|以上|or less|"
                         r"or more)", w):
        stat = "power" if m.group("stat") in ("パワー", "power") else "cost"
        f[f"{stat}_{_BOUND[m.group('b')]}"] = int(m.group("n"))
    if re.search(r"進化ではない|non-evolution", w):
        f["subtype"] = "creature"
    elif re.search(r"進化クリーチャー|evolution creature", w):
        f["type"] = "evolution"
    elif re.search(r"クリーチャー|creature", w):
        f["type"] = "creature"
    elif re.search(r"呪文|spell", w):
        f["type"] = "spell"
    if re.search(r"ブロッカー|blocker", w):
        f["blocker"] = True
    civ = r"(光|水|闇|火|自然|light|water|darkness|fire|nature)"
    if m := re.search(rf"{civ}(?:または|か| or ){civ}の?", w):  # 「光または水の」: either
        f["civilization"] = [_CIVILIZATIONS[m.group(1)], _CIVILIZATIONS[m.group(2)]]
        w = w[:m.start()] + w[m.end():]
    elif m := re.search(r"(光|水|闇|火|自然)以外の|\bnon-(light|water|darkness|fire|nature)\b", w):
        left = _CIVILIZATIONS[m.group(1) or m.group(2)]  # "a card that isn't nature": any other
        f["civilization"] = [c for c in dict.fromkeys(_CIVILIZATIONS.values()) if c != left]
    elif m := re.search(r"(光|水|闇|火|自然)の|\b(light|water|darkness|fire|nature)\b", w):
        f["civilization"] = _CIVILIZATIONS[m.group(1) or m.group(2)]
    if re.search(r"アンタップ(されて|して)いる|タップされていない|untapped", w):
        f["tapped"] = False
    elif re.search(r"タップ(されて|して)いる|\btapped\b", w):
        f["tapped"] = True
    rest = re.sub(r"(パワー|コスト|power|cost) ?\d+ ?(以下|以上|or less|or more)|進化ではない|"
                  r"(光|水|闇|火|自然)以外の|\bnon-(light|water|darkness|fire|nature)\b|"
                  r"non-evolution|進化|evolution|クリーチャー|creatures?|呪文|spells?|カード|"
                  r"cards?|ブロッカー|blockers?|(光|水|闇|火|自然)の|\b(light|water|darkness|fire|"
                  r"nature)\b|アンタップ(されて|して)いる|タップされていない|タップ(されて|して)いる|\b(un)?tapped\b|"
                  r"\b(a|an|one|that|has|have|with|of|your|opponent's)\b|を持つ|の|[\s,.\"「」]",
                  "", w)
    return f if not rest else None


_ZONE = {"マナゾーン": "mana", "手札": "hand", "墓地": "graveyard", "バトルゾーン": "battle",
         "シールド": "shield", "mana zone": "mana", "hand": "hand", "graveyard": "graveyard",
         "battle zone": "battle", "shield zone": "shield", "shields": "shield"}
_VERB = {"破壊する": "destroy", "タップする": "tap", "アンタップする": "untap",
         "持ち主の手札に戻す": "return_to_hand", "手札に戻す": "return_to_hand",
         "持ち主のマナゾーンに置く": "put_into_mana", "マナゾーンに置く": "put_into_mana",
         "持ち主の墓地に置く": "send_to_gy", "put": "send_to_gy",
         "destroy": "destroy", "tap": "tap", "untap": "untap", "return": "return_to_hand"}


def _choose(zone: str, whose: str | None, what: str, m: re.Match[str],
            **more: Any) -> dict[str, Any] | None:
    """A ``choose`` of ``count`` cards matching ``what`` in a zone, or None when ``what``
    is not read."""
    f = card_filter(what) if what.strip() else {}
    if f is None:
        return None
    choose: dict[str, Any] = {"zone": zone, "controller": whose or "you", "count": number(m),
                              **more}
    if m.groupdict().get("up") or re.match(r"up to", m.groupdict().get("n") or "", re.I):
        choose["up_to"] = True
    if f:
        choose["filter"] = f
    return choose


def _whose(words: str | None) -> str | None:
    w = (words or "").casefold()
    return ("opponent" if re.search(r"相手|opponent", w) else "you" if re.search(r"自分|your", w)
            else None)


def _all(m: re.Match[str]) -> list[dict[str, Any]] | None:
    verb = m.group("verb").casefold()
    what = " ".join(m.groupdict().get(k) or "" for k in ("what", "what2", "tail"))
    whose = m.group("whose")
    if not whose and (side := re.search(r"(相手|自分)の", what)):
        # 「バトルゾーンにある相手のパワー2000以下のクリーチャーをすべて」: whose, after where
        whose, what = side.group(0), what[:side.start()] + what[side.end():]
    other = bool(re.search(r"\bother\b|他の", what, re.I))  # "all your other creatures"
    what = re.sub(r"バトルゾーンにある|in the battle zone|\bother\b|他の|\.", "", what, flags=re.I)
    f = card_filter(what + " creature")
    if f is None:
        return None
    f.pop("type", None)
    selector: dict[str, Any] = {"zone": "battle", "controller": _whose(whose) or "any"}
    if f:
        selector["filter"] = f
    if other:
        selector["other"] = True
    return [{"op": _VERB[verb], "all": selector}]


def _from_zone(op: str) -> Callable[[re.Match[str]], list[dict[str, Any]] | None]:
    def make(m: re.Match[str]) -> list[dict[str, Any]] | None:
        choose = _choose(_ZONE[m.group("where").casefold()], "you", m.group("what"), m)
        return [{"op": op, "choose": choose}] if choose else None
    return make


def _chosen(m: re.Match[str]) -> list[dict[str, Any]] | None:
    """An English "destroy one of your opponent's creatures that has power 3000 or less"."""
    what = (m.groupdict().get("pre") or "") + (m.group("what") or "")
    choose = _choose("battle", _whose(m.group("whose")), what, m)
    verb = m.group("verb").casefold()
    op = "put_into_mana" if verb == "put" else _VERB[verb]
    return [{"op": op, "choose": choose}] if choose else None


def _look(m: re.Match[str]) -> list[dict[str, Any]] | None:
    """Look at the top N cards, take some into the hand, the rest on the top or the bottom."""
    f = card_filter(m.group("what") or "") if (m.group("what") or "").strip() else {}
    if f is None:
        return None
    pick: dict[str, Any] = {"count": number(_Words(m.group("k"))), "to": "hand"}
    if m.groupdict().get("up") or m.group("may"):
        pick["up_to"] = True
    if f:
        pick["filter"] = f
    rest = m.groupdict().get("rest") or m.groupdict().get("top") or ""
    return [{"op": "look_at_top", "count": number(_Words(m.group("n"))), "pick": pick,
             "rest": "bottom" if rest in ("一番下", "bottom") else "top"}]


class _Words:
    """One number's words as a match (``number`` reads them)."""

    def __init__(self, n: str) -> None:
        self.n = n

    def groupdict(self) -> dict[str, str]:
        return {"n": self.n}


def _chosen_ja(m: re.Match[str]) -> list[dict[str, Any]] | None:
    """「相手のパワー4000以下のクリーチャーを1体破壊する」: one creature, with a filter."""
    what = (m.group("pre") or "") + (m.group("what") or "") + "クリーチャー"
    choose = _choose("battle", _whose(m.group("whose")), what, m)
    if choose is None:
        return None
    if choose.get("filter") == {"type": "creature"}:
        del choose["filter"]
    else:
        choose.get("filter", {}).pop("type", None)
    verb = {"破壊": "destroy", "タップ": "tap", "アンタップ": "untap", "持ち主の手札に戻":
            "return_to_hand", "手札に戻": "return_to_hand", "持ち主のマナゾーンに置":
            "put_into_mana", "マナゾーンに置": "put_into_mana"}[m.group("verb")]
    return [{"op": verb, "choose": choose}]


def _blockers_ja(m: re.Match[str]) -> list[dict[str, Any]] | None:
    """「相手のブロッカーを1体破壊する」: one of that side's Blockers."""
    ops = _chosen_ja(m)
    if ops:
        ops[0]["choose"].setdefault("filter", {})["blocker"] = True
    return ops


def _power(m: re.Match[str], card: str | None) -> list[dict[str, Any]]:
    amount = int(m.group("n")) * (-1 if m.group("sign") == "-" else 1)
    op: dict[str, Any] = {"op": "power", "amount": amount, "until": "end_of_turn"}
    if card:
        op["card"] = card
    return [op]


def _any_chosen(m: re.Match[str]) -> list[dict[str, Any]] | None:
    """"Choose a darkness or fire creature in the battle zone and tap it": a creature of
    either player, chosen as it resolves."""
    what = m.group("what").strip()
    f: dict[str, Any] | None = {}
    if what:
        civ = r"(light|water|darkness|fire|nature)"
        two = re.fullmatch(rf"{civ} or {civ}", what, re.I)
        f = ({"civilization": [two.group(1).casefold(), two.group(2).casefold()]} if two
             else card_filter(what))
    if f is None:
        return None
    f.pop("type", None)
    choose = _choose("battle", "any", "", m)
    if choose is None:
        return None
    if f:
        choose["filter"] = f
    return [{"op": _VERB[m.group("verb").casefold()], "choose": choose}]


def _power_amount(sign: str, digits: str, each: str | None) -> Any:
    """"+N power" / "-N power", or N times the cards counted "for each ..." (an amount of
    docs/cards.md, Modifiers); None when what is counted cannot be read."""
    n = int(digits) * (-1 if sign == "-" else 1)
    if not each:
        return n
    count = _cards_of(each)
    return None if count is None else {"count": count, "times": n}


def _power_all(m: re.Match[str]) -> list[dict[str, Any]] | None:
    """"Each of your creatures in the battle zone gets +N power until the end of the turn (for
    each ...)": the amount counted as it resolves."""
    amount = _power_amount(m.group("sign"), m.group("amt"), m.group("each"))
    if amount is None:
        return None
    return [{"op": "power", "amount": amount, "until": "end_of_turn",
             "all": {"zone": "battle", "controller": _whose(m.group("whose"))}}]


_N = r"(?P<n>\d+|a|an|one|two|three|up to \d+|up to (?:one|two|three))"
#: Duel Masters wordings of operations, Japanese and English (each the whole sentence)
OPERATIONS: list[Pattern] = [
    # every creature of a kind
    (r"^(?P<what>[^。]*?)(?P<whose>相手の|自分の)?(?P<what2>[^。]*?)クリーチャーを(すべて|全て)、?"
     r"(?P<verb>破壊する|タップする|アンタップする|持ち主の手札に戻す|持ち主のマナゾーンに置く|"
     r"持ち主の墓地に置く)$", _all),
    (r"^(?P<whose>相手の|自分の)?(?P<what>[^。]*?)(?P<tail>ブロッカー)を(すべて|全て)、?"
     r"(?P<verb>破壊する|タップする|アンタップする|持ち主の手札に戻す|"
     r"持ち主のマナゾーンに置く)$", _all),
    (r"^(?P<verb>destroy|tap|untap|return) all (of )?(?P<whose>your opponent's |your )?"
     r"(?P<what>[^.]*?)creatures( in the battle zone)?(?P<tail> (that|with) (have|has) (power|cost)"
     r" \d+ or (less|more)| that costs? \d+ or (less|more)| that (have|has) \"?blocker\.?\"?)?"
     r"( in the battle zone)?( to (their|its) owners?'? hands?)?$", _all),
    (r"^(?P<verb>put) every (?P<whose>)(?P<what>)creature(?P<tail> that has \"?[a-z ]+\"?)? into "
     r"(its|their) owners?'?s? graveyards?$", _all),
    # from a zone into the battle zone, or back to the hand
    (r"^(?:自分の)?(?P<where>マナゾーン|手札|墓地)から(?P<what>[^。]*?)を(?P<n>\d+)体(?P<up>まで)?、?"
     r"バトルゾーンに出(す|してもよい)$", _from_zone("put_into_battle")),
    (r"^(?P<what>[^。]*?)を(?P<n>\d+)体(?P<up>まで)?、?(?:自分の)?(?P<where>マナゾーン|手札|墓地)から"
     r"バトルゾーンに出(す|してもよい)$", _from_zone("put_into_battle")),
    (rf"^(?:you may )?put {_N} (?P<what>.+?) from your (?P<where>mana zone|hand|graveyard) "
     r"into the battle zone$", _from_zone("put_into_battle")),
    (r"^(?:自分の)?(?P<where>墓地|マナゾーン)から(?P<what>[^。]*?)を(?P<n>\d+)(枚|体)(?P<up>まで)?、?"
     r"手札に(戻す|戻してもよい|加える|加えてもよい)$", _from_zone("add_to_hand")),
    (rf"^(?:you may )?(return|put) {_N} (?P<what>.+?) from your (?P<where>graveyard|mana zone) "
     r"(in)?to your hand$", _from_zone("add_to_hand")),
    # shields
    (r"^相手のシールドを(?P<n>\d+)(つ|枚)ブレイクする$|^break (?P<k>one|a|\d+) of your "
     r"opponent's shields$",
     lambda m: [{"op": "break_shield", "choose": {"zone": "shield", "controller": "opponent",
                                                  "count": number(m)}}]),
    # the opponent chooses
    (r"^your opponent chooses (?P<n>\d+|one|a|two) of (his|her|their) creatures( in the battle "
     r"zone)? and (?P<verb>destroys (it|them)|returns (it|them) to (his|her|their) hand)$"
     r"|^相手は自身のクリーチャーを(?P<k>\d+)体選び、?破壊する$",
     lambda m: [{"op": "return_to_hand" if (m.group("verb") or "").startswith("return")
                 else "destroy", "choose": {"zone": "battle", "controller": "you",
                                            "chooser": "opponent", "relative": "chooser",
                                            "count": number(m)}}]),
    (r"^your opponent discards (?P<n>a|one|\d+) cards? at random( from (his|her|their) hand)?$",
     lambda m: [{"op": "discard", "random": {"zone": "hand", "controller": "opponent",
                                             "count": number(m)}}]),
    # one creature chosen, said in one sentence
    (r"^(?P<pre>[^。]*?)(?P<whose>相手|自分)の(?P<what>[^。を]*?)クリーチャーを(?P<n>\d+)体(?P<up>まで)?"
     r"(選び、)?(?P<verb>破壊|タップ|アンタップ|持ち主の手札に戻|手札に戻|持ち主のマナゾーンに置|"
     r"マナゾーンに置)(する|す|く|してもよい|いてもよい)$", _chosen_ja),
    (rf"^(?P<verb>destroy|tap|untap|return) {_N} of (?P<whose>your opponent's|your) "
     r"(?P<pre>untapped |tapped )?creatures"
     r"(?P<what> that (has|have) (power \d+|\d+ power|cost \d+) or (less|more)"
     r"| that costs? \d+ or (less|more)| that (has|have) \"?blocker\.?\"?)?( in the battle zone)?"
     r"( to (his|her|their|its owner's|your) hand)?$", _chosen),
    (rf"^(?P<verb>put) {_N} of (?P<whose>your opponent's|your) creatures"
     r"(?P<what> that (has|have) (power \d+|\d+ power|cost \d+) or (less|more)"
     r"| that costs? \d+ or (less|more))?"
     r"( in the battle zone)? into (his|her|their|its owner's) mana zone$", _chosen),
    # power until the end of the turn, untapping itself
    (r"^(そのターン、)?このクリーチャーのパワーは(?P<sign>[+-])(?P<n>\d+)される$"
     r"|^(this creature|it) gets (?P<sign2>[+-])(?P<n2>\d+) power( until the end of the turn)?$",
     lambda m: _power(_Alias(m), "self")),
    (r"^(そのターン、)?そのクリーチャーのパワーは(?P<sign>[+-])(?P<n>\d+)される$"
     r"|^(そのターン、)?そのクリーチャーのパワーを(?P<sign3>[+-])(?P<n3>\d+)する$"
     r"|^(that creature|it|the chosen creature) gets (?P<sign2>[+-])(?P<n2>\d+) power"
     r"( until the end of the turn)?$",
     lambda m: _power(_Alias(m), "chosen")),
    (r"^(そのターン、)?そのクリーチャーの能力は無視される$"
     r"|^(its|that creature's) abilities are ignored until the end of the turn$",
     lambda m: [{"op": "negate_effects", "card": "chosen"}]),
    (r"^その攻撃の間、このクリーチャーのパワーを\+(?P<n>\d+)する$"
     r"|^this creature gets \+(?P<k>\d+) power until the end of the attack$",
     lambda m: [{"op": "power", "card": "self", "amount": number(m), "until": "end_of_attack"}]),
    # "this turn, they can't be blocked": a lasting protection of the chosen creatures
    (r"^(this turn, )?(they|it|that creature|those creatures|the chosen creatures?) can't be "
     r"blocked( this turn| until the end of the turn)?$"
     r"|^(この|その)ターン、?(その|それらの)クリーチャーはブロックされない$",
     lambda m: [{"op": "protect", "cannot": "blocked", "card": "chosen"}]),
    (r"^このクリーチャーをアンタップ(する|してもよい)$|^(you may )?untap this creature$",
     lambda m: [{"op": "untap", "card": "self"}]),
    # looking at the top of the deck
    (r"^自分の山札の上から(?P<n>\d+)枚を見る。(その中|そのうち)(から|の)?(?P<what>[^。]*?)を?(?P<k>\d+)"
     r"(枚|体)(?P<up>まで)?、?(相手に見せてから)?を?手札に加え(て ?(?P<may>もよい)|る)?[。、]"
     r"(?:その後、)?残りを"
     r"(好きな順序で)?山札の(?P<rest>一番下|上)に(置く|戻す)$", _look),
    (r"^look at the top (?P<n>\w+) cards of your deck\. (?P<may>you may )?put (?P<k>a|an|one|two) "
     r"(?P<what>creature |spell |card )?(from among them|of them) into your hand(?: and the "
     r"other back on (?P<top>top) of your deck|(\.|,) (and )?put the rest on the "
     r"(?P<rest>bottom|top) of your deck in any order)$", _look),
]


class _Alias:
    def __init__(self, m: re.Match[str]) -> None:
        self.m = m

    def group(self, name: str) -> Any:
        return (self.m.group(name) or self.m.groupdict().get(f"{name}2")
                or self.m.groupdict().get(f"{name}3"))


def _moved(op: str, where: str | None = None, whose: str = "you",
           **more: Any) -> Callable[[re.Match[str]], list[dict[str, Any]] | None]:
    """``op`` on cards of a zone chosen at resolution: the zone the words name (``where``
    group) or ``where``; "another creature" leaves out the card itself; "up to" lets the
    chooser take fewer (a "may" is the ability's own ``optional``)."""
    def make(m: re.Match[str]) -> list[dict[str, Any]] | None:
        zone = where or _ZONE[m.group("where").casefold()]
        what = m.groupdict().get("what") or ""
        other = bool(re.search(r"\banother\b|他の", f"{m.groupdict().get('n') or ''} {what}",
                               re.I))
        what = re.sub(r"\banother\b|他の", "", what, flags=re.I)
        choose = _choose(zone, whose, what, m, **more)
        if choose is None:
            return None
        if choose.get("filter") == {"type": "creature"} and zone == "battle":
            del choose["filter"]
        if other:
            choose["other"] = True
        return [{"op": op, "choose": choose}]
    return make


def _top(op: str) -> Callable[[re.Match[str]], list[dict[str, Any]]]:
    """``op`` on the top N cards of your deck."""
    return lambda m: [{"op": op, "top": {"zone": "deck", "controller": "you",
                                         "count": number(m)}}]


def _if_done(m: re.Match[str]) -> list[dict[str, Any]] | None:
    """「そうした場合、…」 / "If you do, …": the rest, done only if the operation before it
    did something (``if_done``)."""
    from ...classify import to_card as shared  # the shared wordings, read after Duel Masters'

    ops = shared._all_of(norm(m.group("rest")), None, None, OPERATIONS)
    if not ops:
        return None
    ops[0]["if_done"] = True
    return ops


_IT_EN = r"(it|them|that card|those cards)"
_ZONE_EN = r"(?P<where>mana zone|hand|graveyard)"
_N_EN = r"(?P<n>\d+|a|an|one|two|three|up to \d+|up to (?:one|two|three)|another)"
OPERATIONS += [
    # "draw up to N": the cards are drawn (the library's cards do not model "up to" either)
    (r"^(you may )?draw up to (?P<n>\d+|one|two|three|four|five) cards?$"
     r"|^カードを(?P<k>\d+)枚まで引(く|いてもよい)$",
     lambda m: [{"op": "draw", "count": number(m)}]),
    # discards (one's own: the shared wording, engine/classify/to_card.py)
    (r"^your opponent chooses and discards (?P<n>a|one|two|\d+) cards? from (his|her|their) "
     r"hand$|^相手は自身の手札を(?P<k>\d+)枚選び、?捨てる$",
     lambda m: [{"op": "discard", "choose": {"zone": "hand", "controller": "you",
                                             "chooser": "opponent", "relative": "chooser",
                                             "count": number(m)}}]),
    (r"^your opponent discards (his|her|their) (entire|whole) hand$"
     r"|^your opponent discards all the cards in (his|her|their) hand$"
     r"|^相手の手札をすべて捨てさせる$|^相手は自身の手札をすべて捨てる$",
     lambda m: [{"op": "discard", "all": {"zone": "hand", "controller": "opponent"}}]),
    # the top of the deck into the graveyard
    (r"^put the top (?P<n>\d+|one|two|three|four|five) cards? of your deck into your "
     r"graveyard$|^自分の山札の上から(?P<k>\d+)枚目?を墓地に置く$", _top("send_to_gy")),
    # cards moved between your own zones, chosen at resolution
    (r"^(?:自分の)?(?P<where>マナゾーン|墓地)(?:から|の|にある)(?P<what>[^。、]*?)を?(?P<n>\d+)(枚|体)"
     r"(?P<up>まで)?、?(?:自分の)?手札に(戻す|加える|戻(?P<may>してもよい)|加え(?P<may2>てもよい))$",
     _moved("add_to_hand")),
    (rf"^(?:you may )?(return|put|add) {_N_EN} (?P<what>.+?) from your "
     r"(?P<where>graveyard|mana zone) (in)?to your hand$", _moved("add_to_hand")),
    (r"^(?:自分の)?(?P<where>手札|墓地)(?:から|の|にある)?(?P<what>[^。、]*?)を(?P<n>\d+)(枚|体)"
     r"(?P<up>まで)?、?(?:自分の)?マナゾーンに置(く|いてもよい)$", _moved("put_into_mana")),
    (rf"^(?:you may )?put {_N_EN} (?P<what>.+?) from your (?P<where>hand|graveyard) into your "
     r"mana zone$", _moved("put_into_mana")),
    (r"^(?:自分の)?マナゾーン(?:から|の|にある)(?P<what>[^。、]*?)を(?P<k>\d+)枚、?(選び、)?墓地に置く$"
     rf"|^put {_N_EN} (?P<what2>cards?) from your mana zone into your graveyard$",
     lambda m: _moved("send_to_gy", "mana")(_Named(m))),
    (rf"^(?:you may )?(put|add) {_N_EN} (?P<what>cards?) from your {_ZONE_EN} (in)?to your "
     r"shields face down$"
     r"|^(?:自分の)?(?P<where2>マナゾーン|手札)(?:から|の|にある)?(?P<what2>[^。、]*?)を(?P<k>\d+)枚、?"
     r"(裏向きのまま|裏向きにして)?、?新しいシールドとして(自分の)?(シールドゾーンに)?加え(る|(?P<may>てもよい))$",
     lambda m: _moved("add_shield")(_Named(m))),
    # searching the deck: the card is taken (its shuffle is not modelled, as in the library)
    (r"^search your deck\. (?P<may>you may )?take (?P<n>a|an|one|up to \d+|\d+) (?P<what>.+?) "
     r"from (it|your deck)(, show (it|that \w+) to your opponent,)? and put (it|them) into your "
     r"(?P<to>hand|mana zone)\. then shuffle your deck$"
     r"|^自分の山札を見る。その中から(?P<what2>[^。]*?)を?(?P<k>\d+)(枚|体)を?選び、(相手に見せてから)?"
     r"(自分の)?(?P<to2>手札に加え|マナゾーンに置い)(る|く|(?P<may2>てもよい))。その後、山札をシャッフルする$",
     lambda m: _moved("add_to_hand" if (m.group("to") or m.group("to2")) in ("hand", "手札に加え")
                      else "put_into_mana", "deck")(_Named(m))),
    # this creature
    (r"^(return|put) this creature (in)?to (your|its owner's) hand$"
     r"|^このクリーチャーを(自分の|持ち主の)?手札に戻す$",
     lambda m: [{"op": "return_to_hand", "card": "self"}]),
    (r"^(you may )?destroy this creature$|^このクリーチャーを破壊(する|してもよい)$",
     lambda m: [{"op": "destroy", "card": "self"}]),
    # the chosen cards, into the graveyard
    (rf"^(and )?put {_IT_EN} into (his|her|their|its owner's|your) graveyards?$"
     r"|^(その(カード|クリーチャー)を)?(持ち主の)?墓地に置く$",
     lambda m: [{"op": "send_to_gy", "card": "chosen"}]),
    (r"^(put|return) this creature into your mana zone$"
     r"|^このクリーチャーを(自分の|持ち主の)?マナゾーンに置く$",
     lambda m: [{"op": "put_into_mana", "card": "self"}]),
    (r"^捨てる$", lambda m: [{"op": "discard", "card": "chosen"}]),  # 「…を1枚選び、捨てる」
    (r"^(自分の)?手札を(?P<k>\d+)枚捨て(る|てもよい)$",
     lambda m: [{"op": "discard", "choose": {"zone": "hand", "controller": "you",
                                             "count": number(m)}}]),
    (r"^(その(カード|クリーチャー)を)?(持ち主の)?シールドゾーンに裏向き(にして|のまま)加える$",
     lambda m: [{"op": "add_shield", "card": "chosen"}]),
    (r"^自分の山札の上から(?P<k>\d+)枚目?を、?(裏向きのまま)?、?新しいシールドとして(自分の)?"
     r"(シールドゾーンに)?加え(る|てもよい)$", _top("add_shield")),
    # the chosen card at the bottom of its owner's deck
    (r"^(その(カード|クリーチャー)を)?持ち主の山札の一番下に置く$"
     r"|^(and )?put (it|them|that creature) on the bottom of (its|their) owners?'?s? decks?$",
     lambda m: [{"op": "put_into_deck", "bottom": True, "card": "chosen"}]),
    # 「相手のブロッカーを1体破壊する」: a Blocker is a creature
    (r"^(?P<pre>)(?P<whose>相手|自分)の(?P<what>[^。を]*?)ブロッカーを(?P<n>\d+)体(?P<up>まで)?"
     r"(選び、)?(?P<verb>破壊|タップ|持ち主の手札に戻|手札に戻|持ち主のマナゾーンに置|マナゾーンに置)"
     r"(する|す|く|してもよい|いてもよい)$",
     lambda m: _blockers_ja(m)),
    # the opponent puts the creature chosen into the mana zone: it goes to its owner's
    (r"^相手はそのクリーチャーを(自身の|持ち主の)?マナゾーンに置く$"
     r"|^your opponent puts (it|that creature) into (his|her|their) mana zone$",
     lambda m: [{"op": "put_into_mana", "card": "chosen"}]),
    (r"^each player draws (?P<n>a|one|two|three|\d+) cards?$"
     r"|^各プレイヤーはカードを(?P<k>\d+)枚引く$"
     r"|^お互いのプレイヤーはカードを(?P<k2>\d+)枚引く$",
     lambda m: [{"op": "draw", "count": number(m) if not m.group("k2") else int(m.group("k2")),
                 "player": "both"}]),
    # a creature in the battle zone, whoever's, or one chosen first and then done to
    (rf"^(?P<verb>return|destroy|tap|untap) {_N} creatures? in the battle zone"
     r"( to (its|their) owner'?s'? hands?)?$",
     lambda m: [{"op": _VERB[m.group("verb").casefold()],
                 "choose": _choose("battle", "any", "", m)}]),
    (rf"^choose {_N} of (?P<whose>your opponent's|your) (?P<pre>untapped |tapped )?creatures"
     r"(?P<what> that (has|have) (power \d+|\d+ power|cost \d+) or (less|more))?"
     r"( in the battle zone)? and (?P<verb>destroy|tap|untap|return|put) (it|them)"
     r"( to (its|their) owner'?s'? hands?| into (its|their) owner'?s'? mana zones?)?$", _chosen),
    # power until the end of the turn, of creatures chosen as it resolves or of all of a side
    (r"^(?P<n>one|a|\d+) of (?P<whose>your opponent's|your) creatures( in the battle zone)? "
     r"gets? (?P<sign>[+-])(?P<amt>\d+) power until the end of the turn$",
     lambda m: [{"op": "power", "amount": int(m.group("amt")) * (-1 if m.group("sign") == "-"
                                                                 else 1),
                 "until": "end_of_turn",
                 "choose": _choose("battle", _whose(m.group("whose")), "", m)}]),
    (r"^(each of|all( of)?) (?P<whose>your opponent's|your) creatures( in the battle zone)? "
     r"gets? (?P<sign>[+-])(?P<amt>\d+) power until the end of the turn"
     r"( for each (?P<each>.+))?$", _power_all),
    # cards of the opponent's mana zone, chosen as it resolves
    (r"^(you may )?choose (?P<n>a|one|up to \d+|up to (?:one|two|three)|\d+|two) cards? in "
     r"(?P<whose>your opponent's|your) (?P<where>mana zone|graveyard) and "
     r"(?P<verb>return (it|them) to (his|her|their|its owner's|their owner's) hands?"
     r"|put (it|them) into (his|her|their|its owner's|their owner's) graveyards?)$",
     lambda m: [{"op": "return_to_hand" if m.group("verb").startswith("return") else "send_to_gy",
                 "choose": _choose(_ZONE[m.group("where")], _whose(m.group("whose")), "", m)}]),
    (r"^(and )?return (it|them) to (his|her|their|its owner's|their owners') hands?$",
     lambda m: [{"op": "return_to_hand", "card": "chosen"}]),
    (r"^(and )?add (it|them) to (its|their) owners?'?s?'? shields face down$",
     lambda m: [{"op": "add_shield", "card": "chosen"}]),
    (r"^(you may )?add (?P<n>\d+|one|two|three) cards? from the top of your deck to your "
     r"shields face down$",
     lambda m: [{"op": "add_shield", "top": {"zone": "deck", "controller": "you",
                                             "count": number(m)}}]),
    # "choose a creature in the battle zone and return it": whoever's, of a kind
    (rf"^(you may )?choose {_N} (?P<what>[^.]*?)creatures? in the battle zone and "
     r"(?P<verb>destroy|tap|untap|return) (it|them)( to (its|their) owner'?s'? hands?)?$",
     _any_chosen),
    # "if you do"
    (r"^(そうした場合|if you do),?\s*(?P<rest>.+)$", _if_done),
]


class _Named:
    """A match whose groups answer under their first alternative's names (``what2`` as
    ``what``, ``may2`` as ``may``...)."""

    def __init__(self, m: re.Match[str]) -> None:
        self.m = m

    def group(self, name: str) -> Any:
        return self.groupdict().get(name)

    def groupdict(self) -> dict[str, Any]:
        d = dict(self.m.groupdict())
        for k, v in list(d.items()):
            if k[-1] == "2" and v is not None and not d.get(k[:-1]):
                d[k[:-1]] = v
        return d


def keyword(reading: EffectReading) -> dict[str, Any]:
    """A Ninja Strike N (「ニンジャ・ストライク N」): used from the hand when an opponent's
    creature attacks or blocks, if its controller has N or more cards in the mana zone, checked
    then and as it is used (DM-ATTACK-STEPS; the library's Ninja Strike cards)."""
    if reading.kind != "ninja_strike":
        return {}
    out: dict[str, Any] = {"event": {"type": ["attack_declared", "blocked"],
                                     "filter": {"controller": "opponent"}}}
    if m := re.search(r"(?:ストライク|strike)\s*(\d+)", norm(reading.text), re.I):
        out["condition"] = [{"at": "both", "count": {"zone": "mana", "controller": "you",
                                                     "min": int(m.group(1))}}]
    return out


_STATIC_ZONE = {"mana zone": "mana", "graveyard": "graveyard", "hand": "hand",
                "battle zone": "battle", "マナゾーン": "mana", "墓地": "graveyard", "手札": "hand",
                "バトルゾーン": "battle"}


def _races(words: str) -> list[str] | None:
    """Races named by their capitalized words ("Humans", "Gladiators and Earth Eaters",
    "Beast Folk"), each as a card's race (plural aside), or None."""
    parts = re.split(r",\s*|\s+and\s+|\s+or\s+", words.strip())
    if not all(re.fullmatch(r"[A-Z][A-Za-z'-]*( [A-Z][A-Za-z'-]*)*", p) for p in parts):
        return None
    return [p[:-1] if re.search(r"[^s]s$", p) and not p.endswith("Folk") else p
            for p in parts]


def _cards_of(words: str) -> dict[str, Any] | None:
    """The cards a static ability counts or changes ("of your other untapped creatures in the
    battle zone", "tapped card in your opponent's mana zone", "shield you have", "other Human
    in the battle zone"): a selector {zone, controller, filter, other}, or None."""
    w = " ".join(words.split())
    sel: dict[str, Any] = {"zone": "battle"}
    if re.search(r"\bshields?\b", w, re.I):
        sel["zone"] = "shield"
        w = re.sub(r"\bshields?\b", "", w, flags=re.I)
    elif m := re.search(r"\bin (the |your opponent's |your |each )?(mana zone|graveyard|hand|"
                        r"battle zone)s?\b", w, re.I):
        sel["zone"] = _STATIC_ZONE[m.group(2).casefold()]
        w = w[:m.start()] + ("your opponent's " if m.group(1) and "opponent" in m.group(1)
                             else "your " if m.group(1) and m.group(1).strip() == "your"
                             else "") + w[m.end():]
    if re.search(r"\bopponent\b", w, re.I):
        sel["controller"] = "opponent"
    elif re.search(r"\byour?\b", w, re.I):
        sel["controller"] = "you"
    else:
        sel["controller"] = "any"
    if re.search(r"\bother\b", w, re.I):
        sel["other"] = True
    w = re.sub(r"\b(of your opponent's|your opponent's|your opponent has|of your|your|you "
               r"have|other|each|the)\b", " ", w, flags=re.I).strip()
    if sel["zone"] == "shield":
        return sel if not w else None
    f = card_filter(w) if w else {}
    if f is None:
        civ = r"(light|water|darkness|fire|nature)"
        if m := re.fullmatch(rf"{civ} (creature )?(and|or) {civ} creatures?", w, re.I):
            f = {"civilization": [m.group(1).casefold(), m.group(4).casefold()]}
        elif races := _races(w):
            f = {"race": races[0] if len(races) == 1 else races}
        else:
            return None
    if sel["zone"] == "battle":
        f.pop("type", None)
    if f:
        sel["filter"] = f
    return sel


def _on_field(to: dict[str, Any]) -> dict[str, Any]:
    """The creatures a power change applies to: those in the battle zone, where a change
    applies (no ``zone`` beside a stat change: docs/cards.md, apply)."""
    return {k: v for k, v in to.items() if k != "zone"}


def _static_text(reading: EffectReading) -> str:
    """A static ability's words, its reminder in brackets left out."""
    return re.sub(r"\s*[（(][^)）]*[)）]", "", norm(reading.text)).strip(" .。")


def _cards_of_ja(words: str) -> dict[str, Any] | None:
    """The cards a Japanese static ability counts or changes (「自分の墓地の火のカード」,
    「バトルゾーンの自分の他の水のクリーチャー」, 「自分のシールド」): a selector, or None."""
    w = words.strip()
    sel: dict[str, Any] = {"zone": "battle", "controller": "any"}
    if m := re.match(r"^(バトルゾーン|マナゾーン|墓地|手札)(にある|の)", w):
        sel["zone"] = _STATIC_ZONE[m.group(1)]
        w = w[m.end():]
    if m := re.match(r"^(自分|相手)の", w):
        sel["controller"] = "you" if m.group(1) == "自分" else "opponent"
        w = w[m.end():]
    if m := re.match(r"^(バトルゾーン|マナゾーン|墓地|手札|シールドゾーン)(にある|の)", w):
        sel["zone"] = _STATIC_ZONE.get(m.group(1), "shield")
        w = w[m.end():]
    if w.startswith("他の"):
        sel["other"] = True
        w = w[2:]
    if w == "シールド":
        sel["zone"] = "shield"
        return sel
    f = card_filter(w)
    if f is None:
        return None
    if sel["zone"] == "battle":
        f.pop("type", None)
    if f:
        sel["filter"] = f
    return sel


#: the keywords and sentences of a creature's own attacks (DM-ATTACK-STEPS, DM-STATIC): its
#: ``apply``
_ATTACKS: list[tuple[str, dict[str, Any]]] = [
    (r"speed attacker|スピードアタッカー", {"speed_attacker": True}),
    (r"triple breaker|t・ブレイカー", {"breaks": 3}),
    (r"quattro breaker|q・ブレイカー", {"breaks": 4}),
    (r"this creature can't attack|このクリーチャーは、?攻撃(することが)?できない",
     {"cannot_attack": "all"}),
    (r"this creature can't attack (players|your opponent)|このクリーチャーは、?(相手)?プレイヤーを"
     r"攻撃できない", {"cannot_attack": "players"}),
    (r"this creature can't attack creatures"
     r"|このクリーチャーは、?(相手の)?クリーチャーを攻撃できない", {"cannot_attack": "creatures"}),
    (r"this creature can attack untapped creatures"
     r"|このクリーチャーは、?(相手の)?アンタップ(して|されて)いるクリーチャーを攻撃できる",
     {"attacks_untapped": True}),
]


def _attacks(text: str) -> dict[str, Any] | None:
    """"Speed attacker" / 「スピードアタッカー」 (it may attack the turn it is put into the battle
    zone), "Triple breaker" / 「T・ブレイカー」 (3 shields; Quattro, 4), "This creature can't
    attack (players, creatures)" / 「このクリーチャーは、相手プレイヤーを攻撃できない」, "This
    creature can attack untapped creatures" / 「…アンタップしているクリーチャーを攻撃できる」,
    "This creature can't be blocked (by any creature that has power 3000 or less)" /
    「このクリーチャーは、パワー3000以下のクリーチャーにブロックされない」."""
    for pattern, apply in _ATTACKS:
        if re.fullmatch(pattern, text, re.I):
            return dict(apply)
    if m := re.fullmatch(r"this creature can't be blocked"
                         r"(?: by (?:any )?(?P<what>.*?creatures?\b.*?))?"
                         r"|このクリーチャーは、?(?:(?P<ja>[^。]*?クリーチャー)に)?ブロックされない",
                         text, re.I):
        # "This creature can't be blocked (by any creature that has power 3000 or less)"
        what = m.group("what") or m.group("ja")
        f = card_filter(what) if what else {}
        if f is None:
            return None
        f.pop("type", None)
        return {"unblocked_by": f}
    return None


#: a static ability under a condition that lasts: "While you have at least 1 Human in the
#: battle zone, ...", 「自分のシールドが1つもなければ、…」
_WHILE = re.compile(r"(?P<cond>while you have at least (?P<n>\d+|one|a|an) (?P<what>.+?) in the "
                    r"battle zone|[^、。]+?(?:なければ|あれば|いれば|ならば|なら))[,、]\s*"
                    r"(?P<rest>.+)", re.I)


def _while_count(m: re.Match[str]) -> dict[str, Any] | None:
    """The count a lasting condition says, as a ``while_count`` (a count condition), or
    None when it is not read."""
    if m.group("what"):
        sel = _cards_of(f"your {m.group('what')} in the battle zone")
        return None if sel is None else {**sel, "min": number(m)}
    for pattern, make in CONDITIONS:
        if found := re.fullmatch(pattern, m.group("cond").strip(), re.I):
            made = make(found)
            return dict(made["count"]) if isinstance(made, dict) and "count" in made else None
    return None


def continuous(reading: EffectReading) -> dict[str, Any] | None:
    """A static ability's ``apply`` (DM-STATIC): "Power attacker +N" / 「パワーアタッカー+N」
    (+N power while attacking), "this creature gets +N power (for each ...)" (a count, read
    again whenever the power is), "each of your other Humans in the battle zone gets +N
    power"; None for any other."""
    if reading.kind != "static":
        return None
    text = _static_text(reading)
    if m := _WHILE.fullmatch(text):  # "While you have ..., <a static ability>"
        count = _while_count(m)
        inner = continuous(EffectReading(text=m.group("rest"), kind="static"))
        if count is None or not inner or "while_count" in inner or "cannot" in inner:
            return None
        return {**inner, "while_count": count}
    if m := re.fullmatch(r"(?:power attacker|パワーアタッカー)\s*\+\s*(\d+)", text, re.I):
        return {"power": int(m.group(1)), "while": "attacking"}
    if apply := _attacks(text):
        return apply
    if re.fullmatch(r"相手は、?このクリーチャーを選べない|your opponent can't choose this "
                    r"creature|whenever your opponent would choose a creature in the battle zone, "
                    r"(he|she|they) can't choose this one", text, re.I):
        return {"cannot": "chosen", "by": "opponent"}
    if m := re.fullmatch(r"(?P<att>攻撃中、)?このクリーチャーのパワーは、?(?:(?P<each>[^。]+?)"
                         r"1(?:枚|体|つ)につき)?(?P<sign>[+-])(?P<n>\d+)される", text):
        n = int(m.group("n")) * (-1 if m.group("sign") == "-" else 1)
        amount = n
        if m.group("each"):
            count = _cards_of_ja(m.group("each"))
            if count is None:
                return None
            amount = {"count": count, "times": n}
        return {"power": amount, **({"while": "attacking"} if m.group("att") else {})}
    if m := re.fullmatch(r"バトルゾーンにある(?P<what>(?:自分|相手)の[^。]+?)のパワーは(?:すべて)?"
                         r"(?P<sign>[+-])(?P<n>\d+)される", text):
        to = _cards_of_ja(m.group("what"))
        if to is None:
            return None
        return {"power": int(m.group("n")) * (-1 if m.group("sign") == "-" else 1),
                "to": _on_field(to)}
    if m := re.fullmatch(r"(?P<att>while attacking, )?this creature gets (?P<sign>[+-])(?P<n>\d+) "
                         r"power(?: for each (?P<each>.+?))?(?P<att2> while attacking| during "
                         r"its attacks)?", text, re.I):
        amount = _power_amount(m.group("sign"), m.group("n"), m.group("each"))
        if amount is None:
            return None
        apply: dict[str, Any] = {"power": amount}
        if m.group("att") or m.group("att2"):
            apply["while"] = "attacking"
        return apply
    if m := re.fullmatch(r"(?:each of |all )?(?P<what>(?:your|your opponent's) .+?) in the "
                         r"battle zones? (?:gets?|has) (?P<sign>[+-])(?P<n>\d+) power", text,
                         re.I):
        to = _cards_of(m.group("what"))
        if to is None:
            return None
        n = int(m.group("n")) * (-1 if m.group("sign") == "-" else 1)
        return {"power": n, "to": _on_field(to)}
    return None


def replacement(reading: EffectReading) -> dict[str, Any] | None:
    """A replacement's ``instead``: "when this creature would be destroyed, return it to your
    hand (put it into your mana zone, add it to your shields face down) instead": it is not
    destroyed and goes there (docs/cards.md, Replacement); a Saver; a Charger (the spell goes
    into the mana zone once cast, ``after_cast``); None for any other."""
    if re.fullmatch(r"charger|チャージャー|after you cast this spell, put it into your mana zone "
                    r"instead of your graveyard|この呪文を唱えた後、?墓地に置くかわりに、?(自分の)?"
                    r"マナゾーンに置く", _static_text(reading), re.I):
        # "Charger (After you cast this spell, put it into your mana zone instead of your
        # graveyard.)": only its way to the graveyard once cast is replaced
        return {"when": "sent_to_gy", "after_cast": True, "to": "mana"}
    if saver := re.fullmatch(r"saver\s*[:：]\s*(?P<what>[^()]+?)", _static_text(reading), re.I):
        # "Saver: Armored Dragon (When one of your Armored Dragons would be destroyed, you may
        # destroy this creature instead.)"
        what = saver.group("what").strip()
        of: dict[str, Any] = {"zone": "battle", "controller": "you", "other": True}
        if not re.fullmatch(r"all races", what, re.I):
            races = _races(what)
            if races is None or "Cross Gear" in races:
                return None
            of["filter"] = {"race": races}
        return {"when": "destroyed", "of": of, "operations": [{"op": "destroy", "card": "self"}]}
    m = re.fullmatch(r"when this creature would be destroyed, (?:you may )?(?:return it to|put "
                     r"it into|add it to) your (?P<to>hand|mana zone|shields)(?: face down)? "
                     r"instead|このクリーチャーが破壊される時、(?:墓地に置く)?かわりに、?(?:自分の|持ち主の)?"
                     r"(?P<ja>手札に戻|マナゾーンに置|シールドゾーンに加え)(?:す|く|る|してもよい|いてもよい|"
                     r"てもよい)", _static_text(reading), re.I)
    if not m:
        return None
    return {"when": "destroyed", "to": {
        "hand": "hand", "mana zone": "mana", "shields": "shield", "手札に戻": "hand",
        "マナゾーンに置": "mana", "シールドゾーンに加え": "shield"}[(m.group("to") or m.group("ja"))
                                                               .casefold()]}


#: conditions of Duel Masters abilities ("if you have 4 or more cards in your mana zone"),
#: checked at resolution (DM-CONDITION: "When A, if B, do C": B is checked at resolution)
CONDITIONS: list[Pattern] = [
    (r"^if you have (?P<n>\d+|one|two|three|four|five|six|seven) or more cards in your "
     r"(?P<where>mana zone|hand|graveyard)$"
     r"|^自分の(?P<where2>マナゾーン|手札|墓地)にカードが(?P<k>\d+)枚以上(あれば|ある場合|あるなら)$",
     lambda m: {"at": "resolution", "count": {
         "zone": _ZONE[(m.group("where") or m.group("where2")).casefold()], "controller": "you",
         "min": number(m)}}),
    (r"^if you have (?P<n>\d+|one|two|three|four|five) or more shields$",
     lambda m: {"at": "resolution", "count": {"zone": "shield", "controller": "you",
                                              "min": number(m)}}),
    (r"^if you have (?P<n>\d+|one|two|three) or (fewer|less) shields$"
     r"|^自分のシールドが(?P<k>\d+)つ以下(なら|ならば|の場合|であれば)$",
     lambda m: {"at": "resolution", "count": {"zone": "shield", "controller": "you",
                                              "max": number(m)}}),
    (r"^if you have (no|0) shields$|^自分のシールドが(1つもない|0つ)(なら|場合)$"
     r"|^自分のシールドが(1つも|1枚も)なければ$",
     lambda m: {"at": "resolution", "count": {"zone": "shield", "controller": "you",
                                              "max": 0}}),
    (r"^if you have (an?|any|(?P<n>\d+) or more) (?P<race>[a-z][a-z ]*?) in the battle zone$",
     lambda m: _race_count(m)),
]


def _race_count(m: re.Match[str]) -> dict[str, Any]:
    race = m.group("race").strip()
    if re.search(r"[^s]s$", race) and not race.casefold().endswith("people"):
        race = race[:-1]  # "Cyber Lords": of the race Cyber Lord
    race = " ".join(w.capitalize() for w in race.split())
    return {"at": "resolution", "count": {"zone": "battle", "controller": "you",
                                          "filter": {"race": race}, "min": number(m)}}


#: a choice made at resolution: the cards, where, how many, of what kind; or picked unseen
_CHOICE = [
    re.compile(r"(?P<whose>相手|自分)の(?:(?P<where>バトルゾーン|マナゾーン|墓地|手札)(?:にある|の|から)?)?"
               r"(?P<what>[^。、]*?)を(?P<blind0>見ないで)?(?P<n>\d+)(?:体|枚)(?P<up>まで)?"
               r"(?P<blind>見ないで)?選"),
    re.compile(r"(?:(?P<where>バトルゾーン|マナゾーン|墓地)にある)(?P<whose>相手|自分)?の?"
               r"(?P<what>[^。、]*?)を(?P<n>\d+)(?:体|枚)(?P<up>まで)?選"),
    re.compile(r"choose (?P<n>\d+|one|a|two|three|up to \d+|up to (?:one|two|three)) of "
               r"(?P<whose>your opponent's|your) (?P<what>[^.;]*?)creatures"
               r"(?P<tail>(?: in the battle zone)? that (?:(?:has|have) "
               r"(?:power|cost) \d+|costs? \d+) or (?:less|more))?(?: in the battle zone)?"),
    re.compile(r"(?:^| )(?P<n>one) of (?P<whose>your opponent's|your) (?P<what>)creatures"),
    re.compile(r"(?P<whose>相手|自分)の(?P<where>シールド)(?P<what>)を(?P<n>\d+)つ(?P<up>まで)?選"),
    re.compile(r"(?P<chooser>相手は)自身の(?P<where>手札|クリーチャー)(?P<what>)を(?P<n>\d+)(?:枚|体)選"),
    re.compile(r"choose (?P<n>\d+|one|a|two|three) (?P<what>cards?|creatures?) in "
               r"(?P<whose>your opponent's|your) (?P<where>mana zone|graveyard|hand)"),
    re.compile(r"choose (?P<n>up to \d+|up to (?:one|two|three)|\d+|one|a|two) (?P<whose>)"
               r"(?P<what>[^.;]*?)creatures? in the battle zone"),
]


def choice(reading: EffectReading) -> dict[str, Any] | None:
    """A choice made at resolution ("choose one of your opponent's creatures",
    「相手のパワー3000以下のクリーチャーを1体選び」, 「相手の手札を1枚見ないで選び」), as an
    operation's ``choose`` (or ``{random: ...}`` for cards picked without looking)."""
    words = norm(f"{reading.targets or ''} {reading.operations or ''}").casefold()
    for pattern in _CHOICE:
        m = pattern.search(words)
        if not m:
            continue
        where = m.groupdict().get("where")
        zone = _ZONE.get(where or "", "battle")
        what = (m.group("what") or "") + re.sub(r" in the battle zone", "",
                                                  m.groupdict().get("tail") or "")
        if zone == "battle" and not re.search(r"クリーチャー|creature", what):
            what += " creature"
        if zone == "hand" and what in ("", "カード"):
            what = ""
        whose = _whose(m.groupdict().get("whose")) or "any"
        if m.groupdict().get("chooser"):  # the opponent chooses among their own cards
            whose = "you"
        made = _choose(zone, whose, what, m)
        if made is None:
            return None
        if m.groupdict().get("chooser"):
            made.update({"chooser": "opponent", "relative": "chooser"})
        made.pop("filter", None) if made.get("filter") == {"type": "creature"} else None
        if m.groupdict().get("blind") or m.groupdict().get("blind0"):
            made.pop("up_to", None)
            return {"random": made}
        return made
    return None
