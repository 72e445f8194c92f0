"""Every response names its request (X-Request-ID), and so does every log line written for it."""

from __future__ import annotations

import logging
import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_a_proxys_request_id_is_kept_and_any_other_is_replaced(client: Client) -> None:
    kept = client.get("/", HTTP_X_REQUEST_ID="edge-1234abcd")
    assert kept["X-Request-ID"] == "edge-1234abcd"
    for sent in ("", "short", "bad id with spaces", "x" * 65, "<script>"):
        made = client.get("/", HTTP_X_REQUEST_ID=sent)["X-Request-ID"]
        assert re.fullmatch(r"[0-9a-f]{16}", made) and made != sent
    assert client.get("/")["X-Request-ID"] != client.get("/")["X-Request-ID"]


def test_a_log_line_written_for_a_request_names_it(client: Client, caplog) -> None:
    with caplog.at_level(logging.WARNING, logger="django.request"):
        response = client.get("/no-such-page/", HTTP_X_REQUEST_ID="edge-5678abcd")
    assert response.status_code == 404
    assert [r.request_id for r in caplog.records] == ["edge-5678abcd"]
