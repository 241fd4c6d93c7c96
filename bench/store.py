"""Event store on PostgreSQL: append latency, sustained appends/s, load-and-replay, the seq race, and
the cold load of a long Preferans pool with and without its state snapshot.

    python -m bench store [--appends 2000] [--race-trials 1000] [--replays 200] [--partitioned]
                          [--pool-events 1843] [--cold-loads 200]

Uses DATABASE_URL (default: the local PostgreSQL) and a throwaway database created for the run;
`--partitioned` first turns its event table into one partitioned by match (docs/scaling.md's SQL).

The cold load: a random Preferans pool (pool 30, the first seed whose pool has `--pool-events` events,
cut there) is stored, with the snapshot the live path would hold at that point (at the last multiple of
STATE_SNAPSHOT_EVERY); then loads with an empty process cache alternate between replaying every event
(snapshots switched off) and the snapshot plus the events after it, and the ratio of the medians is
printed: `cold load ... (snapshot/replay = R)`, the goal R <= 0.25.
"""

from __future__ import annotations

import argparse
import threading
import time
from dataclasses import dataclass

from bench.database import partition_events_sql, throwaway_database
from bench.table import median, percentile


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench store")
    parser.add_argument("--appends", type=int, default=2000)
    parser.add_argument("--race-trials", type=int, default=1000)
    parser.add_argument("--replays", type=int, default=200)
    parser.add_argument("--partitioned", action="store_true", help="the event table partitioned by match")
    parser.add_argument("--pool-events", type=int, default=1843, help="events of the long Preferans pool")
    parser.add_argument("--cold-loads", type=int, default=200, help="cold loads of the pool, of each kind")
    args = parser.parse_args(argv)
    with throwaway_database() as vendor:
        if args.partitioned:
            from django.db import connection, transaction

            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(partition_events_sql())
            vendor += ", events partitioned by match"
        _measure(args, vendor)


def _measure(args: argparse.Namespace, vendor: str) -> None:
    from django.conf import settings

    from bench.concurrency import race_submits
    from bench.table import median, percentile, print_table
    from games import engine
    from games.engine import available_games
    from games.live import dispatch, state_cache
    from games.models import Match, MatchEvent, MatchStatus
    from games.services.matches import SeatSpec, match_act, match_create, match_join
    from games.signals import match_finished
    from games.store.events import load_state
    from tests import factories
    from tests.sixth.engine import RULES as DUEL

    engine.register(DUEL)
    # Two players open hundreds of tables here (the race leaves each running): no per-player limit.
    settings.MAX_OPEN_TABLES = 0
    # The leaderboard and league projections of a finished match run as Celery tasks after the commit
    # in deployment; with this in-process runner they would run inside the measured call of every
    # match's last move. They have their own benchmarks, so they are switched off here.
    match_finished.receivers = []
    match_finished.sender_receivers_cache.clear()
    anna, ben = factories.user("anna"), factories.user("ben")
    actors = {0: factories.actor(anna), 1: factories.actor(ben)}

    def play_one(match: Match) -> float:
        state = load_state(match)
        seat = state.to_move
        assert isinstance(seat, int)
        action = {k: v for k, v in state.legal_actions()[0].items() if k != "seat"}
        t0 = time.perf_counter()
        match_act(match_id=match.pk, actor=actors[seat], action=action, expected_seq=match.version)
        return time.perf_counter() - t0

    cpu_per_move: list[float] = [0.0, 0.0]  # seconds of this process / of its PostgreSQL backend

    def sequential(count: int) -> tuple[list[float], float]:
        samples: list[float] = []
        match = factories.two_player_match("duel", anna, ben, cards=10)
        started, cpu, backend = time.perf_counter(), time.process_time(), _backend_cpu()
        while len(samples) < count:
            match.refresh_from_db()
            if match.status != MatchStatus.RUNNING:
                match = factories.two_player_match("duel", anna, ben, cards=10)
                continue
            samples.append(play_one(match))
        cpu_per_move[:] = [(time.process_time() - cpu) / count, (_backend_cpu() - backend) / count]
        return samples, len(samples) / (time.perf_counter() - started)

    # 1. latency of single appends (service call: lock, validate, insert, commit), sequential; the
    # after-commit broadcast is measured apart, since it belongs to live play, not to the store.
    real_broadcast = dispatch.broadcast
    dispatch.broadcast = lambda *a, **k: None
    latencies, sequential_rate = sequential(args.appends)
    app_cpu, database_cpu = cpu_per_move
    dispatch.broadcast = real_broadcast
    with_broadcast, _ = sequential(max(50, args.appends // 4))

    # 2. sustained appends/s with 4 writers on 4 different matches
    per_writer = max(1, args.appends // 4)
    counts = [0] * 4

    def writer(i: int) -> None:
        from django.db import connection

        m = factories.two_player_match("duel", anna, ben, cards=10)
        while counts[i] < per_writer:
            m.refresh_from_db()
            if m.status != MatchStatus.RUNNING:
                m = factories.two_player_match("duel", anna, ben, cards=10)
                continue
            play_one(m)
            counts[i] += 1
        connection.close()

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(4)]
    t0 = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    parallel_rate = sum(counts) / (time.perf_counter() - t0)

    # 3. load and replay a stored match from the database (cache cleared each time)
    game = "preisjass" if "preisjass" in available_games() else "duel"
    if game == "preisjass":
        m = match_create(
            game=game,
            creator=actors[0],
            seats=[SeatSpec("ai"), SeatSpec("ai"), SeatSpec("ai"), SeatSpec()],
            creator_seat=3,
            ai_version="random",
        )
        _finish_randomly(m, actors[0], 3)
    else:
        m = factories.two_player_match("duel", anna, ben, cards=10)
    m.refresh_from_db()
    replays = []
    every, settings.STATE_SNAPSHOT_EVERY = settings.STATE_SNAPSHOT_EVERY, 0  # a full replay, as before
    for _ in range(args.replays):
        state_cache.clear()
        m.refresh_from_db()
        t = time.perf_counter()
        load_state(m)
        replays.append(time.perf_counter() - t)
    settings.STATE_SNAPSHOT_EVERY = every

    # 4. a cold load of a long pool, replayed in full or from its snapshot (alternated)
    cold = _cold_loads(args.pool_events, args.cold_loads) if "preferans" in available_games() else None

    # 5. the race: 8 concurrent submits for the same seq
    bad = 0
    race_times = []
    for _ in range(args.race_trials):
        state_cache.clear()
        rm = factories.two_player_match("duel", anna, ben, cards=8)
        t = time.perf_counter()
        outcome = race_submits(rm, actors[0], writers=8)
        race_times.append(time.perf_counter() - t)
        bad += (outcome.successes, outcome.conflicts, outcome.other_errors, outcome.seqs) != (
            1,
            7,
            [],
            [1, 2, 3],
        )
    _ = MatchEvent, match_join

    ms = 1000.0
    print_table(
        f"Event store on {vendor} ({args.appends} appends, {args.replays} replays, {args.race_trials} races)",
        ["measure", "p50", "p95", "unit"],
        [
            [
                "append latency (service, sequential)",
                median(latencies) * ms,
                percentile(latencies, 95) * ms,
                "ms",
            ],
            [
                "append + broadcast to the match group",
                median(with_broadcast) * ms,
                percentile(with_broadcast, 95) * ms,
                "ms",
            ],
            ["CPU per move, this process (sequential)", app_cpu * ms, "", "ms"],
            ["CPU per move, its PostgreSQL backend", database_cpu * ms, "", "ms"],
            ["appends per second, 1 writer", sequential_rate, "", "/s"],
            ["appends per second, 4 writers", parallel_rate, "", "/s"],
            [
                f"load + replay {game} match ({m.version} events)",
                median(replays) * ms,
                percentile(replays, 95) * ms,
                "ms",
            ],
            [
                "race of 8 submits (whole trial)",
                median(race_times) * ms,
                percentile(race_times, 95) * ms,
                "ms",
            ],
            ["races with != 1 success or a seq gap", bad, "", "trials"],
            *(cold.rows() if cold is not None else []),
        ],
    )
    if cold is not None:
        print(cold.line())


def _backend_cpu() -> float:
    """CPU seconds of this connection's PostgreSQL backend process (user + system, from /proc when the
    server runs on this machine; NaN otherwise). Unlike the rates, this hardly depends on other load."""
    import os
    from pathlib import Path

    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _finish_randomly(match: object, actor: object, seat: int) -> None:
    import random

    from games.models import Match, MatchStatus
    from games.services.matches import match_act
    from games.store.events import load_state

    assert isinstance(match, Match)
    rng = random.Random(7)
    while True:
        match.refresh_from_db()
        if match.status != MatchStatus.RUNNING:
            return
        state = load_state(match)
        legal = state.legal_actions()
        action = {k: v for k, v in rng.choice(legal).items() if k != "seat"}
        match_act(match_id=match.pk, actor=actor, action=action, expected_seq=match.version)  # type: ignore[arg-type]


@dataclass
class ColdLoads:
    events: int
    snapshot_at: int
    snapshot_bytes: int
    replay: list[float]
    replay_cpu: list[float]
    restored: list[float]
    restored_cpu: list[float]

    def rows(self) -> list[list[object]]:
        ms = 1000.0
        tail = self.events - self.snapshot_at
        return [
            [
                f"cold load, Preferans pool of {self.events} events, full replay",
                median(self.replay) * ms,
                percentile(self.replay, 95) * ms,
                "ms",
            ],
            [
                f"cold load, same pool, snapshot at {self.snapshot_at} + {tail} events",
                median(self.restored) * ms,
                percentile(self.restored, 95) * ms,
                "ms",
            ],
            [
                "CPU of a cold load: full replay / from the snapshot",
                median(self.replay_cpu) * ms,
                median(self.restored_cpu) * ms,
                "ms (p50 each)",
            ],
            ["the snapshot's size", self.snapshot_bytes / 1024, "", "KiB"],
        ]

    def line(self) -> str:
        x, y = median(self.replay) * 1000, median(self.restored) * 1000
        return (
            f"cold load of a {self.events}-event preferans pool: full replay p50 {x:.2f} ms, "
            f"from the snapshot p50 {y:.2f} ms (snapshot/replay = {y / x:.2f}; "
            f"CPU {median(self.restored_cpu) / median(self.replay_cpu):.2f})"
        )


def _pool_events(length: int) -> list[dict[str, object]]:
    """The first random pool (seeds 0, 1, ...) of at least `length` events, cut at `length`."""
    import random

    from games.engine import CHANCE, get_rules

    rules = get_rules("preferans")
    for seed in range(1000):
        rng = random.Random(seed)
        events = [rules.start_event({"pool": 30})]
        state = rules.replay(events)
        while state.to_move is not None and len(events) < length:
            if state.to_move == CHANCE:
                event = rules.chance_event(state, rng)
            else:
                event = rng.choice(state.legal_actions())
            state = rules.apply_in_place(state, event)
            events.append(event)
        if len(events) == length:
            return events
    raise SystemExit(f"no random pool of {length} events among 1,000 seeds")


def _cold_loads(length: int, reps: int) -> ColdLoads:
    from django.conf import settings

    from games.live import state_cache
    from games.models import Match, MatchEvent, MatchStatus, StateSnapshot
    from games.services.snapshots import state_snapshot_take
    from games.store.events import load_state

    events = _pool_events(length)
    match = Match.objects.create(
        game="preferans", status=MatchStatus.RUNNING, seed="s", seed_commitment="c", version=len(events)
    )
    MatchEvent.objects.bulk_create(
        MatchEvent(match=match, seq=i, type=str(e["type"]), seat=e.get("seat"), data=e)  # type: ignore[misc]
        for i, e in enumerate(events, start=1)
    )
    every = settings.STATE_SNAPSHOT_EVERY
    at = len(events) // every * every  # where the live path took the last one
    assert state_snapshot_take(match_id=match.pk, version=at)
    size = len(StateSnapshot.objects.get(match=match).state)
    full: list[float] = []
    full_cpu: list[float] = []
    restored: list[float] = []
    restored_cpu: list[float] = []
    for i in range(reps + 5):
        for snapshots, wall, cpu in ((0, full, full_cpu), (every, restored, restored_cpu)):
            settings.STATE_SNAPSHOT_EVERY = snapshots  # 0: none used
            state_cache.clear()
            t, c = time.perf_counter(), time.process_time()
            state = load_state(match)
            if i >= 5:  # the first five warm up
                wall.append(time.perf_counter() - t)
                cpu.append(time.process_time() - c)
            assert state.version == len(events)
    settings.STATE_SNAPSHOT_EVERY = every
    state_cache.clear()
    from_snapshot = load_state(match)
    settings.STATE_SNAPSHOT_EVERY = 0
    state_cache.clear()
    replayed = load_state(match)
    settings.STATE_SNAPSHOT_EVERY = every
    for seat in (None, 0, 1, 2):
        assert from_snapshot.view(seat) == replayed.view(seat)
    assert from_snapshot.result() == replayed.result()
    return ColdLoads(len(events), at, size, full, full_cpu, restored, restored_cpu)
