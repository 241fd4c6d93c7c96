"""Worlds sampled from a Preferanzen / Vienna view never contradict it: the seat's own hand, every other
seat's hand size and the hidden pile's size, no card played or shown elsewhere, and every card played
so far was a legal card from the hand the world gives its player (voids, the beating rule and Vienna's
lowest beating card read backwards). The true deal always satisfies the inferences."""

from __future__ import annotations

import random

import pytest

from games.ai.observation.preferanzen import observe
from games.ai.preferanzen_search.state import INDEX, NAMES, SUITS, bits, mask_of
from games.ai.preferanzen_search.worlds import constraints, others, played_cards, sample_hands, world_deal
from games.engine import CHANCE, get_rules
from games.engine.preferanzen.cards import legal_cards
from games.engine.preferanzen.state import PreferanzenState

GAMES = ("preferanzen", "preference_vienna")


def _views(game: str, seed: int) -> list[tuple[PreferanzenState, int]]:
    """(state, seat to move) at every decision of random matches."""
    rules = get_rules(game)
    rng = random.Random(seed)
    state = rules.initial_state(rules.start_event({"deals": 6}))
    out = []
    while state.to_move is not None:
        if state.to_move == CHANCE:
            state = rules.apply_in_place(state, rules.chance_event(state, rng))
            continue
        out.append((state.clone(), state.to_move))
        legal = state.legal_actions()
        state = rules.apply_in_place(state, legal[rng.randrange(len(legal))])
    return out


def _legal_history(view: dict, hands: list[int]) -> None:
    """Replay the view's tricks backwards into the world's hands: every card must have been legal."""
    contract = view["contract"]
    trump = contract["trump"] if contract else None
    held = hands[:]
    tricks = played_cards(observe(view))
    for trick, _ in tricks:
        for seat, card in trick:
            held[seat] |= 1 << card  # the hands at the first trick
    three = len(view["playing"]) == 3
    vienna = view["game"] == "preference_vienna"
    for trick, _ in tricks:
        so_far: list[str] = []
        for i, (seat, card) in enumerate(trick):
            lowest = vienna and three and i == 1 and trick[0][0] == view["declarer"]
            allowed = legal_cards([NAMES[c] for c in bits(held[seat])], so_far, trump, lowest)
            assert NAMES[card] in allowed, (seat, NAMES[card], so_far, allowed)
            held[seat] &= ~(1 << card)
            so_far.append(NAMES[card])


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", range(6))
def test_sampled_worlds_never_contradict_the_view(game: str, seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    for state, seat in _views(game, seed):
        view = state.view(seat)
        truth = [mask_of(h) for h in state.hands]
        cards, masks, _, known = constraints(observe(view))
        # the real deal satisfies every inference
        for card, mask in zip(cards, masks, strict=True):
            holder = next((i for i, s in enumerate(others(seat)) if truth[s] >> card & 1), 2)
            assert mask >> holder & 1, (NAMES[card], holder)
        gone = 0
        for trick, _ in played_cards(observe(view)):
            for _, card in trick:
                gone |= 1 << card
        for _ in range(3):
            hands, pile = sample_hands(observe(view), rng)
            assert hands[seat] == truth[seat]
            assert [h.bit_count() for h in hands] == [len(h) for h in state.hands]
            assert hands[0] & hands[1] == hands[0] & hands[2] == hands[1] & hands[2] == 0
            assert (hands[0] | hands[1] | hands[2]) & (gone | pile) == 0
            assert pile.bit_count() + gone.bit_count() + sum(h.bit_count() for h in hands) == 32
            for s, mask in known.items():
                assert hands[s] == mask == truth[s]
            if view["discards"] or view["talon"]:
                assert pile == mask_of(view["discards"] or view["talon"])
            contract = view["contract"]
            if contract and contract["no_aces"] and view["declarer"] != seat:
                aces = sum(1 << INDEX["A" + s] for s in SUITS)
                assert hands[view["declarer"]] & aces == 0
            _legal_history(view, hands)
            checked += 1
            if state.phase == "play":
                deal = world_deal(observe(view), rng)
                assert sorted(deal.moves()) == sorted(INDEX[a["card"]] for a in state.legal_actions())
    assert checked > 0
