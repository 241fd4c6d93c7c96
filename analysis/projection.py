"""The analyses as a projection: `rebuild` recomputes, with the current analyser versions, every
match that had an analysis (one is made only on request; a rebuild never analyses every match)."""

from __future__ import annotations

from django.utils import timezone

from analysis.models import AnalysisStatus, MatchAnalysis
from analysis.running import compute
from games.ai.analysis.registry import get_analyser
from games.projections import published_matches


def wipe() -> None:
    MatchAnalysis.objects.all().delete()


def rebuild() -> int:
    """Wipe and compute again the analyses of the published matches that had one. Returns their count."""
    wanted = set(MatchAnalysis.objects.values_list("match_id", flat=True))
    wipe()
    count = 0
    for match in published_matches().filter(pk__in=wanted):
        analyser = get_analyser(match.game)
        if analyser is None:
            continue
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
        count += 1
    return count
