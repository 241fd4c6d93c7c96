"""One stored match per game under an older rules version: matches that must replay forever.

Recorded with rules version 1 of every engine, before version 2 (options named explicitly in the
start event, docs/architecture.md "How a rules change is made from now on"). The start events keep
the options exactly as a version-1 table was asked for: where an option was left out, version 1
filled in its default at replay, and the version-1 upcaster now does. Same format as the stored
fixtures beside it (tests/engine/stored_fixtures.py), plus the rules version they were recorded under.

Rules version 2 (every option named) is recorded for the games that then got a version 3 (Schnapsen's
`deals`, Preisjass's `games`), before that change.

Never regenerate with a newer engine: the point is that these were written by the old one. The file
names say the version: fixtures/rules_v<version>/<game>.json.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from games.engine import CHANCE, get_rules
from tests.engine.stored_fixtures import FIXTURES, SAMPLES, digests, snapshot

#: game -> start options as asked for (some left to the version's defaults); short matches
OLD_MATCHES: dict[str, dict[str, Any]] = {
    "preisjass": {},
    "schnapsen": {"start_score": 1},  # first_dealer left to version 1's default (seat 0)
    "preferanzen": {"deals": 2},
    "preference_vienna": {"deals": 2},
    "preferans": {"pool": 10, "max_deals": 2},  # players, variant, ascending_raspasy left to defaults
}
#: rules version 2 names every option: recorded before version 3 of these games (a new option)
V2_MATCHES: dict[str, dict[str, Any]] = {
    "preisjass": {},
    "schnapsen": {"start_score": 2, "first_dealer": 1},
}
#: rules version -> the matches recorded under it
MATCHES: dict[str, dict[str, dict[str, Any]]] = {"1": OLD_MATCHES, "2": V2_MATCHES}


def fixture_path(version: str, game: str) -> Path:
    return FIXTURES / f"rules_v{version}" / f"{game}.json"


def play_old_match(game: str, options: dict[str, Any], seed: int) -> list[dict[str, Any]]:
    """A whole match with uniformly random legal choices from a start event that carries `options`
    as given (not normalized), stamped with the engine's rules version."""
    rules = get_rules(game)
    rng = random.Random(seed)
    start = {
        "type": "start",
        "game": game,
        "players": rules.players(rules.normalize_options(options)),
        "options": dict(options),
        "rules_version": rules.rules_version,
    }
    events = [start]
    state = rules.initial_state(start)
    while state.to_move is not None:
        if state.to_move == CHANCE:
            event = rules.chance_event(state, rng)
        else:
            event = rng.choice(state.legal_actions())
        events.append(event)
        state = rules.apply(state, event)
    return events


def record(game: str) -> dict[str, Any]:
    seed = 7000 + len(game)
    options = MATCHES[get_rules(game).rules_version][game]
    events = json.loads(json.dumps(play_old_match(game, options, seed)))
    rng = random.Random(seed + 1)
    steps = sorted(set(rng.sample(range(1, len(events)), min(SAMPLES, len(events) - 1))) | {len(events)})
    match = {
        "seed": seed,
        "events": events,
        "checkpoints": [snapshot(game, events, k) for k in steps],
        "digests": digests(game, events),
    }
    return {"game": game, "rules_version": get_rules(game).rules_version, "matches": [match]}


def main() -> None:
    """Records every game listed for its engine's current rules version."""
    for game in OLD_MATCHES:
        if game not in MATCHES.get(get_rules(game).rules_version, {}):
            continue  # no match listed for this engine's current version
        data = record(game)
        path = fixture_path(data["rules_version"], game)
        if path.exists():
            raise SystemExit(f"{path} exists: an old version's fixture is never written again")
        path.parent.mkdir(exist_ok=True)
        path.write_text(json.dumps(data, separators=(",", ":"), sort_keys=True) + "\n")
        print(f"{path}: {path.stat().st_size // 1024} KB, {len(data['matches'][0]['events'])} events")


if __name__ == "__main__":
    main()
