"""Who is at the table: socket counts per seat (across web processes), leaving, abandoning."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.db.models import Case, F, Value, When
from django.db.models.functions import Greatest
from django.utils import timezone

from games import dispatch
from games.actors import Actor
from games.errors import Forbidden, NotFound, NotSeated
from games.models import Match, MatchStatus, Seat


def seat_connected(*, match_id: int, seat: int) -> None:
    Seat.objects.filter(match_id=match_id, index=seat).update(
        connections=F("connections") + 1, away_since=None, autoplay=False, left=False
    )


def seat_disconnected(*, match_id: int, seat: int) -> None:
    # One statement (the row is locked for its duration): the last socket of a seat starts its
    # away clock.
    Seat.objects.filter(match_id=match_id, index=seat).update(
        connections=Greatest(F("connections") - 1, 0),
        away_since=Case(When(connections=1, then=Value(timezone.now())), default=F("away_since")),
    )


def match_leave(*, match_id: int, actor: Actor) -> Match:
    """'Beenden': an open table frees the seat; a running match counts the player as away at once,
    so Anton plays the seat after the disconnect timeout. When every human has left, the match ends
    as abandoned."""
    with transaction.atomic():
        match = Match.objects.select_for_update().prefetch_related("seats").filter(pk=match_id).first()
        if match is None:
            raise NotFound(f"no match {match_id}")
        seat = next((s for s in match.seats.all() if actor.owns(s)), None)
        if seat is None or seat.is_ai:
            raise NotSeated("you have no seat at this match")
        if match.status == MatchStatus.OPEN:
            seat.user = None
            seat.guest_token = ""
            seat.display_name = ""
            seat.joined_at = None
            seat.save(update_fields=["user", "guest_token", "display_name", "joined_at"])
            humans_left = [s for s in match.seats.all() if not s.is_ai and not s.is_free]
            if not humans_left:
                _end_abandoned(match)
            transaction.on_commit(dispatch.broadcast_lobby)
            return match
        if match.status == MatchStatus.RUNNING:
            seat.left = True
            seat.away_since = seat.away_since or timezone.now()
            seat.save(update_fields=["left", "away_since"])
            if all(s.is_ai or s.left for s in match.seats.all()):
                _end_abandoned(match)
        return match


def abandon_if_deserted(match: Match, now: dt.datetime, after_seconds: float) -> bool:
    """End a running match whose humans have all left, or been away for `after_seconds`."""
    humans = [s for s in match.seats.all() if not s.is_ai]

    def gone(s: Seat) -> bool:
        if s.left:
            return True
        return (
            s.connections == 0
            and s.away_since is not None
            and (now - s.away_since).total_seconds() > after_seconds
        )

    if humans and all(gone(s) for s in humans):
        _end_abandoned(match)
        return True
    return False


def _end_abandoned(match: Match) -> None:
    match.status = MatchStatus.ABANDONED
    match.finished_at = timezone.now()
    match.save(update_fields=["status", "finished_at"])
    match_id, version = match.pk, match.version
    transaction.on_commit(lambda: dispatch.broadcast_refresh(match_id, version, "abandoned"))


def match_settings_update(*, match_id: int, actor: Actor, spectators_allowed: bool) -> Match:
    """Only the table's opener may switch spectators on or off."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None:
            raise NotFound(f"no match {match_id}")
        if not actor.opened(match):
            raise Forbidden("only the table's opener may change this")
        match.spectators_allowed = spectators_allowed
        match.save(update_fields=["spectators_allowed"])
    return match
