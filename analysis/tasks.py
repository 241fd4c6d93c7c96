"""Celery tasks: thin wrappers over services, taking ids (routed to the `analysis` queue)."""

from __future__ import annotations

from celery import shared_task

from analysis.services import analysis_run


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def analyse(analysis_id: int) -> bool:
    return analysis_run(analysis_id)
