"""The ranking query of a board, shared by the reads (leaderboard.selectors) and by a save that asks
whether it changed the top list (leaderboard.services)."""

from __future__ import annotations

from django.db.models import QuerySet

from leaderboard.models import TOP_N, LeaderboardEntry


def top_queryset(game: str, limit: int = TOP_N) -> QuerySet[LeaderboardEntry]:
    """The query the `leaderboard_top` partial index serves exactly: no sort step, `limit` index rows."""
    ranked = LeaderboardEntry.objects.filter(game=game, hidden=False, unranked="")
    return ranked.order_by("-points", "saved_at", "id")[:limit]


def in_top(game: str, match_id: int) -> bool:
    """Whether an entry of `match_id` ranks among the visible best of `game` as this transaction sees
    the board (one index scan of TOP_N rows)."""
    return match_id in set(top_queryset(game).values_list("match_id", flat=True))
