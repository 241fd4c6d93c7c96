"""Which saved results enter a board: a result that scored nothing, or a lost heads-up match, is kept
(its player sees it and why) but is no best result, so it is never ranked and never told a place.

The reason is stored in `LeaderboardEntry.unranked` beside the stand-in's reasons
(games.results.seat_records), so the board's partial index keeps serving the public query exactly."""

from __future__ import annotations

from decimal import Decimal

from games import packs
from games.results.match_result import MatchResult

#: the seat scored nothing (or less): a board of best results has no place for it
NO_POINTS = "no_points"
#: the seat lost a game whose board ranks won matches only (Schnapsen: a lost Bummerl)
NOT_WON = "not_won"
REASONS = (NO_POINTS, NOT_WON)


def off_board_reason(result: MatchResult, seat: int, points: Decimal) -> str:
    """Why seat `seat`'s result stays off its board ("" when it enters)."""
    if packs.pack(result.game).board_wins_only and result.ranking[seat] != 1:
        return NOT_WON  # the telling reason for a lost Bummerl, whatever it scored
    return NO_POINTS if points <= 0 else ""
