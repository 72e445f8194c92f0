"""Abuse limits: how many boards, lessons, copies and uploads one browser (and one network
address) may create, and how many actions one browser may make on a board, per minute.

Counted with Django's cache framework (the local-memory cache by default, a shared cache such
as Redis when the site runs on several processes). A browser is known by its session first:
thirty students behind one school address each making a copy within a minute all succeed,
because each has its own session; the per-address limit is only a generous backstop for
clients without a session (and for one client making many sessions).
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
WINDOW = 60
#: the largest request body an action on a board may have (a move is a few hundred bytes)
MAX_ACTION_BYTES = 16_000


def _limits(kind: str) -> tuple[int, int]:
    per_session, per_address = getattr(settings, "RATE_LIMITS", {}).get(kind, LIMITS[kind])
    factor = getattr(settings, "RATE_LIMIT_FACTOR", 1)
    return per_session * factor, per_address * factor


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


def allowed(request: HttpRequest, kind: str, scope: str = "") -> bool:
    """Count this request; False when its session or its address is over the limit."""
    per_session, per_address = _limits(kind)
    session_key = request.session.session_key if hasattr(request, "session") else None
    ok = True
    if session_key:
        ok = _hit(f"{kind}:{scope}:s:{session_key}", per_session)
    else:  # no session yet: the address stands in for it
        ok = _hit(f"{kind}:{scope}:a1:{_address(request)}", per_session * 3)
    return _hit(f"{kind}:{scope}:a:{_address(request)}", per_address) and ok


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
