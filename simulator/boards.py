"""Boards as engine duels: create, load (with an in-process cache), and act on them.

Every change happens in one database transaction that checks and bumps the board's version,
so two browsers acting at once cannot both win: the second is told its view was stale. Each
change also records the engine's rules version and the outcome of the board's history
(engine.versions), so a board opened after the engine's reading changed can say what differs.

A board opened from a scenario follows its script (the scenario's steps) until someone acts
otherwise: an action that does what the next step does counts as that step; any other
action leaves the script, and "Back to the script" returns the board to where it left.
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
    EngineError,
    IllegalAction,
    Recheck,
    Scenario,
    VersionError,
    default_library,
    outcome,
    parse_cards,
    recheck,
    refusal_problem,
    refusal_text,
    step_action,
    translate_answer,
)
from engine.games import known
from engine.limits import check_text, within_room
from engine.words import in_each_language, worded

from .game_context import has, web
from .history import saved_data
from .language import translator
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


def board_from_scenario(scn: Scenario) -> Board:
    """A board at the start of a scenario, its steps waiting for "Next step"."""
    steps = [{k: v for k, v in s.items() if k != "__line__"} for s in scn.steps]
    return create_board(game=scn.game, settings=scn.settings, setup=scn.setup,
                        cards=scn.raw_cards, title=scn.title, scenario=scn.slug, steps=steps,
                        auto=scn.auto, question=scn.question, explanation=scn.explanation)


TITLE_MAX = 120


def default_title(game: str, settings: dict[str, Any] | None = None) -> str:
    """The title of a new board, until it is renamed: "Yu-Gi-Oh! board (TCG)" (the game's
    ``BOARD_TITLE``, its preset the first of its presets when none is set)."""
    data = web(game)
    if not data.BOARD_TITLE:
        return _(has(game).title) if known(game) else str(game)
    preset = (settings or {}).get("preset", data.PRESETS[0] if data.PRESETS else "")
    return _(data.BOARD_TITLE) % {"preset": preset}


def clean_title(title: str) -> str:
    """A title as typed, trimmed and on one line; refused (IllegalAction) when empty or
    longer than :data:`TITLE_MAX` characters."""
    title = " ".join(check_text(str(title), _("the title")).split())
    if not title:
        raise IllegalAction(_("A board needs a title: type one."))
    if len(title) > TITLE_MAX:
        raise IllegalAction(_("A title has at most %(max)s characters; this one has "
                              "%(n)s.") % {"max": TITLE_MAX, "n": len(title)})
    return title


def rename(board: Board, title: str) -> Duel:
    """Give the board a new title (see :func:`clean_title`). Every viewer sees it with the
    next version; a rename does not depend on what happened on the board, so it is never
    refused as stale."""
    title = clean_title(title)

    def change(locked: Board, duel: Duel) -> None:
        if locked.title == title:
            raise Notice(_("The board is already called “%(title)s”.") % {"title": title})
        locked.title = title

    return _apply_and_save(board, board.version, change)


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


def act(board: Board, version: int, action: dict[str, Any]) -> Duel:
    """Apply one action (then "Auto answers" if the board's switch is on). On a board that
    follows its script, an action that does what the next step does plays that step; any
    other action leaves the script."""
    def change(locked: Board, duel: Duel) -> None:
        if locked.follows_script:
            if locked.pending_steps and same_as_step(duel, action, locked.pending_steps[0]):
                _play_next(locked, duel)
                return
            before = list(duel.actions)
            duel.apply(action)  # refused: the board stays on its script, unchanged
            _leave(locked, "answer" if action.get("do") in ("answer", "pass") else "action",
                   before)
        else:
            duel.apply(action)
        if locked.auto:
            _auto(locked, duel)

    return _apply_and_save(board, version, change)


def next_step(board: Board, version: int) -> Duel:
    """Play the scenario's next step on the board. A step the engine refuses here (say, on a
    board run again under another preset) leaves the script, saying why, rather than failing.
    """
    def change(locked: Board, duel: Duel) -> None:
        if locked.script_left is not None:
            raise Notice(_("This board left its script at step %(k)s; press “Back to the "
                           "script” to play its steps again.") % {
                               "k": locked.script_left.get("step")})
        if not locked.pending_steps:
            raise Notice(_("This scenario has no step left."))
        try:
            _play_next(locked, duel)
        except IllegalAction as exc:
            _leave(locked, "failed", list(duel.actions), reason=refusal_text(exc))

    return _apply_and_save(board, version, change)


def _play_step(duel: Duel, step: dict[str, Any], auto: bool) -> None:
    """One scenario step on a duel, then the default answers if ``auto`` or the step says so."""
    auto = step.get("auto", False) or auto
    _apply_step(duel, step)
    if auto:
        duel.auto()


def played_out(board: Board) -> Duel:
    """The board's duel with the scenario steps still waiting played too, as "Next step"
    would play them, on a copy (the board is not changed). It stops before a step that fails."""
    duel = _clone(duel_of(board))
    for step in board.pending_steps:
        try:
            _play_step(duel, step, board.auto)
        except IllegalAction:
            break
    return duel


def as_step(action: dict[str, Any]) -> dict[str, Any]:
    """An action of a history as a scenario step ("Next step" plays it again)."""
    if action.get("do") == "answer":
        return {"answer": action.get("choice")}
    return dict(action)


def back_to_script(board: Board, version: int) -> Duel:
    """Undo (or redo) the board's history to where it left its script; the steps still to
    play wait again."""
    def change(locked: Board, duel: Duel) -> None:
        left = locked.script_left
        if left is None:
            raise Notice(_("This board follows its script."))
        target = left.get("actions") or []
        common = 0
        for mine, theirs in zip(duel.actions, target, strict=False):
            if mine != theirs:
                break
            common += 1
        while len(duel.actions) > common:
            duel.undo()
        for action in target[common:]:
            duel.apply(action)
        locked.script_left = None

    return _apply_and_save(board, version, change)


def set_auto(board: Board, version: int, on: bool) -> Duel:
    def change(locked: Board, duel: Duel) -> None:
        locked.auto = on
        if on:
            _auto(locked, duel)

    return _apply_and_save(board, version, change)


def scripted(board: Board) -> bool:
    """Does the board still follow a scenario's script with steps left to play?"""
    return board.follows_script and bool(board.pending_steps)


def set_seats(board: Board, version: int, on: bool, always_ask: bool = True) -> Duel:
    """Give each player a seat (hidden hands), or take the seats away. With seats, the duel
    asks each player at every window the rules give it ("always ask", ``always_ask``: on by
    default; not while a scenario's steps are still to play), so what one seat sees never
    depends on the other's hidden cards; without seats it asks only a player with something to
    use. The change is a step of the history."""
    from . import access

    def change(locked: Board, duel: Duel) -> None:
        locked.seats = on
        # a script still to play is played as written: it was written for a duel that asks
        # only a player with something to use (it answers those questions, not others)
        wanted = on and always_ask and not scripted(locked)
        if bool(duel.state.settings.get("always_ask")) != wanted:
            duel.apply({"do": "always_ask", "on": wanted})

    before = board.seats
    duel = _apply_and_save(board, version, change)
    if before != on:  # every socket's kind of view changes: they reconnect to the new one
        access.revoke([access.sockets_group(board.slug)])
    return duel


def undo(board: Board, version: int) -> Duel:
    """Take back the last action. On a board that follows its script this leaves the script
    (its steps are not rewound); undoing back to where the board left the script rejoins it.
    """
    def change(locked: Board, duel: Duel) -> None:
        before = list(duel.actions)
        duel.undo()
        left = locked.script_left
        if locked.follows_script:
            _leave(locked, "undo", before)
        elif left is not None and left.get("how") != "failed" and duel.actions == left.get(
                "actions"):
            locked.script_left = None

    return _apply_and_save(board, version, change)


# ---------------------------------------------------------------------- the script
def _play_next(locked: Board, duel: Duel) -> None:
    """Play the next scenario step as it is written, and count it as played."""
    step = locked.pending_steps[0]
    auto = step.get("auto", False)
    refusal = _apply_step(duel, step)
    if refusal:  # said to whoever pressed "Next step" (the board itself is unchanged)
        locked.script_notice = _("Step %(k)s is refused, as the scenario expects: "
                                 "%(reason)s") % {"k": locked.next_step_number,
                                                  "reason": worded(refusal, translator(duel))}
    locked.pending_steps = locked.pending_steps[1:]
    if auto:
        duel.auto()
    if locked.auto:
        _auto(locked, duel)


def _apply_step(duel: Duel, step: dict[str, Any]) -> str | None:
    """Apply a scenario step as written. An answer for the other player's decision is refused
    (IllegalAction, naming both players). A step the scenario expects to be refused counts as
    played when the engine refuses it for the expected reason (returns the refusal's text);
    accepted, or refused otherwise, it is refused here with the reason, and the board leaves
    its script."""
    if "expect_refused" not in step:
        action = step_action(duel, step)
        if action is not None:
            duel.apply(action)
        return None
    try:
        action = step_action(duel, step)
        probe = _clone(duel)
        if action is not None:
            probe.apply(action)
    except IllegalAction as exc:
        problem = refusal_problem(exc, step["expect_refused"])
        if problem:
            raise IllegalAction(problem) from exc
        return refusal_text(exc)
    raise IllegalAction(_("The scenario expects the engine to refuse this step, but it "
                          "accepts it."))


def _auto(locked: Board, duel: Duel, limit: int = 10000) -> None:
    """"Auto answers": a decision that the script's next step answers takes that step's
    answer (playing the step); any other decision takes its default."""
    for _turn in range(limit):
        if duel.state.decision is None:
            return
        step = locked.pending_steps[0] if locked.pending_steps else {}
        if locked.follows_script and "answer" in step:
            try:
                _play_next(locked, duel)
                continue
            except IllegalAction as exc:
                _leave(locked, "failed", list(duel.actions), reason=refusal_text(exc))
        duel.apply({"do": "answer", "choice": duel.default_answer()})


def _leave(locked: Board, how: str, actions: list[dict[str, Any]], reason: str = "") -> None:
    """The board leaves its script before its next step; ``actions`` are where "Back to the
    script" returns. The reason is kept in English and in each language the engine speaks."""
    reasons = in_each_language(reason)
    locked.script_left = {"step": locked.next_step_number, "how": how, "reason": str(reason),
                          "reasons": reasons, "actions": actions}


def same_as_step(duel: Duel, action: dict[str, Any], step: dict[str, Any]) -> bool:
    """Whether ``action`` does what the scenario ``step`` does, on the duel as it is now.

    An answer is the same when it names the same options (in option ids): the same order for
    an order decision, the same cards in any order for a choice of cards, the same option
    otherwise. Any other action is the same when it leaves the duel in the same state as
    the step does."""
    if "expect_refused" in step:  # a step that must be refused: no action does what it does
        return False
    step = {k: v for k, v in step.items() if k not in ("__line__", "auto")}
    decision = duel.state.decision
    if "answer" in step:
        if decision is None or action.get("do") not in ("answer", "pass"):
            return False
        try:
            want = _answer_ids(duel, translate_answer(duel, step["answer"]))
            got = _answer_ids(duel, "pass" if action["do"] == "pass"
                              else duel.option_ids(action.get("choice")))
        except (IllegalAction, TypeError, ValueError):
            return False
        return want == got
    if not step or action.get("do") != step.get("do"):
        return False
    mine, scripted = _clone(duel), _clone(duel)
    try:
        mine.apply(action)
        scripted.apply(step)
    except EngineError:
        return False
    return mine.state == scripted.state


def _answer_ids(duel: Duel, choice: Any) -> Any:
    """An answer in the form the engine records it (see ``Duel.answer``)."""
    decision = duel.state.decision
    ids = [o["id"] for o in decision.options]
    if decision.kind == "order":
        if not isinstance(choice, list):
            return [str(choice)] + [i for i in ids if i != str(choice)]
        return [str(c) for c in choice]
    if decision.kind == "choose_cards":
        return sorted(str(c) for c in (choice if isinstance(choice, list) else [choice]))
    return str(choice)


#: the stand-ins of the cards a viewer may not see, in a copy made for that viewer, are the
#: game's ``UNKNOWN_CARDS`` (its web data): one per kind a zone may need (a face-down card in
#: a Monster Zone is a monster, in a Spell & Trap Zone a Spell or Trap...); all named alike,
#: so the kind chosen says no more than the zone
UNKNOWN_NAME = "An unknown card"


def seen_copy(board: Board, duel: Duel, view: str) -> dict[str, Any]:
    """What a viewer who may not see everything gets when it copies a board (fork, "try it
    yourself", run again, export): the board as this viewer sees ``duel`` now, as a new
    set-up, with no history.

    Each card the viewer may not see (the other player's hand and deck, face-down cards, the
    public view's hands and decks) becomes "An unknown card", face-down where it was face-down,
    in the same zone and place; the custom card definitions of the hidden cards are left out.
    The history is left out too: replaying it would need the hidden cards it moved and named.
    So what a set-up cannot say is lost (what was used this turn, effects lasting until the end
    of the turn); that is the honest price of a copy that reveals nothing. Returns
    ``{"setup", "cards"}`` for :func:`create_board`.
    """
    from .rendering import Viewer

    vw = Viewer(duel, view)
    st = duel.state
    stand_ins = [{"id": f"unknown_card_{i + 1}", "name": {"en": UNKNOWN_NAME},
                  "text": "A card you could not see when this copy was made.", **kind}
                 for i, kind in enumerate(web(duel.game).UNKNOWN_CARDS)]
    stand_in_defs = parse_cards(stand_ins, file="unknown cards", game_hint=duel.game,
                                strict=False)  # one name for every kind: nothing told
    used_custom: set[str] = set()
    used_stand_ins: set[str] = set()
    setup: dict[str, Any] = {"turn_player": f"p{st.turn_player + 1}", "turn": st.turn,
                             "phase": st.phase}
    if st.step is not None:
        setup["step"] = st.step
    custom_ids = {c.get("id") for c in board.data.get("cards") or []}
    for player in (0, 1):
        side: dict[str, Any] = {"lp": st.lp[player]}
        for zone in duel.policy.ZONES:
            entries = []
            for iid in st.zones[player].get(zone, []):
                card = st.cards[iid]
                entry: dict[str, Any] = {"face_up": card.face_up}
                if card.position:
                    entry["position"] = card.position
                if card.tapped:
                    entry["tapped"] = True
                if vw.hidden(iid):
                    stand_in = next(d for d in stand_in_defs
                                    if duel.policy.placement_problem(d, zone) is None)
                    entry["card"] = stand_in.id
                    used_stand_ins.add(stand_in.id)
                    if zone not in ("hand", "deck"):
                        entry["face_up"] = False
                else:
                    definition = duel.definition(card)
                    entry["card"] = definition.id
                    if definition.id in custom_ids:
                        used_custom.add(definition.id)
                entries.append(entry)
            if entries:
                side[zone] = entries
        setup[f"p{player + 1}"] = side
    cards = [c for c in board.data.get("cards") or [] if c.get("id") in used_custom]
    cards += [c for c in stand_ins if c["id"] in used_stand_ins]
    return {"setup": setup, "cards": cards}
