"""``manage.py logmessages``: bring the engine's catalogues up to date with its log.

Every message id of :func:`engine.i18n.message_ids` gets an entry in each language's
``engine/locale/<lang>/LC_MESSAGES/engine.po``: translations already there are kept, a new
message gets an empty one (``tests/engine/test_translations.py`` then lists it until it is
translated) and a message the engine no longer has is dropped.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from engine.i18n import TRANSLATED, message_ids, po_path, read_po, write_po


def merged(lang: str) -> tuple[dict[str, str], list[str]]:
    """The catalogue of ``lang`` with every message id, and the ids still untranslated."""
    path = po_path(lang)
    old = read_po(path) if path.exists() else {}
    entries = {m: old[m][0] if m in old and not old[m][1] else "" for m in message_ids()}
    return entries, [m for m, text in entries.items() if not text]


class Command(BaseCommand):
    help = "Add the engine's new log messages to its catalogues (engine/locale)."

    def handle(self, *args, **options) -> None:
        for lang in TRANSLATED:
            entries, missing = merged(lang)
            write_po(po_path(lang), lang, entries)
            self.stdout.write(f"wrote {po_path(lang)}: {len(missing)} to translate")
