"""Cases for comparing a compiled rules engine with its pure-Python reference (test_compiled_engine.py).

`results(game)` plays seeded random matches and records, step by step, everything the engine says: the
legal actions, every seat's view and the spectator's, the result, the reason a handful of bad events
are refused (not a JSON object, another seat, an unknown type, a card not held, a missing field), and
at the end the pickled state. The test runs it in its own process (the compiled engine, when built)
and in one with KARTENTISCH_PURE=1:

    python -m tests.engine.engine_cases <game> [matches]    # prints the results as JSON
"""

from __future__ import annotations

import base64
import json
import pickle
import random
import sys
from typing import Any

from games import native
from games.engine import CHANCE, JSON, GameState, IllegalAction, Rules, get_rules

#: matches a game, and their options (a Preisjass run is twelve games of four seats, a Preferans pool
#: many deals of three: each step's views are large)
MATCHES = {"schnapsen": 40, "preisjass": 3, "preferans": 8, "preferanzen": 8, "preference_vienna": 8}
OPTIONS: dict[str, JSON] = {game: {"deals": 6} for game in ("preferans", "preferanzen", "preference_vienna")}
#: the games played on another game's engine package (Vienna Preference on Preferanzen's)
SHARED = {"preferanzen": ("preference_vienna",)}
SEED = 9_100_000


def compiled_games() -> list[str]:
    """The games whose engine package is compiled (games/native.py's ENGINE_MODULES)."""
    packages = {m.split(".")[2] for m in native.ENGINE_MODULES if m.count(".") == 3}
    return sorted(game for package in packages for game in (package, *SHARED.get(package, ())))


def _refusal(rules: Rules[Any], state: GameState, event: Any) -> str:
    """Why `event` is refused ("taken" if it is not), checking that a refusal changes nothing."""
    probe = state.clone()
    before = json.dumps(probe.view(None), sort_keys=True)
    try:
        rules.apply_in_place(probe, event)
    except IllegalAction as refused:
        assert json.dumps(probe.view(None), sort_keys=True) == before, event
        return refused.reason
    return "taken"


def _bad_events(legal: list[Any], seats: int, rng: random.Random) -> list[Any]:
    action = dict(rng.choice(legal))
    other = {**action, "seat": (action["seat"] + 1) % seats}
    missing = {k: v for k, v in action.items() if k != "seat"}
    return [
        ["not", "an", "event"],
        None,
        other,
        {**action, "type": "no_such_event"},
        missing,
        {**action, "card": "XX"},
        {**action, "card": rng.choice(["AH", "TS", "KC", "QD", "JH"])},
        {**action, "extra": 1},
    ]


def results(game: str, matches: int | None = None, seed: int = SEED) -> dict[str, Any]:
    rules = get_rules(game)
    if matches is None:
        matches = MATCHES.get(game, 3)
    steps: list[Any] = []
    pickles: list[str] = []
    for m in range(matches):
        rng = random.Random(seed + m)
        start = rules.start_event(OPTIONS.get(game, {}))
        state = rules.initial_state(start)
        seats = rules.players(start["options"])
        while state.to_move is not None:
            if state.to_move == CHANCE:
                state = rules.apply(state, rules.chance_event(state, rng))
                continue
            legal = state.legal_actions()
            refusals = [_refusal(rules, state, bad) for bad in _bad_events(legal, seats, rng)]
            views = [state.view(s) for s in range(seats)] + [state.view(None)]
            steps.append([state.version, legal, views, state.result(), refusals])
            state = rules.apply(state, legal[rng.randrange(len(legal))])
        steps.append(["end", state.version, state.result()])
        pickles.append(base64.b64encode(pickle.dumps(state)).decode())
    return {"steps": json.loads(json.dumps(steps)), "pickles": pickles}


def unpickled(game: str, pickles: list[str]) -> list[Any]:
    """Every seat's view and the result of states pickled by the other process."""
    out = []
    for data in pickles:
        state = pickle.loads(base64.b64decode(data))
        out.append([state.version, state.view(0), state.view(None), state.result()])
    return json.loads(json.dumps(out))


if __name__ == "__main__":
    if sys.argv[1] == "unpickle":
        print(json.dumps(unpickled(sys.argv[2], json.load(sys.stdin))))
    else:
        print(json.dumps(results(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else None)))
