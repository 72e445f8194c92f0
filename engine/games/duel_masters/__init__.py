"""Duel Masters: triggered abilities wait in a pending pool, the active player's first, and
S-Triggers are used as shields break (DM-POOL, DM-ACTIVE-FIRST, DM-STRIGGER)."""

from .. import Game

GAME = Game(
    name="duel_masters",
    title="Duel Masters",
    package=__name__,
    card_types=("creature", "spell", "evolution"),
    subtypes={"creature": ("creature",), "spell": (), "evolution": ("evolution",)},
    phases=("start", "draw_step", "charge", "main", "attack", "end_of_turn"),
    stats=("power",),
    verb="use",
    pending_pool=True,
    shields=True,
)
