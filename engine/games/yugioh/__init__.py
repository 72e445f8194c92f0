"""Yu-Gi-Oh!: chains of numbered links built by both players, resolved last first, and
effects that miss the timing (YGO-CHAIN, YGO-MISS, YGO-SEGOC)."""

from .. import Game

GAME = Game(
    name="yugioh",
    title="Yu-Gi-Oh!",
    package=__name__,
    card_types=("monster", "spell", "trap", "token"),
    subtypes={
        "monster": ("normal", "effect", "flip", "ritual", "fusion", "synchro", "xyz", "link",
                    "token"),
        "spell": ("normal", "quick_play", "continuous", "field", "equip", "ritual"),
        "trap": ("normal", "continuous", "counter"),
        "token": ("token",),
    },
    phases=("draw", "standby", "main1", "battle", "main2", "end"),
    stats=("atk",),
    verb="activate",
    chain=True,
    life_points=True,
)
