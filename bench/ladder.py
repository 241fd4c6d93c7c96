"""AI ladder: every level of a game rated on one scale from a round robin of duplicate matches.

    python -m bench ladder --game schnapsen [--levels lena anton carla dora] [--pairs 12]
        [--first-seed 4000000] [--options '{"max_deals": 2}'] [--no-write] [--jobs 2] [--extend]

For every two levels A and B and every seed, one duplicate set: with n seats, n tables with A in seat k
and B in all the others and (three or more seats) n tables with B in seat k and A in all the others,
all on the seed's deals (chance comes from the seed alone, the players draw from their own generators).
The set compares A's and B's scores in the same seats on the same cards (the pack's `strength` score:
Bummerls won, points a game, whists or points a deal): A's mean minus B's is the set's difference, and
its sign wins, draws or loses the set.

A level's rating is in the game's own unit: the least-squares fit of "A's rating minus B's is A's
difference to B" over the round robin. With every pair played on every seed the fit is plain: on one
seed's deals a level's rating is its mean difference against all k levels (itself counting 0), the
ratings of a seed summing to 0. The rating is the mean of that over the seeds and its interval the 95%
interval of the mean (Student's t over the seeds, which are independent; the sets of one seed share
their deals, so they are taken together). The scale is shifted so that Anton reads 0, like the figures
against Anton beside it. A second table gives each pair's own mean difference per set with its 95%
interval. Why not openskill, as the first ladders were (docs/ladder.md): it sees only who won a set,
not by how much, and its online update depends on the order the sets are rated in; on the same sets
the fit told apart levels that openskill did not.

The budget is fixed by the options: `--pairs` sets per pair of levels, seeds `--first-seed` onwards (the
"ladder" range, 4000000.., apart from the tune, report and rerun ranges of `bench ai_strength`), and
`--options` for shorter matches (e.g. fewer deals). Levels play at their full, frozen budget. `--extend`
plays `--pairs` more sets per pair on the seeds after the stored ladder's and rates all of them
together, as one run over all the seeds would (refused when the levels, their revisions, the rules or
the options differ from the stored run's). The result
goes to games/ai/ladder.json (per game, per level: version, rating, interval, sets, seeds, date, and each
pair's differences set by set), which the site shows beside each level's figure against Anton
(games/catalog/ai_ladder.py).
"""

from __future__ import annotations

import argparse
import datetime as dt
import itertools
import json
import random
import time
from pathlib import Path
from typing import Any

from bench.ai_strength import GAMES, mean_interval
from bench.table import print_table, run_all
from games.ai import available_versions, get_player, revisions
from games.ai.arena import play_match
from games.ai.base import JSON, Player
from games.engine import get_rules

LADDER_FILE = Path(__file__).resolve().parent.parent / "games" / "ai" / "ladder.json"
FIRST_SEED = 4_000_000
MODEL_WORDS = "least squares on the duplicate differences, Anton 0, 95% interval over the seeds"
ANCHOR = "anton"


def tables(seats: int) -> list[tuple[bool, ...]]:
    """The seatings of one duplicate set, True where A sits: A alone in each seat, then (three seats or
    more) B alone in each seat. Heads-up, the two rotations are already every seating."""
    alone_a = [tuple(s == k for s in range(seats)) for k in range(seats)]
    if seats == 2:
        return alone_a
    return alone_a + [tuple(s != k for s in range(seats)) for k in range(seats)]


def match_options(game: str, options: JSON | None) -> JSON:
    """The options of the ladder's matches: the strength bench's own, `options` over them."""
    return {**GAMES[game].options, **(options or {})}


def duplicate_set(
    game: str, a: Player, b: Player, seed: int, options: JSON | None, counts: dict[str, int]
) -> float:
    """A's mean score minus B's over the seats of one duplicate set on the deals of `seed`."""
    measure = GAMES[game]
    options = match_options(game, options) or None
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


def field_ratings(
    levels: list[str], differences: dict[tuple[str, str], list[float]], anchor: str = ANCHOR
) -> dict[str, dict[str, float]]:
    """Each level's rating from the round robin's differences (`differences[a, b][i]`: a's mean score minus
    b's on the i-th seed): per seed, its mean difference against all the levels, itself counting 0 (the
    least-squares fit of the round robin with the ratings of a seed summing to 0); the mean over the seeds
    with its 95% interval, shifted so that `anchor` reads 0 when it is on the ladder. ValueError when the
    pairs were not all played on the same number of seeds (the fit needs every pair on every seed)."""
    lengths = {len(d) for d in differences.values()}
    if len(lengths) > 1:
        raise ValueError(
            f"every pair of levels needs a set on every seed; the pairs have {sorted(lengths)} sets"
        )
    seeds = lengths.pop() if lengths else 0
    per_seed: dict[str, list[float]] = {level: [0.0] * seeds for level in levels}
    for (a, b), diffs in differences.items():
        for i, diff in enumerate(diffs):
            per_seed[a][i] += diff / len(levels)
            per_seed[b][i] -= diff / len(levels)
    fitted = {level: mean_interval(values) for level, values in per_seed.items()}
    shift = fitted[anchor][0] if anchor in fitted else 0.0
    return {
        level: {"rating": mean - shift, "low": low - shift, "high": high - shift}
        for level, (mean, low, high) in fitted.items()
    }


def round_robin(
    game: str,
    levels: list[str],
    pairs: int,
    first_seed: int,
    options: JSON | None,
    jobs: int = 1,
    before: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Every pair of `levels` over `pairs` seeds: the ratings, each level's record and each pair's
    differences. With `jobs` > 1 the sets are played in that many processes; the result is the same.
    `before`: the sets of earlier seeds (`stored_sets`), which the new ones extend."""
    record = {
        level: {"sets": 0, "wins": 0, "draws": 0, "losses": 0, "matches": 0, "deals": 0} for level in levels
    }
    differences: dict[tuple[str, str], list[float]] = {pair: [] for pair in itertools.combinations(levels, 2)}
    if before is not None:
        for level in levels:
            record[level].update(before["record"][level])
        for pair in differences:
            differences[pair] = list(before["differences"][pair])
    tasks = [
        (game, a, b, seed, options) for seed in range(first_seed, first_seed + pairs) for a, b in differences
    ]
    started = time.perf_counter()
    played = run_all(_played_set, tasks, jobs)
    for (_, a, b, _, _), (diff, counts) in zip(tasks, played, strict=True):
        differences[a, b].append(diff)
        for level, sign in ((a, diff), (b, -diff)):
            row = record[level]
            row["sets"] += 1
            row["wins" if sign > 0 else "losses" if sign < 0 else "draws"] += 1
            row["matches"] += counts["matches"]
            row["deals"] += counts["deals"]
    return {
        "ratings": field_ratings(levels, differences),
        "record": record,
        "differences": {
            f"{a}-{b}": dict(
                zip(("mean", "low", "high"), mean_interval(d), strict=True), sets=len(d), by_set=d
            )
            for (a, b), d in differences.items()
        },
        "wall_s": time.perf_counter() - started + (before["wall_s"] if before is not None else 0.0),
    }


RECORD_KEYS = ("sets", "wins", "draws", "losses", "matches", "deals")


def stored_sets(
    game: str, levels: list[str], options: JSON | None, path: Path = LADDER_FILE
) -> dict[str, Any]:
    """The sets of `game`'s stored ladder, for a run that extends it over the next seeds: its first seed,
    pairs, wall time, records and each pair's differences set by set. SystemExit, saying why, when the
    stored ladder cannot be extended: none stored, other levels or revisions, other rules or options, or
    a file from before the sets were kept."""
    data: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    entry = data.get(game)

    def refuse(why: str) -> SystemExit:
        return SystemExit(
            f"bench ladder --extend: {game}'s stored ladder {why}; run it afresh without --extend"
        )

    if entry is None:
        raise refuse("does not exist")
    if sorted(entry["levels"]) != sorted(levels):
        raise refuse(f"rates {sorted(entry['levels'])}, not {sorted(levels)}")
    for level in levels:
        if entry["levels"][level].get("ai_version") != revisions.current_label(game, level):
            raise refuse(f"rated another revision of {level} ({entry['levels'][level].get('ai_version')})")
    if entry.get("rules_version") != get_rules(game).rules_version:
        raise refuse(f"was played under rules version {entry.get('rules_version')}")
    if entry.get("options") != match_options(game, options):
        raise refuse(f"was played with the options {json.dumps(entry.get('options'))}")

    def sets_of(a: str, b: str) -> list[float] | None:
        """a's differences to b by set (the file may name the pair the other way round)."""
        forward = entry["differences"].get(f"{a}-{b}", {}).get("by_set")
        backward = entry["differences"].get(f"{b}-{a}", {}).get("by_set")
        return forward if forward is not None else None if backward is None else [-d for d in backward]

    stored = {(a, b): sets_of(a, b) for a, b in itertools.combinations(levels, 2)}
    if "first_seed" not in entry or any(d is None or len(d) != entry["pairs"] for d in stored.values()):
        raise refuse("does not keep its sets")
    return {
        "first_seed": entry["first_seed"],
        "pairs": entry["pairs"],
        "wall_s": float(entry["wall_s"]),
        "record": {level: {k: entry["levels"][level][k] for k in RECORD_KEYS} for level in levels},
        "differences": stored,
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
        "options": match_options(game, options),
        "pairs": pairs,
        "first_seed": first_seed,
        "seeds": seeds,
        "date": today,
        "wall_s": round(run["wall_s"]),
        "strictly_ordered": strictly_ordered(levels, run["ratings"]),
        "levels": {
            level: {
                "ai_version": revisions.current_label(game, level),  # the revision rated
                "ai_name": get_player(game, level).name,
                "rating": round(run["ratings"][level]["rating"], 2),
                "low": round(run["ratings"][level]["low"], 2),
                "high": round(run["ratings"][level]["high"], 2),
                **run["record"][level],
                "seeds": seeds,
                "date": today,
            }
            for level in levels
        },
        "differences": {pair: _rounded(d) for pair, d in run["differences"].items()},
    }


def _rounded(value: Any) -> Any:
    """The file's figures to 3 places; the sets (`by_set`) to 6, as they are refitted when extended."""
    if isinstance(value, float):
        return round(value, 3)
    if isinstance(value, dict):
        return {k: [round(x, 6) for x in v] if k == "by_set" else _rounded(v) for k, v in value.items()}
    return value


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
    parser.add_argument(
        "--extend",
        action="store_true",
        help="add --pairs sets per pair on the seeds after the stored ladder's and rate them all together",
    )
    args = parser.parse_args(argv)
    options = json.loads(args.options) if args.options else None
    for game in args.game or sorted(GAMES):
        levels = args.levels or [v for v in available_versions(game) if v != "random"]
        before = stored_sets(game, levels, options) if args.extend else None
        first, stored = (
            (before["first_seed"], before["pairs"]) if before is not None else (args.first_seed, 0)
        )
        result = round_robin(game, levels, args.pairs, first + stored, options, args.jobs, before)
        entry = ladder_entry(game, levels, stored + args.pairs, first, options, result)
        if not args.no_write:
            write_entry(game, entry)
        _print(game, levels, entry)
