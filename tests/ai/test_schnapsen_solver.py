"""The Schnapsen endgame solver (alpha-beta with a transposition table) agrees with plain minimax on
small endgames, exactly once the stock is closed or exhausted and at a depth limit before."""

from __future__ import annotations

import random

import pytest

from games.ai.schnapsen_search.solver import EXACT_DEPTH, SchnapsenGame, solve
from games.ai.schnapsen_search.state import Deal, from_engine
from games.ai.search.alphabeta import brute_force, move_values
from games.ai.search.budget import Budget
from games.engine import CHANCE
from games.engine.schnapsen import RULES, Phase


def _positions(seed: int, strict: bool, max_cards: int) -> list[Deal]:
    """Positions of a random deal: strict ones with at most `max_cards` in each hand, or open ones."""
    rng = random.Random(seed)
    state = RULES.initial_state(RULES.start_event({}))
    state = RULES.apply_in_place(state, RULES.chance_event(state, rng))
    found = []
    while state.phase == Phase.PLAY:
        if state.strict == strict and max(len(h) for h in state.hands) <= max_cards:
            found.append(from_engine(state))
        legal = state.legal_actions()
        if strict and any(a["type"] == "close" for a in legal) and rng.random() < 0.3:
            action = next(a for a in legal if a["type"] == "close")
        else:
            action = legal[rng.randrange(len(legal))]
        state = RULES.apply_in_place(state, action)
        assert state.to_move != CHANCE or state.phase != Phase.PLAY
    return found


@pytest.mark.parametrize("seed", range(30))
def test_exact_solver_agrees_with_brute_force(seed: int) -> None:
    for deal in _positions(seed, strict=True, max_cards=4):
        for me in (0, 1):
            game = SchnapsenGame(me)
            expected = brute_force(game, deal, EXACT_DEPTH)
            assert solve(deal, me, Budget(10**9, 60.0)) == expected
            assert expected in (-3, -2, -1, 1, 2, 3)


@pytest.mark.parametrize("seed", range(10))
def test_depth_limited_search_agrees_with_minimax(seed: int) -> None:
    for deal in _positions(seed, strict=False, max_cards=5)[:4]:
        game = SchnapsenGame(deal.turn)
        values = move_values(game, deal, 3, Budget(10**9, 60.0), {})
        assert values == {m: brute_force(game, deal.play(m), 2) for m in deal.moves()}


def test_the_solver_stops_when_the_budget_is_spent() -> None:
    from games.ai.search.budget import BudgetExceeded

    deal = _positions(1, strict=True, max_cards=5)[0]
    with pytest.raises(BudgetExceeded):
        solve(deal, 0, Budget(5, 60.0))


def test_the_fixtures_hold_endgames() -> None:
    assert sum(len(_positions(s, strict=True, max_cards=4)) for s in range(30)) >= 100
