"""``{% load game_parts %}``: what a page asks of the board's game, never its name.

``{% with has=game|capabilities %}{% if has.chain %}...``: the :class:`~engine.games.Game`
(None for a game not registered). ``{% game_part game "mat_middle" %}``: the game's own part
of a page, ``templates/simulator/games/<game>/<part>.html`` drawn with the page's context,
or nothing for a game without one.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.template import TemplateDoesNotExist
from django.template.loader import get_template

from engine import games

register = template.Library()


@register.filter
def capabilities(name: Any) -> games.Game | None:
    return games.game(name) if games.known(name) else None


def _part(name: str, part: str) -> Any:
    try:
        return get_template(f"simulator/games/{name}/{part}.html").template
    except TemplateDoesNotExist:
        return None


@register.simple_tag(takes_context=True)
def game_part(context: template.Context, game: Any, part: str) -> str:
    name = getattr(game, "name", game)
    drawn = _part(str(name), part) if games.known(name) else None
    if drawn is None:
        return ""
    with context.push():
        return drawn.render(context)
