"""The Content-Security-Policy header: django-csp's middleware, the site's policy built once.

django-csp builds the header from the settings anew for every response (a dataclass copied,
every directive copied and sorted), a good part of what a live action's middleware costs.
Every page of the site sends the policy of the settings unchanged: no view changes it and
none uses a nonce. Such a response gets the header built for the first one; a response that
asks for anything of its own (a nonce read, django-csp's decorators, an exemption) goes
through django-csp as it is.
"""

from __future__ import annotations

from functools import cached_property

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject, CSPMiddleware
from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBase

#: what django-csp's decorators set on a response that changes its policy
_OWN_POLICY = ("_csp_exempt", "_csp_exempt_ro", "_csp_config", "_csp_update", "_csp_replace",
               "_csp_config_ro", "_csp_update_ro", "_csp_replace_ro")


class SitePolicyMiddleware(CSPMiddleware):
    """``csp.middleware.CSPMiddleware`` with the settings' policy built once per process."""

    @cached_property
    def site_headers(self) -> list[tuple[str, str]]:
        """The headers django-csp gives a response that asks for nothing of its own."""
        response = HttpResponse()
        request = HttpRequest()
        request.path_info = request.path = "/"
        super().process_request(request)
        super().process_response(request, response)
        return [(name, response[name]) for name in (HEADER, HEADER_REPORT_ONLY)
                if name in response]

    def process_response(self, request: HttpRequest,
                         response: HttpResponseBase) -> HttpResponseBase:
        if (getattr(request, "_csp_nonce", None) is not None
                or any(hasattr(response, name) for name in _OWN_POLICY)
                or settings.DEBUG or _excluded(request)):
            return super().process_response(request, response)
        for name, value in self.site_headers:
            if name not in response:
                response[name] = value
        # as django-csp: a nonce asked for after the header is written is an error
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)
        return response


def _excluded(request: HttpRequest) -> bool:
    for name in ("CONTENT_SECURITY_POLICY", "CONTENT_SECURITY_POLICY_REPORT_ONLY"):
        prefixes = (getattr(settings, name, None) or {}).get("EXCLUDE_URL_PREFIXES")
        if prefixes and request.path_info.startswith(tuple(prefixes)):
            return True
    return False
