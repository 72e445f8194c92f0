"""Tiny: the smallest game the engine plays, kept to prove that a game is a package.

Two zones (a hand and a field), one kind of effect (a trigger), one action (destroy a card on
the field: it goes back to its owner's hand). A trigger waits in a pending pool and resolves,
oldest first, once the action is over. Register it with ``engine.games.register("tests.games.
tiny")`` or the ``CHAIN_GAMES`` setting; nothing outside this folder knows of it.
"""

from pathlib import Path

from engine.games import Game

GAME = Game(
    name="tiny",
    title="Tiny",
    package=__name__,
    card_types=("unit",),
    subtypes={"unit": ("unit",)},
    phases=("main",),
    stats=("power",),
    verb="use",
    pending_pool=True,
    data_dir=Path(__file__).parent / "data",
)
