"""Taking a match's engine state snapshot (games.store.state_snapshots), for the Celery task."""

from __future__ import annotations

from games.models import Match
from games.store.events import state_loaded
from games.store.state_snapshots import snapshot_held, snapshot_store


def state_snapshot_take(*, match_id: int, version: int) -> bool:
    """Store the match's state at `version`: the state comes from the store's own load (a process's
    cached state, or the previous snapshot and the events since). False when the match has not reached
    `version`, or a newer snapshot is stored."""
    match = Match.objects.filter(pk=match_id).values("game", "version").first()
    if match is None or match["version"] < version or version < 1:
        return False
    held = snapshot_held(match_id=match_id, game=match["game"])
    if held is not None and held >= version:  # taken already (or a newer one): nothing to load
        return held == version
    state, _ = state_loaded(match_id, match["game"], version)
    return snapshot_store(match_id=match_id, game=match["game"], state=state)
