"""`manage.py rebuild_standings`: wipe league standings and ratings and recompute them from the events.
A match that fails is recorded for staff and skipped; the command names it and exits with an error."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.management.commands.rebuild_projections import failures_report
from leagues import projection


class Command(BaseCommand):
    help = "Wipe the league standings and player ratings and recompute them from the match events alone."

    def handle(self, *args: Any, **options: Any) -> None:
        count = projection.rebuild()
        self.stdout.write(self.style.SUCCESS(f"projected {count} finished matches"))
        failed = failures_report([projection.NAME])
        if failed:
            raise CommandError(failed)
