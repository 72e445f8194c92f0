"""The card library panel: each card with its kind in words, its text, and the zones where
the rules let it go (``data-zones``, for the board to light them up)."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from engine import CardDef, EngineError, Library, builtin_library, parse_cards, zones_for
from engine.words import card_kind

from .game_context import web
from .language import card_names, translator
from .rendering import ZONE_LABELS

#: cards listed at most, before anything is searched or for a search (more than the built-in
#: libraries hold: the panel lists every card, in its own scrolled tab, and says how many)
FIRST_PAGE = RESULTS = 1000

def set_zones(definition: CardDef) -> tuple[str, ...]:
    """The zones where ``definition`` may be Set (face-down; a monster in face-down Defense
    Position): those of its game's ``SET_ZONES`` (Yu-Gi-Oh!'s Monster, Spell & Trap and Field
    Zones), and never a Link Monster or a Token."""
    zones = web(definition.game).SET_ZONES
    if not zones or definition.subtype == "link" or definition.type == "token":
        return ()
    return tuple(z for z in zones_for(definition) if z in zones)


def type_words(definition: CardDef) -> str:
    """A card's kind and numbers in its game's words: "Field Spell", "Effect Monster ·
    Level 4", "Xyz Monster · Rank 4", "Creature · Cost 5 · Power 3000", "Spell · Cost 6"."""
    parts = [card_kind(definition, translator())]
    numbers = web(definition.game).NUMBERS
    if numbers == "level_atk_def":
        if definition.type in ("monster", "token") and definition.level:
            if definition.subtype == "xyz":
                parts.append(_("Rank %(n)s") % {"n": definition.level})
            elif definition.subtype == "link":
                parts.append(_("Link-%(n)s") % {"n": definition.level})
            else:
                parts.append(_("Level %(n)s") % {"n": definition.level})
    elif numbers == "cost_power":
        parts.append(_("Cost %(n)s") % {"n": definition.cost})
        if definition.type != "spell":
            parts.append(_("Power %(n)s") % {"n": definition.power})
    return " · ".join(parts)


def library_entry(definition: CardDef, custom: bool = False) -> dict[str, Any]:
    """One card of the panel: what the template shows and the data the board's script uses."""
    names = card_names(definition)
    other = definition.texts.get(names["alt_lang"], "")
    return {
        "id": definition.id, **names, "kind": type_words(definition),
        "text_alt": other if other and other != names["text"] else "",
        "zones": " ".join(zones_for(definition)),
        "set_zones": " ".join(set_zones(definition)), "custom": custom,
    }


def _custom_library(cards: list[dict[str, Any]] | None, game: str | None) -> Library:
    """A board's (or a card set's) own cards, as a library to search; none if they cannot be
    read (a board holding them could not have been saved)."""
    try:
        return Library(parse_cards(list(cards or []), file="the board", game_hint=game,
                                   strict=False))
    except EngineError:
        return Library()


def custom_entries(cards: list[dict[str, Any]] | None, game: str | None, query: str = "",
                   library: Library | None = None) -> list[dict[str, Any]]:
    """The custom cards matching ``query``, marked "custom" (``library``: those cards read
    already)."""
    library = library if library is not None else _custom_library(cards, game)
    return [library_entry(c, custom=True) for c in library.search(query, game)]


def library_entries(game: str | None, query: str = "", limit: int = RESULTS,
                    cards: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """The cards of ``game`` matching ``query`` (every card when it is empty): a board's own
    ``cards`` first (marked "custom"), then the built-in ones, leaving out each one a custom
    card replaces, by its id or by one of its names (whether that custom card matches the
    query or not): on the board that name or id finds the custom card."""
    own = _custom_library(cards, game)
    custom = custom_entries(cards, game, query, library=own)
    builtin = [entry for card, entry in _builtin_entries(builtin_library(), game, query,
                                                         get_language())
               if not own.shadows(card)][:limit]
    return (custom + builtin)[:max(limit, len(custom))]


@lru_cache(maxsize=256)
def _builtin_entries(library: Library, game: str | None, query: str,
                     lang: str | None) -> tuple[tuple[CardDef, dict[str, Any]], ...]:
    """The built-in cards matching ``query``, each with its entry in ``lang`` (the active
    language, which the entry's words are in): the same for every board, so worked out once
    (a fifth of a board page's time otherwise); ``library`` is the built-in library object,
    a new one when the registered games change. The entries are read, never changed."""
    return tuple((card, library_entry(card)) for card in library.search(query, game))


def library_context(game: str | None, query: str = "",
                    cards: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """What the library panel shows: the cards matching ``query`` (every card when it is
    empty), how many the library holds (``library_total``) and the search (``library_query``);
    ``library_more``: how many matches are left out beyond :data:`RESULTS` (said, not hidden)."""
    everything = library_entries(game, "", limit=10 ** 6, cards=cards)
    found = everything if not query else library_entries(game, query, limit=10 ** 6,
                                                           cards=cards)
    return {"cards": found[:RESULTS], "library_total": len(everything),
            "library_query": query, "library_more": max(0, len(found) - RESULTS)}


def move_choices(duel, iid: int, zone_choices: list[tuple[str, Any]]) -> dict[str, Any]:
    """A card's "Move to" and "Set in" buttons (board edits, each action as JSON for the
    board's script) and the zones to light up when it is chosen on the mat
    (``pick_zones``, ``pick_player``): where the rules let it go, on its controller's side."""
    card = duel.state.cards[iid]
    definition = duel.definition(card)
    labels = dict(zone_choices)
    moves = [{"zone": z, "label": label, "json": json.dumps(
        {"do": "move", "card": iid, "zone": z})} for z, label in zone_choices]
    sets = []
    for z in set_zones(definition):
        if z == card.zone and not card.face_up:
            continue  # Set there already
        action = {"do": "move", "card": iid, "zone": z, "face_up": False}
        if z == "monster":
            action["position"] = "defense"
        sets.append({"zone": z, "label": labels.get(z, ZONE_LABELS.get(z, z)),
                     "json": json.dumps(action)})
    return {"moves": moves, "sets": sets,
            "pick_zones": " ".join(z for z, _label in zone_choices),
            "pick_player": f"p{card.controller + 1}",
            "remove_json": json.dumps({"do": "remove", "card": iid})}
