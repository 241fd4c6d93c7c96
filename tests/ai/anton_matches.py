"""Matches Anton plays at every seat, for the analysis tests: the events so far and the state before
every decision (games.ai.arena.anton_match without its last step)."""

from __future__ import annotations

from collections.abc import Iterator

from games.ai.arena import anton_match
from games.ai.base import JSON
from games.engine import GameState


def anton_decisions(game: str, seed: int) -> Iterator[tuple[list[JSON], GameState]]:
    for events, state in anton_match(game, seed):
        if state.to_move is not None:
            yield events, state
