"""The rule catalogue: every rule id of RULES.md with its title, statement and sources.

The titles and statements are in English in ``rules.yaml`` and in the other languages in
``rules.<lang>.yaml`` (id -> title, statement); ``articles.yaml`` names the source articles,
each with its address in its original language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .i18n import TRANSLATED

DATA = Path(__file__).parent / "data"
PATH = DATA / "rules.yaml"
#: the source articles by number ("000"): title, language, site, url
ARTICLES: dict[str, dict[str, str]] = yaml.safe_load(
    (DATA / "articles.yaml").read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Rule:
    id: str
    game: str
    title: str
    statement: str
    examples: tuple[str, ...]
    sources: tuple[dict[str, str], ...]
    #: the title and statement by language: {"title": {"en": ..., "ja": ...}, ...}
    texts: dict[str, dict[str, str]] = field(default_factory=dict, compare=False, hash=False)
    #: the examples by language (English, and each translation that gives them)
    example_texts: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False,
                                                      hash=False)

    def examples_in(self, lang: str) -> tuple[str, ...]:
        """The examples in ``lang``, in English where the translation gives none."""
        return self.example_texts.get(lang) or self.examples


def translations(path: Path = PATH) -> dict[str, dict[str, Any]]:
    """Each language's ``rules.<lang>.yaml`` beside ``path``: language -> id -> fields."""
    out = {}
    for lang in TRANSLATED:
        file = path.with_name(f"{path.stem}.{lang}.yaml")
        out[lang] = yaml.safe_load(file.read_text(encoding="utf-8")) if file.exists() else {}
    return out


def load_rules(path: Path = PATH) -> dict[str, Rule]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    other = translations(path)

    def texts(e: dict[str, Any], key: str) -> dict[str, str]:
        found = {lang: (other[lang].get(e["id"]) or {}).get(key) for lang in other}
        return {"en": " ".join(str(e[key]).split()),
                **{lang: " ".join(str(t).split()) for lang, t in found.items() if t}}

    return {
        e["id"]: Rule(id=e["id"], game=e["game"], title=e["title"],
                      statement=" ".join(str(e["statement"]).split()),
                      examples=tuple(e.get("examples") or ()),
                      sources=tuple({**s, **_article(s)} for s in e.get("source") or ()),
                      texts={"title": texts(e, "title"), "statement": texts(e, "statement")},
                      example_texts={lang: tuple(" ".join(str(x).split()) for x in found)
                                     for lang in other
                                     if (found := (other[lang].get(e["id"]) or {}).get(
                                         "examples"))})
        for e in data
    }


def _article(source: dict[str, Any]) -> dict[str, str]:
    """What the glossary shows of a source's article: its title, language and address."""
    article = ARTICLES.get(str(source.get("article")))
    if not article:
        return {}
    return {"article_" + key: str(value) for key, value in article.items()}


RULES: dict[str, Rule] = load_rules()
