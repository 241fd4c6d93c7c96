"""The live list: one read at many running tables, and one tick's push to many lobby sockets.

    python -m bench live_list [--tables 1000] [--sockets 10000] [--reads 9] [--moves 4] [--profile]

Fills a throwaway database (PostgreSQL unless DATABASE_URL says otherwise) with `--tables` running
tables: one real match per game (a human and AI seats, played a while), its events copied to every
table of that game, each table cut at a different seq. Then times, in this process as a web process
does it (games/live/watchlist.py, games/live/watchfeed.py):

- a cold read: the candidates, and every listed table replayed from its events (a process's first);
- a warm read: nothing moved (every score kept per seq);
- a read after `--moves` events at each listed table (caught up from the kept states, one query);
- the `live` messages' sizes (the lobby's top few, the whole list);
- one tick to `--sockets` subscribed sockets (a stand-in consumer whose send only counts): with the
  list changed (every socket sent the new text) and unchanged (none).

`--real-sockets N` measures the sends themselves instead: a daphne of its own (SQLite, LIVE_TICK=1)
with N real lobby sockets (`?live=top`, from one client process) and a few running tables, one of
which switches its spectators on and off every second so that the list changes at every tick; the
daphne process's CPU per second with the list changing and with it still, and the messages received.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import random
import time
from typing import Any

from bench.database import throwaway_database


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench live_list")
    parser.add_argument("--tables", type=int, default=1000, help="running tables")
    parser.add_argument("--sockets", type=int, default=10000, help="lobby sockets subscribed in this process")
    parser.add_argument("--reads", type=int, default=9, help="timed reads of each kind")
    parser.add_argument("--moves", type=int, default=4, help="events added per listed table between reads")
    parser.add_argument("--profile", action="store_true", help="print where a warm read spends its CPU")
    parser.add_argument("--real-sockets", type=int, default=0, help="measure real sends to this many sockets")
    parser.add_argument("--seconds", type=float, default=20, help="each phase of --real-sockets")
    args = parser.parse_args(argv)
    if args.real_sockets:
        _real_sockets(args.real_sockets, args.seconds)
        return
    with throwaway_database() as vendor:
        _measure(args, vendor)


def _measure(args: argparse.Namespace, vendor: str) -> None:
    from django.conf import settings
    from django.db import connection

    from bench.table import median, percentile, print_table
    from games.live import state_cache, watchfeed, watchlist

    settings.LIVE_TICK = 0  # every read below reads
    started = time.perf_counter()
    streams = _fill(args.tables)
    fill = time.perf_counter() - started
    if vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE games_match; ANALYZE games_seat; ANALYZE games_matchevent")
    rows: list[list[object]] = []

    def timed_reads(label: str, before: Any = None) -> None:
        times, cpu, queries = [], [], []
        for _ in range(args.reads):
            if before is not None:
                before()
            counted: list[str] = []

            def count(run: Any, sql: str, *rest: Any, counted: list[str] = counted) -> Any:
                counted.append(sql)
                return run(sql, *rest)

            with connection.execute_wrapper(count):
                t0, c0 = time.perf_counter(), time.thread_time()
                entries = watchlist.live_list()
                times.append(time.perf_counter() - t0)
                cpu.append(time.thread_time() - c0)
            queries.append(len(counted))
        rows.append(
            [
                label,
                len(entries),
                f"{median(times) * 1000:.1f}",
                f"{percentile(times, 95) * 1000:.1f}",
                f"{median(cpu) * 1000:.1f}",
                max(queries),
            ]
        )

    def cold() -> None:
        watchlist.clear()
        state_cache.clear()

    timed_reads("cold (every listed table replayed)", cold)
    timed_reads("warm (nothing moved)")
    if args.profile:
        import cProfile
        import pstats

        profile = cProfile.Profile(time.thread_time)
        profile.enable()
        for _ in range(5):
            watchlist.live_list()
        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative").print_stats(25)
    timed_reads(f"after {args.moves} events at each listed table", lambda: _move(streams, args.moves))
    print_table(
        f"Reading the live list on {vendor}: {args.tables} running tables ({args.reads} reads each)",
        ["read", "listed", "median ms", "p95 ms", "CPU ms (median)", "queries"],
        rows,
    )
    if vendor == "postgresql":
        print(f"\nthe candidates' query at {args.tables} running tables (EXPLAIN ANALYZE):")
        for line in watchlist.candidates_query(None).explain(analyze=True).splitlines():
            if line.lstrip().startswith(("Limit", "Planning Time", "Execution Time")):
                print("  " + line.strip())
    top = watchfeed.message(("top", None))
    whole = watchfeed.message(("all", None))
    sizes = f"the lobby's top {watchlist.TOP} {len(top.encode())} B, the whole list {len(whole.encode())} B"
    print(f"\nmessages: {sizes}")
    _ticks(args.sockets)
    print(f"\n(fill: {fill:.1f} s)")
    if vendor == "postgresql":  # the tick's pool threads keep their sessions: end them, or the drop fails
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )


def _fill(count: int) -> dict[int, tuple[list[dict[str, Any]], int]]:
    """`count` running tables over the games, each a copy of its game's real stream cut at a random
    seq; returns each table's full stream and the seq it is at."""
    from django.utils import timezone

    from accounts.models import User
    from games import packs
    from games.engine import get_rules
    from games.live.actors import Actor
    from games.models import Match, MatchEvent, MatchStatus, Seat, SeatKind
    from games.services.matches import SeatSpec, match_act, match_create
    from games.store.events import load_state

    rng = random.Random(7)
    sources = []
    for i, game in enumerate(packs.names()):
        human = Actor.for_user(User.objects.create(username=f"bench{i}", display_name=f"Bench {i}"))
        rules = get_rules(game)
        n = rules.players(rules.default_options())
        specs = [SeatSpec(kind=SeatKind.HUMAN)] + [SeatSpec(kind=SeatKind.AI)] * (n - 1)
        match = match_create(game=game, creator=human, seats=specs)
        for _ in range(120):  # the human's first legal move, the AI seats answering inline
            match.refresh_from_db()
            state = load_state(match)
            if match.status != MatchStatus.RUNNING or state.to_move != 0:
                break
            action = {k: v for k, v in state.legal_actions()[0].items() if k != "seat"}
            match_act(match_id=match.pk, actor=human, action=action, expected_seq=match.version)
        match.refresh_from_db()
        rows = MatchEvent.objects.filter(match=match).order_by("seq").values("type", "seat", "data")
        events: list[dict[str, Any]] = [dict(row) for row in rows]
        sources.append((match, list(match.seats.order_by("index")), events))
    # the sources themselves are not listed: only their copies, whose streams the bench knows
    Match.objects.filter(pk__in=[m.pk for m, _, _ in sources]).update(status=MatchStatus.ABANDONED)
    now = timezone.now()
    streams: dict[int, tuple[list[dict[str, Any]], int]] = {}
    for first in range(0, count, 500):
        made = []
        for i in range(first, min(first + 500, count)):
            source, seats, events = sources[i % len(sources)]
            cut = rng.randint(max(2, len(events) // 4), max(2, len(events) - 20))
            copy = Match(
                game=source.game,
                options=source.options,
                status=MatchStatus.RUNNING,
                seed=source.seed,
                seed_commitment=source.seed_commitment,
                version=cut,
                last_event_at=now - dt.timedelta(seconds=rng.randint(0, 120)),
                started_at=now - dt.timedelta(minutes=rng.randint(1, 30)),
            )
            made.append((copy, seats, events, cut))
        Match.objects.bulk_create([m for m, *_ in made])
        Seat.objects.bulk_create(
            [
                Seat(match=m, index=s.index, kind=s.kind, display_name=s.display_name,
                     ai_version=s.ai_version, connections=1 if s.kind == SeatKind.HUMAN else 0)
                for m, seats, _, _ in made
                for s in seats
            ]
        )  # fmt: skip
        MatchEvent.objects.bulk_create(
            [
                MatchEvent(match=m, seq=k, type=e["type"], seat=e["seat"], data=e["data"])
                for m, _, events, cut in made
                for k, e in enumerate(events[:cut], start=1)
            ],
            batch_size=5000,
        )
        for m, _, events, cut in made:
            streams[m.pk] = (events, cut)
    return streams


def _move(streams: dict[int, tuple[list[dict[str, Any]], int]], moves: int) -> None:
    """`moves` more events of its stream at every table the live list shows."""
    from django.utils import timezone

    from games.live import watchlist
    from games.models import Match, MatchEvent

    for entry in watchlist.live_list():
        events, at = streams[entry["id"]]
        more = events[at : at + moves]
        MatchEvent.objects.bulk_create(
            [
                MatchEvent(match_id=entry["id"], seq=k, type=e["type"], seat=e["seat"], data=e["data"])
                for k, e in enumerate(more, start=at + 1)
            ]
        )
        Match.objects.filter(pk=entry["id"]).update(version=at + len(more), last_event_at=timezone.now())
        streams[entry["id"]] = (events, at + len(more))


class _Socket:
    """A subscribed lobby socket whose send only counts."""

    sent = 0

    def __init__(self) -> None:
        self.live_key: tuple[str, str | None] = ("top", None)
        self.live_sent = ""

    async def send(self, text_data: str | None = None) -> None:
        _Socket.sent += 1


def _ticks(count: int) -> None:
    from bench.table import median, print_table
    from games.live import watchfeed, watchlist

    async def measure() -> list[list[object]]:
        sockets = [_Socket() for _ in range(count)]
        for s in sockets:
            watchfeed._subscribers.add(s)
        rows: list[list[object]] = []
        for label in ("changed", "unchanged"):
            times, cpu = [], []
            for _ in range(5):
                if label == "changed":
                    for s in sockets:
                        s.live_sent = ""  # every socket last saw another list
                _Socket.sent = 0
                t0, c0 = time.perf_counter(), time.process_time()
                await watchfeed.tick()
                times.append(time.perf_counter() - t0)
                cpu.append(time.process_time() - c0)
            shown = [f"{median(times) * 1000:.1f}", f"{median(cpu) * 1000:.1f}"]
            rows.append([label, count, _Socket.sent, *shown])
        for s in sockets:
            watchfeed.leave(s)
        return rows

    watchlist.live_list()  # the list read once; the tick below reads it again (LIVE_TICK = 0)
    rows = asyncio.run(measure())
    print_table(
        "One tick to the lobby sockets of one process (the list read included; sends counted, not written)",
        ["list", "sockets", "sent", "median ms", "CPU ms (median)"],
        rows,
    )


def _real_sockets(count: int, seconds: float) -> None:
    import tempfile
    from pathlib import Path

    from bench.table import print_table
    from tests.browser.conftest import _serve
    from tests.live.cluster import create_match, registered_client

    with (
        tempfile.TemporaryDirectory() as tmp,
        _serve(Path(tmp), LIVE_TICK="1", WS_LOBBY_SOCKETS="1000000") as url,
    ):
        pid = _daphne_pid(url.rsplit(":", 1)[1])
        player = registered_client(url, "lister")
        tables = [create_match(player, ["human", "ai"], game="schnapsen") for _ in range(3)]
        rows = asyncio.run(_listen(url, pid, count, seconds, player, tables[0]))
    print_table(
        f"One daphne, {count} lobby sockets (?live=top), LIVE_TICK=1, {seconds:.0f} s per phase",
        ["live list", "messages received", "daphne CPU ms/s", "per changed tick and socket µs"],
        rows,
    )


async def _listen(
    url: str, pid: int, count: int, seconds: float, player: Any, toggled: int
) -> list[list[object]]:
    from websockets.asyncio.client import connect

    received = [0]

    async def reader(ws: Any) -> None:
        async for _ in ws:
            received[0] += 1

    base = url.replace("http://", "ws://", 1)
    sockets = []
    for _ in range(count):
        sockets.append(
            await connect(f"{base}/ws/lobby/?live=top", additional_headers={"Origin": url}, open_timeout=60)
        )
    readers = [asyncio.create_task(reader(ws)) for ws in sockets]
    await asyncio.sleep(3)  # the first messages
    rows: list[list[object]] = []
    still_cpu = 0.0
    for phase in ("unchanged", "changed"):
        received[0] = 0
        cpu0, t0 = _cpu_seconds(pid), time.monotonic()
        allowed = True
        while time.monotonic() - t0 < seconds:
            if phase == "changed":
                allowed = not allowed
                await asyncio.to_thread(
                    player.api_ok, "PATCH", f"/matches/{toggled}/", {"spectators_allowed": allowed}
                )
            await asyncio.sleep(1)
        per_second = (_cpu_seconds(pid) - cpu0) / (time.monotonic() - t0)
        if phase == "unchanged":
            still_cpu = per_second
            rows.append([phase, received[0], f"{per_second * 1000:.1f}", ""])
        else:
            ticks = received[0] / count
            extra = (per_second - still_cpu) * seconds / max(received[0], 1)
            rows.append(
                [
                    phase,
                    f"{received[0]} ({ticks:.0f} per socket)",
                    f"{per_second * 1000:.1f}",
                    f"{extra * 1e6:.1f}",
                ]
            )
        if phase == "changed" and not allowed:
            await asyncio.to_thread(
                player.api_ok, "PATCH", f"/matches/{toggled}/", {"spectators_allowed": True}
            )
    for task in readers:
        task.cancel()
    for ws in sockets:
        await ws.close()
    return rows


def _daphne_pid(port: str) -> int:
    import os

    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as handle:
                    argv = handle.read().split(b"\0")
            except OSError:
                continue
            if any(a.endswith(b"daphne") for a in argv) and port.encode() in argv:
                return int(entry)
    raise SystemExit(f"no daphne on port {port}")


def _cpu_seconds(pid: int) -> float:
    import os

    with open(f"/proc/{pid}/stat") as handle:
        fields_ = handle.read().rsplit(")", 1)[1].split()
    return (int(fields_[11]) + int(fields_[12])) / os.sysconf("SC_CLK_TCK")
