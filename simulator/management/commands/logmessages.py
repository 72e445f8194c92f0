"""``manage.py logmessages``: rewrite simulator/log_messages.py from the engine's templates."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand

HEADER = '''"""The engine's log wording, marked for translation.

The engine is pure Python and words its log in English; the web layer passes these templates
through gettext when it renders a log entry. This list lets ``makemessages`` find them; a test
keeps it equal to the engine's templates (regenerate it with ``manage.py logmessages``).
"""

from django.utils.translation import gettext_noop

LOG_MESSAGES = [
'''


def engine_templates() -> list[str]:
    from engine import log

    values: list[str] = []
    for table in (log.MESSAGES, log.EVENT_MESSAGES, log.PHASE_NAMES, log.ZONE_NAMES, log.CAUSES,
                  log.SUMMON_KINDS, log.ZONE_PLACES, log.CARD_KINDS, log.STAT_NAMES):
        values += list(table.values())
    values += [log.DESTROYED_AND_SENT, log.AS_MATERIAL, log.TRIBUTED_AS_MATERIAL, log.PLAYER]
    return list(dict.fromkeys(values))


def render() -> str:
    return HEADER + "".join(f"    gettext_noop({v!r}),\n" for v in engine_templates()) + "]\n"


class Command(BaseCommand):
    help = "Rewrite simulator/log_messages.py from the engine's log templates."

    def handle(self, *args, **options) -> None:
        path = Path(__file__).resolve().parents[2] / "log_messages.py"
        path.write_text(render(), encoding="utf-8")
        self.stdout.write(f"wrote {path}")
