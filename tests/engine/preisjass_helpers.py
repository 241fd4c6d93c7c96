"""Shared helpers for the Preisjass engine tests: hand-built positions and seeded random play."""

from __future__ import annotations

import random

from games.engine import CHANCE
from games.engine.base import JSON
from games.engine.preisjass import RULES, Phase, PreisjassState


def started() -> PreisjassState:
    return RULES.initial_state(RULES.start_event())


def position(
    hands: list[list[str]], bodentrumpf: str, leader: int, trick: list[str] | None = None, dealer: int = 3
) -> PreisjassState:
    """A play-phase state with the given hands and the cards already on the table (led by `leader`)."""
    state = started()
    state.phase = Phase.PLAY
    state.first_player = (dealer + 1) % 4
    state.dealer = dealer
    state.trump_card = bodentrumpf
    state.hands = [list(h) for h in hands]
    state.leader = leader
    state.trick = list(trick or [])
    state.seat_to_play = (leader + len(state.trick)) % 4
    return state


def legal_cards(state: PreisjassState) -> list[str]:
    return [a["card"] for a in state.legal_actions()]


def snapshot(state: PreisjassState) -> list[object]:
    """Everything observable, to check that a rejected event changed nothing."""
    views: list[object] = [state.view(s) for s in (None, 0, 1, 2, 3)]
    return [state.version, state.to_move, state.legal_actions(), state.result(), *views]


def random_step(state: PreisjassState, rng: random.Random) -> JSON:
    if state.to_move == CHANCE:
        return RULES.chance_event(state, rng)
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def play_random_run(seed: int) -> tuple[PreisjassState, list[JSON]]:
    rng = random.Random(seed)
    events = [RULES.start_event()]
    state = RULES.initial_state(events[0])
    while state.to_move is not None:
        event = random_step(state, rng)
        events.append(event)
        state = RULES.apply_in_place(state, event)
    return state, events
