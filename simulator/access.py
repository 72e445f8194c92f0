"""Who may do what on a board: edit links, seat links and view links.

A board's plain address is its view link: watch live, change nothing. Its edit link and, when
the board has seats, one link per player carry unguessable keys; opening one records a grant
in the browser's session, checked against the board's current keys on every request and
websocket connection (rotating the edit key revokes every grant made with the old one).

Revocation is immediate for open websockets too: every socket joins, besides the group of its
kind of viewer, the board's group (``board.<slug>.sockets``) and, when opened under an edit or
seat grant, that grant's group (named from a hash of the role and key, never the key itself).
Changing the keys sends ``board.revoke`` to the old grants' groups, deleting the board or
turning its seats on or off sends it to the board's group: the sockets close (and a browser
that reconnects gets what its grant allows now). Through the channel layer this reaches every
worker; nothing is checked on the path of an ordinary update.
"""

from __future__ import annotations

import hashlib
from typing import Any

from .models import Board
from .updates import publish, revocation

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


def grant_group(slug: str, role_name: str, key: str) -> str:
    """The Channels group of the sockets opened under one grant (role and key)."""
    digest = hashlib.sha256(f"{slug}:{role_name}:{key}".encode()).hexdigest()[:32]
    return f"board.{slug}.grant.{digest}"


def sockets_group(slug: str) -> str:
    """The Channels group of every socket of a board, whatever its grant."""
    return f"board.{slug}.sockets"


def socket_groups(session: Any, board: Board) -> list[str]:
    """The revocation groups a socket opened now with this session joins."""
    groups = [sockets_group(board.slug)]
    role_name = role(session, board)
    if role_name != "view":
        groups.append(grant_group(board.slug, role_name, grants(session)[board.slug]["key"]))
    return groups


def revoke(groups: list[str]) -> None:
    """Close every socket in these groups, on every worker."""
    publish([revocation(group) for group in groups])


def revoke_keys(slug: str, keys: dict[str, str]) -> None:
    """Close the sockets opened under the old keys (``{"edit": ..., "p1": ..., "p2": ...}``)."""
    revoke([grant_group(slug, r, k) for r, k in keys.items()])
