"""Addresses an update draws again and again, each reversed once per script prefix.

Every update names the board, its steps, its frames and the rules its log cites; ``reverse``
costs more than the rest of drawing such a link. Each address is reversed once (per script
prefix, as a site served under a path has its own) and kept; an address that ends in numbers
(a step, a frame) is kept split at them and filled in.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from django.urls import get_script_prefix, reverse

_STEP_MARK = 987654321


def address(name: str, *args: str) -> str:
    """``reverse(name, args=args)``, kept."""
    return _parts(get_script_prefix(), name, args, 0)[0]


def step_url(name: str, slug: str) -> Callable[[int], str]:
    """The address of URL ``name`` of board ``slug`` for any step (its last part)."""
    head, tail = _parts(get_script_prefix(), name, (slug,), 1)
    return lambda k: f"{head}{k}{tail}"


def frame_url(slug: str) -> Callable[[int, int], str]:
    """The address of frame ``n`` of step ``k`` of board ``slug``."""
    head, middle, tail = _parts(get_script_prefix(), "board_frame", (slug,), 2)
    return lambda k, n: f"{head}{k}{middle}{n}{tail}"


@lru_cache(maxsize=4096)
def _parts(prefix: str, name: str, args: tuple[str, ...], numbers: int) -> tuple[str, ...]:
    """URL ``name`` with ``args`` and ``numbers`` numbers after them, split at the numbers."""
    marks = [str(_STEP_MARK + i) for i in range(numbers)]
    parts, rest = [], reverse(name, args=[*args, *map(int, marks)])
    for mark in reversed(marks):  # from the right: the numbers come after the other parts
        rest, _mark, part = rest.rpartition(mark)
        parts.insert(0, part)
    return (rest, *parts)
