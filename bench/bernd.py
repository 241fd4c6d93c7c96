"""Preisjass Bernd (PIMC) vs Anton: Bernd's "Ø gegen Anton" with a confidence interval, time per move.

    .venv/bin/python -m bench bernd [--runs 40] [--budget 300] [--seed 1] [--jobs 1]

One Bernd and three Antons per run (12 games), Bernd's seat rotating with the run (run i: seat i % 4),
each run seeded (deal seed + i, AI rng seed (seed + i) ^ 0x5EED). Reports Bernd's average card points
per game with a 95% confidence interval over the runs (normal approximation), the Antons' average
(157 / 4 = 39.25 would be a fair share), and Bernd's time per move (wall clock and CPU) over the moves
with more than one legal card (a forced move takes no search).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from bench.table import median, percentile, print_table, run_all
from games.ai.anton_preisjass import AntonPreisjass
from games.ai.arena import JSON, play_match
from games.ai.base import Player
from games.ai.bernd_preisjass import BerndPreisjass

GAMES_PER_RUN = 12


class _Timed:
    """Bernd, with the wall and CPU seconds of each searched move (a forced move takes no search)."""

    def __init__(self, player: Player) -> None:
        self.player, self.name = player, player.name
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def choose(self, view: JSON, legal: list[JSON], rng: random.Random) -> JSON:
        w0, c0 = time.perf_counter(), time.process_time()
        event = self.player.choose(view, legal, rng)
        if len(legal) > 1:
            self.wall.append(time.perf_counter() - w0)
            self.cpu.append(time.process_time() - c0)
        return event


def bernd_run(seed: int, seat: int, budget_ms: float) -> tuple[list[int], list[float], list[float]]:
    """One seeded run with Bernd in `seat`; returns the totals and Bernd's wall and CPU seconds per
    searched move."""
    bernd, anton = _Timed(BerndPreisjass(budget_ms)), AntonPreisjass()
    players: list[Player] = [bernd if s == seat else anton for s in range(4)]
    result = play_match("preisjass", players, seed, ai_rng=random.Random(seed ^ 0x5EED))
    return list(result["totals"]), bernd.wall, bernd.cpu


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench bernd", description=__doc__)
    parser.add_argument("--runs", type=int, default=40, help="seeded runs of 12 games")
    parser.add_argument("--budget", type=float, default=300.0, help="Bernd's budget per move (ms)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)

    tasks = [(args.seed + i, i % 4, args.budget) for i in range(args.runs)]
    results = run_all(bernd_run, tasks, args.jobs)

    per_run = [
        totals[seat] / GAMES_PER_RUN for (totals, _, _), (_, seat, _) in zip(results, tasks, strict=True)
    ]
    others = [
        (sum(totals) - totals[seat]) / (3 * GAMES_PER_RUN)
        for (totals, _, _), (_, seat, _) in zip(results, tasks, strict=True)
    ]
    mean = statistics.fmean(per_run)
    half = 1.96 * statistics.stdev(per_run) / math.sqrt(len(per_run)) if len(per_run) > 1 else float("nan")
    wall = [t * 1000 for _, w, _ in results for t in w]
    cpu = [t * 1000 for _, _, c in results for t in c]
    rows: list[list[object]] = [
        [f"Bernd pts/game vs 3 Anton ({args.runs} runs = {args.runs * GAMES_PER_RUN} games)", mean],
        ["  95% confidence interval (runs as samples)", f"{mean - half:.2f} .. {mean + half:.2f}"],
        ["  Anton pts/game at the same tables", statistics.fmean(others)],
        ["  fair share pts/game (157 / 4)", 157 / 4],
        [f"Bernd budget per move (ms), searched moves: {len(wall)}", args.budget],
        ["Bernd wall time per move, median / p95 / max (ms)", _triple(wall)],
        ["Bernd CPU time per move, median / p95 / max (ms)", _triple(cpu)],
    ]
    print_table("Preisjass: Bernd vs Anton", ["measure", "value"], rows)


def _triple(ms: list[float]) -> str:
    return f"{median(ms):.1f} / {percentile(ms, 95):.1f} / {max(ms):.1f}"
