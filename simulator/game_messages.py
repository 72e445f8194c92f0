"""The site's message ids that the games' titles and web data word pages with
(``engine/games/<game>/web.py``: a game's phrases, the title of a new board, the card types
of the card form), marked here so that the site's catalogue keeps them: the site translates
them where it shows them (:mod:`simulator.game_words`, :mod:`simulator.boards`,
:mod:`simulator.editor`). Nothing imports this module; ``makemessages`` reads it.
"""

from django.utils.translation import gettext_noop, pgettext_lazy

MARKED = (
    # the games' titles (a Game's title: 遊☆戯☆王 and デュエル・マスターズ in Japanese)
    gettext_noop("Yu-Gi-Oh!"), gettext_noop("Duel Masters"),
    # a game's phrase for a phrase of the site (WORDS), and the phrases it replaces
    gettext_noop("triggered"), gettext_noop("waiting to resolve"),
    gettext_noop("about to resolve"), gettext_noop("resolving"), gettext_noop("resolved"),
    gettext_noop("not used"), gettext_noop("not used (declined)"), gettext_noop("negated"),
    gettext_noop("did not trigger"), gettext_noop("No ability has triggered yet."),
    gettext_noop("spell cast"),
    gettext_noop("Download the pending abilities as a picture (SVG)"),
    gettext_noop("put into the graveyard"), gettext_noop("change the power of"),
    gettext_noop("make its abilities ignored"),
    gettext_noop("Life points, turn and phase"), gettext_noop("Turn and step"),
    gettext_noop("Phase"), gettext_noop("Step of the turn"),
    gettext_noop("Download the chain as a picture (SVG)"),
    # the label of the card's text in the card editor (TEXT_LABEL)
    gettext_noop("Paste the card's text (English or Japanese)"),
    gettext_noop("Paste the card's text (Japanese or English)"),
    # a new board's title (BOARD_TITLE)
    gettext_noop("Yu-Gi-Oh! board (%(preset)s)"), gettext_noop("Duel Masters board"),
    # the card types of the card form (TYPE_WORDS)
    pgettext_lazy("Yu-Gi-Oh! card type", "Monster"), pgettext_lazy("Yu-Gi-Oh! card type", "Spell"),
    pgettext_lazy("Yu-Gi-Oh! card type", "Trap"),
    pgettext_lazy("Duel Masters card type", "Creature"),
    pgettext_lazy("Duel Masters card type", "Spell"),
    pgettext_lazy("Yu-Gi-Oh! card type", "Token"),
    pgettext_lazy("Duel Masters card type", "Evolution Creature"),
    # the values of the card form's chosen fields (FIELD_WORDS)
    *(pgettext_lazy("Yu-Gi-Oh! Attribute", a) for a in (
        "DARK", "LIGHT", "WATER", "FIRE", "EARTH", "WIND", "DIVINE")),
    *(pgettext_lazy("Duel Masters civilization", c) for c in (
        "Light", "Water", "Darkness", "Fire", "Nature")),
)
