"""Hostile requests against the real servers get a 4xx, never a 5xx nor a silent close.

An over-long request is answered by each server that can receive one, before the site reads
it (simulator/heads.py): an address over MAX_LINE bytes gets 414; a header field line over
MAX_LINE, more than MAX_FIELDS fields or a head over MAX_HEAD bytes 431. The servers are
Daphne as ``make run`` runs it (``manage.py runserver``), uvicorn's workers as ``make serve``
runs them, and nginx with deploy/nginx.conf in front of them. The longest address the site
makes, a snapshot link of engine.links.MAX_LINK characters, passes each of them, with the same
address in its Referer and HX-Current-URL headers as a page opened from it sends.

On PostgreSQL, a NUL in an address (which the database cannot be asked about) is refused, and
card sets loaded into one board at once are each saved or refused as stale (409).
"""

from __future__ import annotations

import re
import socket
import ssl
import threading
from collections.abc import Iterator

import pytest
from websockets.sync.client import connect

from bench.servers import site_env
from engine.links import MAX_LINK
from simulator.heads import MAX_FIELDS, MAX_HEAD, MAX_LINE

from .conftest import Browser, Stack, insecure, version_of

SERVERS = ("daphne", "uvicorn", "nginx")


@pytest.fixture(scope="module")
def ports(stack: Stack) -> Iterator[dict[str, int]]:
    """Each server's port: Daphne (``manage.py runserver``) on the stack's database, one of
    the stack's uvicorn workers, and its nginx (TLS)."""
    env = site_env(stack.database_url, stack.redis_url, DJANGO_SECURE="true",
                   DJANGO_RATE_LIMIT_FACTOR="1000")  # as the stack's workers
    yield {"daphne": stack.servers.runserver(env), "uvicorn": stack.a, "nginx": stack.nginx}


def _open(port: int, tls: bool) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    return insecure().wrap_socket(sock, server_hostname="127.0.0.1") if tls else sock


def _answer(sock: socket.socket) -> tuple[int, dict[str, str]]:
    """The status and the header fields of the answer read from ``sock``."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, f"the connection was closed without an answer: {data[:200]!r}"
        data += chunk
    head = data.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    fields = dict(line.split(":", 1) for line in head[1:])
    return int(head[0].split()[1]), {k.strip().lower(): v.strip() for k, v in fields.items()}


def send(ports: dict[str, int], server: str, raw: bytes) -> tuple[int, dict[str, str]]:
    """Send ``raw`` whole (the server may stop reading it once it has answered), then read
    the answer."""
    with _open(ports[server], server == "nginx") as sock:
        try:
            sock.sendall(raw)
        except (BrokenPipeError, ConnectionResetError, ssl.SSLError):
            pass  # refused before the end: the answer is waiting
        return _answer(sock)


def request(target: bytes = b"/", fields: list[bytes] | None = None) -> bytes:
    head = [b"GET " + target + b" HTTP/1.1", b"Host: 127.0.0.1", b"X-Forwarded-Proto: https",
            *(fields or [])]
    return b"\r\n".join(head) + b"\r\n\r\n"


@pytest.mark.parametrize("server", SERVERS)
@pytest.mark.parametrize("size", [20_000, 1_000_000])
def test_an_address_too_long_gets_414(ports, server: str, size: int) -> None:
    status, _ = send(ports, server, request(b"/?q=" + b"a" * size))
    assert status == 414


@pytest.mark.parametrize("server", SERVERS)
@pytest.mark.parametrize("fields", [
    [b"X-Long: " + b"a" * 20_000],  # one field of 20 KB
    [b"X-Long: " + b"a" * 1_000_000],
    [b"X-%d: a" % i for i in range(MAX_FIELDS + 100)],  # too many fields
    [b"X-%d: %s" % (i, b"a" * 8000) for i in range(MAX_HEAD // 8000 + 2)],  # too much in all
], ids=["20KB-field", "1MB-field", "too-many-fields", "too-large-head"])
def test_header_fields_too_large_get_431(ports, server: str, fields: list[bytes]) -> None:
    status, _ = send(ports, server, request(fields=fields))
    assert status == 431


@pytest.mark.parametrize("server", SERVERS)
def test_a_field_sent_piece_by_piece_is_refused_once_the_head_is_too_large(
        ports, server: str) -> None:
    with _open(ports[server], server == "nginx") as sock:
        sock.sendall(request()[:-2] + b"X-Slow: ")
        try:
            for _ in range(MAX_HEAD // 1000 + 50):
                sock.sendall(b"a" * 1000)
        except (BrokenPipeError, ConnectionResetError, ssl.SSLError):
            pass
        assert _answer(sock)[0] == 431


@pytest.mark.parametrize("server", SERVERS)
def test_the_longest_snapshot_link_passes_with_its_referer(ports, server: str) -> None:
    """Its answer comes from the site (a request id), whatever it says of the link."""
    target = b"/s/1" + b"A" * (MAX_LINK - 1) + b"/?at=1000&frame=1000"
    page = b"https://127.0.0.1" + target
    assert len(request(target)) < MAX_LINE
    status, fields = send(ports, server, request(target, [b"Referer: " + page,
                                                          b"HX-Current-URL: " + page]))
    assert 400 <= status < 500 and status not in (414, 431)  # the site's "not a link"
    assert "x-request-id" in fields


@pytest.mark.parametrize("server", SERVERS)
def test_a_connection_kept_alive_answers_its_requests_then_refuses_a_long_one(
        ports, server: str) -> None:
    with _open(ports[server], server == "nginx") as sock:
        for _ in range(2):
            sock.sendall(request(b"/rules/").replace(b"GET", b"HEAD", 1))
            assert _answer(sock)[0] == 200
        sock.sendall(request(b"/?q=" + b"a" * 20_000))
        assert _answer(sock)[0] == 414


@pytest.mark.parametrize("server", SERVERS)
def test_websockets_still_open_on_every_server(ports, server: str) -> None:
    browser = Browser(ports[server], tls=server == "nginx")
    slug, version = browser.open_board()
    extra = {} if browser.tls else {"X-Forwarded-Proto": "https"}
    extra["Cookie"] = "; ".join(f"{k}={v}" for k, v in browser.cookies.items())
    with connect(browser.ws_url(f"/ws/b/{slug}/"), origin=browser.origin,
                 additional_headers=extra, ssl=insecure() if browser.tls else None,
                 open_timeout=20, max_size=None) as ws:
        assert version_of(ws.recv(timeout=20)) == version


# ---------------------------------------------------------------------- PostgreSQL
@pytest.mark.parametrize("target", [b"/b/%00/", b"/k/%00/", b"/sets/%00/", b"/lessons/%00/",
                                    b"/cards/new?board=%00", b"/cards/?board=%00"])
def test_a_nul_in_an_address_is_refused_on_postgresql(ports, target: bytes) -> None:
    """These answered 500: PostgreSQL cannot take a NUL in a text it is asked about (nginx
    itself refuses one in the path, and passes one in the query)."""
    for server in SERVERS:
        status, fields = send(ports, server, request(target))
        assert status == 400, (server, target)
        assert "x-request-id" in fields or server == "nginx" and b"?" not in target


def test_card_sets_loaded_at_once_are_each_saved_or_refused_as_stale(stack: Stack) -> None:
    """Eighteen tabs of one editor load eighteen card sets into one board at once, on two
    workers: each load is saved or refused with 409 (12 of them answered 500), and the
    board holds the cards of the loads saved."""
    owner = Browser(stack.a)
    slug, version = owner.open_board()
    sets = []
    for i in range(18):
        status, head, _ = owner.request("POST", "/cards/new", {
            "game": "yugioh", "do": "new_board", "name_en": f"Reader {i}", "type": "monster",
            "effects": "0"})
        assert status == 302, status
        source = head["location"].split("/")[2]
        status, head, _ = owner.request("POST", f"/b/{source}/cards/set", {"title": f"Set {i}"})
        assert status == 302, status
        sets.append(head["location"].split("/")[2])
    statuses: list[int] = []
    gate = threading.Barrier(len(sets))

    def load(i: int) -> None:
        tab = Browser(stack.a if i % 2 else stack.b)
        tab.cookies = dict(owner.cookies)
        gate.wait()
        statuses.append(tab.request("POST", f"/b/{slug}/cards/load", {"set": sets[i]})[0])

    threads = [threading.Thread(target=load, args=(i,)) for i in range(len(sets))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert len(statuses) == len(sets) and set(statuses) <= {302, 409}, statuses
    assert 409 in statuses  # they did collide
    saved = statuses.count(302)
    status, _, page = owner.request("GET", f"/b/{slug}/")
    assert owner.version(slug) == version + saved
    assert sum(bool(re.search(rf"Reader {i}\b", page)) for i in range(18)) == saved


@pytest.mark.parametrize("path", ["/ws/b/%00/", "/ws/b/x%00/follow/", "/ws/b/%00/teach/",
                                  "/ws/lessons/%00/"])
def test_a_websocket_to_a_slug_holding_a_nul_is_no_route_on_postgresql(ports,
                                                                        path: str) -> None:
    """The handshake answered 500 (the slug was looked up in PostgreSQL)."""
    status, _ = send(ports, "uvicorn", request(path.encode(), [
        b"Upgrade: websocket", b"Connection: Upgrade", b"Sec-WebSocket-Version: 13",
        b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", b"Origin: https://127.0.0.1"]))
    assert status < 500
