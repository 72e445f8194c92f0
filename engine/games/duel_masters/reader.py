"""Reading a Duel Masters card's text (Japanese official wording or English).

The text is split into abilities at the ■ markers and at line breaks; each ability is read by
the game's card-text conventions, never by a list of known cards:

* keywords: 「S・トリガー」 / "Shield trigger" (``s_trigger``), 「ブロッカー」 / "Blocker"
  (``blocker``), 「ニンジャ・ストライク」 / "Ninja strike" (``ninja_strike``), and the
  breaker / attacker keywords (「W・ブレイカー」, 「スピードアタッカー」, "Double breaker"...)
  read as ``static``;
* a triggered ability opens with its timing: 「～した時、」「～する時、」「ターンの終わりに、」 /
  "When ...," "Whenever ...," "At the end of ...," (wording ``when``). 「～する時、かわりに」
  ("would ..., instead") is a replacement effect, a static ability, not a trigger;
* 「～場合、」 / "If ...," is a condition (wording ``if``): at the head of an ability with no
  timing it conditions a static ability or a spell's effect, inside a triggered ability it is
  the condition checked when it resolves;
* with no timing, a continuous state (power changes, 「～できない」, 「～を得る」, "can't",
  "gets +N000 power") is a ``static`` ability, and a one-shot instruction (destroy, draw,
  choose...) is a spell's effect (``activation``);
* 「～してもよい」 / "you may" makes it optional; 「～選び」 / "choose ..." are its targets.

What fits none of these is ``unreadable``, with the reason in ``because``.
"""

from __future__ import annotations

import re

from ...classify import Because, EffectReading
from ...refusals import Refusal

# --- splitting --------------------------------------------------------------------------

def _segments(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each ability: split at ■ and line breaks, blanks trimmed; a line
    opening with ► (a mode of "choose one") stays with the ability above it."""
    cuts: list[tuple[int, int]] = []
    start = 0
    for i, ch in enumerate(text + "\n"):
        if ch in "\n\r■" or i == len(text):
            cuts.append((start, i))
            start = i + 1
    spans = []
    for s, e in cuts:
        while s < e and text[s] in " \t\u3000・-*":
            if text[s] in "・-" and s + 1 < e and text[s + 1] not in " \t\u3000":
                break
            s += 1
        while e > s and text[e - 1] in " \t\u3000":
            e -= 1
        if s < e:
            if text[s] in "►▶" and spans:  # a mode of "choose one" on its own line: the
                spans[-1] = (spans[-1][0], e)  # choice's, not an ability of its own
            else:
                spans.append((s, e))
    return spans


# --- patterns ---------------------------------------------------------------------------

_JA_STRIGGER = re.compile(r"^(?:S|シールド)[・\-･]?トリガー(?:・プラス)?(?:\s*[（(].*[)）])?$")
_EN_STRIGGER = re.compile(r"^(?:shield|s)[ -]?trigger\b(?:\s*\(.*\))?[ .]*$", re.I)
_JA_BLOCKER = re.compile(r"^ブロッカー(?:[（(].*[)）])?$")
_EN_BLOCKER = re.compile(r"^blocker\b(?:\s*\(.*\))?[ .]*$", re.I)
_JA_NINJA = re.compile(r"^ニンジャ・ストライク\s*[0-9０-９]+")
_EN_NINJA = re.compile(r"^ninja strike\s*[0-9]+", re.I)
_JA_KEYWORD = re.compile(
    r"^(?:[WTQ]・ブレイカー|ワールド・ブレイカー|スピードアタッカー|スレイヤー|"
    r"パワーアタッカー\s*[+＋][0-9０-９]+|ジャストダイバー)(?:[（(].*[)）])?$")
_EN_KEYWORD = re.compile(
    r"^(?:double breaker|triple breaker|quattro breaker|world breaker|speed attacker|"
    r"slayer|power attacker\s*\+\d+)\b(?:\s*\(.*\))?[ .]*$", re.I)

# a Japanese timing at the head: everything up to 「時、」「時に、」 or 「ターンの終わりに、」
_JA_TOKI = re.compile(r"^(?P<event>.+?)(?P<word>時)(?:に)?、")
_JA_TURN = re.compile(
    r"^(?P<event>(?:各|自分の|相手の|その)?ターンの(?:終わり|はじめ|初め|始め)に)、")
_JA_INSTEAD = re.compile(r"時、[^。]*かわりに")
_EN_WHEN = re.compile(r"^(?P<word>whenever|when)\s+(?P<event>[^,]+),\s*", re.I)
_EN_AT = re.compile(r"^(?P<word>at)\s+(?P<event>the (?:end|start|beginning) of [^,]+),\s*",
                    re.I)
_EN_INSTEAD = re.compile(r"\bwould\b.*\binstead\b"
                         # "Whenever your opponent would choose a creature in the battle zone,
                         # he can't choose this one": no trigger, a protection
                         r"|\bwould choose\b.*\bcan't choose\b", re.I)

_JA_COND = re.compile(r"(?P<cond>[^、。]+?(?:ならば|なら|場合|あれば|いれば|なければ))、")
_EN_COND = re.compile(r"(?P<cond>\bif\b[^,]+),\s*", re.I)

#: a state said to last until the end of the turn: a one-shot effect's
_THIS_TURN = re.compile(r"until the end of (?:the|this) turn|\bthis turn\b|そのターン|このターン",
                        re.I)

#: a reminder in brackets closing an ability, after its last sentence ("... until the end of
#: the turn. (A creature that has power 0 or less is destroyed.)")
_REMINDER_AFTER = re.compile(r"(?<=[.。])\s*[（(][^()（）]*[)）]\s*$")

_IF_DONE = re.compile(r"そうした場合|if you do", re.I)

_JA_MAY = re.compile(r"し?[てで]もよい")
_EN_MAY = re.compile(r"\byou may\b|\bmay\b", re.I)

_JA_TARGET = re.compile(r"(?P<t>[^、。]*?選(?:び|んで|ぶ))")
_EN_TARGET = re.compile(r"(?P<t>\bchoose\b[^,.;]*)", re.I)

_JA_STATIC = re.compile(
    r"パワー[+＋\-－−][0-9０-９]+|パワー[はを][+＋\-－−]?[0-9０-９]+|できない|を得る|"
    r"かわりに|少なくなる|多くなる|コストを[0-9０-９]+少なく|攻撃されない|ブレイクされない|"
    r"可能であれば|ブロックされない|攻撃できる|選べない|パワーは[^。]*?[+＋\-－−][0-9０-９]+される")
_EN_STATIC = re.compile(
    r"\bcan't\b|\bcannot\b|\bgets?\s*[+\-]\d+|\bhas\s*[+\-]\d+|\bgains?\b|\binstead\b|"
    r"\bcosts?\s+\d+\s+less\b|\bpower\s*[+\-]\d+|\bcan attack\b|"
    r"\bgets?\s+\"?power attacker\b", re.I)

_JA_ACTION = re.compile(
    r"(?:破壊|引|加え|戻|置|出|タップ|アンタップ|捨て|ブレイク|見|唱え|選|シャッフル|"
    r"表向き|墓地|山札|手札|マナ|シールド)[^。]*(?:する|す|く|る|う|つ|ける|ない|てもよい)。?$")
_EN_ACTION = re.compile(
    r"^(?:you may\s+)?(?:destroy|draw|return|put|tap|untap|discard|break|look|choose|add|"
    r"search|shuffle|each|your opponent|cast|send)\b", re.I)

_JA_EVENTS = [  # (pattern on the event, category, rule)
    (re.compile(r"攻撃する|攻撃した"), "attack", "DM-ATTACK-STEPS"),
    (re.compile(r"ブロックした|ブロックする"), "block", "DM-ATTACK-STEPS"),
    (re.compile(r"ブレイクした|ブレイクする|ブレイクされ"), "break", "DM-ATTACK-STEPS"),
    (re.compile(r"出た|出した"), "put_into_battle_zone", None),
    (re.compile(r"破壊された"), "destroyed", None),
    (re.compile(r"離れた"), "leaves_battle_zone", None),
    (re.compile(r"ターンの(?:終わり)"), "end_of_turn", "DM-END-OF-TURN"),
    (re.compile(r"ターンの(?:はじめ|初め|始め)"), "start_of_turn", None),
    (re.compile(r"唱えた"), "spell_cast", None),
    (re.compile(r"召喚した"), "summoned", None),
    (re.compile(r"バトルに勝"), "battle_won", "DM-ATTACK-STEPS"),
]
_EN_EVENTS = [
    (re.compile(r"\battacks?\b", re.I), "attack", "DM-ATTACK-STEPS"),
    (re.compile(r"\bblocks?\b", re.I), "block", "DM-ATTACK-STEPS"),
    (re.compile(r"\bbreaks?\b|\bis broken\b", re.I), "break", "DM-ATTACK-STEPS"),
    (re.compile(r"\binto the battle zone\b|\benters? the battle zone\b", re.I),
     "put_into_battle_zone", None),
    (re.compile(r"\bis destroyed\b", re.I), "destroyed", None),
    (re.compile(r"\bleaves the battle zone\b", re.I), "leaves_battle_zone", None),
    (re.compile(r"\bend of\b.*\bturns?\b", re.I), "end_of_turn", "DM-END-OF-TURN"),
    (re.compile(r"\b(?:start|beginning) of\b.*\bturns?\b", re.I), "start_of_turn", None),
    (re.compile(r"\bcasts?\b", re.I), "spell_cast", None),
    (re.compile(r"\bsummons?\b", re.I), "summoned", None),
    (re.compile(r"\bwins? a battle\b", re.I), "battle_won", "DM-ATTACK-STEPS"),
]


def _japanese(s: str) -> bool:
    return re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", s) is not None


class _Reader:
    def __init__(self, text: str, start: int, end: int) -> None:
        self.full = text
        self.base = start
        self.s = text[start:end]
        self.r = EffectReading(text=self.s, kind="unreadable")

    def because(self, field_: str, a: int, b: int) -> None:
        """Record the words s[a:b] (offsets within the ability) as deciding ``field_``."""
        self.r.because.append(Because(field_, self.s[a:b], self.base + a, self.base + b))

    def rule(self, *ids: str) -> None:
        for i in ids:
            if i not in self.r.rules:
                self.r.rules.append(i)

    def read(self) -> EffectReading:
        s = self.s
        ja = _japanese(s)
        if self.keyword(s, ja):
            return self.r
        m = (_JA_TURN.match(s) or _JA_TOKI.match(s)) if ja else (
            _EN_WHEN.match(s) or _EN_AT.match(s))
        instead = (_JA_INSTEAD if ja else _EN_INSTEAD).search(s)
        if m and not instead:
            return self.trigger(m, ja)
        return self.untimed(ja, instead)

    # --- keywords -------------------------------------------------------------------------

    def keyword(self, s: str, ja: bool) -> bool:
        head = s.rstrip("。.")
        for pat, kind, optional, rules in (
            (_JA_STRIGGER if ja else _EN_STRIGGER, "s_trigger", True,
             ("DM-STRIGGER", "DM-KIND")),
            (_JA_BLOCKER if ja else _EN_BLOCKER, "blocker", None, ("DM-STATIC",)),
            (_JA_NINJA if ja else _EN_NINJA, "ninja_strike", True, ("DM-KIND",)),
            (_JA_KEYWORD if ja else _EN_KEYWORD, "static", None, ("DM-STATIC",)),
        ):
            m = pat.match(head)
            if m:
                self.r.kind = kind
                self.r.optional = optional
                self.because("kind", m.start(), m.end())
                if optional is not None:
                    self.because("optional", m.start(), m.end())
                if kind == "ninja_strike":
                    self.r.event = ("相手のクリーチャーが攻撃またはブロックした時" if ja
                                    else "an opponent's creature attacks or blocks")
                    self.because("event", m.start(), m.end())
                    self.rule("DM-ATTACK-STEPS")
                self.rule(*rules)
                return True
        return False

    # --- triggered abilities --------------------------------------------------------------

    def trigger(self, m: re.Match[str], ja: bool) -> EffectReading:
        r = self.r
        r.kind = "trigger"
        r.wording = "when"
        event = m.group("event").strip()
        ev_start = m.start("event")
        r.event = event
        self.because("event", ev_start, ev_start + len(event))
        if "word" in m.groupdict() and m.group("word"):
            self.because("kind", m.start("word"), m.end("word"))
            self.because("wording", m.start("word"), m.end("word"))
        else:
            self.because("kind", ev_start, ev_start + len(event))
            self.because("wording", ev_start, ev_start + len(event))
        self.rule("DM-KIND", "DM-WAIT")
        category = None
        for pat, cat, rule in (_JA_EVENTS if ja else _EN_EVENTS):
            if pat.search(event):
                category = cat
                if rule:
                    self.rule(rule)
                break
        if category is None:
            reason = Refusal("read_dm_timing", words=event)
            self.r = EffectReading(text=self.s, kind="unreadable")
            self.because("kind", ev_start, ev_start + len(event))
            self.r.because.append(Because("reason", reason, self.base,
                                          self.base + len(self.s), reason))
            return self.r
        self.body(m.end(), ja)
        return r

    # --- untimed: static, spell effect, or unreadable -------------------------------------

    def untimed(self, ja: bool, instead: re.Match[str] | None) -> EffectReading:
        r = self.r
        s = self.s
        pos = 0
        cm = (_JA_COND if ja else _EN_COND).match(s)
        if cm and not instead:
            pos = cm.end()
            cond = cm.group("cond")
            if any(p.search(cond) for p, _, _ in (_JA_EVENTS if ja else _EN_EVENTS)):
                # 「～された場合、」 names an event but no timing: in Duel Masters 場合 is a
                # condition, and a triggered ability says 「時」; read neither way, not guessed
                reason = Refusal("read_dm_condition_event", words=cond.strip())
                self.because("kind", cm.start("cond"), cm.end("cond"))
                r.because.append(Because("reason", reason, self.base, self.base + len(s),
                                         reason))
                return r
        rest = s[pos:]
        st = (_JA_STATIC if ja else _EN_STATIC).search(rest)
        act = (_JA_ACTION if ja else _EN_ACTION).search(rest)
        chooses = re.match(r"[^。.]*選ぶ。|choose [^.]*\.", rest, re.I)
        if instead:
            r.kind = "static"
            self.because("kind", instead.start(), instead.end())
            self.rule("DM-STATIC", "DM-KIND")
        elif chooses and not st or chooses and st.start() > chooses.end():
            # a choice made first, then what happens to the chosen: a spell's effect
            r.kind = "activation"
            self.because("kind", pos + chooses.start(), pos + chooses.end())
            self.rule("DM-WAIT")
        elif st and (turn := _THIS_TURN.search(rest)):
            # a state that lasts until the end of the turn ("... gets +4000 power until the end
            # of the turn", 「そのターン、…」) is what a spell's effect does once, no static ability
            r.kind = "activation"
            self.because("kind", pos + turn.start(), pos + turn.end())
            self.rule("DM-WAIT")
        elif st:
            r.kind = "static"
            self.because("kind", pos + st.start(), pos + st.end())
            self.rule("DM-STATIC")
        elif act:
            r.kind = "activation"
            self.because("kind", pos + act.start(), pos + act.end())
            self.rule("DM-WAIT")
        else:
            reason = Refusal("read_dm_nothing")
            self.r.because.append(Because("kind", s, self.base, self.base + len(s)))
            self.r.because.append(Because("reason", reason, self.base, self.base + len(s),
                                          reason))
            return r
        self.body(0, ja)
        return r

    # --- the body: condition, optional, targets, operations -------------------------------

    def body(self, pos: int, ja: bool) -> None:
        """Condition, optional, targets and operations of the words from ``pos`` on."""
        r = self.r
        s = self.s
        while pos < len(s) and s[pos] in " 、,":
            pos += 1
        ops_start = pos
        cm = (_JA_COND if ja else _EN_COND).search(s, pos)
        while cm and _IF_DONE.fullmatch(cm.group("cond").strip()):
            # 「そうした場合」 / "If you do" is no condition on the game: it ties the operation
            # after it to the one before, and stays in the operations
            cm = (_JA_COND if ja else _EN_COND).search(s, cm.end())
        if cm:
            cond = cm.group("cond").strip()
            c0 = cm.start("cond") + (len(cm.group("cond")) - len(cm.group("cond").lstrip()))
            r.condition = cond
            self.because("condition", c0, c0 + len(cond))
            self.rule("DM-CONDITION")
            if r.wording is None and c0 == pos:
                r.wording = "if"
                w = re.search(r"場合|ならば|なら|あれば|いれば|なければ|\bif\b", cond, re.I)
                if w:
                    self.because("wording", c0 + w.start(), c0 + w.end())
            if c0 == pos:  # a leading condition: the operations follow it
                ops_start = cm.end()
        may = (_JA_MAY if ja else _EN_MAY).search(s, pos)
        r.optional = may is not None
        if may:
            self.because("optional", may.start(), may.end())
        if r.kind != "activation" or may:
            self.rule("DM-KIND")
        tm = (_JA_TARGET if ja else _EN_TARGET).search(s, pos)
        if tm:
            t = tm.group("t").strip()
            t0 = tm.start("t") + (len(tm.group("t")) - len(tm.group("t").lstrip()))
            r.targets = t
            self.because("targets", t0, t0 + len(t))
            if t0 <= ops_start:  # choices made first: the operations follow them
                ops_start = max(ops_start, tm.end())
        while ops_start < len(s) and s[ops_start] in "、, 。.":
            ops_start += 1
        ops = s[ops_start:].strip()
        if (note := _REMINDER_AFTER.search(ops)) and note.start() > 0:
            ops = ops[:note.start()].strip()  # a reminder in brackets is no instruction
        if ops:
            r.operations = ops
            o0 = s.index(ops, ops_start)
            self.because("operations", o0, o0 + len(ops))
            if not may:  # mandatory: the instruction, stated without "may"
                self.because("optional", o0, o0 + len(ops))

#: a keyword with its reminder in brackets, then another ability on the same line (English
#: pasted on one line: "Shield trigger (...) Destroy 1 of ...")
_KEYWORD_THEN = re.compile(
    r"(?:S[・\-･]?トリガー|シールド[・\-･]?トリガー|ブロッカー|shield[ -]?trigger|s-trigger"
    r"|blocker|double breaker|triple breaker|speed attacker|slayer)\s*[（(][^)）]*[)）][ .。]*"
    r"(?=\S)"
    # the same keyword pasted on one line with what follows, without its reminder
    r"|(?:shield[ -]?trigger|s-trigger|blocker|double breaker|triple breaker|quattro breaker|"
    r"speed attacker|slayer|power attacker \+\d+)\s*\.\s+(?=\S)"
    # a Japanese keyword closed by 「。」 with the next ability on the same line (「S・トリガー。
    # 相手のクリーチャーをすべてタップする。」)
    r"|(?:S[・\-･]?トリガー|シールド[・\-･]?トリガー|ブロッカー|[WTQ]・ブレイカー|スピードアタッカー)"
    r"。\s*(?=\S)", re.I)
#: where an English ability pasted on one line with the one before it starts: a sentence
#: opening with a timing ("When you put...", "Whenever...", "At the end of your turn")
_NEXT_ABILITY = re.compile(
    r"(?<=\.)\s+(?=(?:when|whenever|at the (?:start|end) of|each time)\b)"
    # a Japanese sentence opening with the creature's own timing (「このクリーチャーが破壊された
    # 時、」) after another ability on the same line
    r"|(?<=。)\s*(?=このクリーチャー(?:が|を)[^。、]*時、)", re.I)
#: an evolution creature's line saying what it is put on ("Evolution: put on one of your
#: Dragons.", 「進化－自分のドラゴン1体の上に置く。」): how it is summoned, no ability
_EVOLUTION = re.compile(r"(?:evolution\s*[:：]|進化\s*[－\-ー:：])[^.。]*[.。]\s*", re.I)
#: the lines of a pasted card that are no ability: civilization and cost, card type, race and
#: power
_CIV_LINE = re.compile(r"(?:(?:光|水|闇|火|自然)(?:/|／|・)?)+(?:文明)?\s*"
                       r"[（(]\s*[0-9０-９]+\s*[)）]|(?:(?:light|water|darkness|fire|nature)\s*/?\s*)+\s*\(\s*\d+\s*\)",
                       re.I)
_TYPE_LINE = re.compile(r"(?:進化)?(?:クリーチャー|呪文|クロスギア|城)(?:\s*[:：].*)?"
                        r"|(?:evolution )?(?:creature|spell|cross gear|castle)(?:\s*:.*)?", re.I)


#: a keyword closing a line after an ability's sentence ("... untapped creatures. Double
#: breaker.")
_THEN_KEYWORD = re.compile(
    r"(?<=[.。])\s*(?=(?:[WTQ]・ブレイカー|スピードアタッカー|ブロッカー|double breaker|"
    r"triple breaker|speed attacker|slayer|blocker)[ .。]*$)", re.I)


def _keywords(text: str, a: int, b: int, out: list[tuple[int, int]]) -> int:
    """Each keyword opening ``text[a:b]`` ("Blocker. ...", 「ブロッカー（…）…」) as a span of its
    own in ``out``; where the rest starts."""
    while (m := _KEYWORD_THEN.match(text, a, b)) and m.end() < b:
        out.append((a, m.end() - len(m.group(0)) + len(m.group(0).rstrip(" .。"))))
        a = m.end()
    return a


def _split_keywords(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out = []
    for a, b in spans:
        closing = None  # a keyword closing the line, after the abilities before it
        tail = _THEN_KEYWORD.search(text, a, b)
        if tail and tail.start() > a:
            closing, b = (tail.end(), b), tail.start()
        a = _keywords(text, a, b, out)
        if (ev := _EVOLUTION.match(text, a, b)) and ev.end() < b:  # its base, then abilities
            out.append((a, ev.end() - 1))
            a = _keywords(text, ev.end(), b, out)
        for nxt in list(_NEXT_ABILITY.finditer(text, a, b)):
            if text[a:nxt.start()].strip():
                out.append((a, nxt.start()))
                a = nxt.end()
        out.append((a, b))
        if closing:
            out.append(closing)
    return out


def _card_lines(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans that are abilities: the civilization, type and power lines left out, and
    the name line above them."""
    line = [bool(_CIV_LINE.fullmatch(text[a:b].strip())
                 or _TYPE_LINE.fullmatch(text[a:b].strip().rstrip("。."))
                 or _EVOLUTION.fullmatch(text[a:b].strip().rstrip(".。") + ".")) for a, b in spans]
    keep = []
    for k, span in enumerate(spans):
        if line[k] or (k == 0 and len(spans) > 1 and line[1]
                       and not re.search(r"[、。:：]|\b(when|if)\b", text[span[0]:span[1]],
                                         re.I)):
            continue
        keep.append(span)
    return keep


def read(text: str) -> list[EffectReading]:
    """Split a Duel Masters text into abilities and classify each (see the module doc)."""
    spans = _card_lines(text, _split_keywords(text, _segments(text)))
    return [_Reader(text, a, b).read() for a, b in spans]


__all__ = ["read"]
