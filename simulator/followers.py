"""Classroom mode's live follower connections, and the answers they allow.

A student answers the question asked of the room from the follow page, whose live connection
(:class:`~simulator.consumers.FollowConsumer`) brings it the presenter's steps and the
question itself. Each such connection is registered when it opens, under a random token kept
in a shared cache (``settings.FOLLOWER_CACHE``: Redis when the site runs on several
processes, so any worker knows the connections of every other), with the board and the
connection's network address; the token is handed to the page in the connection's first
message and forgotten when the connection closes. An answer carries the token, and counts:

- only while its connection is live (a page that lost its connection reconnects by itself
  and gets a new token; one with no live connection, or a made-up token, is refused with
  the reason);
- once per question per connection, whatever cookie the browser sends (dropping the voter
  cookie and answering again from the same page is refused);
- and at most as many times per question from one network address as that address has live
  follower connections of the board when the answer comes (so closing the page and opening
  it again without the cookie, answering each time, is refused too).

Thirty students behind one school address each have a connection of their own: thirty
answers count. A student who leaves after answering takes their connection with them but not
their answer, so at that address one answer fewer may still come while the question is open.
The per-address count of live connections is kept with each registration; a worker that
stops without closing its connections leaves them counted until they expire
(:data:`TTL`), which only ever allows more answers, never fewer.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import caches
from django.utils.html import format_html

from .models import Prediction

#: seconds a connection, a count or an answer's mark is kept without being used (a class)
TTL = 12 * 60 * 60
#: a token's length, as the page sends it back (longer ones are not looked up)
TOKEN_MAX = 64
#: the page's field that carries the token with an answer
FIELD = "connection"


@dataclass(frozen=True)
class Connection:
    """A live follower connection: its token, its board's slug and its address's key."""

    token: str
    board: str
    address: str


def _cache():
    return caches[getattr(settings, "FOLLOWER_CACHE", "default")]


def address_key(address: str | None) -> str:
    """The key an address is counted under (not the address itself)."""
    return hashlib.sha256((address or "unknown").encode()).hexdigest()[:24]


def _live_key(board: str, address: str) -> str:
    return f"follow:live:{board}:{address}"


def _incr(key: str) -> int:
    cache = _cache()
    try:
        return cache.incr(key)
    except ValueError:  # the first (or its count expired)
        if cache.add(key, 1, TTL):
            return 1
        try:
            return cache.incr(key)
        except ValueError:
            return 1


def _decr(key: str) -> None:
    cache = _cache()
    try:
        if cache.decr(key) < 0:
            cache.set(key, 0, TTL)
    except ValueError:  # expired: nothing to take back
        pass


def open_connection(board: str, address: str | None) -> Connection:
    """Register a live follower connection of board ``board`` from ``address``."""
    connection = Connection(secrets.token_urlsafe(24), board, address_key(address))
    cache = _cache()
    cache.set(f"follow:conn:{connection.token}", (connection.board, connection.address), TTL)
    live = _live_key(connection.board, connection.address)
    _incr(live)
    cache.touch(live, TTL)
    return connection


def close_connection(connection: Connection) -> None:
    """The connection closed: its token no longer answers, its address has one fewer."""
    if _cache().delete(f"follow:conn:{connection.token}"):
        _decr(_live_key(connection.board, connection.address))


def connection(token: str | None, board: str) -> Connection | None:
    """The live connection of board ``board`` that ``token`` names, if any."""
    if not token or len(token) > TOKEN_MAX:
        return None
    key = f"follow:conn:{token}"
    found = _cache().get(key)
    if not isinstance(found, tuple) or len(found) != 2 or found[0] != board:
        return None
    _cache().touch(key, TTL)
    return Connection(token, found[0], found[1])


def live_connections(board: str, address: str) -> int:
    """How many live follower connections of board ``board`` address key ``address`` has."""
    return int(_cache().get(_live_key(board, address)) or 0)


def token_field(connection: Connection) -> str:
    """The page's field with the connection's token (swapped in by id)."""
    return format_html('<input type="hidden" id="follow-connection" name="{}" value="{}" '
                       'hx-swap-oob="true">', FIELD, connection.token)


# The outcomes of :func:`claim`
COUNTED, ANSWERED, NETWORK = "counted", "answered", "network"


def _question(prediction: Prediction, connection: Connection) -> str:
    """A question's key: its board, number and when it was asked (a number a deleted
    question had may come again)."""
    return f"{connection.board}:{prediction.pk}:{prediction.created.timestamp():.6f}"


def claim(prediction: Prediction, connection: Connection) -> str:
    """Take the answer ``connection`` may give to the question asked: COUNTED, or ANSWERED
    (it answered already) or NETWORK (its address has given as many answers as it has live
    follower connections). A COUNTED claim whose answer is then not recorded is given back
    with :func:`release`."""
    cache = _cache()
    question = _question(prediction, connection)
    mark = f"follow:answered:{question}:{connection.token}"
    if not cache.add(mark, 1, TTL):
        return ANSWERED
    count = f"follow:answers:{question}:{connection.address}"
    if _incr(count) > live_connections(connection.board, connection.address):
        _decr(count)
        cache.delete(mark)
        return NETWORK
    cache.touch(count, TTL)
    return COUNTED


def release(prediction: Prediction, connection: Connection) -> None:
    """Give back a claim whose answer was not recorded."""
    question = _question(prediction, connection)
    _decr(f"follow:answers:{question}:{connection.address}")
    _cache().delete(f"follow:answered:{question}:{connection.token}")
