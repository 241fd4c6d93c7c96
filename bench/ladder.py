"""AI ladder: every level of a game rated on one scale from a round robin of duplicate matches.

    python -m bench ladder --game schnapsen [--levels lena anton carla dora] [--pairs 12]
        [--first-seed 4000000] [--options '{"max_deals": 2}'] [--no-write] [--jobs 2]

For every two levels A and B and every seed, one duplicate set: with n seats, n tables with A in seat k
and B in all the others and (three or more seats) n tables with B in seat k and A in all the others,
all on the seed's deals (chance comes from the seed alone, the players draw from their own generators).
The set compares A's and B's scores in the same seats on the same cards (the pack's `strength` score:
Bummerls won, points a game, whists or points a deal); the higher mean wins the set, equal means draw.
Each set is one game of the openskill Plackett-Luce model, the sets taken seed by seed in a fixed order,
so a run is reproducible; a level's rating is its mu and its interval mu ± 2 sigma. A second table gives
each pair's mean score difference per set with its 95% interval (Student's t over the sets).

The budget is fixed by the options: `--pairs` sets per pair of levels, seeds `--first-seed` onwards (the
"ladder" range, 4000000.., apart from the tune, report and rerun ranges of `bench ai_strength`), and
`--options` for shorter matches (e.g. fewer deals). Levels play at their full, frozen budget. The result
goes to games/ai/ladder.json (per game, per level: version, rating, interval, sets, seeds, date), which
the site shows beside each level's figure against Anton (games/catalog/ai_ladder.py).
"""

from __future__ import annotations

import argparse
import datetime as dt
import itertools
import json
import random
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

from bench.ai_strength import GAMES, mean_interval
from bench.table import print_table
from games.ai import available_versions, get_player, revisions
from games.ai.arena import play_match
from games.ai.base import JSON, Player
from games.engine import get_rules

LADDER_FILE = Path(__file__).resolve().parent.parent / "games" / "ai" / "ladder.json"
FIRST_SEED = 4_000_000
MODEL_WORDS = "openskill PlackettLuce, rating mu, interval mu ± 2 sigma"


def tables(seats: int) -> list[tuple[bool, ...]]:
    """The seatings of one duplicate set, True where A sits: A alone in each seat, then (three seats or
    more) B alone in each seat. Heads-up, the two rotations are already every seating."""
    alone_a = [tuple(s == k for s in range(seats)) for k in range(seats)]
    if seats == 2:
        return alone_a
    return alone_a + [tuple(s != k for s in range(seats)) for k in range(seats)]


def duplicate_set(
    game: str, a: Player, b: Player, seed: int, options: JSON | None, counts: dict[str, int]
) -> float:
    """A's mean score minus B's over the seats of one duplicate set on the deals of `seed`."""
    measure = GAMES[game]
    options = {**measure.options, **(options or {})} or None
    rules = get_rules(game)
    n = rules.players({**rules.default_options(), **(options or {})})
    a_scores: list[float] = []
    b_scores: list[float] = []
    for index, seating in enumerate(tables(n)):
        players = [a if is_a else b for is_a in seating]
        result = play_match(
            game, players, seed=seed, options=options, ai_rng=random.Random(seed * 64 + index)
        )
        counts["matches"] += 1
        counts["deals"] += measure.deals(result)
        for seat, is_a in enumerate(seating):
            (a_scores if is_a else b_scores).append(measure.score(result, seat))
    return sum(a_scores) / len(a_scores) - sum(b_scores) / len(b_scores)


def _played_set(game: str, a: str, b: str, seed: int, options: JSON | None) -> tuple[float, dict[str, int]]:
    """One duplicate set with the two levels' own players (a task for a worker process)."""
    counts = {"matches": 0, "deals": 0}
    diff = duplicate_set(game, get_player(game, a), get_player(game, b), seed, options, counts)
    return diff, counts


def round_robin(
    game: str, levels: list[str], pairs: int, first_seed: int, options: JSON | None, jobs: int = 1
) -> dict[str, Any]:
    """Every pair of `levels` over `pairs` seeds: the openskill ratings and each pair's differences.
    With `jobs` > 1 the sets are played in that many processes; they are rated in the same order either
    way (seed by seed, pair by pair), so the result does not depend on `jobs`."""
    model = PlackettLuce()
    ratings = {level: model.rating(name=level) for level in levels}
    record = {
        level: {"sets": 0, "wins": 0, "draws": 0, "losses": 0, "matches": 0, "deals": 0} for level in levels
    }
    differences: dict[tuple[str, str], list[float]] = {pair: [] for pair in itertools.combinations(levels, 2)}
    tasks = [
        (game, a, b, seed, options) for seed in range(first_seed, first_seed + pairs) for a, b in differences
    ]
    started = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            played = list(pool.map(_played_set, *zip(*tasks, strict=True)))
    else:
        played = [_played_set(*task) for task in tasks]
    for (_, a, b, _, _), (diff, counts) in zip(tasks, played, strict=True):
        differences[a, b].append(diff)
        ranks = [0.0, 1.0] if diff > 0 else [1.0, 0.0] if diff < 0 else [0.0, 0.0]
        [[ratings[a]], [ratings[b]]] = model.rate([[ratings[a]], [ratings[b]]], ranks=ranks)
        for level, rank, other in ((a, ranks[0], ranks[1]), (b, ranks[1], ranks[0])):
            row = record[level]
            row["sets"] += 1
            row["wins" if rank < other else "losses" if rank > other else "draws"] += 1
            row["matches"] += counts["matches"]
            row["deals"] += counts["deals"]
    return {
        "ratings": {
            level: {"mu": r.mu, "sigma": r.sigma, "low": r.mu - 2 * r.sigma, "high": r.mu + 2 * r.sigma}
            for level, r in ratings.items()
        },
        "record": record,
        "differences": {
            f"{a}-{b}": dict(zip(("mean", "low", "high"), mean_interval(d), strict=True), sets=len(d))
            for (a, b), d in differences.items()
        },
        "wall_s": time.perf_counter() - started,
    }


def strictly_ordered(levels: list[str], ratings: dict[str, dict[str, float]]) -> bool:
    """Whether each level's interval lies wholly above the one of the level before it."""
    return all(ratings[hi]["low"] > ratings[lo]["high"] for lo, hi in itertools.pairwise(levels))


def ladder_entry(
    game: str, levels: list[str], pairs: int, first_seed: int, options: JSON | None, run: dict[str, Any]
) -> dict[str, Any]:
    """What games/ai/ladder.json keeps of one game's run."""
    seeds = f"ladder {first_seed}..{first_seed + pairs - 1}"
    today = dt.datetime.now(dt.UTC).date().isoformat()
    return {
        "rules_version": get_rules(game).rules_version,
        "model": MODEL_WORDS,
        "unit": GAMES[game].unit,
        "options": {**GAMES[game].options, **(options or {})},
        "pairs": pairs,
        "seeds": seeds,
        "date": today,
        "wall_s": round(run["wall_s"]),
        "strictly_ordered": strictly_ordered(levels, run["ratings"]),
        "levels": {
            level: {
                "ai_version": revisions.current_label(game, level),  # the revision rated
                "ai_name": get_player(game, level).name,
                "rating": round(run["ratings"][level]["mu"], 2),
                "sigma": round(run["ratings"][level]["sigma"], 2),
                "low": round(run["ratings"][level]["low"], 2),
                "high": round(run["ratings"][level]["high"], 2),
                **run["record"][level],
                "seeds": seeds,
                "date": today,
            }
            for level in levels
        },
        "differences": {
            pair: {k: round(v, 3) if isinstance(v, float) else v for k, v in d.items()}
            for pair, d in run["differences"].items()
        },
    }


def write_entry(game: str, entry: dict[str, Any], path: Path = LADDER_FILE) -> None:
    data: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    data[game] = entry
    path.write_text(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n")


def _print(game: str, levels: list[str], entry: dict[str, Any]) -> None:
    print_table(
        f"{game}: ladder, {entry['model']}; {entry['pairs']} duplicate sets per pair, "
        f"seeds {entry['seeds']}, "
        f"options {json.dumps(entry['options'])}, {entry['wall_s']} s; "
        f"strictly ordered with disjoint intervals: {'yes' if entry['strictly_ordered'] else 'no'}",
        ["level", "rating", "interval", "sets", "won", "drawn", "lost", "matches", "deals"],
        [
            [
                level,
                f"{row['rating']:.2f}",
                f"{row['low']:.2f}..{row['high']:.2f}",
                row["sets"],
                row["wins"],
                row["draws"],
                row["losses"],
                row["matches"],
                row["deals"],
            ]
            for level in levels
            for row in [entry["levels"][level]]
        ],
    )
    print_table(
        f"{game}: the first level's {entry['unit']} minus the second's, mean per set and 95% interval",
        ["pair", "mean", "95% CI", "sets"],
        [
            [pair, f"{d['mean']:+.2f}", f"{d['low']:+.2f}..{d['high']:+.2f}", d["sets"]]
            for pair, d in entry["differences"].items()
        ],
    )


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench ladder")
    parser.add_argument("--game", action="append", choices=sorted(GAMES))
    parser.add_argument("--levels", nargs="*", help="the levels, weakest first (default: the pack's)")
    parser.add_argument("--pairs", type=int, default=12, help="duplicate sets per pair of levels")
    parser.add_argument("--first-seed", type=int, default=FIRST_SEED)
    parser.add_argument("--options", help="match options over the game's own, as JSON")
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing the sets (same result)")
    args = parser.parse_args(argv)
    options = json.loads(args.options) if args.options else None
    for game in args.game or sorted(GAMES):
        levels = args.levels or [v for v in available_versions(game) if v != "random"]
        result = round_robin(game, levels, args.pairs, args.first_seed, options, args.jobs)
        entry = ladder_entry(game, levels, args.pairs, args.first_seed, options, result)
        if not args.no_write:
            write_entry(game, entry)
        _print(game, levels, entry)
