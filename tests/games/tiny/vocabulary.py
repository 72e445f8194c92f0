"""Tiny's own words of card and scenario files: its one kind of effect and its actions."""

from engine.vocabulary import CARD, Int, K, Key

EFFECT_KINDS = ("trigger",)
WHILE: tuple[str, ...] = ()
KEYS: dict[str, dict[str, Key]] = {"card": {"power": K(Int(0), "its power")}}
ACTIONS: dict[str, dict[str, Key]] = {
    "destroy": {"card": CARD},
    "pass": {},
}
