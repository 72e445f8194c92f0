"""Card and effect definitions, loaded from YAML and validated.

A card file is a YAML list of cards. Every card has an ``id``, a ``game``, names in English and
Japanese (French where a source gives one), its type and stats, its text, and ``effects``: the
structured form of that text in one small vocabulary shared by both games (see
``docs/cards.md``). The engine knows no card by name; everything a card does is here.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from .amounts import problem as amount_problem
from .errors import CardDataError
from .events import BOUNDS
from .games import game as registered
from .games import games, known, on_change
from .games import names as game_names
from .i18n import data_translations, pick, texts_of
from .limits import MAX_DEPTH, spend
from .log import with_article

DATA_DIR = Path(__file__).parent / "data"

EFFECT_KINDS = (
    "trigger",  # YGO trigger / trigger-like effect; DM triggered ability
    "ignition",  # YGO ignition effect (Spell Speed 1, Main Phase, open state)
    "quick",  # YGO quick effect (Spell Speed 2)
    "activation",  # the activation of a Spell/Trap card itself
    "continuous",  # YGO continuous effect / DM static ability
    "replacement",  # "if X would happen, instead Y"
    "s_trigger",  # DM Shield Trigger (S-Trigger)
    "ninja_strike",  # DM Ninja Strike declaration from the hand
    "procedure",  # YGO a monster's own Special Summon procedure: not an effect
)
#: "flip" ("FLIP: ...") and "each_time" ("Each time ...") keep their own names and behave
#: as "if" for missing the timing (YGO-MISS)
WORDINGS = ("when", "if", "during", "flip", "each_time")
CHECK_AT = ("event", "resolution", "both")
#: ``while:`` of a continuous stat change or protection: "while attacking", "while blocking",
#: and in Duel Masters "while tapped", "while untapped"
BATTLE_ROLES = ("attacking", "blocking")
WHILE = (*BATTLE_ROLES, "tapped", "untapped")


def subtypes_of(card_type: str) -> tuple[str, ...]:
    """The subtypes a card of ``card_type`` may take, over every registered game, the
    default first (a game's own list is ``Game.subtypes``)."""
    found: dict[str, None] = {}
    for spec in games():
        found.update(dict.fromkeys(spec.subtypes.get(card_type, ())))
    return tuple(found)


#: the card types and subtypes each game's cards take, as the card editor lists them
CARD_TYPES = {spec.name: spec.card_types for spec in games()}
GAME_SUBTYPES = {spec.name: dict(spec.subtypes) for spec in games()}
EFFECT_KEYS = {
    "kind", "label", "wording", "optional", "event", "phase", "activate_from", "speed",
    "once_per_turn", "cost", "targets", "operations", "respond_to", "same_link",
    "while_face_up", "condition", "apply", "instead", "text",
}
CARD_KEYS = {
    "id", "game", "name", "type", "subtype", "attribute", "race", "level", "atk", "def",
    "archetypes", "text", "effects", "civilization", "cost", "power", "races", "evolves_from",
    "double_breaker", "blocker", "note", "tuner", "rank", "link", "materials",
}
#: what a ``materials`` mapping may say (docs/cards.md, "Summon procedures")
MATERIAL_KEYS = {"min", "max", "filter", "tuner", "each"}
#: the Extra Deck monster kinds that have a stat of their own instead of a Level
RANK_OR_LINK = {"rank": "xyz", "link": "link"}


#: operations on a card's counters: ``counter`` (its name), ``count`` and, to add, ``max``
COUNTER_OPS = ("add_counter", "remove_counter")


def _counter_problem(op: dict[str, Any]) -> str | None:
    """What is wrong with an add_counter / remove_counter operation, the field first."""
    if not isinstance(op.get("counter"), str) or not op["counter"]:
        return "counter must name the counter (e.g. counter: spell)"
    for key in ("count", "max"):
        value = op.get(key, 1)
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            return f"{key} must be a whole number of at least 1"
    return None


class _LineLoader(yaml.SafeLoader):
    """A YAML loader that remembers the line of every mapping and of each of its keys.

    A safe loader that also refuses aliases (``*name``: a few hundred bytes of nested aliases
    expand to gigabytes) and nesting deeper than :data:`engine.limits.MAX_DEPTH`, both while
    composing, before anything is expanded; and checks the computing budget in force
    (:func:`engine.limits.cpu_budget`) every 64 nodes."""

    _depth = 0
    _nodes = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        self._nodes += 1
        if not self._nodes % 64:
            spend()
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.composer.ComposerError(
                None, None, "aliases (*name) are not allowed in an uploaded file",
                event.start_mark)
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise yaml.composer.ComposerError(
                    None, None, f"the data is nested more than {MAX_DEPTH} deep "
                    "(limit MAX_DEPTH)", self.peek_event().start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> dict[str, Any]:
    mapping = loader.construct_mapping(node, deep=True)
    lines = {str(k.value): k.start_mark.line + 1 for k, _ in node.value}
    mapping["__line__"] = node.start_mark.line + 1
    mapping["__lines__"] = lines
    return mapping


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


class _FileLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """The same lines, parsed by libyaml where PyYAML has it (several times faster): for the
    files the engine reads from disk (the built-in cards and scenarios, ``engine check``),
    written by whoever runs it; anything uploaded goes through :class:`_LineLoader`."""


_FileLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def load_yaml_with_lines(text: str, file: str, *, from_disk: bool = False) -> Any:
    """Parse YAML, recording line numbers; a syntax error names the file and line.
    ``from_disk``: a file of this machine's (see :class:`_FileLoader`), not an upload."""
    loader = _FileLoader if from_disk else _LineLoader
    try:
        return yaml.load(text, Loader=loader)  # noqa: S506 - SafeLoader subclasses
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark else None
        raise CardDataError(f"invalid YAML: {exc}", file=file, line=line) from exc
    except (ValueError, OverflowError, RecursionError) as exc:  # e.g. a date of month 13
        raise CardDataError(f"invalid YAML: {exc}", file=file) from None


def strip_lines(value: Any) -> Any:
    """Drop the recorded line numbers, giving plain data back."""
    if isinstance(value, dict):
        return {k: strip_lines(v) for k, v in value.items() if k not in ("__line__", "__lines__")}
    if isinstance(value, list):
        return [strip_lines(v) for v in value]
    return value


def line_of(mapping: Any, key: str | None = None) -> int | None:
    if not isinstance(mapping, dict):
        return None
    if key is not None and key in mapping.get("__lines__", {}):
        return mapping["__lines__"][key]
    return mapping.get("__line__")


@dataclass(frozen=True)
class EffectDef:
    """One effect of a card, in the shared vocabulary.

    ``wording`` and ``optional`` decide missing the timing (YGO-MISS, YGO-WAIT);
    ``event`` is the pattern a trigger waits for; ``phase`` a phase timing (YGO-PHASE);
    ``activate_from`` where the card must be (YGO-LOCATION); ``operations`` run at resolution,
    an operation with ``then: true`` starting a new instant (YGO-SEQUENCE).
    """

    index: int
    kind: str
    label: str = ""
    text: str = ""
    wording: str = "if"
    optional: bool = False
    event: tuple[dict[str, Any], ...] = ()
    phase: dict[str, Any] | None = None
    activate_from: tuple[str, ...] = ()
    speed: int = 1
    once_per_turn: str | None = None
    cost: tuple[dict[str, Any], ...] = ()
    targets: tuple[dict[str, Any], ...] = ()
    operations: tuple[dict[str, Any], ...] = ()
    respond_to: tuple[dict[str, Any], ...] = ()
    same_link: bool = False
    while_face_up: bool = False
    condition: tuple[dict[str, Any], ...] = ()
    apply: dict[str, Any] | None = None
    instead: dict[str, Any] | None = None
    #: the label by language (``label`` is the English one)
    labels: dict[str, str] = field(default_factory=dict, compare=False, hash=False)

    @property
    def is_trigger(self) -> bool:
        return self.kind == "trigger"

    @property
    def watches_self(self) -> bool:
        """True when every event pattern is about this card itself (or caused by it)."""
        return bool(self.event) and all(
            p.get("card") == "self" or p.get("by") == "self" for p in self.event
        )

    @property
    def summons_itself_from_hand(self) -> bool:
        """A trigger that Special Summons its own card from the hand (YGO-HAND-SELF-SUMMON)."""
        return "hand" in self.activate_from and any(
            op.get("op") == "special_summon" and op.get("card") == "self" for op in self.operations
        )


@dataclass(frozen=True)
class CardDef:
    """A card as printed: names, type, stats, text and structured effects."""

    id: str
    game: str
    name: dict[str, str]
    type: str
    subtype: str = ""
    attribute: str = ""
    race: str = ""
    level: int = 0
    atk: int = 0
    defense: int = 0
    archetypes: tuple[str, ...] = ()
    text: str = ""
    effects: tuple[EffectDef, ...] = ()
    civilization: str = ""
    cost: int = 0
    power: int = 0
    races: tuple[str, ...] = ()
    evolves_from: dict[str, Any] | None = None
    double_breaker: bool = False
    blocker: bool = False
    #: a Tuner (Synchro material); an Xyz Monster's Rank; a Link Monster's Link Rating
    tuner: bool = False
    rank: int = 0
    link: int = 0
    #: what an Extra Deck monster is summoned with (see :mod:`engine.summons`)
    materials: dict[str, Any] | None = None
    source: str = ""
    #: the card's text by language (``text`` is the English one, or the first given)
    texts: dict[str, str] = field(default_factory=dict, compare=False)
    #: what the structured effects leave out of the text, by language (``en`` at least),
    #: shown beside the card's text; empty when the effects do all the text says
    notes: dict[str, str] = field(default_factory=dict, compare=False)

    @property
    def en(self) -> str:
        return self.name["en"]

    def name_in(self, lang: str) -> str:
        """The card's name in ``lang``, or its English name when it has none."""
        return pick(self.name, lang)

    def display_name(self, lang: str = "en") -> str:
        return self.name.get(lang) or self.name["en"]

    def display_text(self, lang: str = "en") -> str:
        return self.texts.get(lang) or self.text

    @property
    def note(self) -> str:
        """The English note (what the effects leave out), or ""."""
        return self.notes.get("en", "")

    def display_note(self, lang: str = "en") -> str:
        """The note in ``lang``, or in English when it has none."""
        return pick(self.notes, lang)


def _as_tuple_of_maps(value: Any, err) -> tuple[dict[str, Any], ...]:
    if value is None:
        return ()
    if isinstance(value, dict):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        err("must be a mapping or a list of mappings")
    return tuple(strip_lines(v) for v in value)


def parse_card(raw: Any, *, file: str, game_hint: str | None = None,
               strict: bool = True) -> CardDef:
    """Validate one card mapping and build its :class:`CardDef`.

    ``strict`` (new input: a file, an upload, the card editor): every key and value is judged
    by the vocabulary (engine/vocabulary.py), refusing what the engine does not honour where
    it is; ``strict=False`` reads a card saved before (a board's, a link's) as it always was."""
    if not isinstance(raw, dict):
        raise CardDataError("each card must be a mapping", file=file)
    card_id = raw.get("id")

    def fail(message: str, field_name: str, mapping: Any = raw) -> None:
        raise CardDataError(
            message, file=file, line=line_of(mapping, field_name.split(".")[-1].split("[")[0]),
            card=str(card_id) if card_id else None, field=field_name,
        )

    if not isinstance(card_id, str) or not card_id:
        fail("a card needs a string id", "id")
    if strict and known(raw.get("game", game_hint)):
        from .vocabulary import card_problem

        problem = card_problem(raw, raw.get("game", game_hint))
        if problem is not None:
            raise CardDataError(problem.message, file=file, line=problem.line, card=card_id,
                                field=problem.field)
    for key in raw:
        if key not in CARD_KEYS and not key.startswith("__"):
            fail(f"unknown field {key!r}", key)
    game = raw.get("game", game_hint)
    if not known(game):
        fail(f"game must be one of {', '.join(game_names())}", "game")
    names = raw.get("name")
    if isinstance(names, str):
        names = {"en": names}
    if not isinstance(names, dict) or not isinstance(names.get("en"), str):
        fail("name needs at least an English name under 'en'", "name")
    names = {k: str(v) for k, v in strip_lines(names).items()}
    ctype = raw.get("type")
    types = registered(game).card_types
    if ctype not in types:
        fail(f"type must be one of {', '.join(types)}", "type")
    subtypes = subtypes_of(ctype)
    subtype = raw.get("subtype", subtypes[0])
    if subtype not in subtypes:
        fail(f"subtype of a {ctype} must be one of {', '.join(subtypes)}", "subtype")
    for num in ("level", "atk", "def", "cost", "power"):
        if num in raw and not isinstance(raw[num], int):
            fail("must be a whole number", num)
    for stat, kind in RANK_OR_LINK.items():
        if stat in raw and (raw[stat] is True or not isinstance(raw[stat], int)
                            or raw[stat] < 1):
            fail("must be a whole number of 1 or more", stat)
        if stat in raw and subtype != kind:
            fail(f"only {with_article(kind.capitalize())} Monster has a {stat}", stat)
    if "tuner" in raw and not isinstance(raw["tuner"], bool):
        fail("tuner must be true or false", "tuner")
    materials = _parse_materials(raw, subtype, fail)
    effects_raw = raw.get("effects") or []
    if not isinstance(effects_raw, list):
        fail("effects must be a list", "effects")
    effects = tuple(
        _parse_effect(e, i, game, ctype, subtype, file=file, card_id=card_id)
        for i, e in enumerate(effects_raw)
    )
    archetypes = raw.get("archetypes") or []
    races = raw.get("races") or []
    texts = strip_lines(raw.get("text", ""))
    if isinstance(texts, dict):
        if not texts or not all(isinstance(v, str) for v in texts.values()):
            fail("text is a string, or a mapping of languages to strings", "text")
        texts = {str(k): v.strip() for k, v in texts.items()}
    else:
        texts = {"en": str(texts).strip()} if texts else {}
    text = texts.get("en") or next(iter(texts.values()), "")
    notes: dict[str, str] = {}
    if raw.get("note") not in (None, ""):
        try:
            notes = {k: " ".join(v.split())
                     for k, v in texts_of(strip_lines(raw["note"]), "note").items()}
        except ValueError as exc:
            fail(str(exc), "note")
    return CardDef(
        id=card_id, game=game, name=names, type=ctype, subtype=subtype,
        attribute=str(raw.get("attribute", "")), race=str(raw.get("race", "")),
        level=raw.get("level", 0), atk=raw.get("atk", 0), defense=raw.get("def", 0),
        archetypes=tuple(str(a) for a in archetypes), text=text, texts=texts,
        effects=effects, civilization=str(raw.get("civilization", "")), cost=raw.get("cost", 0),
        power=raw.get("power", 0), races=tuple(str(r) for r in races),
        evolves_from=strip_lines(raw.get("evolves_from")),
        double_breaker=bool(raw.get("double_breaker", False)),
        blocker=bool(raw.get("blocker", False)), tuner=bool(raw.get("tuner", False)),
        rank=raw.get("rank", 0), link=raw.get("link", 0), materials=materials, source=file,
        notes=notes,
    )


def _parse_materials(raw: dict[str, Any], subtype: str, fail) -> dict[str, Any] | None:
    """Validate the ``materials`` of a Fusion, Synchro, Xyz or Link Monster."""
    if "materials" not in raw:
        return None
    from .summons import PROCEDURES, check_filter

    materials = strip_lines(raw["materials"])
    if subtype not in PROCEDURES:
        fail("only a Fusion, Synchro, Xyz or Link Monster has materials", "materials")
    if not isinstance(materials, dict):
        fail("materials must be a mapping", "materials")
    for key, value in materials.items():
        if key not in MATERIAL_KEYS:
            fail(f"unknown materials key {key!r}; known: {', '.join(sorted(MATERIAL_KEYS))}",
                 "materials")
        if key in ("min", "max") and (value is True or not isinstance(value, int) or value < 1):
            fail(f"materials {key} must be a whole number of 1 or more", "materials")
    filters = [materials.get("filter"), materials.get("tuner")]
    each = materials.get("each", [])
    if not isinstance(each, list) or not all(isinstance(f, dict) for f in each):
        fail("materials each must be a list of filters, one per material", "materials")
    for flt in filters + each:
        problem = check_filter(flt)
        if problem:
            fail(f"materials: {problem}", "materials")
    return materials


def _parse_effect(
    raw: Any, index: int, game: str, ctype: str, subtype: str, *, file: str, card_id: str
) -> EffectDef:
    from .operations import OPERATIONS  # the vocabulary beside its implementation

    where = f"effects[{index}]"

    def fail(message: str, key: str | None = None) -> None:
        raise CardDataError(
            message, file=file, line=line_of(raw, key), card=card_id,
            field=f"{where}.{key}" if key else where,
        )

    if not isinstance(raw, dict):
        fail("each effect must be a mapping")
    for key in raw:
        if key not in EFFECT_KEYS and not key.startswith("__"):
            fail(f"unknown field {key!r}", key)
    kind = raw.get("kind")
    if kind not in EFFECT_KINDS:
        fail(f"kind must be one of {', '.join(EFFECT_KINDS)}", "kind")
    wording = raw.get("wording", "if")
    if wording not in WORDINGS:
        fail(f"wording must be one of {', '.join(WORDINGS)}", "wording")
    optional = raw.get("optional", False)
    if not isinstance(optional, bool):
        fail("optional must be true or false", "optional")
    event = _as_tuple_of_maps(raw.get("event"), lambda m: fail(m, "event"))
    if kind == "trigger" and not event and not raw.get("phase"):
        fail("a trigger needs an event pattern or a phase", "event")
    phase = strip_lines(raw.get("phase"))
    if phase is not None and (not isinstance(phase, dict) or "name" not in phase):
        fail("phase needs a 'name'", "phase")
    activate_from = raw.get("activate_from")
    if activate_from is None:
        activate_from = registered(game).rules.default_activate_from(ctype)
    elif isinstance(activate_from, str):
        activate_from = (activate_from,)
    speed_default = registered(game).rules.default_speed(ctype, subtype, kind)
    speed = raw.get("speed", speed_default)
    if speed not in (0, 1, 2, 3):
        fail("speed must be 1, 2 or 3", "speed")
    once = raw.get("once_per_turn")
    if once is True:
        once = "card"
    if once not in (None, False, "card", "name"):
        fail("once_per_turn must be true, 'card' or 'name'", "once_per_turn")
    ops_by_key = {}
    for key in ("cost", "operations"):
        ops = tuple(_with_option_labels(op)
                    for op in _as_tuple_of_maps(raw.get(key), lambda m, k=key: fail(m, k)))
        for j, op in enumerate(ops):
            problem = _operation_problem(op, OPERATIONS)
            if problem is not None:
                raise CardDataError(problem[1], file=file, line=line_of(raw, key), card=card_id,
                                    field=f"{where}.{key}[{j}]{problem[0]}")
        ops_by_key[key] = ops
    if kind == "activation" and any(op.get("op") == "cast_spell"
                                    for op in ops_by_key["operations"]):
        fail("a spell cannot cast a spell while it resolves: cast_spell is for abilities",
             "operations")
    targets = _as_tuple_of_maps(raw.get("targets"), lambda m: fail(m, "targets"))
    for j, t in enumerate(targets):
        if "as" not in t:
            raise CardDataError(
                "each target needs a name under 'as'", file=file, line=line_of(raw, "targets"),
                card=card_id, field=f"{where}.targets[{j}].as",
            )
        if not isinstance(t.get("up_to", False), bool):
            raise CardDataError("up_to must be true or false", file=file,
                                line=line_of(raw, "targets"), card=card_id,
                                field=f"{where}.targets[{j}].up_to")
    if raw.get("apply") is not None and (problem := _apply_problem(raw["apply"])):
        raise CardDataError(problem[0], file=file, line=line_of(raw, "apply"), card=card_id,
                            field=f"{where}.apply.{problem[1]}")
    condition = _as_tuple_of_maps(raw.get("condition"), lambda m: fail(m, "condition"))
    for j, c in enumerate(condition):
        if "zone" in c and c.get("card", "self") not in ("self", "event_card"):
            raise CardDataError(
                "a zone condition is about card: self or card: event_card", file=file,
                line=line_of(raw, "condition"), card=card_id, field=f"{where}.condition[{j}].card")
        if c.get("at", "resolution") not in CHECK_AT:
            raise CardDataError(
                f"at must be one of {', '.join(CHECK_AT)}", file=file,
                line=line_of(raw, "condition"), card=card_id, field=f"{where}.condition[{j}].at",
            )
    from .protection import apply_problem, instead_problem

    problem = None
    if kind == "replacement":
        problem = instead_problem(strip_lines(raw.get("instead")), OPERATIONS)
    elif raw.get("apply") is not None:
        problem = apply_problem(strip_lines(raw.get("apply")))
    if problem:
        message, key = problem
        raise CardDataError(message, file=file, line=line_of(raw, key.split(".")[0]),
                            card=card_id, field=f"{where}.{key}")
    try:
        labels = texts_of(strip_lines(raw.get("label", "")), "label")
    except ValueError as exc:
        raise CardDataError(str(exc), file=file, line=line_of(raw, "label"), card=card_id,
                            field=f"{where}.label") from None
    return EffectDef(
        index=index, kind=kind, label=labels["en"], labels=labels, text=str(raw.get("text", "")),
        wording=wording, optional=optional, event=event, phase=phase,
        activate_from=tuple(activate_from), speed=speed, once_per_turn=once or None,
        cost=ops_by_key["cost"], targets=targets, operations=ops_by_key["operations"],
        respond_to=_as_tuple_of_maps(raw.get("respond_to"), lambda m: fail(m, "respond_to")),
        same_link=bool(raw.get("same_link", False)),
        while_face_up=bool(raw.get("while_face_up", False)), condition=condition,
        apply=strip_lines(raw.get("apply")), instead=strip_lines(raw.get("instead")),
    )


def _with_option_labels(op: dict[str, Any]) -> dict[str, Any]:
    """A ``choose_one`` whose option labels are given by language keeps the English one as
    the option's label (its answer in decisions) and all of them under ``labels``."""
    if op.get("op") != "choose_one" or not isinstance(op.get("options"), list):
        return op
    options = []
    for option in op["options"]:
        if isinstance(option, dict) and isinstance(option.get("label"), dict):
            try:
                labels = texts_of(strip_lines(option["label"]), "label")
                option = {**option, "label": labels["en"], "labels": labels}
            except ValueError:
                pass  # reported by the check of the options
        options.append(option)
    return {**op, "options": options}


def _operation_problem(op: dict[str, Any], known: dict[str, Any]) -> tuple[str, str] | None:
    """What is wrong with one operation, as (the field under it, the message), or None: an
    unknown operation, a ``choose_one`` whose options are not labelled lists of operations, a
    stat comparison that is neither a number nor a card reference, a bad ``amount``
    (engine/amounts.py) or ``until``."""
    from .operations import OP_CHECKS, UNTIL

    name = op.get("op")
    if name not in known:
        return ".op", f"unknown operation {name!r}; known: {', '.join(sorted(known))}"
    if "amount" in op and (why := amount_problem(op["amount"])):
        return ".amount", why
    if op.get("until", UNTIL[0]) not in UNTIL:
        return ".until", f"until must be one of {', '.join(UNTIL)}"
    if name in OP_CHECKS and (why := OP_CHECKS[name](op)):
        return "", f"{name}: {why}"
    if name in COUNTER_OPS and (why := _counter_problem(op)):
        return f".{why.split()[0]}", why
    for selector in ("choose", "all", "top", "random", "pick"):
        flt = (op.get(selector) or {}).get("filter") if isinstance(op.get(selector), dict) else {}
        for key, value in (flt or {}).items():
            if key in BOUNDS and (isinstance(value, bool) or not isinstance(value, (int, str))):
                return (f".{selector}.filter.{key}",
                        "a stat comparison is a number or a card (self, event_card, ...)")
    if name != "choose_one":
        return None
    options = op.get("options")
    if not isinstance(options, list) or not options or not all(
            isinstance(o, dict) and isinstance(o.get("label"), str)
            and isinstance(o.get("operations"), list) for o in options):
        return ".options", "choose_one needs options: a list of {label, operations}"
    if len({o["label"] for o in options}) != len(options):
        return ".options", "the options of choose_one need different labels"
    for i, option in enumerate(options):
        for j, inner in enumerate(option["operations"]):
            problem = _operation_problem(inner, known) if isinstance(inner, dict) else (
                "", "each operation must be a mapping")
            if problem is not None:
                return f".options[{i}].operations[{j}]{problem[0]}", problem[1]
    return None


def _apply_problem(apply: Any) -> tuple[str, str] | None:
    """What is wrong with a continuous stat change: ``atk``/``def``/``power`` (amounts) to the
    cards ``to`` names (``self``, ``equipped`` or ``{controller, filter, other}``), ``while``
    one of them is ``attacking``, ``blocking``, ``tapped`` or ``untapped``; None when nothing
    is."""
    if not isinstance(apply, dict):
        return "apply must be a mapping", "apply"
    for key in ("atk", "def", "power"):
        if key in apply and (why := amount_problem(apply[key])):
            return why, key
    if apply.get("to", "self") not in ("self", "equipped") and not isinstance(apply["to"], dict):
        return "to is self, equipped or a mapping {controller, filter, other}", "to"
    if apply.get("while", WHILE[0]) not in WHILE:
        return f"while must be one of {', '.join(WHILE)}", "while"
    return None


class Library:
    """A set of card definitions, found by id or by any of their names.

    A card added with ``replace=True`` is defined over the library (a scenario's, a board's,
    a link's or a card set's own card): it replaces the card of its id, and each of its names
    finds it, even where a card already here has that name (which stays found by its id).
    Cards added without it keep a name for the first card that has it."""

    def __init__(self, cards: list[CardDef] | None = None) -> None:
        self.cards: dict[str, CardDef] = {}
        self._by_name: dict[str, str] = {}
        self._translations: dict[str, dict[str, str]] = {}
        for card in cards or []:
            self.add(card)

    def add(self, card: CardDef, *, replace: bool = False) -> None:
        """Add a card; ``replace``: a card defined over this library, whose id and names
        find it from now on."""
        if card.id in self.cards and not replace:
            raise CardDataError(
                f"duplicate card id (already defined in {self.cards[card.id].source})",
                file=card.source, card=card.id, field="id",
            )
        self.cards[card.id] = card
        self._translations = {}
        for name in card.name.values():
            if replace:
                self._by_name[name.casefold()] = card.id
            else:
                self._by_name.setdefault(name.casefold(), card.id)

    def __contains__(self, card_id: str) -> bool:
        return card_id in self.cards

    def __getitem__(self, card_id: str) -> CardDef:
        return self.cards[card_id]

    def __iter__(self):
        return iter(self.cards.values())

    def __len__(self) -> int:
        return len(self.cards)

    def translations(self, lang: str) -> dict[str, str]:
        """The effect labels of these cards, English to ``lang``, where a card gives one
        (worked out once per language until a card is added; do not change the result)."""
        if lang not in self._translations:
            self._translations[lang] = self._find_translations(lang)
        return self._translations[lang]

    def _find_translations(self, lang: str) -> dict[str, str]:
        effects = [e for c in self.cards.values() for e in c.effects]
        options = [o.get("labels") or {} for e in effects for op in e.operations
                   if op.get("op") == "choose_one" for o in op.get("options", [])]
        return data_translations([*(e.labels for e in effects), *options], lang)

    def find(self, ref: str) -> CardDef | None:
        """A card by id or by one of its names (any language, case-insensitive)."""
        if ref in self.cards:
            return self.cards[ref]
        card_id = self._by_name.get(str(ref).casefold())
        return self.cards[card_id] if card_id else None

    def search(self, text: str, game: str | None = None) -> list[CardDef]:
        """Cards matching ``text`` in their id, names or card texts (any language), for the
        library panel: every word of ``text`` must be found, case- and width-insensitively
        (ＡＴＫ is ATK, ｶﾞｲｳｽ is ガイウス). Cards whose name matches come first, then those whose
        text does, each in library order."""
        words = _fold(text).split()
        by_name: list[CardDef] = []
        by_text: list[CardDef] = []
        for c in self.cards.values():
            if game is not None and c.game != game:
                continue
            names = _fold(" ".join([c.id, *c.name.values()]))
            if all(w in names for w in words):
                by_name.append(c)
            elif all(w in names or w in _fold(" ".join(c.texts.values())) for w in words):
                by_text.append(c)
        return by_name + by_text

    def copy(self) -> Library:
        """An independent copy: adding to it changes neither this library nor which card
        each name finds here."""
        other = Library()
        other.cards = dict(self.cards)
        other._by_name = dict(self._by_name)
        return other

    def shadows(self, card: CardDef) -> bool:
        """Whether ``card`` (of another library, the built-in one say) is hidden here: this
        library has another card of its id, or one of its names finds another card here."""
        return self.cards.get(card.id, card) is not card or any(
            self._by_name.get(name.casefold(), card.id) != card.id
            for name in card.name.values())


def _fold(text: str) -> str:
    """Text as searched: NFKC-normalised (full- and half-width forms alike), case-folded."""
    return unicodedata.normalize("NFKC", text).casefold()


def load_card_file(path: Path | str, *, game_hint: str | None = None) -> list[CardDef]:
    """Load and validate one card file."""
    path = Path(path)
    raw = load_yaml_with_lines(path.read_text(encoding="utf-8"), str(path), from_disk=True)
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise CardDataError("a card file is a list of cards", file=str(path), line=1)
    cards = [parse_card(item, file=str(path), game_hint=game_hint) for item in raw]
    one_card_per_name(cards, [line_of(item) for item in raw], file=str(path))
    return cards


def parse_cards(raw: Any, *, file: str, game_hint: str | None = None,
                strict: bool = True) -> list[CardDef]:
    """Validate inline card definitions (for example a scenario's ``cards`` block);
    ``strict=False`` for cards saved before (see :func:`parse_card`)."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise CardDataError("cards must be a list of cards", file=file, line=line_of(raw))
    cards = []
    for item in raw:
        spend()  # the computing budget in force, if any (engine.limits.cpu_budget)
        cards.append(parse_card(item, file=file, game_hint=game_hint, strict=strict))
    if strict:  # cards saved before keep opening (the last definition of a name wins)
        one_card_per_name(cards, [line_of(item) for item in raw], file=file)
    return cards


def one_card_per_name(cards: list[CardDef], lines: list[int | None], *, file: str,
                      before: tuple[CardDef, ...] | list[CardDef] = ()) -> None:
    """Refuse two different definitions of one name (in any language, case aside) or of one
    id among the cards of one file (a card file, a scenario's cards, a card set, a board's own
    cards): within it a name or an id means one card, the one played wherever it is used. The
    error names the file, the line of the second card (``lines``, one a card, None where
    unknown), both ids and the first card's line. ``before``: cards already there (a board's,
    saved before: not judged again), which the new ``cards`` may not contradict."""
    from .refusals import Refusal

    named: dict[str, tuple[CardDef, int | None]] = {}
    by_id: dict[str, tuple[CardDef, int | None]] = {}
    for card in before:
        by_id.setdefault(card.id, (card, None))
        for name in card.name.values():
            named.setdefault(name.casefold(), (card, None))
    for card, line in zip(cards, lines, strict=True):
        first = by_id.setdefault(card.id, (card, line))
        if first[0] != card:
            raise CardDataError(
                Refusal("card_id_twice", card=repr(card.id), line=first[1]) if first[1]
                else Refusal("card_id_twice_here", card=repr(card.id)),
                file=file, line=line, card=card.id, field="id")
        for name in card.name.values():
            first = named.setdefault(name.casefold(), (card, line))
            if first[0].id != card.id:
                params = {"name": repr(name), "first": repr(first[0].id)}
                raise CardDataError(
                    Refusal("card_name_twice", **params, line=first[1]) if first[1]
                    else Refusal("card_name_twice_here", **params),
                    file=file, line=line, card=card.id, field="name")


@cache
def builtin_library() -> Library:
    """Every built-in card of both games: ``engine/data/cards/<game>.yaml`` and the files of
    ``engine/data/cards/<game>/`` (one file per family of cards)."""
    library = Library()
    for spec in games():
        for path in spec.card_files():
            for card in load_card_file(path, game_hint=spec.name):
                library.add(card)
    return library


on_change(builtin_library.cache_clear)


def builtin_card_files(game: str | None = None) -> list[Path]:
    """The built-in card files, of one game or of every registered game."""
    return [path for spec in (games() if game is None else (registered(game),))
            for path in spec.card_files()]


def default_library(game: str | None = None) -> Library:
    """A fresh copy of the built-in library, to which scenario cards may be added."""
    return builtin_library().copy()


__all__ = [
    "CardDef", "EffectDef", "Library", "builtin_card_files", "builtin_library", "default_library",
    "load_card_file",
    "parse_cards",
]
