"""The embedded database's write-ahead log kept between requests.

SQLite checkpoints the write-ahead log into the database file and deletes it whenever the
last connection to the database closes. Connections do close: at the end of every request
when ``DATABASE_CONN_MAX_AGE`` is 0, when they reach that age otherwise, in management
commands and tests; each time the last one closed, an action paid for a checkpoint and the
next one for a new log, together more than the action itself. A process keeps one idle
connection per database file open, so a request's connection is never the last one: SQLite
then checkpoints as usual, a little at a time, when the log grows (every 1,000 pages by
default). The idle connection reads once, when it opens, and holds no lock.
"""

from __future__ import annotations

import sqlite3
import threading
from typing import Any

_KEPT: dict[str, sqlite3.Connection] = {}
_LOCK = threading.Lock()


def on_disk(name: str) -> bool:
    """Whether a database NAME is a file (not an in-memory database)."""
    return bool(name) and ":memory:" not in name and "mode=memory" not in name


def keep_open(sender: Any, connection: Any, **kwargs: Any) -> None:
    """``connection_created``: the first connection to a SQLite file opens the idle one."""
    if connection.vendor != "sqlite":
        return
    name = str(connection.settings_dict["NAME"])
    if not on_disk(name):
        return
    with _LOCK:
        if name not in _KEPT:
            kept = sqlite3.connect(name, check_same_thread=False)
            kept.execute("PRAGMA schema_version").fetchall()  # joins the log: one read, done
            _KEPT[name] = kept
