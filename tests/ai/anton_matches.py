"""Matches Anton plays at every seat, for the analysis tests: the events so far and the state before
every decision."""

from __future__ import annotations

import random
from collections.abc import Iterator

from games.ai import get_player
from games.ai.base import JSON
from games.engine import CHANCE, GameState, get_rules


def anton_decisions(game: str, seed: int) -> Iterator[tuple[list[JSON], GameState]]:
    rules = get_rules(game)
    rng = random.Random(seed)
    events = [rules.start_event({})]
    state = rules.initial_state(events[0])
    anton = get_player(game, "anton")
    while state.to_move is not None:
        if state.to_move == CHANCE:
            event = rules.chance_event(state, rng)
        else:
            yield list(events), state
            event = anton.choose(state.view(state.to_move), state.legal_actions(), rng)
        events.append(event)
        state = rules.apply(state, event)
