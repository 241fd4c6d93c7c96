"""Preferanzen and Vienna Preference: random deals per second, Anton's time per decision, Anton vs random.

    .venv/bin/python -m bench preferanzen [--deals 3000] [--reps 3] [--sessions 60] [--seed 1]

With the compiled engine (games/native.py) each repetition also plays the same random deals on the
pure-Python reference, in a subprocess with KARTENTISCH_PURE=1, right after this process's own.
"""

from __future__ import annotations

import argparse
import random
import time

from bench import reference
from bench.table import median, percentile, print_table
from games import native
from games.ai.anton_preferanzen import AntonPreferanzen
from games.ai.arena import play_match
from games.ai.base import Player, RandomPlayer
from games.engine import get_rules
from games.engine.base import CHANCE

GAMES = ("preferanzen", "preference_vienna")


def random_deals_per_second(game: str, deals: int, seed: int) -> float:
    """Whole random sessions through bidding and play with `apply_in_place`."""
    rules = get_rules(game)
    rng = random.Random(seed)
    done = 0
    start = time.perf_counter()
    while done < deals:
        st = rules.initial_state(rules.start_event({"deals": 20}))
        while st.to_move is not None:
            if st.to_move == CHANCE:
                event = rules.chance_event(st, rng)
            else:
                legal = st.legal_actions()
                event = legal[rng.randrange(len(legal))]
            st = rules.apply_in_place(st, event)
        done += len(st.result()["deals"])
    return done / (time.perf_counter() - start)


def play_session(game: str, players: list[Player], seed: int, deals: int, times: list[float]) -> list[int]:
    def timed(seat: int, seconds: float) -> None:
        if isinstance(players[seat], AntonPreferanzen):
            times.append(seconds)

    return list(play_match(game, players, seed, {"deals": deals}, on_decision=timed)["totals"])


def anton_vs_random(
    game: str, sessions: int, deals: int, seed: int
) -> tuple[float, float, float, float, list[float]]:
    """Average payout per deal: (one Anton, its two random opponents), (two Antons, the random one)."""
    anton, rnd = AntonPreferanzen(), RandomPlayer()
    times: list[float] = []
    solo = solo_rnd = duo = duo_rnd = 0.0
    for i in range(sessions):
        seat = i % 3
        players: list[Player] = [rnd, rnd, rnd]
        players[seat] = anton
        totals = play_session(game, players, seed + i, deals, times)
        solo += totals[seat]
        solo_rnd += (sum(totals) - totals[seat]) / 2
        players = [anton, anton, anton]
        players[seat] = rnd
        totals = play_session(game, players, seed + 10_000 + i, deals, times)
        duo += (sum(totals) - totals[seat]) / 2
        duo_rnd += totals[seat]
    n = sessions * deals
    return solo / n, solo_rnd / n, duo / n, duo_rnd / n, times


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench preferanzen", description=__doc__)
    parser.add_argument("--deals", type=int, default=3000, help="random deals per repetition and variant")
    parser.add_argument("--reps", type=int, default=3, help="repetitions (the median is printed)")
    parser.add_argument("--sessions", type=int, default=60, help="12-deal sessions per Anton-vs-random line")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(reference.FLAG, action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.reference:
        reference.report({game: random_deals_per_second(game, args.deals, args.seed) for game in GAMES})
        return
    compiled = native.status().compiled

    rates: dict[str, list[float]] = {game: [] for game in GAMES}
    on_reference: dict[str, list[float]] = {game: [] for game in GAMES}
    for rep in range(args.reps):
        for game in GAMES:
            rates[game].append(random_deals_per_second(game, args.deals, args.seed + rep))
        if compiled:
            again = reference.run_reference(
                "preferanzen", ["--deals", str(args.deals), "--seed", str(args.seed + rep)]
            )
            for game in GAMES:
                on_reference[game].append(again[game])
    rows: list[list[object]] = []
    for game in GAMES:
        mine = rates[game]
        row: list[object] = [game, args.deals, args.reps, median(mine), min(mine), max(mine)]
        if compiled:
            ratio = median(mine) / median(on_reference[game])
            row += [median(on_reference[game]), f"{ratio:.2f}x"]
        rows.append(row)
    headers = ["game", "deals/rep", "reps", "median/s", "min/s", "max/s"]
    if compiled:
        headers += ["reference median/s", "compiled / reference"]
    print_table(
        f"Random deals per second (bidding and play, apply_in_place), engine {native.status().describe()}",
        headers,
        rows,
    )

    rows = []
    timing = []
    for game in GAMES:
        solo, solo_rnd, duo, duo_rnd, times = anton_vs_random(game, args.sessions, 12, args.seed)
        note = " (pot absorbs the rest)" if game == "preference_vienna" else ""
        rows.append([game + note, args.sessions * 12, solo, solo_rnd, duo, duo_rnd])
        ms = [t * 1000 for t in times]
        timing.append([game, len(ms), median(ms), percentile(ms, 95), percentile(ms, 99), max(ms)])
    print_table(
        "Anton vs random: average payout per deal and seat",
        ["game", "deals", "1 Anton", "its 2 randoms", "2 Antons", "their random"],
        rows,
    )
    print_table(
        "Anton time per decision (ms)",
        ["game", "decisions", "median", "p95", "p99", "max"],
        timing,
    )
