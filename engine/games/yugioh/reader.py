"""Reading a Yu-Gi-Oh! card's text (Problem-Solving Card Text, or the OCG's Japanese wording).

The reader goes by the wording conventions only (YGO-IDENTIFY, YGO-KIND):

* English: "timing or event: You can cost/targets; operations". A colon after a timing or
  event makes a trigger; "Once per turn:" / "During your Main Phase:" an ignition effect;
  "(Quick Effect)" or "during either player's turn" a quick effect; "FLIP:" a flip effect;
  a sentence with no colon that starts "While ..." or changes stats is continuous; one that
  starts with an order ("Target 1 ...; destroy it") is the card's own activation.
* Japanese: effects are split at ①②③ (or (1)(2)(3)), a line opening with ● staying in
  the effect before it; 「～した時」 is "when", 「～した場合」 "if";
  「発動できる」 optional, 「発動する」 mandatory; 「相手ターンでも発動できる」 quick;
  「～を捨てて／リリースして発動できる」 a cost, 「～を対象として発動できる」 targets.
  The wording since 2020 (「召喚・特殊召喚した場合」) reads as the older 「召喚に成功した場合」;
  a step of the battle as the timing (「ダメージ計算後に」, 「ダメージステップ開始時に」) is an
  "if" trigger; 「相手ターンに」 / 「自分・相手ターンに」 before 「発動できる」 a quick effect. A
  sentence broken across lines, and a line that says more of the effect above it (「この効果
  は相手ターンでも発動できる。」 under its ● choices), stay in that effect; a monster's
  materials, a Pendulum Monster's 【モンスター効果】 heading and a Ritual Spell's
  「「…」の降臨に必要。」 / a Ritual Monster's 「「…」により降臨。」 are no effects. A
  Continuous or Field card's activation says so (「このカードの発動時の効果処理として」,
  「…このカードを発動できる」); its timed effect without those words is one of the card
  once face-up.

The card type is known only if the text says so (a first line "Trap", "Counter Trap",
"通常罠", "カウンター罠"...); otherwise a Spell's or Trap's speed is None. The type line
decides the rest: a Normal or Quick-Play Spell's, a Normal or Counter Trap's first effect is
the card's activation (with or without 「発動できる」 or a colon), a Continuous, Field or
Equip card's sentences of a lasting change are continuous, a Trap's later effect (one used
from the GY) is a Quick Effect and a Spell's an ignition effect. With no type line, a
Summoning condition or materials make the text a monster's. Summoning conditions and
procedures, "You can only ..." restrictions and stat lines are no effects. Whatever the
reader does not understand is returned as ``kind: "unreadable"`` with the reason.
"""

from __future__ import annotations

import re
import unicodedata

from ...classify import Because, EffectReading
from ...refusals import Refusal

_JA = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
_MARKERS = "①②③④⑤⑥⑦⑧⑨⑩"
#: an effect's number: ①, or (1) / （１） as some Japanese texts write it, then a colon
_NUMBER_JA = re.compile(r"([①-⑩]|[(（][1-9１-９][)）])[：:]?\s*")

# ------------------------------------------------------------------ splitting


def _spans_en(text: str) -> list[tuple[int, int]]:
    """Sentences (outside quotes) and lines, as (start, end) offsets."""
    spans: list[tuple[int, int]] = []
    start = 0
    quoted = False
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        stop = ch == "." and not quoted and (i + 1 == len(text) or text[i + 1] in " \n")
        if ch == "\n" or stop:
            end = i + 1 if ch == "." else i
            spans.append((start, end))
            start = i + 1
    spans.append((start, len(text)))
    out = []
    for s, e in spans:
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if s < e:
            out.append((s, e))
    return out


_CONTINUES_EN = re.compile(
    r"(You can only (use|activate)|Then,|If you do,|Otherwise,|Also,|This is a Quick Effect"
    r"|This effect can (only )?be used|Neither player can activate cards or effects in "
    r"response to this|You cannot (Special Summon|activate).*the turn you activate)")


#: a sentence that speaks of what the effect before it just did ("Special Summon it. Its
#: effects are negated.")
_ANAPHOR_EN = re.compile(r"(Its|It|They|Their|That|Those) (effects? (is|are) negated|cannot "
                         r"(attack|be used|be Tributed|activate)|(is|are) (destroyed|banished|"
                         r"returned|shuffled)|(gains?|loses?) \d+|returns? to)\b")


def _activated_en(sentence: str) -> bool:
    """Whether a sentence is an activated effect's (a colon, a cost or target, "You can")."""
    return (_colon(sentence) >= 0 or _semicolon(sentence) >= 0 or "You can" in sentence
            or bool(_ORDER_EN.match(sentence)))


#: a later part of the effect before it: "During your second Standby Phase after this card's
#: activation, add that card to your hand."; an order ("Send the top 3 cards ...")
_LATER_EN = re.compile(r"During (the|your|each) [^:]*?, (add|destroy|banish|return|send|draw"
                       r"|shuffle|Special Summon|take|inflict)\b")


def _effects_en(text: str) -> list[tuple[int, int]]:
    effects: list[list[int]] = []
    for s, e in _spans_en(text):
        sentence = text[s:e]
        before = text[effects[-1][0]:effects[-1][1]] if effects else ""
        if effects and (_CONTINUES_EN.match(sentence) or sentence.startswith("●") or (
                (_ANAPHOR_EN.match(sentence) or _LATER_EN.match(sentence)
                 or (_ORDER_EN.match(sentence) and not sentence.startswith("Activate")))
                and _activated_en(before) and not before.startswith("You can only"))):
            effects[-1][1] = e
        else:
            effects.append([s, e])
    return [(s, e) for s, e in effects]


_ONCE_JA = re.compile(r"^[^。]*([１1]ターンに[１1]度|デュエル中に[１1]度)(、いずれか[１1]つ)?しか"
                      r"(使用|発動)?(できない|できず、相手ターンでも発動できる)。?$")
#: a line that says more of the numbered effect before it: 「この効果は相手ターンでも発動でき
#: る。」 under its ● choices, 「この効果を発動するターン、…」
_MORE_JA = re.compile(r"この効果(は|を|で|の)")
#: a line that opens an effect (or a part of the text of its own): a number, a choice, a
#: label or the card-name line
_OPENS_JA = re.compile(r"[①-⑩●【\[]|[(（][1-9１-９][)）]|このカード名|リバース[：:]")


def _joined_ja(text: str, i: int, begun: int, numbered: bool) -> bool:
    """Whether the line break at text[i] runs on inside the effect begun at text[begun]
    rather than starting a new one: a choice 「●…」; a sentence broken across lines (a
    numbered effect that has not ended with 「。」); a line that says more of the numbered
    effect before it (「この効果は相手ターンでも発動できる。」 under its ● choices)."""
    nxt = text[i + 1:].lstrip(" 　")
    if nxt.startswith("●"):
        return True
    if not nxt.strip() or _OPENS_JA.match(nxt):
        return False
    so_far = text[begun:i].strip()
    if _NUMBER_JA.match(so_far) and not so_far.endswith(("。", "）", ")")):
        return True
    return numbered and bool(_MORE_JA.match(nxt))


_CUT_NUMBER_JA = re.compile(r"[(（][1-9１-９][)）][：:]")


def _effects_ja(text: str) -> list[tuple[int, int]]:
    cuts = [0]
    numbered = False  # a numbered effect has begun
    for i, ch in enumerate(text):
        if ch == "\n":
            if not _joined_ja(text, i, cuts[-1], numbered):
                cuts.append(i)
        elif (ch in _MARKERS and text[i + 1:i + 2] in ("：", ":", " ", "　")) or (
                ch in "(（" and _CUT_NUMBER_JA.match(text, i)):
            cuts.append(i)
            numbered = True
    cuts.append(len(text))
    spans = []
    for s, e in zip(cuts, cuts[1:], strict=False):
        while s < e and (text[s].isspace()):
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if s < e:
            spans.append([s, e])
    # 「このカード名の①の効果は１ターンに１度しか使用できない。」 belongs to an effect: the
    # numbered one before it, else the one after it (the line comes under the materials or
    # the Summoning condition, and before ①, in the database's texts)
    merged: list[list[int]] = []
    pending = None
    for span in spans:
        line = text[span[0]:span[1]]
        after_effect = merged and _NUMBER_JA.match(text, merged[-1][0])
        if _ONCE_JA.match(line) and span[0] > 0 and after_effect and pending is None:
            merged[-1][1] = span[1]
        elif _ONCE_JA.match(line) and pending is None:
            pending = span[0]
        else:
            if pending is not None:
                span = [pending, span[1]]
                pending = None
            merged.append(span)
    if pending is not None:
        merged.append([pending, len(text.rstrip())])
    return [(s, e) for s, e in merged]


# ------------------------------------------------------------------ card type

_TYPE_LINE = re.compile(
    r"\s*[\[【]?(Counter Trap|Continuous Trap|Normal Trap|Trap|Quick-Play Spell|Continuous Spell"
    r"|Field Spell|Equip Spell|Ritual Spell|Normal Spell|Spell|カウンター罠|永続罠|通常罠|罠"
    r"|速攻魔法|永続魔法|フィールド魔法|装備魔法|儀式魔法|通常魔法|魔法)( ?Card|カード)?[\]】]?"
    r"[ \t]*(\n|$)", re.I)


#: the Spells and Traps that stay on the field once activated: a sentence of theirs with no
#: activation word is a lasting (continuous) effect, not the card's activation
_LASTING = re.compile(r"Continuous|Field|Equip|永続|フィールド|装備", re.I)


#: a type line as the OCG's Japanese writes it in its other usual forms: the type before the
#: property (「魔法・速攻」, 「罠カード（カウンター）」, 「魔法 / 永続」), in any brackets
_TYPE_LINE_JA = re.compile(
    r"(?P<type>魔法|罠)(?:カード)?\s*[・/／()（）\s]*\s*(?P<prop>通常|速攻|永続|フィールド|装備|儀式|"
    r"カウンター)?(?:魔法|罠)?\s*[)）]?")
_BRACKETS = "[]【】［］《》〈〉「」()（）"
#: a type line and the text after it on one line, a space between
_TYPE_LINE_INLINE = re.compile(
    r"\s*(?P<type>[\[【［]?(?:(?:Counter|Continuous|Normal|Quick-Play|Field|Equip|Ritual) "
    r"(?:Trap|Spell)|(?:Spell|Trap) Card)|[\[【［]?(?:カウンター罠|永続罠|通常罠|速攻魔法|永続魔法|"
    r"フィールド魔法|装備魔法|儀式魔法|通常魔法)(?:カード)?[\]】］]?)[ \t\u3000]+(?=\S)")


def _type_line(line: str) -> str | None:
    """The type a line names when the whole line is a type line, in any of its usual forms:
    "Quick-Play Spell", "[Spell Card / Quick-Play]", 「速攻魔法」, 「【速攻魔法】」, 「魔法・速攻」
    (full-width letters, brackets and spaces read as their plain forms); else None."""
    bare = unicodedata.normalize("NFKC", line).strip().strip(_BRACKETS + " \u3000").strip()
    if m := _TYPE_LINE.fullmatch(bare):
        return m.group(1)
    if m := re.fullmatch(r"(?P<type>spell|trap)(?: card)?\s*[/|・-]\s*(?P<prop>normal|quick-play|"
                         r"continuous|field|equip|ritual|counter)", bare, re.I):
        return f"{m['prop']} {m['type']}"
    if m := _TYPE_LINE_JA.fullmatch(bare):
        return f"{m['prop'] or ''}{m['type']}"
    return None


def _card_type(text: str) -> tuple[str | None, bool, int]:
    """The card type given on the text's first line (or on the second, under the card's
    name), whether it is a card that stays on the field (_LASTING), and where the effects
    start."""
    lines = text.split("\n")
    found, end = None, 0
    if lines and (found := _type_line(lines[0])):
        end = len(lines[0]) + (1 if len(lines) > 1 else 0)
    elif len(lines) > 1 and 0 < len(lines[0]) < 80 and not re.search(r"[:：;；。]", lines[0]) \
            and (found := _type_line(lines[1])):
        end = len(lines[0]) + 1 + len(lines[1]) + (1 if len(lines) > 2 else 0)
    if not found and (m := _TYPE_LINE_INLINE.match(text)):
        # the type line pasted on one line with the text ("通常魔法 ①：…", "Normal Trap When …")
        found, end = _type_line(m.group("type")), m.end()
    if not found:
        return None, False, 0
    name = found.title() if found.isascii() else found
    if "Counter" in name or "カウンター" in name:
        kind = "counter"
    elif "Trap" in name or "罠" in name:
        kind = "trap"
    elif "Quick" in name or "速攻" in name:
        kind = "quickplay"
    else:
        kind = "spell"
    return kind, bool(_LASTING.search(name)), end



def _activation_speed(card: str | None) -> int | None:
    return {"counter": 3, "trap": 2, "quickplay": 2, "spell": 1}.get(card or "")


# ------------------------------------------------------------------ building a reading


class _Reading:
    def __init__(self, text: str, start: int, end: int):
        self.full = text
        self.base = start
        self.r = EffectReading(text=text[start:end], kind="unreadable")

    def say(self, fld: str, start: int, end: int, reason: str | None = None) -> str:
        """Note the words full[start:end] (absolute offsets) as deciding ``fld``."""
        words = self.full[start:end]
        self.r.because.append(Because(fld, words, start, end, reason))
        return words

    def rule(self, *ids: str) -> None:
        for i in ids:
            if i not in self.r.rules:
                self.r.rules.append(i)

    def unreadable(self, reason: str) -> EffectReading:
        r = self.r
        r.kind = "unreadable"
        r.wording = r.optional = r.spell_speed = None
        r.event = r.condition = r.cost = r.targets = r.operations = None
        r.rules = []
        r.because = [Because("kind", r.text, self.base, self.base + len(r.text), reason)]
        return r


def _speed_because(rd: _Reading) -> None:
    """The spell speed is decided by the same words as the kind."""
    r = rd.r
    if r.spell_speed is None or any(b.field == "spell_speed" for b in r.because):
        return
    kind = next(b for b in r.because if b.field == "kind")
    rd.say("spell_speed", kind.start, kind.end)


# ------------------------------------------------------------------ English

_EVENT_EN = re.compile(
    r"\b(is|are|was|were|gets?) (Normal |Special |Tribute |Flip |Synchro |Xyz |Link |Fusion "
    r"|Ritual |Pendulum )?(Summoned|Set|destroyed|sent|banished|added|discarded|returned|"
    r"targeted|flipped|detached|Tributed|revealed|drawn|used as material|attacked)\b"
    r"|\b(Normal|Special|Tribute|Flip) Summons?\b|\bdeclares? an attack\b|\battacks?\b"
    r"|\bactivates?\b|\bactivated\b|\btakes? (battle )?damage\b|\binflicts? (battle )?damage\b"
    r"|\bleaves the field\b|\bwould\b|\bdestroys? .* by battle\b|\bdraws?\b|\bresolves?\b"
    r"|\b(is|are) (Normal|Special|Tribute|Flip)( or (Normal|Special|Tribute|Flip))+ Summoned\b"
    r"|\bbattle[sd]?\b|\bis (Normal |Special )?Summoned\b")
_STATE_EN = re.compile(r"\b(you|your opponent) (control|controls|have|has)\b|\bthere (is|are)\b"
                       r"|\bis in your\b|\bis face-up\b|\byour LP\b", re.I)
_PHASE_EN = re.compile(r"(?:(During|At the (start|end) of) (the|each|your|your opponent's"
                       r"|each player's|either player's) (next )?(End|Standby|Draw) Phase\b"
                       r"|At the start of (the|your|your opponent's) Battle Phase\b)"
                       r"(?!,? (when|except)\b)", re.I)
#: a Quick Effect's words (YGO-KIND): said so, or usable in the opponent's turn or phase
_QUICK_EN = re.compile(r"\(Quick Effect\)|during either player's (turn|Main Phase|Battle Phase)"
                       r"|during your opponent's (turn|Main Phase|Battle Phase)"
                       r"|or your opponent's (Main|Battle|Standby|End) Phase"
                       r"|during the Main Phase or Battle Phase|during the Battle Phase", re.I)
_COST_EN = re.compile(r"^(Tribute|discard|banish|pay|send|reveal|detach|shuffle|return|"
                      r"remove)\b", re.I)
_ORDER_EN = re.compile(r"^(Activate this card by|Target|Destroy|Draw|Add|Special Summon|Send|"
                       r"Banish|Inflict|Negate|"
                       r"Discard|Tribute|Pay|Return|Shuffle|Gain|Change|Take|Reveal|Look|"
                       r"Fusion Summon|Ritual Summon|Equip|Toss|"
                       r"Roll|Both players|Flip|Switch|"
                       r"Excavate|Declare|Each player|Your opponent (discards|takes)|All"
                       r"|Activate (1|one) of these effects)\b")
_CONTINUOUS_EN = re.compile(
    r"\b([Gg]ain|[Gg]ains|[Ll]ose|[Ll]oses) \d+ (ATK|DEF|ATK/DEF)\b|\b[Cc]annot\b"
    r"|\bis unaffected\b|\bare unaffected\b|\bmust\b|\bis (also )?treated as\b"
    r"|\bcan attack (directly|all monsters)|\btakes? no (battle )?damage\b"
    r"|^Neither player can\b|\bname becomes\b|\bis always treated as\b|^\(?Unaffected by\b")


def _colon(s: str) -> int:
    """Index of the first colon outside quotes, or -1."""
    quoted = False
    for i, ch in enumerate(s):
        if ch == '"':
            quoted = not quoted
        elif ch == ":" and not quoted:
            return i
    return -1


def _semicolon(s: str) -> int:
    quoted = False
    for i, ch in enumerate(s):
        if ch == '"':
            quoted = not quoted
        elif ch == ";" and not quoted:
            return i
    return -1


_GERUND = {"paying": "pay", "discarding": "discard", "banishing": "banish", "sending": "send",
           "Tributing": "Tribute"}


def _body_en(rd: _Reading, start: int, end: int) -> str | None:
    """Read "You can cost/targets; operations" from full[start:end]. None if understood."""
    full = rd.full
    m = re.compile(r"\s*You can\b").match(full, start, end)
    if m:
        rd.r.optional = True
        rd.say("optional", m.start() + len(m.group(0)) - 7, m.end())
        start = m.end()
    elif rd.r.optional is None:
        rd.r.optional = False
    while start < end and full[start] == " ":
        start += 1
    semi = _semicolon(full[start:end])
    if semi >= 0:
        pre_s, pre_e = start, start + semi
        # pieces joined by ", then" / ", and" (a comma inside a target, as in
        # "1 monster in your GY, except "Name"", belongs to it)
        for piece in re.finditer(r".+?(?=, then |, and |$)", full[pre_s:pre_e]):
            p = piece.group(0).lstrip(", ").removeprefix("then ").removeprefix("and ").strip()
            if not p:
                continue
            ps = pre_s + full[pre_s:pre_e].index(p, piece.start())
            pe = ps + len(p)
            # "Activate this card by paying 800 LP": the cost it is activated by
            p = re.sub(r"^Activate this card by (paying|discarding|banishing|sending|Tributing)",
                       lambda g: _GERUND[g.group(1)], p)
            if re.fullmatch(r"[Aa]ctivate (1|one) of these effects", p) or re.match(
                    r"(Declare|declare) ", p):
                # the effect chosen, a card name declared: part of the activation, no cost
                rd.rule("YGO-IDENTIFY")
            elif re.search(r"\btarget", p, re.I):
                rd.r.targets = rd.say("targets", ps, pe)
                rd.rule("YGO-IDENTIFY")
            elif _COST_EN.match(p):
                rd.r.cost = rd.say("cost", ps, pe)
                rd.rule("YGO-IDENTIFY")
            else:
                return Refusal("read_semicolon", words=p)
        start = pre_e + 1
    once = re.compile(r"[^.]*\bYou can only (use|activate)\b").search(full, start, end)
    if once:
        end = once.start()
    ops = full[start:end].strip()
    if ops:
        os_ = start + full[start:end].index(ops)
        rd.r.operations = rd.say("operations", os_, os_ + len(ops))
    return None


def _read_en(text: str, s: int, e: int, card: str | None, first: bool,
             lasting: bool = False, monster: bool = False) -> EffectReading:
    rd = _Reading(text, s, e)
    r = rd.r
    seg = text[s:e]
    colon = _colon(seg)
    # FLIP:
    m = re.match(r"FLIP:", seg)
    if m:
        r.kind = "flip"
        rd.say("kind", s, s + 4)
        r.event = "FLIP"
        r.spell_speed = 1
        rd.rule("YGO-KIND")
        err = _body_en(rd, s + 5, e)
        _speed_because(rd)
        return rd.unreadable(err) if err else r
    if colon >= 0:
        head_e = s + colon
        head = seg[:colon]
        quick = _QUICK_EN.search(head)
        if am := re.match(r"When this card (resolves|is activated)$", head):
            # a Spell/Trap's own activation, whose effect follows the colon
            r.kind = "activation"
            rd.say("kind", s + am.start(), s + am.end())
            r.spell_speed = _activation_speed(card)
            rd.rule("YGO-IDENTIFY")
            err = _body_en(rd, head_e + 1, e)
            r.optional = None
            _speed_because(rd)
            return rd.unreadable(err) if err else r
        # "Once per turn, during ...": the once-per-turn words do not change the timing
        lead = re.match(r"(Once|Twice) per (turn|Chain), ", head)
        h0 = lead.end() if lead else 0
        pm = _PHASE_EN.match(head, h0)
        # "After damage calculation, when ..." / "At the start of the Damage Step, if ...":
        # a step of the battle, then the trigger's own "when" / "if"
        step = re.match(r"(After damage calculation|At the (start|end) of the Damage Step"
                        r"|At the end of the Battle Phase), (?=(when|if) )", head, re.I)
        if step:
            h0 = step.end()
        if pm and not quick:
            r.kind = "trigger"
            r.wording = "during"
            rd.say("kind", s + pm.start(), s + pm.end())
            rd.say("wording", s + pm.start(), s + pm.end())
            # "During the End Phase, if ...": the phase is the timing, the rest its condition
            pc = re.compile(r",? if (.+)$").match(head, pm.end())
            r.event = rd.say("event", s + pm.start(), s + (pm.end() if pc else len(head)))
            if pc:
                r.condition = rd.say("condition", s + pc.start(1), s + pc.end(1))
            r.spell_speed = 2 if card in ("trap", "counter") else 1
            rd.rule("YGO-IDENTIFY", "YGO-KIND", "YGO-PHASE", "YGO-WAIT")
        elif quick:
            r.kind = "quick"
            r.spell_speed = 2
            rd.say("kind", s + quick.start(), s + quick.end())
            rd.say("spell_speed", s + quick.start(), s + quick.end())
            rd.rule("YGO-IDENTIFY", "YGO-KIND")
            ev = re.match(r"(When|If) (.+?)(?= \(Quick Effect\)|$)", head)
            if ev:
                r.event = rd.say("event", s + ev.start(2), s + ev.end(2))
                r.wording = rd.say("wording", s, s + len(ev.group(1))).lower()
        elif (m := re.match(r"(Once per turn|Twice per turn|During your Main Phase"
                            r"|Once while face-up on the field|Once per Duel"
                            r"|During your turn)(, except the turn this card was sent to the GY)?"
                            r"(, (during your Main Phase|if .+))?$", head)) and not (
                m.group(4) and m.group(4).startswith("if ") and _EVENT_EN.search(m.group(4))
                and not _STATE_EN.search(m.group(4))):
            r.kind = "ignition"
            r.spell_speed = 1
            rd.say("kind", s + m.start(1), s + m.end(1))
            rd.rule("YGO-IDENTIFY", "YGO-KIND")
            if m.group(4) and m.group(4).startswith("if "):
                r.condition = rd.say("condition", s + m.start(4), s + m.end(4))
        elif wm := re.compile(r"(When|If|Each time) ", re.I).match(head, h0):
            word = wm.group(1).capitalize()
            if word == "Each time":
                r.wording = "each_time"
                rd.say("wording", s + wm.start(1), s + wm.end(1))
            rest_s = s + wm.end()
            cond = re.compile(r"(,? while |, if | and if )(.+)$").search(head, wm.end())
            ev_end = s + (cond.start() if cond else len(head))
            event_txt = text[rest_s:ev_end]
            if _EVENT_EN.search(event_txt):
                r.kind = "trigger"
                if word != "Each time":
                    r.wording = "when" if word == "When" else "if"
                    rd.say("wording", s + wm.start(1), s + wm.end(1))
                rd.say("kind", s, head_e + 1)
                r.event = rd.say("event", rest_s, ev_end)
                if cond:
                    r.condition = rd.say("condition", s + cond.start(2), s + cond.end(2))
                r.spell_speed = 2 if card in ("trap", "counter") else 1
                rd.rule("YGO-IDENTIFY", "YGO-KIND")
            elif _STATE_EN.search(event_txt):
                r.kind = "ignition"
                r.spell_speed = 1
                r.condition = rd.say("condition", rest_s, head_e)
                rd.say("kind", s, head_e + 1)
                rd.rule("YGO-IDENTIFY", "YGO-KIND")
            else:
                return rd.unreadable(Refusal("read_colon_event", words=head))
        else:
            return rd.unreadable(Refusal("read_colon_timing", words=head))
        err = _body_en(rd, head_e + 1, e)
        if err:
            return rd.unreadable(err)
        if r.kind in ("trigger", "ignition", "quick") and not r.optional and first \
                and card in ("trap", "counter", "spell", "quickplay") \
                and not (lasting and card == "spell"):
            # (a Continuous or Field Spell's timed effect is one of the card on the field)
            # a Spell/Trap's first "When ...: <order>" is the card's own activation
            r.kind = "activation"
            r.spell_speed = _activation_speed(card)
            r.optional = None
            r.rules = ["YGO-IDENTIFY"]
        elif r.kind == "trigger":
            if r.optional and r.wording == "when":
                rd.rule("YGO-MISS")
            elif "YGO-PHASE" not in r.rules and (not r.optional or r.wording == "if"):
                rd.rule("YGO-WAIT", "YGO-CHAIN")
        if r.kind == "quick" and card in ("counter",):
            r.spell_speed = 3
        _speed_because(rd)
        return r
    # no colon
    if re.search(r"\b[Yy]ou can (Normal |Special )?Summon (this card|it) \(from your (hand|GY)"
                 r"\)", seg):
        return rd.unreadable(Refusal("read_summoning_procedure"))
    if re.match(r"You can only (control 1\b|Special Summon \S.* once per turn|activate 1 \S.* "
                r"per turn)", seg):
        return rd.unreadable(Refusal("read_restriction"))
    if re.search(r"\binstead\b", seg) and _semicolon(seg) < 0 and not (
            card and first and not lasting):
        # a replacement effect ("..., instead of sending it to the GY"): not activated
        r.kind = "continuous"
        m = re.search(r"\binstead\b", seg)
        rd.say("kind", s + m.start(), s + m.end())
        r.operations = rd.say("operations", s, e)
        rd.rule("YGO-KIND")
        return r
    if m := re.match(r"(Cannot be (Normal )?Summoned|Must (first )?be (\w+ )?Summoned)", seg):
        return rd.unreadable(Refusal("read_summoning_condition"))
    if (m := re.match(r"(When|If) (.+?), you can\b", seg)) and _EVENT_EN.search(m.group(2)):
        # the older wording of a trigger: "When this card is Normal Summoned, you can ..."
        r.kind = "trigger"
        r.wording = "when" if m.group(1) == "When" else "if"
        rd.say("kind", s, s + m.end(2) + 1)
        rd.say("wording", s, s + len(m.group(1)))
        r.event = rd.say("event", s + m.start(2), s + m.end(2))
        r.optional = True
        rd.say("optional", s + m.end(2) + 2, s + m.end())
        r.spell_speed = 2 if card in ("trap", "counter") else 1
        r.operations = rd.say("operations", s + m.end() + 1, e)
        rd.rule("YGO-IDENTIFY", "YGO-KIND", "YGO-MISS" if r.wording == "when" else "YGO-WAIT")
        _speed_because(rd)
        return r
    if m := re.match(r"(If|When|Each time|After) .+?, (?!you can\b)", seg):
        # "If this card attacks, ...", "When that monster leaves the field, destroy this
        # card": a condition with no colon is no activated effect, but a lasting one
        r.kind = "continuous"
        rd.say("kind", s, s + len(m.group(1)))
        r.condition = rd.say("condition", s, s + m.end() - 2)
        r.operations = rd.say("operations", s + m.end(), e)
        rd.rule("YGO-KIND")
        return r
    if lasting and _semicolon(seg) < 0 and (m := _CONTINUOUS_EN.search(seg)):
        # a Continuous, Field or Equip card's sentence of a lasting change
        r.kind = "continuous"
        rd.say("kind", s + m.start(), s + m.end())
        r.operations = rd.say("operations", s, e)
        rd.rule("YGO-KIND")
        return r
    if m := re.match(r"While (.+?),", seg):
        r.kind = "continuous"
        rd.say("kind", s, s + 5)
        r.condition = rd.say("condition", s + m.start(1), s + m.end(1))
        r.operations = rd.say("operations", s + m.end() + 1, e)
        rd.rule("YGO-KIND")
        return r
    if (m := re.match(r"You can ", seg)) and card and first and not lasting:
        r.kind = "activation"
        rd.say("kind", s, s + 7)
        r.spell_speed = _activation_speed(card)
        rd.rule("YGO-IDENTIFY")
        r.operations = rd.say("operations", s, e)
        _speed_because(rd)
        return r
    if m := re.match(r"You can ", seg):
        r.kind = "ignition"
        r.spell_speed = 1
        rd.say("kind", s, s + 7)
        rd.rule("YGO-KIND")
        _speed_because(rd)
        err = _body_en(rd, s, e)
        return rd.unreadable(err) if err else r
    if m := _ORDER_EN.match(seg):
        r.kind = "activation"
        rd.say("kind", s + m.start(), s + m.end())
        r.spell_speed = _activation_speed(card)
        rd.rule("YGO-IDENTIFY")
        err = _body_en(rd, s, e)
        r.optional = None
        return rd.unreadable(err) if err else r
    if m := _CONTINUOUS_EN.search(seg):
        r.kind = "continuous"
        rd.say("kind", s + m.start(), s + m.end())
        r.operations = rd.say("operations", s, e)
        rd.rule("YGO-KIND")
        return r
    return rd.unreadable(Refusal("read_nothing_en"))


# ------------------------------------------------------------------ Japanese

_EVENT_JA = re.compile(
    r"(召喚に成功|特殊召喚に成功|反転召喚に成功|召喚・特殊召喚に成功|召喚された|特殊召喚された|"
    r"破壊され|墓地へ送られ|除外され|手札に加わ|捨てられ|リバースし|攻撃宣言|発動し|"
    r"ダメージを(受け|与え)|対象になっ|戦闘を行っ|戦闘で破壊し|戦闘で(?:相手)?モンスターを破壊し|"
    r"フィールドから離れ|ドローし|"
    r"リリースされ|戻っ|セットされ|戦闘を行う|ダメージ計算後|ダメージステップ開始|召喚する|"
    r"特殊召喚する際|召喚・反転召喚・特殊召喚する際|送った|加わった|加えた|攻撃し(た|て)|選択され|"
    # the wording of the OCG's texts since 2020: 「召喚・特殊召喚した場合」, 「反転召喚した時」
    r"召喚した|リバースした|攻撃され|装備され|移った|取り除かれ|置かれ)")
_STATE_JA = re.compile(r"(存在しない|存在する|いない|ある|以下の|以上の|[0０]枚の)場合")
_COST_JA = re.compile(r"(?:^|、)([^、。]*?(捨てて|捨て(?=、)|戻して|リリースして|リリースし|"
                      r"除外して|除外し|払って|"
                      r"払い|墓地へ送って|墓地へ送り|見せて|取り除いて|取り除き))(?=、|発動|$)")
#: 「…１体を対象として」, 「…２枚まで対象として」 (up to a number)
_TARGET_JA = re.compile(r"(?:^|、)([^、。]*?(?:を|まで)対象として)(?=、|発動|$)")
#: a step of the battle named as the effect's timing (「戦闘を行ったダメージ計算後に発動する」,
#: 「ダメージステップ開始時に発動できる」): the effect is activated at that step, as an "if"
#: trigger (PSCT "After damage calculation, if ...", "At the start of the Damage Step, if ...")
_STEP_JA = re.compile(r"(ダメージ計算後|ダメージステップ開始時|ダメージステップ終了時)(に)")
#: a Fusion, Synchro, Xyz or Link Monster's materials line
_MATERIALS_JA = re.compile(r"[^。：:]*(＋|[×x][0-9０-９]+|モンスター[0-9０-９]+体(以上)?)[^。：:]*")
_QUICK_JA = re.compile(r"(この効果は)?(相手ターンでも|お互いのターンに)発動できる。?")


#: what an effect does, as the older texts end it (an action, not a lasting change)
_ACTION_JA = re.compile(r"(破壊する|ドローする|特殊召喚する|手札に加える|戻す|除外する|墓地へ送る|"
                        r"捨てる|回復する|置く|ダメージを与える|デッキに加える|裏側守備表示にする|"
                        r"コントロールを得る)(事ができる)?。")
#: the lasting changes of the older texts' 「…場合、…」 (piercing damage, ATK during the
#: Damage Step): continuous effects, not triggers
_LASTING_JA = re.compile(r"超えた分|ダメージステップ(の間|中|時)|ダメージ計算時|アップ|ダウン|"
                         r"無効|受けない|できない|になる")


def _older_ja(rd: _Reading, s: int, body: int, e: int) -> EffectReading | None:
    """A monster's effect in the OCG's older wording (the texts printed before 2017, still in
    the database for cards not reprinted since), which has no 「発動できる／発動する」:

    * 「…破壊され墓地へ送られた時、…ドローする。」: a mandatory trigger, 「時」 "when" and
      「場合」 "if" (the optional one, 「…事ができる。」, is read before this);
    * 「自分のスタンバイフェイズ時に、…事で、…特殊召喚する。」, 「…ターンのエンドフェイズ時
      に…手札に戻す。」: a phase trigger, optional where it is paid for 「…事で」;
    * 「１ターンに１度、…事で、…破壊する。」, 「自分のメインフェイズ時に…」: an ignition
      effect (one the player chooses to activate).

    None when the words are none of these."""
    r, seg = rd.r, rd.full[s:e]
    first = seg[body:].split("。")[0] + "。"
    if not _ACTION_JA.search(first):
        return None
    pay = re.search(r"(事|こと)で、?", first)
    phase = re.compile(r"[^、。]*?(スタンバイフェイズ|エンドフェイズ)(時)?(に|、)").match(seg, body)
    if phase and (not _EVENT_JA.search(seg, body, phase.start(1))
                  or re.search(r"ターンの$", seg[body:phase.start(1)])):
        # (「…召喚に成功したターンのエンドフェイズ時に」: the event names the turn)
        r.kind = "trigger"
        r.wording = "during"
        rd.say("kind", s + phase.start(1), s + phase.end())
        rd.say("wording", s + phase.start(1), s + phase.end())
        r.event = rd.say("event", s + body, s + phase.end(1))
        r.optional = bool(pay)
        r.spell_speed = 1
        rd.say("spell_speed", s + phase.start(1), s + phase.end())
        rd.rule("YGO-IDENTIFY", "YGO-KIND", "YGO-PHASE", "YGO-WAIT")
    elif ig := re.compile(r"([１1]ターンに[１1]度|自分のメインフェイズ(時)?)(に|、)").match(
            seg, body):
        if not pay and not re.search(r"(事|こと)?ができる。$", first):
            return None
        r.kind = "ignition"
        r.optional = True
        r.spell_speed = 1
        rd.say("kind", s + ig.start(1), s + ig.end(1))
        rd.rule("YGO-IDENTIFY", "YGO-KIND")
    elif (when := re.compile(r"([^。]+?)(時|場合)、").match(seg, body)) \
            and _EVENT_JA.search(when.group(1)) and "限り" not in when.group(1) \
            and not _LASTING_JA.search(first[when.end() - body:]):
        r.kind = "trigger"
        r.wording = "if" if when.group(2) == "場合" else "when"
        rd.say("kind", s + when.start(2), s + when.end(2))
        rd.say("wording", s + when.start(2), s + when.end(2))
        r.event = rd.say("event", s + when.start(1), s + when.end(1))
        r.optional = False
        r.spell_speed = 1
        rd.say("spell_speed", s + when.start(2), s + when.end(2))
        rd.rule("YGO-IDENTIFY", "YGO-KIND", "YGO-WAIT", "YGO-CHAIN")
    else:
        return None
    if pay:
        r.cost = rd.say("cost", s + body, s + body + pay.start())
    r.operations = rd.say("operations", s + body, e)
    return r


def _read_ja(text: str, s: int, e: int, card: str | None, first: bool,
             lasting: bool = False, monster: bool = False) -> EffectReading:
    rd = _Reading(text, s, e)
    r = rd.r
    seg = text[s:e]
    # skip the marker 「①：」 and a leading once-per-turn clause of the card name
    body = 0
    mm = _NUMBER_JA.match(seg)
    if mm:
        body = mm.end()
    if seg.startswith("このカード名"):
        once = re.match(r"[^。]*しか(使用|発動)(できない|できず、相手ターンでも発動できる)。", seg)
        if once:
            body = once.end()
            mm = _NUMBER_JA.match(seg, body)
            if mm:
                body = mm.end()
    if seg.startswith("リバース：", body) or seg.startswith("リバース:", body):
        r.kind = "flip"
        rd.say("kind", s + body, s + body + 4)
        r.event = "FLIP"
        r.spell_speed = 1
        r.optional = "できる" in seg
        r.operations = rd.say("operations", s + body + 5, e)
        rd.rule("YGO-KIND")
        _speed_because(rd)
        return r
    if (not seg[body:].strip() and re.match(r"このカード名のカードは[１1]ターンに[１1]枚しか",
                                            seg)) or re.fullmatch(
            r"このカード名のカードは[１1]ターンに[１1]枚しか発動できず、[^①-⑩]*できない。", seg):
        return rd.unreadable(Refusal("read_activation_restriction"))
    if not mm and _MATERIALS_JA.fullmatch(seg.strip()):
        # 「レベル４モンスター×２」「「Ａ」＋「Ｂ」」「効果モンスター２体以上」: the monster's
        # materials, written first, with no 「。」
        return rd.unreadable(Refusal("read_materials"))
    if re.compile(r"「[^」]+」の降臨に必要。$").match(seg, body):
        # a Ritual Spell's 「「…」の降臨に必要。」: which Ritual Monster it Summons, no effect
        return rd.unreadable(Refusal("read_ritual_monster"))
    if re.compile(r"「[^」]+」により降臨。$").match(seg, body):
        # a Ritual Monster's 「「…」により降臨。」: the Ritual Spell that Summons it
        return rd.unreadable(Refusal("read_ritual_spell"))
    if re.compile(r"このカードは(通常召喚できない|特殊召喚できない|.*でしか特殊召喚できない"
                  # 「このカードは融合召喚でのみエクストラデッキから特殊召喚できる。」
                  r"|[^。]*でのみ[^。]*特殊召喚できる。$)").match(seg, body):
        return rd.unreadable(Refusal("read_summoning_condition"))
    if re.compile(r"[^。]*(召喚する事もできる|このカードは手札から特殊召喚できる)。$"
                  ).match(seg, body):
        return rd.unreadable(Refusal("read_summoning_procedure"))
    if card and (m := re.compile(r"このカードの発動時の効果処理として、?").match(seg, body)):
        # 「①：このカードの発動時の効果処理として、…できる。」: what a Continuous or Field
        # card does when it is activated, its activation
        r.kind = "activation"
        rd.say("kind", s + m.start(), s + m.end())
        r.spell_speed = _activation_speed(card)
        r.operations = rd.say("operations", s + m.end(), e)
        rd.rule("YGO-IDENTIFY")
        _speed_because(rd)
        return r
    act = re.compile(r"発動(できる|する)。").search(seg, body)
    if not act and card and first and not lasting:
        # a Normal or Quick-Play Spell's, a Normal or Counter Trap's text with no
        # 「発動できる」: what the card does when activated
        r.kind = "activation"
        rd.say("kind", s + body, e)
        r.spell_speed = _activation_speed(card)
        r.operations = rd.say("operations", s + body, e)
        rd.rule("YGO-IDENTIFY")
        _speed_because(rd)
        return r
    old = re.compile(r"(.+?)(時|場合)、(.+)(事|こと)ができる。").match(seg, body)
    if not act and old and _EVENT_JA.search(old.group(1)) and not (card and first):
        # the older wording of an optional trigger: 「…召喚に成功した時、…する事ができる。」
        r.kind = "trigger"
        r.wording = "if" if old.group(2) == "場合" else "when"
        rd.say("kind", s + old.start(2), s + old.end(2))
        rd.say("wording", s + old.start(2), s + old.end(2))
        r.event = rd.say("event", s + old.start(1), s + old.end(1))
        r.optional = True
        rd.say("optional", s + old.start(4), s + old.end())
        r.spell_speed = 2 if card in ("trap", "counter") else 1
        r.operations = rd.say("operations", s + old.start(3), s + old.end(3))
        rd.rule("YGO-IDENTIFY", "YGO-KIND", "YGO-MISS" if r.wording == "when" else "YGO-WAIT")
        _speed_because(rd)
        return r
    if not act and card is None and (got := _older_ja(rd, s, body, e)):
        return got
    if not act and lasting:
        # a Continuous or Field card's numbered text with no 「発動」: a lasting effect
        r.kind = "continuous"
        rd.say("kind", s + body, e)
        cm = re.match(r"(.+?限り)、", seg[body:])
        if cm:
            r.condition = rd.say("condition", s + body + cm.start(1), s + body + cm.end(1))
        r.operations = rd.say("operations", s + body, e)
        rd.rule("YGO-KIND")
        return r
    if not act:
        text_b = seg[body:]
        if m := re.search(r"(存在する限り|アップする|ダウンする|できない|受けない|"
                          r"破壊されない|扱う)", text_b):
            r.kind = "continuous"
            rd.say("kind", s + body + m.start(), s + body + m.end())
            cm = re.match(r"(.+?限り)、", text_b)
            if cm:
                r.condition = rd.say("condition", s + body + cm.start(1), s + body + cm.end(1))
            r.operations = rd.say("operations", s + body, e)
            rd.rule("YGO-KIND")
            return r
        if card is None and (monster or "このカード" in text_b) or re.search(
                r"(直接攻撃|攻撃|特殊召喚|発動)できる。?$", text_b):
            # a monster's effect that activates nothing ("このカードは直接攻撃できる",
            # piercing damage): a lasting effect
            r.kind = "continuous"
            rd.say("kind", s + body, e)
            r.operations = rd.say("operations", s + body, e)
            rd.rule("YGO-KIND")
            return r
        if re.search(r"(する|加える|破壊する|ドローする|与える)。?$", text_b):
            r.kind = "activation"
            rd.say("kind", s + body, e)
            r.spell_speed = _activation_speed(card)
            r.operations = rd.say("operations", s + body, e)
            rd.rule("YGO-IDENTIFY")
            return r
        return rd.unreadable(Refusal("read_nothing_ja"))
    a_s, a_e = s + act.start(), s + act.end()
    head = seg[body:act.start()]
    hs = s + body
    r.optional = act.group(1) == "できる"
    rd.say("optional", a_s, a_e - 1)
    ops = seg[act.end():].strip()
    quick_after = _QUICK_JA.search(ops)
    if quick_after:
        ops = ops[:quick_after.start()].strip()
    if ops:
        os_ = s + act.end() + seg[act.end():].index(ops)
        r.operations = rd.say("operations", os_, os_ + len(ops))
    # cost / targets
    if cm := _COST_JA.search(head):
        r.cost = rd.say("cost", hs + cm.start(1), hs + cm.end(1))
        rd.rule("YGO-IDENTIFY")
    if tm := _TARGET_JA.search(head):
        r.targets = rd.say("targets", hs + tm.start(1), hs + tm.end(1))
        rd.rule("YGO-IDENTIFY")
    quick = (re.compile(r"相手ターンでも発動できる|お互いのターンに発動できる").search(seg, body)
             or re.compile(r"相手ターンでも発動できる").search(seg, 0, body)
             # 「相手メインフェイズに」「自分・相手のバトルフェイズに」: usable in the
             # opponent's turn, a quick effect
             or re.compile(r"(相手|自分・相手の|お互いの|自分または相手の)(ターンの)?"
                           r"(メイン|バトル)フェイズ(に|中に)").search(seg, body, act.start())
             # 「ダメージステップ開始時からダメージ計算前までに」: only a Quick Effect can be
             # activated then
             or re.compile(r"ダメージ計算前まで(に|の間に)").search(seg, body, act.start())
             # 「相手ターンに、このカードをリリースして発動できる」: usable only in the
             # opponent's turn, a quick effect
             or re.compile(r"(?:(?<=[：:、])|^)相手(の)?ターン(に|中に)、").search(
                 seg, body, act.start())
             # 「相手ターンに墓地のこのカードを除外して発動できる」 (the timing first, no comma),
             # 「自分・相手ターンに」「お互いのターンに」: a quick effect, unless an event
             # follows (「相手ターンにこのカードが破壊された場合」 is a trigger's condition)
             or (re.compile(r"(相手(の)?|自分・相手|お互いの|自分または相手の)ターン(に|中に)、?"
                            r"(?![^、。]*(時|場合)(に|、))").match(seg, body, act.start())))
    pm = re.search(r"(自分の?|相手の?|お互いの|次の)?(ターンの)?(エンドフェイズ|スタンバイフェイズ|"
                   r"バトルフェイズ)(に|時に)", head)
    wm = re.search(r"(時|場合|際)(に|、)", head)
    cond_end = 0
    if wm and not _EVENT_JA.search(head[:wm.start()]):
        # 「自分フィールドにカードが存在しない場合、…ダメージを受けた時に」: a state first,
        # then the event: the timing is the later 「時」 / 「場合」, the state its condition
        for later in re.finditer(r"(時|場合|際)(に|、)", head[wm.end():]):
            if _EVENT_JA.search(head[wm.end():wm.end() + later.start()]):
                cond_end = wm.end()
                wm = re.compile(r"(時|場合|際)(に|、)").search(head, wm.end() + later.start())
                break
    # 「…時に、このカードを手札から捨てて発動できる」: a monster's effect from the hand whose
    # cost is the card itself, answering another event: a Quick Effect (a hand trap)
    hand_cost = wm and re.search(r"このカードを手札から(捨て|墓地へ送)", head[wm.end():]) \
        and not re.search(r"このカード", head[:wm.start()])
    step = _STEP_JA.search(head)
    if step and re.search(r"このカードを手札から(捨て|墓地へ送)", head[step.end():]):
        step = None  # a hand trap answering the step: a Quick Effect (hand_cost)
    if quick:
        r.kind = "quick"
        r.spell_speed = 3 if card == "counter" else 2
        rd.say("kind", s + quick.start(), s + quick.end())
        rd.say("spell_speed", s + quick.start(), s + quick.end())
        rd.rule("YGO-IDENTIFY", "YGO-KIND")
    elif step:
        # a step of the battle as the timing: an "if" trigger, which cannot miss it
        r.kind = "trigger"
        r.wording = "if"
        rd.say("kind", hs + step.start(), hs + step.end())
        rd.say("wording", hs + step.start(), hs + step.end())
        r.event = rd.say("event", hs, hs + step.start(2))
        r.spell_speed = 2 if card in ("trap", "counter") else 1
        rd.say("spell_speed", hs + step.start(), hs + step.end())
        rd.rule("YGO-IDENTIFY", "YGO-KIND", "YGO-WAIT")
    elif wm and re.match(r"(自分または相手|自分・相手|お互い)の(?!(ターンの)?[^、。]*フェイズ)",
                         head) and _EVENT_JA.search(head[:wm.start()]):
        # 「自分または相手のモンスターの攻撃宣言時」: an event of either player's, answered
        # in either turn: a quick effect
        r.kind = "quick"
        r.spell_speed = 3 if card == "counter" else 2
        rd.say("kind", hs, hs + wm.end())
        rd.say("spell_speed", hs, hs + wm.end())
        r.wording = "if" if wm.group(1) == "場合" else "when"
        rd.say("wording", hs + wm.start(1), hs + wm.end(1))
        r.event = rd.say("event", hs, hs + wm.start())
        rd.rule("YGO-IDENTIFY", "YGO-KIND")
    elif wm and (re.search(r"発動し", head[:wm.start()]) or hand_cost) \
            and _EVENT_JA.search(head[:wm.start()]):
        # responding to an activation: a quick effect
        r.kind = "quick"
        r.spell_speed = 3 if card == "counter" else 2
        rd.say("kind", hs + wm.start(), hs + wm.end())
        rd.say("spell_speed", hs + wm.start(), hs + wm.end())
        r.wording = "if" if wm.group(1) == "場合" else "when"
        rd.say("wording", hs + wm.start(1), hs + wm.end(1))
        r.event = rd.say("event", hs, hs + wm.start())
        rd.rule("YGO-IDENTIFY", "YGO-KIND")
    elif pm and not (wm and wm.start() < pm.start() and _EVENT_JA.search(head[:wm.start()])):
        r.kind = "trigger"
        r.wording = "during"
        rd.say("kind", hs + pm.start(), hs + pm.end())
        rd.say("wording", hs + pm.start(), hs + pm.end())
        start = pm.start()
        if pm.group(2) and not pm.group(1) and re.search(r"した$", head[:start]):
            # 「このカードが召喚・リバースしたターンのエンドフェイズに」: the event names the
            # turn, and is read with the phase
            start = max(head.rfind("、", 0, start), head.rfind("：", 0, start)) + 1
        r.event = rd.say("event", hs + start, hs + pm.end() - len(pm.group(4)))
        r.spell_speed = 2 if card in ("trap", "counter") else 1
        rd.say("spell_speed", hs + pm.start(), hs + pm.end())
        rd.rule("YGO-IDENTIFY", "YGO-KIND", "YGO-PHASE", "YGO-WAIT")
    elif wm and _EVENT_JA.search(head[:wm.start()]):
        r.kind = "trigger"
        r.wording = "if" if wm.group(1) == "場合" else "when"
        rd.say("wording", hs + wm.start(1), hs + wm.end(1))
        rd.say("kind", hs + wm.start(1), hs + wm.end(1))
        ev_s = hs + cond_end
        once = re.match(r"[１1]ターンに[１1]度、", head)
        if once and not cond_end:
            ev_s += once.end()
        if cond_end:
            r.condition = rd.say("condition", hs, hs + cond_end - 1)
        r.event = rd.say("event", ev_s, hs + wm.start())
        r.spell_speed = 2 if card in ("trap", "counter") else 1
        rd.say("spell_speed", hs + wm.start(1), hs + wm.end(1))
        rd.rule("YGO-IDENTIFY", "YGO-KIND")
        if r.optional and r.wording == "when":
            rd.rule("YGO-MISS")
        else:
            rd.rule("YGO-WAIT", "YGO-CHAIN")
    elif im := re.search(r"[１1]ターンに[１1]度|自分メインフェイズ[１２12]?に", head):
        r.kind = "ignition"
        r.spell_speed = 1
        rd.say("kind", hs + im.start(), hs + im.end())
        rd.rule("YGO-IDENTIFY", "YGO-KIND")
        if sm := _STATE_JA.search(head):
            r.condition = rd.say("condition", hs, hs + sm.end())
    elif sm := _STATE_JA.search(head):
        r.kind = "ignition"
        r.spell_speed = 1
        r.condition = rd.say("condition", hs, hs + sm.end())
        rd.say("kind", hs, hs + sm.end())
        rd.rule("YGO-IDENTIFY", "YGO-KIND")
    elif wm and card and first and not (lasting and card == "spell"):
        # 「相手ターンの戦闘ダメージ計算時に発動できる」: whatever the timing, the first effect
        # of a Spell/Trap named as such is the card's own activation (made so below)
        r.kind = "trigger"
        rd.say("kind", hs + wm.start(1), hs + wm.end(1))
    elif wm:
        return rd.unreadable(Refusal("read_timing_ja", words=head[:wm.end()]))
    elif mon := (re.search(r"このカードを(リリース|捨て)|手札のこのカード|墓地のこのカード", head)
                 or (re.search(r"このカード", head) if card is None else None)):
        # no timing, but only a monster can be released or discarded this way, or (no type
        # line: a monster's text) the effect names the card itself: ignition
        r.kind = "ignition"
        r.spell_speed = 1
        rd.say("kind", hs + mon.start(), hs + mon.end())
        rd.rule("YGO-IDENTIFY", "YGO-KIND")
    elif (card and not first) or monster:
        # no timing, and not the card's first effect (a Spell's effect from the GY, say), or
        # a monster's text (a Summoning condition or materials say so): an ignition effect
        # (a Trap's: a Quick Effect, _trap_effect)
        r.kind = "ignition"
        r.spell_speed = 1
        rd.say("kind", a_s, a_e - 1)
        rd.rule("YGO-IDENTIFY", "YGO-KIND")
    elif not re.search(r"時|場合", head):
        # no timing at all: a Spell/Trap card's own activation
        r.kind = "activation"
        rd.say("kind", a_s, a_e - 1)
        r.spell_speed = _activation_speed(card)
        r.optional = None
        r.because = [b for b in r.because if b.field != "optional"]
        rd.rule("YGO-IDENTIFY")
    else:
        return rd.unreadable(Refusal("read_before_activation_ja"))
    if card and first and r.kind in ("trigger", "quick", "ignition") \
            and (not lasting or "このカードを発動" in head):
        # (a Continuous, Field or Equip Spell's, a Continuous Trap's timed effect, 「１ターンに
        # １度」 or a trigger, is one of the card once on the field, not its activation, unless
        # it says 「…このカードを発動できる」)
        # the first effect of a Spell/Trap named as such is the card's own activation
        r.kind = "activation"
        r.spell_speed = _activation_speed(card)
        r.optional = None
        r.rules = ["YGO-IDENTIFY"]
        r.because = [b for b in r.because if b.field not in ("optional", "spell_speed")]
    _speed_because(rd)
    return r


# ------------------------------------------------------------------ entry point


#: a line of a pasted card that is none of its effects: its Attribute, Level or Rank, its
#: Type line ("[Spellcaster / Effect]", 【魔法使い族／効果】), its ATK/DEF
_STAT_TOKEN = (
    r"[\[【(（]?(DARK|LIGHT|WATER|FIRE|EARTH|WIND|DIVINE|[闇光水炎地風神]属性|[闇光水炎地風神])"
    r"[\]】)）]?"
    r"|(Level|Rank|Link|LINK|レベル|ランク|リンク|星)[ -]?[0-9０-９]+|[★☆]+\s*[0-9０-９]*"
    r"|[\[【][^\]】]*[/／][^\]】]*[\]】]|[\[【][^\]】]*族[\]】]"
    r"|(ATK|攻撃力|攻)\s*[/:：]?\s*[0-9０-９?？]+"
    r"|(DEF|守備力|守)\s*[/:：]?\s*[0-9０-９?？]+|(Level|Rank) [0-9]+ .*(ATK|DEF).*"
    # the card's kind and Type, as a database prints them: 「効果モンスター」, 「戦士族」,
    # "Effect Monster", a label 「カードテキスト」 / "Card Text"
    r"|(効果|通常|融合|儀式|シンクロ|エクシーズ|リンク|チューナー|特殊召喚|リバース|スピリット"
    r"|ユニオン|デュアル|トゥーン)・?モンスター|[^\s、。：:／/]{1,6}族"
    r"|(Effect|Normal|Fusion|Ritual|Synchro|Xyz|Link|Flip|Tuner) Monster|カードテキスト|Card Text"
    # a Pendulum Monster's two texts as the database heads them: 【モンスター効果】,
    # 【ペンデュラム効果】 (its 【Ｐスケール：青４／赤４】 is a stat of a slash)
    r"|[\[【](モンスター効果|ペンデュラム効果|Ｐ効果|Monster Effect|Pendulum Effect)[\]】]")
#: a line of stat words only, one or more ("【闇属性】 ★4", "ATK 1400 / DEF 1200")
_STAT_LINE = re.compile(rf"(?:{_STAT_TOKEN})(?:[\s/／|]*(?:{_STAT_TOKEN}))*", re.I)


#: what only a monster's text has: a Summoning condition, Fusion/Synchro/Xyz materials
_MONSTER = re.compile(
    r"このカードは(通常召喚|特殊召喚)できない|でしか特殊召喚できない|場合のみ特殊召喚できる"
    r"|チューナー＋|モンスター[×x]|」＋|＋「|」により降臨。|^[^。\n]*モンスター[０-９0-9]+体(以上)?$"
    r"|Cannot be (Normal |Special )?Summoned|Must (first )?be "
    r"(\w+ )?Summoned|\bnon-Tuner\b|^\S.* \+ .*monsters?$", re.M)


def _stat_lines(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans that are no stat line, nor the card's name just above its stat lines."""
    stat = [bool(_STAT_LINE.fullmatch(text[s:e].strip())) for s, e in spans]
    # the card's name (and its reading, its English name) in the lines above its first stat
    # line: short lines with no punctuation of an effect
    first_stat = next((k for k, is_stat in enumerate(stat) if is_stat), None)
    names = set()
    if first_stat is not None and first_stat <= 3:
        lines = range(first_stat)
        if all(len(text[s:e]) <= 60 and not re.search(r"[:：;；。、]", text[s:e])
               for s, e in (spans[k] for k in lines)):
            names = set(lines)
    return [span for k, span in enumerate(spans) if not stat[k] and k not in names]


def read(text: str) -> list[EffectReading]:
    """Split a Yu-Gi-Oh! card's text into effects and classify each one."""
    card, lasting, begin = _card_type(text)
    monster = card is None and bool(_MONSTER.search(text))
    japanese = bool(_JA.search(text[begin:]))
    spans = _effects_ja(text[begin:]) if japanese else _effects_en(text[begin:])
    spans = _stat_lines(text, [(s + begin, e + begin) for s, e in spans])
    reader = _read_ja if japanese else _read_en
    out: list[EffectReading] = []
    for s, e in spans:
        # the card's first effect is the first one that is no restriction or condition line
        first = all(r.kind == "unreadable" for r in out)
        out.append(reader(text, s, e, card, first, lasting, monster))
    if card in ("trap", "counter"):
        for r in out:
            _trap_effect(r, card)
    return out


def _trap_effect(r: EffectReading, card: str) -> None:
    """A Trap Card's effect other than its activation (one used from the GY, say) is
    activated at Spell Speed 2 (3 for a Counter Trap) in either player's turn: it is a Quick
    Effect, never an ignition effect (YGO-KIND)."""
    if r.kind == "ignition":
        r.kind = "quick"
        r.spell_speed = 3 if card == "counter" else 2
        for b in r.because:
            if b.field == "spell_speed":
                b.reason = Refusal("read_trap_effect")


__all__ = ["read"]
