"""Japanese and French: every message of the engine's log and of the site is translated, the
data that reaches the log carries its translations, the catalogues use each game's terms (the
glossaries), and a built-in scenario's Japanese transcript has no English outside card names.

A failure lists every message still to translate: run ``python manage.py logmessages`` (the
engine's catalogue) or ``python manage.py makemessages -l ja -l fr`` (the site's), translate the
empty entries following docs/glossary.<lang>.md, then ``make messages``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.cards import builtin_library
from engine.catalogue import RULES
from engine.i18n import TRANSLATED, message_ids, po_path, read_po, untranslated
from engine.scenario import builtin_scenarios, load_scenario, run_scenario

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = re.compile(r"{\w+}|%\(\w+\)[sd]")
RULE_ID = re.compile(r"\b(?:YGO|DM)-[A-Z0-9]+(?:-[A-Z0-9]+)*")


def site_po(lang: str) -> Path:
    return ROOT / "locale" / lang / "LC_MESSAGES" / "django.po"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_log_message_is_translated(lang: str) -> None:
    entries = read_po(po_path(lang))
    missing = [m for m in message_ids() if m not in entries]
    assert not missing, f"not in the {lang} catalogue (run manage.py logmessages): {missing}"
    todo = [m for m in untranslated(entries) if m in message_ids()]
    assert not todo, f"{len(todo)} log message(s) with no {lang} translation: {todo}"
    stale = sorted(set(entries) - set(message_ids()))
    assert not stale, f"no longer in the engine (run manage.py logmessages): {stale}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_site_string_is_translated(lang: str) -> None:
    todo = untranslated(read_po(site_po(lang)))
    assert not todo, f"{len(todo)} site string(s) with no {lang} translation: {todo}"


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("catalogue", ["engine", "site"])
def test_translations_keep_their_placeholders(lang: str, catalogue: str) -> None:
    path = po_path(lang) if catalogue == "engine" else site_po(lang)
    wrong = []
    for msgid, (text, _fuzzy) in read_po(path).items():
        want = set(PLACEHOLDER.findall(msgid.split("\x04")[-1]))
        for form in text.split("\x00"):
            if form and set(PLACEHOLDER.findall(form)) - want:
                wrong.append(msgid)
            elif form and "\x00" not in text and want - set(PLACEHOLDER.findall(form)):
                wrong.append(msgid)
    assert wrong == []


def glossary(lang: str) -> list[tuple[str, str, str]]:
    """The checked rows of docs/glossary.<lang>.md: (term, English pattern, pattern)."""
    rows = []
    text = (ROOT / "docs" / f"glossary.{lang}.md").read_text(encoding="utf-8")
    for line in text.splitlines():
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        if len(cells) == 4 and cells[2].startswith("`") and cells[3].startswith("`"):
            unescape = [c.strip("`").replace("\\|", "|") for c in cells[2:]]
            rows.append((cells[1], unescape[0], unescape[1]))
    return rows


@pytest.mark.parametrize("lang", TRANSLATED)
def test_glossary_is_read(lang: str) -> None:
    assert len(glossary(lang)) >= 12


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("catalogue", ["engine", "site"])
def test_catalogues_use_the_glossary_terms(lang: str, catalogue: str) -> None:
    """Wherever an English message uses a key term, its translation uses the game's term."""
    entries = read_po(po_path(lang) if catalogue == "engine" else site_po(lang))
    wrong = []
    for term, english, pattern in glossary(lang):
        for msgid, (text, _fuzzy) in entries.items():
            if re.search(english, msgid.split("\x04")[-1], re.I) and text and not re.search(
                    pattern, text, re.I):
                wrong.append(f"{term}: {msgid!r} -> {text!r}")
    assert wrong == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_effect_labels_are_translated(lang: str) -> None:
    missing = sorted({f"{c.id}: {e.label}" for c in builtin_library() for e in c.effects
                      if e.label and lang not in e.labels}
                     | {f"{c.id}: {e.label}" for path in builtin_scenarios()
                        for c in load_scenario(path).cards for e in c.effects
                        if e.label and lang not in e.labels})
    assert not missing, f"{len(missing)} effect label(s) with no {lang}: {missing}"


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("key", ["title", "question", "explanation"])
def test_scenario_texts_are_translated(lang: str, key: str) -> None:
    missing = [p.name for p in builtin_scenarios()
               if lang not in load_scenario(p).texts.get(key, {lang: ""})]
    assert not missing, f"{len(missing)} scenario(s) with no {lang} {key}: {missing}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translated_explanations_cite_the_same_rules(lang: str) -> None:
    wrong = []
    for path in builtin_scenarios():
        texts = load_scenario(path).texts.get("explanation", {})
        if lang in texts and set(RULE_ID.findall(texts[lang])) != set(
                RULE_ID.findall(texts["en"])):
            wrong.append(path.name)
    assert wrong == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_rules_are_translated(lang: str) -> None:
    missing = [r.id for r in RULES.values()
               if lang not in r.texts["title"] or lang not in r.texts["statement"]]
    assert missing == []


def test_rule_sources_link_to_their_articles() -> None:
    for rule in RULES.values():
        articles = [s for s in rule.sources if s["article"] not in ("general", "rulings")]
        assert all(s["article_url"].startswith("https://") and s["article_language"]
                   for s in articles), rule.id


def _english_words(line: str, names: list[str]) -> list[str]:
    line = RULE_ID.sub("", line)
    for name in names:
        line = line.replace(name, "")
    return [w for w in re.findall(r"[A-Za-z]{2,}", line) if w != "LP"]


def test_japanese_transcripts_have_no_english_outside_card_names() -> None:
    """Every built-in scenario played and worded in Japanese, the reasons of the steps it
    expects to be refused too: no English word is left but card names with no Japanese name,
    rule ids and LP."""
    names = {n for c in builtin_library() for n in c.name.values()}
    found = {}
    for path in builtin_scenarios():
        result = run_scenario(load_scenario(path))
        cards = names | {n for c in load_scenario(path).cards for n in c.name.values()}
        ordered = sorted(cards, key=len, reverse=True)
        for line in result.transcript(lang="ja"):
            words = _english_words(line, ordered)
            if words:
                found[f"{path.name}: {line}"] = words
    assert found == {}


def test_french_transcript_uses_the_terms_of_article_002() -> None:
    duel = run_scenario(load_scenario(
        ROOT / "engine/data/scenarios/yugioh/amazoness_village_soul_taker.yaml")).duel
    text = "\n".join(duel.transcript(lang="fr"))
    assert "missing the timing" in text and "Maillon de Chaîne" in text
    assert "Joueur 1" in text and "Player" not in text


def test_unknown_language_is_english() -> None:
    duel = run_scenario(load_scenario(
        ROOT / "engine/data/scenarios/yugioh/sangan_caius_tcg.yaml")).duel
    assert duel.transcript(lang="xx") == duel.transcript()


def test_command_line_prints_the_transcript_in_japanese(capsys) -> None:
    from engine.__main__ import main

    path = ROOT / "engine/data/scenarios/yugioh/amazoness_village_soul_taker.yaml"
    assert main(["run", str(path), "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# ソウルテイカーの後、アマゾネスの里はタイミングを逃す")
    assert "アマゾネスの里" in out and "タイミングを逃した" in out
