"""Shared pytest configuration for the whole test suite (tests/web and tests/engine).

Tests are collected with ``--import-mode=importlib`` (see pyproject.toml), so test folders
need no ``__init__.py`` and may hold modules with the same base name.
"""

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings

ROOT = Path(__file__).resolve().parents[1]


def pytest_sessionstart(session) -> None:
    """Compile the translation catalogues that are missing or older than their .po file
    (``make test`` compiles them too; this keeps a bare ``pytest`` in step with the .po)."""
    msgfmt = shutil.which("msgfmt")
    if not msgfmt:
        return
    for po in [*ROOT.glob("locale/*/LC_MESSAGES/*.po"),
               *ROOT.glob("engine/locale/*/LC_MESSAGES/*.po")]:
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            subprocess.run([msgfmt, "--check-format", "-o", str(mo), str(po)], check=True)


#: the long runs left out of ``make test`` unless selected, and what each is
LONG_RUNS = {"fuzz": "long fuzz run", "sweep": "the browser sweep over every scenario"}

#: property tests: the same examples on every run of ``make test`` (a red run is one anybody
#: can repeat), new ones in a fuzz run (``-m fuzz``) or with HYPOTHESIS_PROFILE=explore
hypothesis_settings.register_profile("repeatable", derandomize=True)
hypothesis_settings.register_profile("explore", derandomize=False)


def pytest_configure(config) -> None:
    fuzz = "fuzz" in (config.option.markexpr or "")
    hypothesis_settings.load_profile(
        os.environ.get("HYPOTHESIS_PROFILE", "explore" if fuzz else "repeatable"))


def pytest_collection_modifyitems(config, items) -> None:
    """The long runs (``fuzz``, ``sweep``) are left out of ``make test``; ``pytest -m fuzz``
    or ``-m sweep`` selects them (any ``-m`` expression naming the marker does)."""
    chosen = config.option.markexpr or ""
    for marker, what in LONG_RUNS.items():
        if marker in chosen:
            continue
        skip = pytest.mark.skip(reason=f"{what}: select it with -m {marker}")
        for item in items:
            if item.get_closest_marker(marker):
                item.add_marker(skip)


@pytest.fixture(autouse=True)
def _fresh_rate_limits():
    """Each test starts with no request counted against the site's abuse limits (the whole
    suite makes far more boards a minute from one address than any classroom)."""
    from django.core.cache import cache

    cache.clear()
    yield


@pytest.fixture(autouse=True)
def _default_language():
    """A request in another language leaves that language active in the thread (Django's
    LocaleMiddleware activates it and nothing turns it off): each test starts in English."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()
