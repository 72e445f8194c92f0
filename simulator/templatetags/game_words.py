"""``{% load game_words %}``: a phrase of the site in the board's game's own words."""

from __future__ import annotations

from django import template

from simulator import game_words

register = template.Library()


@register.filter
def said(game: str, phrase: str) -> str:
    """``{{ board.game|said:"Download the chain as a picture (SVG)" }}``: the phrase as the
    game says it (its web data's ``WORDS``, see :mod:`simulator.game_words`), in the reader's
    language."""
    return game_words.said(str(game or ""), phrase)
