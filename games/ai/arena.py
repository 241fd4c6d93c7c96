"""Play whole matches between AI players, offline (benchmarks, strength figures, AI tests).

Chance events come from the given seed, so a match is reproducible; each player gets only its own
seat's information state (its view and what the seat has seen this deal), exactly as on the server."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from games.ai import get_player
from games.ai.base import InformedPlayer, Player, decide
from games.engine import CHANCE, GameState, get_rules
from games.engine.information import Witness

JSON = dict[str, Any]


def play_match(
    game: str,
    players: Sequence[Player],
    seed: int,
    options: JSON | None = None,
    on_decision: Callable[[int, float], None] | None = None,
    check_legal: bool = False,
    ai_rng: random.Random | None = None,
    before_decision: Callable[[GameState], None] | None = None,
) -> JSON:
    """The final `result()` of one match. `on_decision(seat, seconds)` is told how long each choice took.
    With `ai_rng` the players draw from it, so the deals depend on the seed alone (the same deals
    whichever players sit at the table); otherwise they share the seed's generator.
    `before_decision(state)` is shown the whole state before each choice (bench ceiling's all-seeing
    players; never a player of the site)."""
    rules = get_rules(game)
    rng = random.Random(seed)
    choices = ai_rng or rng
    state = rules.initial_state(rules.start_event(options or {}))
    # a witness per seat whose player remembers the deal (the others read the view alone)
    witnesses = {s: Witness(rules, s) for s, p in enumerate(players) if isinstance(p, InformedPlayer)}
    while state.to_move is not None:
        if state.to_move == CHANCE:
            event = rules.chance_event(state, rng)
        else:
            seat = state.to_move
            assert isinstance(seat, int)
            legal = state.legal_actions()
            if before_decision is not None:
                before_decision(state)
            witness = witnesses.get(seat)
            started = time.perf_counter()
            if witness is None:
                event = players[seat].choose(state.view(seat), legal, choices)
            else:
                event = decide(players[seat], witness.information(state), legal, choices)
            if on_decision is not None:
                on_decision(seat, time.perf_counter() - started)
            if check_legal and event not in legal:
                raise AssertionError(f"{players[seat].name} chose an illegal action {event!r}")
        state = rules.apply_in_place(state, event)
        for each in witnesses.values():
            each.saw(event, state)
    return state.result()


def anton_match(game: str, seed: int) -> Iterator[tuple[list[JSON], GameState]]:
    """A match Anton plays at every seat, step by step (the analysis tests and bench): the events so far
    and the state before every decision, and once more at the end, with every event and no one to move."""
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
    yield events, state
