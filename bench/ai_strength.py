"""AI strength: each AI version's average result per deal against Anton ("Ø gegen Anton").

    python -m bench ai_strength [--matches 40] [--game preisjass]

One player of the measured version sits at a table of Anton players, rotating through every seat over
seeded matches; the figure is its average score per deal (Preisjass: card points per game, fair
share 157/4 = 39.25). games/ai_strength.py records the figures the site shows.
"""

from __future__ import annotations

import argparse

from bench.table import print_table
from games.ai import DEFAULT_VERSION, available_versions, get_player
from games.ai.arena import play_match
from games.engine import available_games, get_rules


def strength(game: str, version: str, matches: int) -> float:
    seats = get_rules(game).players(get_rules(game).default_options())
    total, deals = 0.0, 0
    for i in range(matches):
        seat = i % seats
        versions = [DEFAULT_VERSION] * seats
        versions[seat] = version
        result = play_match(game, [get_player(game, v) for v in versions], seed=10_000 + i)
        totals = result["totals"]
        assert isinstance(totals, list)
        total += float(totals[seat])
        deals += len(result["deals"])
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
