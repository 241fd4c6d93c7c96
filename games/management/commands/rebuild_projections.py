"""`manage.py rebuild_projections [name ...]`: wipe every projection (or the named ones) and recompute
it from the match events alone, in one transaction."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.projections import projections, projections_rebuild


class Command(BaseCommand):
    help = "Wipe the projections (leaderboards, standings, ratings, ...) and recompute them from the events."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("names", nargs="*", help="only these projections (default: all)")

    def handle(self, *args: Any, **options: Any) -> None:
        known = [p.name for p in projections()]
        unknown = [n for n in options["names"] if n not in known]
        if unknown:
            raise CommandError(f"no projection named {', '.join(unknown)} (known: {', '.join(known)})")
        counts = projections_rebuild(names=options["names"] or None)
        for name, count in counts.items():
            self.stdout.write(self.style.SUCCESS(f"{name}: rebuilt from {count} matches"))
