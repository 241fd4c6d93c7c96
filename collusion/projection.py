"""The collusion monitor as a projection: wiped and recomputed from the events of every published
monitored match (`manage.py rebuild_projections collusion`). A match whose valuation fails is logged
and skipped; the rest are rebuilt."""

from __future__ import annotations

import logging

from collusion.models import CollusionMatch, CollusionPair
from collusion.services import collusion_project_match
from games.ai.collusion.evidence import GAMES
from games.results.projections import published_matches

log = logging.getLogger(__name__)


def wipe() -> None:
    CollusionMatch.objects.all().delete()
    CollusionPair.objects.all().delete()


def rebuild() -> int:
    """Wipe, then project every published match of the monitored games. Returns the matches applied."""
    wipe()
    count = 0
    for match_id in published_matches().filter(game__in=GAMES).values_list("pk", flat=True):
        try:
            if collusion_project_match(match_id=match_id):
                count += 1
        except Exception:
            log.exception("the collusion monitor could not read match %s; skipped", match_id)
    return count
