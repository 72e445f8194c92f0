"""A helper of the web tests: a built-in scenario's board page after its first steps."""

from __future__ import annotations

from django.test import Client


def board_page_after(game: str, slug: str, steps: int) -> str:
    """Open a built-in scenario on a new board, play its first ``steps`` steps over HTTP, and
    return the board page as the board's maker sees it."""
    client = Client(HTTP_HOST="localhost")
    response = client.post(f"/scenarios/{game}/{slug}/open")
    assert response.status_code == 302
    board = response["Location"].split("/")[2]
    for version in range(steps):
        assert client.post(f"/b/{board}/step", {"version": version}).status_code == 200
    return client.get(response["Location"]).content.decode()
