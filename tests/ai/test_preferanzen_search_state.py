"""The compact Preferanzen search state agrees with the engine (both variants) over random matches: the
same legal cards, after every card the same hands, trick and tricks won, the deal decided at the same
card, and the same points for every seat; and the exact solver agrees with plain minimax over every
legal card on small endgames."""

from __future__ import annotations

import random

import pytest

from games.ai.preferanzen_search.solver import EXACT_DEPTH, PreferanzenGame, solve
from games.ai.preferanzen_search.state import INDEX, Deal, from_engine, mask_of
from games.ai.search.alphabeta import brute_force
from games.ai.search.budget import Budget
from games.engine import CHANCE, get_rules
from games.engine.preferanzen.state import PreferanzenState

GAMES = ("preferanzen", "preference_vienna")


def _same(deal: Deal, state: PreferanzenState) -> None:
    assert list(deal.hands) == [mask_of(h) for h in state.hands]
    assert deal.turn == state.turn
    assert [c for c in deal.trick] == [INDEX[c] for _, c in state.trick]
    assert list(deal.tricks) == state.tricks_won
    assert (deal.run, deal.best_run) == (state.run, state.best_run)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", range(12))
def test_random_matches_agree_with_the_engine(game: str, seed: int) -> None:
    rules = get_rules(game)
    rng = random.Random(seed)
    state = rules.initial_state(rules.start_event({"deals": 8}))
    deal: Deal | None = None
    played = 0
    while state.to_move is not None:
        if state.to_move == CHANCE:
            state = rules.apply_in_place(state, rules.chance_event(state, rng))
            continue
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        if state.phase == "play":
            if deal is None:
                deal = from_engine(state)
            assert sorted(deal.moves()) == sorted(INDEX[a["card"]] for a in legal)
            deal.apply(INDEX[action["card"]])
            played += 1
        rows = len(state.rows)
        state = rules.apply_in_place(state, action)
        if deal is not None and len(state.rows) > rows:
            assert deal.over
            assert deal.scores() == state.rows[-1]["scores"]
            assert deal.won() == state.rows[-1]["won"]
            deal = None
        elif deal is not None:
            assert not deal.over
            _same(deal, state)
    assert played > 0


def _endgames(game: str, seed: int, left: int) -> list[PreferanzenState]:
    """Positions of random matches with at most `left` cards in the declarer's hand."""
    rules = get_rules(game)
    rng = random.Random(seed)
    state = rules.initial_state(rules.start_event({"deals": 30}))
    found: list[PreferanzenState] = []
    while state.to_move is not None and len(found) < 10:
        if state.to_move == CHANCE:
            state = rules.apply_in_place(state, rules.chance_event(state, rng))
            continue
        if state.phase == "play" and state.declarer is not None and len(state.hands[state.declarer]) <= left:
            found.append(state.clone())
        legal = state.legal_actions()
        state = rules.apply_in_place(state, legal[rng.randrange(len(legal))])
    return found


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", range(4))
def test_the_exact_solver_agrees_with_plain_minimax(game: str, seed: int) -> None:
    positions = _endgames(game, seed, 4)
    assert positions
    for state in positions:
        deal = from_engine(state)
        for me in range(3):
            exact = solve(deal, me, Budget(10**7, 1e9))
            assert exact == brute_force(PreferanzenGame(me, fold=False), deal, EXACT_DEPTH)
