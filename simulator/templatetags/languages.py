"""``{% load languages %}``: data given in several languages, shown in the reader's."""

from __future__ import annotations

from typing import Any

from django import template
from django.conf import settings
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
