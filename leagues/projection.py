"""The projection of finished matches onto league standings and player ratings.

Everything here is computed from a match's stored events (replayed through its engine) plus who sat
where; nothing a client sends decides it. `project_match` writes the `ProjectedMatch` row in the same
transaction as the results, standings and ratings it causes, under a lock on the match row and backed
by the row's primary key, so a match counts exactly once however often, and however concurrently, it
is projected. `rebuild` wipes every projection and replays all finished matches in finishing order.

A league match counts for its season when it is a finished, non-practice table opened through the
league, finished before the season's end, and every human seat belongs to a user who was a member of
the league when the match finished, and no account, browser or session held two of its seats (see
games.identity.seating; such a match is neither counted nor rated), and its AI seats (if any) played the
league's AI level. A table of a shared-deal event whose results are held (games.identity.entries: one person
at two of its seats) is not projected until staff clear it; one held after it counted is withdrawn
(`withdraw`). AI seats never get standings; ratings use the human seats only, and of those only the
human results (games.results.seat_records): a seat the stand-in played for more than a quarter of its
decisions, or for most of the last deal, is neither counted nor rated, while the others at its table
are.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F, Max, Q
from django.db.models.expressions import Combinable
from openskill.models import PlackettLuce

from games.engine import get_rules
from games.identity.entries import match_hold
from games.identity.seating import seats_multi_held
from games.models import Match, MatchEvent, MatchStatus, Seat
from games.results.projections import projection_failures_clear, projection_step, published_matches
from games.results.seat_records import SeatRecord, seat_records
from leagues.models import (
    LeagueMatch,
    Membership,
    ProjectedMatch,
    Rating,
    RatingChange,
    Season,
    SeasonResult,
    Standing,
)
from ops.log_context import match_context

log = logging.getLogger(__name__)
MODEL = PlackettLuce()


@dataclass(frozen=True)
class HumanSeat:
    index: int
    user_id: int


def replayed_result(match: Match) -> dict[str, Any]:
    events = list(MatchEvent.objects.filter(match=match).order_by("seq").values_list("data", flat=True))
    result: dict[str, Any] = get_rules(match.game).replay(events).result()
    return result


def _human_seats(seats: list[Seat]) -> list[HumanSeat] | None:
    """The human seats with their users; None when a human seat has no account (a guest)."""
    humans = [s for s in seats if not s.is_ai]
    if any(s.user_id is None for s in humans):
        return None
    return [HumanSeat(s.index, int(s.user_id)) for s in humans if s.user_id is not None]


def _counting_season(
    match: Match, records: list[SeatRecord], humans: list[HumanSeat] | None, multi_seated: bool
) -> Season | None:
    link = LeagueMatch.objects.select_related("season__league").filter(match=match).first()
    if link is None or humans is None or not humans or match.practice or match.finished_at is None:
        return None
    if multi_seated:
        return None
    season = link.season
    if not season.includes(match.finished_at):
        return None
    if any(r.ai_version != season.league.ai_version for r in records if r.is_ai):
        return None  # against another AI level than the league's (a table opened before it was fixed)
    users = {h.user_id for h in humans}
    members = Membership.objects.filter(
        league_id=season.league_id, user_id__in=users, joined_at__lte=match.finished_at
    ).count()
    return season if members == len(users) else None


def project_match(*, match_id: int) -> ProjectedMatch | None:
    """Apply one finished match to standings and ratings, once. None when it is not finished."""
    with match_context(match_id=match_id):
        return _project_once(match_id)


def _project_once(match_id: int) -> ProjectedMatch | None:
    try:
        with transaction.atomic():
            match = Match.objects.select_for_update(no_key=True).filter(pk=match_id).first()
            if match is None or match.status != MatchStatus.FINISHED:
                return None
            if match.embargoed:  # a running duplicate round's table: projected when it is released
                return None
            if match_hold(match) is not None:  # one person at two of its event's seats: until cleared
                return None
            done = ProjectedMatch.objects.filter(match=match).first()
            if done is not None:
                return done
            return _project(match)
    except IntegrityError:
        # A concurrent projection stored this match first (the primary key refused ours): counted once.
        return ProjectedMatch.objects.filter(match_id=match_id).first()


def _project(match: Match) -> ProjectedMatch:
    seats = list(match.seats.order_by("index"))
    humans = _human_seats(seats)
    # One person at several seats saw several hands: the match is never ranked.
    multi_seated = seats_multi_held(seats)
    listed = seat_records(match)
    season = _counting_season(match, listed, humans, multi_seated)
    # Only human results count and rate: not a seat the stand-in played too much of (seat_records).
    records = {r.index: r for r in listed}
    counted = [h for h in humans or [] if records[h.index].human_result] if season is not None else []
    if not counted:
        season = None
    # Guests get no rating; the registered players among the humans are still rated.
    rateable = [
        HumanSeat(s.index, s.user_id)
        for s in seats
        if not s.is_ai and s.user_id is not None and records[s.index].human_result
    ]
    rated = len({h.user_id for h in rateable}) >= 2 and not match.practice and not multi_seated
    record = ProjectedMatch.objects.create(
        match=match, season=season, counted=season is not None, rated=rated
    )
    if season is None and not rated:
        return record
    result = replayed_result(match)
    if not result.get("finished"):
        log.warning("match %s is finished but its event log does not show an end", match.pk)
        record.counted = record.rated = False
        record.season = None
        record.save(update_fields=["counted", "rated", "season"])
        return record
    if season is not None:
        _count(match, season, counted, result, records)
    # A rating change is made once: a match withdrawn after it was rated and published again keeps it.
    if rated and not RatingChange.objects.filter(match=match).exists():
        _rate(match, rateable, result)
    return record


def _count(
    match: Match,
    season: Season,
    humans: list[HumanSeat],
    result: dict[str, Any],
    records: dict[int, SeatRecord],
) -> None:
    assert match.finished_at is not None
    for h in sorted(humans, key=lambda h: h.user_id):
        points = Decimal(str(result["totals"][h.index])).quantize(Decimal("0.01"))
        place = int(result["ranking"][h.index])
        won = place == 1
        SeasonResult.objects.create(
            season=season,
            match=match,
            user_id=h.user_id,
            seat=h.index,
            points=points,
            place=place,
            won=won,
            finished_at=match.finished_at,
            opponent_ai_versions=records[h.index].opponent_ai_versions,
        )
        Standing.objects.get_or_create(season=season, user_id=h.user_id)
        Standing.objects.filter(season=season, user_id=h.user_id).update(
            matches=F("matches") + 1, points=F("points") + points, wins=F("wins") + int(won)
        )
        # The latest result wins (a projection of an older match later on must not move it back).
        Standing.objects.filter(
            Q(last_result_at__isnull=True) | Q(last_result_at__lt=match.finished_at),
            season=season,
            user_id=h.user_id,
        ).update(last_result_at=match.finished_at)


def _rate(match: Match, humans: list[HumanSeat], result: dict[str, Any]) -> None:
    seen: set[int] = set()
    players = []
    for h in humans:
        if h.user_id not in seen:
            seen.add(h.user_id)
            players.append(h)
    ids = sorted(seen)
    for user_id in ids:
        Rating.objects.get_or_create(
            user_id=user_id,
            game=match.game,
            defaults={"mu": MODEL.mu, "sigma": MODEL.sigma, "ordinal": MODEL.rating().ordinal()},
        )
    # Lock in a fixed order so two projections sharing players never deadlock.
    ratings = {
        r.user_id: r for r in Rating.objects.select_for_update().filter(user_id__in=ids, game=match.game)
    }
    teams = [[MODEL.create_rating([ratings[p.user_id].mu, ratings[p.user_id].sigma])] for p in players]
    ranks = [float(result["ranking"][p.index]) for p in players]
    rated = MODEL.rate(teams, ranks=ranks)
    for p, team in zip(players, rated, strict=True):
        new = team[0]
        row = ratings[p.user_id]
        before = row.ordinal
        row.mu, row.sigma, row.ordinal = float(new.mu), float(new.sigma), float(new.ordinal())
        row.matches += 1
        row.save(update_fields=["mu", "sigma", "ordinal", "matches", "updated_at"])
        RatingChange.objects.create(
            match=match,
            user_id=p.user_id,
            game=match.game,
            ordinal_before=before,
            ordinal_after=row.ordinal,
            mu=row.mu,
            sigma=row.sigma,
        )


def withdraw(match_id: int) -> None:
    """Take a projected match's results out of the standings: its results are held (one person at two
    seats of its shared-deal event, games.identity.holds). Its rating change stays (a rating cannot
    be taken back without recomputing every later one; `rebuild_standings` does, leaving it out)."""
    with transaction.atomic():
        record = ProjectedMatch.objects.select_for_update().filter(match_id=match_id).first()
        if record is None:
            return
        results = list(SeasonResult.objects.filter(match_id=match_id))
        SeasonResult.objects.filter(match_id=match_id).delete()
        for r in results:
            standing = Standing.objects.filter(season_id=r.season_id, user_id=r.user_id)
            standing.update(
                matches=F("matches") - 1, points=F("points") - r.points, wins=F("wins") - int(r.won)
            )
            left = SeasonResult.objects.filter(season_id=r.season_id, user_id=r.user_id)
            standing.update(last_result_at=left.aggregate(last=Max("finished_at"))["last"])
            standing.filter(matches=0).delete()  # as the rebuild would have it: no row without a match
        record.delete()


def finished_match_ids() -> list[int]:
    """Every finished match whose results are public, in the order they were projected live (the order
    ratings are applied in): when it finished, or for a duplicate round's table when its round was
    released (its tables in the order they finished). See games.results.projections."""
    return list(published_matches().values_list("pk", flat=True))


def round_released_at() -> Combinable:
    """When a duplicate round's table was published (its round's release); NULL for other matches."""
    return F("league_match__round__released_at")


def wipe() -> None:
    RatingChange.objects.all().delete()
    Rating.objects.all().delete()
    SeasonResult.objects.all().delete()
    Standing.objects.all().delete()
    ProjectedMatch.objects.all().delete()


NAME = "leagues"


def project_match_recorded(*, match_id: int) -> ProjectedMatch | None:
    """`project_match` as one step of the projection: a failure is recorded for staff and answers None
    (games.results.projections.projection_step), so nothing after it (the round's release, the next match of a
    rebuild) waits on it."""
    return projection_step(name=NAME, match_id=match_id, step=lambda: project_match(match_id=match_id))


def apply(match_id: int) -> None:
    """A retry of a recorded failure: the match projected as the live path does (once)."""
    project_match(match_id=match_id)


def rebuild() -> int:
    """Wipe every projection and recompute it from the event store. Returns the matches projected; a
    match that fails is recorded and skipped."""
    with transaction.atomic():
        wipe()
        projection_failures_clear(name=NAME)
        return sum(project_match_recorded(match_id=match_id) is not None for match_id in finished_match_ids())
