"""Event lists stored before the one-skeleton refactor replay to the same states.

The fixtures (tests/engine/fixtures/, written by tests/engine/stored_fixtures.py with the engines as
they were) hold seeded random matches of all five games. Replaying them must give, at every sampled
step, exactly the recorded view of every seat and of a spectator and the recorded result, and after
every single event the recorded fingerprint of all of those.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.engine import get_rules
from tests.engine.stored_fixtures import FIXTURES, GAMES, digests


def _load(game: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / f"{game}.json").read_text())
    assert data["game"] == game
    return data


@pytest.mark.parametrize("game", list(GAMES))
def test_stored_matches_replay_to_the_recorded_views_and_results(game: str) -> None:
    rules = get_rules(game)
    matches = _load(game)["matches"]
    assert matches
    for match in matches:
        events = match["events"]
        seats = rules.players(events[0]["options"])
        final = rules.replay(events)
        assert final.to_move is None and final.result()["finished"]
        for point in match["checkpoints"]:
            state = rules.replay(events[: point["upto"]])
            assert state.to_move == point["to_move"]
            assert len(point["views"]) == seats + 1
            for seat, expected in zip([*range(seats), None], point["views"], strict=True):
                assert state.view(seat) == expected, f"{game} seed {match['seed']} step {point['upto']}"
            assert state.result() == point["result"]


@pytest.mark.parametrize("game", list(GAMES))
def test_stored_matches_give_the_recorded_fingerprint_after_every_event(game: str) -> None:
    for match in _load(game)["matches"]:
        got = digests(game, match["events"])
        assert len(got) == len(match["events"])
        pairs = enumerate(zip(got, match["digests"], strict=True))
        first_diff = next((i for i, (a, b) in pairs if a != b), None)
        assert first_diff is None, f"{game} seed {match['seed']}: first different state: event {first_diff}"
