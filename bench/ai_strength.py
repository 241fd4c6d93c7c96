"""AI strength: each AI version against Anton ("Ø gegen Anton"), written to games/ai/strength.json.

    python -m bench ai_strength --game schnapsen [--versions dora carla] [--pairs 200]
        [--seeds report|rerun|tune] [--budget 1.0] [--no-write] [--per-set] [--options '{"max_deals": 200}']

Duplicate deals for every game: each seed is one set, the match is played once per seat with the same
deals (chance comes from the seed alone, the players draw from their own generators), the measured
version in that seat and Anton in all the others. A set's score is the mean of the version's scores over
its seats, so the luck of the cards cancels out; the figure is the mean over the sets with a 95%
interval (Student's t on the set scores, which keeps the duplicate pairing). What a score is,
per game, is its pack's `strength` (games/packs; Schnapsen: the share of Bummerls won heads-up).

Seeds come from named ranges: tune on "tune", report on "report", check on "rerun". `--budget` scales
the players' search budgets (tuning runs use less). Only full-budget runs are written for the site:
"report" writes the figure, "rerun" the check beside it.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.table import percentile, print_table
from games import packs
from games.ai import DEFAULT_VERSION, available_versions, get_player, revisions
from games.ai.arena import play_match
from games.ai.base import JSON, InformedPlayer, Player, decide
from games.catalog.ai_strength import rerun_revision
from games.engine import GameState, get_rules
from games.engine.information import InformationState
from games.packs.base import Strength

STRENGTH_FILE = Path(__file__).resolve().parent.parent / "games" / "ai" / "strength.json"
SEED_RANGES = {"tune": 1_000_000, "report": 2_000_000, "rerun": 3_000_000}
Z95 = 1.959964


# How each game's figure is counted: its pack's `strength` (games/packs). A game without one is not measured.
Measure = Strength
GAMES: dict[str, Measure] = {p.name: p.strength for p in packs.all_packs() if p.strength is not None}


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


class _TimedInformed(_Timed):
    """A timed player that remembers the deal: the arena keeps its seat's information state."""

    def choose_informed(self, info: InformationState, legal: list[JSON], rng: random.Random) -> JSON:
        started = time.thread_time()
        action = decide(self.player, info, legal, rng)
        self.cpu.append(time.thread_time() - started)
        return action


def wilson(wins: float, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
    return centre - half, centre + half


# Student's t, two-sided 95%, by degrees of freedom: a run of few sets (a Preisjass set is four runs of
# twelve games) must not claim the normal interval. Between rows the smaller df is taken (wider).
_T95 = {
    1: 12.706,
    2: 4.303,
    3: 3.182,
    4: 2.776,
    5: 2.571,
    6: 2.447,
    7: 2.365,
    8: 2.306,
    9: 2.262,
    10: 2.228,
    11: 2.201,
    12: 2.179,
    13: 2.160,
    14: 2.145,
    15: 2.131,
    16: 2.120,
    17: 2.110,
    18: 2.101,
    19: 2.093,
    20: 2.086,
    21: 2.080,
    22: 2.074,
    23: 2.069,
    24: 2.064,
    25: 2.060,
    26: 2.056,
    27: 2.052,
    28: 2.048,
    29: 2.045,
    30: 2.042,
    40: 2.021,
    60: 2.000,
    120: 1.980,
}


def t95(df: int) -> float:
    """The 97.5% quantile of Student's t with `df` degrees of freedom (the normal one past 120)."""
    if df > 120:
        return Z95
    return _T95[max(k for k in _T95 if k <= df)]


def mean_interval(scores: list[float]) -> tuple[float, float, float]:
    """(mean, low, high): the 95% interval (Student's t) of the mean of independent set scores."""
    n = len(scores)
    mean = sum(scores) / n
    if n < 2:
        return mean, -math.inf, math.inf
    var = sum((s - mean) ** 2 for s in scores) / (n - 1)
    half = t95(n - 1) * math.sqrt(var / n)
    return mean, mean - half, mean + half


def pair_interval(scores: list[float]) -> tuple[float, float]:
    """The interval of a share (set scores in 0..1), clipped to 0..1."""
    if len(scores) < 2:
        return (0.0, 1.0)
    _, low, high = mean_interval(scores)
    return max(0.0, low), min(1.0, high)


def duplicate(
    game: str,
    version: str,
    pairs: int,
    first_seed: int,
    budget: float,
    options: JSON | None = None,
    player: Player | None = None,
    before_decision: Callable[[GameState], None] | None = None,
) -> dict[str, Any]:
    """`pairs` sets of duplicate matches of `version` (or of `player`, when given) against Anton (one
    match per seat and seed); `options` override the Measure's match options; `before_decision` goes
    to the arena (bench ceiling's players)."""
    measure = GAMES[game]
    match_options = {**measure.options, **(options or {})}
    if player is None:
        player = get_player(game, version)
    if budget != 1.0 and hasattr(player, "nodes"):
        player.nodes = max(1, int(player.nodes * budget))
    timed = (_TimedInformed if isinstance(player, InformedPlayer) else _Timed)(player)
    anton = get_player(game, DEFAULT_VERSION)
    rules = get_rules(game)
    seats_n = rules.players({**rules.default_options(), **match_options})
    scores: list[float] = []
    deals = 0
    started = time.perf_counter()
    for i in range(pairs):
        seed = first_seed + i
        total = 0.0
        for seat in range(seats_n):
            seats: list[Player] = [anton] * seats_n
            seats[seat] = timed
            result = play_match(
                game,
                seats,
                seed=seed,
                options=match_options or None,
                ai_rng=random.Random(seed * seats_n + seat),
                before_decision=before_decision,
            )
            total += measure.score(result, seat)
            deals += measure.deals(result)
        scores.append(total / seats_n)
    seconds = time.perf_counter() - started
    mean, low, high = mean_interval(scores)
    stats = getattr(player, "stats", {})
    cpu = sum(timed.cpu)
    figure: dict[str, Any] = {
        "mean": mean,
        "low": low,
        "high": high,
        "pairs": pairs,
        "matches": pairs * seats_n,
        "deals": deals,
        "decisions": len(timed.cpu),
        "p95_cpu_ms": 1000 * percentile(timed.cpu, 95) if timed.cpu else 0.0,
        "max_cpu_ms": 1000 * max(timed.cpu, default=0.0),
        "decisions_per_s": len(timed.cpu) / cpu if cpu else None,
        "worlds_per_s": stats.get("worlds", 0) / cpu if cpu else None,
        "nodes_per_s": stats.get("nodes", 0) / cpu if cpu else None,
        # decisions the CPU-time safety cap stopped (not the node budget): 0 means every decision
        # reproduces from the seed on any machine
        "capped": stats.get("capped", 0),
        "wall_s": seconds,
        # each set's score by its seed, for paired comparisons of two players on the same sets
        "set_scores": {first_seed + i: score for i, score in enumerate(scores)},
    }
    if measure.unit == "bummerl_win_percent":
        figure["bummerls"] = pairs * seats_n
        figure["wins"] = round(sum(scores) * seats_n / 100)
        figure["wilson"] = [100 * x for x in wilson(figure["wins"], figure["bummerls"])]
        figure["low"], figure["high"] = (100 * x for x in pair_interval([s / 100 for s in scores]))
    return figure


def _seed_label(seeds: str, pairs: int) -> str:
    return f"{seeds} {SEED_RANGES[seeds]}..{SEED_RANGES[seeds] + pairs - 1}"


def write_figure(
    game: str, version: str, figure: dict[str, Any], seeds: str, path: Path = STRENGTH_FILE
) -> None:
    """Record a full-budget run: "report" seeds give the site's figure, "rerun" seeds its check."""
    measure = GAMES[game]
    data: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    entry = data.setdefault(game, {})
    rules_version = get_rules(game).rules_version
    if entry.get("rules_version", rules_version) != rules_version:
        # figures measured under an older rules version keep saying so (games.catalog.ai_strength
        # shows them while that version plays like the newest)
        for older in entry.get("versions", {}).values():
            older.setdefault("rules_version", entry["rules_version"])
    entry["rules_version"] = rules_version
    entry["unit"] = measure.unit
    entry["reference"] = {"version": DEFAULT_VERSION, "mean": measure.reference}
    versions = entry.setdefault("versions", {})
    if seeds == "rerun":
        versions.setdefault(version, {})["rerun"] = {
            "mean": round(figure["mean"], 1),
            "low": round(figure["low"], 1),
            "high": round(figure["high"], 1),
            "pairs": figure["pairs"],
            "seeds": _seed_label(seeds, figure["pairs"]),
            "ai_version": revisions.current_label(game, version),  # the revision checked
        }
        path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")
        return
    previous = versions.get(version, {})
    versions[version] = {
        "ai_version": revisions.current_label(game, version),  # the revision measured
        "against": revisions.current_label(game, DEFAULT_VERSION),  # and the reference's
        "ai_name": get_player(game, version).name,
        "mean": round(figure["mean"], 1),
        "low": round(figure["low"], 1),
        "high": round(figure["high"], 1),
        "pairs": figure["pairs"],
        "deals": figure.get("deals"),
        "seeds": _seed_label(seeds, figure["pairs"]),
        "p95_cpu_ms": round(figure["p95_cpu_ms"], 1),
        "decisions_per_s": round(figure["decisions_per_s"] or 0, 1),
        "nodes_per_s": round(figure["nodes_per_s"] or 0),
        "capped": figure.get("capped", 0),
    }
    if "rerun" in previous and rerun_revision(previous, version) == versions[version]["ai_version"]:
        versions[version]["rerun"] = previous["rerun"]  # a check of another revision is not this one's
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")


def _measure(game: str, args: argparse.Namespace) -> None:
    measure = GAMES[game]
    versions = args.versions or [v for v in available_versions(game) if v not in (DEFAULT_VERSION, "random")]
    rows = []
    for version in versions:
        options = json.loads(args.options) if args.options else None
        figure = duplicate(game, version, args.pairs, SEED_RANGES[args.seeds], args.budget, options)
        if not args.no_write and not options and args.budget == 1.0 and args.seeds in ("report", "rerun"):
            write_figure(game, version, figure, args.seeds)
        if args.per_set:
            print_sets(version, figure)
        rows.append(
            [
                version,
                f"{figure['mean']:.2f}",
                f"{figure['low']:.2f}..{figure['high']:.2f}",
                figure["pairs"],
                figure["matches"],
                figure["deals"],
                figure["decisions_per_s"] or 0.0,
                figure["nodes_per_s"] or 0.0,
                figure["p95_cpu_ms"],
                figure["max_cpu_ms"],
                figure["capped"],
            ]
        )
    print_table(
        f"{game}: duplicate {measure.label} against Anton, {measure.unit} (Anton {measure.reference}); "
        f"seeds {_seed_label(args.seeds, args.pairs)}, budget x{args.budget}, "
        f"options {json.dumps({**measure.options, **json.loads(args.options or '{}')})}",
        [
            "version",
            measure.unit,
            "95% CI",
            "sets",
            measure.label,
            "deals",
            "decisions/s",
            "nodes/s",
            "p95 CPU ms",
            "max ms",
            "time-capped",
        ],
        rows,
    )


def print_sets(version: str, figure: dict[str, Any]) -> None:
    print_table(
        f"{version}: score per set (pair two runs on the same seeds set by set)",
        ["seed", "score"],
        [[seed, f"{score:.3f}"] for seed, score in figure["set_scores"].items()],
    )


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench ai_strength")
    parser.add_argument("--game", action="append", choices=sorted(GAMES))
    parser.add_argument("--versions", nargs="*")
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--seeds", choices=sorted(SEED_RANGES), default="report")
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--per-set", action="store_true", help="also print each set's score by seed")
    parser.add_argument("--options", help="match options over the game's own, as JSON (never written)")
    args = parser.parse_args(argv)
    for game in args.game or sorted(GAMES):
        _measure(game, args)
