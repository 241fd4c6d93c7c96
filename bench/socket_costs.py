"""A web process's CPU for the per-message parts of a move, the old way and the current way side by side.

    REDIS_URL=redis://127.0.0.1:6379/8 .venv/bin/python -m bench socket_costs [--reps 7] [--calls 2000]

Each part is timed in CPU time (this thread), old and new alternated in each repetition, medians
printed with their ratio, and what the difference comes to per move at a table of four: one act
received, its state message sent to each of the four seats.
- the actor's message budget (games/live/socket_limits.over_budget): a Redis command per message, or
  one per `limit // STEP_SHARE` messages counted ahead (needs the cache on Redis: REDIS_URL);
- autobahn's debug decorations of a frame (`hltype`, `hlval`, ops/websocket_frames.py): built for the
  debug line of every frame sent and received, or the plain stand-ins;
- a seat's `state` message of a Preisjass deal in play: `json.dumps` or orjson (games/live/wire.py).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from collections.abc import Callable
from typing import Any

from bench.table import median, print_table

#: per move at a table of four: messages counted, frames decorated, state messages written
PER_MOVE = {"budget": 1, "frames": 5, "state": 4}


def _cpu(fn: Callable[[], object], calls: int) -> float:
    """CPU seconds of this thread per call of `fn`."""
    start = time.thread_time()
    for _ in range(calls):
        fn()
    return (time.thread_time() - start) / calls


def _state_message() -> dict[str, Any]:
    from games.engine import CHANCE
    from games.engine.preisjass import RULES

    rng = random.Random(11)
    state = RULES.initial_state(RULES.start_event(RULES.default_options()))
    while state.to_move is not None:
        if state.to_move == CHANCE:
            state = RULES.apply_in_place(state, RULES.chance_event(state, rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 4 and rng.random() < 0.2:  # a hand in the middle of a deal
            return {"state": state.view(state.to_move), "legal": legal, "seat": state.to_move}
        state = RULES.apply_in_place(state, legal[rng.randrange(len(legal))])
    raise AssertionError("the game ended before a hand of five choices")


def _budget_pair() -> tuple[Callable[[], object], Callable[[], object]] | None:
    from django.conf import settings

    from games.live import socket_limits

    script = socket_limits._count_script()
    if script is None:
        return None
    limit = 1_000_000_000  # never reached: the cost of a message within the budget
    step = max(1, limit // socket_limits.STEP_SHARE)
    window = max(1, round(settings.WS_THROTTLE_WINDOW))

    def each() -> object:  # the old way: one command per message
        return script(keys=["bench:socket-costs:each"], args=[window, 1])

    def ahead() -> object:
        return socket_limits.over_budget("bench:socket-costs", "match", limit)

    assert step > 1
    return each, ahead


def _frame_pair() -> tuple[Callable[[], object], Callable[[], object]] | None:
    try:
        from autobahn import util
    except ImportError:
        return None
    from ops.websocket_frames import _plain

    peer, data = "tcp:127.0.0.1:50000", b"x" * 1800

    def decorated() -> object:  # the arguments of one frame's debug line, as autobahn builds them
        return util.hltype(decorated), util.hlval(peer), util.hlval(len(data))

    def plain() -> object:
        return _plain(plain), _plain(peer), _plain(len(data))

    return decorated, plain


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench socket_costs", description=__doc__)
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--calls", type=int, default=2000)
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from games.live import wire

    message = _state_message()
    parts: dict[str, tuple[Callable[[], object], Callable[[], object]] | None] = {
        "budget": _budget_pair(),
        "frames": _frame_pair(),
        "state": (
            lambda: json.dumps(message, separators=(",", ":")),
            lambda: wire.dumps(message),
        ),
    }
    samples: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in parts}
    for _ in range(args.reps):
        for name, pair in parts.items():
            if pair is not None:
                samples[name][0].append(_cpu(pair[0], args.calls))
                samples[name][1].append(_cpu(pair[1], args.calls))
    labels = {
        "budget": "actor budget, a message (Redis command / counted ahead)",
        "frames": "frame debug decorations (autobahn / plain)",
        "state": f"state message, {len(wire.dumps(message))} B (json / orjson)",
    }
    rows: list[list[object]] = []
    saved = 0.0
    for name, (old, new) in samples.items():
        if not old:
            rows.append([labels[name], "not measured", "", "", ""])
            continue
        per_move = (median(old) - median(new)) * PER_MOVE[name]
        saved += per_move
        ratio = f"{median(old) / median(new):.1f}x"
        rows.append([labels[name], 1e6 * median(old), 1e6 * median(new), ratio, 1e3 * per_move])
    rows.append(["per move at a table of four, all parts", "", "", "", 1e3 * saved])
    print_table(
        f"CPU of a web process per part of a message, old and new alternated ({args.reps} x {args.calls})",
        ["part", "old µs", "new µs", "old/new", "saved ms/move"],
        rows,
    )
