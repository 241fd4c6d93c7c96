"""Post-match analysis: who may see or request it, starting it, and running it.

An analysis is asked for (`analysis_request`), then runs by `settings.AI_RUNNER` like the AI moves:
a Celery task on its own `analysis` queue (the deployment), a thread of the embedded server, or right
away (tests). Anybody who may see a finished match may ask for its analysis and read it, except on an
embargoed table (a duplicate round not yet released): refused as its replay is.
"""

from __future__ import annotations

import logging
import threading
import time
from datetime import timedelta
from typing import Any

from celery import current_app as celery_app
from django.conf import settings
from django.db import IntegrityError, close_old_connections, transaction
from django.utils import timezone

from analysis.models import AnalysisStatus, MatchAnalysis
from analysis.rounds import round_comparison
from games import selectors
from games.actors import Actor
from games.ai.analysis.base import analyse_match
from games.ai.analysis.registry import get_analyser
from games.errors import Forbidden
from games.models import Match, MatchEvent

log = logging.getLogger(__name__)

UNAVAILABLE = "unavailable"  # the game has no analyser
NONE = "none"  # nobody asked yet

#: a running analysis not finished after this long counts as lost (worker died): it may be asked again
STALE_AFTER = timedelta(minutes=30)
FAILED_MESSAGE = "the analysis failed; ask again to retry"
#: progress is written about this many times per analysis
PROGRESS_STEPS = 25


def analysable(match_id: int, actor: Actor) -> Match:
    """The match, when the actor may see its analysis: a match that is over and not embargoed."""
    match = selectors.match_visible(match_id, actor)
    if not match.is_over or match.embargoed:
        raise Forbidden("the analysis opens when the match (and its duplicate round) is over")
    return match


def analysis_payload(match: Match) -> dict[str, Any]:
    """Status, progress and, once done, the analysis of the current analyser version."""
    analyser = get_analyser(match.game)
    payload: dict[str, Any] = {"match": match.pk, "game": match.game}
    if analyser is None:
        return {
            **payload,
            "round": round_comparison(match),
            "status": UNAVAILABLE,
            "message": f"no analysis is available for {match.game}",
            "version": None,
            "progress": None,
            "analysis": None,
        }
    row = MatchAnalysis.objects.filter(match=match, version=analyser.version).first()
    if row is None:
        return {
            **payload,
            "round": None,
            "status": NONE,
            "version": analyser.version,
            "progress": None,
            "analysis": None,
        }
    over = row.status in (AnalysisStatus.DONE, AnalysisStatus.FAILED)
    return {
        **payload,
        # replays every table of the round: sent once the polling is over, not with every progress
        "round": round_comparison(match) if over else None,
        "status": row.status,
        "version": row.version,
        "progress": {"done": row.done, "total": row.total},
        "analysis": row.data if row.status == AnalysisStatus.DONE else None,
        # the error itself stays in the row (and the log): it may name internals
        **({"message": FAILED_MESSAGE} if row.status == AnalysisStatus.FAILED else {}),
    }


def analysis_request(match: Match) -> dict[str, Any]:
    """Start the analysis of `match` unless it is done or under way (a failed or lost one starts
    again); returns its payload. Two requests at once start it once (the unique row decides)."""
    analyser = get_analyser(match.game)
    if analyser is None:
        return analysis_payload(match)
    start = False
    try:
        with transaction.atomic():
            MatchAnalysis.objects.create(match=match, version=analyser.version)
        start = True
    except IntegrityError:
        stale = timezone.now() - STALE_AFTER
        rows = MatchAnalysis.objects.filter(match=match, version=analyser.version)
        # failed; or lost: running or still pending (its task never enqueued, or its thread's process
        # gone) for longer than STALE_AFTER
        again = (
            rows.filter(status=AnalysisStatus.FAILED)
            | rows.filter(status=AnalysisStatus.RUNNING, started_at__lt=stale)
            | rows.filter(status=AnalysisStatus.PENDING, requested_at__lt=stale)
        )
        start = (
            again.update(
                status=AnalysisStatus.PENDING, done=0, total=0, error="", requested_at=timezone.now()
            )
            > 0
        )
    if start:
        row = MatchAnalysis.objects.get(match=match, version=analyser.version)
        if settings.AI_RUNNER == "inline":
            analysis_run(row.pk)  # tests: done before the answer
        else:
            transaction.on_commit(lambda: analysis_schedule(row.pk))
    return analysis_payload(match)


def on_match_finished(sender: Any, match_id: int, **kwargs: Any) -> None:
    """Receiver of `match_finished` and `match_published`: with settings.ANALYSIS_ON_FINISH, ask for
    the analysis of a match that is now public (an embargoed table waits for its release)."""
    if not settings.ANALYSIS_ON_FINISH:
        return
    match = Match.objects.filter(pk=match_id).first()
    if match is None or not match.is_over or match.embargoed or get_analyser(match.game) is None:
        return
    try:
        analysis_request(match)
    except Exception:  # the match is finished whatever happens here; a reader may ask again
        log.exception("could not start the analysis of match %s", match_id)


def analysis_schedule(analysis_id: int) -> None:
    """Run the analysis by settings.AI_RUNNER (see the module docstring)."""
    runner = settings.AI_RUNNER
    if runner == "celery":
        # By name, on the project's Celery app (analysis.tasks imports this module; AnalysisConfig.ready
        # registers the task in every process).
        try:
            celery_app.signature("analysis.tasks.analyse", args=(analysis_id,)).apply_async()
        except Exception:  # broker down: the row stays pending; asking again after STALE_AFTER retries
            log.exception("enqueueing analysis %s failed", analysis_id)
    elif runner == "thread":
        threading.Thread(target=_run_in_thread, args=(analysis_id,), name="analysis", daemon=True).start()
    else:
        analysis_run(analysis_id)


def _run_in_thread(analysis_id: int) -> None:
    close_old_connections()
    try:
        analysis_run(analysis_id)
    finally:
        close_old_connections()


def analysis_run(analysis_id: int) -> bool:
    """Compute a pending analysis and store it (or the error). False when there was nothing to do."""
    claimed = MatchAnalysis.objects.filter(pk=analysis_id, status=AnalysisStatus.PENDING).update(
        status=AnalysisStatus.RUNNING, started_at=timezone.now()
    )
    if not claimed:
        return False
    row = MatchAnalysis.objects.select_related("match").get(pk=analysis_id)
    started = time.thread_time()
    try:
        data = compute(row.match, progress=_progress_writer(row.pk))
    except Exception as exc:
        log.exception("analysis %s of match %s failed", row.pk, row.match_id)
        MatchAnalysis.objects.filter(pk=row.pk).update(
            status=AnalysisStatus.FAILED, error=str(exc)[:500], finished_at=timezone.now()
        )
        return False
    MatchAnalysis.objects.filter(pk=row.pk).update(
        status=AnalysisStatus.DONE,
        data=data,
        finished_at=timezone.now(),
        cpu_seconds=time.thread_time() - started,
    )
    return True


def compute(match: Match, progress: Any = None) -> dict[str, Any]:
    """The analysis of every seat's decisions, from the match's events (pure but for the read)."""
    analyser = get_analyser(match.game)
    if analyser is None:
        raise ValueError(f"no analyser for {match.game}")
    events = list(MatchEvent.objects.filter(match=match).order_by("seq").values_list("data", flat=True))
    return analyse_match(analyser, events, progress=progress)


def _progress_writer(analysis_id: int) -> Any:
    last = [-1]

    def write(done: int, total: int) -> None:
        step = max(1, total // PROGRESS_STEPS)
        if done == total or done - last[0] >= step:
            last[0] = done
            MatchAnalysis.objects.filter(pk=analysis_id).update(done=done, total=total)

    return write
