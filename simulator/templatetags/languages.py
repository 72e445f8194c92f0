"""``{% load languages %}``: data given in several languages, shown in the reader's."""

from __future__ import annotations

import re
from typing import Any

from django import template
from django.conf import settings
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language_info

from simulator import language
from simulator.addresses import address
from simulator.language import local_field

register = template.Library()


@register.filter
def local(item: Any, key: str) -> str:
    """``{{ scenario|local:"title" }}``: the field in the reader's language."""
    return local_field(item, key)


@register.filter
def local_examples(rule: Any) -> tuple[str, ...]:
    """``{{ rule|local_examples }}``: a rule's examples in the reader's language."""
    return rule.examples_in(language.engine_language())


@register.filter
def other_languages(item: Any, key: str) -> list[dict[str, str]]:
    """``{% for lang in rule|other_languages:"statement" %}``: the title and ``key`` in
    every language the site speaks, each with its code and its name in that language."""
    out = []
    for code, _name in settings.LANGUAGES:
        texts = item.texts
        if code in texts.get(key, {}):
            out.append({"code": code, "name": get_language_info(code)["name_local"],
                        "title": texts.get("title", {}).get(code, ""),
                        key: texts[key][code]})
    return out


register.filter("board_title", language.board_title)


@register.filter
def rule_url(rule: str) -> str:
    """``{{ rule|rule_url }}``: the address of a rule's page (``{% url 'rule' rule %}``, kept:
    logs and chains name the same few rules)."""
    return address("rule", rule)


#: a word of a Latin-script name this long may break on a card place, at a syllable
LONG_WORD = 9
_VOWELS = set("aeiouyAEIOUYàâäéèêëïîôöùûüÿ")
_LETTER_RUN = re.compile(rf"[^\W\d_]{{{LONG_WORD},}}")
#: consonant pairs read as one sound: never split (Mar-shal, not Mars-hal)
_TOGETHER = {"ch", "ck", "gh", "ph", "sh", "th", "wh", "qu", "gn"}


def _hyphen_points(word: str) -> list[int]:
    """Where a long word may break: before a consonant between two vowels (Promi-nence), or
    between two consonants between vowels (Cyber-netic), before both where they are read
    together (Transmi-gration), leaving 4 letters before and 3 after; a word not in Latin
    letters (a Japanese name breaks anywhere) gets none."""
    if not all(ord(c) < 0x250 for c in word):
        return []
    low = word.lower()
    points = []
    for i in range(4, len(word) - 2):
        before, at, after = low[i - 1] in _VOWELS, low[i] in _VOWELS, low[i + 1] in _VOWELS
        if before and not at and after:
            points.append(i)
        elif not before and not at and after and low[i - 2] in _VOWELS:
            pair = low[i - 1:i + 1]
            if pair[1] in "rl" and pair[0] in "bcdfgkpt":  # a cluster: before it (Mi-gra)
                if i > 4:
                    points.append(i - 1)
            elif pair not in _TOGETHER:
                points.append(i)
    return points


@register.filter
def breakable(name: str) -> SafeString:
    """``{{ card.name|breakable }}``: a card's name with its long words each in a box of its
    own (``span.word``) carrying soft hyphens: such a word goes whole to the next line where
    it fits there, and breaks at a syllable with a hyphen ("Marau-ding") only where it is
    wider than its card place, never at any letter ("Maraudin g"). Every part escaped."""
    text, out, at = str(name), [], 0
    for match in _LETTER_RUN.finditer(text):
        word, points = match[0], _hyphen_points(match[0])
        if not points:
            continue
        for i in reversed(points):
            word = word[:i] + "\u00ad" + word[i:]
        out += [escape(text[at:match.start()]), f'<span class="word">{escape(word)}</span>']
        at = match.end()
    out.append(escape(text[at:]))
    return mark_safe("".join(out))  # noqa: S308 (every part escaped)
