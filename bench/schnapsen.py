"""Schnapsen: random deals and Bummerls per second vs the VU `schnapsen` package; Anton's speed and strength.

    .venv/bin/python -m bench schnapsen [--bummerls 300] [--peer-deals 1500] [--reps 5] [--anton 300]

With the compiled engine (games/native.py) each repetition also runs the same random Bummerls on the
pure-Python reference, in a subprocess with KARTENTISCH_PURE=1, right after this process's own.

Random play on our engine: each move picks uniformly from `legal_actions()` and folds it with
`apply_in_place` (the deal is a `deal` chance event with the full deck order). The peer is the
`schnapsen` package's SchnapsenGamePlayEngine with two RandBots, one `play_game` per deal.
Anton is measured the production way: `view(seat)` then `choose(view, legal, rng)`.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from bench import reference
from bench.table import median, percentile, print_table
from games import native
from games.ai.anton_schnapsen import AntonSchnapsen
from games.ai.base import RandomPlayer
from games.engine import CHANCE
from games.engine.schnapsen import RULES


def _random_bummerls(count: int, seed: int, with_views: bool) -> tuple[float, int]:
    """Seconds to play `count` random Bummerls, and the number of deals they took."""
    rng = random.Random(seed)
    deals = 0
    start = time.perf_counter()
    for i in range(count):
        state = RULES.initial_state(RULES.start_event({"first_dealer": i % 2}))
        while True:
            to_move = state.to_move
            if to_move is None:
                break
            if to_move == CHANCE:
                state = RULES.apply_in_place(state, RULES.chance_event(state, rng))
                deals += 1
                continue
            legal = state.view(to_move)["legal"] if with_views else state.legal_actions()
            state = RULES.apply_in_place(state, legal[rng.randrange(len(legal))])
    return time.perf_counter() - start, deals


def _peer_deals(count: int, seed: int) -> float | None:
    """Seconds for `count` random deals of the VU Amsterdam `schnapsen` package (None if missing)."""
    try:
        from schnapsen.bots import RandBot
        from schnapsen.game import SchnapsenGamePlayEngine
    except ImportError:
        return None
    engine = SchnapsenGamePlayEngine()
    rng = random.Random(seed)
    bot_rng = random.Random(seed + 1)
    start = time.perf_counter()
    for _ in range(count):
        engine.play_game(RandBot(bot_rng), RandBot(bot_rng), rng)
    return time.perf_counter() - start


def _anton_vs_random(bummerls: int, seed: int) -> dict[str, Any]:
    anton, rand = AntonSchnapsen(), RandomPlayer()
    times: list[float] = []
    wins = deals = 0
    points = [0, 0]  # Anton, random
    for i in range(bummerls):
        rng = random.Random(seed + i)
        anton_seat = i % 2
        state = RULES.initial_state(RULES.start_event({"first_dealer": (i // 2) % 2}))
        while state.to_move is not None:
            seat = state.to_move
            if seat == CHANCE:
                state = RULES.apply_in_place(state, RULES.chance_event(state, rng))
                continue
            assert isinstance(seat, int)
            view = state.view(seat)
            if seat == anton_seat:
                start = time.perf_counter()
                action = anton.choose(view, view["legal"], rng)
                times.append(time.perf_counter() - start)
            else:
                action = rand.choose(view, view["legal"], rng)
            state = RULES.apply(state, action)  # validated like a live move
        result = state.result()
        wins += result["winner"] == anton_seat
        deals += len(result["deals"])
        points[0] += result["totals"][anton_seat]
        points[1] += result["totals"][1 - anton_seat]
    return {"wins": wins, "bummerls": bummerls, "deals": deals, "points": points, "times": times}


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench schnapsen", description=__doc__)
    parser.add_argument("--bummerls", type=int, default=300, help="random Bummerls per repetition")
    parser.add_argument("--peer-deals", type=int, default=1500, help="peer random deals per repetition")
    parser.add_argument("--reps", type=int, default=5, help="repetitions (medians are printed)")
    parser.add_argument("--anton", type=int, default=300, help="Anton-vs-random Bummerls")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(reference.FLAG, action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.reference:
        seconds, deals = _random_bummerls(args.bummerls, args.seed, with_views=False)
        reference.report({"deals_per_second": deals / seconds})
        return
    compiled = native.status().compiled

    ours_deals: list[float] = []
    ours_bummerls: list[float] = []
    ours_view_deals: list[float] = []
    peer: list[float] = []
    on_reference: list[float] = []
    for rep in range(args.reps):
        seconds, deals = _random_bummerls(args.bummerls, args.seed + rep, with_views=False)
        ours_deals.append(deals / seconds)
        if compiled:
            again = reference.run_reference(
                "schnapsen", ["--bummerls", str(args.bummerls), "--seed", str(args.seed + rep)]
            )
            on_reference.append(again["deals_per_second"])
        ours_bummerls.append(args.bummerls / seconds)
        seconds, deals = _random_bummerls(args.bummerls, args.seed + rep, with_views=True)
        ours_view_deals.append(deals / seconds)
        peer_seconds = _peer_deals(args.peer_deals, args.seed + rep)
        if peer_seconds is not None:
            peer.append(args.peer_deals / peer_seconds)

    ours = median(ours_deals)
    rows: list[list[object]] = [
        ["engine", native.status().describe()],
        ["kartentisch: random deals/s (legal_actions)", ours],
        ["kartentisch: random deals/s (view per move)", median(ours_view_deals)],
        ["kartentisch: random Bummerls/s", median(ours_bummerls)],
    ]
    if on_reference:
        rows.append(["pure-Python reference: random deals/s (legal_actions)", median(on_reference)])
        rows.append(["compiled / reference", f"{ours / median(on_reference):.2f}x"])
    if peer:
        rows.append(["schnapsen 0.0.5 (VU, RandBot): random deals/s", median(peer)])
        rows.append(["speed-up vs peer (deals/s)", f"{ours / median(peer):.2f}x"])
    else:
        rows.append(["schnapsen 0.0.5 (VU): random deals/s", "not installed"])
    print_table(f"Schnapsen random play, median of {args.reps} runs", ["measure", "value"], rows)

    anton = _anton_vs_random(args.anton, args.seed)
    times = anton["times"]
    deals = anton["deals"]
    print_table(
        f"Anton vs random: {anton['bummerls']} Bummerls ({deals} deals), seats alternating",
        ["measure", "value"],
        [
            ["Anton Bummerl win rate", f"{100 * anton['wins'] / anton['bummerls']:.1f}%"],
            ["Anton game points per deal", anton["points"][0] / deals],
            ["random game points per deal", anton["points"][1] / deals],
            ["Anton moves timed", len(times)],
            ["Anton µs/move median", 1e6 * median(times)],
            ["Anton µs/move p99", 1e6 * percentile(times, 99)],
            ["Anton µs/move max", 1e6 * max(times)],
        ],
    )
