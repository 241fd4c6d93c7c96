"""The cached top list of each board. Saves and hides clear it after their commit; a short timeout
bounds staleness should a clear ever be missed (e.g. a per-process cache in a multi-process setup)."""

from __future__ import annotations

from django.core.cache import cache
from django.db import transaction

TIMEOUT = 300


def top_key(game: str) -> str:
    return f"leaderboard:top:{game}"


def clear_on_commit(games: set[str]) -> None:
    keys = [top_key(game) for game in sorted(games)]
    if keys:
        transaction.on_commit(lambda: cache.delete_many(keys))
