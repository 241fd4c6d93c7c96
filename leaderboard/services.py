"""Writes on leaderboards: save a finished match's results (verified by replay), hide entries.

The score of every seat comes from replaying the match's stored events through its engine; nothing a
client sends decides it. Saving is idempotent: one entry per (match, seat) by a unique constraint, and
inserts skip rows that exist, so retries from any tab, in any number, store each result exactly once."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from django.db import transaction
from django.utils import timezone

from games import packs
from games.engine import get_rules
from games.errors import NotFound
from games.identity.entries import match_hold
from games.identity.seating import match_multi_seated
from games.models import Match, MatchStatus
from games.packs.base import Scorer
from games.results.match_result import MatchResult, match_result
from leaderboard import cache
from leaderboard.errors import MatchNotFinished, NotEligible, ResultHeld, SaveFailed
from leaderboard.models import LeaderboardEntry, LeaderboardSave, SaveState
from leaderboard.qualifying import off_board_reason
from leaderboard.ranking import in_top
from ops import metrics
from ops.log_context import match_context

log = logging.getLogger(__name__)


def scorer_for(game: str) -> Scorer:
    """How a seat of `game` is scored: its pack's scorer (games/packs; the default scores `totals`)."""
    return packs.pack(game).scorer


def board_games() -> list[str]:
    """Every game with a board: the installed games, in product order."""
    return packs.names()


def challenge_format(match: Match) -> bool:
    """Whether `match` is no run of the board's kind: played in its game's daily-challenge format
    (independent deals, another length), or with an option the tables do not offer (`offered: False`
    in the pack) set off its default."""
    pack = packs.pack(match.game)
    rules = get_rules(match.game)
    if pack.challenge is not None and match.options == rules.normalize_options(dict(pack.challenge.options)):
        return True
    defaults = rules.default_options()
    hidden = [key for key, meta in pack.options.items() if not meta.get("offered", True)]
    return any(match.options.get(key, defaults.get(key)) != defaults.get(key) for key in hidden)


def check_eligible(match: Match) -> None:
    """Raise unless `match` is a complete, non-practice run of a game with a board."""
    if match.game not in board_games():
        raise NotEligible(f"there is no leaderboard for {match.game!r}")
    if match.status == MatchStatus.ABANDONED:
        raise NotEligible("an abandoned or ended-early run is never saved")
    if challenge_format(match):
        raise NotEligible("a daily challenge's deals are ranked in the challenge, not on the board")
    if match.status != MatchStatus.FINISHED:
        raise MatchNotFinished(f"the match is {match.status}: only a finished run is saved")
    if match.practice:
        raise NotEligible("a practice run (all hands shown) is never saved")
    if match.private:
        raise NotEligible("a private table is friendly: its runs are never ranked")
    if match.embargoed:
        # Its score would tell the sister tables how the shared deals went: saved at the release.
        raise MatchNotFinished("the duplicate round is not over: its runs are saved when every table is")
    if match_multi_seated(match):
        raise NotEligible("one person held several seats of this run (saw several hands): it is never saved")
    if match_hold(match) is not None:  # the reason (who is linked to whom) is for staff only
        raise ResultHeld(
            "two players of this run's shared-deal event look like one person: the result waits for staff"
        )


def _locked(match_id: int) -> Match:
    try:
        return Match.objects.select_for_update(no_key=True).get(pk=match_id)
    except Match.DoesNotExist as exc:
        raise NotFound(f"no match {match_id}") from exc


def replayed_result(match: Match) -> MatchResult:
    """The match's result, from a fresh replay of its whole stored event log (no cached state);
    NotEligible unless the log is whole and shows a finished run."""
    result = match_result(match)
    if result.events != match.version:
        raise NotEligible(f"match {match.pk} has {result.events} events but version {match.version}")
    if not result.finished:
        raise NotEligible("the event log does not show a finished run")
    return result


def entries_for(match: Match, result: MatchResult) -> list[LeaderboardEntry]:
    """One entry per seat, with who played it (the result's seat kinds, games.results.seat_records): a
    human seat the stand-in played too much of, and a result that is no best result
    (leaderboard.qualifying), is stored with its reason and never ranked."""
    score = scorer_for(match.game)
    now = timezone.now()
    names = {s.index: s for s in match.seats.all()}
    rows = []
    for record in result.seats:
        seat = names[record.index]
        points, sacks = score(result, seat.index)
        d = record.decisions
        rows.append(
            LeaderboardEntry(
                game=match.game,
                match=match,
                seat=seat.index,
                display_name=seat.display_name or f"#{seat.index + 1}",
                is_ai=seat.is_ai,
                user_id=seat.user_id,
                points=points,
                sacks=sacks,
                saved_at=now,
                ai_version=record.ai_version,
                opponent_ai_versions=list(record.opponent_ai_versions),
                decisions=d.total,
                stand_in_decisions=d.stand_in,
                last_deal_decisions=d.last_deal,
                last_deal_stand_in_decisions=d.last_deal_stand_in,
                unranked=record.unranked_reason or off_board_reason(result, seat.index, points),
            )
        )
    return rows


def entries_insert(rows: list[LeaderboardEntry]) -> None:
    """Insert, skipping any (match, seat) stored before: ON CONFLICT DO NOTHING keeps the first row and
    with it the time it was first saved."""
    LeaderboardEntry.objects.bulk_create(rows, ignore_conflicts=True)


def leaderboard_save_match(*, match_id: int) -> LeaderboardSave:
    """Save the results of every seat of a finished match. Idempotent; safe to call concurrently.

    Raises NotFound, NotEligible (practice, abandoned, no board: 400) or MatchNotFinished (409) and
    stores nothing; raises SaveFailed (503) when the save step itself fails, after recording the
    failure so the match page can offer a retry."""
    with match_context(match_id=match_id):
        return _save(match_id)


def _save(match_id: int) -> LeaderboardSave:
    try:
        with transaction.atomic():
            # The row lock serialises saves of one match; the unique constraint backs it up.
            match = _locked(match_id)
            check_eligible(match)
            record, _ = LeaderboardSave.objects.get_or_create(match=match)
            if record.state == SaveState.SAVED:
                metrics.LEADERBOARD_SAVES.labels("already_saved").inc()
                return record
            if record.state == SaveState.FAILED:
                metrics.LEADERBOARD_RETRIES.inc()
            rows = entries_for(match, replayed_result(match))
            entries_insert(rows)
            record.state = SaveState.SAVED
            record.attempts += 1
            record.last_error = ""
            record.saved_at = timezone.now()
            record.save()
            if any(not row.unranked for row in rows) and in_top(match.game, match.pk):
                # Only a run that enters the top list changes the board: the cached bodies of a busy
                # board survive the many saves below it. A concurrent save this transaction does not
                # see can only push this run down, and that save clears the cache itself.
                cache.clear_on_commit({match.game})
        metrics.LEADERBOARD_SAVES.labels("saved").inc()
        return record
    except (NotFound, NotEligible, MatchNotFinished):
        raise
    except Exception as exc:
        log.exception("saving match %s to the leaderboard failed", match_id)
        metrics.LEADERBOARD_SAVES.labels("failed").inc()
        _record_failure(match_id, exc)
        raise SaveFailed("the result could not be saved; try again") from exc


def _record_failure(match_id: int, exc: Exception) -> None:
    try:
        with transaction.atomic():
            match = _locked(match_id)
            record, _ = LeaderboardSave.objects.get_or_create(match=match)
            if record.state == SaveState.SAVED:  # a concurrent retry got through
                return
            record.state = SaveState.FAILED
            record.attempts += 1
            record.last_error = f"{type(exc).__name__}: {exc}"[:2000]
            record.save()
    except Exception:
        log.exception("recording the failed save of match %s failed too", match_id)


def entries_set_hidden(*, entry_ids: Iterable[int], hidden: bool) -> int:
    """Hide (or show again) entries; a hidden entry leaves the public board and its cache at once."""
    with transaction.atomic():
        qs = LeaderboardEntry.objects.filter(pk__in=list(entry_ids))
        games = set(qs.values_list("game", flat=True))
        changed = qs.exclude(hidden=hidden).update(hidden=hidden)
        cache.clear_on_commit(games)
    return changed


def entry_changed(entry: LeaderboardEntry) -> None:
    """An entry was edited elsewhere (the admin): drop its board's cached list."""
    cache.clear_on_commit({entry.game})
