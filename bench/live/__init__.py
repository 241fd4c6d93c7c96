"""Live play on a local cluster (2 daphne, Celery worker and beat): move handling, many tables, AI latency.

    python -m bench live [--connections 200] [--single-web] [--think 1.0] [--duration 20]
                         [--moves 200] [--ai-moves 150]

Starts the processes of tests/live/cluster.py against a throwaway PostgreSQL database (DATABASE_URL,
default the local server) and a spare database number of the Redis server in REDIS_URL (default the
local one), all on 127.0.0.1, and removes everything afterwards. Bots are guests playing Preisjass.
  1. one human move, sequential moves on one table (two seats on each web process), on a cluster
     of its own whose consumers log their timings (LOG_TIMING=1): server-side, from the act's
     arrival in the consumer to the state message leaving for the acting seat and for all four;
     client-side, act sent -> state received on the same socket and on all four sockets;
  2. many tables: --connections bots (4 per table) over both web processes (or one with --single-web),
     each thinking --think seconds before its move: act -> own state round trip, and errors;
  3. Anton's move latency: the human's (or previous) event to the AI's following event, from the
     stored events' timestamps, on a table with one human bot and three Anton seats.
Before all that, the floor under a move on the same PostgreSQL and Redis (bench/live/floor.py: an
fsync'd single-row insert plus a publish reaching a subscriber, p50 each); after the table, the
line `move floor: F ms; server own seat p95 P ms (P/F = R×); N sockets p95 Q ms (Q/F = S×), M
moves/s, E errors`, and the web processes' CPU per move during the many tables (from /proc).
--ramp runs only the many tables, with the thinking of each --ramp-thinks step in turn, and stops
at the first error: moves/s and the server's handling (LOG_TIMING) per step. --profile DIR writes
the web processes' cProfile files (ops/profiling.py); BENCH_KEEP_LOGS=DIR keeps the processes'
logs there.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import tempfile
from pathlib import Path

from bench.live.floor import measure as measure_floor
from bench.live.logs import profiled, row, server_side, watchdog_actions
from bench.live.tables import DEFLATE, Load, ai_latency, many_tables, single_table
from bench.table import percentile, print_table
from tests.live.cluster import (
    Cluster,
    create_database,
    drop_database,
    run_async,
    spare_redis_url,
)


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench live")
    parser.add_argument("--connections", type=int, default=200, help="sockets in the many-tables test")
    parser.add_argument("--single-web", action="store_true", help="all those sockets on one web process")
    parser.add_argument("--think", type=float, default=1.0, help="seconds a bot waits before its move")
    parser.add_argument("--duration", type=float, default=20.0, help="seconds of the many-tables test")
    parser.add_argument("--connect-concurrency", type=int, default=20, help="socket handshakes at once")
    parser.add_argument("--moves", type=int, default=200, help="moves in the single-move test")
    parser.add_argument("--ai-moves", type=int, default=150, help="AI moves to time")
    parser.add_argument("--deflate", action="store_true", help="negotiate permessage-deflate, as browsers do")
    parser.add_argument(
        "--ramp",
        action="store_true",
        help="only the many tables, with shorter and shorter thinking (--ramp-thinks) until the first error",
    )
    parser.add_argument("--ramp-thinks", default="4,2,1,0.5,0.25", help="think seconds of the ramp's steps")
    parser.add_argument("--ramp-step", type=float, default=10.0, help="seconds of each ramp step")
    parser.add_argument("--profile", default="", help="directory for the web processes' cProfile files")
    args = parser.parse_args(argv)
    args.connections = min(args.connections, 4000)  # one client process on this machine: bounded
    thinks = [float(t) for t in args.ramp_thinks.split(",")][:8]
    args.ramp_thinks = [t for t in thinks if t >= 0.01] or [1.0]
    DEFLATE["on"] = args.deflate
    admin_url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    redis_url = spare_redis_url(os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/15"))
    name = f"kt_bench_live_{os.getpid()}"
    database_url = create_database(admin_url, name)
    try:
        keep = os.environ.get("BENCH_KEEP_LOGS", "")
        with (
            contextlib.nullcontext(tempfile.mkdtemp(prefix="bench-live-", dir=keep))
            if keep
            else tempfile.TemporaryDirectory(prefix="bench-live-")
        ) as workdir:
            if args.ramp:
                rows, summary = run_async(_ramp(database_url, redis_url, Path(workdir), args))
                where = "1 web process" if args.single_web else "2 web processes"
                print_table(
                    f"Ramp: {args.connections} sockets on {where}, {args.ramp_step:.0f}s per step, "
                    f"until the first error ({os.cpu_count()} cores)",
                    [
                        "think s",
                        "moves/s",
                        "server p50 ms",
                        "server p95 ms",
                        "client p95 ms",
                        "web CPU ms/move",
                        "errors",
                    ],
                    rows,
                )
                print(summary)
                return
            rows, lines = run_async(_measure(database_url, redis_url, Path(workdir), args))
    finally:
        drop_database(admin_url, name)
        with contextlib.suppress(Exception):
            import redis

            redis.Redis.from_url(redis_url).flushdb()
    print_table(
        f"Live play on 127.0.0.1 ({os.cpu_count()} cores; 2 web processes, 1 Celery worker)",
        ["measurement", "samples", "p50 ms", "p95 ms", "max ms", "target", "notes"],
        rows,
    )
    print()
    for line in lines:
        print(line)


async def _measure(
    database_url: str, redis_url: str, workdir: Path, args: argparse.Namespace
) -> tuple[list[list[object]], list[str]]:
    # The floor first, on the idle PostgreSQL and Redis the clusters are about to use.
    floor = await asyncio.to_thread(measure_floor, database_url, redis_url)
    # The single table runs on a cluster of its own whose consumers log when each act arrives and
    # each state leaves (LOG_TIMING): the server-side handling, apart from the client's share.
    env = {"LOG_TIMING": "1", **profiled(args, "timed")}
    timed = Cluster(database_url, redis_url, workdir / "timed", extra_env=env)
    (workdir / "timed").mkdir()
    timed.start()
    try:
        own, everyone, errors = await single_table(timed, args.moves)
    finally:
        timed.stop()
    timings = server_side(workdir / "timed")
    server_own, server_all = [t[1] for t in timings], [t[2] for t in timings]
    cluster = Cluster(database_url, redis_url, workdir, extra_env=profiled(args, "many"))
    cluster.start()
    try:
        # Anton before the many tables: their tables stay running, and the watchdog would let Anton
        # stand in for their departed bots after DISCONNECT_TIMEOUT.
        after_human, after_any = await ai_latency(cluster, args.ai_moves)
        load = Load([args.think], args.duration)
        tables = await many_tables(cluster, args, load)
        round_trips, failures, moves = load.samples[0], sum(load.errors), load.moves[0]
    finally:
        cluster.stop()
    print("watchdog actions during the many tables:", watchdog_actions(cluster))
    where = "1 web process" if args.single_web else "2 web processes"
    rate = moves / args.duration
    cpu = load.cpu_per_move_ms[0]
    own_p95 = percentile([t * 1000 for t in server_own], 95) if server_own else float("nan")
    sockets_p95 = percentile([t * 1000 for t in round_trips], 95) if round_trips else float("nan")
    lines = [
        f"floor parts: fsync'd single-row insert p50 {floor.insert_ms:.2f} ms, "
        f"publish -> subscriber p50 {floor.publish_ms:.2f} ms",
        f"web CPU per move ({where}, many tables): "
        + (f"{cpu:.2f} ms ({load.cpu[0]:.1f} s CPU for {moves} moves)" if cpu is not None else "-"),
        f"move floor: {floor.ms:.2f} ms; server own seat p95 {own_p95:.1f} ms "
        f"(P/F = {own_p95 / floor.ms:.2f}×); {args.connections} sockets p95 {sockets_p95:.1f} ms "
        f"(Q/F = {sockets_p95 / floor.ms:.2f}×), {rate:.0f} moves/s, {failures} errors",
    ]
    return [
        row("human move, server: act received -> own state sent", server_own, "p95 < 20", ""),
        row(
            "human move, server: act received -> all 4 sent",
            server_all,
            "p95 < 20",
            "2 seats per web process",
        ),
        row("human move, client: act -> own state", own, "", f"errors {errors}"),
        row("human move, client: act -> all 4 seats", everyone, "", "round trips on loopback"),
        row(
            f"{args.connections} sockets, {tables} tables: act -> own state",
            round_trips,
            "p95 < 100",
            f"{where}, think {args.think}s, {moves / args.duration:.0f} moves/s, errors {failures}",
        ),
        row("Anton: human's event -> AI event", after_human, "p50 < 100, p95 < 500", "created_at"),
        row("Anton: previous event -> AI event", after_any, "p50 < 100, p95 < 500", "all AI moves"),
    ], lines


async def _ramp(
    database_url: str, redis_url: str, workdir: Path, args: argparse.Namespace
) -> tuple[list[list[object]], str]:
    """--connections sockets play with the thinking of each --ramp-thinks step in turn, until the
    first error; the web processes log their timings (LOG_TIMING) for the server's share."""
    env = {"LOG_TIMING": "1", **profiled(args, "ramp")}
    cluster = Cluster(database_url, redis_url, workdir, extra_env=env)
    cluster.start()
    load = Load(args.ramp_thinks, args.ramp_step, halt_on_error=True)
    try:
        await many_tables(cluster, args, load)
    finally:
        cluster.stop()
    print("watchdog actions during the ramp:", watchdog_actions(cluster))
    server: list[list[float]] = [[] for _ in load.thinks]
    for arrived, own, _ in server_side(workdir):
        at = load.started + (arrived - load.started_wall)
        if load.halted is None or at < load.halted:
            server[load.step(at)].append(own * 1000)
    rows: list[list[object]] = []
    cpu = load.cpu_per_move_ms
    before_error = "none"
    for i, think in enumerate(load.thinks):
        begin = load.started + i * load.step_seconds
        if begin >= load.stop_at:
            break
        seconds = min(load.step_seconds, load.stop_at - begin)
        client = [t * 1000 for t in load.samples[i]]
        rate = load.moves[i] / seconds
        rows.append(
            [
                think,
                f"{rate:.0f}",
                percentile(server[i], 50) if server[i] else "-",
                percentile(server[i], 95) if server[i] else "-",
                percentile(client, 95) if client else "-",
                cpu[i] if cpu[i] is not None else "-",
                load.errors[i],
            ]
        )
        if load.errors[i]:
            break
        before_error = f"{rate:.0f} moves/s (think {think}s)"
    first = next((i for i, e in enumerate(load.errors) if e), None)
    summary = (
        f"moves per second before the first error: {before_error}"
        if first is not None
        else f"no error at any step; the last step made {rows[-1][1]} moves/s"
    )
    return rows, summary


# --- 3. Anton ------------------------------------------------------------------------------------
