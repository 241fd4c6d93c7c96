"""`manage.py rebuild_projections [name ...]`: wipe every projection (or the named ones) and recompute
it from the match events alone, in one transaction. A match a projection cannot apply is recorded
(the admin's "Projection failures", where staff retry it) and skipped; the command names each one and
exits with an error after the rest is rebuilt and committed."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.results.projections import projection_failures, projections, projections_rebuild


def failures_report(names: list[str]) -> str | None:
    """What the command says about the recorded failures of the named projections; None when none."""
    lines = [f"  {line}" for line in projection_failures(names=names)]
    if not lines:
        return None
    return (
        f"{len(lines)} match(es) failed and were skipped (the rest is rebuilt; retry them in the admin, "
        "Projection failures, once the cause is fixed):\n" + "\n".join(lines)
    )


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
        failed = failures_report(list(counts))
        if failed:
            raise CommandError(failed)
