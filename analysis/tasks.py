"""Celery tasks: thin wrappers over services, taking ids (routed to the `analysis` queue; the sweep
to `moves`, with the watchdog, so that it never waits behind the analyses it looks after)."""

from __future__ import annotations

from celery import shared_task

from analysis.running import analyses_recover, analysis_run


# acks-late: a message whose worker died is delivered again (reject_on_worker_lost when only the pool
# process died); the lease decides whether the delivery still has work to do.
@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def analyse(analysis_id: int) -> bool:
    return analysis_run(analysis_id)


@shared_task(ignore_result=True)
def recover() -> int:
    return analyses_recover()
