"""Decision fingerprint: one line per game and AI level with a hash of every action the level chose.

    python -m bench fingerprint [--seeds 3] [--decisions 150] [--game preferans] [--level dora]
    python -m bench fingerprint --write [--game preferans] [--level dora]


Each level plays every seat of fixed seeds (chance from the seed, the players from their own generator)
through the engine, for at most `--decisions` decisions a seed; every chosen action, with the view's
seat, goes into the hash, and so do the search players' node counts. Refactors of the AIs compare these
lines before and after: a different hash is a changed decision.

The search levels stop on a node budget and, as a safety net, on a CPU-time cap; here the cap is lifted
(`seconds` set to NO_CLOCK) so that the lines depend on the code alone, never on the machine's speed.

--write stores every level's fingerprint (at games/ai/revisions.py's seeds and decisions) in
games/ai/levels.json beside its revision, which it keeps (a new level starts at 1): the file that
tests/ai/test_frozen_levels.py holds the levels' play to. With --game or --level it recomputes only
those and keeps the other levels' lines as stored.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import time

from games.ai import available_versions, get_player, revisions
from games.ai.base import InformedPlayer, Player, decide
from games.engine import CHANCE, get_rules
from games.engine.information import Witness

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
        players = [unclocked(game, version) for _ in range(rules.players(rules.default_options()))]
        # a witness per seat whose player remembers the deal (the others read the view alone)
        witnesses = {s: Witness(rules, s) for s, p in enumerate(players) if isinstance(p, InformedPlayer)}
        count = 0
        while state.to_move is not None and count < decisions:
            if state.to_move == CHANCE:
                event = rules.chance_event(state, rng)
            else:
                seat = state.to_move
                assert isinstance(seat, int)
                witness = witnesses.get(seat)
                if witness is None:
                    event = players[seat].choose(state.view(seat), state.legal_actions(), ai_rng)
                else:
                    event = decide(players[seat], witness.information(state), state.legal_actions(), ai_rng)
                digest.update(json.dumps([seat, event], sort_keys=True).encode())
                count += 1
            state = rules.apply_in_place(state, event)
            for each in witnesses.values():
                each.saw(event, state)
        taken += count
        for player in players:
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
    parser.add_argument("--write", action="store_true", help="store the fingerprints in games/ai/levels.json")
    args = parser.parse_args(argv)
    if args.write:
        write_levels(args.game, args.level)
        return
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


def frozen_levels() -> list[tuple[str, str]]:
    """(game, level) of every AI level a player can be seated against (the test player "random" not)."""
    return [(g, v) for g in GAMES for v in available_versions(g) if v != "random"]


def write_levels(games: list[str] | None = None, only: list[str] | None = None) -> None:
    """Store the fingerprints of the levels of `games` (default all) named in `only` (default all),
    keeping every other level's stored line."""
    old = revisions.frozen()
    levels: dict[str, dict[str, dict[str, object]]] = {}
    for game, level in frozen_levels():
        kept = old.get(game, {}).get(level, {})
        if kept and ((games and game not in games) or (only and level not in only)):
            levels.setdefault(game, {})[level] = dict(kept)
            continue
        digest, _, _ = fingerprint(game, level, revisions.FINGERPRINT_SEEDS, revisions.FINGERPRINT_DECISIONS)
        number = int(kept.get("revision", 1))
        levels.setdefault(game, {})[level] = {"revision": number, "fingerprint": digest}
        if kept and kept.get("fingerprint") != digest:
            print(f"{game} {level}: plays otherwise than stored for revision {number}: raise it unless done")
        print(f"{game:<18} {level:<7} revision {number} {digest}", flush=True)
    revisions.LEVELS_FILE.write_text(json.dumps(levels, indent=1, sort_keys=True) + "\n")
