"""Celery tasks: thin wrappers over services, taking ids."""

from __future__ import annotations

import logging

from celery import shared_task

from leagues import projection, services
from leagues.models import LeagueMatch

log = logging.getLogger(__name__)


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def project_match(match_id: int) -> bool:
    """Apply a finished match to standings and ratings (once; a failure is recorded for staff), then
    release its duplicate round when every table of the round is over (also when the table ended
    abandoned: the same receiver runs then)."""
    record = projection.project_match_recorded(match_id=match_id)
    round_id = LeagueMatch.objects.filter(match_id=match_id).values_list("round_id", flat=True).first()
    if round_id is not None:
        services.round_release_if_over(round_id=round_id)
    return record is not None


@shared_task(ignore_result=True)
def season_rollover() -> int:
    """Beat: archive seasons past their end date (starting the next of recurring leagues) and release
    duplicate rounds whose tables are all over."""
    archived = services.seasons_rollover()
    released = services.rounds_release_finished()
    if archived or released:
        log.info("archived %s seasons, released %s duplicate rounds", archived, released)
    return archived
