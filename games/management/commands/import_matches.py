"""`manage.py import_matches <file> [--create-users]`: re-create the matches of an export
(games.store.archive), each replayed against its seed's commitment and every claim of its line
checked against the replay; skip those already present; then rebuild every projection. One
transaction: a file with a refused line imports nothing, and the command exits with an error naming
each refused line, its match and why. Seats are linked to existing accounts by username; a missing
account refuses its match unless --create-users is given (then the accounts created are listed)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.management.commands.rebuild_projections import failures_report
from games.results.projections import projections_rebuild
from games.store.archive import ArchiveRefused, matches_import


class Command(BaseCommand):
    help = (
        "Import matches exported by export_matches (each verified by replaying its events), then rebuild "
        "projections. A file with any refused line imports nothing."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file")
        parser.add_argument("--no-rebuild", action="store_true", help="do not rebuild the projections")
        parser.add_argument(
            "--create-users",
            action="store_true",
            help="create the accounts the file names that are missing here (no usable password); "
            "without it such a match is refused",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            with open(options["file"], encoding="utf-8") as lines:
                report = matches_import(lines=lines, create_users=options["create_users"])
        except OSError as exc:
            raise CommandError(f"cannot read {options['file']}: {exc}") from exc
        except ArchiveRefused as exc:
            raise CommandError(f"nothing imported: {exc}") from exc
        if report.refused:
            refused = [f"  line {number}, match {key}: {reason}" for number, key, reason in report.refused]
            raise CommandError(
                f"nothing imported: {len(report.refused)} line(s) refused (a file is imported whole or not "
                "at all):\n" + "\n".join(refused)
            )
        self.stdout.write(
            f"imported {len(report.imported)}, already present {len(report.skipped)}, refused 0"
        )
        if report.created_users:
            self.stdout.write(
                f"created {len(report.created_users)} account(s) without a usable password (staff set one "
                f"in the admin): {', '.join(report.created_users)}"
            )
        else:
            self.stdout.write("created no account")
        if report.imported and not options["no_rebuild"]:
            counts = projections_rebuild()
            for name, count in counts.items():
                self.stdout.write(f"{name}: rebuilt from {count} matches")
            failed = failures_report(list(counts))
            if failed:
                raise CommandError(failed)
