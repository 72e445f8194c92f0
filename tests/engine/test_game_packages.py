"""Each game is a package: only the game packages, the registry and per-game template folders
name a game; everything else asks the registry what a game has."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import games
from engine.errors import IllegalAction
from engine.rules import policy_for

ROOT = Path(__file__).resolve().parents[2]
#: where the shared code lives, and the places inside it allowed to name a game
SCANNED = ("engine", "simulator", "templates", "static/js")
ALLOWED = (
    "engine/games/",  # the game packages and the registry
    "engine/data/",
    "engine/locale/",
    "simulator/migrations/",
)
#: a per-game template folder: templates/<anything>/games/<game>/...
PER_GAME_TEMPLATES = re.compile(r"^templates/(?:.*/)?games/[a-z_]+/")
NAMES = "|".join(games.names())
QUOTED = re.compile(rf"""["']({NAMES})["']""")
BRANCH = re.compile(rf"""(?:==|!=|\bin)\s*\(?\s*({NAMES})\b""")
SUFFIXES = {".py", ".html", ".txt", ".js"}


def _offences() -> list[str]:
    found = []
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*")):
            rel = path.relative_to(ROOT).as_posix()
            if path.suffix not in SUFFIXES or rel.startswith(ALLOWED) or (
                    PER_GAME_TEMPLATES.match(rel)) or "/vendor/" in rel or rel.endswith(".min.js"):
                continue
            for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
                if line.lstrip().startswith((">>>", "...")):
                    continue  # a doctest example in a docstring is documentation
                if QUOTED.search(line) or BRANCH.search(line):
                    found.append(f"{rel}:{number}: {line.strip()[:100]}")
    return found


def test_no_shared_file_names_a_game() -> None:
    offences = _offences()
    assert not offences, "a game is named outside its package:\n" + "\n".join(offences)


def test_the_scan_catches_a_game_name(tmp_path: Path) -> None:
    line = 'if duel.game == "yugioh":'
    assert QUOTED.search(line) and not QUOTED.search("if duel.game == game.name:")
    assert BRANCH.search('{% if game == yugioh %}') and not BRANCH.search("{% if has.chain %}")


def test_the_registry_lists_the_games_in_order() -> None:
    assert games.names() == ("yugioh", "duel_masters")
    assert games.default() == "yugioh"
    assert games.game("yugioh").chain and not games.game("yugioh").pending_pool
    assert games.game("duel_masters").pending_pool and games.game("duel_masters").shields


def test_an_unknown_game_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(IllegalAction) as caught:
        policy_for("chess")
    assert "'chess'" in str(caught.value) and "yugioh or duel_masters" in str(caught.value)


def test_a_package_is_registered_by_its_import_path() -> None:
    before = games.names()
    try:
        spec = games.register("engine.games.duel_masters")
        assert spec.name == "duel_masters" and games.names() == before
        with pytest.raises(ImportError, match="holds no GAME"):
            games.register("engine.games.yugioh.reader")
        assert games.names() == before
    finally:
        games.use(games.DEFAULT_PACKAGES)
