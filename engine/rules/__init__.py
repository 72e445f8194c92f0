"""Rule policies: what differs between the games, over the shared machinery."""

from __future__ import annotations

from .base import Policy


def policy_for(game: str) -> Policy:
    if game == "yugioh":
        from .yugioh import YugiohPolicy

        return YugiohPolicy()
    if game == "duel_masters":
        from .duel_masters import DuelMastersPolicy

        return DuelMastersPolicy()
    from ..errors import IllegalAction

    raise IllegalAction(f"unknown game {game!r}: yugioh or duel_masters")


__all__ = ["Policy", "policy_for"]
