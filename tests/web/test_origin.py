"""The websocket Origin check compares scheme, host and port with the site's own origin, as
the request reached it (through a trusted proxy), or with CSRF_TRUSTED_ORIGINS."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.test import override_settings

from simulator import store
from simulator.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)


def _connects(slug: str, headers: dict[str, str], scheme: str = "ws") -> bool:
    async def attempt() -> bool:
        communicator = WebsocketCommunicator(
            application, f"/ws/b/{slug}/",
            headers=[(k.encode(), v.encode()) for k, v in headers.items()])
        communicator.scope["scheme"] = scheme
        connected, _ = await communicator.connect()
        await communicator.disconnect()
        return connected

    return async_to_sync(attempt)()


@pytest.fixture
def slug() -> str:
    return store.create_board(game="yugioh").slug


def test_the_sites_own_origin_connects(slug: str) -> None:
    assert _connects(slug, {"origin": "http://localhost:8000", "host": "localhost:8000"})


@pytest.mark.parametrize("origin", [
    "http://localhost:9999",     # another port
    "https://localhost:8000",    # another scheme
    "http://evil.example:8000",  # another host
    "null", "",
])
def test_another_origin_is_refused(slug: str, origin: str) -> None:
    assert not _connects(slug, {"origin": origin, "host": "localhost:8000"})


def test_a_host_that_is_not_allowed_is_refused(slug: str) -> None:
    assert not _connects(slug, {"origin": "http://evil.example", "host": "evil.example"})


@override_settings(SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"),
                   ALLOWED_HOSTS=["chain.example"])
def test_behind_a_proxy_the_forwarded_scheme_counts(slug: str) -> None:
    https = {"origin": "https://chain.example", "host": "chain.example",
             "x-forwarded-proto": "https"}
    assert _connects(slug, https)
    assert not _connects(slug, {**https, "origin": "http://chain.example"})


@override_settings(USE_X_FORWARDED_HOST=True, ALLOWED_HOSTS=["chain.example"])
def test_the_forwarded_host_counts_when_trusted(slug: str) -> None:
    assert _connects(slug, {"origin": "http://chain.example", "host": "10.0.0.5:8000",
                            "x-forwarded-host": "chain.example"})


@override_settings(CSRF_TRUSTED_ORIGINS=["https://*.school.example"],
                   ALLOWED_HOSTS=["localhost"])
def test_a_trusted_origin_connects(slug: str) -> None:
    assert _connects(slug, {"origin": "https://class.school.example", "host": "localhost"})
    assert not _connects(slug, {"origin": "http://class.school.example", "host": "localhost"})
