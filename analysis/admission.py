"""Who may start a post-match analysis, and whether there is room for one more.

An analysis costs seconds to a minute and a half of one core, so starting one is rationed:
- only the match's players (a guest by the token its seat is bound to) and staff start one; anybody
  who may see the finished match reads it;
- a person starts at most ANALYSIS_DAILY_QUOTA analyses in any 24 hours (staff: no limit), counted
  in the ledger `AnalysisStart`; a request that starts nothing new costs nothing;
- at most ANALYSIS_MAX_ACTIVE analyses are queued or running on the whole site: one more is refused
  as busy (with the time to try again), never queued without bound;
- a person (staff excepted) has at most ANALYSIS_ACTIVE_PER_PLAYER of them under way at once, so one
  account cannot fill the site's slots with its quota.
The checks and the start run under one lock (`admission_lock`), so parallel requests cannot pass a
limit together.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection, transaction
from django.db.models import QuerySet

from analysis.errors import Busy, PlayersOnly, QuotaUsed
from analysis.models import AnalysisStart, AnalysisStatus, MatchAnalysis
from games import selectors
from games.live.actors import Actor
from games.models import Match

QUOTA_WINDOW = timedelta(hours=24)
#: the wait a busy answer names when no running analysis tells how long it still needs
BUSY_RETRY_DEFAULT = 30
BUSY_RETRY_RANGE = (5, 300)
#: PostgreSQL advisory lock key of the admission (any fixed number no other lock of the site uses)
LOCK_KEY = 27_0001


@dataclass(frozen=True)
class Requester:
    """Who asks for an analysis: the request's actor, and whether it is a staff member's."""

    actor: Actor
    staff: bool = False


def may_request(match: Match, requester: Requester) -> bool:
    """A player of the match (the seat bound to this account or guest token) or staff."""
    return requester.staff or selectors.seat_index_of(match, requester.actor) is not None


def players_check(match: Match, requester: Requester) -> None:
    if not may_request(match, requester):
        raise PlayersOnly(
            "only the match's players and staff can start its analysis; anybody can read a finished one"
        )


@contextmanager
def admission_lock() -> Iterator[None]:
    """A transaction that no other admission runs beside: on PostgreSQL an advisory lock held to its
    end; SQLite opens every transaction IMMEDIATE (config/settings.py), which serialises the writers."""
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [LOCK_KEY])
        yield


def _starts_of(actor: Actor) -> QuerySet[AnalysisStart]:
    if actor.user_id is not None:
        return AnalysisStart.objects.filter(user_id=actor.user_id)
    if actor.guest_token:
        return AnalysisStart.objects.filter(user=None, guest_token=actor.guest_token)
    return AnalysisStart.objects.none()


def quota_check(requester: Requester, now: datetime) -> None:
    """Raise QuotaUsed when the requester may start no analysis now, saying when the next one is
    possible: when the oldest start of the window turns 24 hours old."""
    limit = settings.ANALYSIS_DAILY_QUOTA
    if not limit or requester.staff:
        return
    recent = _starts_of(requester.actor).filter(started_at__gt=now - QUOTA_WINDOW).order_by("started_at")
    times = list(recent.values_list("started_at", flat=True))
    if len(times) < limit:
        return
    free_at = times[len(times) - limit] + QUOTA_WINDOW
    raise QuotaUsed(
        f"you have started {limit} analyses in the last 24 hours, the most one player may; the next "
        f"is possible from {free_at:%Y-%m-%d %H:%M} UTC",
        limit=limit,
        available_at=free_at.isoformat(),
        retry_after=max(1, math.ceil((free_at - now).total_seconds())),
    )


def quota_charge(*, match: Match, version: str, requester: Requester) -> None:
    actor = requester.actor
    AnalysisStart.objects.create(
        match=match,
        version=version,
        user_id=actor.user_id,
        guest_token="" if actor.user_id is not None else actor.guest_token,
    )


def own_capacity_check(requester: Requester, now: datetime) -> None:
    """Raise Busy when the requester already has ANALYSIS_ACTIVE_PER_PLAYER analyses queued or running."""
    cap = settings.ANALYSIS_ACTIVE_PER_PLAYER
    if not cap or requester.staff:
        return
    started = _starts_of(requester.actor).filter(started_at__gt=now - QUOTA_WINDOW)
    mine = MatchAnalysis.objects.filter(
        status__in=(AnalysisStatus.PENDING, AnalysisStatus.RUNNING),
        match_id__in=started.values("match_id"),
        version__in=started.values("version"),
    )
    if mine.count() < cap:
        return
    wait = _frees_in(mine, now)
    raise Busy(
        f"your analysis is still under way ({cap} at a time per player); try again in about {wait} seconds",
        limit=cap,
        retry_after=wait,
    )


def capacity_check(now: datetime) -> None:
    """Raise Busy when ANALYSIS_MAX_ACTIVE analyses are queued or running."""
    cap = settings.ANALYSIS_MAX_ACTIVE
    if not cap:
        return
    active = MatchAnalysis.objects.filter(status__in=(AnalysisStatus.PENDING, AnalysisStatus.RUNNING))
    if active.count() < cap:
        return
    wait = _frees_in(active, now)
    raise Busy(
        f"{cap} analyses are queued or running, the most the site takes at once; try again in about "
        f"{wait} seconds",
        limit=cap,
        retry_after=wait,
    )


def _frees_in(active: QuerySet[MatchAnalysis], now: datetime) -> int:
    """Seconds until a slot frees, estimated from the running analyses' pace so far."""
    estimates = []
    running = active.filter(status=AnalysisStatus.RUNNING, started_at__isnull=False, done__gt=0)
    for started, done, total in running.values_list("started_at", "done", "total"):
        assert started is not None  # filtered
        elapsed = (now - started).total_seconds()
        estimates.append(elapsed * max(0, total - done) / done)
    low, high = BUSY_RETRY_RANGE
    return min(high, max(low, math.ceil(min(estimates, default=BUSY_RETRY_DEFAULT))))
