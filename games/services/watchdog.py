"""The periodic watchdog (Celery beat, or a thread in the embedded server).

It takes the sockets of killed web processes off their seats' counts (games/live/presence.py); then,
for every running match that is due (`WatchdogDue`, see services/due.py: one indexed query picks
them, so a tick's work grows with the due matches, not with the running ones), it: re-enqueues an AI
move that is overdue (a crashed worker never freezes a table); lets Anton play for a human whose move
timer ran out, or who has been away while it was their turn longer than DISCONNECT_TIMEOUT (then
Anton keeps the seat until the player returns); and ends a match as abandoned when all its humans
are gone (a table against AI whose only human is away is paused: no timer, abandoned only after
PAUSED_TABLE_DAYS). At a turn-based table none of the presence rules apply: it marks the turn of a
seat whose days per move ran out as overdue (services/turns.py) and never moves for it."""

from __future__ import annotations

import datetime as dt
import logging
import math
import time

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from games.live.presence import abandon_if_deserted, release_silent_processes
from games.models import Match, MatchStatus, Seat, WatchdogDue
from games.services.ai import ai_move_play, ai_move_schedule
from games.services.due import abandon_after, due_at, due_of, due_set, others_present, paused
from games.services.turn_clock import human_turn
from games.services.turns import turn_overdue_mark
from games.store.events import load_state
from ops import metrics
from ops.log_context import match_context

log = logging.getLogger(__name__)


def watchdog_tick(now: dt.datetime | None = None) -> dict[str, int]:
    started = time.perf_counter()
    now = now or timezone.now()
    counts = {"requeued": 0, "stand_in": 0, "abandoned": 0, "overdue": 0}
    counts["released"] = release_silent_processes(now)
    for match in _due(now).prefetch_related("seats", "due"):
        with match_context(match_id=match.pk, seq=match.version):
            try:
                _check(match, now, counts)
            except Exception:  # one broken match must not stop the others
                log.exception("watchdog failed on match %s", match.pk)
    for action, count in counts.items():
        metrics.WATCHDOG_ACTIONS.labels(action).inc(count)
    metrics.WATCHDOG_TICK_SECONDS.observe(time.perf_counter() - started)
    return counts


def _due(now: dt.datetime) -> QuerySet[Match]:
    """The running matches whose due time has come (`_check` decides what, if anything, to do). The
    ids first, from the due time's index: joined in one query, the planner may scan every match."""
    due = WatchdogDue.objects.filter(due_at__lte=now).values_list("match_id", flat=True)
    return Match.objects.filter(pk__in=list(due), status=MatchStatus.RUNNING)


def _check(match: Match, now: dt.datetime, counts: dict[str, int]) -> None:
    acted = _act(match, now)
    if acted:
        counts[acted] += 1
    if acted in ("abandoned", "stand_in", "overdue"):
        return  # the abandon, the append or the mark set the match's due time
    if match.to_move is None:  # stored before the column existed: record it once
        to_move = load_state(match).to_move
        recorded = to_move if isinstance(to_move, int) else None
        Match.objects.filter(pk=match.pk, version=match.version).update(to_move=recorded)
    elif not acted and due_at(match, match.seats.all()) == due_of(match):
        return  # as it was read (or set since by a writer of the change): still right
    # Nothing changed the turn: look again when the next deadline comes (a re-enqueued move: one
    # stall period after it), not on every tick.
    due_set(match_id=match.pk, requeued_at=now if acted == "requeued" else None)


def _act(match: Match, now: dt.datetime) -> str:
    """What the watchdog did: "abandoned", "requeued", "stand_in", "overdue" or "" (nothing)."""
    with transaction.atomic():
        # A turn-based table: only when every human has left (no away clock).
        after = math.inf if match.turn_based else abandon_after(match.seats.all())
        if abandon_if_deserted(match, now, after):
            return "abandoned"
    to_move = match.to_move if match.to_move is not None else load_state(match).to_move
    seat = next((s for s in match.seats.all() if s.index == to_move), None)
    if seat is None:
        return ""
    waited = (now - (match.last_event_at or now)).total_seconds()
    if match.turn_based and human_turn(seat):
        return turn_overdue_mark(match_id=match.pk, seq=match.version, now=now)
    if seat.is_ai or seat.autoplay or seat.handed_to_ai:
        if waited > settings.AI_STALL_AFTER and _first_requeue_in_a_while(match, now):
            ai_move_schedule(match_id=match.pk, seq=match.version, delay=0)
            return "requeued"
        return ""
    timer = _timer_ran_out(match, waited) and not paused(match.seats.all())
    if timer or (_away_too_long(seat, match, now) and others_present(match, seat)):
        if seat.connections == 0 and not seat.autoplay:
            # Only while the seat is still empty: the player may have come back since it was read.
            taken = Seat.objects.filter(pk=seat.pk, connections=0).update(autoplay=True)
            if not taken and not timer:
                return ""
        if ai_move_play(match.pk, match.version, stand_in=True) is not None:
            return "stand_in"
    return ""


def _first_requeue_in_a_while(match: Match, now: dt.datetime) -> bool:
    """One re-enqueue of a stalled move per AI_STALL_AFTER: while no worker runs, the queue must not
    fill up with a copy every tick (the copies would be harmless, each checks the seq, but wasted)."""
    key = f"watchdog:requeued:{match.pk}:{match.version}"
    last = cache.get(key)
    if last is not None and (now.timestamp() - float(last)) < settings.AI_STALL_AFTER:
        return False
    cache.set(key, now.timestamp(), timeout=int(settings.AI_STALL_AFTER * 10) + 60)
    return True


def _timer_ran_out(match: Match, waited: float) -> bool:
    return match.move_timer > 0 and waited > match.move_timer


def _away_too_long(seat: Seat, match: Match, now: dt.datetime) -> bool:
    """The disconnect countdown runs only while it is that player's turn."""
    if seat.connections > 0 or seat.away_since is None:
        return False
    started = max(seat.away_since, match.last_event_at or seat.away_since)
    return (now - started).total_seconds() > settings.DISCONNECT_TIMEOUT
