"""Amounts: the numbers an effect uses, fixed or computed from the table.

One small vocabulary for every number an operation or a continuous effect takes
(``modify_stat``, ``damage``, ``gain_lp``, ``lose_lp``, ``pay_lp``, a continuous ``atk``,
``def`` or ``power``):

- a whole number: ``amount: 500``;
- a count of cards: ``{count: {zone: hand, controller: you, filter: ...}, times: 1000}``
  ("1000 for each card in your hand");
- a stat of a card: ``{stat: level, of: event_card, times: 200}`` ("its Level x 200"),
  ``{stat: atk, of: event_card, original: true}`` ("its original ATK"). ``stat`` is one of
  ``atk``, ``def``, ``level``, ``power``, ``cost``; ``of`` names a card as a selector's
  ``card:`` does (``self``, ``event_card``, ``attacker``, ``equipped``, a target name);
- a player's Life Points: ``{lp: you, half: true}`` ("half your LP", rounded down); ``lp`` is
  ``you`` or ``opponent``.

The computed forms take ``times`` (default 1) and ``plus`` (default 0). A continuous effect
computes its amount again every time the stat is read, so it follows the count as it
changes (DM-STATIC); an operation computes it once, when it resolves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .duel import Duel
    from .state import Card

STATS = ("atk", "def", "level", "power", "cost")
AMOUNT_KEYS = {"count", "stat", "of", "original", "times", "plus", "lp", "half"}
#: the keys of which an amount mapping gives exactly one
AMOUNT_KINDS = ("count", "stat", "lp")


def problem(spec: Any) -> str | None:
    """Why ``spec`` is not an amount, or None (checked when a card file is loaded)."""
    if isinstance(spec, bool):
        return "an amount is a whole number or a mapping with count: or stat:"
    if isinstance(spec, int):
        return None
    if not isinstance(spec, dict):
        return "an amount is a whole number or a mapping with count: or stat:"
    keys = {k for k in spec if not str(k).startswith("__")}
    unknown = keys - AMOUNT_KEYS
    if unknown:
        known = ", ".join(sorted(AMOUNT_KEYS))
        return f"unknown amount field {sorted(unknown)[0]!r}; known: {known}"
    if sum(k in keys for k in AMOUNT_KINDS) != 1:
        return "an amount mapping needs exactly one of count:, stat: or lp:"
    if "lp" in keys and spec["lp"] not in ("you", "opponent"):
        return "lp: is you or opponent"
    if "half" in keys and not isinstance(spec["half"], bool):
        return "half: is true or false"
    if "count" in keys and not isinstance(spec["count"], dict):
        return "count: is a selector mapping {zone, controller, filter}"
    if "stat" in keys and spec["stat"] not in STATS:
        return f"stat must be one of {', '.join(STATS)}"
    for key in ("times", "plus"):
        if key in keys and (isinstance(spec[key], bool) or not isinstance(spec[key], int)):
            return f"{key} must be a whole number"
    return None


def evaluate(duel: Duel, spec: Any, *, me: int, source: int | None,
             card_of: Callable[[str], Card | None]) -> int:
    """The value of an amount now, seen from player ``me`` (the effect's controller).

    ``card_of`` resolves a card reference (``of:``) in the caller's context."""
    if isinstance(spec, int):
        return spec
    if "count" in spec:
        base = len(duel.find_cards(spec["count"], me, source))
    elif "lp" in spec:
        base = duel.state.lp[me if spec["lp"] == "you" else 1 - me]
    else:
        card = card_of(spec.get("of", "self"))
        base = 0 if card is None else stat_of(duel, card, spec["stat"],
                                              original=bool(spec.get("original")))
    if spec.get("half"):
        base //= 2
    return base * int(spec.get("times", 1)) + int(spec.get("plus", 0))


def stat_of(duel: Duel, card: Card, stat: str, *, original: bool = False) -> int:
    """A card's stat: its current value on the field, else (or if ``original``) as printed."""
    definition = duel.definition(card)
    printed = {"atk": definition.atk, "def": definition.defense, "level": definition.level,
               "power": definition.power, "cost": definition.cost}[stat]
    if original or not duel.policy.on_field(card):
        return printed
    value = duel.policy.stat(duel, card, stat)
    return (value or 0) if stat == "power" else value
