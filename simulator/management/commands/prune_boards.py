"""``manage.py prune_boards``: delete boards nobody has used for a while."""

from __future__ import annotations

import os
from datetime import timedelta

from django.core.management.base import BaseCommand
from django.utils import timezone

from simulator.models import Board

#: days a board is kept after its last change (BOARD_RETENTION_DAYS in the environment)
DEFAULT_DAYS = 90


class Command(BaseCommand):
    help = "Delete boards whose last change is older than BOARD_RETENTION_DAYS (default 90)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--days", type=int,
                            default=int(os.environ.get("BOARD_RETENTION_DAYS", DEFAULT_DAYS)))
        parser.add_argument("--dry-run", action="store_true")

    def handle(self, *args, days: int, dry_run: bool, **options) -> None:
        old = Board.objects.filter(updated__lt=timezone.now() - timedelta(days=days))
        count = old.count()
        if not dry_run:
            old.delete()
        verb = "would delete" if dry_run else "deleted"
        self.stdout.write(f"{verb} {count} board(s) unused for more than {days} days")
