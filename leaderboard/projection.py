"""The leaderboards as a projection of the event store: wipe and recompute every entry and save record.

Save order. The board breaks ties by "saved first" (`saved_at`, then id). Live, a run is saved right
after it finishes, or, for a duplicate round's table, right after its round is released. The rebuild
cannot know wall-clock save times, so it saves every eligible run in publication order
(games.results.projections.published_matches) and stamps `saved_at` with the publication time itself: the
live order exactly, except for a run whose live save failed and was retried later, which the rebuild
puts where it would have been had its save gone through at once. Seats of one run keep seat order.

Hiding an entry is a staff decision, not an event: the rebuild keeps hidden (match, seat) pairs hidden.
A run that fails is recorded for staff and skipped (games.results.projections.projection_step).
"""

from __future__ import annotations

from functools import partial

from django.db import transaction

from games.models import Match
from games.results.projections import projection_failures_clear, projection_step, published_matches
from leaderboard import cache
from leaderboard.errors import MatchNotFinished, NotEligible
from leaderboard.models import LeaderboardEntry, LeaderboardSave, SaveState
from leaderboard.services import (
    board_games,
    check_eligible,
    entries_for,
    entries_insert,
    leaderboard_save_match,
    replayed_result,
)

NAME = "leaderboard"


def wipe() -> None:
    LeaderboardEntry.objects.all().delete()
    LeaderboardSave.objects.all().delete()
    cache.clear_on_commit(set(board_games()))


def withdraw(match_id: int) -> None:
    """Take a saved match off the boards: its results are held (one person at two seats of its
    shared-deal event, games.identity.holds). Entries staff hid stay, hidden, for when it is saved again."""
    with transaction.atomic():
        entries = LeaderboardEntry.objects.filter(match_id=match_id)
        games = set(entries.values_list("game", flat=True))
        entries.filter(hidden=False).delete()
        LeaderboardSave.objects.filter(match_id=match_id).delete()
        cache.clear_on_commit(games)


def _save(match: Match, hidden: set[tuple[int, int]]) -> bool:
    """Save one published run as the rebuild does (stamped with its publication time). False when it is
    not eligible."""
    try:
        check_eligible(match)
        result = replayed_result(match)
    except (NotEligible, MatchNotFinished):
        return False
    published = match.published  # type: ignore[attr-defined]  # annotated by published_matches
    rows = entries_for(match, result)
    for row in rows:
        row.saved_at = published
        row.hidden = (match.pk, row.seat) in hidden
    entries_insert(rows)
    LeaderboardSave.objects.create(match=match, state=SaveState.SAVED, attempts=1, saved_at=published)
    return True


def rebuild() -> int:
    """Wipe the boards and save every eligible finished run again. Returns the runs saved."""
    hidden = set(LeaderboardEntry.objects.filter(hidden=True).values_list("match_id", "seat"))
    wipe()
    projection_failures_clear(name=NAME)
    saved = 0
    for match in published_matches():
        saved += bool(projection_step(name=NAME, match_id=match.pk, step=partial(_save, match, hidden)))
    return saved


def apply(match_id: int) -> None:
    """A retry of a recorded failure: the run saved as the live path saves it (once)."""
    try:
        leaderboard_save_match(match_id=match_id)
    except (NotEligible, MatchNotFinished):
        return  # nothing to enter
