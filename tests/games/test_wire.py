"""The sockets' JSON text (games/live/wire.py) reads back as the standard library's would, for every
seat's view and legal actions along random playouts of every game, and for keys that are not strings."""

from __future__ import annotations

import json
import random

import pytest

from games import engine
from games.engine import CHANCE
from games.live import wire


def test_keys_that_are_not_strings_and_letters_outside_ascii() -> None:
    value = {"t": "state", 1: ["Жора", "Müller"], "d": (3, None, True, 0.5)}
    text = wire.dumps(value)
    assert json.loads(text) == json.loads(json.dumps(value))
    assert "Жора" in text and " " not in text


@pytest.mark.parametrize("game", sorted(engine.available_games()))
def test_every_view_of_a_random_playout_reads_back_the_same(game: str) -> None:
    rules = engine.get_rules(game)
    rng = random.Random(7)
    options = rules.default_options()
    state = rules.initial_state(rules.start_event(options))
    seats = rules.players(options)
    seen = 0
    while state.to_move is not None and seen < 400:
        if state.to_move == CHANCE:
            state = rules.apply_in_place(state, rules.chance_event(state, rng))
            continue
        for seat in range(seats):
            view = {"state": state.view(seat), "legal": state.legal_actions(), "seat": seat}
            assert json.loads(wire.dumps(view)) == json.loads(json.dumps(view))
            seen += 1
        legal = state.legal_actions()
        state = rules.apply_in_place(state, legal[rng.randrange(len(legal))])
    assert seen > 20
