"""The clock of a turn-based table (`Match.turn_based`): reads only, no writes.

A turn-based table has no move timer and no away rules. The human seat to move has `days_per_move`
days (of TURN_DAY_SECONDS each) from the start of its turn (`Match.last_event_at`: the turn starts
with the append that left the seat to move). When they run out, the watchdog marks the turn overdue
(`Match.overdue_seq`, services/turns.py) and the other players still at the table (the deciders)
choose: the AI plays the seat for the rest of the match (`Seat.handed_to_ai`), or the table ends.
Until someone chooses, the overdue player may simply move.

A leaf: models and settings only, so the due times, the dispatch after a commit and the selectors
read it without importing a service."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from django.conf import settings

from games import ai as ai_registry
from games.models import Match, MatchStatus, Seat

#: the days per move a turn-based table may have
MIN_DAYS, MAX_DAYS = 1, 14


def seat_to_move(match: Match, seats: Iterable[Seat]) -> Seat | None:
    return next((s for s in seats if s.index == match.to_move), None) if match.to_move is not None else None


def human_turn(seat: Seat | None) -> bool:
    """A seat its player moves for: a human seat the AI does not play."""
    return seat is not None and not seat.is_ai and not seat.handed_to_ai


def deadline(match: Match, seats: Iterable[Seat]) -> dt.datetime | None:
    """When the seat to move runs out of time (None: not a turn-based table, not running, or no human
    seat to move)."""
    if not match.turn_based or match.status != MatchStatus.RUNNING or match.last_event_at is None:
        return None
    if not human_turn(seat_to_move(match, seats)):
        return None
    return match.last_event_at + dt.timedelta(seconds=match.days_per_move * settings.TURN_DAY_SECONDS)


def overdue(match: Match) -> bool:
    """The watchdog (or a choice) found the seat to move out of time at the current version."""
    return match.turn_based and match.status == MatchStatus.RUNNING and match.overdue_seq == match.version


def end_votes(match: Match) -> list[int]:
    """The seats that chose to end the table over the current overdue turn."""
    return sorted(int(s) for s in match.end_votes) if overdue(match) else []


def deciders(match: Match, seats: Iterable[Seat]) -> list[Seat]:
    """Who chooses when the seat to move is overdue: the other human seats that still play their own
    seat (not handed to the AI) and have not left the table."""
    return [
        s
        for s in seats
        if not s.is_ai and not s.handed_to_ai and not s.left and not s.is_free and s.index != match.to_move
    ]


def handed_ai_version(match: Match) -> str:
    """The AI that plays a seat handed to it: the table's AI level where the game has it, else Anton."""
    if match.ai_version in ai_registry.available_versions(match.game):
        return match.ai_version
    return ai_registry.DEFAULT_VERSION


def turn_summary(match: Match, seats: Iterable[Seat]) -> dict[str, Any] | None:
    """The public facts of a running turn-based table's turn (None otherwise): the seat to move, its
    deadline, whether it is overdue and who chose to end the table. Never a card."""
    if not match.turn_based or match.status != MatchStatus.RUNNING or match.to_move is None:
        return None
    seats = list(seats)
    until = deadline(match, seats)
    return {
        "seat": match.to_move,
        "deadline": until.isoformat() if until is not None else None,
        "overdue": overdue(match),
        "end_votes": end_votes(match),
        "deciders": [s.index for s in deciders(match, seats)],
    }


def turn_due_kwargs(match: Match, acted: int | None) -> dict[str, Any] | None:
    """The `turn_due` signal's arguments when the append that brought `match` to its version started a
    human seat's turn at a turn-based table: the seat to move is a human seat its player moves for,
    and another seat acted (or none: the start). None when no turn started (a real-time table, an AI
    seat to move, the same seat moving again, the match over)."""
    seats = list(match.seats.all())
    seat = seat_to_move(match, seats)
    until = deadline(match, seats)
    if seat is None or until is None or seat.index == acted:
        return None
    return {
        "match_id": match.pk,
        "seq": match.version,
        "seat": seat.index,
        "user_id": seat.user_id,
        "deadline": until,
    }
