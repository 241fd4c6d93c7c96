"""Carla and Dora, the Schnapsen search players: registered, always legal, reproducible from the seed,
working from the seat's view alone (a different hidden deal behind the same view changes nothing),
within their node budget, and falling back to Anton when no world could be searched. Their CPU time
per decision is the bench's (`python -m bench ai_strength --game schnapsen`: p95 and max CPU ms)."""

from __future__ import annotations

import random

import pytest

from games.ai import available_versions, get_player
from games.ai.anton_schnapsen import AntonSchnapsen
from games.ai.arena import play_match
from games.ai.schnapsen_search.player import CarlaSchnapsen, DoraSchnapsen, SearchSchnapsen
from games.engine import CHANCE
from games.engine.schnapsen import RULES, SchnapsenState


def test_registered_with_their_names() -> None:
    assert {"carla", "dora"} <= set(available_versions("schnapsen"))
    assert get_player("schnapsen", "carla").name == "Carla"
    assert get_player("schnapsen", "dora").name == "Dora"


def test_a_bummerl_against_anton_is_legal() -> None:
    result = play_match("schnapsen", [CarlaSchnapsen(), AntonSchnapsen()], seed=3, check_legal=True)
    assert result["finished"]


def _midgame(seed: int, moves: int) -> SchnapsenState:
    rng = random.Random(seed)
    state = RULES.initial_state(RULES.start_event({}))
    state = RULES.apply_in_place(state, RULES.chance_event(state, rng))
    for _ in range(moves):
        legal = state.legal_actions()
        state = RULES.apply_in_place(state, legal[rng.randrange(len(legal))])
        assert state.to_move != CHANCE
    return state


def _swap_hidden(state: SchnapsenState) -> SchnapsenState:
    """The same view for the seat to move, with the opponent's hand and the stock shuffled together."""
    other = state.clone()
    opp = 1 - state.turn
    pool = other.hands[opp] + other.stock
    random.Random(99).shuffle(pool)
    size = len(other.hands[opp])
    other.hands[opp], other.stock = pool[:size], pool[size:]
    assert other.view(state.turn) == state.view(state.turn)
    return other


def test_decisions_are_reproducible_and_use_the_view_only() -> None:
    for seed in range(6):
        state = _midgame(seed, 4)
        swapped = _swap_hidden(state)
        seat = state.turn
        for player in (CarlaSchnapsen(), DoraSchnapsen()):
            first = player.choose(state.view(seat), state.legal_actions(), random.Random(seed))
            again = player.choose(swapped.view(seat), swapped.legal_actions(), random.Random(seed))
            assert first == again and first in state.legal_actions()


def test_dora_stays_within_its_budget() -> None:
    dora = DoraSchnapsen()
    state = _midgame(5, 0)
    dora.choose(state.view(state.turn), state.legal_actions(), random.Random(1))
    assert dora.stats["decisions"] == 1 and dora.stats["worlds"] >= 1
    assert dora.stats["nodes"] <= dora.nodes + 1  # the node that overdraws the budget ends the search


def test_falls_back_to_anton_without_a_finished_world() -> None:
    starved = SearchSchnapsen(worlds=4, nodes=1, open_depth=4)
    for seed in range(4):
        state = _midgame(seed, 2)
        view, legal = state.view(state.turn), state.legal_actions()
        assert starved.choose(view, legal, random.Random(0)) == AntonSchnapsen().choose(
            view, legal, random.Random(0)
        )
    assert starved.stats["worlds"] == 0


def test_strength_intervals() -> None:
    from bench.ai_strength import pair_interval, wilson

    low, high = wilson(60, 100)
    assert 0.50 < low < 0.60 < high < 0.70
    # Student's t with 3 degrees of freedom (3.182), not the normal 1.96: four sets are few.
    assert pair_interval([1.0, 0.5, 0.5, 0.0]) == pytest.approx((0.0, 1.0), abs=0.001)
    assert pair_interval([1.0, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.0]) == pytest.approx(
        (0.2765, 0.7235), abs=0.001
    )
    low, high = pair_interval([1.0, 1.0, 0.5, 1.0, 0.5, 1.0])
    assert 0.5 < low < high == 1.0


def test_the_interval_of_few_sets_uses_student_s_t() -> None:
    from bench.ai_strength import mean_interval, t95

    assert mean_interval([1.0, 2.0, 3.0, 4.0, 5.0]) == pytest.approx((3.0, 1.037, 4.963), abs=0.001)
    assert t95(3) == 3.182 and t95(45) == 2.021 and t95(500) == pytest.approx(1.96, abs=0.001)


def test_duplicate_pairs_play_each_seed_from_both_seats() -> None:
    from bench.ai_strength import duplicate

    figure = duplicate("schnapsen", "random", pairs=3, first_seed=5, budget=1.0)
    assert (figure["pairs"], figure["bummerls"]) == (3, 6)
    # each set's score by seed, for pairing two runs set by set; the figure is their mean
    assert list(figure["set_scores"]) == [5, 6, 7]
    assert sum(figure["set_scores"].values()) / 3 == pytest.approx(figure["mean"])
    assert set(figure["set_scores"].values()) <= {0.0, 50.0, 100.0}  # a set is two Bummerls
    assert figure["low"] <= figure["mean"] <= figure["high"]
    assert figure["decisions"] > 0 and figure["mean"] < 50  # random loses to Anton
