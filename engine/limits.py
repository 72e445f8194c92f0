"""Limits on untrusted input: what a snapshot link, an uploaded file or an action may expand
to, checked before anything is expanded or replayed.

Every check raises :class:`LimitError` (an :class:`IllegalAction`, so the duel it guards is
left as it was) naming the limit it met, e.g. "the set-up holds 4000 cards; at most 240 (limit
MAX_CARDS)". The web layer shows the reason with a 4xx answer, like any other refusal.
"""

from __future__ import annotations

import json
import math
import re
from functools import lru_cache
from itertools import accumulate
from typing import Any

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
