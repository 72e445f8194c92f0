"""Snapshot links: a whole duel (set-up, custom cards, actions, current step) in a URL.

``encode`` turns a duel into a compact, URL-safe string (format version, then zlib-compressed
JSON in base64url); ``decode`` reads one back. Links are plain data, not signed: anyone may
craft one, so the decoder treats every link as untrusted input: it caps the link's length and
the decompressed size (a compression bomb stops at the cap), checks the shape of the data, and
rebuilds the duel by replaying it through the engine, which refuses anything illegal.

A link records the rules version it was made under and its outcome (engine.versions): opened
under a later version, its history is replayed under today's rules and compared with it.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from .cards import parse_cards
from .duel import Duel
from .errors import EngineError
from .games import known
from .limits import LimitError, check_duel, check_text, load_json
from .versions import (
    RULES_VERSION,
    Recheck,
    VersionError,
    check_outcome,
    check_version,
    outcome,
    recheck,
)

VERSION = "1"
MAX_LINK = 16_000  # characters
MAX_DATA = 256_000  # bytes of JSON once decompressed
MAX_TITLE = 200  # characters of a link's title (the board's title field)
KEYS = {"game", "settings", "setup", "cards", "actions", "at", "title", "rules", "outcome"}


class LinkError(EngineError):
    """A link that cannot be opened: truncated, corrupted, too large or not a valid duel."""


def encode(duel: Duel, *, at: int | None = None, title: str = "",
           cards: list[dict[str, Any]] | None = None) -> str:
    """The link text for a duel (``at``: the step shown, default the last), with the rules
    version it is made under and the outcome of its history."""
    data: dict[str, Any] = {"game": duel.game, "settings": duel.settings, "setup": duel.setup,
                            "actions": duel.actions, "rules": RULES_VERSION,
                            "outcome": outcome(duel)}
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
    if not known(data.get("game")):
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
    try:  # made under which reading of the rules, ending how (absent: before versions)
        check_version(data.get("rules", 0))
        if "outcome" in data:
            check_outcome(data["outcome"])
    except VersionError as exc:
        raise LinkError(f"the link cannot be opened: {exc}") from None
    try:  # what replaying it would cost, before anything is built
        check_duel(setup=data.get("setup"), actions=actions, cards=data.get("cards", []),
                   what="the link")
    except LimitError as exc:
        raise LinkError(f"the link cannot be opened: {exc}") from None
    return data


def _refuse_unexplained(again: Recheck) -> None:
    """A link made before versions were recorded whose history is refused today is refused
    whole, as it always was: it holds no version to explain the change by. A link of an older
    version opens up to the refused step, its page naming the changes since its version."""
    stopped = again.report.stopped if again.report is not None else None
    if again.version == 0 and stopped:
        raise LinkError(f"the link's duel cannot be replayed: step {stopped['step']} "
                        f"({stopped['action']}) is refused: {stopped['reason']}")


def open_link(link: str) -> tuple[Duel, dict[str, Any]]:
    """Decode a link and replay it: the duel at its last step, and the link's data."""
    duel, data, _ = reopen_link(link)
    return duel, data


def reopen_link(link: str) -> tuple[Duel, dict[str, Any], Recheck | None]:
    """Decode a link and replay it: the duel at its last step, the link's data, and for a
    link made under an older rules version (or before versions) how it reads today: its
    history replayed under today's rules, compared with the outcome it recorded."""
    data = decode(link)
    try:
        library = None
        if data.get("cards"):
            from .cards import default_library

            library = default_library(data["game"])
            # a link is a saved history: its cards are read as they were when it was made
            for card in parse_cards(data["cards"], file="link", game_hint=data["game"],
                                    strict=False):
                library.add(card, replace=True)
        if data.get("rules", 0) < RULES_VERSION:
            again = recheck(data, version=data.get("rules", 0),
                            outcome_then=data.get("outcome"), library=library)
            _refuse_unexplained(again)
            return again.duel, data, again
        duel = Duel.from_dict(data, library=library)
    except VersionError as exc:
        raise LinkError(f"the link cannot be opened: {exc}") from exc
    except EngineError as exc:
        raise LinkError(f"the link's duel cannot be replayed: {exc}") from exc
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError,
            RecursionError) as exc:
        raise LinkError("the link's duel cannot be replayed: malformed data") from exc
    return duel, data, None
