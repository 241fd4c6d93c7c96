"""When the watchdog must next look at a running match (`Match.due_at`).

Every writer that changes what the watchdog decides on (the turn and its start, the move timer, a
seat's presence, the status) sets `due_at` again while holding the match row lock, reading the seats
after taking it: the last one to write has seen every committed change, so `due_at` is never late.
It may be early (a timeout lowered since it was set... then raised): the watchdog checks, finds
nothing to do and sets it again. The timeouts are read when it is set: a lowered one applies to a
match from its next change on."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.conf import settings
from django.db import transaction

from games.models import Match, MatchStatus, Seat

# "Look now": a match whose turn was never recorded, or whose humans have all left.
AT_ONCE = dt.datetime(2000, 1, 1, tzinfo=dt.UTC)


def others_present(match: Match, seat: Seat) -> bool:
    """Anton stands in for an away player only so that present humans can finish: with nobody
    left at the table the match waits, and is abandoned by the watchdog in time."""
    return _others_present(match.seats.all(), seat)


def _others_present(seats: Iterable[Seat], seat: Seat) -> bool:
    return any(not s.is_ai and s.index != seat.index and s.connections > 0 and not s.left for s in seats)


def due_at(
    match: Match, seats: Iterable[Seat], *, requeued_at: dt.datetime | None = None
) -> dt.datetime | None:
    """The first moment at which the watchdog's checks (services/watchdog.py `_check`) could act on
    `match` as it is now; `requeued_at`: when the watchdog last re-enqueued its stalled AI move."""
    if match.status != MatchStatus.RUNNING:
        return None
    seats = list(seats)
    if match.to_move is None:
        return AT_ONCE
    moments = [_abandon_at(seats)]
    seat = next((s for s in seats if s.index == match.to_move), None)
    started = match.last_event_at or AT_ONCE
    if seat is not None and (seat.is_ai or seat.autoplay):
        stalled = max(started, requeued_at or started)
        moments.append(stalled + dt.timedelta(seconds=settings.AI_STALL_AFTER))
    elif seat is not None:
        if match.move_timer > 0:
            moments.append(started + dt.timedelta(seconds=match.move_timer))
        if seat.connections == 0 and seat.away_since is not None and _others_present(seats, seat):
            away = max(seat.away_since, started)
            moments.append(away + dt.timedelta(seconds=settings.DISCONNECT_TIMEOUT))
    return min((m for m in moments if m is not None), default=None)


def _abandon_at(seats: list[Seat]) -> dt.datetime | None:
    humans = [s for s in seats if not s.is_ai]
    staying = [s for s in humans if not s.left]
    if not humans:
        return None
    if not staying:
        return AT_ONCE
    if any(s.connections > 0 or s.away_since is None for s in staying):
        return None
    last_gone = max(s.away_since for s in staying if s.away_since is not None)
    return last_gone + dt.timedelta(seconds=settings.ABANDON_TIMEOUT)


def due_save(match: Match, *, requeued_at: dt.datetime | None = None) -> None:
    """Set `match.due_at` from the match and its seats as read under its row lock (the caller's)."""
    due = due_at(match, Seat.objects.filter(match_id=match.pk), requeued_at=requeued_at)
    if due != match.due_at:
        match.due_at = due
        match.save(update_fields=["due_at"])


def due_refresh(*, match_id: int, requeued_at: dt.datetime | None = None) -> None:
    """Lock the match and set its `due_at` again (after a tick that changed nothing, or a seat's
    presence changed)."""
    with transaction.atomic():
        match = Match.objects.select_for_update(no_key=True).filter(pk=match_id).first()
        if match is not None:
            due_save(match, requeued_at=requeued_at)
