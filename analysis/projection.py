"""The analyses as a projection: `rebuild` recomputes, with the current analyser versions, every
match that had an analysis (one is made only on request; a rebuild never analyses every match)."""

from __future__ import annotations

from functools import partial

from django.utils import timezone

from analysis.models import AnalysisStatus, MatchAnalysis
from analysis.running import compute
from games.ai.analysis.registry import get_analyser
from games.models import Match
from games.results.projections import projection_failures_clear, projection_step, published_matches


def wipe() -> None:
    MatchAnalysis.objects.all().delete()


NAME = "analysis"


def _analyse(match: Match) -> bool:
    analyser = get_analyser(match.game)
    if analyser is None:
        return False
    data = compute(match)
    total = len(data["decisions"])
    now = timezone.now()
    MatchAnalysis.objects.create(
        match=match,
        version=analyser.version,
        status=AnalysisStatus.DONE,
        done=total,
        total=total,
        data=data,
        started_at=now,
        finished_at=now,
    )
    return True


def rebuild() -> int:
    """Wipe and compute again the analyses of the published matches that had one. Returns their count;
    a match that fails is recorded for staff and skipped (games.results.projections.projection_step)."""
    wanted = set(MatchAnalysis.objects.values_list("match_id", flat=True))
    wipe()
    projection_failures_clear(name=NAME)
    count = 0
    for match in published_matches().filter(pk__in=wanted):
        count += bool(projection_step(name=NAME, match_id=match.pk, step=partial(_analyse, match)))
    return count
