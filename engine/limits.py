"""Limits on untrusted input: what a snapshot link, an uploaded file or an action may expand
to, checked before anything is expanded or replayed.

Every check raises :class:`LimitError` (an :class:`IllegalAction`, so the duel it guards is
left as it was) naming the limit it met, e.g. "the set-up holds 4000 cards; at most 240 (limit
MAX_CARDS)". The web layer shows the reason with a 4xx answer, like any other refusal.
"""

from __future__ import annotations

import contextlib
import json
import math
import re
import threading
import time
from collections.abc import Iterator
from functools import lru_cache
from itertools import accumulate
from typing import Any

import yaml

from .errors import IllegalAction
from .refusals import Refusal, Worded, word

# ---------------------------------------------------------------- the limits
MAX_DEPTH = 32  # nesting of lists and mappings in any data (the built-in files reach 9)
MAX_STRING = 4_000  # characters in any one string (a card's text, a title, a name)
MAX_KEY = 200  # characters in a mapping's key
MAX_ITEMS = 20_000  # values (strings, numbers, lists, mappings) in one piece of data
MAX_NUMBER = 1_000_000_000  # the largest whole number accepted (LP, ATK, amounts)
MAX_CARDS = 240  # cards in a set-up (two full decks with extra decks fit)
MAX_CUSTOM_CARDS = 200  # cards defined by a link or a file
MAX_NAME = 100  # characters in a card's name (each language), in the card editor
MAX_ACTIONS = 1_000  # actions (steps) in a history replayed from a link or a file
MAX_WORK = 60_000  # cards x actions: the work of replaying a history
MAX_ACTION_TEXT = 8_000  # characters of one action sent as JSON
MAX_ACTION_DEPTH = 6  # nesting of one action (an answer's list of choices is 2)
MAX_ACTION_ITEMS = 500  # values in one action
# an uploaded file, checked on its text before it is parsed (check_yaml_text), then while it
# is parsed and replayed (cpu_budget); a board exported with 240 cards in its set-up, 250
# steps and 200 cards of its own is about 215,000 bytes and 10,600 lines
MAX_FILE_BYTES = 256_000  # bytes of an uploaded file
MAX_LINES = 20_000  # lines of an uploaded file
#: lines holding something plus commas outside quoted texts, counted before parsing: each
#: value of YAML is on a line of its own or after a comma, so a file within MAX_ITEMS values
#: stays within twice as many (the other half is room for the commas of unquoted texts)
MAX_SCANNED = 2 * MAX_ITEMS
MAX_CPU = 2.0  # seconds of computing to read, check and replay one uploaded file
#: seconds of computing to read a card editor form's YAML fields, then again to check the card
MAX_FORM_CPU = 0.1


class LimitError(IllegalAction):
    """Input past one of the limits above, or not plain data; ``limit`` names it."""

    def __init__(self, reason: str, limit: str = "") -> None:
        self.limit = limit
        super().__init__(Refusal("with_limit", reason=reason, limit=limit) if limit else reason)


def _refuse(key: str, limit: str = "", /, **params: Any) -> LimitError:
    """A LimitError worded by the template ``key`` of :data:`engine.refusals.REFUSALS`; its
    ``what`` (the thing refused, in English or already in the reader's language) is
    translated where the catalogue has it."""
    if "what" in params:
        params["what"] = _thing(params["what"])
    return LimitError(Refusal(key, **params), limit)


def _thing(what: str) -> Worded:
    return what if isinstance(what, Worded) else word(what)


# ---------------------------------------------------------------- strings and numbers
#: the control characters no stored text may hold (a tab, a line break and a carriage return
#: may: a card's text and a caption are written on several lines)
_CONTROL = re.compile("[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]")


def check_text(text: Any, what: str = "a text", max_length: int = MAX_STRING) -> str:
    """A string that may be stored and shown: not too long, no lone surrogate, no NUL."""
    if not isinstance(text, str):
        raise _refuse("must_be_text", what=what)
    if len(text) > max_length:
        raise _refuse("characters", "MAX_STRING" if max_length == MAX_STRING else Refusal(
            "n_characters", n=max_length), what=what, n=len(text), max=max_length)
    if "\x00" in text:
        raise _refuse("nul", what=what)
    if _CONTROL.search(text):  # stored texts are shown and sent: no control characters
        raise _refuse("control_character", what=what)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise _refuse("surrogate", what=what) from None
    return text


def parse_int(text: Any, what: str = "a number", lo: int = -MAX_NUMBER,
              hi: int = MAX_NUMBER) -> int:
    """A whole number typed as ASCII digits (optionally signed) within ``lo..hi``.

    Refuses what ``int()`` would take or choke on: superscript and other non-ASCII digits,
    spaces, underscores, NaN, infinities, exponents and numbers longer than the limit.
    """
    if isinstance(text, bool):
        raise _refuse("whole_number", what=what)
    if isinstance(text, int):
        value = text
    else:
        if not isinstance(text, str):
            raise _refuse("whole_number", what=what)
        digits = text[1:] if text[:1] in "+-" and text else text
        if not (digits and len(digits) <= 12 and digits.isascii() and digits.isdigit()):
            raise _refuse("digits", what=what)
        value = int(text)
    if not lo <= value <= hi:
        raise _refuse("between", "MAX_NUMBER", what=what, lo=lo, hi=hi)
    return value


def parse_digits(text: Any, hi: int = MAX_NUMBER) -> int | None:
    """``text`` as a number 0..hi when it is ASCII digits only, else None (for query
    strings where anything else means "not given")."""
    if isinstance(text, str) and text.isascii() and text.isdigit() and len(text) <= 12:
        value = int(text)
        return value if value <= hi else None
    return None


# ---------------------------------------------------------------- plain data
def _name_parts(what: str) -> tuple[Refusal, Refusal]:
    """How :func:`check_plain` names the keys and texts inside ``what``."""
    return Refusal("key_of", what=_thing(what)), Refusal("text_in", what=_thing(what))


#: the same names for the same English ``what``, written once (a Refusal is worded in the
#: reader's language only when shown)
_part_names = lru_cache(maxsize=64)(_name_parts)


def check_plain(data: Any, what: str = "the data", *, max_depth: int = MAX_DEPTH,
                max_items: int = MAX_ITEMS, max_string: int = MAX_STRING) -> Any:
    """Data as JSON has it: mappings with text keys, lists, text, whole numbers, booleans
    and null; nested at most ``max_depth`` deep, ``max_items`` values in all; numbers within
    :data:`MAX_NUMBER`, texts within ``max_string`` and free of lone surrogates.

    Iterative (no recursion), so a deeply nested value is refused, not a RecursionError.
    """
    key_of, text_in = _part_names(what) if type(what) is str else _name_parts(what)
    stack = [(data, 1)]
    count = 0
    while stack:
        value, depth = stack.pop()
        count += 1
        if count > max_items:
            raise _refuse("items", "MAX_ITEMS", what=what, max=max_items)
        if depth > max_depth:
            raise _refuse("depth", "MAX_DEPTH", what=what, max=max_depth)
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise _refuse("key_not_text", what=what, name=repr(str(key)[:40]))
                check_text(key, key_of, min(MAX_KEY, max_string))
                stack.append((item, depth + 1))
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)
        elif isinstance(value, str):
            check_text(value, text_in, max_string)
        elif isinstance(value, bool) or value is None:
            pass
        elif isinstance(value, int):
            if not -MAX_NUMBER <= value <= MAX_NUMBER:
                raise _refuse("number_too_large", "MAX_NUMBER", what=what, max=MAX_NUMBER)
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise _refuse("not_finite", what=what)
            raise _refuse("not_whole", what=what, value=repr(value))
        else:
            raise _refuse("unknown_kind", what=what, kind=type(value).__name__)
    return data


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_DELTA = {"[": 1, "{": 1, "]": -1, "}": -1}


def json_depth(text: str) -> int:
    """How deep the lists and objects of a JSON text nest, counted without parsing it."""
    bare = _STRING.sub("", text)
    brackets = [_DELTA[c] for c in bare if c in _DELTA]
    return max(accumulate(brackets), default=0)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def load_json(text: str, what: str = "the data", *, max_depth: int = MAX_DEPTH,
              max_items: int = MAX_ITEMS, max_string: int = MAX_STRING) -> Any:
    """Parse untrusted JSON: depth checked before parsing, NaN and infinities refused, then
    :func:`check_plain`. Raises LimitError (for anything malformed too)."""
    if not isinstance(text, str):
        raise _refuse("unreadable", what=what)
    if json_depth(text) > max_depth:
        raise _refuse("depth", "MAX_DEPTH", what=what, max=max_depth)
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise _refuse("unreadable", what=what) from None
    return check_plain(data, what, max_depth=max_depth, max_items=max_items,
                       max_string=max_string)


def check_action(action: Any) -> dict[str, Any]:
    """One engine action: a small mapping of plain data with a text ``do``."""
    if not isinstance(action, dict) or "do" not in action:
        raise _refuse("action_mapping")
    check_plain(action, "the action", max_depth=MAX_ACTION_DEPTH, max_items=MAX_ACTION_ITEMS)
    if not isinstance(action["do"], str):
        raise _refuse("action_do")
    return action


# ---------------------------------------------------------------- duels
def count_setup_cards(setup: Any) -> int:
    """The cards a set-up mapping puts on the board (its zones' lists, both players)."""
    if not isinstance(setup, dict):
        return 0
    total = 0
    for key in ("p1", "p2"):
        side = setup.get(key)
        if isinstance(side, dict):
            total += sum(len(v) for k, v in side.items() if k != "lp" and isinstance(v, list))
    return total


def history_room(setup: Any) -> tuple[int, str]:
    """How many actions a history over this set-up may hold, and the limit that says so: at
    most :data:`MAX_ACTIONS`, and at most :data:`MAX_WORK` card-steps to replay."""
    by_work = MAX_WORK // max(count_setup_cards(setup), 1)
    return (MAX_ACTIONS, "MAX_ACTIONS") if MAX_ACTIONS <= by_work else (by_work, "MAX_WORK")


def check_room(setup: Any, n_actions: int, cut: int | None = None) -> None:
    """One more action may be saved on a history of ``n_actions``: refused, naming the limit,
    when the history would then be longer than reading it back allows (:func:`check_duel`),
    or when it was opened cut from a longer one of ``cut`` actions (:func:`within_room`)."""
    room, limit = history_room(setup)
    if cut is not None:
        raise _refuse("history_cut", limit, n=cut, room=room, cards=count_setup_cards(setup))
    if n_actions + 1 > room:
        raise _refuse("history_full", limit, n=room, limit=limit,
                      cards=count_setup_cards(setup))


def within_room(data: dict[str, Any]) -> tuple[dict[str, Any], int | None]:
    """A saved duel cut to the history its set-up may hold, and how many actions it held when
    it held more (a board saved before every action was checked), else ``(data, None)``."""
    actions = data.get("actions")
    if not isinstance(actions, list):
        return data, None
    room, _ = history_room(data.get("setup"))
    if len(actions) <= room:
        return data, None
    return {**data, "actions": actions[:room]}, len(actions)


def check_duel(*, setup: Any = None, actions: Any = (), cards: Any = (),
               what: str = "the board", steps: bool = False) -> None:
    """A board's set-up, history and custom cards are within the limits: checked on the
    plain data, before a duel is built or anything replayed. ``steps``: ``actions`` are a
    scenario's steps (an answer or "auto" step has no ``do``), counted, not checked."""
    n_cards = count_setup_cards(setup)
    if n_cards > MAX_CARDS:
        raise _refuse("setup_cards", "MAX_CARDS", what=what, n=n_cards, max=MAX_CARDS)
    n_actions = len(actions) if isinstance(actions, list | tuple) else 0
    if n_actions > MAX_ACTIONS:
        raise _refuse("steps", "MAX_ACTIONS", what=what, n=n_actions, max=MAX_ACTIONS)
    n_custom = len(cards) if isinstance(cards, list | tuple) else 0
    if n_custom > MAX_CUSTOM_CARDS:
        raise _refuse("custom_cards", "MAX_CUSTOM_CARDS", what=what, n=n_custom,
                      max=MAX_CUSTOM_CARDS)
    work = max(n_cards, 1) * n_actions
    if work > MAX_WORK:
        raise _refuse("work", "MAX_WORK", what=what, n=n_actions, cards=n_cards, work=work,
                      max=MAX_WORK)
    for key, value in (("setup_of", setup), ("custom_cards_of", cards)):
        if value:
            check_plain(value, Refusal(key, what=_thing(what)))
    if not steps and isinstance(actions, list | tuple):
        for action in actions:
            check_action(action)


# ---------------------------------------------------------------- YAML text, before parsing
#: quoted texts (a quote opens one only where a value may begin) and comments: what the
#: cheap scan leaves out, as brackets and commas in them nest and separate nothing
_YAML_SKIP = re.compile(r"""(?=["'#])(?:(?<![^\s\[{,:?-])"[^"\\]*(?:\\.[^"\\]*)*"?"""
                        r"""|(?<![^\s\[{,:?-])'[^']*(?:''[^']*)*'?"""
                        r"|(?<!\S)#[^\n]*)", re.DOTALL)
_FLOW = {"[": 1, "{": 1, "]": -1, "}": -1}
#: a list item's dash (and the spaces after it) at the start of a line's text
_DASH = re.compile(r"-(?: +|$)")
_STEP = re.compile(r"^[ \t]*-[ \t]+(?:\{[ \t]*)?(?:do|answer|auto)[ \t]*:", re.MULTILINE)


def yaml_depth(bare: str, stop: int | None = None) -> int:
    """How deep a YAML text (its quoted texts and comments left out) nests, as
    :func:`check_plain` counts it (a value in a list in a mapping is 3 deep), read from its
    indentation and brackets without parsing it: a top-level key's value is 2, each deeper
    indentation or ``- `` one more, each open bracket one more. Never less than the depth of
    what a YAML parser reads from it (a text with unmatched brackets outside quotes may count
    more); it stops counting past ``stop``."""
    stop = stop if stop is not None else len(bare) + 1
    stack: list[float] = []  # the column of each open block collection (a list's + 0.5:
    flow = 0  # open brackets                  its items may be in its key's column)
    base = 0  # the block depth a flow collection spanning lines started at
    deepest = 0
    for line in bare.split("\n"):
        body = line.lstrip(" ")
        if not body.strip():
            continue
        if not flow:
            column: float = len(line) - len(body)
            if body[:1] == "-":
                at = 0
                while dash := _DASH.match(body, at):  # "- - x": a list in a list's item
                    while stack and stack[-1] >= column + 0.5:
                        stack.pop()
                    stack.append(column + 0.5)
                    column += dash.end() - at
                    at = dash.end()
                    if len(stack) > stop:
                        return len(stack)
                body = body[at:]
            if body:
                while stack and stack[-1] >= column:
                    stack.pop()
                stack.append(column)
            base = len(stack)
        if "[" in body or "{" in body or flow:
            top = flow
            for c in body:
                step = _FLOW.get(c)
                if step:
                    flow = max(flow + step, 0)
                    if flow > top:
                        top = flow
                        if base + top > stop:
                            return base + top + 1
            deepest = max(deepest, base + top + 1)
        else:
            deepest = max(deepest, base + 1)
        if deepest > stop:
            return deepest
    return deepest


def check_bytes(size: int, what: str = "the file", max_bytes: int = MAX_FILE_BYTES,
                limit: str = "MAX_FILE_BYTES") -> None:
    """An upload of ``size`` bytes is within ``max_bytes`` (checked before it is read)."""
    if size > max_bytes:
        raise _refuse("bytes", limit, what=what, n=size, max=max_bytes)


def check_yaml_text(text: str, what: str = "the file", *, max_bytes: int = MAX_FILE_BYTES,
                    max_lines: int = MAX_LINES, max_depth: int = MAX_DEPTH,
                    max_scanned: int = MAX_SCANNED, max_steps: int | None = None,
                    names: dict[str, str] | None = None) -> str:
    """A YAML text's size checked cheaply, before it is parsed: its bytes, its lines, how
    deep it nests (:func:`yaml_depth`), its lines and commas (:data:`MAX_SCANNED`) and, for a
    scenario (``max_steps``), its steps (list items starting with ``do``, ``answer`` or
    ``auto``). Each raises LimitError naming its limit (``names``: other names of the limits,
    by check, for other maxima); a few milliseconds for the largest file allowed."""
    name = {"bytes": "MAX_FILE_BYTES", "lines": "MAX_LINES", "steps": "MAX_ACTIONS",
            "scanned": "MAX_SCANNED", "depth": "MAX_DEPTH"} | (names or {})
    if len(text) * 4 > max_bytes:  # else it cannot have more bytes
        check_bytes(len(text.encode("utf-8", "surrogatepass")), what, max_bytes,
                    name["bytes"])
    lines = text.count("\n") + 1
    if lines > max_lines:
        raise _refuse("lines", name["lines"], what=what, n=lines, max=max_lines)
    if max_steps is not None:
        steps = len(_STEP.findall(text))
        if steps > max_steps:
            raise _refuse("steps", name["steps"], what=what, n=steps, max=max_steps)
    bare = _YAML_SKIP.sub('""', text)
    scanned = bare.count(",") + sum(1 for line in bare.split("\n") if line.strip())
    if scanned > max_scanned:
        raise _refuse("scanned", name["scanned"], what=what, n=scanned, max=max_scanned)
    if yaml_depth(bare, max_depth) > max_depth:
        raise _refuse("depth", name["depth"], what=what, max=max_depth)
    return text


# ---------------------------------------------------------------- computing time
_budget = threading.local()


class OverBudget(BaseException):
    """Raised by a timer past a budget, wherever the work was: not an Exception, so no
    handler of the engine's takes it for a refusal of its own."""


@contextlib.contextmanager
def cpu_budget(seconds: float, what: str = "the file", limit: str = "MAX_CPU") -> Iterator[None]:
    """Within the block, :func:`spend` raises LimitError once this thread has computed for
    more than ``seconds`` (its own CPU time: waiting for another thread does not count)."""
    previous = getattr(_budget, "now", None)
    _budget.now = (time.thread_time() + seconds, seconds, what, limit)
    try:
        yield
    finally:
        _budget.now = previous


def over_budget() -> LimitError:
    """The refusal of work past the budget in force (MAX_CPU when none is)."""
    _deadline, seconds, what, limit = getattr(_budget, "now", None) or (
        0, MAX_CPU, "the file", "MAX_CPU")
    return _refuse("cpu", limit, what=what, max=f"{seconds:g}")


def spend() -> None:
    """Raise LimitError when the budget of :func:`cpu_budget` is spent (checked by the loops
    of parsing, checking and replaying; about a microsecond)."""
    now = getattr(_budget, "now", None)
    if now is not None and time.thread_time() > now[0]:
        raise over_budget()


# ---------------------------------------------------------------- YAML of a form field
def _check_nodes(root: yaml.Node, what: str, max_depth: int, max_items: int,
                 items_limit: str) -> None:
    """A composed YAML document within ``max_depth`` and ``max_items``, counted as it would
    be built (an alias ``*name`` counts all it stands for, so aliases of aliases are refused
    once they would expand past ``max_items``), walked without recursion and stopped at the
    first value past a limit, before anything is constructed."""
    stack = [(root, 1)]
    count = 0
    while stack:
        node, depth = stack.pop()
        count += 1
        if count > max_items:
            raise _refuse("items", items_limit, what=what, max=max_items)
        if depth > max_depth:
            raise _refuse("depth", "MAX_DEPTH", what=what, max=max_depth)
        if not count % 64:
            spend()
        if isinstance(node, yaml.SequenceNode):
            stack.extend((item, depth + 1) for item in node.value)
        elif isinstance(node, yaml.MappingNode):
            stack.extend((part, depth + 1) for pair in node.value for part in pair)


_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(text: str, what: str = "the data", *, max_depth: int = MAX_DEPTH,
              max_items: int = MAX_ITEMS, max_string: int = MAX_STRING,
              items_limit: str = "MAX_ITEMS") -> Any:
    """Parse a short untrusted YAML text (a form field): its size and nesting checked on the
    text first (:func:`check_yaml_text`), then composed (libyaml, when PyYAML has it) and
    checked for nesting and values (aliases counted as what they stand for) before anything
    is built, then
    :func:`check_plain`. Raises LimitError for a limit (``items_limit`` names the one of
    ``max_items``), yaml.YAMLError when unreadable."""
    if len(text) > max_string:
        raise _refuse("characters", "MAX_STRING" if max_string == MAX_STRING else "",
                      what=what, n=len(text), max=max_string)
    check_yaml_text(text, what, max_bytes=4 * max_string, max_lines=2 * max_items,
                    max_depth=max_depth, max_scanned=2 * max_items,
                    names={"lines": items_limit, "scanned": items_limit})
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _check_nodes(node, what, max_depth, max_items, items_limit)
        try:
            data = loader.construct_document(node)
        except (ValueError, OverflowError, RecursionError):  # e.g. a date of month 13
            raise _refuse("unreadable", what=what) from None
    finally:
        loader.dispose()
    return check_plain(data, what, max_depth=max_depth, max_items=max_items,
                       max_string=max_string)
