"""Helpers of the web tests: a built-in scenario's board page after its first steps, and a
built-in scenario's board with its whole script played."""

from __future__ import annotations

from typing import Any

from django.test import Client

from engine.scenario import load_scenario
from simulator import script, store
from simulator.models import Board


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


def played_scenario(entry: dict[str, Any]) -> Board:
    """A board of the built-in scenario ``entry`` (of the gallery's index) with every step of
    its script played."""
    board = script.board_from_scenario(load_scenario(entry["path"]))
    while board.pending_steps:
        try:
            script.next_step(board, board.version)
        except store.Notice:
            break
    return board
