"""Worlds sampled from a Schnapsen seat's view never contradict it: the true deal always satisfies the
inferred constraints (so every inference is sound), and every sampled world keeps our hand, the place
sizes, the public state and each card's allowed places; our legal moves in it are the engine's."""

from __future__ import annotations

import random

import pytest

from games.ai.observation.schnapsen import observe
from games.ai.schnapsen_search.state import INDEX, NAMES, bits, from_action, mask_of
from games.ai.schnapsen_search.worlds import ANY, constraints, sample_world
from games.ai.search.sampling import consistent
from games.engine import CHANCE
from games.engine.schnapsen import RULES, Phase, SchnapsenState


def _positions(seed: int) -> list[SchnapsenState]:
    rng = random.Random(seed)
    state = RULES.initial_state(RULES.start_event({"first_dealer": seed % 2}))
    found = []
    while state.to_move is not None:
        if state.to_move == CHANCE:
            state = RULES.apply_in_place(state, RULES.chance_event(state, rng))
            continue
        found.append(state.clone())
        legal = state.legal_actions()
        state = RULES.apply_in_place(state, legal[rng.randrange(len(legal))])
    return found


def _true_places(state: SchnapsenState, cards: list[int]) -> list[list[int]]:
    opp = 1 - state.turn
    hand = {INDEX[c] for c in state.hands[opp]}
    stock = {INDEX[c] for c in state.stock}
    return [
        [c for c in cards if c in hand],
        [c for c in cards if c in stock],
        [c for c in cards if c not in hand and c not in stock],
    ]


@pytest.mark.parametrize("seed", range(12))
def test_the_true_deal_satisfies_every_inference(seed: int) -> None:
    narrowed = 0
    for state in _positions(seed):
        cards, masks, sizes = constraints(observe(state.view(state.turn)))
        truth = _true_places(state, cards)
        assert [len(p) for p in truth] == sizes
        assert consistent(truth, cards, masks)
        narrowed += sum(m != ANY for m in masks)
    assert narrowed > 0


@pytest.mark.parametrize("seed", range(12))
def test_sampled_worlds_never_contradict_the_view(seed: int) -> None:
    rng = random.Random(seed)
    for state in _positions(seed):
        if state.phase != Phase.PLAY:
            continue
        me = state.turn
        view = observe(state.view(me))
        cards, masks, _ = constraints(view)
        for _ in range(3):
            world = sample_world(view, rng)
            assert world.hands[me] == mask_of(state.hands[me])
            assert int(world.hands[1 - me]).bit_count() == len(state.hands[1 - me])
            assert len(world.stock) == len(state.stock)
            assert world.hands[0] & world.hands[1] == 0
            opp = bits(world.hands[1 - me])
            stock = list(world.stock)
            gone = [c for c in cards if c not in opp and c not in stock]
            assert consistent([opp, stock, gone], cards, masks)
            assert world.trump_card == (INDEX[state.trump_card] if state.trump_card else -1)
            assert list(world.tricks) == state.tricks and world.turn == me
            assert world.trick_points[me] == state.trick_points[me]
            assert world.points(me) == state.points(me) and world.pending[me] == state.pending[me]
            assert sorted(world.moves()) == sorted(from_action(a) for a in state.legal_actions())
            assert all(NAMES[c] not in state.hands[me] for c in opp)
