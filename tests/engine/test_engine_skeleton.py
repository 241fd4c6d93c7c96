"""The one skeleton of the five engines: one checking path in base.py, the same package layout, names
that say which game.

The checking path (`Rules.check_event` and `Rules.check_start`) is tested through every registered
game: the same malformed event gets the same reason in each, a start of another rules version is
refused by each, and every legal action and server draw passes the phase table of its game.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import pkgutil
import random
from enum import StrEnum
from pathlib import Path
from typing import Any

import pytest

import games.engine
from games import packs
from games.engine import CHANCE, GameState, IllegalAction, Rules, get_rules
from games.engine.base import is_int

GAMES = packs.names()
#: the engine packages (a package may hold several games: Preferanzen holds the Vienna variant)
PACKAGES = [m.name for m in pkgutil.iter_modules(games.engine.__path__) if m.ispkg]
#: every game package holds these modules (phase modules besides, named for their phases)
SKELETON = {"cards", "state", "scoring", "view", "rules"}
#: options that keep a random match short (a game not listed plays its default options)
SHORT_OPTIONS: dict[str, dict[str, Any]] = {
    "preisjass": {},
    "schnapsen": {"start_score": 2},
    "preferanzen": {"deals": 2},
    "preference_vienna": {"deals": 2},
    "preferans": {"pool": 10, "max_deals": 3},
}


def _random_states(game: str, seed: int) -> list[GameState]:
    """Every state of one seeded random match (short options)."""
    rules = get_rules(game)
    rng = random.Random(seed)
    state = rules.initial_state(rules.start_event(SHORT_OPTIONS.get(game, {})))
    states = [state]
    while state.to_move is not None:
        if state.to_move == CHANCE:
            event = rules.chance_event(state, rng)
        else:
            event = rng.choice(state.legal_actions())
        state = rules.apply(state, event)
        states.append(state)
    return states


def _first_player_state(game: str) -> GameState:
    return next(s for s in _random_states(game, 7) if s.to_move not in (None, CHANCE))


def _snapshot(state: GameState, seats: int) -> list[Any]:
    return [state.version, state.to_move, state.result(), *(state.view(s) for s in [None, *range(seats)])]


def test_is_int_takes_whole_numbers_only() -> None:
    assert is_int(0) and is_int(3) and is_int(-2)
    for value in (True, False, 3.0, "3", None, [3]):
        assert not is_int(value)


@pytest.mark.parametrize("game", GAMES)
def test_a_start_of_another_rules_version_is_refused(game: str) -> None:
    rules = get_rules(game)
    start = rules.start_event()
    assert rules.initial_state(start).version == 1
    with pytest.raises(IllegalAction, match="rules version"):
        rules.initial_state({**start, "rules_version": "0"})
    without = {k: v for k, v in start.items() if k != "rules_version"}
    with pytest.raises(IllegalAction, match="missing rules_version"):
        rules.replay([without])
    with pytest.raises(IllegalAction):
        rules.initial_state({**start, "game": "other"})
    with pytest.raises(IllegalAction):
        rules.initial_state({**start, "players": float(start["players"])})


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("preferans", {"players": 3.0}),
        ("preferans", {"pool": 10.0}),
        ("preferans", {"players": True}),
        ("preferans", {"max_deals": 5.0}),
        ("schnapsen", {"start_score": 3.0}),
        ("schnapsen", {"first_dealer": False}),
        ("preferanzen", {"deals": 2.0}),
        ("preference_vienna", {"deals": True}),
    ],
)
def test_options_refuse_floats_and_bools_where_whole_numbers_are_meant(
    game: str, options: dict[str, Any]
) -> None:
    with pytest.raises(IllegalAction):
        get_rules(game).start_event(options)


@pytest.mark.parametrize("game", GAMES)
def test_the_same_malformed_event_gets_the_same_reason_in_every_game(game: str) -> None:
    rules = get_rules(game)
    state = _first_player_state(game)
    seats = rules.players(rules.start_event(SHORT_OPTIONS.get(game, {}))["options"])
    before = _snapshot(state, seats)
    action = state.legal_actions()[0]
    other = (action["seat"] + 1) % seats
    bad: list[tuple[Any, str]] = [
        ({**action, "seat": True}, "not your turn"),
        ({**action, "seat": float(action["seat"])}, "not your turn"),
        ({**action, "seat": str(action["seat"])}, "not your turn"),
        ({**action, "seat": other}, "not your turn"),
        ({**action, "extra": 1}, f"malformed {action['type']} event: unexpected field extra"),
        ({k: v for k, v in action.items() if k != "seat"}, f"malformed {action['type']} event: missing seat"),
        ({"type": "nonsense", "seat": action["seat"]}, "unknown event type 'nonsense'"),
        ({"type": ["play"]}, "unknown event type"),
        ({**action, "type": "start"}, "a start event only begins a match"),
        ("play", "an event must be a JSON object"),
        (None, "an event must be a JSON object"),
    ]
    for event, reason in bad:
        with pytest.raises(IllegalAction) as refused:
            rules.apply(state, event)
        assert refused.value.reason.startswith(reason), (event, refused.value.reason)
        with pytest.raises(IllegalAction):
            rules.apply_in_place(state, event)
        assert _snapshot(state, seats) == before


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_action_and_server_draw_passes_the_phase_table(game: str) -> None:
    rules = get_rules(game)
    rng = random.Random(11)
    phases_seen = set()
    for state in _random_states(game, 3):
        phases_seen.add(state.phase)
        assert state.phase in rules.phases
        if state.to_move is None:
            assert state.legal_actions() == []
            continue
        if state.to_move == CHANCE:
            assert state.legal_actions() == []
            events = [rules.chance_event(state, rng)]
        else:
            events = state.legal_actions()
            assert events
        for event in events:
            spec = rules.check_event(state, event)
            assert spec.type == event["type"]
            assert spec in rules.phases[state.phase].events
    assert len(phases_seen) >= 3


@pytest.mark.parametrize("game", GAMES)
def test_a_card_is_refused_exactly_when_it_is_not_a_legal_play(game: str) -> None:
    rules = get_rules(game)
    checked = 0
    for state in _random_states(game, 5)[::3]:
        legal = state.legal_actions()
        plays = [a for a in legal if a["type"] == "play" and not a.get("marriage")]
        if not plays:
            continue
        seat = plays[0]["seat"]
        allowed = {a["card"] for a in plays}
        for card in state.view(seat)["hand"]:
            event = {"type": "play", "seat": seat, "card": card}
            if card in allowed:
                rules.apply(state, event)
            else:
                with pytest.raises(IllegalAction):
                    rules.apply(state, event)
            checked += 1
    assert checked > 10


def _engine_modules() -> list[str]:
    root = Path(games.engine.__file__).parent
    return [m.name for m in pkgutil.walk_packages([str(root)], prefix="games.engine.")]


def test_no_two_engine_classes_share_a_name() -> None:
    """Each state module also calls its phase enum `Phase` (the skeleton's name), but the class is
    named for its game."""
    where: dict[str, list[str]] = {}
    for name in _engine_modules():
        module = importlib.import_module(name)
        classes = {cls for _, cls in inspect.getmembers(module, inspect.isclass) if cls.__module__ == name}
        for cls in classes:
            where.setdefault(cls.__name__, []).append(name)
    twice = {k: v for k, v in where.items() if len(v) > 1}
    assert twice == {}


def test_there_is_one_integer_check() -> None:
    root = Path(games.engine.__file__).parent
    copies = [
        p for p in root.rglob("*.py") if "def _is_int" in p.read_text() or "def is_int" in p.read_text()
    ]
    assert [p.relative_to(root).as_posix() for p in copies] == ["base.py"]


@pytest.mark.parametrize("package", PACKAGES)
def test_every_game_package_has_the_same_skeleton(package: str) -> None:
    modules = {
        m.name for m in pkgutil.iter_modules(importlib.import_module(f"games.engine.{package}").__path__)
    }
    assert modules >= SKELETON
    phase = importlib.import_module(f"games.engine.{package}.state").Phase
    assert issubclass(phase, StrEnum)
    assert phase.OVER in phase
    rules = importlib.import_module(f"games.engine.{package}").RULES
    assert isinstance(rules, Rules)
    assert set(rules.phases) == set(phase)
    assert rules.phases[phase.OVER].events == () and rules.phases[phase.OVER].closed


def test_vienna_preference_lives_beside_the_austrian_variant() -> None:
    vienna = importlib.import_module("games.engine.preferanzen.vienna")
    assert get_rules("preference_vienna") is vienna.RULES
    austrian = importlib.import_module("games.engine.preferanzen.austrian")
    assert get_rules("preferanzen").variant is austrian.VARIANT  # type: ignore[attr-defined]
    assert importlib.util.find_spec("games.engine.preference_vienna") is None
    assert games.engine.available_games() == sorted(GAMES)
