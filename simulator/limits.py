"""Abuse limits: how many boards, lessons, copies and uploads one browser (and one network
address) may create, and how many actions one browser may make on a board, per minute.

Counted with Django's cache framework (the local-memory cache by default, a shared cache such
as Redis when the site runs on several processes). A browser is known by its session, once the
session is older than one window: a session cookie costs nothing to invent, so a browser with
no session, with a session key the session store does not know (invented, or expired), or with
a session younger than the window is a *new* browser, counted on its address's bucket for new
browsers (:data:`NEW_SESSIONS`; a young session counts on its own bucket too). That bucket is
sized for a classroom: thirty students behind one school address, each making a copy within a
minute, all succeed; and one client inventing a session for every request gets no more than
that bucket (32 creations a minute where one browser may make 20). The per-address limit is
a generous backstop over all of them (one client ageing many sessions).
"""

from __future__ import annotations

import functools
import hashlib
import time

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

#: (per session, per address) in one window of WINDOW seconds, by kind of request
LIMITS = {
    "create": (20, 300),
    "act": (120, 1200),
    "vote": (100, 1000),  # a class behind one address answers at once
    "report": (10, 100),
}
#: new browsers (no session, an unknown one, or one younger than WINDOW) per address in one
#: window, by kind: a classroom of thirty starts at once (thirty copies and a couple of
#: retries; thirty students' first answers and moves), while one client inventing sessions
#: stays within about 1.5 times what one browser may do (votes: three answers a student)
NEW_SESSIONS = {
    "create": 32,
    "act": 180,  # counted per board, as a browser's moves are
    "vote": 100,
    "report": 15,
}
WINDOW = 60
#: the session's key holding when the rate limits first saw it (a time on :func:`_now`)
SINCE = "limits_since"
#: the largest request body an action on a board may have (a move is a few hundred bytes)
MAX_ACTION_BYTES = 16_000


def _limits(kind: str) -> tuple[int, int, int]:
    """(per session, new browsers per address, per address), times RATE_LIMIT_FACTOR; the
    RATE_LIMITS setting gives (per session, per address), or all three."""
    given = getattr(settings, "RATE_LIMITS", {}).get(kind, LIMITS[kind])
    if len(given) == 3:
        per_session, new, per_address = given
    else:
        (per_session, per_address), new = given, min(NEW_SESSIONS[kind], given[1])
    factor = getattr(settings, "RATE_LIMIT_FACTOR", 1)
    return per_session * factor, new * factor, per_address * factor


def _address(request: HttpRequest) -> str:
    return request.META.get("REMOTE_ADDR", "") or "unknown"


def _now() -> float:
    """The clock the windows are counted on."""
    return time.time()


def _hit(key: str, limit: int) -> bool:
    """Count one hit on ``key`` in the current window; False once over ``limit``."""
    cache = caches[getattr(settings, "RATE_LIMIT_CACHE", "default")]
    window = int(_now() // WINDOW)
    full = "rl:" + hashlib.sha256(f"{key}:{window}".encode()).hexdigest()[:32]
    try:  # counted already in this window: one call
        count = cache.incr(full)
    except ValueError:  # the window's first hit (or its count was evicted)
        if cache.add(full, 1, WINDOW + 5):
            count = 1
        else:  # another request made it meanwhile
            try:
                count = cache.incr(full)
            except ValueError:  # and it was evicted at once: counted as the first
                count = 1
    return count <= limit


def _known_session(request: HttpRequest) -> tuple[str | None, bool]:
    """The key of the request's session when the session store knows it (an invented or
    expired key is dropped by loading it), and whether the session is older than one window.
    A known session is stamped the first time it is counted (once: one write of it)."""
    session = getattr(request, "session", None)
    if session is None or not session.session_key:
        return None, False
    since = session.get(SINCE)  # loads it: the store forgets a key it does not hold
    key = session.session_key
    if key is None:
        return None, False
    if not isinstance(since, int | float) or isinstance(since, bool):
        session[SINCE] = since = int(_now())
    return key, _now() - since >= WINDOW


def allowed(request: HttpRequest, kind: str, scope: str = "") -> bool:
    """Count this request; False when its session, its address's new browsers or its address
    is over the limit. A session is counted on its own only once it is older than one window
    (:func:`_known_session`); before, it is also one of its address's new browsers."""
    per_session, new, per_address = _limits(kind)
    address = _address(request)
    key, settled = _known_session(request)
    ok = True
    if key:
        ok = _hit(f"{kind}:{scope}:s:{key}", per_session)
    if not settled:
        ok = _hit(f"{kind}:{scope}:new:{address}", new) and ok
    return _hit(f"{kind}:{scope}:a:{address}", per_address) and ok


def _body_size(request: HttpRequest) -> int:
    raw = request.META.get("CONTENT_LENGTH") or "0"
    return int(raw) if raw.isdigit() else MAX_ACTION_BYTES + 1


def too_many(request: HttpRequest, reason: str) -> HttpResponse:
    """The 429 answer: a page, or for htmx the message (site.js shows it in the page)."""
    response = render(request, "simulator/error.html",
                      {"title": _("Too many requests"), "message": reason}, status=429)
    response["Retry-After"] = str(WINDOW)
    return response


def limit(kind: str, reason: str | None = None):
    """A view decorator: the view runs unless this browser is over its ``kind`` limit;
    ``act`` limits are counted per board (the view's ``slug``)."""
    def decorate(view):
        @functools.wraps(view)
        def wrapped(request, *args, **kwargs):
            scope = kwargs.get("slug", "") if kind == "act" else ""
            if kind == "act" and _body_size(request) > MAX_ACTION_BYTES:
                response = render(request, "simulator/error.html", {
                    "title": _("This action is too large"),
                    "message": _("An action may hold at most %(n)s bytes.") % {
                        "n": MAX_ACTION_BYTES}}, status=413)
                return response
            if request.method == "POST" and not allowed(request, kind, scope):
                return too_many(request, reason or default_reason(kind))
            return view(request, *args, **kwargs)
        return wrapped
    return decorate


def default_reason(kind: str) -> str:
    if kind == "report":
        return _("You sent too many reports in the last minute. Wait a moment, then try "
                 "again.")
    if kind == "act":
        return _("You made too many moves on this board in the last minute. Wait a moment, "
                 "then go on.")
    return _("You created too many boards, lessons, copies or uploads in the last minute. "
             "Wait a moment, then try again.")
