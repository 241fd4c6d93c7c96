"""`manage.py export_matches <file>`: every finished match (every match with --all) as its event log
and the metadata to re-create it, as JSON lines (see games.store.archive). `-` writes to stdout."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.store.archive import matches_export


class Command(BaseCommand):
    help = "Export finished matches (or all with --all) as verifiable event logs, one JSON line each."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="where to write the export ('-': standard output)")
        parser.add_argument("--all", action="store_true", help="every match, not only the finished ones")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["file"] == "-":
            count = matches_export(out=sys.stdout, every=options["all"])
        else:
            with open(options["file"], "w", encoding="utf-8") as out:
                count = matches_export(out=out, every=options["all"])
        self.stderr.write(f"exported {count} matches")
