"""AI strength: each AI version's average result per deal against Anton ("Ø gegen Anton").

    python -m bench ai_strength [--matches 40] [--game preisjass]

One player of the measured version sits at a table of Anton players, rotating through every seat over
seeded matches; the figure is its average score per deal (Preisjass: card points per game, fair
share 157/4 = 39.25). games/ai_strength.py records the figures the site shows.
"""

from __future__ import annotations

import argparse
import random

from bench.table import print_table
from games.ai import DEFAULT_VERSION, available_versions, get_player
from games.engine import CHANCE, available_games, get_rules


def play_match(game: str, versions: list[str], seed: int) -> dict[str, object]:
    rules = get_rules(game)
    rng = random.Random(seed)
    players = [get_player(game, v) for v in versions]
    state = rules.initial_state(rules.start_event({}))
    while state.to_move is not None:
        if state.to_move == CHANCE:
            event = rules.chance_event(state, rng)
        else:
            seat = state.to_move
            assert isinstance(seat, int)
            event = players[seat].choose(state.view(seat), state.legal_actions(), rng)
        state = rules.apply_in_place(state, event)
    return state.result()


def strength(game: str, version: str, matches: int) -> float:
    seats = get_rules(game).players(get_rules(game).default_options())
    total, deals = 0.0, 0
    for i in range(matches):
        seat = i % seats
        versions = [DEFAULT_VERSION] * seats
        versions[seat] = version
        result = play_match(game, versions, seed=10_000 + i)
        totals = result["totals"]
        assert isinstance(totals, list)
        total += float(totals[seat])
        deals += len(result["deals"])  # type: ignore[arg-type]
    return total / max(1, deals)


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench ai_strength")
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--game", action="append")
    args = parser.parse_args(argv)
    rows = []
    for game in args.game or available_games():
        for version in available_versions(game):
            rows.append([game, version, strength(game, version, args.matches), args.matches])
    print_table(
        "Average score per deal against Anton (one such player, Anton elsewhere)",
        ["game", "version", "Ø per deal", "matches"],
        rows,
    )
