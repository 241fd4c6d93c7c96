"""The periodic watchdog (Celery beat, or a thread in the embedded server).

For every running match it: re-enqueues an AI move that is overdue (a crashed worker never freezes a
table); lets Anton play for a human whose move timer ran out, or who has been away while it was their
turn longer than DISCONNECT_TIMEOUT (then Anton keeps the seat until the player returns); and ends a
match as abandoned when all its humans are gone."""

from __future__ import annotations

import datetime as dt
import logging

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import dispatch
from games.models import Match, MatchStatus, Seat
from games.services.ai import ai_move_play, others_present
from games.services.presence import abandon_if_deserted
from games.services.store import load_state

log = logging.getLogger(__name__)


def watchdog_tick(now: dt.datetime | None = None) -> dict[str, int]:
    now = now or timezone.now()
    counts = {"requeued": 0, "stand_in": 0, "abandoned": 0}
    for match in Match.objects.filter(status=MatchStatus.RUNNING).prefetch_related("seats"):
        try:
            _check(match, now, counts)
        except Exception:  # one broken match must not stop the others
            log.exception("watchdog failed on match %s", match.pk)
    return counts


def _check(match: Match, now: dt.datetime, counts: dict[str, int]) -> None:
    with transaction.atomic():
        if abandon_if_deserted(match, now, settings.ABANDON_TIMEOUT):
            counts["abandoned"] += 1
            return
    to_move = load_state(match).to_move
    seat = next((s for s in match.seats.all() if s.index == to_move), None)
    if seat is None:
        return
    waited = (now - (match.last_event_at or now)).total_seconds()
    if seat.is_ai or seat.autoplay:
        if waited > settings.AI_STALL_AFTER:
            dispatch.schedule_ai(match.pk, match.version, 0)
            counts["requeued"] += 1
        return
    if _timer_ran_out(match, waited) or (_away_too_long(seat, match, now) and others_present(match, seat)):
        if seat.connections == 0 and not seat.autoplay:
            Seat.objects.filter(pk=seat.pk).update(autoplay=True)
        if ai_move_play(match.pk, match.version, stand_in=True) is not None:
            counts["stand_in"] += 1


def _timer_ran_out(match: Match, waited: float) -> bool:
    return match.move_timer > 0 and waited > match.move_timer


def _away_too_long(seat: Seat, match: Match, now: dt.datetime) -> bool:
    """The disconnect countdown runs only while it is that player's turn."""
    if seat.connections > 0 or seat.away_since is None:
        return False
    started = max(seat.away_since, match.last_event_at or seat.away_since)
    return (now - started).total_seconds() > settings.DISCONNECT_TIMEOUT
