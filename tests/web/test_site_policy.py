"""The Content-Security-Policy header (simulator.policy): the header django-csp builds, built
once; what asks for a policy of its own still goes through django-csp."""

from __future__ import annotations

import pytest
from csp.constants import HEADER
from csp.decorators import csp_exempt, csp_update
from csp.exceptions import CSPNonceError
from csp.middleware import CSPMiddleware
from django.http import HttpResponse
from django.test import Client, RequestFactory

from simulator.policy import SitePolicyMiddleware


def _through(middleware_class, view, path: str = "/"):
    request = RequestFactory().get(path)
    middleware = middleware_class(view)
    return request, middleware(request)


def _plain(request):
    return HttpResponse("page")


def _with_nonce(request):
    return HttpResponse(f"<script nonce='{request.csp_nonce}'></script>")


@csp_update({"img-src": "https://example.org"})
def _updated(request):
    return HttpResponse("page")


@csp_exempt()
def _exempt(request):
    return HttpResponse("page")


@pytest.mark.parametrize("view", [_plain, _with_nonce, _updated, _exempt])
def test_every_response_gets_the_header_django_csp_gives_it(view) -> None:
    _, ours = _through(SitePolicyMiddleware, view)
    _, theirs = _through(CSPMiddleware, view)
    assert ours.get(HEADER) == theirs.get(HEADER)
    if view is _plain:
        assert "default-src 'self'" in ours[HEADER]
    if view is _with_nonce:  # read by the view: django-csp decides (the policy names none)
        assert "'nonce-" not in ours[HEADER]
    if view is _updated:
        assert "https://example.org" in ours[HEADER]
    if view is _exempt:
        assert HEADER not in ours


def test_a_nonce_asked_for_after_the_header_is_written_is_refused() -> None:
    request, _ = _through(SitePolicyMiddleware, _plain)
    with pytest.raises(CSPNonceError):
        str(request.csp_nonce)


@pytest.mark.django_db
def test_the_site_sends_the_settings_policy() -> None:
    response = Client().get("/")
    assert response[HEADER] == _through(CSPMiddleware, _plain)[1][HEADER]
    assert "object-src 'none'" in response[HEADER]
