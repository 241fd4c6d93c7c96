"""Celery tasks: thin wrappers over services, taking ids (on the `analysis` queue: seconds a match)."""

from __future__ import annotations

from celery import shared_task

from collusion.services import collusion_project_match
from ops.log_context import match_context


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def project_match(match_id: int) -> int:
    with match_context(match_id=match_id):
        return collusion_project_match(match_id=match_id)
