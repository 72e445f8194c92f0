"""The card editor in the reader's words: no internal identifier of the card files on its
pages (a kind, a wording, a zone, a card type or subtype, an Attribute or a civilization is
shown in the page's language, every error too), and the card vocabulary served as a page in
the three languages and linked from the editor (issue 27)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from engine.vocabulary import CARDS_MD, TABLES, doc_keys

pytestmark = pytest.mark.django_db

LANGS = ("en", "ja", "fr")
#: texts pasted into the editor: each fills the form with effects, options and problems
TEXTS = {
    "yugioh": ("When this card is destroyed by battle and sent to the GY: You can Special Summon "
               "1 WATER monster with 1500 or less ATK from your Deck.\nThis card gains 500 ATK."
               "\nOnce per turn: You can skip your opponent's next Draw Phase."),
    "duel_masters": ("■S・トリガー（この呪文をコストを支払わずにすぐ唱えてもよい）\n"
                     "■相手のクリーチャーを1体選び、破壊する。\n"
                     "■このクリーチャーはブロックされない。"),
}
#: the card files' own words no page of the editor shows as words
IDENTIFIERS = re.compile(r"\b(s_trigger|ninja_strike|quick_play|each_time|spell_trap|"
                         r"activate_from|once_per_turn|not_compiled|sent_to_gy|"
                         r"add_to_hand|special_summon)\b")


def page(game: str, lang: str, **post: str) -> str:
    client = Client(HTTP_HOST="localhost")
    client.cookies["django_language"] = lang
    data = {"game": game, "text": TEXTS[game], "do": "read", "effects": "0", **post}
    response = client.post("/cards/new", data)
    assert response.status_code == 200
    return response.content.decode()


def shown(html: str) -> str:
    """The words a reader sees, without what they typed or pasted (the text and YAML fields,
    the pasted text drawn again in the reading and the preview) and without code."""
    body = html[html.find("<main"):]
    body = re.sub(r"<(textarea|code|script)\b.*?</\1>", " ", body, flags=re.S)
    body = re.sub(r'<p class="reading-text">.*?</p>', " ", body, flags=re.S)
    body = re.sub(r"“[^”]*”|「[^」]*」", " ", body)  # the pasted words a problem quotes
    body = re.sub(r'<[^>]*class="[^"]*card-text[^"]*"[^>]*>.*?</', " ", body, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", body))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(TEXTS))
def test_the_editor_shows_no_internal_identifier(game: str, lang: str) -> None:
    html = page(game, lang)
    words = shown(html)
    assert not IDENTIFIERS.findall(words), IDENTIFIERS.findall(words)
    options = re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', html)
    assert len(options) > 20
    for value, said in options:
        if re.fullmatch(r"[a-z_\[\], ]+", value):  # a card file's own value: said in words
            assert unescape(said).strip() != value, f"option {value!r} shown as it is written"


@pytest.mark.parametrize("lang", ("ja", "fr"))
def test_the_reader_s_problems_are_in_the_page_s_language(lang: str) -> None:
    words = page("yugioh", lang)
    english = ("is not among the wordings", "cannot be written from its text",
               "Operations", "Kind:")
    assert not [w for w in english if w in shown(words)]
    assert "/cards/vocabulary/" in words  # where a word could not be read, the vocabulary


UNREADABLE = {  # a text the reader cannot read, and its reason in each language
    "yugioh": ("Cannot be Normal Summoned/Set.", {
        "en": "a Summoning condition, not an effect", "ja": "効果ではなく召喚条件",
        "fr": "une condition d'Invocation, pas un effet"}),
    "duel_masters": ("■このクリーチャーが破壊された場合、カードを1枚引く。", {
        "en": "names an event", "ja": "タイミングの「時」がない",
        "fr": "nomme un événement"}),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(UNREADABLE))
def test_why_a_text_is_unreadable_is_said_in_the_page_s_language(game: str, lang: str) -> None:
    text, reasons = UNREADABLE[game]
    client = Client(HTTP_HOST="localhost")
    client.cookies["django_language"] = lang
    html = unescape(client.post("/cards/new", {"game": game, "text": text, "do": "read",
                                               "effects": "0"}).content.decode())
    assert reasons[lang] in html
    for other in set(reasons.values()) - {reasons[lang]}:
        assert other not in html


@pytest.mark.parametrize(("lang", "name_en", "name_ja"), [
    ("en", "New card", ""), ("fr", "Nouvelle carte", ""), ("ja", "New card", "新しいカード")])
def test_an_unnamed_card_is_named_in_latin_letters_and_in_japanese(
        lang: str, name_en: str, name_ja: str) -> None:
    """A pasted text without a name line: the field of the name in Latin letters never holds
    Japanese words; a Japanese page names the card in its Japanese field too."""
    html = page("duel_masters", lang)
    fields = {m[0]: m[1] for m in re.findall(
        r'<input[^>]*name="(name_en|name_ja)"[^>]*value="([^"]*)"', html)}
    assert fields.get("name_en") == name_en
    assert fields.get("name_ja", "") == name_ja


@pytest.mark.parametrize("lang", LANGS)
def test_the_vocabulary_page_is_served_and_linked(lang: str) -> None:
    client = Client(HTTP_HOST="localhost")
    client.cookies["django_language"] = lang
    editor = client.get("/cards/new").content.decode()
    assert 'href="/cards/vocabulary/"' in editor
    html = client.get("/cards/vocabulary/").content.decode()
    assert f'<html lang="{lang}"' in html
    for name, table in TABLES.items():
        if table.doc != CARDS_MD:
            continue
        section = re.search(rf'<section[^>]*id="{name}".*?</section>', html, re.S)
        assert section, f"no section for {name}"
        keys = set(re.findall(r'<th scope="row"><code>([a-z_0-9]+)</code>', section.group(0)))
        assert keys == set(doc_keys(name)), name  # the keys docs/cards.md lists, no other
    assert re.search(r'id="operations".*<code>special_summon</code>', html, re.S)


@pytest.mark.parametrize(("game", "text", "fields"), [
    ("duel_masters", "コッコ・ルピア\n火文明 (3)\nクリーチャー：ファイアー・バード 1000\n"
                     "■自分のドラゴンの召喚コストを2少なくしてもよい。",
     {"name_ja": "コッコ・ルピア", "civilization": "fire", "cost": "3", "power": "1000",
      "races": "ファイアー・バード", "type": "creature"}),
    ("duel_masters", "Bolshack Dragon\nFire (6)\nCreature: Armored Dragon 6000+\nDouble breaker",
     {"name_en": "Bolshack Dragon", "civilization": "fire", "cost": "6", "power": "6000",
      "races": "Armored Dragon"}),
    ("yugioh", "Quick-Play Spell\nTarget 1 monster on the field; destroy it.",
     {"type": "spell", "subtype": "quick_play"}),
    ("yugioh", "Level 4 DARK [Fiend/Effect] ATK/1500 DEF/1200\nWhen this card is Normal "
               "Summoned: You can draw 1 card.",
     {"type": "monster", "subtype": "effect", "level": "4", "attribute": "DARK",
      "race": "Fiend", "atk": "1500", "def": "1200"}),
])
def test_a_pasted_card_s_header_lines_fill_its_fields(game: str, text: str,
                                                      fields: dict) -> None:
    """The name, type, Attribute / civilization, Level / cost and stat lines of a pasted
    card fill the card's fields (issue 27, item 2)."""
    html = page(game, "en", text=text)
    for name, value in fields.items():
        chosen = re.search(rf'<select name="{name}"[^>]*>.*?</select>', html, re.S)
        if chosen:
            selected = re.findall(r'<option value="([^"]*)" selected', chosen.group(0))
            assert selected[:1] == [value], (name, selected)
        else:
            m = re.search(rf'name="{name}"[^>]*value="([^"]*)"', html)
            assert m and unescape(m.group(1)) == value, (name, m and m.group(1))


#: what a card file writes as it is: back-quoted or snake_case names, numbers, rule ids
CODE_WORDS = re.compile(r"`[^`]*`|\b\w*_\w*\b|\b(?:YGO|DM)(?:-[A-Z]+)+|\d+")


@pytest.mark.parametrize("lang", ("ja", "fr"))
def test_the_vocabulary_page_says_what_each_key_does_in_the_page_s_language(lang: str) -> None:
    """Every row's "what it does" is the key's ``means`` in the page's language, not the
    English (unless the English is only code words and numbers)."""
    client = Client(HTTP_HOST="localhost")
    client.cookies["django_language"] = lang
    html = client.get("/cards/vocabulary/").content.decode()
    english = []
    rows = 0
    for name, table in TABLES.items():
        if table.doc != CARDS_MD:
            continue
        section = re.search(rf'<section[^>]*id="{name}".*?</section>', html, re.S).group(0)
        said = dict(re.findall(r'<th scope="row"><code>([a-z_0-9]+)</code></th><td>.*?</td>'
                               r'<td>(.*?)(?: <span class="muted">.*?)?(?: <strong>.*?)?</td>',
                               section, re.S))
        for key_name, key in doc_keys(name).items():
            rows += 1
            if not re.search(r"[A-Za-z]{2,}", CODE_WORDS.sub(" ", key.means)):
                continue
            if unescape(said[key_name]).strip() == key.means:
                english.append(f"{name}.{key_name}: {key.means}")
    assert rows > 150
    assert english == [], f"{len(english)} row(s) in English: {english}"


@pytest.mark.parametrize("written", ["[gy, banished, hand]", "[gy,", "nowhere"])
def test_an_activated_from_value_written_before_is_named_or_refused(written: str) -> None:
    """The zones an effect is used from: a list written before is the option chosen, each
    zone by its name; a value that is no zone list is refused beside the field (the page
    answers, the card is not taken)."""
    client = Client(HTTP_HOST="localhost")
    data = {"game": "yugioh", "text": "", "do": "check", "effects": "1", "name_en": "X",
            "type": "monster", "subtype": "effect", "level": "4", "atk": "0", "def": "0",
            "e0-include": "on", "e0-kind": "ignition", "e0-activate_from": written,
            "e0-operations": "[{op: draw, count: 1}]"}
    response = client.post("/cards/new", data)
    assert response.status_code == 200
    html = unescape(response.content.decode())
    select = re.search(r'<select name="e0-activate_from".*?</select>', html, re.S).group(0)
    error = re.search(r'id="err-e0-activate_from"[^>]*>(.*?)</p>', html, re.S).group(1)
    if written.startswith("[gy, "):
        assert f'<option value="{written}" selected>GY · Banishment · Hand</option>' in select
        assert not re.sub(r"<[^>]+>", "", error).strip()
    else:
        assert re.sub(r"<[^>]+>", "", error).strip(), "a value that is no zone is refused"
