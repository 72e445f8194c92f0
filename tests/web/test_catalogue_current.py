"""The site's catalogues hold every string marked for translation: the templates' and the
Python code's strings are extracted (Django's makemessages, GNU xgettext) from a copy of the
sources in a temporary folder, so the repository's files are never touched, and each
message id must be in locale/<lang>/LC_MESSAGES/django.po.

A failure lists the missing strings: run ``python manage.py makemessages -l ja -l fr
--no-obsolete``, translate the new entries following docs/glossary.<lang>.md, then
``make messages``.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import override_settings

from engine.i18n import TRANSLATED, read_po

ROOT = Path(__file__).resolve().parents[2]
#: the files makemessages reads (its default extensions); folders named locale are kept, empty,
#: because makemessages writes each file's strings to its nearest locale folder
EXTENSIONS = (".py", ".html", ".txt")
SKIPPED = {"__pycache__", "node_modules", "staticfiles"}
COMMAND = ("python manage.py makemessages -l ja -l fr --no-obsolete, translate the new entries "
           "following docs/glossary.<lang>.md, then make messages")


def _gettext_tools() -> None:
    """Fail under CI when GNU gettext is missing (the Makefile installs it), skip otherwise."""
    missing = [t for t in ("xgettext", "msguniq", "msgmerge") if not shutil.which(t)]
    if not missing:
        return
    message = (f"GNU gettext is missing ({', '.join(missing)}): run 'sudo make gettext' or "
               "'sudo apt-get install -y gettext' to check the catalogues")
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


def _ignore(folder: str, names: list[str]) -> set[str]:
    """The names copytree leaves out: hidden and generated folders, and files no
    makemessages run reads."""
    return {n for n in names if n.startswith(".") or n in SKIPPED
            or (not os.path.isdir(os.path.join(folder, n)) and not n.endswith(EXTENSIONS))}


@pytest.fixture(scope="module")
def marked(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    """Every message id marked in the sources, as makemessages extracts it."""
    _gettext_tools()
    copy = tmp_path_factory.mktemp("catalogue") / "src"
    shutil.copytree(ROOT, copy, ignore=_ignore)
    here = Path.cwd()
    os.chdir(copy)
    try:
        with override_settings(LOCALE_PATHS=[copy / "locale"]):
            call_command("makemessages", locale=["ja"], keep_pot=True, verbosity=0)
    finally:
        os.chdir(here)
    return set(read_po(copy / "locale" / "django.pot"))


def test_the_extraction_finds_the_site_strings(marked: set[str]) -> None:
    assert {"Lesson", "Previous chapter", "Which effect will be Chain Link 1?"} <= marked


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_catalogue_holds_every_marked_string(lang: str, marked: set[str]) -> None:
    held = set(read_po(ROOT / "locale" / lang / "LC_MESSAGES" / "django.po"))
    missing = sorted(marked - held)
    assert not missing, (f"{len(missing)} marked string(s) not in the {lang} catalogue (run "
                         f"{COMMAND}): {missing}")
