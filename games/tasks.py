"""Celery tasks: thin wrappers over services, taking ids."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from games.services.ai import Planned, ai_move_play, store_later
from games.services.ai import ai_move_store as ai_move_store_service
from games.services.snapshots import state_snapshot_take
from games.services.watchdog import watchdog_tick


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def ai_move(match_id: int, seq: int, due: float = 0.0) -> int | None:
    """Choose the AI's move at `seq` now; store it now or, before `due`, by ai_move_store's countdown."""
    return ai_move_play(match_id, seq, due=due, later=store_later(match_id, seq))


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def ai_move_store(match_id: int, seq: int, seat: int, system: bool, action: dict[str, Any]) -> int | None:
    return ai_move_store_service(match_id, seq, Planned(seat, system, action))


@shared_task(ignore_result=True)
def watchdog() -> dict[str, int]:
    return watchdog_tick()


@shared_task(ignore_result=True)
def state_snapshot(match_id: int, version: int) -> bool:
    """Store the match's engine state at `version` (games.store.state_snapshots: a projection)."""
    return state_snapshot_take(match_id=match_id, version=version)
