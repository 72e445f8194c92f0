"""Several workers on Redis and PostgreSQL: every viewer gets every update whichever worker
it is connected to, conflicting actions serialise per board, classroom mode follows across
workers, and the documented nginx configuration passes pages and websockets."""

from __future__ import annotations

import threading
import time

from websockets.sync.client import connect

from .conftest import Browser, Stack, insecure, version_of

TIMEOUT = 20


def _socket(browser: Browser, path: str):
    extra = {} if browser.tls else {"X-Forwarded-Proto": "https"}
    if browser.cookies:
        extra["Cookie"] = "; ".join(f"{k}={v}" for k, v in browser.cookies.items())
    return connect(browser.ws_url(path), origin=browser.origin, additional_headers=extra,
                   ssl=insecure() if browser.tls else None, open_timeout=TIMEOUT,
                   max_size=None)


def _until(ws, test) -> str:
    deadline = time.monotonic() + TIMEOUT
    while True:
        message = ws.recv(timeout=max(0.1, deadline - time.monotonic()))
        if test(message):
            return message


def test_a_viewer_on_one_worker_gets_an_action_made_on_the_other(stack: Stack) -> None:
    actor, viewer = Browser(stack.b), Browser(stack.a)
    slug, version = actor.open_board()
    with _socket(viewer, f"/ws/b/{slug}/") as ws:
        assert version_of(ws.recv(timeout=TIMEOUT)) == version  # the current board first
        status, body = actor.act(slug, version)
        assert status == 200 and version_of(body) == version + 1
        update = _until(ws, lambda m: version_of(m) == version + 1)
        assert update == body  # the same bytes as the acting browser's kind of viewer


def test_fifty_conflicting_actions_on_two_workers_one_wins(stack: Stack) -> None:
    owner = Browser(stack.a)
    slug, version = owner.open_board()
    statuses: list[int] = []
    gate = threading.Barrier(50)

    def one(i: int) -> None:
        browser = Browser(stack.a if i % 2 else stack.b)
        browser.cookies = dict(owner.cookies)  # the same editor in 50 tabs
        gate.wait()
        statuses.append(browser.act(slug, version, amount=i + 1)[0])

    threads = [threading.Thread(target=one, args=(i,)) for i in range(50)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(statuses) == [200] + [409] * 49
    assert owner.version(slug) == version + 1  # exactly one action was saved
    status, page = owner.act(slug, version + 1)
    assert status == 200 and version_of(page) == version + 2


def test_followers_on_another_worker_see_the_presenter(stack: Stack) -> None:
    presenter, follower = Browser(stack.a), Browser(stack.b)
    slug, version = presenter.open_board()
    for v in range(version, version + 2):
        assert presenter.request("POST", f"/b/{slug}/step", {"version": v})[0] == 200
    assert presenter.request("POST", f"/b/{slug}/present/", {})[0] == 302
    with _socket(follower, f"/ws/b/{slug}/follow/") as ws:
        assert "follows the live board" in ws.recv(timeout=TIMEOUT)
        status, _, moved = presenter.request("POST", f"/b/{slug}/present", {"at": 1})
        assert status == 200 and 'data-step="1"' in moved
        assert _until(ws, lambda m: 'data-step="1"' in m) == moved


def test_an_answer_counts_through_a_follower_connection_on_another_worker(
        stack: Stack) -> None:
    """The live follower connections are kept in Redis: a student follows on one worker and
    answers through the other; a second answer of that page (its voter cookie dropped)
    is refused, and once its socket is closed its token answers no more."""
    import re

    presenter = Browser(stack.a)
    slug, _ = presenter.open_board("/scenarios/yugioh/amazoness_village_soul_taker")
    assert presenter.request("POST", f"/b/{slug}/present/", {})[0] == 302
    student = Browser(stack.b)
    assert student.request("GET", f"/b/{slug}/follow/")[0] == 200
    with _socket(student, f"/ws/b/{slug}/follow/") as ws:
        token = re.search(r'id="follow-connection" name="connection" value="([^"]+)"',
                          ws.recv(timeout=TIMEOUT))[1]
        _, _, offer = presenter.request("GET", f"/b/{slug}/predict/offer")
        key = re.search(r'name="key" value="([^"]+)"', offer)[1]
        _, _, asked = presenter.request("POST", f"/b/{slug}/predict/ask", {"key": key})
        question = re.search(r'data-question="(\d+)"', asked)[1]
        vote = {"question": question, "choice": 0, "connection": token}
        through_a = Browser(stack.a)
        through_a.cookies = dict(student.cookies)
        assert through_a.request("POST", f"/b/{slug}/predict/vote", vote)[0] == 200
        dropped = Browser(stack.a)  # no voter cookie: the same page again
        dropped.cookies = {"csrftoken": student.cookies["csrftoken"]}
        assert dropped.request("POST", f"/b/{slug}/predict/vote", vote)[0] == 409
    deadline = time.monotonic() + TIMEOUT
    while True:  # the socket's close reaches its worker
        status, _, body = dropped.request("POST", f"/b/{slug}/predict/vote", vote)
        if status == 403 or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert status == 403 and "not connected live" in body


def test_nginx_passes_pages_actions_and_websockets(stack: Stack) -> None:
    through = Browser(stack.nginx, tls=True)
    status, head, page = through.request("GET", "/")
    assert status == 200 and "strict-transport-security" in head
    assert "secure" in head["set-cookie"].lower()
    slug, version = through.open_board()
    direct = Browser(stack.a)
    with _socket(through, f"/ws/b/{slug}/") as ws:
        assert version_of(ws.recv(timeout=TIMEOUT)) == version
        direct.cookies = dict(through.cookies)
        status, _ = direct.act(slug, version)
        assert status == 200
        assert version_of(_until(ws, lambda m: version_of(m) == version + 1)) == version + 1
        status, body = through.act(slug, version + 1)
        assert status == 200
        assert version_of(_until(ws, lambda m: version_of(m) == version + 2)) == version + 2


def test_plain_http_to_nginx_is_sent_to_https(stack: Stack) -> None:
    import http.client

    site = (stack.servers.tmp / "site.conf").read_text()
    port = int(site.split("listen 127.0.0.1:")[1].split(";")[0])  # the first server: http
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", "/b/x/")
    response = conn.getresponse()
    assert response.status == 301
    assert response.getheader("Location").startswith("https://127.0.0.1")
