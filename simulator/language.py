"""The reader's language for what the engine words: the log, players, phases, card names.

The site's own strings go through Django's gettext; the engine's log through the engine's
catalogue (:mod:`engine.i18n`), in the language Django chose for the request (the language
cookie set by the switcher, then the browser's Accept-Language).
"""

from __future__ import annotations

from collections.abc import Mapping
from http.cookies import CookieError, SimpleCookie
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import get_language, get_supported_language_variant
from django.utils.translation.trans_real import parse_accept_lang_header

from engine import CardDef, Duel, IllegalAction, refusal_text
from engine.i18n import Translator, language, pick
from engine.words import worded


def engine_language() -> str:
    """The engine language of the current request ("en", "ja" or "fr")."""
    return language(get_language())


def translator(duel: Duel | None = None) -> Translator:
    """Words the engine's log in the reader's language (with ``duel``'s effect labels)."""
    lang = engine_language()
    return duel.translator(lang) if duel is not None else Translator(lang)


def refusal_reason(exc: IllegalAction, duel: Duel | None = None) -> str:
    """Why the engine refused an action, in the reader's language, with the rules it cites."""
    return worded(refusal_text(exc), translator(duel))


def card_names(definition: CardDef) -> dict[str, str]:
    """A card's name in the reader's language (``name``; English where the card has no name
    in that language, then ``name_lang`` says so for the page's ``lang`` attributes) and its
    other usual name (``alt``: the Japanese name for an English reader, the English one
    otherwise, in ``alt_lang``), its text and its note (what its effects leave out), for card
    tiles and the library."""
    lang = engine_language()
    name_lang = lang if lang in definition.name else "en"
    alt_lang = "ja" if name_lang == "en" else "en"
    alt = definition.name.get(alt_lang, "")
    return {"name": definition.name[name_lang],
            "name_lang": "" if name_lang == lang else name_lang,
            "alt": alt if alt != definition.name[name_lang] else "", "alt_lang": alt_lang,
            "text": definition.display_text(lang), "note": definition.display_note(lang),
            # English text shown for want of one in the reader's language says so (lang="en")
            "text_lang": "" if lang == "en" or definition.texts.get(lang) else "en",
            "note_lang": "" if lang == "en" or definition.notes.get(lang) else "en"}


# ---------------------------------------------------------------- live updates

#: how long a board remembers the languages its watchers read (seconds)
WATCH_MEMORY = 24 * 3600


def socket_language(scope: dict[str, Any]) -> str:
    """The language of a websocket: the switcher's cookie, else the browser's
    Accept-Language, as Django chooses it for a page (the default otherwise)."""
    headers = {k.decode("latin-1").lower(): v.decode("latin-1")
               for k, v in scope.get("headers", [])}
    cookie = SimpleCookie()
    try:
        cookie.load(headers.get("cookie", ""))
    except CookieError:
        pass
    chosen = cookie.get(settings.LANGUAGE_COOKIE_NAME)
    codes = [chosen.value] if chosen else []
    codes += [code for code, _q in parse_accept_lang_header(headers.get("accept-language", ""))]
    for code in codes:
        try:
            return get_supported_language_variant(code)
        except LookupError:
            continue
    return settings.LANGUAGE_CODE


def language_group(group: str, lang: str) -> str:
    """The group of one kind of viewer reading ``lang``: every update is rendered once per
    kind of viewer and language watched."""
    return f"{group}.{lang}"


def watched(slug: str, lang: str) -> None:
    """Remember that a watcher of board ``slug`` reads ``lang``."""
    key = f"watch-languages:{slug}"
    langs = set(cache.get(key) or ())
    if lang not in langs:
        cache.set(key, sorted(langs | {lang}), WATCH_MEMORY)
    else:
        cache.touch(key, WATCH_MEMORY)


def watched_languages(slug: str) -> list[str]:
    """The languages the board's update is rendered in: the current one first, then those
    its watchers read."""
    current = get_language() or settings.LANGUAGE_CODE
    return list(dict.fromkeys([current, *(cache.get(f"watch-languages:{slug}") or ())]))


# ---------------------------------------------------------------- data in several languages


def local(texts: Mapping[str, str] | None, english: str = "") -> str:
    """A text given by language, in the reader's (English where it has none)."""
    return pick(texts, engine_language()) if texts else english


def local_field(item: Any, key: str) -> str:
    """``item``'s ``key`` (title, question, explanation, statement) in the reader's language,
    from its ``texts`` (a scenario, a gallery entry or a rule), else the field itself."""
    texts = item.get("texts") if isinstance(item, Mapping) else getattr(item, "texts", None)
    english = item.get(key) if isinstance(item, Mapping) else getattr(item, key, "")
    return local((texts or {}).get(key), str(english or ""))


def scenario_text(board: Any, key: str) -> str:
    """A board's question or explanation in the reader's language: a built-in scenario's own
    translation while the board still holds that scenario's English text."""
    from .gallery import find

    english = getattr(board, key) or ""
    entry = find(board.game, board.scenario) if board.scenario else None
    texts = (entry or {}).get("texts", {}).get(key) or {}
    return local(texts, english) if texts.get("en") == english else english


def board_title(board: Any) -> str:
    """A board's title; a built-in scenario's own title in the reader's language while the
    board keeps it."""
    return scenario_text(board, "title") if board.title else board.display_title
