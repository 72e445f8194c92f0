"""Snapshot links: a whole duel (set-up, custom cards, actions, current step) in a URL.

``encode`` turns a duel into a compact, URL-safe string (format version, then zlib-compressed
JSON in base64url); ``decode`` reads one back. Links are plain data, not signed: anyone may
craft one, so the decoder treats every link as untrusted input: it caps the link's length and
the decompressed size (a compression bomb stops at the cap), checks the shape of the data, and
rebuilds the duel by replaying it through the engine, which refuses anything illegal.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from .cards import GAMES, parse_cards
from .duel import Duel
from .errors import EngineError
from .limits import LimitError, check_duel, check_text, load_json

VERSION = "1"
MAX_LINK = 16_000  # characters
MAX_DATA = 256_000  # bytes of JSON once decompressed
MAX_TITLE = 200  # characters of a link's title (the board's title field)
KEYS = {"game", "settings", "setup", "cards", "actions", "at", "title"}


class LinkError(EngineError):
    """A link that cannot be opened: truncated, corrupted, too large or not a valid duel."""


def encode(duel: Duel, *, at: int | None = None, title: str = "",
           cards: list[dict[str, Any]] | None = None) -> str:
    """The link text for a duel (``at``: the step shown, default the last)."""
    data: dict[str, Any] = {"game": duel.game, "settings": duel.settings, "setup": duel.setup,
                            "actions": duel.actions}
    if cards:
        data["cards"] = cards
    if at is not None and at != len(duel.actions):
        data["at"] = at
    if title:
        data["title"] = title
    raw = json.dumps(data, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    packed = zlib.compress(raw.encode("utf-8"), 9)
    return VERSION + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(link: str) -> dict[str, Any]:
    """The plain data of a link, checked; raises LinkError with a readable reason."""
    if not isinstance(link, str) or not link:
        raise LinkError("the link is empty")
    if len(link) > MAX_LINK:
        raise LinkError(f"the link is too long ({len(link)} characters; at most {MAX_LINK})")
    if link[0] != VERSION:
        raise LinkError("this link was made by a newer or unknown version of the simulator")
    body = link[1:]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise LinkError("the link is not valid: it may have been cut or changed") from None
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, MAX_DATA + 1)
    except zlib.error:
        raise LinkError("the link is not valid: it may have been cut or changed") from None
    if len(raw) > MAX_DATA or inflater.unconsumed_tail:
        raise LinkError("the link holds too much data")
    if not inflater.eof:
        raise LinkError("the link is incomplete: it may have been cut")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LinkError("the link is not valid: it may have been cut or changed") from None
    try:  # depth checked before parsing; NaN, infinities, huge numbers and lone surrogates
        data = load_json(text, "the link")  # refused
    except LimitError as exc:
        raise LinkError(f"the link cannot be opened: {exc}") from None
    return _checked(data)


def _checked(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict) or not set(data) <= KEYS:
        raise LinkError("the link does not describe a board")
    if data.get("game") not in GAMES:
        raise LinkError("the link names an unknown game")
    for key, kind in (("settings", dict), ("setup", dict), ("actions", list), ("cards", list)):
        if key in data and not isinstance(data[key], kind):
            raise LinkError(f"the link's {key} are not valid")
    actions = data.get("actions", [])
    if not all(isinstance(a, dict) for a in actions):
        raise LinkError("the link's actions are not valid")
    at = data.get("at", len(actions))
    if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= len(actions):
        raise LinkError("the link's step is not valid")
    if "title" in data:
        try:
            check_text(data["title"], "the link's title", MAX_TITLE)
        except LimitError as exc:
            raise LinkError(str(exc)) from None
    try:  # what replaying it would cost, before anything is built
        check_duel(setup=data.get("setup"), actions=actions, cards=data.get("cards", []),
                   what="the link")
    except LimitError as exc:
        raise LinkError(f"the link cannot be opened: {exc}") from None
    return data


def open_link(link: str) -> tuple[Duel, dict[str, Any]]:
    """Decode a link and replay it: the duel at its last step, and the link's data."""
    data = decode(link)
    try:
        library = None
        if data.get("cards"):
            from .cards import default_library

            library = default_library(data["game"])
            for card in parse_cards(data["cards"], file="link", game_hint=data["game"]):
                library.add(card, replace=True)
        duel = Duel.from_dict(data, library=library)
    except EngineError as exc:
        raise LinkError(f"the link's duel cannot be replayed: {exc}") from exc
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError,
            RecursionError) as exc:
        raise LinkError("the link's duel cannot be replayed: malformed data") from exc
    return duel, data
