"""A board's saved history, written without encoding all of it again on every action.

``Board.data`` holds the whole history (set-up, settings, custom cards, every action) and is
saved whole on every action. Encoding it as JSON cost more as the history grew, although an
action only appends to the list of actions. :func:`saved_data` builds the new data as a
:class:`History`, which carries its JSON text: the text of the actions saved before, extended by
the new ones. :class:`HistoryEncoder`, the field's encoder, writes that text as it is; any
other value is encoded as usual. The text is what ``json.dumps`` gives for the same data.
"""

from __future__ import annotations

import json
from typing import Any


class History(dict):
    """Board data that knows its JSON text (``text``), that of its actions and that of each
    key's value (``parts``). Like every board's data it is never changed in place once built,
    so a value taken over from ``before`` (the very same object) keeps its text."""

    __slots__ = ("actions_text", "parts", "text")

    def __init__(self, data: dict[str, Any], actions_text: str,
                 before: dict[str, Any] | None = None) -> None:
        super().__init__(data)
        self.actions_text = actions_text
        known = before.parts if isinstance(before, History) else {}
        self.parts = {
            key: actions_text if key == "actions" else (
                known[key] if key in known and before.get(key) is value else json.dumps(value))
            for key, value in data.items()}
        self.text = "{" + ", ".join(f"{json.dumps(key)}: {text}"
                                    for key, text in self.parts.items()) + "}"


def saved_data(before: dict[str, Any], actions: list[dict[str, Any]], appended: bool,
               **changed: Any) -> History:
    """``before`` with these ``actions`` and the ``changed`` keys. ``appended``: the actions
    begin with ``before``'s, so the JSON text of those is reused when ``before`` has it."""
    data = {**before, "actions": actions, **changed}
    known = getattr(before, "actions_text", None)
    n = len(before.get("actions") or [])
    if not appended or known is None:
        return History(data, json.dumps(actions), before)
    new = actions[n:]
    if not new:
        return History(data, known, before)
    more = ", ".join(json.dumps(action) for action in new)
    return History(data, f"[{more}]" if known == "[]" else f"{known[:-1]}, {more}]", before)


class HistoryEncoder(json.JSONEncoder):
    """The encoder of ``Board.data``: a :class:`History` is written as its known text."""

    def encode(self, o: Any) -> str:
        if isinstance(o, History):
            return o.text
        return super().encode(o)
