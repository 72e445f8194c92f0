"""Boards kept: loading a board's row and its duel, saving a change, creating, re-keying and
deleting a board.

A board is read with one small SQL query (its history and outcome come from this process's
cache when it holds the board's current version) and a change is saved with one conditional
UPDATE that checks and bumps the board's version (:func:`_save_if_at`, atomic on every
database), so two browsers acting at once cannot both win: the second is told its view was
stale. Each change also records the engine's rules version and the outcome of the board's
history (engine.versions), so a board opened after the engine's reading changed can say what
differs.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from functools import cache, lru_cache
from typing import Any, NamedTuple

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.utils import timezone
from django.utils.translation import gettext as _

from engine import (
    RULES_VERSION,
    Duel,
    Recheck,
    VersionError,
    default_library,
    outcome,
    parse_cards,
    recheck,
)
from engine.limits import check_text, within_room

from .history import saved_data
from .models import Board


class _Kept(NamedTuple):
    """What this process keeps of a recently used board version."""

    duel: Duel
    again: Recheck | None
    data: dict[str, Any]  # the board's history as saved: never changed in place
    outcome: Any


_CACHE: OrderedDict[tuple[str, int], _Kept] = OrderedDict()


_CACHE_LOCK = threading.Lock()


CACHE_SIZE = 64


#: the row of each board this process changed last, as it saved it (the fields :func:`load`
#: reads, by name), by slug: see :func:`held`
_HELD: OrderedDict[str, dict[str, Any]] = OrderedDict()


#: what a change started from a held row checks the row still has when it saves (besides
#: its version): whoever changed the row since (another process, a presentation) changed its
#: time of update (:func:`set_fields`) and maybe its keys
GUARDED = ("updated", "edit_key", "p1_key", "p2_key")


#: the board's fields that grow with its history: read from memory when this process holds
#: the board's current version (:func:`load`)
HEAVY = ("data", "outcome")


#: the fields a change may set besides its history, outcome and version
CHANGEABLE = ("title", "pending_steps", "script_left", "auto", "seats")


class StaleBoard(Exception):
    """The action was made on an older version of the board than the current one."""


class Notice(Exception):
    """Nothing to do, and nothing wrong: the board is unchanged, the message says why."""


def library_for(data: dict[str, Any]):
    library = default_library(data.get("game"))
    # a board's cards were checked when they were added; read as they were saved, so a board
    # saved before a stricter check keeps opening
    for card in parse_cards(data.get("cards") or [], file="board", game_hint=data.get("game"),
                            strict=False):
        library.add(card, replace=True)
    return library


def _quoted(name: str) -> str:
    """A column of the board table, quoted for the database."""
    return connection.ops.quote_name(Board._meta.get_field(name).column)


@cache
def _light_fields() -> tuple:
    return tuple(f for f in Board._meta.concrete_fields if f.attname not in HEAVY)


@cache
def _light_names() -> list[str]:
    return [f.attname for f in _light_fields()]


@cache
def _load_sql() -> str:
    """The board row without its heavy fields, written once (building the same query with
    the ORM on every request cost several times more than running it)."""
    columns = ", ".join(_quoted(f.name) for f in _light_fields())
    return (f"SELECT {columns} FROM {connection.ops.quote_name(Board._meta.db_table)} "
            f"WHERE {_quoted('slug')} = %s")


@lru_cache(maxsize=32)
def _converters(conn) -> list[tuple[Any, list]]:
    """What turns each column of :func:`_load_sql` into its field's value on the database
    connection ``conn`` (as the ORM's compiler finds them): each column, its converters."""
    out = []
    for f in _light_fields():
        col = f.get_col(Board._meta.db_table)
        out.append((col, conn.ops.get_db_converters(col) + col.get_db_converters(conn)))
    return out


def _light_board(row: tuple) -> Board:
    """A board from a row of :func:`_load_sql`, its values converted as the ORM does."""
    conn = connections[DEFAULT_DB_ALIAS]  # this thread's
    values = []
    for value, (col, converters) in zip(row, _converters(conn), strict=True):
        for convert in converters:
            value = convert(value, col, conn)
        values.append(value)
    return Board.from_db(conn.alias, _light_names(), values)


@cache
def _update_sql(names: tuple[str, ...], guarded: tuple[str, ...] = ()) -> str:
    """``UPDATE board SET names WHERE id = %s AND version = %s [AND guarded = %s...]``,
    written once."""
    return (f"UPDATE {connection.ops.quote_name(Board._meta.db_table)} SET "
            + ", ".join(f"{_quoted(name)} = %s" for name in names)
            + f" WHERE {_quoted('id')} = %s AND {_quoted('version')} = %s"
            + "".join(f" AND {_quoted(name)} = %s" for name in guarded))


def load(slug: str) -> Board:
    """The board named ``slug``. Its history (``data``) and recorded outcome, which grow with
    every step, are read from memory when this process holds the board's current version, so
    reading a board costs one small query; otherwise the whole row is read. The version read
    names the data kept: a board's data never changes without a new version
    (:func:`_apply_and_save`). Raises ``Board.DoesNotExist``."""
    with connection.cursor() as cursor:
        cursor.execute(_load_sql(), [slug])
        row = cursor.fetchone()
    if row is None:
        raise Board.DoesNotExist(slug)
    board = _light_board(row)
    with _CACHE_LOCK:
        kept = _CACHE.get((board.slug, board.version))
    if kept is None:
        return Board.objects.get(pk=board.pk)  # data and version read together
    board.data, board.outcome = kept.data, kept.outcome
    return board


def held(slug: str, version: int) -> Board | None:
    """The board as this process last saved it, when that was ``version`` and this process
    still keeps that version's history, without reading the database: a change may start from
    it, since its UPDATE then checks the row is still the one saved (:data:`GUARDED`); a
    change refused or not saved on it is done again on the row as read (the views' ``_change``).
    None otherwise. Its lists and mappings are its own (copied at their top level, below which
    a board's fields are never edited in place)."""
    with _CACHE_LOCK:
        row = _HELD.get(slug)
        kept = None if row is None or row["version"] != version else _CACHE.get((slug, version))
    if kept is None:
        return None
    values = [_own(row[name]) for name in _light_names()]
    board = Board.from_db(DEFAULT_DB_ALIAS, _light_names(), values)
    board.data, board.outcome = kept.data, kept.outcome
    board.held = row
    return board


def _own(value: Any) -> Any:
    return list(value) if isinstance(value, list) else (
        dict(value) if isinstance(value, dict) else value)


def _hold(board: Board) -> None:
    with _CACHE_LOCK:
        _HELD[board.slug] = {name: _own(getattr(board, name)) for name in _light_names()}
        _HELD.move_to_end(board.slug)
        while len(_HELD) > CACHE_SIZE:
            _HELD.popitem(last=False)


def forget(slug: str) -> None:
    """Drop this process's held copy of a board's row (it changed it another way)."""
    with _CACHE_LOCK:
        _HELD.pop(slug, None)


def set_fields(board: Board, **values: Any) -> None:
    """Write these fields of the board's row, and its time of update, leaving its history and
    version as they are (a presentation's place, its captions): every write to a board's row
    changes that time, which a change started from a held row checks (:func:`held`)."""
    forget(board.slug)
    Board.objects.filter(pk=board.pk).update(**values, updated=timezone.now())
    for name, value in values.items():
        setattr(board, name, value)


def duel_of(board: Board) -> Duel:
    """The board's duel, rebuilt by replay or taken from the cache for this version. A board
    last played under an older rules version is replayed under today's rules (see
    :func:`rules_recheck`)."""
    return _loaded(board)[0]


def rules_recheck(board: Board) -> Recheck | None:
    """For a board last played under an older rules version (or before versions were
    recorded): its history replayed under today's rules, the changelog entries since and what
    differs from the outcome it recorded. None for a board of this version. Opening a board
    changes nothing: the board records today's version and outcome when it is next changed."""
    return _loaded(board)[1]


def _loaded(board: Board) -> tuple[Duel, Recheck | None]:
    key = (board.slug, board.version)
    with _CACHE_LOCK:
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return _CACHE[key][:2]
    data, cut = within_room(board.data)  # saved before every action was checked: it opens
    again = None
    if board.rules_version < RULES_VERSION:
        outcome = board.outcome if isinstance(board.outcome, dict) else None
        try:
            again = recheck(data, version=board.rules_version, outcome_then=outcome,
                            library=library_for(data))
        except VersionError:  # a recorded outcome that cannot be read: nothing to compare
            again = recheck(data, version=board.rules_version, outcome_then=None,
                            library=library_for(data))
        duel = again.duel
    else:
        duel = Duel.from_dict(data, library=library_for(data))
    duel.history_cut = cut
    _remember(board, duel, again)
    return duel, again


def _remember(board: Board, duel: Duel, again: Recheck | None = None) -> None:
    with _CACHE_LOCK:
        _CACHE[(board.slug, board.version)] = _Kept(duel, again, board.data, board.outcome)
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)


def create_board(*, game: str, settings: dict[str, Any] | None = None,
                 setup: dict[str, Any] | None = None, cards: list[dict] | None = None,
                 title: str = "", scenario: str = "", steps: list[dict] | None = None,
                 actions: list[dict] | None = None, auto: bool = False, question: str = "",
                 explanation: str = "", replay: dict[str, Any] | None = None) -> Board:
    """A new board; its set-up and actions are validated by replaying them first. ``steps``
    are a scenario's steps, waiting for "Next step": the board's script.

    ``replay``: how the board came from another one replayed under a change (the engine's
    replay report as plain data, with the preset and the original board), shown on its page.
    """
    # the database does not enforce the fields' lengths (SQLite ignores max_length): here
    title = check_text(title, "the title", Board._meta.get_field("title").max_length)
    scenario = check_text(scenario, "the scenario", Board._meta.get_field("scenario").max_length)
    data = {"game": game, "settings": settings or {}, "setup": setup or {},
            "actions": [], "cards": cards or []}
    if replay:
        data["replay"] = replay
    duel = Duel(game, setup=data["setup"], settings=data["settings"], library=library_for(data))
    for action in actions or []:
        duel.apply(action)
    data["settings"] = dict(duel.settings)
    data["actions"] = duel.to_dict()["actions"]
    board = Board.objects.create(game=game, title=title, scenario=scenario, data=data,
                                 pending_steps=steps or [], auto=auto, question=question,
                                 explanation=explanation, script_length=len(steps or []),
                                 rules_version=RULES_VERSION, outcome=outcome(duel))
    _remember(board, duel)
    return board


def rotate_keys(board: Board) -> None:
    """New edit and seat keys: every link made with the old ones stops working."""
    from . import access
    from .models import new_key

    old = {"edit": board.edit_key, "p1": board.p1_key, "p2": board.p2_key}
    board.edit_key, board.p1_key, board.p2_key = new_key(), new_key(), new_key()
    forget(board.slug)
    board.save(update_fields=["edit_key", "p1_key", "p2_key", "updated"])
    access.revoke_keys(board.slug, old)  # sockets opened under the old keys close now


def delete_board(board: Board) -> None:
    """Delete a board; every socket open on it closes."""
    from . import access

    slug = board.slug
    forget(slug)
    board.delete()
    access.revoke([access.sockets_group(slug)])


def _apply_and_save(board: Board, version: int, change) -> Duel:
    """Apply a change to a private copy of the duel, then save it only if the board is still
    at ``version``: one conditional UPDATE, atomic on every database, so of two browsers
    acting at once exactly one wins and the other is told its view was stale. On PostgreSQL
    the second UPDATE waits for the first one's row lock, then finds the version changed and
    updates nothing, whichever worker process it runs in (tests/scaleout: 50 at once)."""
    current = copy.copy(board)  # as just read by the view: the UPDATE below re-checks it
    # the change works on its own list and mapping: what it changed is told from what it did
    # not by comparing with ``board`` (CHANGEABLE), which an in-place change would defeat (a
    # record of the script left is replaced whole, never edited below its top level)
    current.pending_steps = list(board.pending_steps)
    current.script_left = None if board.script_left is None else dict(board.script_left)
    if current.version != version:
        raise StaleBoard(_("Someone else acted on this board first; it has been refreshed."))
    before = duel_of(current)
    duel = _clone(before)
    change(current, duel)
    _keep_state_before(before, duel)
    actions, appended = _actions_data(current.data, before, duel)
    current.data = saved_data(current.data, actions, appended, settings=duel.settings)
    current.rules_version, current.outcome = RULES_VERSION, outcome(duel)
    values = {"data": current.data, "version": version + 1,
              "rules_version": current.rules_version, "outcome": current.outcome,
              "updated": timezone.now()}
    for name in CHANGEABLE:  # the others are written when the change changed them
        if getattr(current, name) != getattr(board, name):
            values[name] = getattr(current, name)
    row = getattr(board, "held", None)
    saved = _save_if_at(board.pk, version, values,
                        {name: row[name] for name in GUARDED} if row else None)
    if not saved:
        raise StaleBoard(_("Someone else acted on this board first; it has been refreshed."))
    current.version, current.updated = version + 1, values["updated"]
    current.held = None  # as saved: a next change on this copy checks the version only
    board.__dict__.update(current.__dict__)
    _remember(board, duel)
    _hold(board)
    return duel


def _save_if_at(pk: int, version: int, values: dict[str, Any],
                guard: dict[str, Any] | None = None) -> bool:
    """``UPDATE board SET values WHERE id = pk AND version = version`` (and each field of
    ``guard`` has its value): whether the row was at that version (and is now saved). One
    statement, atomic on its own (it commits by itself outside a transaction): on PostgreSQL
    a second UPDATE of the row waits for the first one's row lock, then sees the new version.
    The values are prepared by their fields as ``QuerySet.update`` prepares them; the
    statement is written directly, since building it with the ORM on every action cost
    several times more than running it."""
    guard = guard or {}
    conn = connections[DEFAULT_DB_ALIAS]  # this thread's (``connection`` looks it up each time)

    def prepared(fields: dict[str, Any]) -> list[Any]:
        return [Board._meta.get_field(name).get_db_prep_save(value, conn)
                for name, value in fields.items()]

    with conn.cursor() as cursor:
        cursor.execute(_update_sql(tuple(values), tuple(guard)),
                       [*prepared(values), pk, version, *prepared(guard)])
        return cursor.rowcount == 1


def _keep_state_before(before: Duel, duel: Duel) -> None:
    """When ``duel`` went on from ``before`` (new steps, none undone), keep ``before``'s state
    as ``duel``'s copy of that step: the frames of the new steps (sent with the update) then
    open from it instead of replaying the steps since the engine's last kept copy. The state
    is shared, not copied (a cached duel's state is never changed; the engine copies a kept
    state before using it)."""
    n = len(before.actions)
    if len(duel.actions) > n and duel.actions[:n] == before.actions:
        duel.keep_state(n, before.state)


def _actions_data(data: dict[str, Any], before: Duel,
                  duel: Duel) -> tuple[list[dict[str, Any]], bool]:
    """The duel's actions as saved data, and whether they begin with the saved ones. While
    the duel still starts with the saved actions (one more action, a step, auto answers),
    only the new ones are copied: copying the whole history on every action cost more than
    the action itself. ``before``: the duel of the saved data (its actions are the saved
    ones, kept together by version): ``duel`` still holds the very same action objects, so
    comparing them costs one identity test each."""
    saved = data.get("actions") or []
    n = len(saved)
    if len(before.actions) == n and len(duel.actions) >= n and duel.actions[:n] == (
            before.actions):
        return saved + copy.deepcopy(duel.actions[n:]), True
    return duel.to_dict()["actions"], False


def _clone(duel: Duel) -> Duel:
    """A private copy to act on, so a refused action never touches the cached duel; the new
    steps' frames travel with the update."""
    other = duel.copy()
    other.records_frames = True
    return other
