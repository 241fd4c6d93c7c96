"""`manage.py rebuild_standings`: wipe league standings and ratings and recompute them from the events."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from leagues import projection


class Command(BaseCommand):
    help = "Wipe the league standings and player ratings and recompute them from the match events alone."

    def handle(self, *args: Any, **options: Any) -> None:
        count = projection.rebuild()
        self.stdout.write(self.style.SUCCESS(f"projected {count} finished matches"))
