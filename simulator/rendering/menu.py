"""What the board loads when it is opened: a card's menu (its text and the actions that make
sense for it now) and the ruling to copy.
"""

from __future__ import annotations

import json
from typing import Any

from engine import Duel
from engine.words import worded

from ..language import translator
from ..models import Board
from .viewer import Viewer
from .viewmodel import _card_view, ruling_text
from .words import ZONE_LABELS, _action_label


def card_menu_context(board: Board, duel: Duel, iid: int, view: str) -> dict[str, Any]:
    """The body of one card's menu: its text and the events that make sense for it now."""
    vw = Viewer(duel, view)
    legal = duel.legal_actions() if duel.state.decision is None and view == "open" else []
    menus: dict[int, list[dict[str, Any]]] = {}
    for action in legal:
        if action.get("card") == iid and action["do"] != "battle":
            menus.setdefault(iid, []).append(
                {"label": _action_label(action, duel), "json": json.dumps(action)})
    card = duel.state.cards[iid]  # "Move to" offers the zones where the card may go
    zones = [] if vw.hidden(iid) else [
        z for z in duel.policy.zones_for(duel.definition(card)) if z != card.zone]
    why_not = "" if view != "open" or vw.hidden(iid) else worded(duel.why_not_activate(iid),
                                                                  translator(duel))
    return {"board": board, "card": _card_view(vw, iid, {}, menus), "readonly": view != "open",
            "why_not": why_not,
            "zone_choices": [(z, ZONE_LABELS.get(z, z)) for z in zones]}


def ruling_context(duel: Duel, view: str) -> dict[str, Any]:
    return {"ruling": ruling_text(Viewer(duel, view))}
