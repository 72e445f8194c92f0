"""Who may do what on a board: edit links, seat links and view links.

A board's plain address is its view link: watch live, change nothing. Its edit link and, when
the board has seats, one link per player carry unguessable keys; opening one records a grant
in the browser's session, checked against the board's current keys on every request and
websocket connection (rotating the edit key revokes every grant made with the old one).
"""

from __future__ import annotations

from typing import Any

from .models import Board

SESSION_KEY = "grants"


def grants(session: Any) -> dict[str, dict[str, str]]:
    return session.get(SESSION_KEY, {}) if session is not None else {}


def grant(session: Any, board: Board, role: str) -> None:
    key = board.edit_key if role == "edit" else getattr(board, f"{role}_key")
    all_grants = dict(grants(session))
    all_grants[board.slug] = {"role": role, "key": key}
    session[SESSION_KEY] = all_grants


def role(session: Any, board: Board) -> str:
    """``edit``, ``p1``, ``p2`` or ``view``."""
    return board.role_for(grants(session).get(board.slug))


def view_of(role_name: str, board: Board | None = None) -> str:
    """The kind of rendering a role sees: a seat's; the open view for editors, and for
    watchers of a board without seats; the public view for watchers of a board with seats."""
    if role_name in ("p1", "p2"):
        return role_name
    if role_name == "view" and board is not None and board.seats:
        return "public"
    return "open"


def may_act(role_name: str, board: Board, action: dict[str, Any], decision: Any) -> bool:
    """Editors do anything; a seat answers only its own player's decisions."""
    if role_name == "edit":
        return True
    if role_name in ("p1", "p2") and action.get("do") in ("answer", "pass"):
        return decision is not None and decision.player == int(role_name[1]) - 1
    return False
