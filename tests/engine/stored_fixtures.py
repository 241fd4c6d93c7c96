"""Stored matches of every game, recorded by the engine as it was before the one-skeleton refactor.

Each fixture file holds a few seeded random matches: their events, for a sample of steps the
expected view of every seat and of a spectator plus the result, and after every event a fingerprint
(sha256 prefix) of all those views and the result. `test_stored_fixtures.py` replays them
and compares, so a refactor that changes any event's meaning or any view fails it.

Regenerate only on purpose (it overwrites the recorded expectations):
    .venv/bin/python -m tests.engine.stored_fixtures
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from games.engine import CHANCE, get_rules

FIXTURES = Path(__file__).parent / "fixtures"

#: game -> (start options, number of matches); short matches keep the files small
GAMES: dict[str, tuple[dict[str, Any], int]] = {
    "preisjass": ({}, 1),
    "schnapsen": ({"start_score": 3}, 3),
    "preferanzen": ({"deals": 4}, 2),
    "preference_vienna": ({"deals": 4}, 2),
    "preferans": ({"pool": 10, "max_deals": 6}, 1),
}
#: the preferans matches also cover 4 players and the other variants
PREFERANS_EXTRA: list[dict[str, Any]] = [
    {"players": 4, "pool": 10, "variant": "rostov", "max_deals": 4, "ascending_raspasy": True},
    {"pool": 10, "variant": "leningrad", "max_deals": 4},
]
SAMPLES = 3  # full checkpoints per match besides the last event


def _options(game: str) -> list[dict[str, Any]]:
    options, count = GAMES[game]
    out = [dict(options) for _ in range(count)]
    if game == "preferans":
        out += PREFERANS_EXTRA
    return out


def play_match(game: str, options: dict[str, Any], seed: int) -> list[dict[str, Any]]:
    """A whole match with uniformly random legal choices, seeded."""
    rules = get_rules(game)
    rng = random.Random(seed)
    events = [rules.start_event(options)]
    state = rules.initial_state(events[0])
    while state.to_move is not None:
        if state.to_move == CHANCE:
            event = rules.chance_event(state, rng)
        else:
            event = rng.choice(state.legal_actions())
        events.append(event)
        state = rules.apply(state, event)
    return events


def snapshot(game: str, events: list[dict[str, Any]], upto: int) -> dict[str, Any]:
    """Every seat's view, the spectator's view and the result after `events[:upto]`."""
    rules = get_rules(game)
    state = rules.replay(events[:upto])
    seats = rules.players(events[0]["options"])
    return {
        "upto": upto,
        "to_move": state.to_move,
        "views": [state.view(s) for s in range(seats)] + [state.view(None)],
        "result": state.result(),
    }


def digest(state: Any, seats: int) -> str:
    """A short fingerprint of every seat's view, the spectator's view and the result of `state`."""
    seen = [state.view(s) for s in range(seats)] + [state.view(None), state.result()]
    return hashlib.sha256(json.dumps(seen, sort_keys=True).encode()).hexdigest()[:16]


def digests(game: str, events: list[dict[str, Any]]) -> list[str]:
    """The fingerprint after each event, applied one at a time."""
    rules = get_rules(game)
    seats = rules.players(events[0]["options"])
    state = rules.initial_state(events[0])
    out = [digest(state, seats)]
    for event in events[1:]:
        state = rules.apply(state, event)
        out.append(digest(state, seats))
    return out


def record(game: str) -> dict[str, Any]:
    matches = []
    for index, options in enumerate(_options(game)):
        seed = 1000 * (index + 1) + len(game)
        events = play_match(game, options, seed)
        rng = random.Random(seed + 1)
        steps = sorted(set(rng.sample(range(1, len(events)), min(SAMPLES, len(events) - 1))) | {len(events)})
        # JSON round trip: what is stored is what a database would give back
        events = json.loads(json.dumps(events))
        matches.append(
            {
                "seed": seed,
                "events": events,
                "checkpoints": [snapshot(game, events, k) for k in steps],
                "digests": digests(game, events),
            }
        )
    return {"game": game, "matches": matches}


def main() -> None:
    FIXTURES.mkdir(exist_ok=True)
    for game in GAMES:
        path = FIXTURES / f"{game}.json"
        path.write_text(json.dumps(record(game), separators=(",", ":"), sort_keys=True) + "\n")
        print(f"{path}: {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
