"""Russian Preferans: random deals/s beside OpenSpiel skat, Anton's time per decision, Anton vs random.

    python -m bench preferans [--seconds 1] [--reps 7] [--pools 30] [--max-deals 30] [--self-pools 10]

Rates are deals per CPU second of this process (time.process_time), so other jobs on a shared
machine distort them less. Random deals are whole deals through the public engine API (server deal,
legal_actions, apply_in_place with full validation), pool after pool (pool size 10), and through the
engine's fast random playout (same rule functions, no event validation). OpenSpiel's skat (3 players,
32 cards, bidding and a skat) is played randomly through pyspiel in the same run, in the same loop
style, interleaved repetition by repetition.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from bench.table import median, percentile, print_table
from games import native
from games.ai.anton_preferans import AntonPreferans
from games.ai.base import Player, RandomPlayer
from games.engine import CHANCE, get_rules
from games.engine.preferans.fast import random_deal
from games.engine.preferans.state import PreferansState

RULES = get_rules("preferans")


def _cpu() -> float:
    """Process CPU time: rates stay comparable when other jobs share the machine's cores."""
    return time.process_time()


def preferans_random_deals(seconds: float, seed: int) -> float:
    """Deals per second of uniformly random play."""
    rng = random.Random(seed)
    deals = 0
    start = _cpu()
    while _cpu() - start < seconds:
        state = RULES.initial_state(RULES.start_event({"pool": 10}))
        while state.to_move is not None:
            if state.to_move == CHANCE:
                event = RULES.chance_event(state, rng)
                deals += 1
            else:
                legal = state.legal_actions()
                event = legal[rng.randrange(len(legal))]
            state = RULES.apply_in_place(state, event)
    return deals / (_cpu() - start)


def preferans_fast_deals(seconds: float, seed: int) -> float:
    """Deals per second of the engine's fast random playout (same rule functions, no event checks)."""
    rng = random.Random(seed)
    deals = 0
    start = _cpu()
    while _cpu() - start < seconds:
        state = RULES.initial_state(RULES.start_event({"pool": 10}))
        assert isinstance(state, PreferansState)
        while state.to_move is not None:
            random_deal(state, rng)
            deals += 1
    return deals / (_cpu() - start)


def skat_random_deals(seconds: float, seed: int) -> float | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("skat")
    rng = random.Random(seed)
    deals = 0
    start = _cpu()
    while _cpu() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
        deals += 1
    return deals / (_cpu() - start)


def play_pool(
    seed: int, players: list[Player], options: dict[str, Any], times: dict[str, list[float]]
) -> Any:
    rng = random.Random(seed)
    state = RULES.initial_state(RULES.start_event(options))
    while state.to_move is not None:
        if state.to_move == CHANCE:
            event = RULES.chance_event(state, rng)
        else:
            seat = state.to_move
            view = state.view(seat)
            begin = _cpu()
            event = players[seat].choose(view, view["legal"], rng)
            if isinstance(players[seat], AntonPreferans):
                times.setdefault(event["type"], []).append(_cpu() - begin)
        state = RULES.apply_in_place(state, event)
    return state.result()


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench preferans", description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per speed repetition")
    parser.add_argument("--reps", type=int, default=7, help="speed repetitions (the median is shown)")
    parser.add_argument("--pools", type=int, default=30, help="pools of one Anton against two random")
    parser.add_argument("--max-deals", type=int, default=30, help="max_deals of those pools")
    parser.add_argument(
        "--self-pools", type=int, default=10, help="Anton-only pools (timing of all decisions)"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    ours: list[float] = []
    fast: list[float] = []
    theirs: list[float] = []
    for rep in range(args.reps):  # interleaved, so that a busy machine slows all three alike
        ours.append(preferans_random_deals(args.seconds, args.seed + rep))
        fast.append(preferans_fast_deals(args.seconds, args.seed + rep))
        rate = skat_random_deals(args.seconds, args.seed + rep)
        if rate is not None:
            theirs.append(rate)
    rows: list[list[object]] = [
        ["preferans, public API (legal_actions + apply_in_place)", median(ours), min(ours), max(ours)],
        ["preferans, fast random playout (fast.random_deal)", median(fast), min(fast), max(fast)],
    ]
    if theirs:
        rows.append(["OpenSpiel skat via pyspiel (C++)", median(theirs), min(theirs), max(theirs)])
    print_table(
        f"Random deals per CPU second (median of {args.reps} interleaved x {args.seconds:g} s), "
        f"engine {native.status().describe()}",
        ["engine", "deals/s", "min", "max"],
        rows,
    )
    if theirs:
        # the median of the per-repetition ratios is robust against load changing between repetitions
        public = median([a / b for a, b in zip(ours, theirs, strict=True)])
        quick = median([a / b for a, b in zip(fast, theirs, strict=True)])
        print(f"ratio to skat (median of paired repetitions): public API {public:.2f}, fast {quick:.2f}")

    times: dict[str, list[float]] = {}
    anton_totals: list[float] = []
    random_totals: list[float] = []
    anton_deals = random_deals = anton_first = 0
    options = {"pool": 10, "max_deals": args.max_deals}
    for pool in range(args.pools):
        seat = pool % 3
        players: list[Player] = [RandomPlayer(), RandomPlayer(), RandomPlayer()]
        players[seat] = AntonPreferans()
        result = play_pool(args.seed + pool, players, options, times)
        anton_totals.append(result["totals"][seat])
        anton_deals += result["deals_played"]
        anton_first += result["ranking"][seat] == 1
        baseline = play_pool(args.seed + pool, [RandomPlayer() for _ in range(3)], options, times)
        random_totals.append(baseline["totals"][seat])
        random_deals += baseline["deals_played"]
    print_table(
        f"Final settlement in whists, {args.pools} seeded pools "
        f"(pool 10, max_deals {args.max_deals}), one seat rotating",
        ["player in the seat", "mean / pool", "per deal", "worst pool", "placed first"],
        [
            ["Anton vs 2 random", sum(anton_totals) / args.pools, sum(anton_totals) / anton_deals,
             min(anton_totals), f"{anton_first}/{args.pools}"],
            ["random vs 2 random", sum(random_totals) / args.pools, sum(random_totals) / random_deals,
             min(random_totals), "-"],
        ],
    )  # fmt: skip
    for pool in range(args.self_pools):
        play_pool(
            args.seed + pool, [AntonPreferans() for _ in range(3)], {"pool": 20, "max_deals": 40}, times
        )
    all_times = [t for ts in times.values() for t in ts]
    print_table(
        f"Anton CPU time per decision (ms), from the pools above and {args.self_pools} Anton-only pools",
        ["decision", "count", "median", "p95", "max"],
        [
            [kind, len(ts), median(ts) * 1e3, percentile(ts, 95) * 1e3, max(ts) * 1e3]
            for kind, ts in sorted(times.items())
        ]
        + [
            [
                "all",
                len(all_times),
                median(all_times) * 1e3,
                percentile(all_times, 95) * 1e3,
                max(all_times) * 1e3,
            ]
        ],
    )
