"""Celery tasks: thin wrappers over services, taking ids."""

from __future__ import annotations

from celery import shared_task

from challenges import services


@shared_task(ignore_result=True)
def roll() -> dict[str, int]:
    """Beat, every minute: open the day's challenges at midnight (Vienna), close yesterday's."""
    return services.challenges_roll()


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def play_par(challenge_id: int) -> bool:
    return services.challenge_par_play(challenge_id=challenge_id) is not None
