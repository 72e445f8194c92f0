"""Duel Masters' own words in the log (English; the message ids of the engine's catalogue)."""

#: a card's kind as Duel Masters names it, by (type, subtype); "" is any subtype
KIND_NAMES = {
    ("creature", ""): "Creature",
    ("evolution", ""): "Evolution Creature",
    ("spell", ""): "Spell",
}
