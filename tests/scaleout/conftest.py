"""The site on real parts: redis-server, PostgreSQL, two ASGI worker processes and nginx
with ``deploy/nginx.conf``, all on 127.0.0.1, started once for the ``scaleout`` tests and
stopped at the end (bench.servers). Their programs come from Debian (``make services``); a
missing one fails these tests, it never skips them."""

from __future__ import annotations

import http.client
import json
import re
import ssl
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import urlencode

import pytest

from bench.servers import Servers, migrate, site_env

VERSION_RE = re.compile(r'id="board-version" name="version" value="(\d+)"')
SCENARIO = "/scenarios/yugioh/sangan_caius_tcg_classic"


def pytest_collection_modifyitems(items) -> None:
    for item in items:
        if "tests/scaleout/" in str(item.path).replace("\\", "/"):
            item.add_marker(pytest.mark.scaleout)


@dataclass
class Stack:
    """Two workers (``a``, ``b``: their ports) on one Redis and one PostgreSQL, nginx (its
    https port) in front of both."""

    servers: Servers
    database_url: str
    redis_url: str
    a: int
    b: int
    nginx: int


@pytest.fixture(scope="session")
def stack() -> Iterator[Stack]:
    with Servers() as servers:
        database, redis = servers.postgres(), servers.redis()
        # production settings, as `make serve` runs them: https behind the proxy
        env = site_env(database, redis, DJANGO_SECURE="true", DJANGO_RATE_LIMIT_FACTOR="1000")
        migrate(env)
        a = servers.web(env, name="worker-a")
        b = servers.web(env, name="worker-b")
        yield Stack(servers, database, redis, a, b, servers.nginx([a, b]))


class Browser:
    """One browser's cookies against one address: a worker directly (saying https as the
    proxy does) or nginx over TLS."""

    def __init__(self, port: int, *, tls: bool = False) -> None:
        self.port, self.tls = port, tls
        self.cookies: dict[str, str] = {}
        self.origin = f"https://127.0.0.1:{port}"

    def _conn(self) -> http.client.HTTPConnection:
        if self.tls:
            return http.client.HTTPSConnection("127.0.0.1", self.port, timeout=30,
                                               context=insecure())
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)

    def headers(self) -> dict[str, str]:
        head = {"Host": f"127.0.0.1:{self.port}", "Origin": self.origin}
        if not self.tls:
            head["X-Forwarded-Proto"] = "https"
        if self.cookies:
            head["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        return head

    def request(self, method: str, path: str, form: dict | None = None
                ) -> tuple[int, dict[str, str], str]:
        head = self.headers()
        body = None
        if form is not None:
            body = urlencode(form)
            head["Content-Type"] = "application/x-www-form-urlencoded"
            head["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        conn = self._conn()
        try:
            conn.request(method, path, body=body, headers=head)
            response = conn.getresponse()
            text = response.read().decode()
            for name, value in response.getheaders():
                if name.lower() == "set-cookie":
                    key, _, rest = value.partition("=")
                    self.cookies[key.strip()] = rest.split(";", 1)[0]
            return response.status, {k.lower(): v for k, v in response.getheaders()}, text
        finally:
            conn.close()

    def open_board(self, scenario: str = SCENARIO) -> tuple[str, int]:
        """A new board from a scenario (this browser may edit it): its slug and version."""
        status, _, _ = self.request("GET", "/")
        assert status == 200 and "csrftoken" in self.cookies
        status, head, _ = self.request("POST", f"{scenario}/open", {})
        assert status == 302, status
        slug = head["location"].split("/")[2]
        return slug, self.version(slug)

    def version(self, slug: str) -> int:
        status, _, page = self.request("GET", f"/b/{slug}/")
        assert status == 200
        return int(VERSION_RE.search(page)[1])

    def act(self, slug: str, version: int, amount: int = 100) -> tuple[int, str]:
        action = {"do": "gain_lp", "player": "p1", "amount": amount}
        status, _, body = self.request("POST", f"/b/{slug}/act",
                                       {"version": version, "action": json.dumps(action)})
        return status, body

    def ws_url(self, path: str) -> str:
        return f"{'wss' if self.tls else 'ws'}://127.0.0.1:{self.port}{path}"


def insecure() -> ssl.SSLContext:
    """The test certificate is self-signed: no verification."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def version_of(html: str) -> int | None:
    match = VERSION_RE.search(html)
    return int(match[1]) if match else None
