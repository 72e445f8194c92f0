"""Every word in the reader's language: on every page kind of every built-in scenario, in
Japanese and French, no English string of the site's catalogue is left untranslated (a
message id shown as it is while its translation differs), and no page, in any language,
shows the catalogue's header (what gettext gives for an empty message id). Card names and
other text marked as English (``lang="en"``) are set aside."""

from __future__ import annotations

import html as html_lib
import re
from functools import cache
from pathlib import Path

import pytest
from django.utils import translation

from engine.i18n import Translator, read_po
from tests.web.every_page import LANGUAGES, card_names, rendered

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
#: what a catalogue's header says (the translation of the empty message id)
HEADER = re.compile(r"Content-Type: text/plain|Plural-Forms:|Project-Id-Version|"
                    r"Content-Transfer-Encoding|MIME-Version")
#: message ids that are a word of the page's own markup or a name, said alike in every
#: language, which a shorter or longer English text holds by chance
ALIKE = {"OK", "Spell"}  # "Spell" (a counter's name): French says "Spell Speed" too


def _alike(text: str) -> str:
    """A text as two languages may share it: French "Question :" is English "Question"."""
    return re.sub(r"[\s\u00a0\u202f.,:;!?]+", "", text).casefold()


@cache
def _english(lang: str) -> re.Pattern[str]:
    """The catalogue's message ids whose translation differs from them (or is missing), as
    one pattern of whole words (the ids with placeholders by their longest literal part)."""
    ids = set()
    for key, (translated, _fuzzy) in read_po(
            ROOT / "locale" / lang / "LC_MESSAGES" / "django.po").items():
        msgid = key.split("\x04")[-1]
        first = translated.split("\x00")[0]
        if _alike(first) == _alike(msgid) or msgid in ALIKE:
            continue
        parts = [p.strip(" .,:;") for p in re.split(r"%\(\w+\)[sd]|%[sd]|\{\w*\}|<[^>]+>",
                                                     msgid)]
        literal = max(parts, key=len)
        if len(literal) >= 4 and re.search(r"[A-Za-z]{2}", literal) and (
                len(parts) == 1 or " " in literal):
            ids.add(literal)
    alternatives = "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])")


@pytest.fixture(scope="module",
                params=["a spread", pytest.param("every scenario", marks=pytest.mark.sweep)])
def pages(request, django_db_setup, django_db_blocker):
    """The pages of a spread of the built-in scenarios; of every one in the sweep
    (``pytest -m sweep``)."""
    with django_db_blocker.unblock():
        return rendered(every=request.param == "every scenario")


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_no_english_string_of_the_catalogue_is_left_on_a_page(pages, lang: str) -> None:
    english = _english(lang)
    seen: dict[str, str] = {}  # each English string once, with the first page showing it
    for (game, slug, page_lang), kinds in pages.items():
        if page_lang != lang:
            continue
        for kind, page in kinds.items():
            text = card_names().sub("", page.local_text)
            for hit in english.finditer(text):
                seen.setdefault(hit.group(0), f"{game}/{slug or '-'} {kind}: …"
                                f"{text[max(0, hit.start() - 40):hit.end() + 40]}…")
    assert not seen, (f"{len(seen)} English strings of the catalogue on {lang} pages:\n"
                      + "\n".join(f"{k!r} — {v}" for k, v in sorted(seen.items())))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_shows_the_catalogue_header(pages, lang: str) -> None:
    shown = [f"{game}/{slug or '-'} {kind}" for (game, slug, page_lang), kinds in pages.items()
             if page_lang == lang for kind, page in kinds.items() if HEADER.search(page.text)]
    assert not shown, f"the catalogue's header on {len(shown)} pages: {shown[:20]}"


@pytest.mark.parametrize("lang", ["ja", "fr"])
def test_an_empty_text_is_never_looked_up(lang: str) -> None:
    """The empty message id is the catalogue's header: an empty label stays empty."""
    from simulator.game_words import said

    assert Translator(lang)("") == ""
    with translation.override(lang):
        assert said("duel_masters", "") == said("yugioh", "") == ""


@pytest.mark.parametrize("lang", ["ja", "fr"])
def test_the_glossary_gives_every_example_in_the_readers_language(lang: str) -> None:
    from django.test import Client

    from engine import RULES

    client = Client(HTTP_HOST="localhost", HTTP_ACCEPT_LANGUAGE=lang)
    for rule in RULES.values():
        if not rule.examples:
            continue
        local = rule.examples_in(lang)
        assert len(local) == len(rule.examples) and local != rule.examples, rule.id
        html = client.get(f"/rules/{rule.id}/").content.decode()
        for english in rule.examples:
            assert html_lib.escape(english) not in html, (rule.id, english)
        assert html_lib.escape(local[0]) in html, rule.id
