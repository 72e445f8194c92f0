"""What the site asks of a game: its :class:`~engine.games.Game` (what it has: a chain, a
pending pool, life points...) and its web data (``engine/games/<game>/web.py``: the mat, the
card form, the presets, its own words), so that no shared page or module names a game.

A game whose package has no ``web`` module gets :data:`DEFAULTS` (no presets, no words of its
own, an empty mat); one that leaves out a name gets that name's default.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from django.http import HttpRequest

from engine import games as registry
from engine.games import Game

#: what a game's web module says when it says nothing
DEFAULTS: dict[str, Any] = {
    "MAT": [], "FRAME": "", "NUMBERS": "", "EQUIP_ZONES": (), "SET_ZONES": (),
    "STAT_FIELDS": (), "FLAGS": (), "TYPE_WORDS": {}, "FIELD_WORDS": {},
    "PLAIN_KIND": "activation",
    "PREVIEW_ZONES": ("hand", "hand"), "TEXT_LABEL": "Paste the card's text (English or Japanese)",
    "PRESETS": (), "FIRST_TURN": False, "BOARD_TITLE": "", "FLIP_WORDING": {},
    "UNKNOWN_CARDS": [], "WORDS": {}, "initial_card": None,
}


def has(name: str) -> Game:
    """The registered game called ``name`` (an illegal action if there is none)."""
    return registry.game(name)


def web(name: str) -> SimpleNamespace:
    """The web data of the game called ``name`` (:data:`DEFAULTS` for an unknown one)."""
    return registry.part(name, "web", DEFAULTS)


def all_presets() -> tuple[str, ...]:
    """Every rule preset of every registered game, once each."""
    return tuple(dict.fromkeys(p for g in registry.games() for p in web(g.name).PRESETS))


def stat_fields() -> set[str]:
    """Every card field after the names that some registered game's form has."""
    return {f for g in registry.games() for f in web(g.name).STAT_FIELDS}


def games(request: HttpRequest) -> dict[str, Any]:
    """The context processor: ``games``, the registered games in order (the game pickers)."""
    return {"games": registry.games()}
