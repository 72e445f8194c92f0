"""A request id for every request: ``request.id``, the ``X-Request-ID`` response header, and
``%(request_id)s`` in every log line written while the request is handled."""

from __future__ import annotations

import contextvars
import logging
import re
import secrets

_CURRENT: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")
#: an id sent by a proxy in front of the site is kept when it looks like one
_INCOMING = re.compile(r"^[A-Za-z0-9._-]{8,64}$")


def current() -> str:
    return _CURRENT.get()


class RequestIdMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        incoming = request.META.get("HTTP_X_REQUEST_ID", "")
        request.id = incoming if _INCOMING.match(incoming) else secrets.token_hex(8)
        token = _CURRENT.set(request.id)
        try:
            response = self.get_response(request)
        finally:
            _CURRENT.reset(token)
        response["X-Request-ID"] = request.id
        return response


class RequestIdFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            request = getattr(record, "request", None)  # django.request's log lines
            record.request_id = getattr(request, "id", None) or current()
        return True
