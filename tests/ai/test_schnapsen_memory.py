"""Schnapsen's search with the memory of the deal (an observation from the seat's information state):
the true deal satisfies every inference (so each is sound), no world holds a card played, a world's
points and the close are the true ones, with the stock exhausted every world is the true deal, and a
decision is reproducible (the same information and seed, the same decision)."""

from __future__ import annotations

import random

import pytest

from games.ai import get_player
from games.ai.base import decide
from games.ai.observation.schnapsen import observe, observe_information
from games.ai.schnapsen_search.state import INDEX, mask_of
from games.ai.schnapsen_search.worlds import ANY, Sampler, constraints
from games.ai.search.sampling import consistent
from games.engine import CHANCE
from games.engine.information import InformationState, Witness
from games.engine.schnapsen import RULES, Phase, SchnapsenState


def _positions(seed: int) -> list[tuple[SchnapsenState, InformationState]]:
    """Every decision of a random Bummerl, with the deciding seat's information state."""
    rng = random.Random(seed)
    state = RULES.initial_state(RULES.start_event({"first_dealer": seed % 2}))
    witnesses = [Witness(RULES, 0), Witness(RULES, 1)]
    found = []
    while state.to_move is not None:
        if state.to_move == CHANCE:
            event = RULES.chance_event(state, rng)
        else:
            if state.phase == Phase.PLAY:
                found.append((state.clone(), witnesses[state.turn].information(state)))
            legal = state.legal_actions()
            event = legal[rng.randrange(len(legal))]
        state = RULES.apply_in_place(state, event)
        for witness in witnesses:
            witness.saw(event, state)
    return found


@pytest.mark.parametrize("seed", range(10))
def test_the_true_deal_satisfies_every_inference_of_the_memory(seed: int) -> None:
    narrowed = 0
    for state, info in _positions(seed):
        me, opp = state.turn, 1 - state.turn
        obs = observe_information(info)
        cards, masks, sizes = constraints(obs)
        hand = [INDEX[c] for c in state.hands[opp]]
        stock = [INDEX[c] for c in state.stock]
        assert sorted(cards) == sorted(hand + stock), "the unseen cards are the opponent's and the stock's"
        assert sizes == [len(hand), len(stock), 0]
        assert consistent([hand, stock, []], cards, masks)
        assert obs.closure == state.closure
        played = {p.card for t in info.tricks for p in t}
        assert not played & set(state.hands[opp]) and len(played) == 2 * sum(state.tricks)
        narrowed += sum(m != ANY for m in masks)
        view_cards, _, view_sizes = constraints(observe(state.view(me)))
        assert set(cards) <= set(view_cards) and view_sizes[:2] == sizes[:2]
    assert narrowed > 0


def test_worlds_of_the_memory_hold_the_true_points_and_no_card_played() -> None:
    rng = random.Random(6)
    exhausted = 0
    for state, info in (p for seed in range(8) for p in _positions(seed)):
        me, opp = state.turn, 1 - state.turn
        sampler = Sampler(observe_information(info))
        played = mask_of(p.card for t in info.tricks for p in t)
        for _ in range(3):
            world = sampler.world(rng)
            stock = sum(1 << c for c in world.stock)
            assert (world.hands[0] | world.hands[1] | stock) & played == 0
            assert world.hands[me] == mask_of(state.hands[me])
            assert world.trick_points[opp] == state.trick_points[opp]
            assert world.points(me) == state.points(me)
            if state.closed_by is not None:
                assert world.closure == state.closure
            if state.closed_by is None and not state.stock and state.trump_card is None:
                assert world.hands[opp] == mask_of(state.hands[opp]), "the stock is out: the hand is known"
                exhausted += 1
    assert exhausted > 0


def test_the_same_information_and_seed_give_the_same_decision() -> None:
    positions = [p for p in _positions(3) if len(p[0].legal_actions()) > 1][::4]
    assert len(positions) >= 4
    for state, info in positions:
        first = decide(get_player("schnapsen", "dora"), info, state.legal_actions(), random.Random(5))
        again = decide(get_player("schnapsen", "dora"), info, state.legal_actions(), random.Random(5))
        assert first == again and first in state.legal_actions()
