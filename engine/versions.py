"""Rules versions: which reading of the rules a board was made under, and what changed since.

>>> from engine.versions import RULES_VERSION, CHANGES, outcome, recheck
>>> saved = {"rules": RULES_VERSION, "outcome": outcome(duel)}   # when a board is saved
>>> again = recheck(duel.to_dict(), version=saved["rules"], outcome=saved["outcome"])
>>> again.differences                                          # [] : the same outcome today

:data:`RULES_VERSION` goes up by one each time the engine's reading of a rule changes what
happens on a board; ``engine/data/rules_changes.yaml`` says, for each version, the day, the
rule ids whose reading changed and what reads differently (docs/rules_versions.md). A board or
a link records the version it was made under and its :func:`outcome`, a compact fingerprint of
how its history ended. Opened under a later version, :func:`recheck` replays its history under
today's rules (:func:`engine.replay_under`) and lists what differs from the recorded outcome.
Boards and links made before versions were recorded are version 0, with no outcome.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from .cards import Library
from .catalogue import RULES
from .duel import Duel
from .errors import DataError, EngineError
from .replay import ReplayReport, replay_under

#: the engine's reading of the rules now: the last version of the changelog
RULES_VERSION = 6
CHANGES_PATH = Path(__file__).parent / "data" / "rules_changes.yaml"
#: trigger fates an outcome keeps (the latest ones): enough to tell the end apart
MAX_FATES = 40
#: card marks an outcome keeps, each a list of the cards (on the table) that have it
MARKS = ("tapped", "down", "defense")
PRIVATE = ("hand", "deck")
OUTCOME_KEYS = {"lp", "zones", "fates", "open", "winner", *MARKS}
MAX_ZONE_NAME = 20


class VersionError(EngineError):
    """A recorded rules version or outcome that is not valid (the reason says why)."""


@dataclass(frozen=True)
class Change:
    """One version of the changelog: the reading that changed, and when."""

    version: int
    date: str
    rules: tuple[str, ...]
    summary: str

    def to_dict(self) -> dict[str, Any]:
        return {"version": self.version, "date": self.date, "rules": list(self.rules),
                "summary": self.summary}


def load_changes(path: Path = CHANGES_PATH) -> list[Change]:
    """The changelog, checked: versions 1, 2, 3... in order, ISO dates that never go back,
    rule ids of the catalogue, a summary each; the last version is :data:`RULES_VERSION`."""
    entries = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    changes: list[Change] = []
    for n, entry in enumerate(entries, 1):
        where = f"version {entry.get('version')}" if isinstance(entry, dict) else f"entry {n}"
        if not isinstance(entry, dict) or entry.get("version") != n:
            raise DataError(f"{where}: versions go 1, 2, 3... in order (expected {n})",
                            file=path.name, field="version")
        date = entry.get("date")
        day = date if isinstance(date, datetime.date) else None
        if day is None or (changes and day.isoformat() < changes[-1].date):
            raise DataError(f"{where}: a date YYYY-MM-DD, not before the previous version's",
                            file=path.name, field="date")
        rules = entry.get("rules")
        if not isinstance(rules, list) or not rules or any(r not in RULES for r in rules):
            raise DataError(f"{where}: a list of rule ids of engine/data/rules.yaml",
                            file=path.name, field="rules")
        summary = " ".join(str(entry.get("summary") or "").split())
        if not summary:
            raise DataError(f"{where}: a one-line summary", file=path.name, field="summary")
        changes.append(Change(n, day.isoformat(), tuple(rules), summary))
    if len(changes) != RULES_VERSION:
        raise DataError(f"the last version is {len(changes)}, but engine.versions."
                        f"RULES_VERSION is {RULES_VERSION}", file=path.name, field="version")
    return changes


CHANGES: list[Change] = load_changes()


def changes_between(old: int, new: int = RULES_VERSION) -> list[Change]:
    """The changelog entries after version ``old`` up to ``new``, oldest first."""
    return [c for c in CHANGES if old < c.version <= new]


def check_version(value: Any) -> int:
    """A recorded rules version, checked (VersionError with the reason): a whole number from 0
    (made before versions were recorded) to :data:`RULES_VERSION`."""
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise VersionError("the rules version is not a version number")
    if value > RULES_VERSION:
        raise VersionError(f"it was made under rules version {value}, newer than this "
                         f"simulator's ({RULES_VERSION})")
    return value


# ---------------------------------------------------------------------- outcomes
def outcome(duel: Duel) -> dict[str, Any]:
    """How the duel's history ended, compactly (cards by instance id, stable from the
    set-up): LP, each zone's cards in order, the tapped, face-down and defense-position cards
    on the table, the latest trigger fates ``[card, effect, status]``, the decision still
    open ``[kind, player]`` and the winner. Equal outcomes: the same end."""
    st = duel.state
    out: dict[str, Any] = {
        "lp": list(st.lp),
        "zones": [{z: list(ids) for z, ids in st.zones[p].items() if ids} for p in (0, 1)]}
    table = [c for c in st.cards.values() if c.zone not in PRIVATE and c.zone != "limbo"]
    marks = {"tapped": [c.iid for c in table if c.tapped],
             "down": [c.iid for c in table if not c.face_up],
             "defense": [c.iid for c in table if c.position == "defense"]}
    out.update({k: sorted(v) for k, v in marks.items() if v})
    fates = [[t.card, t.effect, t.status] for t in st.triggers[-MAX_FATES:]]
    if fates:
        out["fates"] = fates
    if st.decision is not None:
        out["open"] = [st.decision.kind, st.decision.player]
    if st.winner is not None:
        out["winner"] = st.winner
    return out


def check_outcome(value: Any) -> dict[str, Any]:
    """A recorded outcome, checked for its shape (VersionError with the reason): it comes from
    the database or from a link anyone may have written."""
    def ids(v: Any) -> bool:
        return isinstance(v, list) and all(
            isinstance(i, int) and not isinstance(i, bool) and i >= 0 for i in v)

    problem = "the recorded outcome is not valid"
    if not isinstance(value, dict) or not set(value) <= OUTCOME_KEYS:
        raise VersionError(problem)
    lp, zones = value.get("lp"), value.get("zones")
    if not (ids(lp) and len(lp) == 2 and isinstance(zones, list) and len(zones) == 2):
        raise VersionError(problem)
    for side in zones:
        if not isinstance(side, dict) or not all(
                isinstance(z, str) and len(z) <= MAX_ZONE_NAME and ids(v)
                for z, v in side.items()):
            raise VersionError(problem)
    if not all(ids(value.get(k, [])) for k in MARKS):
        raise VersionError(problem)
    fates = value.get("fates", [])
    if not isinstance(fates, list) or len(fates) > MAX_FATES or not all(
            isinstance(f, list) and len(f) == 3 and ids(f[:2]) and isinstance(f[2], str)
            and len(f[2]) <= MAX_ZONE_NAME for f in fates):
        raise VersionError(problem)
    opened = value.get("open")
    if opened is not None and not (isinstance(opened, list) and len(opened) == 2
                                   and isinstance(opened[0], str) and ids(opened[1:])):
        raise VersionError(problem)
    if value.get("winner") not in (None, 0, 1):
        raise VersionError(problem)
    return value


def _cards_of(value: dict[str, Any]) -> set[int]:
    cards = {i for side in value["zones"] for ids in side.values() for i in ids}
    cards |= {i for k in MARKS for i in value.get(k, [])}
    return cards | {f[0] for f in value.get("fates", [])}


def differences(then: dict[str, Any], now: dict[str, Any]) -> list[dict[str, Any]]:
    """What differs between two outcomes, as plain data, one entry per thing that differs:
    ``{"what": "lp", "player", "then", "now"}``, ``{"what": "zone", "player", "zone", "then",
    "now"}`` (card instance ids), ``{"what": "tapped" | "down" | "defense", "card", "then",
    "now"}`` (booleans), ``{"what": "fate", "card", "effect", "then", "now"}`` (the statuses
    of that effect's triggers, in order), ``{"what": "open" | "winner", "then", "now"}``."""
    out: list[dict[str, Any]] = []
    for p in (0, 1):
        if then["lp"][p] != now["lp"][p]:
            out.append({"what": "lp", "player": p, "then": then["lp"][p], "now": now["lp"][p]})
    for p in (0, 1):
        old, new = then["zones"][p], now["zones"][p]
        for zone in sorted(set(old) | set(new)):
            if old.get(zone, []) != new.get(zone, []):
                out.append({"what": "zone", "player": p, "zone": zone,
                            "then": old.get(zone, []), "now": new.get(zone, [])})
    for mark in MARKS:
        old, new = set(then.get(mark, [])), set(now.get(mark, []))
        out += [{"what": mark, "card": i, "then": i in old, "now": i in new}
                for i in sorted(old ^ new)]
    out += _fate_differences(then.get("fates", []), now.get("fates", []))
    for key in ("open", "winner"):
        if then.get(key) != now.get(key):
            out.append({"what": key, "then": then.get(key), "now": now.get(key)})
    return out


def _fate_differences(then: list[list[Any]], now: list[list[Any]]) -> list[dict[str, Any]]:
    def by_effect(fates: list[list[Any]]) -> dict[tuple[int, int], list[str]]:
        out: dict[tuple[int, int], list[str]] = {}
        for card, effect, status in fates:
            out.setdefault((card, effect), []).append(status)
        return out

    old, new = by_effect(then), by_effect(now)
    keys = list(dict.fromkeys([*old, *new]))
    return [{"what": "fate", "card": card, "effect": effect, "then": old.get((card, effect), []),
             "now": new.get((card, effect), [])}
            for card, effect in keys if old.get((card, effect)) != new.get((card, effect))]


# ---------------------------------------------------------------------- opening again
@dataclass
class Recheck:
    """A board or link opened under today's rules: the duel, the changelog entries since the
    version it was made under, and what differs from the outcome it recorded (None: it
    recorded none, so nothing can be compared)."""

    version: int
    duel: Duel
    changes: list[Change]
    differences: list[dict[str, Any]] | None
    report: ReplayReport | None = None

    @property
    def current(self) -> int:
        return RULES_VERSION

    @property
    def differs(self) -> bool:
        return bool(self.differences)


def recheck(source: dict[str, Any], *, version: int, outcome_then: dict[str, Any] | None,
            library: Library | None = None) -> Recheck:
    """Open a saved duel (``Duel.to_dict()`` form) recorded under rules ``version`` with the
    outcome ``outcome_then``. Under an older version its history is replayed under today's
    rules by :func:`engine.replay_under` (answers carried where the same decision is asked;
    an action refused now stops the replay there), so it opens whatever changed; under this
    version it is opened as recorded. VersionError when the version or the outcome is not valid
    (an outcome naming cards the duel does not have included)."""
    version = check_version(version)
    if outcome_then is not None:
        check_outcome(outcome_then)
    if version < RULES_VERSION:
        report: ReplayReport | None = replay_under(source, library=library)
        duel = report.duel
    else:
        report, duel = None, Duel.from_dict(source, library=library)
    found = None
    if outcome_then is not None:
        if not _cards_of(outcome_then) <= set(duel.state.cards):
            raise VersionError("the recorded outcome names cards the board does not have")
        found = differences(outcome_then, outcome(duel))
    return Recheck(version=version, duel=duel, changes=changes_between(version),
                   differences=found, report=report)
