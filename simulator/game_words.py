"""Each game's words for what the site says about the moment: a Yu-Gi-Oh! trigger "meets its
timing" and is "activated" as a chain link; a Duel Masters ability "triggers", waits with the
other pending abilities and "resolves". The site's phrases are written in Yu-Gi-Oh!'s words
(the message ids of the catalogue); a game's web data (``WORDS`` of
``engine/games/<game>/web.py``, see :mod:`simulator.game_context`) gives its own phrase for
each of them where the game says it otherwise, and :func:`said` words one in the reader's
language.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from .game_context import web


def word(game: str, phrase: str) -> str:
    """The message id ``game`` says ``phrase`` with (``phrase`` itself where it says it so)."""
    return web(game).WORDS.get(phrase, phrase) if phrase else phrase


def said(game: str, phrase: str) -> str:
    """``phrase`` in ``game``'s words and the reader's language (an empty phrase stays empty:
    the catalogue's empty message id is its header)."""
    return _(word(game, phrase)) if phrase else ""
