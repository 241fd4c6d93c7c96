"""The compiled search core against its pure-Python reference: the same positions, both in one run.

    .venv/bin/python -m bench search [--positions 50] [--game schnapsen ...] [--level dora]

One line per game:
`search <game>: compiled N nodes/s, reference M nodes/s, ratio R×, same decisions K/K`, then a table
of the decision times. Positions: the decisions the level searches (not the forced ones), every
`STRIDE`-th of those met in matches Anton plays at every seat, seeds "search" 5,000,000 and up. Each
position is decided by a fresh player (as the service does), its generator seeded by the position,
in a worker process running the compiled core and in one running the pure-Python reference
(`KARTENTISCH_PURE=1`, see games/native.py), one after the other, position by position, so both
see the same load. Each worker times the CPU time of its own thread, `--repeat` times a position
(the same decision each time), and the quickest counts: the other engineers' and CI's processes on
this machine slow single runs by a third and more. A decision is the same when the action, the nodes
searched and the worlds finished are. Without a compiled core both workers run the reference (the
header says so).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

from bench.table import median, percentile, print_table

SEEDS = {"search": 5_000_000}
STRIDE = 5
GAMES = ("schnapsen", "preisjass", "preferans", "preferanzen", "preference_vienna")

JSON = dict[str, Any]


@dataclass(frozen=True)
class Position:
    game: str
    seed: int
    index: int
    view: JSON
    legal: list[JSON]
    #: the match's events up to the position, and the seat to move: its information state
    events: list[JSON]
    seat: int

    def request(self, level: str, repeat: int = 1) -> JSON:
        return {
            "game": self.game,
            "level": level,
            "repeat": repeat,
            "view": self.view,
            "legal": self.legal,
            "events": self.events,
            "seat": self.seat,
            "rng": self.seed * 1000 + self.index,
        }


def anton_walk(game: str, first_seed: int) -> Iterator[tuple[int, list[JSON], Any, int, list[JSON]]]:
    """Every decision met in matches Anton plays at every seat, seed by seed from `first_seed`: the
    seed, the events so far, the state, the seat to move and its legal actions. The caller reads them
    (copies what it keeps) before Anton moves on; the same seeds give the same walk."""
    from games.ai import get_player
    from games.engine import CHANCE, get_rules

    rules = get_rules(game)
    anton = get_player(game, "anton")
    seed = first_seed
    while True:
        rng = random.Random(seed)
        events = [rules.start_event({})]
        state = rules.initial_state(events[0])
        while state.to_move is not None:
            if state.to_move == CHANCE:
                events.append(rules.chance_event(state, rng))
                state = rules.apply_in_place(state, events[-1])
                continue
            seat = state.to_move
            assert isinstance(seat, int)
            legal = state.legal_actions()
            yield seed, events, state, seat, legal
            events.append(anton.choose(state.view(seat), legal, rng))
            state = rules.apply_in_place(state, events[-1])
        seed += 1


def positions(game: str, level: str, count: int, first_seed: int = SEEDS["search"]) -> list[Position]:
    """`count` positions the level searches: every STRIDE-th met in matches of Antons, seed by seed."""
    from games.ai import get_player

    player = get_player(game, level)
    forced = getattr(player, "forced", lambda view, legal: len(legal) == 1)
    out: list[Position] = []
    met = 0
    for seed, events, state, seat, legal in anton_walk(game, first_seed):
        if len(out) == count:
            break
        view = state.view(seat)
        if not forced(view, legal):
            if met % STRIDE == 0:
                plain = json.loads(json.dumps(view))
                out.append(Position(game, seed, len(out), plain, legal, list(events), seat))
            met += 1
    return out


# --- the worker: one process, compiled or pure, deciding the positions it is sent ------------------
def decide(request: JSON) -> JSON:
    """One decision by a fresh player from the seat's information state (as the service decides),
    `repeat` times: the action, nodes, worlds, whether the time cap
    stopped it, and the least CPU seconds of this thread (every repetition must decide the same)."""
    from games.ai import get_player
    from games.ai.base import decide as choose
    from games.engine import get_rules
    from games.engine.information import information_state

    out: JSON = {}
    info = information_state(get_rules(request["game"]), request["events"], request["seat"])
    for _ in range(request.get("repeat", 1)):
        player = get_player(request["game"], request["level"])
        rng = random.Random(request["rng"])
        started = time.thread_time()
        action = choose(player, info, request["legal"], rng)
        cpu = time.thread_time() - started
        stats = getattr(player, "stats", {})
        this = {
            "action": action,
            "nodes": stats.get("nodes", 0),
            "worlds": stats.get("worlds", 0),
            "capped": stats.get("capped", 0),
        }
        if out and {k: out[k] for k in this} != this:
            raise AssertionError(f"the same position decided otherwise: {out} then {this}")
        out = {**this, "cpu": min(cpu, out.get("cpu", cpu))}
    return out


def worker(stdin: IO[str], stdout: IO[str]) -> None:
    from games import native

    status = native.status()
    stdout.write(json.dumps({"compiled": status.compiled, "status": status.describe()}) + "\n")
    stdout.flush()
    for line in stdin:
        stdout.write(json.dumps(decide(json.loads(line))) + "\n")
        stdout.flush()


class Worker:
    def __init__(self, pure: bool) -> None:
        env = dict(os.environ)
        env.pop("KARTENTISCH_PURE", None)
        if pure:
            env["KARTENTISCH_PURE"] = "1"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bench.search", "--worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        hello = self._read()
        self.compiled: bool = hello["compiled"]
        self.status: str = hello["status"]

    def _read(self) -> JSON:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("a bench worker ended")
        answer: JSON = json.loads(line)
        return answer

    def decide(self, request: JSON) -> JSON:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        return self._read()

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=30)


def same(a: JSON, b: JSON) -> bool:
    return a["action"] == b["action"] and a["nodes"] == b["nodes"] and a["worlds"] == b["worlds"]


def compare(
    game: str, level: str, count: int, repeat: int, compiled: Worker, reference: Worker
) -> tuple[str, list[Any]]:
    """The game's line and its row of the table."""
    fast: list[JSON] = []
    slow: list[JSON] = []
    for position in positions(game, level, count):
        request = position.request(level, repeat)
        # alternate which goes first, so neither always meets the other's leftovers in the caches
        if position.index % 2:
            slow.append(reference.decide(request))
            fast.append(compiled.decide(request))
        else:
            fast.append(compiled.decide(request))
            slow.append(reference.decide(request))
    agree = sum(same(a, b) for a, b in zip(fast, slow, strict=True))
    nodes = sum(d["nodes"] for d in fast)
    fast_rate = nodes / max(1e-9, sum(d["cpu"] for d in fast))
    slow_rate = sum(d["nodes"] for d in slow) / max(1e-9, sum(d["cpu"] for d in slow))
    ratios = [b["cpu"] / a["cpu"] for a, b in zip(fast, slow, strict=True) if a["nodes"] and a["cpu"] > 0]
    line = (
        f"search {game}: compiled {fast_rate:,.0f} nodes/s, reference {slow_rate:,.0f} nodes/s, "
        f"ratio {fast_rate / slow_rate:.1f}×, same decisions {agree}/{len(fast)}"
    )
    ms_fast = [1000 * d["cpu"] for d in fast]
    ms_slow = [1000 * d["cpu"] for d in slow]
    row = [
        game,
        len(fast),
        nodes,
        median(ms_fast),
        percentile(ms_fast, 95),
        max(ms_fast),
        median(ms_slow),
        percentile(ms_slow, 95),
        median(ratios) if ratios else float("nan"),
        sum(d["capped"] for d in fast),
        sum(d["capped"] for d in slow),
    ]
    for i, (a, b) in enumerate(zip(fast, slow, strict=True)):
        if not same(a, b):
            print(f"  {game} position {i}: compiled {_brief(a)}, reference {_brief(b)}")
    return line, row


def _brief(d: JSON) -> str:
    return f"{d['action']} nodes {d['nodes']} worlds {d['worlds']} capped {d['capped']}"


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench search")
    parser.add_argument("--positions", type=int, default=50, help="positions per game (default 50)")
    parser.add_argument("--game", action="append", choices=GAMES)
    parser.add_argument("--level", default="dora")
    parser.add_argument("--repeat", type=int, default=3, help="decisions timed a position; the least counts")
    args = parser.parse_args(argv)
    compiled, reference = Worker(pure=False), Worker(pure=True)
    load = os.getloadavg()
    print(
        f"search core: compiled worker {compiled.status}, reference worker {reference.status}; "
        f"level {args.level}, {args.positions} positions a game (seeds search {SEEDS['search']}.., "
        f"every {STRIDE}th searched decision), the least CPU time of {args.repeat}; "
        f"load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"
    )
    rows = []
    started = time.perf_counter()
    try:
        for game in args.game or GAMES:
            line, row = compare(game, args.level, args.positions, args.repeat, compiled, reference)
            print(line, flush=True)
            rows.append(row)
    finally:
        compiled.close()
        reference.close()
    load = os.getloadavg()
    print_table(
        f"CPU ms per decision (this thread), {time.perf_counter() - started:.0f} s wall; "
        f"load after {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}",
        [
            "game",
            "positions",
            "nodes",
            "compiled med",
            "p95",
            "max",
            "reference med",
            "p95",
            "median ratio",
            "capped c",
            "capped r",
        ],
        rows,
    )


if __name__ == "__main__":
    if sys.argv[1:] == ["--worker"]:
        worker(sys.stdin, sys.stdout)
    else:
        run(sys.argv[1:])
