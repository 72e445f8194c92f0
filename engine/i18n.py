"""The engine's languages: its own gettext catalogue and texts given in several languages.

The log is stored as structured entries and worded at the last moment (:mod:`engine.log`); a
:class:`Translator` words it in one language. Its message ids are the English templates of
:mod:`engine.log`, translated in ``engine/locale/<lang>/LC_MESSAGES/engine.po`` (compiled to
``engine.mo`` by ``make messages``), read with the standard library's :mod:`gettext`, so the
engine needs no web framework. Data that reaches the log (effect labels, scenario titles,
questions and explanations) may be given as ``{en: ..., ja: ..., fr: ...}``; ``en`` is needed,
and a language that is missing falls back to it.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "engine"
#: the languages the engine speaks; the first is the one its data and templates are written in
LANGUAGES = ("en", "ja", "fr")
#: the languages with a catalogue
TRANSLATED = LANGUAGES[1:]


def language(code: str | None) -> str:
    """The engine language for a language code ("ja", "fr-FR", "en-us"), English otherwise."""
    base = (code or "en").lower().replace("_", "-").split("-")[0]
    return base if base in LANGUAGES else "en"


@cache
def catalogue(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (no translation when it is English or not built)."""
    if lang == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def texts_of(value: Any, what: str = "text") -> dict[str, str]:
    """A text given as a string (English) or as ``{en: ..., ja: ..., fr: ...}``, by language.

    Raises ValueError naming ``what`` when it is neither, lacks English or names a language
    the engine does not speak."""
    if isinstance(value, str):
        return {"en": value}
    if not isinstance(value, Mapping) or not isinstance(value.get("en"), str):
        raise ValueError(f"{what} is text, or a mapping of languages with at least 'en'")
    unknown = [k for k in value if not str(k).startswith("__") and k not in LANGUAGES]
    if unknown:
        raise ValueError(f"{what}: unknown language {unknown[0]!r}; known: "
                         f"{', '.join(LANGUAGES)}")
    return {k: " ".join(str(v).split()) if k != "en" else str(v)
            for k, v in value.items() if k in LANGUAGES and isinstance(v, str) and v.strip()}


def pick(texts: Mapping[str, str], lang: str) -> str:
    """The text in ``lang``, or in English when it has none."""
    return texts.get(lang) or texts.get("en", "")


class Translator:
    """Words the log in one language: the catalogue's templates, plus the data's own
    translations (``data``: an English text to its translation, e.g. effect labels)."""

    def __init__(self, lang: str = "en", data: Mapping[str, str] | None = None) -> None:
        self.lang = language(lang)
        self.data = dict(data or {})
        self._gettext = catalogue(self.lang).gettext

    def __call__(self, text: str) -> str:
        if self.lang == "en" or not text:  # the catalogue's empty id is its header
            return text
        return self.data.get(text) or self._gettext(text)


def data_translations(texts: Iterable[Mapping[str, str]], lang: str) -> dict[str, str]:
    """English text -> its ``lang`` translation, for every text that has one."""
    return {t["en"]: t[lang] for t in texts if lang in t and "en" in t}


# ---------------------------------------------------------------- the catalogue's files


def message_ids() -> list[str]:
    """Every message id of the engine's catalogue: the log's templates, names and phrases, and
    the reasons of refusals (:mod:`engine.refusals`), what the vocabulary of card and
    scenario files says of a key it refuses (:mod:`engine.vocabulary`), and what each key of
    a card file does (its ``means``, on the card vocabulary page:
    :func:`engine.vocabulary.card_means`)."""
    from . import frames, log, refusals, vocabulary

    values: list[str] = []
    for table in (log.MESSAGES, log.EVENT_MESSAGES, log.PHASE_NAMES, log.ZONE_NAMES, log.CAUSES,
                  log.SUMMON_KINDS, log.ZONE_PLACES, log.CARD_KINDS, log.STAT_NAMES):
        values += list(table.values())
    values += [log.DESTROYED_AND_SENT, log.AS_MATERIAL, log.TRIBUTED_AS_MATERIAL, log.PLAYER,
               log.WHOSE,
               log.HIDDEN, *log.PHRASES, *refusals.REFUSALS.values(), *refusals.REFUSAL_WORDS,
               *frames.FRAME_LINES.values(), *vocabulary.MESSAGES.values(), *vocabulary.WHATS,
               *vocabulary.PHRASES, *vocabulary.card_means()]
    return list(dict.fromkeys(values))


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_po(path: Path) -> dict[str, tuple[str, bool]]:
    """A .po file's entries: message id -> (translation, fuzzy). The header and obsolete
    entries are left out; a context is kept before the id (``context\x04id``) and the forms
    of a plural are joined by NUL, as in a compiled catalogue (an empty form leaves a
    translation that is not whole: see :func:`untranslated`)."""
    entries: dict[str, tuple[str, bool]] = {}
    for block in re.split(r"\n\s*\n", path.read_text(encoding="utf-8")):
        fields: dict[str, str] = {}
        field = ""
        fuzzy = False
        for line in block.splitlines():
            line = line.strip()
            if line.startswith("#,"):
                fuzzy = "fuzzy" in line
            elif line.startswith("#"):
                continue
            elif match := re.match(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) (\".*\")$",
                                   line):
                field = match[1]
                fields[field] = _unquote(match[2])
            elif line.startswith('"') and field:
                fields[field] += _unquote(line)
        if fields.get("msgid"):
            forms = [v for k, v in sorted(fields.items()) if k.startswith("msgstr")]
            key = (fields["msgctxt"] + "\x04" if "msgctxt" in fields else "") + fields["msgid"]
            entries[key] = ("\x00".join(forms), fuzzy)
    return entries


def untranslated(entries: dict[str, tuple[str, bool]]) -> list[str]:
    """The message ids of a catalogue with no whole translation: empty, fuzzy, or a plural
    with an empty form."""
    return [m for m, (text, fuzzy) in entries.items()
            if fuzzy or not text or any(not form for form in text.split("\x00"))]


def write_po(path: Path, lang: str, entries: dict[str, str]) -> None:
    """Write a catalogue: one entry per message id, in the order given."""
    plural = "nplurals=1; plural=0;" if lang == "ja" else "nplurals=2; plural=(n > 1);"
    out = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"',
           f'"Language: {lang}\\n"', f'"Plural-Forms: {plural}\\n"', ""]
    for msgid, msgstr in entries.items():
        out += [f"msgid {_quote(msgid)}", f"msgstr {_quote(msgstr)}", ""]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(out), encoding="utf-8")


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _unquote(text: str) -> str:
    body = text.strip()[1:-1]
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m[1], m[1]), body)
