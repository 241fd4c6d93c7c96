"""`manage.py import_matches <file>`: re-create the matches of an export (games.services.archive), each
checked against its seed and replayed through its engine; skip those already present; then rebuild
every projection. Exits with an error naming each refused match."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.projections import projections_rebuild
from games.services.archive import ArchiveRefused, matches_import


class Command(BaseCommand):
    help = (
        "Import matches exported by export_matches (verified by seed and replay), then rebuild projections."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file")
        parser.add_argument("--no-rebuild", action="store_true", help="do not rebuild the projections")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            with open(options["file"], encoding="utf-8") as lines:
                report = matches_import(lines=lines)
        except OSError as exc:
            raise CommandError(f"cannot read {options['file']}: {exc}") from exc
        except ArchiveRefused as exc:
            raise CommandError(f"nothing imported: {exc}") from exc
        self.stdout.write(
            f"imported {len(report.imported)}, already present {len(report.skipped)}, "
            f"refused {len(report.refused)}"
        )
        if report.imported and not options["no_rebuild"]:
            for name, count in projections_rebuild().items():
                self.stdout.write(f"{name}: rebuilt from {count} matches")
        if report.refused:
            refused = [f"  match {key}: {reason}" for key, reason in report.refused]
            raise CommandError("refused (not imported):\n" + "\n".join(refused))
