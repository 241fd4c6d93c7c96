"""Post-match analysis: CPU seconds to analyse a whole match (every seat's decisions), per game.

    .venv/bin/python -m bench analysis [--matches 3] [--seed 1] [--games schnapsen,preisjass,preferanzen]

Each match (a Schnapsen Bummerl to 7, a Preisjass run of 12 games, a Preferanzen or Vienna match with
the default options) is played by Anton at every seat from a seeded deal, then analysed with
`games.ai.analysis` as the analysis worker does (both angles, every seat). Reports per game the
decisions analysed and the CPU time per match (process time: the work one worker spends) and per
decision; goals: a Bummerl within 3 s, a Preisjass run within 20 s, a Preferanzen or Vienna match
within 30 s, a Preferans match (a pool to the default end) within 30 s.
"""

from __future__ import annotations

import argparse
import time
from collections import deque

from bench.table import median, print_table
from games.ai.analysis.base import JSON, analyse_match
from games.ai.analysis.registry import analysed_games, get_analyser
from games.ai.arena import anton_match

GOALS = {
    "schnapsen": 3.0,
    "preisjass": 20.0,
    "preferanzen": 30.0,
    "preference_vienna": 30.0,
    "preferans": 30.0,
}


def _match(game: str, seed: int) -> list[JSON]:
    """The events of a match Anton plays at every seat."""
    ((events, _),) = deque(anton_match(game, seed), maxlen=1)
    return events


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench analysis")
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default=",".join(analysed_games()))
    args = parser.parse_args(argv)
    rows = []
    for game in args.games.split(","):
        analyser = get_analyser(game)
        assert analyser is not None, f"no analyser for {game}"
        seconds, decisions = [], []
        for i in range(args.matches):
            events = _match(game, args.seed + i)
            start = time.process_time()
            result = analyse_match(analyser, events)
            seconds.append(time.process_time() - start)
            decisions.append(len(result["decisions"]))
        per_decision = sum(seconds) / max(1, sum(decisions))
        rows.append(
            [
                game,
                args.matches,
                median(decisions),
                median(seconds),
                max(seconds),
                per_decision * 1000,
                GOALS.get(game, float("nan")),
            ]
        )
    print_table(
        "Whole-match analysis, CPU seconds (every seat, both angles)",
        ["game", "matches", "decisions (median)", "s median", "s max", "ms/decision", "goal s"],
        rows,
    )
