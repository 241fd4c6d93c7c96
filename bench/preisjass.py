"""Preisjass: engine random games/s vs jass-kit (peer), run replay time, Anton speed and strength.

    .venv/bin/python -m bench preisjass [--games 2400] [--runs 200] [--reps 3] [--seed 1]

With the compiled engine (games/native.py) each repetition also plays the same random games on the
pure-Python reference, in a subprocess with KARTENTISCH_PURE=1, right after this process's own.

Random games go through the public engine API (chance_event, legal_actions, apply_in_place); the peer
is jass-kit's GameSim with RuleSchieber (trump chosen at random, 36 random valid cards), measured in
the same process. "Anton vs random" seats one Anton with three random players (and the reverse),
Anton's seat rotating with the run, and reports average card points per game over seeded runs.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from bench import reference
from bench.table import median, percentile, print_table
from games import native
from games.ai.anton_preisjass import AntonPreisjass
from games.ai.arena import play_match
from games.ai.base import Player, RandomPlayer
from games.engine import CHANCE
from games.engine.base import JSON
from games.engine.preisjass import RULES, PreisjassState


def _random_run(rng: random.Random) -> list[JSON]:
    events = [RULES.start_event()]
    state: PreisjassState = RULES.initial_state(events[0])
    while state.to_move is not None:
        if state.to_move == CHANCE:
            event = RULES.chance_event(state, rng)
        else:
            legal = state.legal_actions()
            event = legal[rng.randrange(len(legal))]
        events.append(event)
        state = RULES.apply_in_place(state, event)
    return events


def engine_games_per_second(games: int, seed: int) -> float:
    rng = random.Random(seed)
    runs = max(1, games // 12)
    start = time.perf_counter()
    for _ in range(runs):
        _random_run(rng)
    return runs * 12 / (time.perf_counter() - start)


def _jass_kit_game() -> Callable[[], Any] | None:
    try:
        import numpy as np
        from jass.game.game_sim import GameSim
        from jass.game.game_util import deal_random_hand
        from jass.game.rule_schieber import RuleSchieber
    except ImportError:
        return None
    rule = RuleSchieber()
    rng = np.random.default_rng(1)
    dealer = [0]

    def game() -> Any:
        sim = GameSim(rule)
        sim.init_from_cards(deal_random_hand(), dealer[0])
        dealer[0] = (dealer[0] + 1) % 4
        sim.action_trump(int(rng.integers(0, 6)))
        state = sim.state
        while not sim.is_done():
            valid = rule.get_valid_cards(
                state.hands[state.player], state.current_trick, state.nr_cards_in_trick, state.trump
            )
            sim.action_play_card(int(rng.choice(np.flatnonzero(valid))))
        return state.points

    return game


def peer_games_per_second(games: int) -> float | None:
    game = _jass_kit_game()
    if game is None:
        return None
    start = time.perf_counter()
    for _ in range(games):
        game()
    return games / (time.perf_counter() - start)


def replay_ms(seed: int, runs: int = 5) -> float:
    rng = random.Random(seed)
    lists = [_random_run(rng) for _ in range(runs)]
    samples = []
    for events in lists:
        start = time.perf_counter()
        RULES.replay(events)
        samples.append((time.perf_counter() - start) * 1000)
    return median(samples)


def match(players: list[Player], seed: int, times: list[float] | None = None) -> list[int]:
    """One seeded run; returns each seat's total card points. Anton's decision times go to `times`."""

    def timed(seat: int, seconds: float) -> None:
        if times is not None and isinstance(players[seat], AntonPreisjass):
            times.append(seconds)

    result = play_match("preisjass", players, seed, on_decision=timed, ai_rng=random.Random(seed ^ 0x5EED))
    return list(result["totals"])


def anton_vs_random(runs: int, seed: int, antons: int, times: list[float]) -> tuple[float, float]:
    """Average points per game of Anton and of the random players, `antons` Antons at the table."""
    anton, rand = AntonPreisjass(), RandomPlayer()
    a_sum = r_sum = 0
    for i in range(runs):
        seats = [(i + k) % 4 for k in range(antons)]
        players: list[Player] = [anton if s in seats else rand for s in range(4)]
        totals = match(players, seed + i, times)
        a_sum += sum(totals[s] for s in seats)
        r_sum += sum(totals[s] for s in range(4) if s not in seats)
    games = runs * 12
    return a_sum / (games * antons), r_sum / (games * (4 - antons))


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench preisjass", description=__doc__)
    parser.add_argument("--games", type=int, default=2400, help="random games per throughput repetition")
    parser.add_argument("--runs", type=int, default=200, help="seeded runs for Anton vs random")
    parser.add_argument("--reps", type=int, default=3, help="repetitions (medians are reported)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(reference.FLAG, action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.reference:
        reference.report({"games_per_second": engine_games_per_second(args.games, args.seed)})
        return
    compiled = native.status().compiled

    # Engine and peer alternate within each repetition, so a busy machine slows both alike.
    ours_samples: list[float] = []
    peer_samples: list[float] = []
    ratios: list[float] = []
    on_reference: list[float] = []
    for r in range(args.reps):
        ours_samples.append(engine_games_per_second(args.games, args.seed + r))
        if compiled:
            again = reference.run_reference(
                "preisjass", ["--games", str(args.games), "--seed", str(args.seed + r)]
            )
            on_reference.append(again["games_per_second"])
        peer_rate = peer_games_per_second(args.games)
        if peer_rate is not None:
            peer_samples.append(peer_rate)
            ratios.append(ours_samples[-1] / peer_rate)
    replay = median([replay_ms(args.seed + r) for r in range(args.reps)])
    if not ratios:
        print("jass-kit is not installed: the peer columns stay empty")
    rows: list[list[object]] = [
        ["engine", native.status().describe()],
        ["engine random games/s (12 per run, draw+deal+cut+36 cards)", median(ours_samples)],
        ["jass-kit random games/s (Schieber, GameSim, 36 cards)", median(peer_samples) if ratios else "-"],
        ["ratio engine / jass-kit, median of per-rep ratios (goal 10)", median(ratios) if ratios else "-"],
        ["replay of a whole run's events (ms, 458 events)", replay],
    ]
    if on_reference:
        rows[2:2] = [
            ["pure-Python reference random games/s (same games)", median(on_reference)],
            ["compiled / reference", f"{median(ours_samples) / median(on_reference):.2f}x"],
        ]
    times: list[float] = []
    a1, r1 = anton_vs_random(args.runs, args.seed, 1, times)
    a3, r3 = anton_vs_random(args.runs, args.seed, 3, times)
    ms = [t * 1000 for t in times]
    rows += [
        ["Anton time per move, median (ms)", median(ms)],
        ["Anton time per move, p95 (ms)", percentile(ms, 95)],
        ["Anton time per move, max (ms)", max(ms)],
        [f"Anton vs random: 1 Anton + 3 random, Anton pts/game ({args.runs} runs)", a1],
        ["  same tables, random pts/game", r1],
        [f"random vs Anton: 1 random + 3 Anton, random pts/game ({args.runs} runs)", r3],
        ["  same tables, Anton pts/game", a3],
        ["fair share pts/game (157 / 4)", 157 / 4],
    ]
    print_table("Preisjass benchmark (medians over --reps)", ["measure", "value"], rows)
