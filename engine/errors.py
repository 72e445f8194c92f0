"""Errors raised by the engine.

Every error carries a readable reason; the web layer shows it as it is.
"""

from __future__ import annotations

from collections.abc import Callable


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalAction(EngineError):
    """An action the rules do not allow now. The duel is left exactly as it was.

    ``reason`` is English; when it is a :class:`engine.refusals.Refusal` (a ``str`` that keeps
    its template and values), :meth:`reason_in` words it in another language."""

    def __init__(self, reason: str, rules: tuple[str, ...] | list[str] = ()) -> None:
        self.reason = reason
        self.rules = list(rules)
        suffix = f" ({', '.join(self.rules)})" if self.rules else ""
        super().__init__(reason + suffix)

    def reason_in(self, tr: Callable[[str], str]) -> str:
        """The reason worded through the translator ``tr`` (as it is when not a template)."""
        worded = getattr(self.reason, "worded", None)
        return worded(tr) if worded else self.reason


class TriggerLoopError(IllegalAction):
    """Effects kept re-triggering each other past the engine's bound."""


class DataError(EngineError):
    """A broken card or scenario file: names the file, line, card or step, and field."""

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        card: str | None = None,
        step: int | None = None,
        field: str | None = None,
    ) -> None:
        self.message = message
        self.file = file
        self.line = line
        self.card = card
        self.step = step
        self.field = field
        where = []
        if file:
            where.append(f"{file}:{line}" if line else file)
        if card:
            where.append(f"card {card!r}")
        if step is not None:
            where.append(f"step {step}")
        if field:
            where.append(f"field {field!r}")
        prefix = ", ".join(where)
        super().__init__(f"{prefix}: {message}" if prefix else message)

    def message_in(self, tr: Callable[[str], str]) -> str:
        """The message worded through the translator ``tr`` (a message of the vocabulary,
        :class:`engine.vocabulary.Said`, is worded in its language; other text as it is)."""
        worded = getattr(self.message, "worded", None)
        return worded(tr) if worded else str(self.message)

    def worded(self, tr: Callable[[str], str]) -> str:
        """The whole error, where and what, in ``tr``'s language."""
        from .vocabulary import Said

        where = []
        if self.file:
            where.append(f"{self.file}:{self.line}" if self.line else self.file)
        if self.card:
            where.append(Said("where_card", card=repr(self.card)).worded(tr))
        if self.step is not None:
            where.append(Said("where_step", step=self.step).worded(tr))
        if self.field:
            where.append(Said("where_field", field=repr(self.field)).worded(tr))
        message = self.message_in(tr)
        return f"{', '.join(where)}: {message}" if where else message


class CardDataError(DataError):
    """A card definition is invalid."""


class ScenarioError(DataError):
    """A scenario file is invalid or one of its steps failed."""
