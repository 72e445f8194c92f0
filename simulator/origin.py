"""The websocket Origin check: the page that opens a board's socket must be this site's own
page (the same scheme, host and port), or one of ``CSRF_TRUSTED_ORIGINS``: the check Django's
CSRF protection makes for a POST, so a deployment behind a reverse proxy that works for forms
works for the live board too. ``X-Forwarded-Proto`` counts when ``SECURE_PROXY_SSL_HEADER``
is set, ``X-Forwarded-Host`` when ``USE_X_FORWARDED_HOST`` is on, as Django does for HTTP.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": "80", "https": "443"}


def _origin(text: str) -> tuple[str, str, str] | None:
    """(scheme, host, port) of an origin such as "https://example.org:8443"."""
    try:
        parts = urlsplit(text)
        port = str(parts.port) if parts.port else DEFAULT_PORTS.get(parts.scheme, "")
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    return parts.scheme, parts.hostname.lower(), port


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return value.decode("latin-1")
    return None


def _own_origin(scope: dict[str, Any]) -> tuple[str, str, str] | None:
    """This site's origin as the request reached it (through the proxy, when trusted)."""
    scheme = "https" if scope.get("scheme") in ("wss", "https") else "http"
    proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if proxy:
        name = proxy[0].removeprefix("HTTP_").replace("_", "-").lower().encode()
        forwarded = _header(scope, name)
        if forwarded is not None:
            scheme = "https" if forwarded.split(",")[0].strip() == proxy[1] else "http"
    host = _header(scope, b"host")
    if getattr(settings, "USE_X_FORWARDED_HOST", False):
        host = (_header(scope, b"x-forwarded-host") or host or "").split(",")[0].strip()
    if not host:
        return None
    domain, port = split_domain_port(host.lower())
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return None
    return scheme, domain, port or DEFAULT_PORTS[scheme]


def _trusted(origin: tuple[str, str, str]) -> bool:
    scheme, host, port = origin
    for entry in getattr(settings, "CSRF_TRUSTED_ORIGINS", []):
        trusted = urlsplit(entry)
        if trusted.scheme != scheme or not trusted.netloc:
            continue
        t_host, _, t_port = trusted.netloc.lower().partition(":")
        if t_port and t_port != port or not t_port and port != DEFAULT_PORTS[scheme]:
            continue
        if t_host == host or (t_host.startswith("*.") and host.endswith(t_host[1:])):
            return True
    return False


def origin_allowed(scope: dict[str, Any]) -> bool:
    """Is the socket opened by a page of this site (or of a trusted origin)?"""
    origin = _origin(_header(scope, b"origin") or "")
    if origin is None:
        return False
    if _trusted(origin):
        return True
    own = _own_origin(scope)
    if own is None:  # no Host header (a test client): the origin's host must be allowed
        return (_header(scope, b"host") is None
                and validate_host(origin[1], settings.ALLOWED_HOSTS))
    return origin == own


class SameOriginValidator:
    """ASGI middleware: a websocket from another origin is refused before it is accepted."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] == "websocket" and not origin_allowed(scope):
            return await WebsocketDenier.as_asgi()(scope, receive, send)
        return await self.app(scope, receive, send)
