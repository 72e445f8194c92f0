"""What only some games have, as named interfaces a policy takes on.

The shared machinery asks ``isinstance(duel.policy, Shields)`` before it breaks a shield, and
refuses the action in that game's words when the game has none; a game's policy inherits the
interfaces its rules have (Duel Masters: all three).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..duel import Duel
    from ..state import Card, ChainLink


class Shields:
    """A game whose players have shields that attacks break (DM-SHIELD)."""

    def break_shield(self, duel: Duel, card: Card, *, by: int | None) -> list[dict[str, Any]]:
        """Break the shield ``card`` (``by`` the attacking creature, or None) and return the
        events of it."""
        raise NotImplementedError


class Battles:
    """A game where an ability makes two creatures battle (DM-ATTACK-STEPS)."""

    def fight(self, duel: Duel, one: Card, other: Card) -> list[dict[str, Any]]:
        """Make ``one`` and ``other`` battle and return the events of it."""
        raise NotImplementedError


class CutsIn:
    """A game where an ability may pause another's resolution to resolve first
    (DM-STRIGGER)."""

    def cut_in(self, duel: Duel, link: ChainLink) -> bool:
        """Must ``link`` pause after an instant of its resolution for another?"""
        raise NotImplementedError


class NegatesAttacks:
    """A game where an effect can negate the attack being declared (Yu-Gi-Oh!'s "negate the
    attack")."""

    def negate_attack(self, duel: Duel, ctx: Any, *, end_battle_phase: bool) -> bool:
        """Negate the attack in progress, if there is one (``ctx``: the effect's resolution);
        ``end_battle_phase``: the Battle Phase then ends. Whether it did."""
        raise NotImplementedError
