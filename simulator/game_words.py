"""Each game's words for what the site says about the moment: a Yu-Gi-Oh! trigger "meets its
timing" and is "activated" as a chain link; a Duel Masters ability "triggers", waits with the
other pending abilities and "resolves". The site's phrases are written in Yu-Gi-Oh!'s words
(the message ids of the catalogue); :data:`WORDS` gives a game's own phrase for each of them
where the game says it otherwise, and :func:`said` words one in the reader's language.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

#: game -> the site's phrase (a message id) -> that game's phrase (a message id)
WORDS: dict[str, dict[str, str]] = {
    "duel_masters": {
        # the fate of a triggered ability (the triggers panel, the tiles, the rules notice)
        "met its timing": gettext_noop("triggered"),
        "waiting to be activated": gettext_noop("waiting to resolve"),
        "about to be activated": gettext_noop("about to resolve"),
        "activated": gettext_noop("resolving"),
        "activated and resolved": gettext_noop("resolved"),
        "not activated": gettext_noop("not used"),
        "not activated (declined)": gettext_noop("not used (declined)"),
        "activation negated": gettext_noop("negated"),
        "did not meet its timing": gettext_noop("did not trigger"),
        "No effect has met its timing yet.": gettext_noop("No ability has triggered yet."),
        # a spell's own effect, as the picture names it
        "card activation": gettext_noop("spell cast"),
        # the share panel and the presenter's caption
        "Download the chain as a picture (SVG)":
            gettext_noop("Download the pending abilities as a picture (SVG)"),
        "Why does Sangan go first?": gettext_noop("Why does the S-Trigger go first?"),
    },
}


def word(game: str, phrase: str) -> str:
    """The message id ``game`` says ``phrase`` with (``phrase`` itself where it says it so)."""
    return WORDS.get(game, {}).get(phrase, phrase) if phrase else phrase


def said(game: str, phrase: str) -> str:
    """``phrase`` in ``game``'s words and the reader's language (an empty phrase stays empty:
    the catalogue's empty message id is its header)."""
    return _(word(game, phrase)) if phrase else ""
