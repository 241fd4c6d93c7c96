"""Leaderboard top-100 reads at 1,000,000 entries on PostgreSQL: index plan, query, cache and API latency.

    python -m bench leaderboard [--rows 1000000] [--reps 500]

Uses DATABASE_URL (default: the local PostgreSQL) and a throwaway database created for the run. The rows
are generated server-side (INSERT ... SELECT generate_series): points with many ties, saves four at a
time (one match's seats share a save instant), 0.1 % hidden, 10 % on a second game's board.

With REDIS_URL (the cache on Redis, as deployed) it also times a plain Redis GET of the cached API page
(redis-py, the same key and bytes the API reads) alternating with the API request, and prints
`leaderboard api p95 X ms; redis GET p95 Y ms (X/Y = R×)`: the goal is R <= 3.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

from bench.database import throwaway_database


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench leaderboard")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--reps", type=int, default=500)
    args = parser.parse_args(argv)
    with throwaway_database() as vendor:
        if vendor != "postgresql":
            raise SystemExit("this benchmark needs PostgreSQL (set DATABASE_URL)")
        _measure(args)


def _samples(fn: Callable[[], object], reps: int) -> list[float]:
    fn()  # warm up
    out = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def _fill(rows: int) -> float:
    from django.db import connection

    from games.models import Match, MatchStatus

    seats_per_match = 4000  # (match, seat) is unique; few match rows keep the fill fast
    count = -(-rows // seats_per_match)
    matches = Match.objects.bulk_create(
        Match(game="preisjass", status=MatchStatus.FINISHED, seed="s", seed_commitment="c")
        for _ in range(count)
    )
    ids = [m.pk for m in matches]
    t = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute(
            """
            INSERT INTO leaderboard_leaderboardentry
                (game, match_id, seat, display_name, is_ai, user_id, points, sacks, saved_at, hidden)
            SELECT CASE WHEN g % 10 = 0 THEN 'schnapsen' ELSE 'preisjass' END,
                   (%s::bigint[])[1 + (g - 1) / %s],
                   (g - 1) %% %s,
                   'Spieler ' || g,
                   g %% 4 <> 0,
                   NULL,
                   200 + floor(random() * random() * 1200),
                   floor(random() * 12),
                   timestamptz '2026-01-01' + ((g - 1) / 4) * interval '1 second',
                   g %% 1000 = 0
            FROM generate_series(1, %s) AS g
            """.replace("g % 10", "g %% 10"),
            [ids, seats_per_match, seats_per_match, rows],
        )
        cursor.execute("ANALYZE leaderboard_leaderboardentry")
    return time.perf_counter() - t


def _plan(sql: str, params: Any) -> dict[str, Any]:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) {sql}", params)
        plan = cursor.fetchone()[0]
    if isinstance(plan, str):
        plan = json.loads(plan)
    top: dict[str, Any] = plan[0]
    return top


def _nodes(node: dict[str, Any]) -> list[dict[str, Any]]:
    found = [node]
    for child in node.get("Plans", []):
        found += _nodes(child)
    return found


def _measure(args: argparse.Namespace) -> None:
    from django.core.cache import cache as django_cache
    from django.db import connection, transaction
    from django.test import Client

    from bench.table import median, percentile, print_table
    from games.packs.base import points
    from leaderboard import cache, selectors, services
    from leaderboard.models import LeaderboardEntry

    fill_seconds = _fill(args.rows)
    total = LeaderboardEntry.objects.count()
    game = "preisjass"
    qs = selectors.top_queryset(game).values_list("id", "display_name", "points", "sacks", "saved_at")
    sql, params = qs.query.sql_with_params()

    plan = _plan(sql, params)
    nodes = _nodes(plan["Plan"])
    index_names = sorted({n["Index Name"] for n in nodes if "Index Name" in n})
    sorts = [n for n in nodes if "Sort" in n["Node Type"]]

    query = _samples(lambda: list(qs.all()), args.reps)

    def raw() -> object:
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            return cursor.fetchall()

    raw_query = _samples(raw, args.reps)

    def cached() -> object:
        return selectors.board_top(game)

    django_cache.delete(cache.top_key(game))
    cold = []
    for _ in range(max(20, args.reps // 10)):
        django_cache.delete(cache.top_key(game))
        t = time.perf_counter()
        cached()
        cold.append(time.perf_counter() - t)
    hot = _samples(cached, args.reps)

    client = Client()
    api = _samples(lambda: client.get("/api/leaderboard/preisjass/?page=4"), args.reps)
    api_vs_redis = _api_and_redis_get(client, args.reps)
    page = _samples(lambda: client.get("/leaderboard/preisjass/"), max(50, args.reps // 5))

    # Saving: one match's four new rows, then the same four again (a retry: ON CONFLICT DO NOTHING).
    from games.models import Match, MatchStatus

    saves, retries = [], []
    for i in range(max(20, args.reps // 5)):
        match = Match.objects.create(
            game="preisjass", status=MatchStatus.FINISHED, seed="s", seed_commitment="c"
        )
        rows = [
            LeaderboardEntry(
                game="preisjass",
                match=match,
                seat=seat,
                display_name=f"neu {i}.{seat}",
                points=points(300 + 100 * seat),
                sacks=seat,
            )
            for seat in range(4)
        ]
        t = time.perf_counter()
        with transaction.atomic():
            services.entries_insert(rows)
        saves.append(time.perf_counter() - t)
        for row in rows:
            row.pk = None
        t = time.perf_counter()
        with transaction.atomic():
            services.entries_insert(rows)
        retries.append(time.perf_counter() - t)

    # The same query without the index, for contrast (dropped inside a transaction, then restored).
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("DROP INDEX leaderboard_top")
        unindexed = _samples(lambda: list(qs.all()), 5)
        transaction.set_rollback(True)

    ms = 1000.0
    print_table(
        f"Leaderboard top 100 on postgresql ({total:,} entries, filled in {fill_seconds:.1f} s; "
        f"{args.reps} reps)",
        ["measure", "p50", "p95", "unit"],
        [
            [
                "top-100 query (ORM, index leaderboard_top)",
                median(query) * ms,
                percentile(query, 95) * ms,
                "ms",
            ],
            [
                "top-100 query (raw cursor, no ORM)",
                median(raw_query) * ms,
                percentile(raw_query, 95) * ms,
                "ms",
            ],
            ["board_top, cache miss (query + cache set)", median(cold) * ms, percentile(cold, 95) * ms, "ms"],
            ["board_top, cache hit", median(hot) * ms, percentile(hot, 95) * ms, "ms"],
            [
                "GET /api/leaderboard/preisjass/?page=4 (test client: the whole Django stack)",
                median(api) * ms,
                percentile(api, 95) * ms,
                "ms",
            ],
            ["GET /leaderboard/preisjass/ (HTML)", median(page) * ms, percentile(page, 95) * ms, "ms"],
            ["save 4 new entries (one transaction)", median(saves) * ms, percentile(saves, 95) * ms, "ms"],
            [
                "retry the same 4 (ON CONFLICT DO NOTHING)",
                median(retries) * ms,
                percentile(retries, 95) * ms,
                "ms",
            ],
            [
                "same query WITHOUT the index (5 reps)",
                median(unindexed) * ms,
                percentile(unindexed, 95) * ms,
                "ms",
            ],
        ],
    )
    print_table(
        "EXPLAIN (ANALYZE) of the top-100 query",
        ["fact", "value"],
        [
            ["indexes used", ", ".join(index_names) or "none"],
            ["sort nodes", len(sorts)],
            ["plan root", plan["Plan"]["Node Type"]],
            ["rows read", plan["Plan"].get("Actual Rows", "")],
            ["shared buffers hit+read", _buffers(nodes)],
            ["execution time", f"{plan['Execution Time']:.3f} ms"],
        ],
    )
    print("\nSQL:", sql % tuple(repr(p) for p in params))
    if api_vs_redis is None:
        print("\nno REDIS_URL: the cache is in-process, so no Redis GET to compare the API with")
    else:
        api_side, redis_side = api_vs_redis
        x, y = percentile(api_side, 95) * ms, percentile(redis_side, 95) * ms
        print(
            f"\nAPI as the web process answers it (ASGI, from the cached body) p50 "
            f"{median(api_side) * ms:.3f} ms; redis GET of that body p50 {median(redis_side) * ms:.3f} ms "
            f"({len(api_side)} of each, alternated)"
        )
        print(f"leaderboard api p95 {x:.3f} ms; redis GET p95 {y:.3f} ms (X/Y = {x / y:.2f}×)")


def _buffers(nodes: list[dict[str, Any]]) -> int:
    root = nodes[0]
    return int(root.get("Shared Hit Blocks", 0)) + int(root.get("Shared Read Blocks", 0))


def _api_and_redis_get(client: Any, reps: int) -> tuple[list[float], list[float]] | None:
    """The API page as the web process answers it (the ASGI application Daphne runs, called in an
    event loop here) and a plain Redis GET of the key it reads, alternated so both see the same load."""
    import asyncio
    import os

    import redis
    from django.core.cache import cache as django_cache

    from config.asgi import application
    from leaderboard import cache
    from ops import metrics

    url = os.environ.get("REDIS_URL")
    if not url:
        return None
    assert client.get("/api/leaderboard/preisjass/?page=4").status_code == 200  # fills the cached body
    key = django_cache.make_and_validate_key(cache.api_key("preisjass", 4, 25))
    raw = redis.Redis.from_url(url)
    assert raw.get(key), "the API's page is not in Redis under the expected key"
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": "/api/leaderboard/preisjass/",
        "raw_path": b"/api/leaderboard/preisjass/",
        "root_path": "",
        "query_string": b"page=4",
        "headers": [(b"host", b"testserver"), (b"accept", b"application/json")],
        "client": ("127.0.0.1", 40000),
        "server": ("testserver", 80),
    }
    statuses: list[int] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            statuses.append(message["status"])

    async def alternate() -> tuple[list[float], list[float]]:
        await application(scope, receive, send)  # warm up
        api, get = [], []
        for _ in range(reps * 2):
            t = time.perf_counter()
            await application(scope, receive, send)
            api.append(time.perf_counter() - t)
            t = time.perf_counter()
            raw.get(key)
            get.append(time.perf_counter() - t)
        return api, get

    before = metrics.LEADERBOARD_API_CACHED._value.get()
    api, get = asyncio.run(alternate())
    cached = metrics.LEADERBOARD_API_CACHED._value.get() - before
    assert set(statuses) == {200} and cached == len(statuses), (set(statuses), cached)
    return api, get
