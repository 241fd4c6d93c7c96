"""Recompute every chance event of a finished match from its revealed seed and check the commitment."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.identity import fairness
from games.models import Match, MatchEvent


class Command(BaseCommand):
    help = "Check that a finished match's deals follow from its committed seed."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("match_id", type=int)

    def handle(self, *args: Any, **options: Any) -> None:
        match = Match.objects.filter(pk=options["match_id"]).first()
        if match is None:
            raise CommandError(f"no match {options['match_id']}")
        if not match.is_over:
            raise CommandError("the seed is revealed only when the match is over")
        events = list(MatchEvent.objects.filter(match=match).order_by("seq").values_list("data", flat=True))
        problems = fairness.verify(events, match.seed, match.seed_commitment)
        if problems:
            raise CommandError("NOT verified:\n" + "\n".join(problems))
        self.stdout.write(f"match {match.pk}: {len(events)} events, every chance event follows from the seed")
