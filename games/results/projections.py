"""The registry of projections: read models derived from the event store alone, each able to wipe
itself and recompute from the events (`manage.py rebuild_projections` rebuilds all of them in one
transaction). An app registers its projections in its `AppConfig.ready()`; the games app knows none
of them.

One match at a time: every projection applies a match as one step (`projection_step`), inside a
savepoint, so a match that fails (a bug, data the code does not expect) rolls back alone, is recorded
(`ProjectionFailure`, an error log line with the match id, `kartentisch_projection_failures_total`)
and is skipped; the rebuild and the live path go on with the rest. Staff retry a recorded failure in
the admin (`projection_retry`, through the projection's `apply`).

Publication order: a finished match's results become public when it finishes, except where an app says
later (the leagues app: a duplicate round's tables are published when their round is released). Every
projection that depends on order (ratings, the leaderboard's "ties go to the run saved first") applies
matches in this one order, so a rebuild applies them as the live path did."""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from django.db import transaction
from django.db.models import F, QuerySet
from django.db.models.expressions import Combinable
from django.db.models.functions import Coalesce
from django.utils import timezone

from games.identity.entries import HELD
from games.models import Match, MatchStatus, ProjectionFailure
from ops import metrics
from ops.log_context import match_context

log = logging.getLogger(__name__)
T = TypeVar("T")
# How much of a failure's traceback is kept for staff.
ERROR_CHARS = 4000


@dataclass(frozen=True)
class Projection:
    name: str
    # Remove every row of the projection.
    wipe: Callable[[], None]
    # Wipe and recompute from the events; returns the number of matches applied.
    rebuild: Callable[[], int]
    # Take one published match's results out again (its results are held: games.identity.holds).
    withdraw: Callable[[int], None] | None = None
    # Apply one match as the live path does (idempotent), for a retry of a recorded failure; None:
    # only a rebuild applies this projection again.
    apply: Callable[[int], object] | None = None


_REGISTRY: dict[str, Projection] = {}
# Expressions for a later publication time than `finished_at` (NULL: none), registered by apps.
_PUBLISHED_AT: dict[str, Callable[[], Combinable]] = {}


def projection_register(projection: Projection) -> None:
    _REGISTRY[projection.name] = projection


def projections() -> list[Projection]:
    """Every registered projection, in the order they were registered."""
    return list(_REGISTRY.values())


def published_at_register(name: str, expression: Callable[[], Combinable]) -> None:
    """Name an expression (on Match) for the time a match's results were published when that is later
    than its finish; NULL where it says nothing."""
    _PUBLISHED_AT[name] = expression


def published_matches() -> QuerySet[Match]:
    """Every finished match whose results are public, annotated with `published` (when they became
    public), in publication order: by that time, then finish time, then id. A table held because two of
    its event's players look like one person (games.identity.entries) is not public; once staff cleared its
    hold, it was published at that moment."""
    later = [F("result_hold__cleared_at"), *(make() for make in _PUBLISHED_AT.values())]
    return (
        Match.objects.filter(status=MatchStatus.FINISHED, embargoed=False)
        .exclude(HELD)
        .annotate(published=Coalesce(*later, F("finished_at")))
        .order_by("published", "finished_at", "pk")
    )


def projections_rebuild(*, names: list[str] | None = None) -> dict[str, int]:
    """Wipe and recompute the named projections (all when None) inside one transaction, so readers see
    the old tables or the new ones, never a half-built one. Returns the matches applied per projection."""
    chosen = projections() if names is None else [_REGISTRY[n] for n in names]
    counts: dict[str, int] = {}
    with transaction.atomic():
        for projection in chosen:
            counts[projection.name] = projection.rebuild()
    return counts


# --- one match at a time: failures recorded, never stopping the rest -------------------------------


def projection_step(*, name: str, match_id: int, step: Callable[[], T]) -> T | None:
    """Run one match's part of projection `name` in a savepoint. When it raises, that match's writes
    roll back alone (a surrounding rebuild's transaction stays usable), the failure is recorded and
    None is answered: the caller goes on with the next match."""
    try:
        with transaction.atomic():
            return step()
    except Exception as exc:
        projection_failure_record(name=name, match_id=match_id, exc=exc)
        return None


def projection_failure_record(*, name: str, match_id: int, exc: BaseException) -> None:
    """Log the failure with the match id, count it, and keep it for staff (one row per projection and
    match, its attempts counted)."""
    with match_context(match_id=match_id):
        log.error("projection %s failed for match %s", name, match_id, exc_info=exc)
    metrics.PROJECTION_FAILURES.labels(name).inc()
    error = "".join(traceback.format_exception(exc))[-ERROR_CHARS:]
    try:
        with transaction.atomic():
            now = timezone.now()
            row, created = ProjectionFailure.objects.select_for_update().get_or_create(
                projection=name, match_id=match_id, defaults={"error": error, "last_failed_at": now}
            )
            if not created:
                row.error, row.last_failed_at, row.attempts = error, now, row.attempts + 1
                row.save(update_fields=["error", "last_failed_at", "attempts"])
    except Exception:  # the database itself may be what failed: the log line and the metric remain
        log.exception("recording the failure of projection %s for match %s failed too", name, match_id)


def projection_failures_clear(*, name: str) -> None:
    """A rebuild of `name` tries every match again: its earlier failures go (the new ones are recorded)."""
    ProjectionFailure.objects.filter(projection=name).delete()


def projection_failures(*, names: list[str]) -> list[str]:
    """The recorded failures of the named projections, one line each: projection, match, reason."""
    rows = ProjectionFailure.objects.filter(projection__in=names).order_by("projection", "match_id")
    return [f"{row.projection}: match {row.match_id}: {failure_reason(row.error)}" for row in rows]


def failure_reason(error: str) -> str:
    """A recorded error's last line: the exception and its message."""
    lines = [line.strip() for line in error.strip().splitlines() if line.strip()]
    return lines[-1] if lines else ""


class NotRetryable(Exception):
    """The failure's projection is not registered here, or only a rebuild applies it again."""


def projection_retry(*, failure_id: int) -> bool:
    """Apply a recorded failure's match again. True (and the record removed) when it went through;
    False when it failed again (the record says why). Raises NotRetryable."""
    failure = ProjectionFailure.objects.filter(pk=failure_id).first()
    if failure is None:
        return True  # retried meanwhile
    projection = _REGISTRY.get(failure.projection)
    if projection is None or projection.apply is None:
        raise NotRetryable(
            f"{failure.projection} is applied again only by `manage.py rebuild_projections "
            f"{failure.projection}`"
        )
    apply, match_id = projection.apply, failure.match_id

    def step() -> bool:
        apply(match_id)
        return True

    done = projection_step(name=failure.projection, match_id=match_id, step=step)
    if done:
        ProjectionFailure.objects.filter(pk=failure_id).delete()
    return bool(done)
