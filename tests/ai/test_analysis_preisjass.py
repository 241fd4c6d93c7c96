"""The Preisjass analyser: open-hand values against a plain max-n search over the engine itself, and a
whole run analysed the same way twice."""

from __future__ import annotations

import random

import pytest

from games.ai.analysis.base import analyse_match
from games.ai.analysis.preisjass import PreisjassAnalyser
from games.engine import CHANCE
from games.engine.preisjass import RULES
from games.engine.preisjass.state import PreisjassState


def _endgame(seed: int, cards_left: int) -> PreisjassState:
    """A random run's first game played at random until the seat to move holds `cards_left` cards
    and has a choice."""
    rng = random.Random(seed)
    state = RULES.initial_state(RULES.start_event({}))
    while True:
        if state.to_move == CHANCE:
            state = RULES.apply(state, RULES.chance_event(state, rng))
            continue
        legal = state.legal_actions()
        seat = state.to_move
        assert isinstance(seat, int)
        if len(state.hands[seat]) == cards_left and len(legal) > 1:
            return state
        state = RULES.apply(state, legal[rng.randrange(len(legal))])


def _max_n(state: PreisjassState, root: int) -> list[int]:
    """Each seat's points at the end of the game on the engine, every seat maximising its own (equal
    choices: the one worst for `root`), without pruning or tables."""
    games = len(state.games)
    best: list[int] | None = None
    seat = state.to_move
    assert isinstance(seat, int)
    for action in state.legal_actions():
        after = RULES.apply(state, action)
        points = after.games[games]["points"] if len(after.games) > games else _max_n(after, root)
        if (
            best is None
            or points[seat] > best[seat]
            or (points[seat] == best[seat] and points[root] < best[root])
        ):
            best = points
    assert best is not None
    return best


@pytest.mark.parametrize("seed", range(8))
def test_open_hand_values_equal_a_plain_max_n_search_on_small_endgames(seed: int) -> None:
    state = _endgame(seed, cards_left=2 + seed % 2)
    seat = state.to_move
    assert isinstance(seat, int)
    legal = state.legal_actions()
    values = PreisjassAnalyser().open_values(state, legal)
    had = state.game_points[seat]
    expected = []
    for action in legal:
        after = RULES.apply(state, action)
        points = after.games[0]["points"] if after.games else _max_n(after, seat)
        expected.append(float(points[seat] - had))
    assert values.exact
    assert values.values == expected


def test_a_run_is_analysed_card_by_card_and_again_the_same() -> None:
    rng = random.Random(3)
    events = [RULES.start_event({})]
    state = RULES.initial_state(events[0])
    while state.to_move is not None and len(state.games) < 1:
        event = (
            RULES.chance_event(state, rng) if state.to_move == CHANCE else rng.choice(state.legal_actions())
        )
        events.append(event)
        state = RULES.apply(state, event)
    first = analyse_match(PreisjassAnalyser(), events, seats=[0, 2])
    assert first == analyse_match(PreisjassAnalyser(), events, seats=[0, 2])
    decisions = first["decisions"]
    assert decisions and {d["seat"] for d in decisions} <= {0, 2}
    assert all(d["played"]["type"] == "play" and d["deal"] == 1 for d in decisions)
    assert first["unit"] == "card points"
