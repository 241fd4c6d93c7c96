"""Celery tasks: thin wrappers over services, taking ids."""

from __future__ import annotations

from celery import shared_task

from games.services.ai import ai_move_play
from games.services.snapshots import state_snapshot_take
from games.services.watchdog import watchdog_tick


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def ai_move(match_id: int, seq: int) -> int | None:
    return ai_move_play(match_id, seq)


@shared_task(ignore_result=True)
def watchdog() -> dict[str, int]:
    return watchdog_tick()


@shared_task(ignore_result=True)
def state_snapshot(match_id: int, version: int) -> bool:
    """Store the match's engine state at `version` (games.store.state_snapshots: a projection)."""
    return state_snapshot_take(match_id=match_id, version=version)
