"""The site uses the engine through its public face only: the names ``engine`` exports and the
modules it lists as public (engine.PUBLIC_MODULES), never a private attribute of an engine
object. A change inside the engine then never reaches into the site."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import engine

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "simulator"
#: private attributes the site may touch: Django's model API (``_meta``) and what its ASGI
#: handler sets on a response (``_handler_class``, as Django's own ``run_get_response``)
ALLOWED_PRIVATE = {"_meta", "_handler_class"}


def _site_files() -> list[Path]:
    return [p for p in sorted(SITE.rglob("*.py")) if "migrations" not in p.parts]


def _site_modules() -> set[str]:
    """Names the site's own modules are imported as (their private helpers are the site's)."""
    return {p.stem for p in _site_files()} | {"boards", "views", "store"}


def _imports(tree: ast.AST) -> list[tuple[int, str, str]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and (
                node.module.split(".")[0] == "engine"):
            found += [(node.lineno, node.module, alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, "") for alias in node.names
                      if alias.name.split(".")[0] == "engine"]
    return found


def _problems_of_imports(rel: str, tree: ast.AST) -> list[str]:
    problems = []
    for line, module, name in _imports(tree):
        if module not in engine.PUBLIC_MODULES:
            problems.append(f"{rel}:{line}: imports {module}, not public")
        elif name.startswith("_") or module == "engine" and name not in engine.__all__:
            problems.append(f"{rel}:{line}: imports {module}.{name}, not exported")
    return problems


def _private_touches(rel: str, tree: ast.AST) -> list[str]:
    own = _site_modules()
    problems = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not (
                node.attr.startswith("__")) and node.attr not in ALLOWED_PRIVATE:
            base = ast.unparse(node.value)
            if base in ("self", "cls") or base in own:
                continue
            problems.append(f"{rel}:{node.lineno}: touches {base}.{node.attr}")
    return problems


def test_the_site_imports_only_the_public_engine() -> None:
    problems = []
    for path in _site_files():
        rel = path.relative_to(ROOT).as_posix()
        problems += _problems_of_imports(rel, ast.parse(path.read_text("utf-8")))
    problems = list(dict.fromkeys(problems))
    assert not problems, "the site reaches behind the engine's face:\n" + "\n".join(problems)


def test_the_site_touches_no_private_attribute() -> None:
    problems = []
    for path in _site_files():
        rel = path.relative_to(ROOT).as_posix()
        problems += _private_touches(rel, ast.parse(path.read_text("utf-8")))
    assert not problems, "the site touches private attributes:\n" + "\n".join(problems)


def test_the_checks_catch_what_they_look_for() -> None:
    tree = ast.parse("from engine.state import Card\nfrom engine import _private\n"
                     "from engine.games import game\nimport engine.duel\nx = duel._snapshots\n"
                     "y = self._own\nz = Board._meta\n")
    imports = _problems_of_imports("x.py", tree)
    assert imports == ["x.py:1: imports engine.state, not public",
                       "x.py:2: imports engine._private, not exported",
                       "x.py:4: imports engine.duel, not public"]
    assert _private_touches("x.py", tree) == ["x.py:5: touches duel._snapshots"]


def test_every_public_name_is_there() -> None:
    for name in engine.__all__:
        assert hasattr(engine, name), name
    for module in engine.PUBLIC_MODULES:
        assert importlib.import_module(module).__doc__, f"{module} says what it is"
