"""The seat's information state (the view plus what the seat has seen this deal) leaks nothing either:
swapping two cards the seat never saw between the other seats (and the stock or talon) changes neither
its information state nor the decision of any player that reads it (same seed); and a swap that does
change the information state moves a card the seat saw. The swaps are real: the match is replayed with
the swapped deal and every event still legal (see test_seat_view_only.py, whose recorded matches these
are)."""

from __future__ import annotations

import itertools
import random

import pytest

from games.ai import available_versions, get_player
from games.ai.base import InformedPlayer, decide
from games.engine import available_games, get_rules
from games.engine.information import InformationState, cards_in, information_state
from tests.ai.test_seat_view_only import _plain, _positions, _recorded_match, _relabel, _replay

JSON = dict
PAIRS = 120  # per position: swaps tried


def _deal_index(events: list[JSON], at: int) -> int:
    return max(i for i in range(at) if events[i].get("type") == "deal")


def _swapped(game: str, events: list[JSON], at: int, a: str, b: str) -> list[JSON] | None:
    """The events up to `at` with cards a and b swapped from the last deal on, if still legal."""
    deal = _deal_index(events, at)
    swapped = events[:deal] + _relabel(events[deal:at], {a: b, b: a})
    return swapped if _replay(game, swapped) is not None else None


def _informed_versions(game: str) -> list[str]:
    return [v for v in available_versions(game) if isinstance(get_player(game, v), InformedPlayer)]


def _positions_of(game: str) -> list[tuple[list[JSON], int]]:
    events = _recorded_match(game, seed=18)
    return [(events, at) for at in _positions(game, events)]


@pytest.mark.parametrize("game", available_games())
def test_swapping_unseen_cards_changes_neither_the_information_state_nor_a_decision(game: str) -> None:
    rules = get_rules(game)
    rng = random.Random(f"{game}-information-swaps")
    versions = _informed_versions(game)
    checked = 0
    for n, (events, at) in enumerate(_positions_of(game)):
        state = _replay(game, events[:at])
        assert state is not None and isinstance(state.to_move, int)
        seat = state.to_move
        info = information_state(rules, events[:at], seat)
        unseen = (
            set(events[_deal_index(events, at)]["deck"]) - info.cards() - set(cards_in(info.view, rules.deck))
        )
        pairs = list(itertools.combinations(sorted(unseen), 2))
        rng.shuffle(pairs)
        worlds: list[InformationState] = []
        for a, b in pairs[:PAIRS]:
            swapped = _swapped(game, events, at, a, b)
            if swapped is None:
                continue
            other = _replay(game, swapped)
            assert other is not None
            if all(
                _plain(other.view(s)) == _plain(state.view(s)) for s in range(len(info.view["hand_sizes"]))
            ):
                continue  # both cards in one place: not another world
            again = information_state(rules, swapped, seat)
            assert again == info, f"{game}: a swap of {a} and {b}, unseen, changed the information state"
            worlds.append(again)
            if len(worlds) == 2:
                break
        for version in versions:
            seed = 1000 * n + 18
            expected = decide(get_player(game, version), info, state.legal_actions(), random.Random(seed))
            for world in worlds:
                action = decide(get_player(game, version), world, state.legal_actions(), random.Random(seed))
                assert action == expected, f"{version}: another world, another decision"
        checked += len(worlds)
    assert checked >= 3, f"only {checked} swapped worlds for {game}"


@pytest.mark.parametrize("game", available_games())
def test_a_swap_that_changes_the_information_state_shows_a_card_the_seat_saw(game: str) -> None:
    """Any two cards of the deal swapped: if the information state changes, one of them is a card the
    seat saw (in its view now, or remembered). Swaps of cards outside the view that change it anyway
    are the memory's own (Schnapsen's view shows the last trick only)."""
    rules = get_rules(game)
    rng = random.Random(f"{game}-information-changes")
    changed = remembered = 0
    for events, at in _positions_of(game):
        state = _replay(game, events[:at])
        assert state is not None and isinstance(state.to_move, int)
        seat = state.to_move
        info = information_state(rules, events[:at], seat)
        in_view = set(cards_in(info.view, rules.deck))
        saw = info.cards() | in_view
        deck = events[_deal_index(events, at)]["deck"]
        pairs = list(itertools.combinations(sorted(deck), 2))
        rng.shuffle(pairs)
        hidden_now = [(a, b) for a, b in pairs if a not in in_view and b not in in_view]
        for a, b in pairs[:PAIRS] + hidden_now[:PAIRS]:
            swapped = _swapped(game, events, at, a, b)
            if swapped is None:
                continue
            again = information_state(rules, swapped, seat)
            if again == info:
                continue
            changed += 1
            assert {a, b} & saw, f"{game}: {a} and {b} changed the information state unseen"
            if _plain(again.view) == _plain(info.view):
                remembered += 1  # the view is the same: only the memory tells these worlds apart
    assert changed > 0
    if game == "schnapsen":
        assert remembered > 0
