"""The live bench's tables: guests seated at a Preisjass table, their sockets, and the measured play
(one table of sequential moves, many tables of thinking bots, Anton's move latency)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import random
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.live.floor import cpu_seconds
from tests.live.cluster import (
    Cluster,
    HttpClient,
    SeatBot,
    query,
    ws_url,
)


def guest_table(bases: list[str], seats: list[str], tag: str) -> tuple[int, list[tuple[str, str]]]:
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


async def single_table(cluster: Cluster, moves: int) -> tuple[list[float], list[float], int]:
    match_id, guests = await asyncio.to_thread(guest_table, cluster.web_urls, ["human"] * 4, "solo")
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
        await until(lambda: all(s.last for s in sockets), 10, news)
        for _ in range(moves):
            seq = max(s.arrivals[-1][0] for s in sockets)
            await until(lambda seq=seq: all(s.arrivals[-1][0] == seq for s in sockets), 10, news)
            actor = next(s for s in sockets if s.last and s.last["d"]["view"]["legal"])
            assert actor.last is not None
            if actor.last["d"]["match"]["status"] != "running":
                break
            action = rng.choice(actor.last["d"]["view"]["legal"])
            sent = time.perf_counter()
            await actor.ws.send(json.dumps({"t": "act", "action": action, "seq": seq}))
            await until(lambda seq=seq: all(_first_after(s.arrivals, seq) for s in sockets), 10, news)
            times = [_first_after(s.arrivals, seq) or sent for s in sockets]
            own.append((_first_after(actor.arrivals, seq) or sent) - sent)
            everyone.append(max(times) - sent)
    finally:
        for s in sockets:
            await s.ws.close()
        await asyncio.gather(*readers, return_exceptions=True)
    return own, everyone, errors


async def until(check: Any, timeout: float, news: asyncio.Event | None = None) -> None:
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
    cpu: list[float] = field(default_factory=list)  # the web processes' CPU seconds in each step
    state_bytes: list[int] = field(default_factory=list)  # the size of each state message received

    def __post_init__(self) -> None:
        self.samples = [[] for _ in self.thinks]
        self.moves = [0 for _ in self.thinks]
        self.errors = [0 for _ in self.thinks]
        self.cpu = [0.0 for _ in self.thinks]

    def start(self) -> None:
        self.started, self.started_wall = time.perf_counter(), time.time()

    def step(self, at: float) -> int:
        return max(0, min(int((at - self.started) // self.step_seconds), len(self.thinks) - 1))

    @property
    def stop_at(self) -> float:
        end = self.started + self.step_seconds * len(self.thinks)
        return min(end, self.halted) if self.halted is not None else end

    @property
    def cpu_per_move_ms(self) -> list[float | None]:
        """The web processes' CPU per answered move in each step (None: a step without a move)."""
        return [c * 1000 / m if m else None for c, m in zip(self.cpu, self.moves, strict=True)]

    def error(self, at: float, count: int = 1) -> None:
        self.errors[self.step(at)] += count
        if self.halt_on_error and self.halted is None:
            self.halted = time.perf_counter()


async def many_tables(cluster: Cluster, args: argparse.Namespace, load: Load) -> int:
    """The bots of --connections sockets play for the load's steps. Returns the number of tables."""
    tables = max(1, args.connections // 4)
    bases = cluster.web_urls[:1] if args.single_web else cluster.web_urls
    with ThreadPoolExecutor(max_workers=8) as pool:
        made = list(pool.map(lambda i: guest_table(bases, ["human"] * 4, f"t{i}"), range(tables)))
    reasons: Counter[str] = Counter()
    connected = [0]

    async def bot(base: str, cookie: str, match_id: int, seed: int) -> None:
        rng = random.Random(seed)
        try:
            async with ramp:  # connect a few at a time, as real clients arrive
                sock = await _open(base, cookie, match_id)
            # Ready once its table has come: the server sends it after counting the socket for its
            # seat (rows written in its presence threads), work that is not part of the play.
            first = await asyncio.wait_for(_first_state(sock), 300)
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
                    if first:  # the table as it was on connect, then what the socket brings
                        raw, first = first, ""
                    else:
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
                load.state_bytes.append(len(raw))
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
    # The clock starts once every socket is open and has its table (or failed to open).
    opened = time.perf_counter()
    await until(lambda: connected[0] + load.connect_errors >= len(tasks), 600)
    print(f"many tables: {connected[0]} sockets open and counted after {time.perf_counter() - opened:.1f}s")
    _restart_profiles(cluster)
    load.start()
    started.set()
    sampler = asyncio.create_task(
        _sample_cpu(load, [cluster.procs[f"web{i + 1}"].pid for i in range(len(bases))])
    )
    await asyncio.wait_for(asyncio.gather(*tasks), load.step_seconds * len(load.thinks) + 60)
    sampler.cancel()
    await asyncio.gather(sampler, return_exceptions=True)
    load.errors[0] += load.connect_errors
    if load.state_bytes:
        sizes = sorted(load.state_bytes)
        print(
            f"many tables: {len(sizes)} state messages, median {sizes[len(sizes) // 2]:,} bytes, "
            f"largest {sizes[-1]:,}"
        )
    if +reasons:
        print("many tables, failures:", dict(+reasons))
    return tables


async def _first_state(sock: Socket) -> str:
    """The first state message on a socket just opened (what comes before it is not the play's)."""
    while True:
        raw = await sock.ws.recv()
        if json.loads(raw)["t"] == "state":
            return str(raw)


def _restart_profiles(cluster: Cluster) -> None:
    """With --profile: the web processes' profiles start afresh with the play (ops/profiling.py)."""
    directory = cluster.extra_env.get("PROFILE_DIR")
    if directory:
        Path(directory).mkdir(parents=True, exist_ok=True)
        for old in Path(directory).glob("*.prof"):
            old.unlink()
        (Path(directory) / "reset").touch()


async def _sample_cpu(load: Load, pids: list[int]) -> None:
    """The web processes' CPU time in each step of the load, read at the step's boundaries (the
    answers to acts sent in a step that arrive after it are counted in the next one: a few)."""
    before = sum(cpu_seconds(pid) for pid in pids)
    for i in range(len(load.thinks)):
        end = load.started + (i + 1) * load.step_seconds
        while time.perf_counter() < min(end, load.stop_at):
            await asyncio.sleep(min(0.05, max(0.0, min(end, load.stop_at) - time.perf_counter())))
        now = sum(cpu_seconds(pid) for pid in pids)
        load.cpu[i], before = now - before, now
        if time.perf_counter() >= load.stop_at:
            return


# --- the ramp ------------------------------------------------------------------------------------


async def ai_latency(cluster: Cluster, ai_moves: int) -> tuple[list[float], list[float]]:
    match_id, guests = await asyncio.to_thread(
        guest_table, cluster.web_urls, ["human", "ai", "ai", "ai"], "ai"
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
