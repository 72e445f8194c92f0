"""The gallery of built-in scenarios on the home page.

Each entry carries what it is found by: its game, its rule ids, and a search text made of its
title and its question (in every language given), its rule ids and the names (every language
of the card library) of the cards its set-up puts on the table. A search matches an entry
when every word of it is found in that text, after Unicode compatibility folding (full- and
half-width forms alike) and case folding.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from functools import cache
from typing import Any

from django.utils.translation import gettext as _

from engine import RULES, Scenario, builtin_scenarios, load_scenario
from engine.games import games, on_change

MAX_QUERY = 100


def fold(text: str) -> str:
    """Text as searched: NFKC-normalised and case-folded."""
    return unicodedata.normalize("NFKC", text).casefold()


def _setup_refs(setup: dict[str, Any]) -> Iterator[str]:
    """The card references of a set-up, player by player, zone by zone."""
    for player in ("p1", "p2"):
        zones = setup.get(player) or {}
        if not isinstance(zones, dict):
            continue
        for cards in zones.values():
            if not isinstance(cards, list):
                continue  # life points and the like
            for item in cards:
                ref = item.get("card") if isinstance(item, dict) else item
                if ref:
                    yield str(ref)


def card_names(scn: Scenario) -> list[dict[str, Any]]:
    """The cards the scenario's set-up puts on the table, once each, in set-up order: the
    English name shown, and every name the card library knows it by."""
    library = scn.library()
    out: dict[str, dict[str, Any]] = {}
    for ref in _setup_refs(scn.setup):
        card = library.find(ref)
        key = card.id if card else ref
        if key not in out:
            names = list(dict.fromkeys(card.name.values())) if card else [ref]
            out[key] = {"id": key, "name": card.en if card else ref, "names": names}
    return list(out.values())


@cache
def scenario_index() -> list[dict[str, Any]]:
    out = []
    for path in builtin_scenarios():
        scn = load_scenario(path)
        cards = card_names(scn)
        texts = [t for key in ("title", "question") for t in scn.texts.get(key, {}).values()]
        words = [*texts, *scn.rules, *(n for c in cards for n in c["names"])]
        out.append({"game": scn.game, "slug": scn.slug, "title": scn.title,
                    "question": scn.question, "texts": scn.texts, "rules": scn.rules,
                    "path": path,
                    "source": scn.source, "cards": cards, "text": fold("\n".join(words))})
    return out


def find(game: str, slug: str) -> dict[str, Any] | None:
    """The built-in scenario ``slug`` of ``game`` (None if there is none)."""
    return _by_slug().get((game, slug))


@cache
def _by_slug() -> dict[tuple[str, str], dict[str, Any]]:
    """The index by game and slug; the first of a slug given twice, as a search finds it."""
    out: dict[tuple[str, str], dict[str, Any]] = {}
    for entry in scenario_index():
        out.setdefault((entry["game"], entry["slug"]), entry)
    return out


def _forget() -> None:
    scenario_index.cache_clear()
    _by_slug.cache_clear()


on_change(_forget)  # a game registered or removed: its scenarios come or go


def rule_choices() -> list[dict[str, str]]:
    """Every rule id some built-in scenario shows, with its title, in catalogue order."""
    used = {r for s in scenario_index() for r in s["rules"]}
    known = [{"id": r.id, "title": r.title, "texts": r.texts, "game": r.game}
             for r in RULES.values() if r.id in used]
    unknown = [{"id": r, "title": "", "game": ""} for r in sorted(used - set(RULES))]
    return known + unknown


def search(q: str = "", game: str = "", rule: str = "") -> list[dict[str, Any]]:
    """The entries of ``game`` (any if empty) that show ``rule`` (any if empty) and whose
    search text holds every word of ``q``."""
    words = fold(q[:MAX_QUERY]).split()
    return [s for s in scenario_index()
            if (not game or s["game"] == game) and (not rule or rule in s["rules"])
            and all(w in s["text"] for w in words)]


def by_game(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Entries grouped by game, in the site's order of games; empty groups left out."""
    groups = []
    for game in games():  # its title a message id (遊☆戯☆王, デュエル・マスターズ in Japanese)
        items = [s for s in entries if s["game"] == game.name]
        if items:
            groups.append({"game": game.name, "name": _(game.title), "items": items})
    return groups
