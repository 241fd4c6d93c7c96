"""Decision fingerprint: one line per game and AI level with a hash of every action the level chose.

    python -m bench fingerprint [--seeds 3] [--decisions 150] [--game preferans] [--level dora]

Each level plays every seat of fixed seeds (chance from the seed, the players from their own generator)
through the engine, for at most `--decisions` decisions a seed; every chosen action, with the view's
seat, goes into the hash, and so do the search players' node counts. Refactors of the AIs compare these
lines before and after: a different hash is a changed decision.

The search levels stop on a node budget and, as a safety net, on a CPU-time cap; here the cap is lifted
(`seconds` set to NO_CLOCK) so that the lines depend on the code alone, never on the machine's speed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import time

from games.ai import available_versions, get_player
from games.ai.base import Player
from games.engine import CHANCE, get_rules

GAMES = ("preisjass", "schnapsen", "preferanzen", "preference_vienna", "preferans")
NO_CLOCK = 1e9  # node budgets only: the fingerprint must not depend on the machine


def unclocked(game: str, version: str) -> Player:
    player = get_player(game, version)
    if hasattr(player, "seconds"):
        player.seconds = NO_CLOCK
    return player


def fingerprint(game: str, version: str, seeds: int, decisions: int) -> tuple[str, int, int]:
    """(hash, decisions taken, search nodes) over `seeds` seeds of `version` at every seat."""
    digest = hashlib.sha256()
    taken = nodes = 0
    rules = get_rules(game)
    for seed in range(seeds):
        rng = random.Random(seed)
        ai_rng = random.Random(1_000 + seed)
        state = rules.initial_state(rules.start_event({}))
        players: dict[int, Player] = {}
        count = 0
        while state.to_move is not None and count < decisions:
            if state.to_move == CHANCE:
                event = rules.chance_event(state, rng)
            else:
                seat = state.to_move
                assert isinstance(seat, int)
                player = players.setdefault(seat, unclocked(game, version))
                event = player.choose(state.view(seat), state.legal_actions(), ai_rng)
                digest.update(json.dumps([seat, event], sort_keys=True).encode())
                count += 1
            state = rules.apply_in_place(state, event)
        taken += count
        for player in players.values():
            stats = getattr(player, "stats", None)
            if stats is not None:
                nodes += stats["nodes"]
                digest.update(json.dumps(stats, sort_keys=True).encode())
    return digest.hexdigest()[:16], taken, nodes


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench fingerprint")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--decisions", type=int, default=150)
    parser.add_argument("--game", choices=GAMES, action="append")
    parser.add_argument("--level", action="append", help="only these AI levels (default: every one)")
    args = parser.parse_args(argv)
    for game in args.game or GAMES:
        for version in available_versions(game):
            if args.level and version not in args.level:
                continue
            started = time.perf_counter()
            digest, taken, nodes = fingerprint(game, version, args.seeds, args.decisions)
            seconds = time.perf_counter() - started
            print(
                f"{game:<18} {version:<7} {digest} decisions={taken} nodes={nodes} ({seconds:.1f} s)",
                flush=True,
            )
