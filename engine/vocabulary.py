"""The vocabulary of card and scenario files, as data: for every mapping a file may hold, the
keys the engine honours there, the value each takes and what it does.

One :class:`Table` per mapping (a card, an effect, an event pattern, a filter, ``apply``,
``instead``, an operation and each operation's own keys, a selector, a target, a condition,
the settings, the set-up, a step and each action's keys, ``expect``...). The validators walk a
file through these tables (:func:`card_problem`, :func:`scenario_problem`) and refuse, naming
the field:

- a key the table does not list (``unknown key``);
- a key the table lists but the engine does not honour *there*: in the other game, in an
  effect of another kind, beside (or without) another key, or in a place where the engine does
  not read it (``then`` in a cost);
- a value of the wrong type or out of range.

Every message is a :class:`Said`: English text (what the tests and the command line read) that
keeps its template (:data:`MESSAGES`, message ids of the engine's catalogue) and values, so the
card editor and an upload show it in the reader's language. docs/cards.md and docs/scenarios.md
list exactly these keys (``tests/engine/test_docs_vocabulary.py`` compares them); a key marked
``text`` (names, texts, labels, notes, titles) changes no outcome, every other one changes an
outcome or the log in some built-in or test scenario (``tests/engine/test_vocabulary.py``).

The keys every game has are here; a game's own keys (a Yu-Gi-Oh! card's ``atk``, a Duel
Masters filter's ``tapped``), its actions of a step and its effect kinds are in its package's
``vocabulary`` module (``engine/games/<game>/vocabulary.py``), added to these tables for every
registered game when they are first read (:func:`_merge`), each honoured in that game alone.
A game's phases, card types and title come from its :class:`engine.games.Game`.

Only new input is judged this strictly: files, uploads, the card editor. A board or a link
saved before (its custom cards, its set-up and history) is read as it always was
(:func:`engine.cards.parse_cards` with ``strict=False``), so it keeps opening.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import Any

from .games import Game, default, games, known, names
from .games import game as registered
from .log import _fmt
from .refusals import Worded

# ---------------------------------------------------------------- the messages
#: the templates of the messages (message ids of the engine's catalogue)
MESSAGES: dict[str, str] = {
    "unknown_key": "unknown key {key} in {what}; known: {known}",
    "not_in_game": "{key} is not honoured in {what} of {game}; known there: {known}",
    "not_for_kind": "{key} is not honoured in an effect of kind {kind}; known there: {known}",
    "not_in_place": "{key} is not honoured in {what} {place}",
    "only_beside": "{key} is honoured in {what} only beside {other}",
    "not_beside": "{key} is not honoured in {what} beside {other}",
    "wrong_value": "{key} must be {value}",
    "needs_key": "{what} needs {key}",
    "unknown_op": "unknown operation {name}; known: {known}",
    # what a value must be
    "v_bool": "true or false",
    "v_int": "a whole number",
    "v_int_from": "a whole number of {lo} or more",
    "v_int_range": "a whole number from {lo} to {hi}",
    "v_text": "text",
    "v_texts": "text, or a mapping of languages ({langs}) with at least en",
    "v_one_of": "one of {values}",
    "v_list": "a list of {item}",
    "v_one_or_list": "{item}, or a list of them",
    "v_either": "{first}, or {second}",
    "v_mapping": "a mapping",
    "v_scalar": "text, a number, or true or false",
    # where a key is not honoured
    "in_cost": "(in a cost)",
    "in_instead": "(in what happens instead)",
    "in_option": "(in an option of choose_one)",
    # the prefix of a data error, in the reader's language
    "where_card": "card {card}",
    "where_step": "step {step}",
    "where_field": "field {field}",
}
#: the names of the mappings, as the messages say them (message ids too)
WHATS: list[str] = []
#: the other phrases the messages use (message ids too)
PHRASES = ["a text by language", "a zone", "an operation", "a card",
           "a number or a card (self, event_card, ...)", "an event type",
           "a rule id or a text the refusal's reason contains, or a list of them"]


class Said(Worded):
    """A message of :data:`MESSAGES` with its values, in English as a ``str``; ``worded(tr)``
    words it in the translator's language (values that are :class:`Worded` too)."""

    key: str
    params: dict[str, Any]

    def __new__(cls, key: str, /, **params: Any) -> Said:
        obj = super().__new__(cls, _fmt(MESSAGES[key], {k: str(v) for k, v in params.items()}),
                              lambda tr: _fmt(tr(MESSAGES[key]), {
                                  k: v.worded(tr) if isinstance(v, Worded) else str(v)
                                  for k, v in params.items()}))
        obj.key = key
        obj.params = params
        return obj


def _word(text: str) -> Worded:
    """A phrase translated as it is (a mapping's name)."""
    return Worded(text, lambda tr: tr(text))


def _listed(values: Iterable[Any]) -> str:
    return ", ".join(str(v) for v in values)


# ---------------------------------------------------------------- where a value is
@dataclass(frozen=True)
class At:
    """Where a value is being checked: its path from the file's top (``effects[0].apply.to``),
    its key, the line of the mapping holding it, and what decides what is honoured there: the
    game, the effect's kind, the place of an operation."""

    path: str = ""
    key: str = ""
    line: int | None = None
    game: str = field(default_factory=default)
    kind: str = ""
    place: str = "operations"

    def child(self, key: str | int, mapping: Any = None) -> At:
        if isinstance(key, int):
            return replace(self, path=f"{self.path}[{key}]", line=_line(mapping, None, self.line))
        path = f"{self.path}.{key}" if self.path else key
        return replace(self, path=path, key=key, line=_line(mapping, key, self.line))


def _line(mapping: Any, key: str | None, default: int | None) -> int | None:
    if not isinstance(mapping, dict):
        return default
    if key is not None and key in mapping.get("__lines__", {}):
        return mapping["__lines__"][key]
    return mapping.get("__line__", default)


@dataclass(frozen=True)
class Problem:
    """What is wrong: the field (its path), the message, the line of the file."""

    field: str
    message: Said
    line: int | None = None


def _wrong(at: At, value: Value) -> Problem:
    return Problem(at.path, Said("wrong_value", key=at.key or at.path, value=value.said()),
                   at.line)


# ---------------------------------------------------------------- values
class Value:
    """What a key takes. ``check`` returns the problem of a value, or None."""

    def check(self, value: Any, at: At) -> Problem | None:
        raise NotImplementedError

    def said(self) -> Worded:
        raise NotImplementedError

    def tables(self) -> list[str]:
        """The tables of the mappings this value holds (for walking the vocabulary)."""
        return []

    def doc(self) -> str:
        """What it takes, as the docs say it (a mapping by its name)."""
        return str(self.said())


class Bool(Value):
    def check(self, value: Any, at: At) -> Problem | None:
        return None if isinstance(value, bool) else _wrong(at, self)

    def said(self) -> Worded:
        return Said("v_bool")


class Int(Value):
    def __init__(self, lo: int | None = None, hi: int | None = None) -> None:
        self.lo, self.hi = lo, hi

    def check(self, value: Any, at: At) -> Problem | None:
        if isinstance(value, bool) or not isinstance(value, int):
            return _wrong(at, self)
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            return _wrong(at, self)
        return None

    def said(self) -> Worded:
        if self.lo is not None and self.hi is not None:
            return Said("v_int_range", lo=self.lo, hi=self.hi)
        if self.lo is not None:
            return Said("v_int_from", lo=self.lo)
        return Said("v_int")


class Text(Value):
    def check(self, value: Any, at: At) -> Problem | None:
        return None if isinstance(value, str) else _wrong(at, self)

    def said(self) -> Worded:
        return Said("v_text")


class Scalar(Value):
    """A plain value compared as it is: text, a number, true or false."""

    def check(self, value: Any, at: At) -> Problem | None:
        return None if isinstance(value, (str, int, bool)) else _wrong(at, self)

    def said(self) -> Worded:
        return Said("v_scalar")


class Texts(Value):
    """Text, or ``{en: ..., ja: ..., fr: ...}`` (``en`` needed)."""

    def check(self, value: Any, at: At) -> Problem | None:
        from .i18n import LANGUAGES

        if isinstance(value, str):
            return None
        if not isinstance(value, dict) or not isinstance(value.get("en"), str):
            return _wrong(at, self)
        for lang, text in value.items():
            if str(lang).startswith("__"):
                continue
            if lang not in LANGUAGES:
                return Problem(f"{at.path}.{lang}", Said(
                    "unknown_key", key=lang, what=_word("a text by language"),
                    known=_listed(LANGUAGES)), _line(value, lang, at.line))
            if not isinstance(text, str):
                return _wrong(at.child(lang, value), Text())
        return None

    def said(self) -> Worded:
        from .i18n import LANGUAGES

        return Said("v_texts", langs=_listed(LANGUAGES))


class OneOf(Value):
    """One of some values; ``by_game``: the values honoured in each game, when they differ."""

    def __init__(self, *values: Any, by_game: dict[str, Iterable[Any]] | None = None) -> None:
        self.values = tuple(values)
        self.by_game = {g: tuple(v) for g, v in (by_game or {}).items()}

    def allowed(self, game: str) -> tuple[Any, ...]:
        return self.by_game.get(game, self.values) if self.by_game else self.values

    def check(self, value: Any, at: At) -> Problem | None:
        allowed = self.allowed(at.game)
        if not any(type(v) is type(value) and v == value for v in allowed):
            return Problem(at.path, Said("wrong_value", key=at.key or at.path,
                                         value=Said("v_one_of", values=_listed(allowed))),
                           at.line)
        return None

    def said(self) -> Worded:
        values = self.values or tuple(dict.fromkeys(v for vs in self.by_game.values()
                                                    for v in vs))
        return Said("v_one_of", values=_listed("null" if v is None else v for v in values))

    def doc(self) -> str:
        if self.by_game:
            return "; ".join(f"{_title(g)}: {_listed(vs)}" for g, vs in self.by_game.items())
        if self.values == (None,):
            return "null"
        if len(self.values) == 1:
            return str(self.values[0])
        return str(self.said())


class Zone(OneOf):
    """A zone of the game, by any of its names (``graveyard`` / ``gy``...)."""

    def __init__(self, *, aliases: bool = True, extra: tuple[str, ...] = ()) -> None:
        self.aliases, self.extra = aliases, extra
        super().__init__()

    def allowed(self, game: str) -> tuple[Any, ...]:
        from .rules import policy_for

        policy = policy_for(game)
        names = [*policy.ZONES, *self.extra]
        return tuple(names + list(policy.ZONE_ALIASES) if self.aliases else names)

    def said(self) -> Worded:
        return _word("a zone")


class ByGame(OneOf):
    """One of the values each registered game honours, read from the game when asked:
    ``of(game)`` gives its own (its phases, its card types, its effect kinds)."""

    def __init__(self, of: Callable[[Game], Iterable[Any]]) -> None:
        self.values = ()
        self.of = of

    @property  # type: ignore[override]
    def by_game(self) -> dict[str, tuple[Any, ...]]:
        return {spec.name: tuple(self.of(spec)) for spec in games()}

    def allowed(self, game: str) -> tuple[Any, ...]:
        return tuple(self.of(registered(game))) if known(game) else ()


class EveryGame(OneOf):
    """One of the values any registered game has: ``of(game)`` gives a game's own."""

    def __init__(self, of: Callable[[Game], Iterable[Any]]) -> None:
        self.by_game = {}
        self.of = of

    @property  # type: ignore[override]
    def values(self) -> tuple[Any, ...]:
        return tuple(dict.fromkeys(v for spec in games() for v in self.of(spec)))


class GameName(OneOf):
    """The name of a registered game (engine.games)."""

    def __init__(self) -> None:
        self.by_game = {}

    @property  # type: ignore[override]
    def values(self) -> tuple[Any, ...]:
        return names()


class ListOf(Value):
    def __init__(self, item: Value) -> None:
        self.item = item

    def check(self, value: Any, at: At) -> Problem | None:
        if not isinstance(value, list):
            return _wrong(at, self)
        for i, item in enumerate(value):
            problem = self.item.check(item, at.child(i, item))
            if problem is not None:
                return problem
        return None

    def said(self) -> Worded:
        return Said("v_list", item=self.item.said())

    def tables(self) -> list[str]:
        return self.item.tables()

    def doc(self) -> str:
        return f"a list of {self.item.doc()}"


class OneOrList(ListOf):
    """One value, or a list of them."""

    def check(self, value: Any, at: At) -> Problem | None:
        if isinstance(value, list):
            return super().check(value, at)
        if isinstance(value, dict):  # one mapping is read as a list of one
            return self.item.check(value, at.child(0, value))
        return self.item.check(value, at)

    def said(self) -> Worded:
        return Said("v_one_or_list", item=self.item.said())

    def doc(self) -> str:
        return f"{self.item.doc()}, or a list of them"


class Either(Value):
    """The first value that fits; the problem of the last one tried otherwise."""

    def __init__(self, *values: Value) -> None:
        self.values = values

    def check(self, value: Any, at: At) -> Problem | None:
        deepest = None  # the problem found inside the value (a mapping's own) says more
        for option in self.values:
            if isinstance(option, Map) and not isinstance(value, dict):
                continue
            problem = option.check(value, at)
            if problem is None:
                return None
            if problem.field != at.path and (deepest is None
                                              or len(problem.field) > len(deepest.field)):
                deepest = problem
        return deepest or _wrong(at, self)

    def said(self) -> Worded:
        first, *rest = self.values
        said = first.said()
        for option in rest:
            said = Said("v_either", first=said, second=option.said())
        return said

    def tables(self) -> list[str]:
        return [t for v in self.values for t in v.tables()]

    def doc(self) -> str:
        return ", or ".join(v.doc() for v in self.values)


class Check(Value):
    """A value checked by a function of the engine (an amount, a filter's stat comparison):
    ``problem(value)`` returns the English reason, or None."""

    def __init__(self, problem: Callable[[Any], str | None], said: str) -> None:
        self.problem, self.text = problem, said

    def check(self, value: Any, at: At) -> Problem | None:
        return _wrong(at, self) if self.problem(value) else None

    def said(self) -> Worded:
        return _word(self.text)


class InPlace(Value):
    """Operations in a place of their own (a cost, what happens instead, a mode's options),
    where some keys of an operation are not honoured."""

    def __init__(self, value: Value, place: str) -> None:
        self.value, self.place = value, place

    def check(self, value: Any, at: At) -> Problem | None:
        return self.value.check(value, replace(at, place=self.place))

    def said(self) -> Worded:
        return self.value.said()

    def tables(self) -> list[str]:
        return self.value.tables()

    def doc(self) -> str:
        return self.value.doc()


class Described(Value):
    """A value whose wrong form is said in words of its own."""

    def __init__(self, value: Value, said: str) -> None:
        self.value, self.text = value, said

    def check(self, value: Any, at: At) -> Problem | None:
        return _wrong(at, self) if self.value.check(value, at) is not None else None

    def said(self) -> Worded:
        return _word(self.text)

    def tables(self) -> list[str]:
        return self.value.tables()


class Map(Value):
    """A mapping checked by its table."""

    def __init__(self, table: str) -> None:
        self.table = table

    def check(self, value: Any, at: At) -> Problem | None:
        if not isinstance(value, dict):
            return _wrong(at, self)
        return _TABLES[self.table].check(value, at)

    def said(self) -> Worded:
        return Said("v_mapping")

    def tables(self) -> list[str]:
        return [self.table]

    def doc(self) -> str:
        return _TABLES[self.table].what


class Dict(Value):
    """A mapping whose keys are the file's own (card names, counter names): each key passes
    ``keys``, each value ``value``."""

    def __init__(self, value: Value, keys: Value | None = None, names: str = "names") -> None:
        self.value, self.keys, self.names = value, keys, names

    def check(self, value: Any, at: At) -> Problem | None:
        if not isinstance(value, dict):
            return _wrong(at, Map(""))
        for key, item in value.items():
            if str(key).startswith("__"):
                continue
            if self.keys is not None and (problem := self.keys.check(key, at.child(key, value))):
                return problem
            if problem := self.value.check(item, at.child(key, value)):
                return problem
        return None

    def said(self) -> Worded:
        return Said("v_mapping")

    def tables(self) -> list[str]:
        return self.value.tables()

    def doc(self) -> str:
        names = self.keys.doc() if self.keys is not None else self.names
        return f"a mapping of ({names}) to ({self.value.doc()})"


# ---------------------------------------------------------------- keys and tables
@dataclass(frozen=True)
class Key:
    """One key of a mapping: the value it takes and what it does (a line of the docs).

    ``text``: a name, text, label, note or title (it changes no outcome). ``only``: the games
    that alone honour it (a key of a game's own vocabulary; every game when empty), and
    ``games`` the games that honour it. ``kinds``: the effect kinds that honour it (any when
    None), ``not_kinds``: those that do not. ``places``: the places of an operation where it
    is honoured (``operations``, ``cost``, ``instead``, ``option``). ``beside``: honoured only
    beside one of these keys of the same mapping; ``not_beside``: not honoured beside any of
    these."""

    value: Value
    means: str
    text: bool = False
    only: tuple[str, ...] = ()
    kinds: tuple[str, ...] | None = None
    not_kinds: tuple[str, ...] = ()
    places: tuple[str, ...] | None = None
    beside: tuple[str, ...] = ()
    not_beside: tuple[str, ...] = ()
    #: a key the mapping must have
    required: bool = False

    @property
    def games(self) -> tuple[str, ...]:
        return self.only or names()


@dataclass
class Table:
    """The keys one mapping honours. ``what`` names the mapping in messages ("an effect");
    ``doc`` is the file that documents it; ``dynamic`` checks the keys the file names itself
    (the zones of a set-up's side); ``rules`` a check across keys."""

    name: str
    what: str
    doc: str
    keys: dict[str, Key]
    dynamic: Callable[[str, Any, At], Problem | None] | None = None
    rules: Callable[[dict[str, Any], At], Problem | None] | None = None
    #: what the mapping itself says about where its keys are (an effect's kind, a card's game)
    context: Callable[[dict[str, Any], At], At] | None = None
    #: the keys a mapping adds by what it is (an operation's own keys, by its ``op``); None:
    #: a mapping not described yet, whose other keys are not judged
    more: Callable[[dict[str, Any], At], dict[str, Key] | None] | None = None

    def honoured(self, at: At, keys: dict[str, Key] | None = None) -> dict[str, Key]:
        """The keys honoured where ``at`` is (the game, the effect's kind, the place)."""
        _merge()
        return {k: key for k, key in (keys or self.keys).items() if _honours(key, at)}

    def check(self, mapping: dict[str, Any], at: At) -> Problem | None:
        _merge()
        what = _word(self.what)
        if self.context is not None:
            at = self.context(mapping, at)
        keys = self.keys
        if self.more is not None:
            more = self.more(mapping, at)
            if more is None:  # not described (yet): only the keys it shares are judged
                return self._values(mapping, at, self.keys)
            keys = {**self.keys, **more}
        honoured = self.honoured(at, keys)
        for name in mapping:
            if str(name).startswith("__"):
                continue
            here = at.child(name, mapping)
            key = keys.get(name)
            if key is None:
                if self.dynamic is not None:
                    problem = self.dynamic(name, mapping[name], here)
                    if problem is not None:
                        return problem
                    continue
                return Problem(here.path, Said("unknown_key", key=name, what=what,
                                               known=_listed(honoured)), here.line)
            problem = _not_honoured(name, key, mapping, here, what, honoured)
            if problem is not None:
                return problem
        for name, key in honoured.items():
            if key.required and name not in mapping:
                return Problem(at.child(name).path, Said("needs_key", what=what, key=name),
                               at.line)
        return self._values(mapping, at, keys)

    def _values(self, mapping: dict[str, Any], at: At, keys: dict[str, Key]) -> Problem | None:
        for name in mapping:
            if name in keys and not str(name).startswith("__"):
                problem = keys[name].value.check(mapping[name], at.child(name, mapping))
                if problem is not None:
                    return problem
        return self.rules(mapping, at) if self.rules is not None else None


def _honours(key: Key, at: At) -> bool:
    return ((not key.only or at.game in key.only) and _for_kind(key, at.kind)
            and (key.places is None or at.place in key.places))


def _for_kind(key: Key, kind: str) -> bool:
    return (key.kinds is None or kind in key.kinds) and kind not in key.not_kinds


PLACES = {"cost": "in_cost", "instead": "in_instead", "option": "in_option"}


def _not_honoured(name: str, key: Key, mapping: dict[str, Any], at: At, what: Worded,
                  honoured: dict[str, Key]) -> Problem | None:
    known = _listed(honoured)
    if key.only and at.game not in key.only:
        return Problem(at.path, Said("not_in_game", key=name, what=what,
                                     game=_title(at.game), known=known), at.line)
    if not _for_kind(key, at.kind):
        return Problem(at.path, Said("not_for_kind", key=name, kind=at.kind, known=known),
                       at.line)
    if key.places is not None and at.place not in key.places:
        return Problem(at.path, Said("not_in_place", key=name, what=what,
                                     place=Said(PLACES.get(at.place, "in_cost"))), at.line)
    if key.beside and not any(k in mapping for k in key.beside):
        return Problem(at.path, Said("only_beside", key=name, what=what,
                                     other=_listed(key.beside)), at.line)
    clash = next((k for k in key.not_beside if k in mapping), None)
    if clash is not None:
        return Problem(at.path, Said("not_beside", key=name, what=what, other=clash), at.line)
    return None


#: the tables by name (``TABLES``, with every registered game's own keys in them)
_TABLES: dict[str, Table] = {}


def table(name: str, what: str, doc: str, keys: dict[str, Key], **extra: Any) -> Table:
    _TABLES[name] = Table(name, what, doc, keys, **extra)
    if what not in WHATS:
        WHATS.append(what)
    return _TABLES[name]


CARDS_MD = "docs/cards.md"
SCENARIOS_MD = "docs/scenarios.md"


# ---------------------------------------------------------------- values the tables share
def _stat_bound(value: Any) -> str | None:
    return None if isinstance(value, (int, str)) and not isinstance(value, bool) else "no"


def _amount(value: Any) -> str | None:
    from .amounts import problem

    return problem(value)


YOU_OPPONENT_ANY = OneOf("you", "opponent", "any")
SELF_OTHER = OneOf("self", "other")
PLAYER_KEY = OneOf("p1", "p2")
CARD_REF = Text()
TEXTS = Texts()
BOOL = Bool()
COUNT = Int(1)
NAMES = OneOrList(Text())
ZONES = OneOrList(Zone())
#: the zones an event says a card left or went to (their own names, no other spelling)
EVENT_ZONES = OneOrList(Zone(aliases=False, extra=("under",)))
FILTER = Map("filter")
AMOUNT = Either(Int(), Map("amount"))
#: a card type, a subtype of any registered game (a filter or an event names any game's)
CARD_TYPES_ALL = EveryGame(lambda spec: spec.card_types)
SUBTYPES_ALL = EveryGame(lambda spec: (sub for kind in spec.card_types
                                       for sub in spec.subtypes.get(kind, ())))
SUMMON_KINDS = ("normal", "tribute", "special", "flip", "fusion", "synchro", "xyz", "link",
                "ritual", "summon", "cast", "effect", "s_trigger", "ninja_strike")
CAUSES = ("effect", "cost", "battle", "rule", "summon", "damage", "break", "charge")
MATERIAL_KINDS = ("fusion", "synchro", "xyz", "link", "ritual", "any")
#: a phase (or step of the turn) of the game
PHASES = ByGame(lambda spec: spec.phases)
#: the effect kinds, by game (``EFFECT_KINDS``: each game's vocabulary's own)
_EFFECT_KINDS: dict[str, tuple[str, ...]] = {}
#: the effect kinds that start no resolution of their own: what they do is in ``apply`` /
#: ``instead``
STANDING = ("continuous", "replacement")
STATS = ("atk", "def", "level", "power", "cost")


def K(value: Value, means: str, **extra: Any) -> Key:  # noqa: N802 - reads as a table row
    return Key(value, means, **extra)


def _own(spec: Game, name: str, empty: Any = ()) -> Any:
    """What a game's own vocabulary (its package's ``vocabulary`` module) says under ``name``;
    ``empty`` when it says nothing or has no such module."""
    module = _vocabulary_of(spec)
    return getattr(module, name, empty) if module is not None else empty


def _vocabulary_of(spec: Game) -> ModuleType | None:
    try:
        return spec.module("vocabulary")
    except ModuleNotFoundError as missing:
        if missing.name != f"{spec.package}.vocabulary":
            raise
        return None


def _title(game: str) -> str:
    """A game's name as its players write it ("Yu-Gi-Oh!")."""
    return registered(game).title if known(game) else game


# ---------------------------------------------------------------- a card
table("card", "a card", CARDS_MD, {
    "id": K(Text(), "its id: unique, snake_case", required=True),
    "game": K(GameName(), "the name of its game (the file's game when absent)"),
    "name": K(TEXTS, "its name, or its names by language", text=True, required=True),
    "type": K(ByGame(lambda spec: spec.card_types), "its card type", required=True),
    "subtype": K(SUBTYPES_ALL, "its kind within its type"),
    "text": K(TEXTS, "its printed text", text=True),
    "note": K(TEXTS, "what its structured effects leave out", text=True),
    "effects": K(ListOf(Map("effect")), "its effects, in the shared vocabulary"),
})

table("materials", "materials", CARDS_MD, {
    "min": K(COUNT, "the fewest materials"),
    "max": K(COUNT, "the most materials"),
    "filter": K(FILTER, "each material (a Synchro Monster's non-Tuners)"),
    "tuner": K(FILTER, "a Synchro Monster's Tuner"),
    "each": K(ListOf(FILTER), "a Fusion Monster's materials, one filter each"),
})

# ---------------------------------------------------------------- an effect
table("effect", "an effect", CARDS_MD, {
    "kind": K(ByGame(lambda spec: _own(spec, "EFFECT_KINDS")), "what sort of effect it is",
              required=True),
    "label": K(TEXTS, "a short name for the log", text=True),
    "text": K(Text(), "the effect's own line of card text", text=True),
    "optional": K(BOOL, "\"you can\" / \"you may\"", not_kinds=("continuous",)),
    "event": K(OneOrList(Map("event")), "the event pattern a trigger waits for",
               not_kinds=STANDING),
    "activate_from": K(ZONES, "the zones its card must be in",
                       not_kinds=(*STANDING, "s_trigger", "ninja_strike")),
    "cost": K(InPlace(OneOrList(Map("operation")), "cost"), "operations paid at activation",
              not_kinds=STANDING),
    "targets": K(OneOrList(Map("target")), "targets chosen at activation", not_kinds=STANDING),
    "operations": K(InPlace(OneOrList(Map("operation")), "operations"),
                    "what it does at resolution", not_kinds=STANDING),
    "condition": K(OneOrList(Map("condition")), "conditions checked at the event or at "
                   "resolution", not_kinds=STANDING),
    "apply": K(Map("apply"), "a continuous effect", kinds=("continuous",)),
    "instead": K(Map("instead"), "a replacement effect", kinds=("replacement",),
                 required=True),
})

# ---------------------------------------------------------------- event patterns and filters
class EventType(OneOf):
    """An event type the engine emits (engine/events.py EVENT_TYPES)."""

    def allowed(self, game: str) -> tuple[Any, ...]:
        from .events import EVENT_TYPES

        return tuple(sorted(EVENT_TYPES))

    def said(self) -> Worded:
        return _word("an event type")


#: the marks of a card a condition's ``source_flag`` may compare
SOURCE_FLAGS = ("came_by", "summoned")
table("event", "an event pattern", CARDS_MD, {
    "type": K(OneOrList(EventType()), "its type is this one (or one of this list)",
              required=True),
    "card": K(SELF_OTHER, "self: it is about this card; other: about another card"),
    "by": K(SELF_OTHER, "self: this card caused it; other: another card did"),
    "cause": K(OneOrList(OneOf(*CAUSES)), "how it happened"),
    "from": K(EVENT_ZONES, "the zone the card left"),
    "to": K(EVENT_ZONES, "the zone the card went to"),
    "how": K(OneOrList(OneOf(*SUMMON_KINDS)), "how a card was summoned or put into the battle "
             "zone"),
    "phase": K(OneOrList(PHASES), "the phase (phase_start)"),
    "card_type": K(OneOrList(CARD_TYPES_ALL), "the kind of card activated"),
    "destroyed": K(BOOL, "true: the card went there by being destroyed"),
    "direct": K(BOOL, "true: a direct attack"),
    "min_link": K(COUNT, "the chain link is at least this number"),
    "player": K(YOU_OPPONENT_ANY, "the player it happened to"),
    "by_player": K(YOU_OPPONENT_ANY, "the player whose card or rule caused it"),
    "filter": K(FILTER, "a filter on the card it is about, as it was just before"),
    "by_filter": K(FILTER, "a filter on the card that caused it"),
    "target": K(OneOf("self"), "self: this card is the attack target"),
    "as_material": K(OneOf(*MATERIAL_KINDS), "the card was sent as material"),
    "attacker": K(OneOf("opponent"), "opponent: an opponent's monster or creature attacks"),
})

FILTER_KEYS: dict[str, Key] = {
    "name": K(NAMES, "its English name or id (or one of a list)"),
    "not_name": K(NAMES, 'not this English name or id (nor one of a list): "except \"X\""'),
    "type": K(OneOrList(CARD_TYPES_ALL), "its card type"),
    "subtype": K(OneOrList(SUBTYPES_ALL), "its subtype"),
    "race": K(NAMES, "its Type (Yu-Gi-Oh!) or one of its races (Duel Masters)"),
    "controller": K(YOU_OPPONENT_ANY, "who controls it"),
    "face_up": K(BOOL, "face-up (true) or face-down (false)"),
    "summoned": K(OneOrList(OneOf(*SUMMON_KINDS)), "how it was summoned"),
    "other": K(BOOL, "true: not the card itself"),
    "has_effects": K(BOOL, "it has effects (true) or none (false)"),
}
table("filter", "a filter", CARDS_MD, FILTER_KEYS)


def stat_bounds(*stats: str) -> dict[str, Key]:
    """A filter's comparisons of these stats (``atk_max``, ``power_more_than``...), for a
    game's own filter keys (engine/events.py BOUNDS)."""
    return {f"{stat}_{how}": K(Check(_stat_bound, "a number or a card (self, event_card, ...)"),
                               f"its {stat} compared with a number or a card's ({how})")
            for stat in stats for how in ("max", "min", "less_than", "more_than")}


table("phase", "a phase timing", CARDS_MD, {
    "name": K(PHASES, "the phase", required=True),
    "whose": K(YOU_OPPONENT_ANY, "whose turn it is (any by default)"),
})

# ---------------------------------------------------------------- targets and conditions
#: the fields of an event a condition may compare (engine/events.py make_event and the moves)
EVENT_FIELDS = ("type", "cause", "how", "phase", "card_type", "subtype", "direct", "destroyed",
                "first_this_turn", "last", "as_material", "from", "to", "stat", "amount", "link",
                "speed", "procedure", "negated", "no_effect")

table("target", "a target", CARDS_MD, {
    "as": K(Text(), "the name the operations use for it", required=True),
    "zone": K(ZONES, "where it is"),
    "controller": K(YOU_OPPONENT_ANY, "who controls it"),
    "filter": K(FILTER, "what it must be"),
    "count": K(COUNT, "how many"),
    "up_to": K(BOOL, "true: 1 to count"),
    "other": K(BOOL, "true: not the card itself"),
    "attacking": K(BOOL, "true: the monster or creature attacking now (\"the attacking "
                         "monster\")"),
})

table("condition", "a condition", CARDS_MD, {
    "at": K(OneOf("event", "resolution", "both"), "when it is checked (resolution by default)"),
    "event": K(Dict(Scalar(), keys=OneOf(*EVENT_FIELDS)),
               "fields of the triggering event, each equal to its value"),
    "count": K(Map("count"), "how many cards a selector finds"),
    "source_flag": K(Dict(Scalar(), keys=OneOf(*SOURCE_FLAGS)),
                     "marks on the card itself: how it came (came_by: ninja_strike), how it was "
                     "summoned (summoned: special)"),
    "this_turn": K(OneOrList(OneOf("normal_summoned", "special_summoned", "flipped",
                                   "destroyed_by_battle")),
                   "what happened to the card itself this turn (one of a list): Normal "
                   "Summoned, Special Summoned, flipped face-up, or it destroyed a monster by "
                   "battle"),
    "card": K(OneOf("self", "event_card"), "the card a zone condition is about",
              beside=("zone",)),
    "zone": K(ZONES, "that card is in this zone"),
    "text": K(Text(), "how the card says it", text=True),
})

table("count", "a count condition", CARDS_MD, {
    "zone": K(ZONES, "where the cards are"),
    "controller": K(YOU_OPPONENT_ANY, "who controls them"),
    "filter": K(FILTER, "what they are"),
    "other": K(BOOL, "true: not the card itself"),
    "min": K(Int(0), "at least this many"),
    "max": K(Int(0), "at most this many"),
})

table("amount", "an amount", CARDS_MD, {
    "count": K(Map("counted"), "a selector: the number of cards it finds"),
    "stat": K(OneOf(*STATS), "a card's stat"),
    "of": K(CARD_REF, "the card whose stat it is (self by default)", beside=("stat",)),
    "original": K(BOOL, "true: the printed value", beside=("stat",)),
    "lp": K(OneOf("you", "opponent"), "a player's Life Points"),
    "half": K(BOOL, "true: half of it, rounded down"),
    "times": K(Int(), "multiplied by (1 by default)"),
    "plus": K(Int(), "added (0 by default)"),
})

table("counted", "the cards an amount counts", CARDS_MD, {
    "zone": K(ZONES, "where they are"),
    "controller": K(YOU_OPPONENT_ANY, "who controls them"),
    "filter": K(FILTER, "what they are"),
    "other": K(BOOL, "true: not the card itself"),
})

# ---------------------------------------------------------------- continuous and replacement
STAT_KEYS = ("atk", "def", "power")


def _apply_rules(apply: dict[str, Any], at: At) -> Problem | None:
    """``to:`` of a protection may name a zone; a stat change applies on the field only."""
    to = apply.get("to")
    if isinstance(to, dict) and "zone" in to and "cannot" not in apply:
        here = at.child("to", apply).child("zone", to)
        return Problem(here.path, Said("only_beside", key="zone", what=_word("apply"),
                                       other="cannot"), here.line)
    return None


table("apply", "apply", CARDS_MD, {
    "rule": K(OneOf("unique_names"), "a rule of its own: unique_names"),
    "to": K(Either(OneOf("self", "equipped"), Map("apply_to")),
            "the cards it applies to: self, equipped or {zone, controller, filter, other}",
            beside=(*STAT_KEYS, "cannot", "cannot_attack")),
    "while": K(ByGame(lambda spec: _own(spec, "WHILE")),
               "only while the card it applies to attacks, blocks, is tapped or is untapped",
               beside=(*STAT_KEYS, "cannot")),
    "cannot": K(OneOf("destroyed", "targeted", "chosen"), "a protection"),
    "by": K(OneOf("battle", "effect", "any", "opponent"), "what it is protected from",
            beside=("cannot",)),
    "negate": K(Map("negated"), "the effects of those cards are negated"),
    "cannot_activate": K(Map("forbidden"), "those cards cannot be activated"),
}, rules=_apply_rules)

table("apply_to", "the cards apply names", CARDS_MD, {
    "zone": K(ZONES, "where they are (a protection)"),
    "controller": K(YOU_OPPONENT_ANY, "who controls them"),
    "filter": K(FILTER, "what they are"),
    "other": K(BOOL, "true: not the card itself"),
})

table("negated", "the cards negate names", CARDS_MD, {  # never the card itself
    "zone": K(ZONES, "where they are (the field by default)"),
    "controller": K(YOU_OPPONENT_ANY, "who controls them"),
    "filter": K(FILTER, "what they are"),
})

table("forbidden", "the cards cannot_activate names", CARDS_MD, {
    "controller": K(YOU_OPPONENT_ANY, "who controls them"),
    "filter": K(FILTER, "what they are"),
})

table("instead", "instead", CARDS_MD, {
    "when": K(OneOf("destroyed", "sent_to_gy", "left_field", "shield_broken"),
              "the event replaced", required=True),
    "cause": K(OneOf("battle", "effect"), "only a destruction by battle or by an effect"),
    "of": K(Either(OneOf("self"), Map("covered")), "the cards it covers (self by default)"),
    "to": K(Zone(), "the zone the card goes to instead", not_beside=("operations",)),
    "operations": K(InPlace(ListOf(Map("operation")), "instead"), "what happens instead"),
})

table("covered", "the cards instead covers", CARDS_MD, {
    "zone": K(ZONES, "where they are (the field by default)"),
    "controller": K(YOU_OPPONENT_ANY, "who controls them"),
    "filter": K(FILTER, "what they are"),
    "other": K(BOOL, "true: not the card itself"),
})

# ---------------------------------------------------------------- operations
class OpName(Value):
    """An operation's name: one of engine/operations.py OPERATIONS."""

    def check(self, value: Any, at: At) -> Problem | None:
        from .operations import OPERATIONS

        if not isinstance(value, str) or value not in OPERATIONS:
            return Problem(at.path, Said("unknown_op", name=repr(value),
                                         known=_listed(sorted(OPERATIONS))), at.line)
        return None

    def said(self) -> Worded:
        return _word("an operation")


PLAYERS = OneOf("you", "opponent", "both", "event_player")
#: keys of an operation whatever it is; ``then``, ``if_done`` and ``if_card`` only where an
#: effect resolves its operations one by one (not in a cost, what happens instead or a mode)
table("operation", "an operation", CARDS_MD, {
    "op": K(OpName(), "the operation", required=True),
    "then": K(BOOL, "true: it happens at a new instant, after the one before it, and in "
                    "Yu-Gi-Oh! only if that one did something (YGO-SEQUENCE)",
              places=("operations",)),
    "if_done": K(BOOL, "true: only if the operation before it did something (\"and if you "
                       "do\"; the log says when it does not happen)",
                 places=("operations",)),
    "if_card": K(Map("if_card"), "only if that target passes the filter",
                 places=("operations",)),
})

SELECTORS: dict[str, Key] = {
    "card": K(CARD_REF, "self, event_card, attacker, battled, equipped or a target's name"),
    "all": K(Map("all"), "every matching card", not_beside=("card",)),
    "top": K(Map("top"), "the top cards of a deck", not_beside=("card", "all")),
    "random": K(Map("random"), "cards picked at random", not_beside=("card", "all", "top")),
    "choose": K(Map("choose"), "the chooser picks at resolution (in what happens instead: "
                               "the replacement's controller, before anything moves)",
                not_beside=("card", "all", "top", "random")),
}


def _with_selector(**own: Key) -> dict[str, Key]:
    return {**SELECTORS, **own}


AMOUNT_KEY = K(AMOUNT, "a number, or a computed amount", required=True)
#: the operations that take a selector and nothing else (one table: the same keys, read by
#: the same function, engine.operations.select)
SELECTOR_ONLY = _with_selector()
#: each operation's own keys (``OP_KEYS``, with every registered game's own keys in them)
_OP_KEYS: dict[str, dict[str, Key]] = {
    **{name: SELECTOR_ONLY for name in (
        "destroy", "send_to_gy", "banish", "return_to_hand", "add_to_hand", "discard",
        "tribute", "put_into_mana", "add_shield", "equip",
        "tap", "untap", "break_shield", "battle", "cast_spell")},
    # each with keys of its own in a game's vocabulary (OP_KEYS)
    **{name: _with_selector() for name in ("put_into_battle", "put_into_deck")},
    "protect": _with_selector(cannot=K(ByGame(lambda spec: _own(spec, "PROTECT")),
                                       "what it no longer does, or is no longer done to it, "
                                       "this turn", required=True)),
    "banish_when_leaves": SELECTOR_ONLY,
    "negate_effects": _with_selector(until=K(OneOf("end_of_turn", "leaves_field"),
                                             "how long it lasts")),
    "special_summon": _with_selector(position=K(OneOf("attack", "defense"),
                                                "its battle position (attack by default)")),
    "summon_token": {
        "token": K(Text(), "the token's card id or name", required=True),
        "count": K(COUNT, "how many"),
        "player": K(PLAYERS, "whose field (you by default)"),
        "position": K(OneOf("attack", "defense"), "its battle position (defense by default)"),
    },
    "draw": {"count": K(COUNT, "how many cards"), "player": K(PLAYERS, "who draws")},
    **dict.fromkeys(("gain_lp", "lose_lp", "damage", "pay_lp"),
                    {"player": K(PLAYERS, "whose LP"), "amount": AMOUNT_KEY}),
    "change_control": _with_selector(to=K(OneOf("you", "opponent", "event_player"),
                                          "who takes control (you by default)")),
    "swap_control": {"zone": K(ZONES, "where the monsters are (monster by default)"),
                     "filter": K(FILTER, "what they are")},
    "change_position": _with_selector(to=K(OneOf("attack", "defense", "face_down", "face_up"),
                                           "the position (the other one by default; "
                                           "face_down: face-down Defense Position; face_up: "
                                           "flipped face-up in its position)")),
    **dict.fromkeys(("modify_stat", "power"), _with_selector(
        stat=K(OneOrList(OneOf("atk", "def", "power")), "the stat, or a list of them"),
        amount=AMOUNT_KEY,
        until=K(OneOf("end_of_turn", "end_of_attack", "leaves_field"), "how long it lasts"))),
    **dict.fromkeys(("negate_activation", "negate_effect"), {
        "destroy": K(BOOL, "true: then destroy its card"),
        "banish": K(BOOL, "true: then banish its card")}),
    "negate_summon": {"destroy": K(BOOL, "true: then destroy the monster"),
                      "banish": K(BOOL, "true: then banish the monster")},
    "nothing": {},
    "negate_attack": {"end_battle_phase": K(BOOL, "true: then the Battle Phase ends")},
    "change_damage": {
        "player": K(PLAYERS, "whose damage (you by default)"),
        "cause": K(OneOf("battle", "effect", "any"), "which damage: battle, effect or any "
                                                    "(any by default)"),
        "becomes": K(OneOf("zero", "half"), "what it becomes: zero (by default) or half "
                                            "(rounded up)"),
        "until": K(OneOf("end_of_turn", "end_of_attack"), "how long it lasts (end_of_turn by "
                                                          "default)"),
    },
    "add_counter": _with_selector(
        counter=K(Text(), "the counter's name (spell)", required=True),
        count=K(COUNT, "how many"), max=K(COUNT, "the most the card may hold")),
    "remove_counter": _with_selector(
        counter=K(Text(), "the counter's name (spell)", required=True),
        count=K(COUNT, "how many")),
    "detach": {"card": SELECTORS["card"], "choose": SELECTORS["choose"],
               "count": K(COUNT, "how many Xyz Materials")},
    "fusion_summon": {
        "choose": K(Map("summoned_monster"), "which Fusion Monster may be summoned"),
        "materials_from": K(OneOrList(OneOf("hand", "monster")), "where the materials are"),
    },
    "ritual_summon": {
        "choose": K(Map("summoned_monster"), "which Ritual Monster may be summoned"),
        "tribute_from": K(OneOrList(OneOf("hand", "monster")), "where the tributes are"),
        "levels": K(OneOf("at_least", "equal"), "the tributes' Levels reach or equal its Level"),
    },
    "choose_one": {"options": K(ListOf(Map("option")), "the modes", required=True)},
    "look_at_top": {
        "count": K(COUNT, "how many cards of the top of the deck"),
        "pick": K(Map("pick"), "which of them are taken, and where to"),
        "rest": K(OneOf("bottom", "top"), "where the others go (bottom by default)"),
    },
}
_TABLES["operation"].more = lambda op, at: _OP_KEYS.get(op.get("op"))  # type: ignore[misc]

SELECTOR_BASE = {
    "zone": K(ZONES, "where the cards are (monster by default)"),
    "controller": K(YOU_OPPONENT_ANY, "who controls them (any by default)"),
    "filter": K(FILTER, "what they are"),
    "other": K(BOOL, "true: not the card itself"),
    "as": K(Text(), "a name for the cards picked, for the operations after it"),
}
table("choose", "choose", CARDS_MD, {
    **SELECTOR_BASE,
    "count": K(COUNT, "how many"),
    "up_to": K(BOOL, "true: 0 to count"),
    "chooser": K(OneOf("you", "opponent", "event_player"), "who chooses (you by default)"),
    "relative": K(OneOf("chooser"), "chooser: controller is read from the chooser's side"),
})
table("all", "all", CARDS_MD, {
    **SELECTOR_BASE,
})
table("top", "top", CARDS_MD, {
    "zone": SELECTOR_BASE["zone"], "controller": SELECTOR_BASE["controller"],
    "count": K(COUNT, "how many"), "as": SELECTOR_BASE["as"]})
table("random", "random", CARDS_MD, {
    **{k: v for k, v in SELECTOR_BASE.items() if k != "other"}, "count": K(COUNT, "how many")})
table("summoned_monster", "the monster a Fusion or Ritual Summon may summon", CARDS_MD, {
    "filter": K(FILTER, "what it is"),
})
table("if_card", "if_card", CARDS_MD, {
    "card": K(CARD_REF, "the target's name", required=True),
    "filter": K(FILTER, "what it must be"),
})
table("pick", "pick", CARDS_MD, {
    "count": K(COUNT, "how many may be taken"),
    "up_to": K(BOOL, "true (the default): 0 to count"),
    "to": K(Zone(), "where they go (the hand by default)"),
    "filter": K(FILTER, "what may be taken"),
})
table("option", "an option of choose_one", CARDS_MD, {
    "label": K(TEXTS, "its label: the answer that picks it", text=True, required=True),
    "operations": K(InPlace(ListOf(Map("operation")), "option"), "what it does",
                    required=True),
})

_TABLES["card"].context = lambda card, at: replace(  # type: ignore[misc]
    at, game=card["game"] if known(card.get("game")) else at.game)
_TABLES["effect"].context = lambda effect, at: replace(  # type: ignore[misc]
    at, kind=str(effect.get("kind", "")), place="operations")


def card_problem(raw: dict[str, Any], game: str) -> Problem | None:
    """The first key or value of a card mapping the vocabulary refuses, or None."""
    return _TABLES["card"].check(raw, At(game=game, line=_line(raw, None, None)))


# ================================================================ scenario files
class Cards(Value):
    """A scenario's ``cards:``: each checked as a card (:func:`card_problem`) by
    :func:`engine.cards.parse_cards`, which names the card."""

    def check(self, value: Any, at: At) -> Problem | None:
        return None if value is None or isinstance(value, list) else _wrong(at, self)

    def said(self) -> Worded:
        return Said("v_list", item=_word("a card"))

    def tables(self) -> list[str]:
        return ["card"]


REF = Either(Text(), Int(0))  # a card of the table: its name, alias, p2:Name, Name#2 or number
RULE_IDS = OneOrList(Text())

table("scenario", "a scenario", SCENARIOS_MD, {
    "game": K(GameName(), "the name of its game", required=True),
    "title": K(TEXTS, "the board's title", text=True, required=True),
    "question": K(TEXTS, "what the scenario asks", text=True),
    "explanation": K(TEXTS, "its answer", text=True),
    "description": K(TEXTS, "the older spelling of explanation", text=True),
    "source": K(Text(), "where the ruling comes from", text=True),
    "rules": K(ListOf(Text()), "the rule ids it teaches", text=True),
    "settings": K(Either(Map("settings"), OneOf(None)), "the rule settings"),
    "cards": K(Cards(), "inline card definitions"),
    "setup": K(Either(Map("setup"), OneOf(None)), "the board before the first step",
               required=True),
    "steps": K(ListOf(Map("step")), "what is played, in order", required=True),
    "expect": K(Either(Map("expect"), OneOf(None)), "what must come out", required=True),
    "auto": K(BOOL, "true: answer every decision the steps leave open with its default"),
})

table("settings", "the settings", SCENARIOS_MD, {
    "unlimited_zones": K(BOOL, "true: zones hold any number of cards"),
})

table("setup", "the set-up", SCENARIOS_MD, {
    "turn_player": K(PLAYER_KEY, "p1 or p2"),
    "phase": K(PHASES, "the phase"),
    "turn": K(Int(1), "the turn number (1 by default)"),
    "p1": K(Either(Map("side"), OneOf(None)), "Player 1's zones and LP"),
    "p2": K(Either(Map("side"), OneOf(None)), "Player 2's zones and LP"),
})


def _side_zone(name: str, value: Any, at: At) -> Problem | None:
    """A side of the set-up names its zones: each a list of cards."""
    zone = Zone()
    if zone.check(name, at) is not None:
        return Problem(at.path, Said("unknown_key", key=name, what=_word("a side of the set-up"),
                                     known=_listed(("lp", *zone.allowed(at.game)))), at.line)
    return Either(ListOf(Either(Text(), Map("setup_card"))), OneOf(None)).check(value, at)


table("side", "a side of the set-up", SCENARIOS_MD, {
    "lp": K(Int(0), "the life points"),
}, dynamic=_side_zone)

SETUP_CARD = {
    "card": K(Text(), "the card's name or id", required=True),
    "as": K(Text(), "an alias used by later steps and by expect"),
    "face_up": K(BOOL, "false: face-down"),
    "summoned": K(OneOf(*SUMMON_KINDS), "how it got there (for \"a Special Summoned monster\")"),
    "under": K(ListOf(Text()), "the cards under it (Xyz Materials, evolution sources)"),
}
table("setup_card", "a card of the set-up", SCENARIOS_MD, SETUP_CARD)

# ---------------------------------------------------------------- steps
STEP_COMMON = {
    "auto": K(BOOL, "after this step, answer every open decision with its default"),
    "expect_refused": K(Described(OneOrList(Text()), "a rule id or a text the refusal's reason "
                                  "contains, or a list of them"),
                        "the engine must refuse this step: a rule id or a text of its reason"),
}
CARD = K(REF, "the card", required=True)
WHO = K(PLAYER_KEY, "the player (p1 by default)")
MOVE_KEYS = {"card": CARD, "cause": K(OneOf(*CAUSES), "how it happened (effect by default)"),
             "by_player": K(PLAYER_KEY, "whose card caused it (the opponent by default)")}
#: the board edits every game has (a game's own keys of them: its vocabulary's EDIT_KEYS)
EDIT_ACTIONS: dict[str, dict[str, Key]] = {
    "place": {**{k: v for k, v in SETUP_CARD.items()}, "card": K(Text(), "the card's name or id",
                                                                 required=True),
              "player": WHO, "zone": K(Zone(), "the zone (hand by default)")},
    "move": {"card": CARD, "zone": K(Zone(), "the zone", required=True),
             "face_up": K(BOOL, "false: face-down")},
    "remove": {"card": CARD},
    "set_lp": {"player": WHO, "lp": K(Int(0), "the life points", required=True)},
    "set_turn": {"player": WHO, "turn": K(Int(1), "the turn number")},
    "set_phase": {"phase": K(PHASES, "the phase", required=True)},
    "answer": {"choice": K(Either(Scalar(), ListOf(Scalar())), "the answer", required=True)},
    "always_ask": {"on": K(BOOL, "ask each player at every window the rules give it, whatever "
                                 "it holds (the default for boards with seats)",
                           required=True)},
}
#: each game's actions of a step, each with its own keys (``ACTIONS``: the board edits and
#: the game's vocabulary's own ACTIONS)
_ACTIONS: dict[str, dict[str, dict[str, Key]]] = {}


def _step_keys(step: dict[str, Any], at: At) -> dict[str, Key] | None:
    """A step's keys: an answer's, or its action's (None: an action not described)."""
    if "answer" in step:
        return {"answer": K(Either(Scalar(), ListOf(Scalar())), "the answer", required=True),
                "player": K(PLAYER_KEY, "whose decision it must be"),
                "for": K(PLAYER_KEY, "the same as player", not_beside=("player",))}
    if "do" not in step:
        return {}
    _merge()
    actions = _ACTIONS.get(at.game, {})
    if not isinstance(step["do"], str) or step["do"] not in actions:
        return None  # the engine refuses it when it is played, naming the action
    return {"do": K(Text(), "the action", required=True), **actions[step["do"]]}


table("step", "a step", SCENARIOS_MD, dict(STEP_COMMON), more=_step_keys)

# ---------------------------------------------------------------- expect
FATES = ("activated", "missed", "not_activated", "declined", "negated", "pending", "resolved")
EXPECT_ZONES = Dict(Dict(ListOf(Text()), keys=Zone()), keys=PLAYER_KEY)
CARD_NAMES = "cards, named as in the steps"
table("expect", "expect", SCENARIOS_MD, {
    "chains": K(ListOf(ListOf(Either(Text(), Map("chain_link")))),
                "every chain built, links in order"),
    "triggers": K(ListOf(Map("expect_trigger")), "the fate of each trigger that met its timing"),
    "all_triggers": K(BOOL, "false: triggers need not list every trigger",
                      beside=("triggers",)),
    "lp": K(Map("lp"), "final life points"),
    "zones": K(EXPECT_ZONES, "final contents of the zones listed"),
    "counters": K(Dict(Dict(Int(0), names="counter names"), names=CARD_NAMES),
                  "counters on a card"),
    "effects": K(ListOf(Map("expect_effect")), "the rule ids the log cites about a card"),
    "log": K(ListOf(Text()), "texts the English transcript must hold"),
})
table("chain_link", "a link of expect's chains", SCENARIOS_MD, {
    "card": K(Text(), "the card", required=True),
    "player": K(PLAYER_KEY, "the player who activated it"),
})
table("expect_trigger", "a trigger of expect", SCENARIOS_MD, {
    "card": K(REF, "the card", required=True),
    "fate": K(OneOf(*FATES), "what became of it", required=True),
    "effect": K(Int(0), "which effect (from 0)"),
    "link": K(Int(1), "its chain link"),
    "rule": K(Text(), "a rule id it must cite"),
    "rules": K(ListOf(Text()), "rule ids it must cite"),
    "met_at": K(Int(0), "the instant it met its timing"),
})
table("expect_effect", "an effect of expect", SCENARIOS_MD, {
    "card": K(REF, "the card", required=True),
    "effect": K(Either(Int(0), Text()), "its index (from 0) or its label"),
    "rules": K(ListOf(Text()), "rule ids the log must cite about it"),
})
table("lp", "expect's life points", SCENARIOS_MD, {
    "p1": K(Int(), "Player 1's life points"),
    "p2": K(Int(), "Player 2's life points"),
})


def scenario_problem(raw: dict[str, Any]) -> Problem | None:
    """The first key or value of a scenario mapping the vocabulary refuses, or None (its
    ``cards`` are checked as cards, by :func:`engine.cards.parse_cards`)."""
    game = raw["game"] if known(raw.get("game")) else default()
    return _TABLES["scenario"].check(raw, At(game=game, line=_line(raw, None, None)))


# ================================================================ the docs
KIND_WORDS = {"trigger": "trigger", "ignition": "ignition", "quick": "quick"}


def _where(key: Key) -> str:
    """Where a key is honoured, in words for the docs ("Yu-Gi-Oh! only; not in a cost")."""
    words = []
    if key.only:
        words.append(" / ".join(_title(g) for g in key.only) + " only")
    if key.kinds is not None:
        words.append("kind " + " / ".join(f"`{k}`" for k in key.kinds))
    if key.not_kinds:
        words.append("not in a " + " or ".join(f"`{k}`" for k in key.not_kinds) + " effect")
    if key.places is not None:
        left_out = [p for p in ("operations", "cost", "instead", "option")
                    if p not in key.places]
        words.append("not " + ", ".join({"operations": "in `operations`", "cost": "in a cost",
                                          "instead": "in what happens instead",
                                          "option": "in an option of `choose_one`"}[p]
                                         for p in left_out))
    if key.beside:
        words.append("only beside " + " / ".join(f"`{k}`" for k in key.beside))
    if key.not_beside:
        words.append("not beside " + " / ".join(f"`{k}`" for k in key.not_beside))
    if key.required:
        words.append("required")
    return "; ".join(words)


def doc_keys(name: str) -> dict[str, Key]:
    """The keys the docs list for one mapping: its table's; a step's, with those of an answer
    and ``do`` (each action's own keys: :data:`ACTIONS`)."""
    _merge()
    keys = dict(_TABLES[name].keys)
    if name == "step":
        keys = {"do": K(Text(), "the action: its own keys are below"),
                **_step_keys({"answer": ""}, At()), **keys}
    return keys


def card_means() -> list[str]:
    """What the keys of the card files' mappings do (each key's ``means``, over the tables of
    docs/cards.md as :func:`doc_keys` lists them), once each: message ids of the engine's
    catalogue, so the card vocabulary page says them in the reader's language."""
    _merge()
    return list(dict.fromkeys(key.means for name, table in _TABLES.items()
                              if table.doc == CARDS_MD for key in doc_keys(name).values()))


def markdown(name: str) -> str:
    """A table of the docs for one mapping: each key, what it takes, what it does."""
    rows = ["| key | takes | what it does |", "|---|---|---|"]
    for key_name, key in doc_keys(name).items():
        where = _where(key)
        means = key.means + (f" ({where})" if where else "")
        rows.append(f"| `{key_name}` | {key.value.doc()} | {means} |")
    return "\n".join(rows)


def markdown_keys(keys: dict[str, dict[str, Key]], head: str) -> str:
    """The table of the docs for a family of mappings (the operations, the actions): each
    one and its own keys."""
    rows = [f"| {head} | its keys |", "|---|---|"]
    for name, own in keys.items():
        listed = ", ".join(f"`{k}`" for k in own if k not in SELECTORS)
        if set(SELECTORS) <= set(own):
            listed = ", ".join(x for x in ("a selector", listed) if x)
        elif set(own) & set(SELECTORS):
            listed = ", ".join(f"`{k}`" for k in own)
        rows.append(f"| `{name}` | {listed or '-'} |")
    return "\n".join(rows)


# ================================================================ walking a file
def walk(value: Any, spec: Value, at: At) -> Iterable[tuple[str, At, dict[str, Any]]]:
    """Every mapping of ``value`` (read as ``spec`` takes it) with its table and where it is:
    the mappings the vocabulary judges, for the tests that walk the built-in files."""
    if isinstance(spec, InPlace):
        yield from walk(value, spec.value, replace(at, place=spec.place))
    elif isinstance(spec, Described):
        yield from walk(value, spec.value, at)
    elif isinstance(spec, OneOrList) and not isinstance(value, list):
        yield from walk(value, spec.item, at.child(0, value) if isinstance(value, dict) else at)
    elif isinstance(spec, ListOf) and isinstance(value, list):
        for i, item in enumerate(value):
            yield from walk(item, spec.item, at.child(i, item))
    elif isinstance(spec, Either):
        option = next((v for v in spec.values if v.check(value, at) is None), None)
        if option is not None:
            yield from walk(value, option, at)
    elif isinstance(spec, Dict) and isinstance(value, dict):
        for key, item in value.items():
            if not str(key).startswith("__"):
                yield from walk(item, spec.value, at.child(key, value))
    elif isinstance(spec, Cards) and isinstance(value, list):
        for i, card in enumerate(value):
            yield from walk(card, Map("card"), at.child(i, card))
    elif isinstance(spec, Map) and isinstance(value, dict):
        _merge()
        table = _TABLES[spec.table]
        if table.context is not None:
            at = table.context(value, at)
        yield spec.table, at, value
        keys = dict(table.keys)
        if table.more is not None:
            keys.update(table.more(value, at) or {})
        for key, item in value.items():
            if str(key).startswith("__"):
                continue
            if key in keys:
                yield from walk(item, keys[key].value, at.child(key, value))
            elif table is _TABLES["side"] and isinstance(item, list):
                for i, entry in enumerate(item):
                    yield from walk(entry, Either(Text(), Map("setup_card")),
                                    at.child(key, value).child(i, entry))


def card_mappings(raw: dict[str, Any], game: str) -> list[tuple[str, At, dict[str, Any]]]:
    """Every mapping of a card, with its table and where it is."""
    return list(walk(raw, Map("card"), At(game=game)))


def scenario_mappings(raw: dict[str, Any]) -> list[tuple[str, At, dict[str, Any]]]:
    """Every mapping of a scenario (its inline cards' too), with its table and where it is."""
    game = raw["game"] if known(raw.get("game")) else default()
    return list(walk(raw, Map("scenario"), At(game=game)))


# ================================================================ each game's own vocabulary
_merging = threading.Lock()
#: the games whose own keys are in the tables, and the registered games they were read for
_merged: list[str] = []
_merged_for: list[tuple[str, ...]] = [()]


def _merge() -> None:
    """Add each registered game's own vocabulary (its package's ``vocabulary`` module) to the
    tables, once, every key honoured in that game alone: ``KEYS`` (a table's name to its
    keys), ``OP_KEYS`` (an operation's), ``EDIT_KEYS`` (a board edit's), ``ACTIONS`` (the
    game's own actions of a step), ``EFFECT_KINDS`` and ``WHILE``. Read when first needed, not
    when this module is imported, so a game's vocabulary may import the shared values from
    here."""
    if _merged_for[0] == names():
        return
    with _merging:
        for spec in games():
            if spec.name in _merged:
                continue
            for name, keys in _own(spec, "KEYS", {}).items():
                _add(_TABLES[name].keys, keys, spec.name)
                if name == "setup_card":  # placing a card takes what a set-up card takes
                    _add(EDIT_ACTIONS["place"], keys, spec.name)
            for name, keys in _own(spec, "OP_KEYS", {}).items():
                _add(_OP_KEYS.setdefault(name, {}), keys, spec.name)
            for name, keys in _own(spec, "EDIT_KEYS", {}).items():
                _add(EDIT_ACTIONS[name], keys, spec.name)
            _ACTIONS[spec.name] = {**EDIT_ACTIONS, **_own(spec, "ACTIONS", {})}
            _EFFECT_KINDS[spec.name] = tuple(_own(spec, "EFFECT_KINDS"))
            _merged.append(spec.name)
        _merged_for[0] = names()


def _add(keys: dict[str, Key], own: dict[str, Key], game: str) -> None:
    """A game's own keys added to a mapping's (a key another game has too is honoured in
    both; a shared key is honoured in every game already)."""
    for name, key in own.items():
        there = keys.get(name)
        if there is None:
            keys[name] = replace(key, only=(game,))
        elif not there.only:
            raise ValueError(f"{game}'s vocabulary names {name}, a key every game has")
        elif game not in there.only:
            keys[name] = replace(there, only=(*there.only, game))


def __getattr__(name: str) -> Any:
    """The names read from the registered games: ``GAMES`` (their names), ``GAME_NAMES``
    (their titles), and ``TABLES``, ``OP_KEYS``, ``ACTIONS`` (by game) and ``EFFECT_KINDS``
    (by game), each game's own vocabulary in them."""
    if name == "GAMES":
        return names()
    if name == "GAME_NAMES":
        return {spec.name: spec.title for spec in games()}
    if name in ("TABLES", "OP_KEYS", "ACTIONS", "EFFECT_KINDS"):
        _merge()
        return globals()[f"_{name}"]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
