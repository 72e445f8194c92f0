"""Rule policies: what differs between the games, over the shared machinery."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Policy

if TYPE_CHECKING:
    from ..cards import CardDef


def policy_for(game: str) -> Policy:
    """A new rule policy for a duel of ``game``, from its registered package."""
    from ..games import game as registered

    return registered(game).policy()


def zones_for(definition: CardDef) -> tuple[str, ...]:
    """The zones (set-up names) where a card may be put, by its game's rules."""
    return policy_for(definition.game).zones_for(definition)


def placement_problem(definition: CardDef, zone: str) -> str | None:
    """Why a card cannot be put in ``zone``, in its game's words; None when it can."""
    return policy_for(definition.game).placement_problem(definition, zone)


__all__ = ["Policy", "placement_problem", "policy_for", "zones_for"]
