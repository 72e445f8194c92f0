"""Helpers shared by the Yu-Gi-Oh! engine tests."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.duel import Duel
from engine.errors import IllegalAction


def new_duel(setup: dict[str, Any], *cards: dict[str, Any], preset: str | None = None) -> Duel:
    """A Yu-Gi-Oh! duel with extra inline cards (the card YAML schema, as mappings)."""
    settings = {"preset": preset} if preset else None
    return Duel("yugioh", setup=setup, settings=settings, cards=list(cards))


def answer(duel: Duel, value: Any) -> None:
    """Answer the open decision by option id, card name or alias."""
    duel.apply({"do": "answer", "choice": value})


def assert_illegal(duel: Duel, action: Any, match: str, rules: list[str] | None = None):
    """The action raises IllegalAction with a readable reason and changes nothing."""
    before = copy.deepcopy(duel.state.to_dict())
    actions = copy.deepcopy(duel.actions)
    with pytest.raises(IllegalAction) as err:
        duel.apply(action)
    reason = err.value.reason
    assert isinstance(reason, str) and reason.strip()
    assert match in reason, reason
    assert "Traceback" not in reason and "KeyError" not in reason
    if rules is not None:
        assert err.value.rules == rules
    assert duel.state.to_dict() == before
    assert duel.actions == actions
    return err.value

