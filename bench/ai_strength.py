"""AI strength: each AI version against Anton ("Ø gegen Anton"), written to games/ai/strength.json.

    python -m bench ai_strength [--game preisjass] [--matches 40]
    python -m bench ai_strength --game schnapsen [--versions dora carla] [--pairs 200]
        [--seeds report|tune] [--budget 1.0] [--no-write]

Preisjass: one player of the measured version sits at a table of Anton players, rotating through
every seat over seeded matches; the figure is its average score per deal (card points per game).

Schnapsen: duplicate Bummerls heads-up. Each seed is one pair: the Bummerl is played twice with the same
deals (chance comes from the seed alone), the version in seat 0 first and in seat 1 after. The figure
is the share of Bummerls the version wins, with a 95% interval over the pairs (normal approximation on
the pair scores 0, ½, 1, which keeps the duplicate pairing) and the Wilson interval over Bummerls
beside it. Seeds come from named ranges: tune on "tune", report on "report". `--budget` scales the
players' node budgets (tuning runs use less); only a run at 1.0 on "report" is written for the site.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from pathlib import Path
from typing import Any

from bench.table import percentile, print_table
from games.ai import DEFAULT_VERSION, available_versions, get_player
from games.ai.arena import play_match
from games.ai.base import JSON, Player
from games.engine import available_games, get_rules

STRENGTH_FILE = Path(__file__).resolve().parent.parent / "games" / "ai" / "strength.json"
SEED_RANGES = {"tune": 1_000_000, "report": 2_000_000}
Z95 = 1.959964


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


class _Timed:
    """A player that records the CPU time of each of its decisions (this thread only)."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.name = player.name
        self.cpu: list[float] = []

    def choose(self, view: JSON, legal: list[JSON], rng: random.Random) -> JSON:
        started = time.thread_time()
        action = self.player.choose(view, legal, rng)
        self.cpu.append(time.thread_time() - started)
        return action


def wilson(wins: float, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
    return centre - half, centre + half


def pair_interval(scores: list[float]) -> tuple[float, float]:
    n = len(scores)
    mean = sum(scores) / n
    if n < 2:
        return (0.0, 1.0)
    var = sum((s - mean) ** 2 for s in scores) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return max(0.0, mean - half), min(1.0, mean + half)


def duplicate(game: str, version: str, pairs: int, first_seed: int, budget: float) -> dict[str, Any]:
    """Heads-up duplicate Bummerls of `version` against Anton."""
    player = get_player(game, version)
    if budget != 1.0 and hasattr(player, "nodes"):
        player.nodes = max(1, int(player.nodes * budget))
    timed = _Timed(player)
    anton = get_player(game, DEFAULT_VERSION)
    scores: list[float] = []
    started = time.perf_counter()
    for i in range(pairs):
        seed = first_seed + i
        score = 0.0
        for seat in (0, 1):
            seats: list[Player] = [anton, anton]
            seats[seat] = timed
            result = play_match(game, seats, seed=seed, ai_rng=random.Random(seed * 2 + seat))
            score += 0.5 * (result["winner"] == seat)
        scores.append(score)
    seconds = time.perf_counter() - started
    wins = 2 * sum(scores)
    stats = getattr(player, "stats", {})
    cpu = sum(timed.cpu)
    return {
        "mean": 100 * sum(scores) / pairs,
        "low": 100 * pair_interval(scores)[0],
        "high": 100 * pair_interval(scores)[1],
        "wilson": [100 * x for x in wilson(wins, 2 * pairs)],
        "pairs": pairs,
        "bummerls": 2 * pairs,
        "wins": int(wins),
        "decisions": len(timed.cpu),
        "p95_cpu_ms": 1000 * percentile(timed.cpu, 95),
        "max_cpu_ms": 1000 * max(timed.cpu),
        "decisions_per_s": len(timed.cpu) / cpu if cpu else None,
        "worlds_per_s": stats.get("worlds", 0) / cpu if cpu else None,
        "nodes_per_s": stats.get("nodes", 0) / cpu if cpu else None,
        "wall_s": seconds,
    }


def write_figure(
    game: str, version: str, figure: dict[str, Any], seeds: str, path: Path = STRENGTH_FILE
) -> None:
    data: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    entry = data.setdefault(game, {})
    entry["rules_version"] = get_rules(game).rules_version
    entry["unit"] = "bummerl_win_percent"
    entry["reference"] = {"version": DEFAULT_VERSION, "mean": 50.0}
    versions = entry.setdefault("versions", {})
    versions[version] = {
        "ai_version": version,
        "ai_name": get_player(game, version).name,
        "mean": round(figure["mean"], 1),
        "low": round(figure["low"], 1),
        "high": round(figure["high"], 1),
        "pairs": figure["pairs"],
        "seeds": f"{seeds} {SEED_RANGES[seeds]}..{SEED_RANGES[seeds] + figure['pairs'] - 1}",
        "p95_cpu_ms": round(figure["p95_cpu_ms"], 1),
        "decisions_per_s": round(figure["decisions_per_s"] or 0, 1),
        "nodes_per_s": round(figure["nodes_per_s"] or 0),
    }
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")


def _schnapsen(args: argparse.Namespace) -> None:
    versions = args.versions or [
        v for v in available_versions("schnapsen") if v not in (DEFAULT_VERSION, "random")
    ]
    rows = []
    for version in versions:
        figure = duplicate("schnapsen", version, args.pairs, SEED_RANGES[args.seeds], args.budget)
        if not args.no_write and args.budget == 1.0 and args.seeds == "report":
            write_figure("schnapsen", version, figure, args.seeds)
        rows.append(
            [
                version,
                f"{figure['mean']:.1f}%",
                f"{figure['low']:.1f}..{figure['high']:.1f}",
                "{:.1f}..{:.1f}".format(*figure["wilson"]),
                figure["pairs"],
                figure["decisions_per_s"] or 0.0,
                figure["nodes_per_s"] or 0.0,
                figure["p95_cpu_ms"],
                figure["max_cpu_ms"],
            ]
        )
    print_table(
        f"Schnapsen duplicate Bummerls against Anton ({args.seeds} seeds, budget x{args.budget})",
        [
            "version",
            "won",
            "95% CI pairs",
            "95% Wilson",
            "pairs",
            "decisions/s",
            "nodes/s",
            "p95 CPU ms",
            "max ms",
        ],
        rows,
    )


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench ai_strength")
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--game", action="append")
    parser.add_argument("--versions", nargs="*")
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--seeds", choices=sorted(SEED_RANGES), default="report")
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args(argv)
    games = args.game or available_games()
    if "schnapsen" in games:
        _schnapsen(args)
    rows = []
    for game in games:
        if game == "schnapsen":
            continue
        for version in available_versions(game):
            rows.append([game, version, strength(game, version, args.matches), args.matches])
    if rows:
        print_table(
            "Average score per deal against Anton (one such player, Anton elsewhere)",
            ["game", "version", "Ø per deal", "matches"],
            rows,
        )
