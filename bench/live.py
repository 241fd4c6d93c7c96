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
--ramp runs only the many tables, with the thinking of each --ramp-thinks step in turn, and stops
at the first error: moves/s and the server's handling (LOG_TIMING) per step. --profile DIR writes
the web processes' cProfile files (ops/profiling.py); BENCH_KEEP_LOGS=DIR keeps the processes'
logs there.
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import contextlib
import itertools
import json
import os
import random
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.table import percentile, print_table
from tests.live.cluster import (
    Cluster,
    HttpClient,
    SeatBot,
    create_database,
    drop_database,
    query,
    run_async,
    spare_redis_url,
    ws_url,
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
                    ["think s", "moves/s", "server p50 ms", "server p95 ms", "client p95 ms", "errors"],
                    rows,
                )
                print(summary)
                return
            rows = run_async(_measure(database_url, redis_url, Path(workdir), args))
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


async def _measure(
    database_url: str, redis_url: str, workdir: Path, args: argparse.Namespace
) -> list[list[object]]:
    # The single table runs on a cluster of its own whose consumers log when each act arrives and
    # each state leaves (LOG_TIMING): the server-side handling, apart from the client's share.
    env = {"LOG_TIMING": "1", **_profiled(args, "timed")}
    timed = Cluster(database_url, redis_url, workdir / "timed", extra_env=env)
    (workdir / "timed").mkdir()
    timed.start()
    try:
        own, everyone, errors = await _single_table(timed, args.moves)
    finally:
        timed.stop()
    timings = _server_side(workdir / "timed")
    server_own, server_all = [t[1] for t in timings], [t[2] for t in timings]
    cluster = Cluster(database_url, redis_url, workdir, extra_env=_profiled(args, "many"))
    cluster.start()
    try:
        # Anton before the many tables: their tables stay running, and the watchdog would let Anton
        # stand in for their departed bots after DISCONNECT_TIMEOUT.
        after_human, after_any = await _ai_latency(cluster, args.ai_moves)
        load = Load([args.think], args.duration)
        tables = await _many_tables(cluster, args, load)
        round_trips, failures, moves = load.samples[0], sum(load.errors), load.moves[0]
    finally:
        cluster.stop()
    print("watchdog actions during the many tables:", _watchdog_actions(cluster))
    where = "1 web process" if args.single_web else "2 web processes"
    return [
        _row("human move, server: act received -> own state sent", server_own, "p95 < 20", ""),
        _row(
            "human move, server: act received -> all 4 sent",
            server_all,
            "p95 < 20",
            "2 seats per web process",
        ),
        _row("human move, client: act -> own state", own, "", f"errors {errors}"),
        _row("human move, client: act -> all 4 seats", everyone, "", "round trips on loopback"),
        _row(
            f"{args.connections} sockets, {tables} tables: act -> own state",
            round_trips,
            "p95 < 100",
            f"{where}, think {args.think}s, {moves / args.duration:.0f} moves/s, errors {failures}",
        ),
        _row("Anton: human's event -> AI event", after_human, "p50 < 100, p95 < 500", "created_at"),
        _row("Anton: previous event -> AI event", after_any, "p50 < 100, p95 < 500", "all AI moves"),
    ]


def _profiled(args: argparse.Namespace, cluster: str) -> dict[str, str]:
    """PROFILE_DIR for a cluster's web processes (ops/profiling.py) with --profile."""
    return {"PROFILE_DIR": str(Path(args.profile).resolve() / cluster)} if args.profile else {}


def _server_side(logs: Path) -> list[tuple[float, float, float]]:
    """From the web processes' timing lines: for each human act, its arrival (wall clock) and the
    time from there to the acting seat's next state leaving, and to the last of all seats' next
    states leaving."""
    acts: list[tuple[str, int, str, float]] = []
    sent: dict[tuple[str, str], list[tuple[int, float]]] = {}
    for log in sorted(logs.glob("web*.log")):
        for line in log.read_text(errors="replace").splitlines():
            parts = line.split()
            if len(parts) != 5 or parts[0] not in ("act", "sent"):
                continue
            kind, match_text, seq_text, seat_text, at = parts
            if kind == "act":
                acts.append((match_text, int(seq_text), seat_text, float(at)))
            else:
                sent.setdefault((match_text, seat_text), []).append((int(seq_text), float(at)))
    by_match: dict[str, list[tuple[str, list[tuple[int, float]]]]] = {}
    for (m, other), times in sent.items():
        by_match.setdefault(m, []).append((other, sorted(times)))
    out: list[tuple[float, float, float]] = []
    for match, seq, seat, arrived in acts:
        firsts = {other: next((t for s, t in times if s > seq), None) for other, times in by_match[match]}
        answered = {other: t for other, t in firsts.items() if t is not None}
        if seat in answered and len(answered) == len(firsts):  # not the last act (refused: not logged)
            out.append((arrived, answered[seat] - arrived, max(answered.values()) - arrived))
    return out


def _watchdog_actions(cluster: Cluster) -> str:
    """What the watchdog did during the cluster's run, from the worker's log (its task results): a
    stand-in or a released web process turns the bots' acts stale."""
    totals: Counter[str] = Counter()
    for line in cluster.log("worker", tail=None).splitlines():
        if "games.tasks.watchdog" in line and "succeeded" in line and "{" in line:
            with contextlib.suppress(ValueError, SyntaxError):
                totals.update(ast.literal_eval(line[line.index("{") :]))
    return ", ".join(f"{k} {v}" for k, v in sorted(totals.items()) if v) or "none"


def _row(what: str, samples: list[float], target: str, notes: str) -> list[object]:
    ms = [s * 1000 for s in samples]
    if not ms:
        return [what, 0, "-", "-", "-", target, notes]
    return [what, len(ms), percentile(ms, 50), percentile(ms, 95), max(ms), target, notes]


# --- guests and tables ---------------------------------------------------------------------------


def _guest_table(bases: list[str], seats: list[str], tag: str) -> tuple[int, list[tuple[str, str]]]:
    """A Preisjass table whose human seats are guests: (match id, [(web url, cookie) per human])."""
    humans = [i for i, kind in enumerate(seats) if kind == "human"]
    clients = [HttpClient(bases[n % len(bases)]) for n in range(len(humans))]
    body = {"game": "preisjass", "seats": [{"kind": k} for k in seats], "name": f"{tag}-0"}
    match_id = int(clients[0].api_ok("POST", "/matches/", body)["id"])
    for n, client in enumerate(clients[1:], start=1):
        client.api_ok("POST", f"/matches/{match_id}/join/", {"name": f"{tag}-{n}"})
    return match_id, [(c.base, c.cookie_header()) for c in clients]


@dataclass
class Socket:
    """One seat's socket: when each seq first arrived, and the acts it sent."""

    ws: Any
    arrivals: list[tuple[int, float]] = field(default_factory=list)
    last: dict[str, Any] | None = None


DEFLATE = {"on": False}


async def _open(base: str, cookie: str, match_id: int) -> Socket:
    from websockets.asyncio.client import connect

    ws = await connect(
        ws_url(base, match_id),
        additional_headers={"Cookie": cookie, "Origin": base},
        open_timeout=30,
        compression="deflate" if DEFLATE["on"] else None,
    )
    return Socket(ws)


def _first_after(arrivals: list[tuple[int, float]], seq: int) -> float | None:
    return next((t for s, t in arrivals if s > seq), None)


# --- 1. one table, sequential moves ----------------------------------------------------------------


async def _single_table(cluster: Cluster, moves: int) -> tuple[list[float], list[float], int]:
    match_id, guests = await asyncio.to_thread(_guest_table, cluster.web_urls, ["human"] * 4, "solo")
    sockets = [await _open(base, cookie, match_id) for base, cookie in guests]
    errors = 0
    rng = random.Random(1)

    async def reader(sock: Socket) -> None:
        nonlocal errors
        async for raw in sock.ws:
            message = json.loads(raw)
            if message["t"] == "state":
                sock.arrivals.append((message["seq"], time.perf_counter()))
                sock.last = message
            elif message["t"] == "error":
                errors += 1
            news.set()

    news = asyncio.Event()  # set by the readers: the move loop waits for it instead of polling
    readers = [asyncio.create_task(reader(s)) for s in sockets]
    own: list[float] = []
    everyone: list[float] = []
    try:
        await _until(lambda: all(s.last for s in sockets), 10, news)
        for _ in range(moves):
            seq = max(s.arrivals[-1][0] for s in sockets)
            await _until(lambda seq=seq: all(s.arrivals[-1][0] == seq for s in sockets), 10, news)
            actor = next(s for s in sockets if s.last and s.last["d"]["view"]["legal"])
            assert actor.last is not None
            if actor.last["d"]["match"]["status"] != "running":
                break
            action = rng.choice(actor.last["d"]["view"]["legal"])
            sent = time.perf_counter()
            await actor.ws.send(json.dumps({"t": "act", "action": action, "seq": seq}))
            await _until(lambda seq=seq: all(_first_after(s.arrivals, seq) for s in sockets), 10, news)
            times = [_first_after(s.arrivals, seq) or sent for s in sockets]
            own.append((_first_after(actor.arrivals, seq) or sent) - sent)
            everyone.append(max(times) - sent)
    finally:
        for s in sockets:
            await s.ws.close()
        await asyncio.gather(*readers, return_exceptions=True)
    return own, everyone, errors


async def _until(check: Any, timeout: float, news: asyncio.Event | None = None) -> None:
    """Wait until `check()` holds, re-checking whenever `news` is set (or every 0.1 s without it);
    the times measured come from the readers, not from this loop."""
    end = time.monotonic() + timeout
    while not check():
        left = end - time.monotonic()
        if left <= 0:
            raise TimeoutError("the cluster did not answer in time")
        if news is None:
            await asyncio.sleep(min(0.1, left))
            continue
        news.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(news.wait(), left)


# --- 2. many tables ------------------------------------------------------------------------------


@dataclass
class Load:
    """How long the bots think, step by step (one step for a plain run, several for --ramp), and what
    each step measured: round trips, answered acts and errors by the step in which the act was sent.
    `halt_on_error`: the first error ends the play (the ramp)."""

    thinks: list[float]
    step_seconds: float
    halt_on_error: bool = False
    started: float = 0.0  # perf_counter
    started_wall: float = 0.0  # time.time(), for the servers' timing lines
    halted: float | None = None
    samples: list[list[float]] = field(default_factory=list)
    moves: list[int] = field(default_factory=list)
    errors: list[int] = field(default_factory=list)
    connect_errors: int = 0

    def __post_init__(self) -> None:
        self.samples = [[] for _ in self.thinks]
        self.moves = [0 for _ in self.thinks]
        self.errors = [0 for _ in self.thinks]

    def start(self) -> None:
        self.started, self.started_wall = time.perf_counter(), time.time()

    def step(self, at: float) -> int:
        return max(0, min(int((at - self.started) // self.step_seconds), len(self.thinks) - 1))

    @property
    def stop_at(self) -> float:
        end = self.started + self.step_seconds * len(self.thinks)
        return min(end, self.halted) if self.halted is not None else end

    def error(self, at: float, count: int = 1) -> None:
        self.errors[self.step(at)] += count
        if self.halt_on_error and self.halted is None:
            self.halted = time.perf_counter()


async def _many_tables(cluster: Cluster, args: argparse.Namespace, load: Load) -> int:
    """The bots of --connections sockets play for the load's steps. Returns the number of tables."""
    tables = max(1, args.connections // 4)
    bases = cluster.web_urls[:1] if args.single_web else cluster.web_urls
    with ThreadPoolExecutor(max_workers=8) as pool:
        made = list(pool.map(lambda i: _guest_table(bases, ["human"] * 4, f"t{i}"), range(tables)))
    reasons: Counter[str] = Counter()
    connected = [0]

    async def bot(base: str, cookie: str, match_id: int, seed: int) -> None:
        rng = random.Random(seed)
        try:
            async with ramp:  # connect a few at a time, as real clients arrive
                sock = await _open(base, cookie, match_id)
                connected[0] += 1
        except Exception as exc:
            load.connect_errors += 1
            reasons[f"connect: {type(exc).__name__}"] += 1
            done[0] += 1
            if done[0] == len(tasks):
                all_done.set()
            return
        await started.wait()
        sent: dict[int, float] = {}
        try:
            # Play until the load stops; then only wait (at most 10 s) for the answers to acts sent.
            while True:
                now = time.perf_counter()
                if now > load.stop_at and not sent:
                    break
                try:
                    wait = max(load.stop_at - now, 0) + 10 * bool(sent)
                    raw = await asyncio.wait_for(sock.ws.recv(), wait)
                except TimeoutError:
                    if sent:  # an act that was never answered
                        load.error(min(sent.values()), len(sent))
                        reasons["unanswered act"] += len(sent)
                        break
                    continue
                message = json.loads(raw)
                now = time.perf_counter()
                if message["t"] == "error":
                    load.error(now)
                    reasons[f"error: {message['code']}"] += 1
                    if reasons[f"error: {message['code']}"] == 1:  # one of each kind, as it came
                        print(f"many tables, first {message['code']}: {message.get('message')}")
                    continue
                if message["t"] != "state":
                    continue
                seq = message["seq"]
                for old in [s for s in sent if s < seq]:
                    at = sent.pop(old)
                    load.samples[load.step(at)].append(now - at)
                    load.moves[load.step(at)] += 1
                legal = (message["d"]["view"] or {}).get("legal") or []
                if message["d"]["match"]["status"] != "running":
                    break
                if legal and seq not in sent and now < load.stop_at:
                    await asyncio.sleep(load.thinks[load.step(now)] * rng.uniform(0.5, 1.5))
                    if time.perf_counter() >= load.stop_at:
                        continue
                    sent[seq] = time.perf_counter()
                    await sock.ws.send(json.dumps({"t": "act", "action": rng.choice(legal), "seq": seq}))
        except Exception as exc:
            load.error(time.perf_counter())
            reasons[f"socket: {type(exc).__name__}"] += 1
        finally:
            # Every socket stays open until all bots are done: the closing storm (a presence write
            # per socket) is not part of the play measured.
            done[0] += 1
            if done[0] == len(tasks):
                all_done.set()
            await all_done.wait()
            await sock.ws.close()

    started, all_done, done = asyncio.Event(), asyncio.Event(), [0]
    ramp = asyncio.Semaphore(args.connect_concurrency)
    tasks = [
        asyncio.create_task(bot(base, cookie, match_id, i * 4 + n))
        for i, (match_id, guests) in enumerate(made)
        for n, (base, cookie) in enumerate(guests)
    ]
    # The clock starts once every socket is open (or failed to open).
    opened = time.perf_counter()
    await _until(lambda: connected[0] + load.connect_errors >= len(tasks), 600)
    print(f"many tables: {connected[0]} sockets open after {time.perf_counter() - opened:.1f}s")
    load.start()
    started.set()
    await asyncio.wait_for(asyncio.gather(*tasks), load.step_seconds * len(load.thinks) + 60)
    load.errors[0] += load.connect_errors
    if +reasons:
        print("many tables, failures:", dict(+reasons))
    return tables


# --- the ramp ------------------------------------------------------------------------------------


async def _ramp(
    database_url: str, redis_url: str, workdir: Path, args: argparse.Namespace
) -> tuple[list[list[object]], str]:
    """--connections sockets play with the thinking of each --ramp-thinks step in turn, until the
    first error; the web processes log their timings (LOG_TIMING) for the server's share."""
    env = {"LOG_TIMING": "1", **_profiled(args, "ramp")}
    cluster = Cluster(database_url, redis_url, workdir, extra_env=env)
    cluster.start()
    load = Load(args.ramp_thinks, args.ramp_step, halt_on_error=True)
    try:
        await _many_tables(cluster, args, load)
    finally:
        cluster.stop()
    print("watchdog actions during the ramp:", _watchdog_actions(cluster))
    server: list[list[float]] = [[] for _ in load.thinks]
    for arrived, own, _ in _server_side(workdir):
        at = load.started + (arrived - load.started_wall)
        if load.halted is None or at < load.halted:
            server[load.step(at)].append(own * 1000)
    rows: list[list[object]] = []
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


async def _ai_latency(cluster: Cluster, ai_moves: int) -> tuple[list[float], list[float]]:
    match_id, guests = await asyncio.to_thread(
        _guest_table, cluster.web_urls, ["human", "ai", "ai", "ai"], "ai"
    )
    base, cookie = guests[0]
    human = SeatBot(base, match_id, cookie, "human")

    def enough() -> bool:
        ((count,),) = query(
            cluster.database_url,
            "SELECT count(*) FROM games_matchevent WHERE match_id = %s AND command_id LIKE 'ai:%%'",
            match_id,
        )
        return int(count) >= ai_moves

    play = asyncio.create_task(human.play(300))
    while not play.done() and not await asyncio.to_thread(enough):
        await asyncio.sleep(0.2)
    play.cancel()
    await asyncio.gather(play, return_exceptions=True)
    rows = query(
        cluster.database_url,
        "SELECT seq, seat, command_id, created_at FROM games_matchevent WHERE match_id = %s ORDER BY seq",
        match_id,
    )
    after_human: list[float] = []
    after_any: list[float] = []
    for before, after in itertools.pairwise(rows):
        if after[2] and str(after[2]).startswith("ai:"):
            delta = (after[3] - before[3]).total_seconds()
            after_any.append(delta)
            if before[1] == 0:
                after_human.append(delta)
    return after_human, after_any
