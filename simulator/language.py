"""The reader's language for what the engine words: the log, players, phases, card names.

The site's own strings go through Django's gettext; the engine's log through the engine's
catalogue (:mod:`engine.i18n`), in the language Django chose for the request (the language
cookie set by the switcher, then the browser's Accept-Language).
"""

from __future__ import annotations

from django.utils.translation import get_language

from engine import Duel
from engine.cards import CardDef
from engine.i18n import Translator, language


def engine_language() -> str:
    """The engine language of the current request ("en", "ja" or "fr")."""
    return language(get_language())


def translator(duel: Duel | None = None) -> Translator:
    """Words the engine's log in the reader's language (with ``duel``'s effect labels)."""
    lang = engine_language()
    return duel.translator(lang) if duel is not None else Translator(lang)


def card_names(definition: CardDef) -> dict[str, str]:
    """A card's name in the reader's language (``name``, with its ``name_lang``: English
    where the card has no name in that language) and its other usual name (``alt``: the
    Japanese name for an English reader, the English one otherwise), for card tiles."""
    lang = engine_language()
    name_lang = lang if lang in definition.name else "en"
    alt_lang = "ja" if name_lang == "en" else "en"
    alt = definition.name.get(alt_lang, "")
    return {"name": definition.name[name_lang], "name_lang": name_lang,
            "alt": alt if alt != definition.name[name_lang] else "", "alt_lang": alt_lang,
            "text": definition.display_text(lang)}
