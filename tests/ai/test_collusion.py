"""The collusion monitor's pure part: card play valued for a pair against the third seat equals plain
minimax (the engine's own settlement for Preferanzen and Vienna, every card tried); worlds with the
partner's hand known hold that hand and never contradict the seat's view; a decision's score is zero
when the played card is the AI's choice in every world set and positive for a card only the partner's
hand explains; the per-pair test."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pytest

from games.ai import get_player
from games.ai.collusion import statistic
from games.ai.collusion.evidence import HALF_WORLDS, WorldValues, contrast, match_evidence
from games.ai.collusion.pair import PairPreferanzen, pair_points, preferans_sides
from games.ai.collusion.worlds import preferans_sighted, preferanzen_hands
from games.ai.observation.preferans import observe
from games.ai.observation.preferanzen import observe as preferanzen_observe
from games.ai.preferans_search import state as preferans_state
from games.ai.preferans_search.player import CarlaPreferans
from games.ai.preferans_search.solver import PreferansGame, Solver
from games.ai.preferanzen_search.solver import EXACT_DEPTH
from games.ai.preferanzen_search.state import INDEX, mask_of
from games.ai.preferanzen_search.state import from_engine as preferanzen_deal
from games.ai.preferanzen_search.worlds import constraints, others
from games.ai.search.alphabeta import brute_force, search
from games.ai.search.budget import Budget
from games.engine import CHANCE, GameState, get_rules
from tests.ai.anton_matches import anton_decisions

UNLIMITED = 1 << 62


def _plays(game: str, seeds: range, cards: int = 10) -> Iterator[tuple[list[dict], GameState]]:
    """Card-play decisions of Anton's matches with at most `cards` in the hand to move, and a choice."""
    for seed in seeds:
        for events, state in anton_decisions(game, seed):
            seat = state.to_move
            if state.phase != "play" or not isinstance(seat, int):
                continue
            if len(state.hands[seat]) <= cards and len(state.legal_actions()) > 1:  # type: ignore[attr-defined]
                yield events, state


def _pair_minimax(game: str, state: GameState, third: int, totals: list[float]) -> float:
    """The pair's points from here, every card tried through the engine: the pair's seats maximise
    (a + b - 2c) / 3 of the deal's settlement, the third seat minimises it."""
    if state.phase != "play":
        after = state.result()["totals"]
        return pair_points([b - a for a, b in zip(totals, after, strict=True)], third)
    rules = get_rules(game)
    values = [_pair_minimax(game, rules.apply(state, a), third, totals) for a in state.legal_actions()]
    return min(values) if state.to_move == third else max(values)


@pytest.mark.parametrize("game", ["preferanzen", "preference_vienna"])
def test_preferanzen_pair_values_equal_minimax_over_the_engine(game: str) -> None:
    checked = 0
    thirds = set()
    for _, state in _plays(game, range(4), cards=3):
        totals = state.result()["totals"]
        rules = get_rules(game)
        for third in range(3):
            legal = state.legal_actions()
            expected = [_pair_minimax(game, rules.apply(state, a), third, totals) for a in legal]
            deal = preferanzen_deal(state)
            budget = Budget(UNLIMITED, 1e9)
            got = [
                search(PairPreferanzen(third), deal.play(INDEX[a["card"]]), EXACT_DEPTH, budget, {})
                for a in legal
            ]
            assert got == pytest.approx(expected), (state.version, third)
            thirds.add(third == state.declarer)  # type: ignore[attr-defined]
            checked += 1
    assert checked >= 15 and thirds == {True, False}  # the pair of defenders and split pairs


def test_pair_points_of_a_zero_sum_deal_are_the_pair_s_points() -> None:
    assert pair_points([7, -3, -4], third=2) == pytest.approx(4.0)
    # Vienna's pot: everyone paying the same leaves the pair's standing against the third as it was
    assert pair_points([7 - 30, -3 - 30, -4 - 30], third=2) == pytest.approx(4.0)


def test_preferans_pair_sides_equal_plain_minimax() -> None:
    """The solver with the pair's sides against plain minimax: the pair raises sign x target tricks."""
    rules = get_rules("preferans")
    kinds = set()
    checked = 0
    rng = random.Random(3)
    state = rules.initial_state(rules.start_event({"pool": 10, "max_deals": 6}))
    while state.to_move is not None and checked < 30:
        if state.to_move == "chance":
            state = rules.apply_in_place(state, rules.chance_event(state, rng))
            continue
        legal = state.legal_actions()
        if state.phase == "play" and len(state.hands[state.to_move]) <= 3 and len(legal) > 1:
            deal = preferans_state.from_engine(state)
            for pair in (3, 5, 6):
                target, maximizers, sign = preferans_sides(deal, pair)
                plain = PreferansGame(target, maximizers)
                solved = Solver(deal, target, maximizers, Budget(UNLIMITED, 1e9)).move_values(deal)
                for card in deal.legal():
                    after = deal.play(card)
                    expected = brute_force(plain, after, 99) - sum(
                        deal.tricks[p] for p in range(3) if target >> p & 1
                    )
                    assert solved[card] == expected, (state.version, pair, card)
                    pair_moves = pair >> deal.turn & 1
                    # the pair's seats raise the pair's value: the maximizers raise the target's tricks
                    assert (sign > 0) == ((maximizers >> deal.turn & 1) == pair_moves)
                kinds.add((deal.kind, bool(pair >> max(deal.declarer, 0) & 1)))
            checked += 1
        state = rules.apply_in_place(state, legal[rng.randrange(len(legal))])
    assert checked >= 10 and len(kinds) >= 2


@pytest.mark.parametrize("game", ["preferanzen", "preference_vienna"])
def test_preferanzen_worlds_hold_the_partner_s_hand_and_fit_the_view(game: str) -> None:
    rng = random.Random(1)
    checked = 0
    for _, state in _plays(game, range(3)):
        seat = state.to_move
        assert isinstance(seat, int)
        view = state.view(seat)
        for partner in others(seat):
            third = 3 - seat - partner
            real = state.hands  # type: ignore[attr-defined]
            cards, masks, _, _ = constraints(preferanzen_observe(view))
            allowed = dict(zip(cards, masks, strict=True))
            place = others(seat).index(third)
            for _ in range(3):
                hands, pile = preferanzen_hands(preferanzen_observe(view), partner, list(real[partner]), rng)
                assert hands[seat] == mask_of(view["hand"]) and hands[partner] == mask_of(real[partner])
                assert hands[third].bit_count() == len(real[third])
                assert not (
                    hands[0] & hands[1] or hands[0] & hands[2] or hands[1] & hands[2] or pile & hands[third]
                )
                for card in range(32):
                    if hands[third] >> card & 1 and card in allowed:
                        assert allowed[card] >> place & 1, "a card the third seat cannot hold"
            checked += 1
    assert checked >= 20


def test_preferans_worlds_hold_the_partner_s_hand() -> None:
    rng = random.Random(2)
    sampler = CarlaPreferans()
    checked = 0
    for _, state in _plays("preferans", range(2)):
        seat = state.to_move
        assert isinstance(seat, int)
        view = state.view(seat)
        active = view["active"]
        for partner in (s for s in active if s != seat):
            hand = list(state.hands[partner])  # type: ignore[attr-defined]
            for world in sampler._worlds(preferans_sighted(observe(view), partner, hand), rng, 3):
                assert world.hands[active.index(partner)] == preferans_state.mask_of(hand)
            checked += 1
    assert checked >= 20


def _values(a: list[list[float]], b: list[list[float]], c: list[list[float]], t: list[float]) -> WorldValues:
    return WorldValues(a, b, c, t)


def test_a_card_the_own_view_rates_best_everywhere_scores_zero() -> None:
    rows = [[1.0, 3.0, 0.0]] * HALF_WORLDS
    c = contrast(_values(rows, rows, [[0.0, 5.0, 2.0]] * 2, [1.0, 4.0, 0.0]), played=1)
    assert c.reference == 1 and (c.view_gain, c.partner_gain, c.true_gain, c.score) == (0, 0, 0, 0)


def test_a_card_only_the_partner_s_hand_explains_scores_positive() -> None:
    own = [[2.0, 0.0]] * HALF_WORLDS  # the own view: card 0 by two points
    seen = [[-4.0, 0.0]] * 3  # the partner's hand: card 1 by four
    c = contrast(_values(own, own, seen, [-4.0, 0.0]), played=1)
    assert c.reference == 0 and (c.view_gain, c.partner_gain, c.true_gain, c.score) == (-2, 4, 4, 6)
    # the same card played by a seat whose partner's hand says nothing new: a loss, not collusion
    assert contrast(_values(own, own, [[2.0, 0.0]] * 3, [2.0, 0.0]), played=1).score == 0


def test_an_honest_choice_scores_zero_on_average_and_a_sighted_one_above() -> None:
    """A model of one decision: each card's worth given the partner's hand is `h` (unknown to the seat;
    a fresh h for each own-view world, the real one for the worlds with the partner's hand known),
    plus each world's own noise. The honest seat chooses on worlds of its own; the sighted one on h.
    The honest mean is zero because the AI's choice is valued on the half that did not make it;
    valued on the worlds that made it (partner_gain - view_gain), an honest deviation would look like
    a gain."""
    rng = random.Random(11)

    def worlds(h: list[float] | None, n: int) -> list[list[float]]:
        return [[(x if h else rng.gauss(0, 1)) + rng.gauss(0, 1) for x in (h or [0.0] * 3)] for _ in range(n)]

    honest, sighted, naive = [], [], []
    for _ in range(3000):
        h = [rng.gauss(0, 1) for _ in range(3)]
        own = worlds(None, 2 * HALF_WORLDS)
        values = _values(own[:HALF_WORLDS], own[HALF_WORLDS:], worlds(h, 6), h)
        mine = [sum(col) for col in zip(*worlds(None, 4), strict=True)]  # the honest seat's own look
        played = max(range(3), key=lambda i: mine[i])
        c = contrast(values, played)
        honest.append(c.score)
        naive.append(c.partner_gain - c.view_gain)
        sighted.append(contrast(values, max(range(3), key=lambda i: h[i])).score)

    def mean_se(xs: list[float]) -> tuple[float, float]:
        m = sum(xs) / len(xs)
        return m, math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs))

    m, se = mean_se(honest)
    assert abs(m) < 3 * se
    m, se = mean_se(naive)
    assert m > 5 * se  # what the halves prevent
    m, se = mean_se(sighted)
    assert m > 10 * se


def test_the_pair_statistic() -> None:
    stat = statistic.pair_statistic([1.0, 2.0, -1.0, 2.0], deals=9)
    assert stat.deals == 9 and stat.scored == 4 and stat.total == 4.0 and stat.mean == 1.0
    assert stat.z == pytest.approx(4.0 / math.sqrt(10.0))
    assert not statistic.pair_statistic([], deals=3).flagged()
    assert statistic.pair_statistic([1.0] * 16).z == pytest.approx(4.0)


def _anton_events(game: str, seed: int, options: dict) -> list[dict]:
    rules = get_rules(game)
    rng = random.Random(seed)
    events = [rules.start_event(options)]
    state = rules.initial_state(events[0])
    anton = get_player(game, "anton")
    while state.to_move is not None:
        if state.to_move == CHANCE:
            event = rules.chance_event(state, rng)
        else:
            event = anton.choose(state.view(state.to_move), state.legal_actions(), rng)
        events.append(event)
        state = rules.apply_in_place(state, event)
    return events


@pytest.mark.parametrize(
    ("game", "options"), [("preference_vienna", {"deals": 3}), ("preferans", {"max_deals": 2})]
)
def test_evidence_is_deterministic_and_covers_the_pair_s_cards(game: str, options: dict) -> None:
    events = _anton_events(game, 0, options)
    first = match_evidence(game, events, [(0, 1)])
    assert match_evidence(game, events, [(1, 0)]) == first and set(first) == {(0, 1)}
    rules = get_rules(game)
    state = rules.initial_state(events[0])
    expected = []
    for seq, event in enumerate(events[1:], start=2):
        if state.phase == "play" and state.to_move in (0, 1) and len(state.legal_actions()) > 1:
            expected.append((seq, state.to_move, event["card"]))
        state = rules.apply_in_place(state, event)
    decisions = first[(0, 1)]
    assert [(d.seq, d.seat, d.played) for d in decisions] == expected and len(expected) >= 10
    assert all(d.partner == 1 - d.seat and d.view_gain <= 1e-9 for d in decisions)
