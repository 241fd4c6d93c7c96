"""When the watchdog must next look at a running match (`WatchdogDue`).

Every writer that changes what the watchdog decides on (the turn and its start, the move timer, a
seat's presence, the status) sets the due time again, after its change and in its transaction: it
locks the match's due row first and reads the match and its seats after that. The writers take turns
on that row, and each one reads what those before it committed, so the last one to write has seen
every change and the due time is never late. (The due row, not the match row: a socket opening or
closing must not wait for a move, which holds the match row lock; the order is always match row,
seat rows, due row.) It may be early, e.g. after a timeout was raised: the watchdog checks, finds
nothing to do and sets it again. The timeouts are read when it is set: a lowered one applies to a
match from its next change on."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.conf import settings
from django.db import transaction

from games.models import Match, MatchStatus, Seat, WatchdogDue
from games.services import turn_clock

# "Look now": a match whose turn was never recorded, or whose humans have all left.
AT_ONCE = dt.datetime(2000, 1, 1, tzinfo=dt.UTC)


def others_present(match: Match, seat: Seat) -> bool:
    """Anton stands in for an away player only so that present humans can finish: with nobody
    left at the table the match waits, and is abandoned by the watchdog in time."""
    return _others_present(match.seats.all(), seat)


def _others_present(seats: Iterable[Seat], seat: Seat) -> bool:
    return any(not s.is_ai and s.index != seat.index and s.connections > 0 and not s.left for s in seats)


def abandon_after(seats: Iterable[Seat]) -> float:
    """Seconds all humans must be away before the match is abandoned: a table of one human and AI
    seats only is paused for PAUSED_TABLE_DAYS (nobody else waits for it), others ABANDON_TIMEOUT."""
    if sum(1 for s in seats if not s.is_ai) == 1:
        return settings.PAUSED_TABLE_DAYS * 86400
    return settings.ABANDON_TIMEOUT


def paused(seats: Iterable[Seat]) -> bool:
    """The only human of a table against AI is away: nothing is played for them (no move timer). A
    turn-based table is never paused (its callers ask `Match.turn_based` first)."""
    humans = [s for s in seats if not s.is_ai]
    return len(humans) == 1 and humans[0].connections == 0 and humans[0].away_since is not None


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
    if match.turn_based:
        return _turn_based_due_at(match, seats, requeued_at)
    moments = [_abandon_at(seats)]
    seat = next((s for s in seats if s.index == match.to_move), None)
    started = match.last_event_at or AT_ONCE
    if seat is not None and (seat.is_ai or seat.autoplay):
        stalled = max(started, requeued_at or started)
        moments.append(stalled + dt.timedelta(seconds=settings.AI_STALL_AFTER))
    elif seat is not None:
        if match.move_timer > 0 and not paused(seats):
            moments.append(started + dt.timedelta(seconds=match.move_timer))
        if seat.connections == 0 and seat.away_since is not None and _others_present(seats, seat):
            away = max(seat.away_since, started)
            moments.append(away + dt.timedelta(seconds=settings.DISCONNECT_TIMEOUT))
    return min((m for m in moments if m is not None), default=None)


def _turn_based_due_at(
    match: Match, seats: list[Seat], requeued_at: dt.datetime | None
) -> dt.datetime | None:
    """A turn-based table has no move timer and no away rules: it is due when every human has left
    (abandoned at once), when a move of the AI (an AI seat, or a seat handed to it) stalls, and when the
    human seat to move runs out of time, unless that turn is marked overdue already (then it waits for
    the other players' choice, or for the player)."""
    humans = [s for s in seats if not s.is_ai]
    if humans and all(s.left for s in humans):
        return AT_ONCE
    seat = turn_clock.seat_to_move(match, seats)
    if seat is None:
        return None
    if not turn_clock.human_turn(seat):
        started = match.last_event_at or AT_ONCE
        return max(started, requeued_at or started) + dt.timedelta(seconds=settings.AI_STALL_AFTER)
    if turn_clock.overdue(match):
        return None
    return turn_clock.deadline(match, seats)


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
    return last_gone + dt.timedelta(seconds=abandon_after(seats))


def due_set(*, match_id: int, match: Match | None = None, requeued_at: dt.datetime | None = None) -> None:
    """Set a match's due time from its seats and `match` (the caller's own version, with changes not
    yet committed; read from the database when None). Call it after the change, in its transaction."""
    with transaction.atomic(savepoint=False):  # inside the caller's transaction, if any
        row, _ = WatchdogDue.objects.select_for_update().get_or_create(match_id=match_id)
        if match is None:
            match = Match.objects.filter(pk=match_id).first()
            if match is None:
                return
        due_set_locked(row, match, Seat.objects.filter(match_id=match_id), requeued_at=requeued_at)


def due_set_locked(
    row: WatchdogDue, match: Match, seats: Iterable[Seat], *, requeued_at: dt.datetime | None = None
) -> None:
    """`due_set` for a caller that holds the due row's lock already (a move locks it with the match
    row) and read `seats` after taking it: the same guarantee, without locking and reading again."""
    if due_next(row, match, seats, requeued_at=requeued_at):
        row.save(update_fields=["due_at"])


def due_next(
    row: WatchdogDue, match: Match, seats: Iterable[Seat], *, requeued_at: dt.datetime | None = None
) -> bool:
    """Set `row.due_at` as `due_set_locked` would; True when it changed (the caller saves it)."""
    due = due_at(match, seats, requeued_at=requeued_at)
    if due == row.due_at:
        return False
    row.due_at = due
    return True


def due_of(match: Match) -> dt.datetime | None:
    """The due time as read with the match (`select_related("due")`), None without a row."""
    try:
        return match.due.due_at
    except WatchdogDue.DoesNotExist:
        return None
