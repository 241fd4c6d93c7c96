"""The registry of projections: read models derived from the event store alone, each able to wipe
itself and recompute from the events (`manage.py rebuild_projections` rebuilds all of them in one
transaction). An app registers its projections in its `AppConfig.ready()`; the games app knows none
of them.

Publication order: a finished match's results become public when it finishes, except where an app says
later (the leagues app: a duplicate round's tables are published when their round is released). Every
projection that depends on order (ratings, the leaderboard's "ties go to the run saved first") applies
matches in this one order, so a rebuild applies them as the live path did."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import F, QuerySet
from django.db.models.expressions import Combinable
from django.db.models.functions import Coalesce

from games.entries import HELD
from games.models import Match, MatchStatus


@dataclass(frozen=True)
class Projection:
    name: str
    # Remove every row of the projection.
    wipe: Callable[[], None]
    # Wipe and recompute from the events; returns the number of matches applied.
    rebuild: Callable[[], int]
    # Take one published match's results out again (its results are held: games.services.holds).
    withdraw: Callable[[int], None] | None = None


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
    its event's players look like one person (games.entries) is not public; once staff cleared its
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
