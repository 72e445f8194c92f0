"""The games the engine plays, and the registry that finds them.

Each game is a package (``engine/games/yugioh``, ``engine/games/duel_masters``, or one outside
the engine) whose ``__init__`` holds a :class:`Game`: its name, its title, what it has (a
chain of numbered links, life points, shields, a pending pool), its card types and phases.
Its behaviour lives in the package's modules, found by name: ``policy`` (the rule policy,
``POLICY``), ``reader`` (``read``: its card texts), ``vocabulary`` and ``words``.

>>> from engine.games import game, names
>>> names()
('yugioh', 'duel_masters')
>>> game("duel_masters").pending_pool
True

A package is registered by its import path: :func:`use` replaces the registered games (the
site calls it with the ``CHAIN_GAMES`` setting), :func:`register` adds one. Nothing else in the
engine names a game.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..rules.base import Policy

#: the games played when nothing else is said (the ``CHAIN_GAMES`` setting or variable)
DEFAULT_PACKAGES = ("engine.games.yugioh", "engine.games.duel_masters")
#: where the built-in games keep their cards and scenarios
BUILTIN_DATA = Path(__file__).resolve().parent.parent / "data"


@dataclass(frozen=True)
class Game:
    """What the shared machinery and the site ask of a game, as data."""

    name: str
    #: the game's name as its players write it (translated by the site)
    title: str
    package: str
    #: the card types (``type:``) and, for each, the subtypes it takes
    card_types: tuple[str, ...]
    subtypes: dict[str, tuple[str, ...]]
    #: the phases (or steps of the turn) in order
    phases: tuple[str, ...]
    #: the stats a card's "change the stat" operation changes by default
    stats: tuple[str, ...] = ()
    #: the verb for using an effect: Yu-Gi-Oh! "activates", Duel Masters "uses"
    verb: str = "activate"
    #: numbered chain links built by both players and resolved last first (YGO-CHAIN)
    chain: bool = False
    #: a pool of pending abilities resolved one at a time (DM-POOL)
    pending_pool: bool = False
    life_points: bool = False
    shields: bool = False
    #: a game outside the engine keeps its cards and scenarios in ``<data_dir>/cards`` and
    #: ``<data_dir>/scenarios``; the built-in games in ``engine/data`` (None)
    data_dir: Path | None = None

    def module(self, name: str) -> ModuleType:
        """One of the game's modules (``policy``, ``reader``, ``vocabulary``, ``words``)."""
        return importlib.import_module(f"{self.package}.{name}")

    @property
    def rules(self) -> type[Policy]:
        """The class of the game's rule policy (its class-level rules: defaults of a card)."""
        return self.module("policy").POLICY

    def policy(self) -> Policy:
        """A new rule policy for a duel of this game."""
        return self.rules()

    def card_files(self) -> list[Path]:
        """The game's built-in card files: ``engine/data/cards/<name>.yaml`` and the files of
        ``engine/data/cards/<name>/`` (one per family of cards), or ``<data_dir>/cards/``."""
        if self.data_dir is None:
            root = BUILTIN_DATA / "cards"
            files = [root / f"{self.name}.yaml", *sorted((root / self.name).glob("*.yaml"))]
        else:
            files = sorted((self.data_dir / "cards").glob("*.yaml"))
        return [f for f in files if f.exists()]

    @property
    def scenario_dir(self) -> Path:
        """The folder of the game's built-in scenarios."""
        if self.data_dir is None:
            return BUILTIN_DATA / "scenarios" / self.name
        return self.data_dir / "scenarios"


_registered: dict[str, Game] = {}


def _load(path: str) -> Game:
    module = importlib.import_module(path)
    spec = getattr(module, "GAME", None)
    if not isinstance(spec, Game):
        raise ImportError(f"{path} holds no GAME (an engine.games.Game)")
    return spec


def register(path: str) -> Game:
    """Add the game package at ``path`` (an import path) and return its :class:`Game`."""
    spec = _load(path)
    _registered[spec.name] = spec
    _clear()
    return spec


def use(paths: tuple[str, ...] | list[str]) -> None:
    """Play exactly the games at these import paths, in this order."""
    specs = [_load(path) for path in paths]
    _registered.clear()
    _registered.update((spec.name, spec) for spec in specs)
    _clear()


_listeners: list[Callable[[], None]] = []


def on_change(forget: Callable[[], None]) -> None:
    """Call ``forget`` whenever the registered games change (a cache built from them)."""
    _listeners.append(forget)


def _clear() -> None:
    names.cache_clear()
    for forget in _listeners:
        forget()


def _ensure() -> None:
    if not _registered:
        packages = os.environ.get("CHAIN_GAMES", "")
        use([p.strip() for p in packages.split(",") if p.strip()] or DEFAULT_PACKAGES)


@cache
def names() -> tuple[str, ...]:
    """The registered games' names, in order."""
    _ensure()
    return tuple(_registered)


def games() -> tuple[Game, ...]:
    _ensure()
    return tuple(_registered.values())


def known(name: Any) -> bool:
    return isinstance(name, str) and name in names()


def game(name: str) -> Game:
    """The registered game called ``name``; an illegal action naming the known ones if none."""
    _ensure()
    if name not in _registered:
        from ..errors import IllegalAction
        from ..refusals import Refusal

        raise IllegalAction(Refusal("unknown_game", game=repr(name), games=" or ".join(names())))
    return _registered[name]


_parts: dict[tuple[str, str], SimpleNamespace] = {}


def part(name: str, module: str, defaults: dict[str, Any]) -> SimpleNamespace:
    """The names ``defaults`` lists, read from the optional module ``module`` of the game
    called ``name`` (``web``, ``to_card``): each name the module leaves out, the whole module
    when the game has none, and every name for an unknown game, as in ``defaults``."""
    package = _registered[name].package if known(name) else ""
    key = (package, module)
    if key not in _parts:
        data = dict(defaults)
        if package:
            try:
                found = importlib.import_module(f"{package}.{module}")
            except ModuleNotFoundError as exc:
                if exc.name != f"{package}.{module}":
                    raise
            else:
                data.update((k, getattr(found, k)) for k in defaults if hasattr(found, k))
        _parts[key] = SimpleNamespace(**data)
    return _parts[key]


def default() -> str:
    """The game a file or form that names none is read as: the first registered."""
    return names()[0]


__all__ = ["DEFAULT_PACKAGES", "Game", "default", "game", "games", "known", "names",
           "on_change", "part", "register", "use"]
