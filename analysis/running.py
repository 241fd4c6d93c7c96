"""Running an analysis: handing it to the runner, a worker's lease on it, and the sweep that hands
a lost one to another worker.

The runner is settings.AI_RUNNER, as for the AI moves: a Celery task on the `analysis` queue (the
deployment; acks-late, so a message whose worker died is delivered again), one bounded worker thread
of the embedded server (`embedded.SingleWorker`), or right away (tests).

A worker takes an analysis with a lease (`ANALYSIS_LEASE` seconds) and renews it as the decisions
are valued, so a long analysis whose worker is alive is never taken from it (a message delivered
twice finds it leased and does nothing). Each take counts an attempt, the token of that run: once
another worker has taken the analysis, the old run's writes change nothing and it stops. A worker
that dies leaves its lease to run out; the sweep (`analyses_recover`, every ANALYSIS_SWEEP_INTERVAL
seconds) then hands the analysis over again, so it runs again within a minute, at most MAX_ATTEMPTS
times before it counts as failed (a match that kills every worker must not kill them forever).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Collection
from datetime import datetime, timedelta
from typing import Any

from celery import current_app as celery_app
from django.conf import settings
from django.db.models import F, Q
from django.utils import timezone

from analysis.embedded import SingleWorker
from analysis.models import AnalysisStatus, MatchAnalysis
from games.ai.analysis.base import analyse_match
from games.ai.analysis.registry import get_analyser
from games.models import Match, MatchEvent

log = logging.getLogger(__name__)

#: progress is written about this many times per analysis, and at least every PROGRESS_EVERY seconds
#: (a reader watching a slow match sees the count move)
PROGRESS_STEPS = 25
PROGRESS_EVERY = 1.0
#: workers that may take one analysis before it counts as failed
MAX_ATTEMPTS = 3
INTERRUPTED = "the analysis was interrupted {attempts} times (its workers stopped); ask again to retry"
#: a pending analysis handed to Celery this long ago and still not taken: its message is lost
PENDING_LOST_AFTER = timedelta(minutes=10)
#: analyses the embedded worker holds in memory, waiting or running (more stay pending in the database)
EMBEDDED_QUEUE = 16


class LeaseLost(Exception):
    """This run no longer holds its analysis: its lease ran out and another worker took it."""


def lease_length() -> timedelta:
    return timedelta(seconds=settings.ANALYSIS_LEASE)


def analysis_schedule(analysis_id: int) -> None:
    """Hand a pending analysis to the runner (see the module docstring). A hand-over that fails
    leaves it pending with no `queued_at`, for the sweep."""
    runner = settings.AI_RUNNER
    if runner == "celery":
        # By name, on the project's Celery app (analysis.tasks imports this module; AnalysisConfig.ready
        # registers the task in every process).
        try:
            celery_app.signature("analysis.tasks.analyse", args=(analysis_id,)).apply_async()
        except Exception:  # broker down
            log.exception("enqueueing analysis %s failed", analysis_id)
            _handover_failed(analysis_id)
    elif runner == "thread":
        if not _embedded.submit(analysis_id):
            log.warning("the analysis queue is full: analysis %s waits for the sweep", analysis_id)
            _handover_failed(analysis_id)
    else:
        analysis_run(analysis_id)


def _handover_failed(analysis_id: int) -> None:
    MatchAnalysis.objects.filter(pk=analysis_id, status=AnalysisStatus.PENDING).update(queued_at=None)


def _claimable(now: datetime) -> Q:
    """Pending, or running under a lease that ran out with attempts left."""
    return Q(status=AnalysisStatus.PENDING) | Q(
        status=AnalysisStatus.RUNNING, lease_until__lt=now, attempts__lt=MAX_ATTEMPTS
    )


def analysis_run(analysis_id: int) -> bool:
    """Take the analysis under a lease, compute and store it (or the error). False when there was
    nothing to do (done, failed, or leased by a live worker) or the lease was lost on the way."""
    now = timezone.now()
    taken = (
        MatchAnalysis.objects.filter(_claimable(now), pk=analysis_id).update(
            status=AnalysisStatus.RUNNING,
            started_at=now,
            lease_until=now + lease_length(),
            attempts=F("attempts") + 1,
            done=0,
            total=0,
        )
        > 0
    )
    if not taken:
        return False
    row = MatchAnalysis.objects.select_related("match").get(pk=analysis_id)
    lease = Lease(row.pk, row.attempts)
    started = time.thread_time()
    try:
        data = compute(row.match, progress=lease.progress)
    except LeaseLost:
        log.warning("analysis %s (attempt %s): another worker took it over", row.pk, row.attempts)
        return False
    except Exception as exc:
        log.exception("analysis %s of match %s failed", row.pk, row.match_id)
        lease.finish(status=AnalysisStatus.FAILED, error=str(exc)[:500])
        return False
    return lease.finish(status=AnalysisStatus.DONE, data=data, cpu_seconds=time.thread_time() - started)


class Lease:
    """One run's hold on its analysis: every write is conditional on still holding it (status
    running, this run's attempt), and a write that finds it taken raises LeaseLost."""

    def __init__(self, analysis_id: int, attempt: int) -> None:
        self.mine = MatchAnalysis.objects.filter(
            pk=analysis_id, attempts=attempt, status=AnalysisStatus.RUNNING
        )
        self.renewed = time.monotonic()
        self.last_done = -1

    def progress(self, done: int, total: int) -> None:
        """The driver's progress callback, before every decision and at the end: writes the progress
        about PROGRESS_STEPS times or once PROGRESS_EVERY seconds have passed, and so renews the
        lease well before it runs out."""
        step = max(1, total // PROGRESS_STEPS)
        since = time.monotonic() - self.renewed
        renew = since >= min(PROGRESS_EVERY, settings.ANALYSIS_LEASE / 3)
        if done == self.last_done or not (renew or done == total or done - self.last_done >= step):
            return
        if not self.mine.update(done=done, total=total, lease_until=timezone.now() + lease_length()):
            raise LeaseLost
        self.last_done = done
        self.renewed = time.monotonic()

    def finish(self, **fields: Any) -> bool:
        return self.mine.update(lease_until=None, finished_at=timezone.now(), **fields) > 0


def lost(now: datetime, pending_lost_after: timedelta = PENDING_LOST_AFTER) -> Q:
    """Analyses nobody works on: running under a lease that ran out (the worker died), or pending
    with no hand-over or one older than `pending_lost_after` (the message was lost)."""
    return Q(status=AnalysisStatus.RUNNING, lease_until__lt=now) | Q(
        Q(queued_at__isnull=True) | Q(queued_at__lt=now - pending_lost_after),
        status=AnalysisStatus.PENDING,
    )


def analyses_recover(
    *, pending_lost_after: timedelta = PENDING_LOST_AFTER, skip: Collection[int] = ()
) -> int:
    """The sweep: hand every lost analysis (`lost`; not those in `skip`) to the runner again; one
    interrupted MAX_ATTEMPTS times is failed instead. Returns how many were handed over."""
    now = timezone.now()
    worn_out = Q(status=AnalysisStatus.RUNNING, attempts__gte=MAX_ATTEMPTS)
    MatchAnalysis.objects.filter(lost(now, pending_lost_after) & worn_out).update(
        status=AnalysisStatus.FAILED,
        error=INTERRUPTED.format(attempts=MAX_ATTEMPTS),
        lease_until=None,
        finished_at=now,
    )
    gone = lost(now, pending_lost_after) & ~worn_out
    rows = MatchAnalysis.objects.filter(gone).exclude(pk__in=skip).order_by("requested_at")
    return sum(_hand_over(pk, gone, now) for pk in rows.values_list("pk", flat=True))


def analysis_hand_over_if_lost(analysis_id: int) -> bool:
    """One analysis as the sweep treats it: a request for a lost one need not wait for the sweep.
    In the embedded server (no sweep unless WATCHDOG_THREAD) this is what picks up an analysis whose
    run ended without storing anything (the process restarted, or a write failed): the worker thread
    of this process is the only runner, so one it does not hold is lost, and one it holds is not
    (however long its lease has lapsed, handing it over would only stop the live run)."""
    now = timezone.now()
    worn_out = Q(status=AnalysisStatus.RUNNING, attempts__gte=MAX_ATTEMPTS)
    if settings.AI_RUNNER == "thread":
        if analysis_id in _embedded.items():
            return False
        return _hand_over(analysis_id, lost(now, timedelta(0)) & ~worn_out, now)
    return _hand_over(analysis_id, lost(now) & ~worn_out, now)


def looks_lost(row: MatchAnalysis, now: datetime) -> bool:
    """A cheap read-only pre-check for `analysis_hand_over_if_lost` (which writes): pending with no
    hand-over or an old one (the embedded server: any pending one), or running past its lease."""
    if row.status == AnalysisStatus.RUNNING:
        return row.lease_until is None or row.lease_until < now
    if row.status != AnalysisStatus.PENDING:
        return False
    if settings.AI_RUNNER == "thread" or row.queued_at is None:
        return True
    return row.queued_at < now - PENDING_LOST_AFTER


def _hand_over(analysis_id: int, gone: Q, now: datetime) -> bool:
    # conditional again: a worker may have taken it since it was read; the progress of the run that
    # was lost is cleared, so no reader takes it for a live count
    if not MatchAnalysis.objects.filter(gone, pk=analysis_id).update(
        status=AnalysisStatus.PENDING, lease_until=None, queued_at=now, done=0, total=0
    ):
        return False
    log.warning("analysis %s was lost: handed to the runner again", analysis_id)
    analysis_schedule(analysis_id)
    return True


def compute(match: Match, progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """The analysis of every seat's decisions, from the match's events (pure but for the read)."""
    analyser = get_analyser(match.game)
    if analyser is None:
        raise ValueError(f"no analyser for {match.game}")
    events = list(MatchEvent.objects.filter(match=match).order_by("seq").values_list("data", flat=True))
    return analyse_match(analyser, events, progress=progress)


_embedded = SingleWorker(analysis_run, size=EMBEDDED_QUEUE, name="analysis")


def embedded_sweep() -> int:
    """The sweep of the embedded server. Its process is the only runner, so an analysis pending here
    and not held by its worker is lost (its hand-over failed, or an earlier process ended)."""
    return analyses_recover(pending_lost_after=timedelta(0), skip=_embedded.items())


def embedded_sweep_loop() -> None:
    """The embedded server's stand-in for the beat entry (started by AnalysisConfig.ready)."""
    from django.db import close_old_connections

    while True:
        time.sleep(settings.ANALYSIS_SWEEP_INTERVAL)
        try:
            close_old_connections()
            embedded_sweep()
        except Exception:
            log.exception("analysis sweep failed")
        finally:
            close_old_connections()
