"""The card editor: a card's text read as the rules read it, a card file's mapping prefilled
from that reading, checked the way card files are checked, and saved into a board.

The form holds one card in the card-file schema (docs/cards.md): names, type and stats as
plain fields, each effect's kind, wording and flags as fields, and its event, costs, targets
and operations as YAML in the engine's vocabulary. Every problem is reported beside the field
it is about: the reader's (a part it could not map), the limits' (a name too long) and the
card files' own checks (:func:`engine.cards.parse_cards`).
"""

from __future__ import annotations

import copy
import re
import unicodedata
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import yaml
from django.utils import translation
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from engine import (
    WORDINGS,
    CardDataError,
    Duel,
    IllegalAction,
    builtin_library,
    one_card_per_name,
    parse_cards,
)
from engine.classify import MAX_EFFECTS, EffectMapping, EffectReading, classify, map_reading
from engine.limits import (
    MAX_CUSTOM_CARDS,
    MAX_FORM_CPU,
    MAX_NAME,
    MAX_STRING,
    LimitError,
    check_text,
    cpu_budget,
    load_yaml,
    spend,
)
from engine.vocabulary import EFFECT_KINDS as VOCABULARY_KINDS
from engine.vocabulary import TABLES
from engine.words import card_kind, worded, zone_name

from . import store
from .game_context import has, stat_fields, web
from .language import refusal_reason, translator
from .models import Board

#: the card fields of each game's form after the names (docs/cards.md), and its card flags,
#: are its web data's ``STAT_FIELDS`` and ``FLAGS`` (simulator.game_context)
NUMBERS = {"level", "atk", "def", "cost", "power"}
#: the most values one YAML field of an effect may hold
MAX_FIELD_ITEMS = 500
#: the characters of all the YAML fields of one form (the built-in card writing the most has
#: 561), counted before any is parsed, so reading and checking them stays short
MAX_FORM_YAML = 8_000
#: an effect's fields written as YAML in the engine's vocabulary: every part of a card file's
#: effect the reader may compile (a continuous effect's ``apply``, a replacement's
#: ``instead``, a Counter Trap's ``respond_to``...), so that a reading saved through the form
#: keeps all of it
YAML_FIELDS = ("event", "condition", "cost", "targets", "operations", "apply", "instead",
               "respond_to", "phase")
EFFECT_FIELDS = ("kind", "label", "wording", "optional", "once_per_turn", "activate_from",
                 *YAML_FIELDS)


def effect_fields(game: str) -> tuple[str, ...]:
    """The effect fields the form offers for a card of ``game``: those the game honours
    (engine/vocabulary.py; "wording" and "once per turn" are Yu-Gi-Oh!'s)."""
    keys = TABLES["effect"].keys
    return tuple(k for k in EFFECT_FIELDS if game in keys[k].games)


#: the kinds of effect that are never activated, so never optional (YGO-KIND, DM-STATIC)
NOT_ACTIVATED = ("continuous", "replacement")
EFFECT_KINDS = ("trigger", "ignition", "quick", "activation", "continuous", "replacement",
                "s_trigger", "ninja_strike")
KIND_WORDS = {
    "trigger": gettext_lazy("trigger"), "ignition": gettext_lazy("ignition effect"),
    "quick": gettext_lazy("quick effect"), "activation": gettext_lazy("card activation"),
    "continuous": gettext_lazy("continuous effect"), "flip": gettext_lazy("FLIP effect"),
    "s_trigger": gettext_lazy("S-Trigger"), "static": gettext_lazy("static ability"),
    "blocker": gettext_lazy("Blocker"), "ninja_strike": gettext_lazy("Ninja Strike"),
    "replacement": gettext_lazy("replacement effect"),
    "unreadable": gettext_lazy("part that could not be read"),
}
#: a trigger's wording as the card's words say it (YGO-MISS: "when" can miss the timing)
WORDING_WORDS = {
    "when": gettext_lazy("“When …” (can miss the timing)"),
    "if": gettext_lazy("“If …” (does not miss the timing)"),
    "during": gettext_lazy("“During …” (a phase)"),
    "each_time": gettext_lazy("“Each time …”"), "flip": gettext_lazy("“FLIP: …”"),
}
#: a trigger's wording as a one-line classification says it ("worded “when”")
WORDING_SAID = {
    "when": gettext_lazy("“when”"), "if": gettext_lazy("“if”"),
    "during": gettext_lazy("“during”"), "each_time": gettext_lazy("“each time”"),
    "flip": gettext_lazy("“FLIP”"),
}
#: what "once per turn" counts
ONCE_WORDS = {
    "card": gettext_lazy("this card, once per turn"),
    "name": gettext_lazy("by the card's name, once per turn"),
}


@dataclass
class Checked:
    """A candidate card and what is wrong with it: ``errors`` by form slot (``name_en``,
    ``level``, ``e0-operations``, ``card``...); ``card`` is the candidate with the broken
    parts left out, valid for the preview (None when even that fails)."""

    errors: dict[str, list[str]] = field(default_factory=dict)
    card: dict[str, Any] | None = None
    #: the form's number of each effect of the card (effects left out of it are skipped)
    numbers: list[int] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors

    def add(self, slot: str, message: str) -> None:
        self.errors.setdefault(slot, []).append(message)

    def renumbered(self) -> dict[str, list[str]]:
        """The errors with each effect numbered as in the card (the form drawn again holds
        only the effects kept)."""
        out: dict[str, list[str]] = {}
        for slot, messages in self.errors.items():
            m = re.fullmatch(r"e(\d+)-(\w+)", slot)
            if m and int(m.group(1)) in self.numbers:
                slot = f"e{self.numbers.index(int(m.group(1)))}-{m.group(2)}"
            out.setdefault(slot, []).extend(messages)
        return out


# ---------------------------------------------------------------- reading the text
def read(game: str, text: str) -> tuple[list[EffectReading], list[EffectMapping]]:
    """The text's effects as read, and each as a card file's effect (IllegalAction: a text
    that cannot be taken, with the limit named)."""
    readings = classify(game, text)
    return readings, [map_reading(game, r) for r in readings]


def reading_view(text: str, readings: list[EffectReading],
                 mappings: list[EffectMapping]) -> list[dict[str, Any]]:
    """What the page shows of each effect: its text cut into runs, the deciding words marked
    with the field they decided, its one-line classification, its rules and its problems."""
    out, cursor, tr = [], 0, translator()
    for reading, mapping in zip(readings, mappings, strict=True):
        start = text.find(reading.text, cursor)
        start = cursor if start < 0 else start
        cursor = start + len(reading.text)
        out.append({"runs": _runs(reading, start), "summary": summary(reading),
                    "rules": reading.rules, "kind": reading.kind,
                    "problems": [(PROBLEM_LABELS.get(part, part), worded(why, tr))
                                 for part, why in mapping.problems.items()]})
    return out


def _runs(reading: EffectReading, start: int) -> list[tuple[str, str]]:
    """The effect's text as (words, field) runs: each character marked with the narrowest
    span of the reading's ``because`` that covers it ("" for none)."""
    spans = sorted(reading.because, key=lambda b: b.end - b.start)
    marks = []
    for k in range(len(reading.text)):
        pos = start + k
        marks.append(next((b.field for b in spans if b.start <= pos < b.end), ""))
    runs: list[tuple[str, str]] = []
    for ch, mark in zip(reading.text, marks, strict=True):
        if runs and runs[-1][1] == mark:
            runs[-1] = (runs[-1][0] + ch, mark)
        else:
            runs.append((ch, mark))
    return runs


def summary(reading: EffectReading) -> str:
    """An effect's classification in one line: "Optional trigger worded “when”: can miss the
    timing (YGO-MISS)"."""
    kind = str(KIND_WORDS.get(reading.kind, reading.kind))
    if reading.optional is not None:
        kind = (_("Optional %(kind)s") if reading.optional else _("Mandatory %(kind)s")) % {
            "kind": kind}
    else:
        kind = kind[:1].upper() + kind[1:]
    if reading.wording:
        kind = _("%(kind)s worded %(wording)s") % {
            "kind": kind, "wording": str(WORDING_SAID.get(reading.wording, reading.wording))}
    if reading.kind == "unreadable":
        because = next((b.reason for b in reading.because if b.reason), "")
        return f"{kind}: {worded(because, translator())}" if because else kind
    if "YGO-MISS" in reading.rules:
        return _("%(kind)s: can miss the timing (YGO-MISS)") % {"kind": kind}
    if reading.kind == "trigger" and "YGO-WAIT" in reading.rules:
        return _("%(kind)s: does not miss the timing (YGO-WAIT)") % {"kind": kind}
    if reading.kind == "trigger" and "DM-WAIT" in reading.rules:
        return _("%(kind)s: waits as a pending ability (DM-WAIT)") % {"kind": kind}
    if reading.spell_speed:
        return _("%(kind)s, Spell Speed %(n)s") % {"kind": kind, "n": reading.spell_speed}
    return kind


# ---------------------------------------------------------------- the form
def choices(game: str) -> dict[str, Any]:
    """The values the form's selects offer: the card files' own vocabulary."""
    types = has(game).card_types
    subtypes = sorted({sub for kind in types for sub in has(game).subtypes[kind]})
    return {"types": types, "subtypes": subtypes,
            "kinds": tuple(k for k in EFFECT_KINDS if k in VOCABULARY_KINDS[game]),
            "wordings": WORDINGS, "stats": web(game).STAT_FIELDS,
            "flags": web(game).FLAGS, "yaml_fields": YAML_FIELDS}


def initial_card(game: str, text: str, mappings: list[EffectMapping],
                 name_en: str = "", name_ja: str = "") -> dict[str, Any]:
    """A card file's mapping prefilled from the reading: the type its effects suggest, the
    card flags and every effect that could be mapped."""
    effects = [m.effect for m in mappings if m.effect is not None]
    kinds = {m.reading.kind for m in mappings}
    initial = web(game).initial_card
    card: dict[str, Any] = (initial(kinds, text) if initial is not None
                            else {"type": has(game).card_types[0]})
    for m in mappings:
        card.update(m.flags)
    printed = card.pop("name", {})  # a name line of the pasted text, where it has one
    name_en = name_en or printed.get("en", "")
    name_ja = name_ja or printed.get("ja", "")
    if not name_en and not name_ja and translation.get_language() == "ja":
        # a card not named yet: its Japanese name in the Japanese field, the English one in
        # Latin letters (the English name's field is for Latin letters)
        name_ja = _("New card")
    if not name_en and translation.get_language() == "ja":
        with translation.override("en"):
            name_en = _("New card")
    name_en = name_en or _("New card")
    card.update(game=game, name={"en": name_en, **(
        {"ja": name_ja} if name_ja else {})}, text=text, effects=effects)
    return card


def form_values(card: dict[str, Any]) -> dict[str, Any]:
    """The form's fields for a card mapping (the reverse of :func:`card_from_form`)."""
    values: dict[str, Any] = {
        "name_en": card.get("name", {}).get("en", ""), "name_ja": card.get("name", {}).get(
            "ja", ""), "type": card.get("type", ""), "subtype": card.get("subtype", ""),
        "text": card.get("text", ""),
    }
    for key in web(card["game"]).STAT_FIELDS:
        value = card.get(key, "")
        values[key] = ", ".join(value) if isinstance(value, list) else value
    for key in web(card["game"]).FLAGS:
        values[key] = bool(card.get(key))
    values["effects"] = [_effect_values(e) for e in card.get("effects", [])]
    return values


def _effect_values(effect: dict[str, Any]) -> dict[str, Any]:
    """One effect's form fields: plain values, and its vocabulary fields as YAML lines."""
    values = {key: effect.get(key, "") for key in EFFECT_FIELDS if key not in YAML_FIELDS}
    values["optional"] = bool(effect.get("optional"))
    values["activate_from"] = _flow(effect.get("activate_from"))
    for key in YAML_FIELDS:
        values[key] = _flow(effect.get(key))
    return values


def _flow(value: Any) -> str:
    """A value as one line of YAML (flow style), or "" for none."""
    if value in (None, "", [], {}):
        return ""
    if isinstance(value, str):
        return value
    return yaml.safe_dump(value, default_flow_style=True, allow_unicode=True,
                          width=10_000, sort_keys=False).strip()


def card_from_form(game: str, post: Any) -> tuple[dict[str, Any], Checked]:
    """The candidate card mapping from the posted form, and the problems met reading it
    (a name too long, a number that is not one, YAML that cannot be read)."""
    checked = Checked()
    card: dict[str, Any] = {"game": game}  # its id is given when it is saved
    names = {}
    for lang in ("en", "ja"):
        name = " ".join(_text(post, f"name_{lang}", checked).split())
        if len(name) > MAX_NAME:
            checked.add(f"name_{lang}", _("A name has at most %(max)s characters; this one "
                                          "has %(n)s (limit MAX_NAME).") % {
                                              "max": MAX_NAME, "n": len(name)})
            name = name[:MAX_NAME]
        if name:
            names[lang] = name
    if not names.get("en"):
        checked.add("name_en", _("A card needs an English name (or any name in Latin "
                                 "letters): type one."))
    card["name"] = names
    for key in ("type", "subtype"):
        value = _text(post, key, checked)
        if value:
            card[key] = value
    _stats(game, post, card, checked)
    text = _text(post, "text", checked, _("The card's text"))
    if len(text) > MAX_STRING:
        checked.add("text", _("The text has %(n)s characters; at most %(max)s (limit "
                              "MAX_STRING).") % {"n": len(text), "max": MAX_STRING})
        text = text[:MAX_STRING]
    card["text"] = text.strip()
    card["effects"] = _effects_from_form(post, checked, game)
    return card, checked


def _text(post: Any, key: str, checked: Checked, label: Any = None) -> str:
    """The form field ``key`` as typed, when it may be stored and shown (no NUL nor other
    control character, no lone surrogate: engine.limits.check_text); else "", with the reason
    beside the field, naming it by its label."""
    value = str(post.get(key, ""))
    if label is None:
        label = CARD_LABELS.get(key, key)
    try:
        return check_text(value, str(label), max(len(value), 1))
    except LimitError as exc:
        checked.add(key, refusal_reason(exc))
        return ""


def effect_count(post: Any) -> int:
    """The number of effects the posted form holds (kept or not), within MAX_EFFECTS."""
    try:
        return max(0, min(int(post.get("effects", "0")), MAX_EFFECTS))
    except ValueError:
        return 0


def _stats(game: str, post: Any, card: dict[str, Any], checked: Checked) -> None:
    """The game's stats and flags from the form into ``card`` (a number that is not one is
    reported beside its field)."""
    for key in web(game).STAT_FIELDS:
        value = _text(post, key, checked).strip()[:MAX_NAME]
        if not value:
            continue
        if key in NUMBERS:
            if not re.fullmatch(r"-?[0-9]{1,9}", value):
                checked.add(key, _("Must be a whole number."))
                continue
            card[key] = int(value)
        elif key == "races":
            card[key] = [r.strip() for r in value.split(",") if r.strip()]
        else:
            card[key] = value
    for key in web(game).FLAGS:
        if post.get(key):
            card[key] = True


def _effects_from_form(post: Any, checked: Checked, game: str) -> list[dict[str, Any]]:
    """The effects kept on the card ("Put this effect on the card"), as card file mappings."""
    count = str(post.get("effects", "0"))
    if count.isascii() and count.isdigit() and int(count) > MAX_EFFECTS:
        checked.add("card", _("A card has at most %(max)s effects; this one has %(n)s (limit "
                              "MAX_EFFECTS).") % {"max": MAX_EFFECTS, "n": count})
    effects: list[dict[str, Any]] = []
    written = sum(len(str(post.get(f"e{k}-{key}", ""))) for k in range(effect_count(post))
                  if post.get(f"e{k}-include") for key in ("activate_from", *YAML_FIELDS))
    if written > MAX_FORM_YAML:  # none is parsed
        checked.add("card", _("The effects' YAML fields hold %(n)s characters in all; at most "
                              "%(max)s (limit MAX_FORM_YAML).") % {
                                  "n": written, "max": MAX_FORM_YAML})
        return effects
    # every YAML field of the form within one computing budget (MAX_FORM_CPU)
    with cpu_budget(MAX_FORM_CPU, _("the card's fields"), "MAX_FORM_CPU"):
        _read_effects(post, checked, game, effects)
    return effects


def _read_effects(post: Any, checked: Checked, game: str,
                  effects: list[dict[str, Any]]) -> None:
    for k in range(effect_count(post)):
        if not post.get(f"e{k}-include"):
            continue
        checked.numbers.append(k)
        effect: dict[str, Any] = {}
        for key in ("kind", "label", "wording", "once_per_turn"):
            if key not in effect_fields(game):
                continue  # a field the game does not honour is not on its form
            value = _text(post, f"e{k}-{key}", checked, EFFECT_LABELS[key]).strip()
            if value:
                effect[key] = value[:MAX_STRING]
        if effect.get("kind") not in NOT_ACTIVATED:  # a continuous effect has no "You can"
            effect["optional"] = bool(post.get(f"e{k}-optional"))
        for key in ("activate_from", *YAML_FIELDS):
            if key not in effect_fields(game):
                continue
            value = _yaml_field(str(post.get(f"e{k}-{key}", "")), f"e{k}-{key}", checked)
            if value not in (None, ""):
                effect[key] = value
        effects.append(effect)


def _yaml_field(text: str, slot: str, checked: Checked) -> Any:
    """One YAML field of an effect, read safely: its size and nesting checked on its text
    before it is parsed, then parsed with bounded nesting and at most MAX_FIELD_ITEMS values,
    aliases counted as what they stand for (engine.limits.load_yaml); a problem is reported
    beside the field."""
    if not text.strip():
        return None
    if len(text) > MAX_STRING:
        checked.add(slot, _("At most %(max)s characters (limit MAX_STRING).") % {
            "max": MAX_STRING})
        return None
    try:
        spend()  # the form's budget (a field once it is spent)
        return load_yaml(text, _("this field"), max_items=MAX_FIELD_ITEMS)
    except LimitError as exc:  # too deep, too many values (aliases too), the budget spent
        checked.add(slot, refusal_reason(exc))
        return None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = _(" at character %(n)s") % {"n": mark.column + 1} if mark else ""
        checked.add(slot, _("This YAML cannot be read%(where)s: %(problem)s") % {
            "where": where, "problem": getattr(exc, "problem", None) or exc})
        return None


# ---------------------------------------------------------------- checking
def check(card: dict[str, Any], checked: Checked | None = None) -> Checked:
    """The card files' checks on the candidate, each error beside its field: the card is
    checked, the part an error names is left out, and it is checked again, until it passes."""
    checked = checked or Checked()
    candidate = {"id": "custom_card", **copy.deepcopy(card)}
    seen: set[str] = set()
    # the rounds within one computing budget: each checks the whole card again
    with cpu_budget(MAX_FORM_CPU, _("the card's fields"), "MAX_FORM_CPU"):
        for _round in range(4 * (len(candidate.get("effects") or []) + 12)):
            try:
                parse_cards([candidate], file="the card", game_hint=candidate.get("game"))
            except CardDataError as exc:
                slot = slot_of(exc.field, checked.numbers)
                checked.add(slot, exc.message_in(translator()))  # in the reader's language
                if not _leave_out(candidate, exc.field or "", slot in seen):
                    return checked
                seen.add(slot)
            except LimitError as exc:  # the budget spent
                checked.add("card", refusal_reason(exc))
                return checked
            except (IllegalAction, TypeError, ValueError, AttributeError) as exc:
                checked.add("card", str(exc))
                return checked
            else:
                checked.card = candidate
                return checked
    return checked


def slot_of(path: str | None, numbers: list[int] | None = None) -> str:
    """The form slot of a card file's field path: ``effects[1].operations[0].op`` ->
    ``e1-operations`` (``numbers``: the form's number of each effect), ``name`` ->
    ``name_en``, ``level`` -> ``level``."""
    m = re.match(r"effects\[(\d+)\]\.?(\w*)", path or "")
    if m:
        k, key = int(m.group(1)), m.group(2)
        k = numbers[k] if numbers and k < len(numbers) else k
        return f"e{k}-{key}" if key in EFFECT_FIELDS else f"e{k}-kind"
    top = re.match(r"\w*", path or "").group(0)
    if top == "name":
        return "name_en"
    return top if top in {"type", "subtype", "text", *NUMBERS, *stat_fields()} else "card"


def _leave_out(card: dict[str, Any], path: str, again: bool) -> bool:
    """Leave out the part of ``card`` an error names (the whole effect when its error comes
    back, a placeholder for a required field); False when nothing more can be left out."""
    m = re.match(r"effects\[(\d+)\]\.?(\w*)", path)
    if m:
        k, key = int(m.group(1)), m.group(2)
        effects = card["effects"]
        plain = web(card.get("game")).PLAIN_KIND  # the kind that needs nothing
        if key in effects[k] and key != "kind" and not again:
            del effects[k][key]
        elif effects[k].get("kind") != plain:  # a field its kind needs: check the rest
            effects[k] = {**effects[k], "kind": plain}
        else:
            effects[k] = {"kind": plain}
        return True
    top = re.match(r"\w*", path).group(0)
    if top in ("id", "game") or (top == "type" and again):
        return False
    if top == "type":
        card["type"] = has(card["game"]).card_types[0]
    elif top == "name":
        card["name"] = {"en": "?"}
    elif top in card:
        del card[top]
    else:
        return False
    return True


# ---------------------------------------------------------------- preview and saving
def preview_duel(card: dict[str, Any]) -> tuple[Duel, int]:
    """A duel holding only this card, where the board would put it first, and its card
    number: the board's own tile is drawn from it."""
    game = card["game"]
    creature = card.get("type") in ("monster", "token", "creature", "evolution")
    zone = web(game).PREVIEW_ZONES[0 if creature else 1]
    duel = Duel(game, setup={"p1": {zone: [card["id"]]}}, cards=[card])
    return duel, next(iter(duel.state.cards))


def fresh_id(card: dict[str, Any], taken: set[str]) -> str:
    """An id made from the card's English name (snake_case), not the id of a built-in card
    nor of one in ``taken``: a number is added when it would be."""
    name = unicodedata.normalize("NFKD", card.get("name", {}).get("en", ""))
    base = re.sub(r"[^a-z0-9]+", "_", name.encode("ascii", "ignore").decode().lower())
    base = base.strip("_")[:60] or "custom_card"
    library = builtin_library()
    candidate, n = base, 1
    while candidate in taken or candidate in library:
        n += 1
        candidate = f"{base}_{n}"
    return candidate


def add_cards(board: Board, version: int, cards: list[dict[str, Any]]) -> list[str]:
    """Add card definitions to the board's custom cards (a change like any other: it bumps
    the board's version, and is refused as stale if the board moved on). Each card gets a
    fresh id when its id is taken; a card already on the board, the same in every field,
    is not added twice; a card that takes the name of another of the board's own cards is
    refused (on a board a name means one card). Returns the ids of the cards as they are on
    the board."""
    ids: list[str] = []

    def change(locked: Board, duel: Duel) -> None:
        existing = list(locked.data.get("cards") or [])
        saved = len(existing)
        taken = {c.get("id") for c in existing}
        for card in cards:
            # the same card (one without an id: the same apart from its id) is not added twice
            same = next((c for c in existing if c == card or "id" not in card
                         and {k: v for k, v in c.items() if k != "id"} == card), None)
            if same is not None:
                ids.append(same["id"])
                continue
            card = {**card, "id": card.get("id") if card.get("id") and card.get(
                "id") not in taken and card.get("id") not in builtin_library() else fresh_id(
                card, taken)}
            taken.add(card["id"])
            existing.append(card)
            ids.append(card["id"])
        if len(existing) > MAX_CUSTOM_CARDS:
            raise LimitError(_("The board would define %(n)s cards; at most %(max)s") % {
                "n": len(existing), "max": MAX_CUSTOM_CARDS}, "MAX_CUSTOM_CARDS")
        # the new cards were checked strictly (check); the board's and a saved card set's are
        # read as they were saved, so a set kept before a stricter check still loads
        defined = parse_cards(existing, file="the board's cards", game_hint=locked.game,
                              strict=False)
        # but on one board a name means one card: a new card may not take another's name
        one_card_per_name(defined[saved:], [None] * (len(defined) - saved),
                          file="the board's cards", before=defined[:saved])
        locked.data = {**locked.data, "cards": existing}
        duel.library = store.library_for(locked.data)

    store._apply_and_save(board, version, change)
    return ids


# ---------------------------------------------------------------- the form's fields
CARD_LABELS = {
    "name_en": gettext_lazy("Name (English or Latin letters)"),
    "name_ja": gettext_lazy("Name (Japanese)"), "type": gettext_lazy("Card type"),
    "subtype": gettext_lazy("Subtype"), "attribute": gettext_lazy("Attribute"),
    "race": gettext_lazy("Type (Dragon, Spellcaster...)"), "level": gettext_lazy("Level"),
    "atk": gettext_lazy("ATK"), "def": gettext_lazy("DEF"),
    "civilization": gettext_lazy("Civilization"),
    "races": gettext_lazy("Races (separated by commas)"), "cost": gettext_lazy("Cost"),
    "power": gettext_lazy("Power"), "blocker": gettext_lazy("Blocker"),
    "double_breaker": gettext_lazy("Double Breaker"),
}
#: the parts of an effect the reader reports a problem with, as the page names them
PROBLEM_LABELS = {
    "kind": gettext_lazy("Kind"), "event": gettext_lazy("Event"),
    "cost": gettext_lazy("Cost"), "targets": gettext_lazy("Targets"),
    "operations": gettext_lazy("Operations"), "condition": gettext_lazy("Condition"),
}
EFFECT_LABELS = {
    "include": gettext_lazy("Put this effect on the card"), "kind": gettext_lazy("Kind"),
    "label": gettext_lazy("Label (for the log)"), "wording": gettext_lazy("Wording"),
    "optional": gettext_lazy("Optional (“You can”, 「できる」, 「てもよい」)"),
    "once_per_turn": gettext_lazy("Once per turn"),
    "activate_from": gettext_lazy("Activated from (zones)"),
    "event": gettext_lazy("Event (YAML)"), "cost": gettext_lazy("Cost (YAML)"),
    "targets": gettext_lazy("Targets (YAML)"), "operations": gettext_lazy("Operations (YAML)"),
    "condition": gettext_lazy("Condition (YAML)"),
    "apply": gettext_lazy("Continuous effect: what it applies (YAML)"),
    "instead": gettext_lazy("Replacement: what happens instead (YAML)"),
    "respond_to": gettext_lazy("Activated in answer to (YAML)"),
    "phase": gettext_lazy("Phase (YAML)"),
}


#: the words of a select's values that the reader's language says otherwise (the card
#: types); any other value is shown as the card files write it
def type_words(game: str) -> dict[str, Any]:
    """The game's card types in the reader's language (its web data's ``TYPE_WORDS``: a
    message context and id for each)."""
    return {value: pgettext_lazy(context, word)
            for value, (context, word) in web(game).TYPE_WORDS.items()}


def field_words(game: str, key: str) -> dict[str, Any]:
    """The words of each value of a card field the form chooses from (an Attribute, a
    civilization), in the reader's language (its web data's ``FIELD_WORDS``)."""
    return {value: pgettext_lazy(context, word)
            for value, (context, word) in web(game).FIELD_WORDS.get(key, {}).items()}


def subtype_groups(game: str, card_type: str, value: str) -> list[tuple[Any, list]]:
    """The subtype select's options, grouped by card type ("Spell": Normal Spell, Quick-Play
    Spell...), each as (value, words, selected): the value chosen is selected in the group of
    the card's type (a subtype of several types is in each group)."""
    tr, words = translator(), type_words(game)
    groups = []
    for kind in has(game).card_types:
        subs = has(game).subtypes.get(kind, ())
        if not subs:
            continue
        options = [(sub, card_kind(SimpleNamespace(game=game, type=kind, subtype=sub), tr),
                    sub == value and kind == (card_type or has(game).card_types[0]))
                   for sub in subs]
        groups.append((words.get(kind, kind), options))
    return groups


def zone_options(game: str, value: str) -> tuple[tuple[str, Any], ...]:
    """Where an effect may be activated from: each zone of the game's mat by its name, and a
    list of zones already written ("[gy, banished, hand]") with their names."""
    tr = translator()
    zones = [zone for row in web(game).MAT for zone, _slots in row]
    options = [("", "")] + [(z, zone_name(z, tr)) for z in zones]
    if value and value not in zones:
        try:  # a list written before ("[gy, banished]"), each zone by its name
            listed = yaml.safe_load(value) if value.startswith("[") else [value]
        except yaml.YAMLError:
            listed = None
        words = (" · ".join(capfirst(zone_name(str(z), tr)) for z in listed)
                 if isinstance(listed, list) else value)  # what cannot be read, as typed
        options.append((value, words))
    return tuple(options)


def _field(name: str, label: Any, value: Any, widget: str, slot: str,
           errors: dict[str, list[str]], options: tuple = (),
           words: dict[str, Any] | None = None) -> dict[str, Any]:
    """One field to draw, with the errors of its slot; a select's options as (value, words)
    (a value with no words of its own is shown as written: a number, a name)."""
    return {"name": name, "label": label, "value": value, "widget": widget, "slot": slot,
            "errors": errors.get(slot, []),
            "options": tuple(o if isinstance(o, tuple) else (o, (words or {}).get(o, o))
                             for o in options)}


def form_fields(game: str, values: dict[str, Any], errors: dict[str, list[str]]
                ) -> dict[str, Any]:
    """The form as fields to draw (name, label, value, widget, options and the errors beside
    it): the card's, then each effect's."""
    opts = choices(game)
    card = [_field("name_en", CARD_LABELS["name_en"], values["name_en"], "text", "name_en",
                   errors),
            _field("name_ja", CARD_LABELS["name_ja"], values["name_ja"], "text", "name_ja",
                   errors),
            _field("type", CARD_LABELS["type"], values["type"], "select", "type", errors,
                   opts["types"], type_words(game)),
            dict(_field("subtype", CARD_LABELS["subtype"], values["subtype"], "select",
                        "subtype", errors),
                 groups=subtype_groups(game, values["type"], values["subtype"]))]
    for k in web(game).STAT_FIELDS:
        widget, options = ("number" if k in NUMBERS else "text"), ()
        words = field_words(game, k)
        if words:
            widget, options = "select", ("", *words)
        card.append(_field(k, CARD_LABELS[k], values.get(k, ""), widget, k, errors, options,
                           words))
    card += [_field(k, CARD_LABELS[k], values.get(k), "checkbox", k, errors)
             for k in web(game).FLAGS]
    effects = []
    for n, effect in enumerate(values["effects"]):
        fields = [_field(f"e{n}-include", EFFECT_LABELS["include"], True, "checkbox",
                         f"e{n}-include", errors)]
        for key in effect_fields(game):
            widget, options, words = "text", (), None
            if key == "kind":
                widget, options, words = "select", opts["kinds"], KIND_WORDS
            elif key == "wording":
                widget, options, words = "select", ("", *opts["wordings"]), WORDING_WORDS
            elif key == "once_per_turn":
                widget, options, words = "select", ("", "card", "name"), ONCE_WORDS
            elif key == "activate_from":
                widget, options = "select", zone_options(game, effect.get(key, ""))
            elif key == "optional":
                widget = "checkbox"
            elif key in YAML_FIELDS:
                widget = "yaml"
            fields.append(_field(f"e{n}-{key}", EFFECT_LABELS[key], effect.get(key, ""),
                                 widget, f"e{n}-{key}", errors, options, words))
        effects.append(fields)
    return {"card": card, "effects": effects}


def slots(game: str, effects: int) -> list[str]:
    """Every error slot of the form: the card's, the text's and each effect field's."""
    fields = form_fields(game, {"name_en": "", "name_ja": "", "type": "", "subtype": "",
                                "effects": [{}] * effects}, {})
    return ["card", "text"] + [f["slot"] for f in fields["card"]] + [
        f["slot"] for effect in fields["effects"] for f in effect]
