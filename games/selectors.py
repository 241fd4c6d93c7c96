"""Reads on matches: the lobby, a seat's view, the public event log of a finished match."""

from __future__ import annotations

from typing import Any

from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet

from games.actors import Actor
from games.errors import Forbidden, NotFound
from games.models import Match, MatchEvent, MatchStatus, Seat, SeatKind
from games.services.store import load_state


def _with_seats(qs: QuerySet[Match]) -> QuerySet[Match]:
    return qs.prefetch_related(Prefetch("seats", queryset=Seat.objects.order_by("index")))


def open_matches(limit: int = 50) -> QuerySet[Match]:
    """Tables waiting for players, newest first."""
    free = Seat.objects.filter(match=OuterRef("pk"), kind=SeatKind.HUMAN, user__isnull=True, guest_token="")
    qs = Match.objects.filter(status=MatchStatus.OPEN).filter(Exists(free)).order_by("-created_at")
    return _with_seats(qs)[:limit]


def actor_matches(
    actor: Actor, statuses: tuple[str, ...] = (MatchStatus.OPEN, MatchStatus.RUNNING)
) -> QuerySet[Match]:
    if actor.user_id is not None:
        mine = Q(seats__user_id=actor.user_id)
    elif actor.guest_token:
        mine = Q(seats__guest_token=actor.guest_token)
    else:
        return Match.objects.none()
    return _with_seats(Match.objects.filter(mine, status__in=statuses).distinct().order_by("-created_at"))


def match_get(match_id: int) -> Match:
    match = _with_seats(Match.objects.filter(pk=match_id)).first()
    if match is None:
        raise NotFound(f"no match {match_id}")
    return match


def seat_index_of(match: Match, actor: Actor) -> int | None:
    return next((s.index for s in match.seats.all() if actor.owns(s)), None)


def match_summary(match: Match) -> dict[str, Any]:
    """Public facts about a table: never a card."""
    return {
        "id": match.pk,
        "game": match.game,
        "options": match.options,
        "status": match.status,
        "seq": match.version,
        "ai_version": match.ai_version,
        "spectators_allowed": match.spectators_allowed,
        "practice": match.practice,
        "seed_commitment": match.seed_commitment,
        "created_at": match.created_at.isoformat(),
        "seats": [
            {
                "index": s.index,
                "kind": s.kind,
                "name": s.display_name,
                "free": s.is_free,
                "ai_version": s.ai_version or None,
            }
            for s in match.seats.all()
        ],
    }


def match_view(match: Match, actor: Actor) -> dict[str, Any]:
    """The actor's seat view (a spectator's when not seated), with the seq it belongs to."""
    seat = seat_index_of(match, actor)
    if seat is None and not match.spectators_allowed and not match.is_over:
        raise Forbidden("spectators are switched off at this table")
    payload: dict[str, Any] = {
        "match": match_summary(match),
        "seat": seat,
        "seq": match.version,
        "view": None,
    }
    if match.version:
        payload["view"] = load_state(match).view(seat)
    return payload


def match_event_log(match: Match) -> dict[str, Any]:
    """Every event of a finished match, with the revealed seed so anyone can check the deals."""
    if not match.is_over:
        raise Forbidden("the event log is published when the match is over")
    events = list(MatchEvent.objects.filter(match=match).order_by("seq").values("seq", "data", "created_at"))
    return {
        "match": match_summary(match),
        "seed": match.seed,
        "seed_commitment": match.seed_commitment,
        "events": [{"seq": e["seq"], "event": e["data"], "at": e["created_at"].isoformat()} for e in events],
    }
