"""Celery tasks: thin wrappers over services, taking ids."""

from __future__ import annotations

import logging

from celery import shared_task

from games.errors import NotFound
from leaderboard.errors import MatchNotFinished, NotEligible, SaveFailed
from leaderboard.services import leaderboard_save_match

log = logging.getLogger(__name__)


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def save_match(match_id: int) -> bool:
    """Save a finished match's results. False when it is not eligible (practice...) or the save failed;
    a failure is recorded on the match, whose page then offers "Ergebnis erneut speichern"."""
    try:
        leaderboard_save_match(match_id=match_id)
    except (NotFound, NotEligible, MatchNotFinished) as exc:
        log.info("match %s is not saved to a leaderboard: %s", match_id, exc)
        return False
    except SaveFailed:
        return False  # already logged and recorded by the service
    return True
