"""Save every finished match whose leaderboard save is missing or failed (e.g. after an outage)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.identity.entries import HELD
from games.models import Match, MatchStatus
from leaderboard.errors import NotEligible, SaveFailed
from leaderboard.models import LeaderboardSave, SaveState
from leaderboard.services import board_games, leaderboard_save_match


class Command(BaseCommand):
    help = "Save the results of finished, non-practice matches not saved to their leaderboard yet."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--limit", type=int, default=1000, help="at most this many matches")

    def handle(self, *args: Any, **options: Any) -> None:
        saved_ids = LeaderboardSave.objects.filter(state=SaveState.SAVED).values("match_id")
        pending = (
            Match.objects.filter(
                status=MatchStatus.FINISHED,
                practice=False,
                private=False,
                embargoed=False,
                game__in=board_games(),
            )
            .exclude(pk__in=saved_ids)
            .exclude(HELD)
            .order_by("finished_at", "pk")
            .values_list("pk", flat=True)[: options["limit"]]
        )
        saved = failed = skipped = 0
        for match_id in pending:
            try:
                leaderboard_save_match(match_id=match_id)
                saved += 1
            except SaveFailed:
                failed += 1
            except NotEligible:  # e.g. one person held several seats: never saved, as on the live path
                skipped += 1
        self.stdout.write(
            f"saved {saved}, failed {failed}" + (f", not eligible {skipped}" if skipped else "")
        )
