"""The compact Schnapsen search state agrees with the engine over random positions: the same legal
moves, and after every move the same hands, stock, points, tricks and, at the end, the same winner and
game points."""

from __future__ import annotations

import random

import pytest

from games.ai.schnapsen_search.state import Deal, from_action, from_engine, mask_of, to_action
from games.engine import CHANCE
from games.engine.schnapsen import RULES, Phase, SchnapsenState


def _same(deal: Deal, state: SchnapsenState) -> None:
    expected = from_engine(state)
    assert deal.hands == expected.hands
    assert deal.stock == expected.stock
    assert deal.trump_card == expected.trump_card
    assert deal.turn == expected.turn and deal.lead == expected.lead
    assert deal.trick_points == expected.trick_points and deal.tricks == expected.tricks
    assert deal.marriage_points == expected.marriage_points and deal.pending == expected.pending
    assert deal.closed_by == expected.closed_by and deal.strict == state.strict
    if state.closure is not None:
        assert deal.closure == state.closure


@pytest.mark.parametrize("seed", range(40))
def test_random_bummerls_agree_with_the_engine(seed: int) -> None:
    rng = random.Random(seed)
    state = RULES.initial_state(RULES.start_event({"first_dealer": seed % 2}))
    deal: Deal | None = None
    while state.to_move is not None:
        if state.to_move == CHANCE:
            state = RULES.apply_in_place(state, RULES.chance_event(state, rng))
            deal = from_engine(state)
            continue
        assert deal is not None
        seat = state.to_move
        legal = state.legal_actions()
        assert sorted(map(from_action, legal)) == sorted(deal.moves())
        assert [to_action(from_action(a), seat) for a in legal] == [
            {k: v for k, v in a.items() if k != "marriage" or v} for a in legal
        ]
        action = legal[rng.randrange(len(legal))]
        deal.apply(from_action(action))
        rows = len(state.rows)
        state = RULES.apply_in_place(state, action)
        if len(state.rows) > rows:
            row = state.rows[-1]
            assert deal.result == (row["winner"], max(row["game_points"]))
            deal = None
        else:
            assert deal.result is None
            assert state.phase == Phase.PLAY
            _same(deal, state)


def test_mask_of_and_moves_of_a_fresh_deal() -> None:
    state = RULES.initial_state(RULES.start_event({}))
    state = RULES.apply_in_place(state, RULES.chance_event(state, random.Random(1)))
    deal = from_engine(state)
    assert deal.hands[state.turn] == mask_of(state.hands[state.turn])
    assert deal.hands[0] & deal.hands[1] == 0
    assert len(deal.stock) == 9 and not deal.strict
