"""Yu-Gi-Oh!'s own words in the log (English; the message ids of the engine's catalogue)."""

#: a card's kind as Yu-Gi-Oh! names it, by (type, subtype); "" is any subtype
KIND_NAMES = {
    ("monster", "normal"): "Normal Monster",
    ("monster", "effect"): "Effect Monster",
    ("monster", "flip"): "Flip Effect Monster",
    ("monster", "ritual"): "Ritual Monster",
    ("monster", "fusion"): "Fusion Monster",
    ("monster", "synchro"): "Synchro Monster",
    ("monster", "xyz"): "Xyz Monster",
    ("monster", "link"): "Link Monster",
    ("monster", "token"): "Token",
    ("token", ""): "Token",
    ("spell", "normal"): "Normal Spell",
    ("spell", "quick_play"): "Quick-Play Spell",
    ("spell", "continuous"): "Continuous Spell",
    ("spell", "field"): "Field Spell",
    ("spell", "equip"): "Equip Spell",
    ("spell", "ritual"): "Ritual Spell",
    ("trap", "normal"): "Normal Trap",
    ("trap", "continuous"): "Continuous Trap",
    ("trap", "counter"): "Counter Trap",
}
