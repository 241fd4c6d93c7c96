"""Reads on leagues: a league and its current season, who may do what, lists, a season's ranked table,
a player's league matches, ratings. The services read through these; nothing here writes."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.db.models import Count, Q, QuerySet

from accounts.models import User
from games.identity.names import reserved_match
from games.live.actors import Actor
from games.models import Match
from games.results.match_result import match_seats
from games.selectors import matches_visible_to
from leagues.errors import NotFound
from leagues.models import (
    Invitation,
    League,
    LeagueMatch,
    Membership,
    Rating,
    RatingChange,
    Season,
    SeasonResult,
    SeasonStatus,
    Standing,
)
from leagues.standings import Row, rank_rows


def league_get(league_id: int, *, lock: bool = False) -> League:
    """The league, or NotFound; `lock` takes its row lock (inside a service's transaction)."""
    qs = League.objects.select_for_update() if lock else League.objects
    try:
        return qs.get(pk=league_id)
    except League.DoesNotExist as exc:
        raise NotFound(f"no league {league_id}") from exc


def current_season(league: League) -> Season | None:
    """The season that is not archived (at most one), or None."""
    return league.seasons.filter(status=SeasonStatus.ACTIVE).order_by("-number").first()


def is_manager(league: League, user: Any) -> bool:
    return bool(user.is_authenticated and (user.is_staff or league.created_by_id == user.pk))


def is_member(league: League, user: Any) -> bool:
    return bool(user.is_authenticated and league.memberships.filter(user_id=user.pk).exists())


def league_list() -> QuerySet[League]:
    return League.objects.annotate(member_count=Count("memberships")).order_by("-created_at")


def display_name(user: Any) -> str:
    return str(getattr(user, "display_name", "") or user.get_username())


def head_to_head(season: Season, user_ids: list[int]) -> dict[tuple[int, int], int]:
    """net[(a, b)]: matches of the season in which a placed better than b, minus those where b did."""
    places: dict[int, dict[int, int]] = defaultdict(dict)  # match -> user -> place
    for match_id, user_id, place in SeasonResult.objects.filter(
        season=season, user_id__in=user_ids
    ).values_list("match_id", "user_id", "place"):
        places[match_id][user_id] = place
    net: dict[tuple[int, int], int] = defaultdict(int)
    for seen in places.values():
        for a, pa in seen.items():
            for b, pb in seen.items():
                if a != b and pa != pb:
                    net[(a, b)] += 1 if pa < pb else -1
    return net


def _trends(season: Season, user_ids: list[int]) -> dict[int, float]:
    """Each player's rating change in their latest counted match of the season."""
    latest: dict[int, int] = {}
    for user_id, match_id in (
        SeasonResult.objects.filter(season=season, user_id__in=user_ids)
        .order_by("finished_at", "match_id")
        .values_list("user_id", "match_id")
    ):
        latest[user_id] = match_id
    changes = RatingChange.objects.filter(match_id__in=set(latest.values()), user_id__in=user_ids)
    return {c.user_id: round(c.delta, 2) for c in changes if latest.get(c.user_id) == c.match_id}


def _opponents(season: Season, user_ids: list[int]) -> dict[int, list[str]]:
    """The AI versions each player's counted results of the season were played against, sorted."""
    seen: dict[int, set[str]] = defaultdict(set)
    for user_id, versions in SeasonResult.objects.filter(season=season, user_id__in=user_ids).values_list(
        "user_id", "opponent_ai_versions"
    ):
        seen[user_id].update(versions or [])
    return {user_id: sorted(versions) for user_id, versions in seen.items()}


def season_table(season: Season, *, frozen: bool = True) -> list[dict[str, Any]]:
    """The ranked standings, JSON-able. An archived season answers its frozen final table."""
    if frozen and season.is_archived and season.final_standings is not None:
        return list(season.final_standings)
    league = season.league
    standings = list(Standing.objects.filter(season=season).select_related("user"))
    ids = [s.user_id for s in standings]
    users = {s.user_id: s.user for s in standings}
    rows = [
        Row(
            user_id=s.user_id,
            name=display_name(s.user),
            matches=s.matches,
            points=s.points,
            wins=s.wins,
            last_result_at=s.last_result_at,
        )
        for s in standings
    ]
    net = head_to_head(season, ids) if len(rows) > 1 else {}
    ranked = rank_rows(rows, league.scoring, lambda a, b: net.get((a, b), 0))
    ratings = {r.user_id: r for r in Rating.objects.filter(user_id__in=ids, game=league.game)}
    trends = _trends(season, ids)
    against = _opponents(season, ids)
    table = []
    for row in ranked:
        rating = ratings.get(row.user_id)
        table.append(
            {
                "rank": row.rank,
                "user_id": row.user_id,
                "username": users[row.user_id].get_username(),
                "name": row.name,
                "matches": row.matches,
                "points": str(row.points),
                "average": str(row.average),
                "wins": row.wins,
                "rating": round(rating.ordinal, 2) if rating else None,
                "trend": trends.get(row.user_id),
                "last_result_at": row.last_result_at.isoformat() if row.last_result_at else None,
                # the AI versions of the counted results ([]: against people only)
                "opponent_ai_versions": against.get(row.user_id, []),
            }
        )
    return table


def season_summary(season: Season) -> dict[str, Any]:
    return {
        "id": season.pk,
        "number": season.number,
        "starts_on": season.starts_on.isoformat(),
        "ends_on": season.ends_on.isoformat(),
        "status": season.status,
    }


def league_summary(league: League) -> dict[str, Any]:
    season = current_season(league)
    return {
        "id": league.pk,
        "name": league.name,
        "game": league.game,
        "options": league.options,
        "access": league.access,
        "joining_closed": league.joining_closed,
        "scoring": league.scoring,
        "ai_version": league.ai_version,
        "recurs": league.recurs,
        "created_by": league.created_by.get_username() if league.created_by else None,
        "season": season_summary(season) if season else None,
        "members": league.memberships.count(),
    }


def league_seasons(league: League) -> QuerySet[Season]:
    return league.seasons.order_by("-number")


def season_for(league: League, number: int | None) -> Season | None:
    if number is None:
        return current_season(league) or league.seasons.order_by("-number").first()
    return league.seasons.filter(number=number).first()


def league_members(league: League) -> QuerySet[Membership]:
    return league.memberships.select_related("user").order_by("joined_at")


def pending_invitation(league: League, user: Any) -> Invitation | None:
    if not user.is_authenticated:
        return None
    return league.invitations.filter(user_id=user.pk, accepted_at__isnull=True).first()


def player_league_matches(league: League, user: User, viewer: Actor) -> list[dict[str, Any]]:
    """The player's tables in this league (every season), newest first, with their counted result;
    the tables of a running duplicate round only when `viewer` sits at them."""
    visible = matches_visible_to(Match.objects.all(), viewer)
    links = (
        LeagueMatch.objects.filter(season__league=league, match__seats__user=user, match__in=visible)
        .select_related("season", "match")
        .prefetch_related("match__seats")
        .distinct()
        .order_by("-match__created_at")
    )
    results = {
        r.match_id: r
        for r in SeasonResult.objects.filter(season__league=league, user=user).select_related("match")
    }
    rows = []
    for link in links:
        match: Match = link.match
        result = results.get(match.pk)
        rows.append(
            {
                "match_id": match.pk,
                "season": link.season.number,
                "status": match.status,
                "duplicate": link.round_id is not None,
                "created_at": match.created_at,
                "finished_at": match.finished_at,
                "counted": result is not None,
                "points": str(result.points) if result else None,
                "place": result.place if result else None,
                "replay": match.is_over and not match.embargoed,
                # the AI level that sat at the table, if any seat was an AI
                "ai_version": match.ai_version if any(s.is_ai for s in match.seats.all()) else None,
                "stand_in": _stand_in(match, user) if match.status == "finished" and result is None else None,
            }
        )
    return rows


def _stand_in(match: Match, user: User) -> dict[str, Any] | None:
    """Why the player's seat of an uncounted match was no human result, if that is why
    (its kind in games.results.match_result): the reason and the stand-in's decisions of the seat's."""
    seat = next((s.index for s in match.seats.all() if s.user_id == user.pk), None)
    record = next((r for r in match_seats(match) if r.index == seat), None)
    if record is None or not record.unranked_reason:
        return None
    d = record.decisions
    return {"reason": record.unranked_reason, "decisions": d.total, "stand_in": d.stand_in}


def ratings_for_user(user: Any) -> list[Rating]:
    """The player's rating per game, best first (for the profile)."""
    if user is None or not getattr(user, "pk", None):
        return []
    return list(Rating.objects.filter(user_id=user.pk).order_by("-ordinal", "game"))


def rating_history(user: Any) -> dict[str, list[float]]:
    """The player's rating (μ − 3σ) after each rated match, per game, oldest first; each list starts with
    the rating before the first rated match. From the projection's RatingChange rows."""
    if user is None or not getattr(user, "pk", None):
        return {}
    history: dict[str, list[float]] = {}
    changes = RatingChange.objects.filter(user_id=user.pk).order_by("match__finished_at", "match_id")
    for change in changes:
        points = history.setdefault(change.game, [change.ordinal_before])
        points.append(change.ordinal_after)
    return history


def invitations_for(user: Any) -> list[Invitation]:
    """A logged-in player's pending league invitations, newest first (the lobby and league pages)."""
    if not getattr(user, "is_authenticated", False):
        return []
    pending = Invitation.objects.filter(user_id=user.pk, accepted_at__isnull=True)
    return list(pending.select_related("league", "invited_by").order_by("-created_at", "-pk"))


SUGGEST_MIN = 2
SUGGEST_MAX = 10


def player_suggestions(prefix: str, *, asker: User) -> list[dict[str, str]]:
    """Registered players whose user name or display name begins with `prefix` (any case), for the
    invite field: user name and display name only, never the asker, never a name the AIs hold."""
    prefix = prefix.strip()
    if len(prefix) < SUGGEST_MIN:
        return []
    found = (
        User.objects.filter(is_active=True)
        .filter(Q(username__istartswith=prefix) | Q(display_name__istartswith=prefix))
        .exclude(pk=asker.pk)
        .order_by("username")
        .values_list("username", "display_name")
    )
    out: list[dict[str, str]] = []
    for username, display in found[: SUGGEST_MAX * 3]:  # a few spare for reserved names left out
        if reserved_match(username) is not None or (display and reserved_match(display) is not None):
            continue
        out.append({"username": username, "display_name": display or username})
        if len(out) == SUGGEST_MAX:
            break
    return out
