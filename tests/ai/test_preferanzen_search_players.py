"""Carla and Dora for Preferanzen and Vienna Preference: registered, always legal in every phase,
reproducible from the rng, working from the seat's view alone (other hidden cards behind the same view
change nothing), and falling back to Anton when the budget finishes no world."""

from __future__ import annotations

import random

import pytest

from games.ai import available_versions, get_player
from games.ai.anton_preferanzen import AntonPreferanzen
from games.ai.arena import play_match
from games.ai.base import Player
from games.ai.preferanzen_search.player import CarlaPreferanzen, DoraPreferanzen, Margins, SearchPreferanzen
from games.engine import CHANCE, get_rules
from games.engine.preferanzen.state import PreferanzenState

GAMES = ("preferanzen", "preference_vienna")


@pytest.mark.parametrize("game", GAMES)
def test_registered_with_their_names(game: str) -> None:
    assert {"anton", "carla", "dora"} <= set(available_versions(game))
    assert get_player(game, "carla").name == "Carla"
    assert get_player(game, "dora").name == "Dora"


@pytest.mark.parametrize("game", GAMES)
def test_a_match_against_anton_is_legal(game: str) -> None:
    seats: list[Player] = [CarlaPreferanzen(), AntonPreferanzen(), DoraPreferanzen()]
    result = play_match(game, seats, seed=7, options={"deals": 3}, check_legal=True, ai_rng=random.Random(1))
    assert result["finished"] and result["deals_played"] == 3


def _decisions(game: str, seed: int) -> list[PreferanzenState]:
    """A state at each kind of decision of a random-play match (bid, talon, declare, defend, play)."""
    rules = get_rules(game)
    rng = random.Random(seed)
    state = rules.initial_state(rules.start_event({"deals": 10}))
    found: dict[str, list[PreferanzenState]] = {}
    while state.to_move is not None:
        if state.to_move == CHANCE:
            state = rules.apply_in_place(state, rules.chance_event(state, rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1 and len(found.setdefault(str(state.phase), [])) < 2:
            found[str(state.phase)].append(state.clone())
        state = rules.apply_in_place(state, legal[rng.randrange(len(legal))])
    return [s for states in found.values() for s in states]


def _hide_differently(state: PreferanzenState, rng: random.Random) -> PreferanzenState:
    """The same view for the seat to move, with the cards it cannot see dealt again among the other
    hands and the hidden pile (sizes kept; only in the auction, where no play restricts them)."""
    other = state.clone()
    seat = state.to_move
    assert isinstance(seat, int)
    rest = [s for s in range(3) if s != seat]
    pool = other.hands[rest[0]] + other.hands[rest[1]] + other.talon
    rng.shuffle(pool)
    a, b = len(other.hands[rest[0]]), len(other.hands[rest[1]])
    other.hands[rest[0]], other.hands[rest[1]], other.talon = pool[:a], pool[a : a + b], pool[a + b :]
    assert other.view(seat) == state.view(seat)
    return other


@pytest.mark.parametrize("game", GAMES)
def test_every_phase_legal_reproducible_and_from_the_view_only(game: str) -> None:
    states = _decisions(game, 3)
    assert {"bid", "defend", "play"} <= {str(s.phase) for s in states}
    for state in states:
        seat = state.to_move
        assert isinstance(seat, int)
        legal = state.legal_actions()
        for player in (CarlaPreferanzen(), DoraPreferanzen()):
            first = player.choose(state.view(seat), legal, random.Random(5))
            assert first in legal
            assert player.choose(state.view(seat), legal, random.Random(5)) == first
            if state.phase == "bid":
                other = _hide_differently(state, random.Random(9))
                assert player.choose(other.view(seat), other.legal_actions(), random.Random(5)) == first


def test_falls_back_to_anton_without_a_finished_world() -> None:
    starved = SearchPreferanzen(
        worlds=4, nodes=1, plies=3, exact_tricks=3, contract_worlds=2, contract_plies=3
    )
    for game in GAMES:
        for state in _decisions(game, 4):
            seat = state.to_move
            assert isinstance(seat, int)
            view, legal = state.view(seat), state.legal_actions()
            assert starved.choose(view, legal, random.Random(0)) == AntonPreferanzen().choose(
                view, legal, random.Random(0)
            )
    assert starved.stats["worlds"] == 0


def test_points_per_deal_is_measured_against_the_table() -> None:
    from bench.ai_strength import GAMES as MEASURES

    result = {"deals": [{"declarer": 0, "scores": [10, -20, -20]}, {"declarer": None, "scores": [0, 0, 0]}]}
    assert MEASURES["preference_vienna"].score(result, 0) == pytest.approx((10 + 10) / 2)
    assert MEASURES["preferanzen"].deals(result) == 2


def _cheap(margins: Margins | None = None, vienna_margins: Margins | None = None) -> SearchPreferanzen:
    return SearchPreferanzen(
        worlds=2,
        nodes=20_000,
        plies=1,
        exact_tricks=2,
        contract_worlds=3,
        contract_plies=3,
        margins=margins,
        vienna_margins=vienna_margins,
    )


@pytest.mark.parametrize("game", GAMES)
def test_the_margins_hold_back_bids_and_staying_in(game: str) -> None:
    """A bid margin above any game's worth passes every time and one below any loss bids whenever it
    may; a stay margin above any deal's points drops out, one below stays in. The other variant's
    margins change nothing here (without Vienna's own, Vienna plays to the same margins)."""
    states = [s for seed in range(4) for s in _decisions(game, seed) if s.phase in ("bid", "defend")]
    assert {s.phase for s in states} == {"bid", "defend"}
    vienna = game == "preference_vienna"
    huge, none = Margins(bid=1_000.0, stay=1_000.0), Margins(bid=-1_000.0, stay=-1_000.0)
    for state in states:
        seat = state.to_move
        assert isinstance(seat, int)
        view, legal = state.view(seat), state.legal_actions()
        strict = _cheap(*((None, huge) if vienna else (huge, None)))
        eager = _cheap(*((None, none) if vienna else (none, None)))
        other = _cheap(*((huge, Margins()) if vienna else (None, huge)))
        if state.phase == "bid":
            assert strict.choose(view, legal, random.Random(1))["bid"] == "pass"
            assert eager.choose(view, legal, random.Random(1))["bid"] != "pass"
        else:
            assert strict.choose(view, legal, random.Random(1))["choice"] == "drop"
            assert eager.choose(view, legal, random.Random(1))["choice"] == "stay"
        plain = _cheap().choose(view, legal, random.Random(1))
        assert other.choose(view, legal, random.Random(1)) == plain
