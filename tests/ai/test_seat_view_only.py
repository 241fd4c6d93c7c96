"""Every registered AI (game, version), including versions added later, decides from its seat's view
alone: when the cards the seat cannot see are swapped between the other seats' hands (and the stock or
talon) so that the seat's view stays exactly the same, the player given the same rng seed makes the same
decision. The swapped positions are real ones: the match is replayed with the swapped deal and every
event is still legal, and another seat's view does change."""

from __future__ import annotations

import copy
import itertools
import json
import random
from typing import Any

import pytest

from games.ai import DEFAULT_VERSION, available_versions, get_player
from games.engine import CHANCE, IllegalAction, available_games, get_rules
from games.engine.base import GameState

JSON = dict[str, Any]
POSITIONS = 4  # per game: decisions spread over the first deals
SWAPS = 2  # per position: swapped worlds checked
EVENTS = 160  # how far the recorded match runs


def _cards_in(value: Any, deck: set[str]) -> set[str]:
    if isinstance(value, str):
        return {value} & deck
    if isinstance(value, dict):
        return set().union(*(_cards_in(k, deck) | _cards_in(v, deck) for k, v in value.items()))
    if isinstance(value, list):
        return set().union(*(_cards_in(v, deck) for v in value))
    return set()


def _relabel(value: Any, swap: dict[str, str]) -> Any:
    if isinstance(value, str):
        return swap.get(value, value)
    if isinstance(value, dict):
        return {_relabel(k, swap): _relabel(v, swap) for k, v in value.items()}
    if isinstance(value, list):
        return [_relabel(v, swap) for v in value]
    return value


def _plain(view: JSON) -> JSON:
    result: JSON = json.loads(json.dumps(view))
    return result


def _recorded_match(game: str, seed: int) -> list[JSON]:
    """The events of a match of Antons (the start event first), cut after EVENTS events."""
    rules = get_rules(game)
    rng = random.Random(seed)
    anton = get_player(game, DEFAULT_VERSION)
    start = rules.start_event({})
    state = rules.initial_state(start)
    events = [start]
    while state.to_move is not None and len(events) < EVENTS:
        if state.to_move == CHANCE:
            event = rules.chance_event(state, rng)
        else:
            seat = state.to_move
            assert isinstance(seat, int)
            event = anton.choose(state.view(seat), state.legal_actions(), rng)
        state = rules.apply_in_place(state, event)
        events.append(event)
    return events


def _replay(game: str, events: list[JSON]) -> GameState | None:
    try:
        return get_rules(game).replay(events)
    except IllegalAction:  # the swap gave a seat a card it showed it did not hold
        return None


def _positions(game: str, events: list[JSON]) -> list[int]:
    """Event indices where a seat decides between several actions, spread over the match."""
    rules = get_rules(game)
    state = rules.initial_state(events[0])
    found = []
    for i, event in enumerate(events[1:], start=1):
        if isinstance(state.to_move, int) and len(state.legal_actions()) > 1:
            found.append(i)
        state = rules.apply_in_place(state, event)
    step = max(1, len(found) // POSITIONS)
    return found[step // 2 :: step][:POSITIONS]


def _swapped_worlds(game: str, events: list[JSON], at: int, rng: random.Random) -> list[GameState]:
    """States at event `at` whose deal has two cards swapped that the seat to move cannot see (nor
    saw played), with the seat's view unchanged and another seat's view changed."""
    state = _replay(game, events[:at])
    assert state is not None and isinstance(state.to_move, int)
    seat = state.to_move
    deal = max(i for i in range(at) if events[i].get("type") == "deal")
    deck = set(events[deal]["deck"])
    view = _plain(state.view(seat))
    unseen = deck - _cards_in(view, deck) - _cards_in(events[deal + 1 : at], deck)
    others = [s for s in range(len(view.get("hand_sizes", []))) if s != seat]
    pairs = list(itertools.combinations(sorted(unseen), 2))
    rng.shuffle(pairs)
    worlds = []
    for a, b in pairs[:200]:
        swapped = _replay(game, events[:deal] + _relabel(events[deal:at], {a: b, b: a}))
        if swapped is None or _plain(swapped.view(seat)) != view:
            continue
        if all(_plain(swapped.view(s)) == _plain(state.view(s)) for s in others):
            continue  # both cards in one place: not another world
        worlds.append(swapped)
        if len(worlds) == SWAPS:
            break
    return worlds


def _versions() -> list[tuple[str, str]]:
    return [(game, version) for game in available_games() for version in available_versions(game)]


@pytest.fixture(scope="module")
def worlds() -> dict[str, list[tuple[GameState, list[GameState]]]]:
    """Per game: positions of a recorded match, each with its swapped worlds (shared by the versions)."""
    found: dict[str, list[tuple[GameState, list[GameState]]]] = {}
    for game in {g for g, _ in _versions()}:
        events = _recorded_match(game, seed=18)
        rng = random.Random(f"{game}-swaps")
        found[game] = []
        for at in _positions(game, events):
            state = _replay(game, events[:at])
            assert state is not None
            found[game].append((state, _swapped_worlds(game, events, at, rng)))
    return found


@pytest.mark.parametrize(("game", "version"), _versions())
def test_the_decision_depends_on_the_seats_view_only(
    worlds: dict[str, list[tuple[GameState, list[GameState]]]], game: str, version: str
) -> None:
    player = get_player(game, version)
    checked = 0
    for n, (state, swapped_worlds) in enumerate(worlds[game]):
        seat = state.to_move
        assert isinstance(seat, int)
        seed = 1000 * n + 18
        expected = player.choose(copy.deepcopy(state.view(seat)), state.legal_actions(), random.Random(seed))
        for world in swapped_worlds:
            assert world.legal_actions() == state.legal_actions()
            action = player.choose(
                copy.deepcopy(world.view(seat)), world.legal_actions(), random.Random(seed)
            )
            assert action == expected, f"{version} at position {n}: another world, another decision"
            checked += 1
    assert checked >= 3, f"only {checked} swapped worlds for {game}"


def test_every_registered_version_is_checked() -> None:
    """The list above comes from the registry, so a version added later is checked as well."""
    assert ("schnapsen", "dora") in _versions() and ("preisjass", "bernd") in _versions()
    assert all((game, DEFAULT_VERSION) in _versions() for game in available_games())
