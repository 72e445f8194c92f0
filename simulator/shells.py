"""Templates drawn once and filled in: the parts of an update whose words never change.

Every update redraws a few elements whose buttons and labels are the same from one version to
the next (the status line and its controls, the playback element); only some values differ (the
version, the life points, the phase...). A :class:`Shell` draws such a template once per
language and per *key* (everything else the drawing depends on: which controls show, the
board's address...), with a slot in place of each value, and fills the slots for each update.
The result is the very text the template draws (tested so), without running the template.

A slot must reach the output as it is: it is never tested by ``{% if %}``, never passed to a
filter; what a condition reads belongs to the key.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from html import escape
from typing import Any

from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

_SLOT = re.compile(r"\x00(\w+)\x00")


def escaped(value: Any) -> str:
    """``value`` as a template writes it: escaped, unless it is already safe HTML."""
    return value.__html__() if hasattr(value, "__html__") else escape(str(value))


def slot(name: str) -> str:
    """The mark a value ``name`` leaves in a drawn shell."""
    return f"\x00{name}\x00"


class Shell:
    """One template, drawn once per (language, key) with slots, then filled per update.

    ``size``: how many drawings are kept (the least recently used go first)."""

    def __init__(self, template: str, size: int = 512) -> None:
        self.template = template
        self.size = size
        self._drawn: OrderedDict[tuple, list[str]] = OrderedDict()
        self._lock = threading.Lock()

    def fill(self, key: Hashable, context: Callable[[], Mapping[str, Any]],
             values: Mapping[str, Any]) -> SafeString:
        """The template drawn with ``context()`` (each value a :func:`slot`; called only when
        this language and key were not drawn yet), its slots filled with ``values``, escaped
        as the template escapes them. ``key`` names everything in the context that is not a
        slot."""
        parts = self._parts((translation.get_language(), key), context)
        return mark_safe("".join(escaped(values[part]) if i % 2 else part  # noqa: S308
                                 for i, part in enumerate(parts)))

    def _parts(self, key: tuple, context: Callable[[], Mapping[str, Any]]) -> list[str]:
        """The drawing split at its slots: text, slot name, text..."""
        with self._lock:
            parts = self._drawn.get(key)
            if parts is not None:
                self._drawn.move_to_end(key)
                return parts
        parts = _SLOT.split(render_to_string(self.template, dict(context())))
        with self._lock:
            self._drawn[key] = parts
            while len(self._drawn) > self.size:
                self._drawn.popitem(last=False)
        return parts
