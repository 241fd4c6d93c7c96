"""Redis restarts mid-match (a private redis-server child; the shared one is never touched): queued AI
tasks and channel subscriptions are gone, the web processes subscribe again, clients resync (or
reconnect), the watchdog re-enqueues the due AI move, and the match finishes with every move stored
exactly once."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.live.checks import check_result, check_stream, stored_events
from tests.live.cluster import (
    Cluster,
    RedisServer,
    SeatBot,
    create_match,
    query,
    registered_client,
    run_async,
)
from tests.waiting import wait_until

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def redis_cluster(
    live_database: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Cluster, RedisServer]]:
    workdir: Path = tmp_path_factory.mktemp("redis-cluster")
    server = RedisServer(workdir)
    server.start()
    try:
        running = Cluster(live_database, server.url, workdir).start()
        try:
            yield running, server
        finally:
            running.stop()
    finally:
        server.kill()


def _fewest_events(cluster: Cluster, match_ids: list[int]) -> int:
    ((fewest,),) = query(
        cluster.database_url, "SELECT min(version) FROM games_match WHERE id = ANY(%s)", match_ids
    )
    return int(fewest)


def _restart_redis_at(
    cluster: Cluster,
    server: RedisServer,
    match_ids: list[int],
    events: int,
    stop: threading.Event,
    bots: list[SeatBot],
) -> tuple[int, dict[str, tuple[int, int]]]:
    """Kill Redis once each match has stored `events` events; start it again, empty. Returns the
    fewest events a match had stored then, and each bot's (states received, resyncs asked) at the
    restart. (Counted per match: a sum let a quick duel reach its last deal before the restart.)"""
    wait_until(
        lambda: stop.is_set() or _fewest_events(cluster, match_ids) >= events,
        300,  # the matches' own timeout (240 s) sets `stop` before this
        f"{events} events stored",
    )
    if stop.is_set():
        return -1, {}
    server.kill()
    at = _fewest_events(cluster, match_ids)
    time.sleep(1.5)  # moves stall or are refused while Redis is down
    server.start()
    return at, {bot.name: (bot.states, bot.resyncs) for bot in bots}


def test_redis_restart_mid_match_loses_nothing(redis_cluster: tuple[Cluster, RedisServer]) -> None:
    """Two Schnapsen matches: a human on web1 against Anton, and humans on web1 and web2."""
    cluster, server = redis_cluster
    web1, web2 = cluster.web_urls
    clara, dora = registered_client(web1, "clara"), registered_client(web2, "dora")
    emil = registered_client(web1, "emil")
    against_ai = create_match(emil, ["human", "ai"], game="schnapsen")
    duel = create_match(clara, ["human", "human"], game="schnapsen")
    dora.api_ok("POST", f"/matches/{duel}/join/", {})
    match_ids = [against_ai, duel]
    bots = [
        SeatBot(web1, against_ai, emil.cookie_header(), "emil"),
        SeatBot(web1, duel, clara.cookie_header(), "clara"),
        SeatBot(web2, duel, dora.cookie_header(), "dora"),
    ]
    stop = threading.Event()

    async def scenario() -> tuple[list[dict[str, Any]], tuple[int, dict[str, tuple[int, int]]]]:
        restart = asyncio.create_task(
            asyncio.to_thread(_restart_redis_at, cluster, server, match_ids, 12, stop, bots)
        )
        try:
            finals = await asyncio.gather(*(bot.play(240) for bot in bots))
        finally:
            stop.set()
        return list(finals), await restart

    finals, (restarted_at, at_restart) = run_async(scenario())
    assert restarted_at >= 12
    assert all(final["d"]["match"]["status"] == "finished" for final in finals)
    assert finals[1]["seq"] == finals[2]["seq"]
    # After the restart the moves are pushed again (the web processes subscribe afresh): the two
    # players across the web processes received far more states than the resyncs they asked for.
    for bot in bots[1:]:
        states, resyncs = bot.states - at_restart[bot.name][0], bot.resyncs - at_restart[bot.name][1]
        assert states > resyncs + 5, (bot.name, states, resyncs)
    assert check_stream(cluster.database_url, against_ai) > 10
    for match_id, final in zip(match_ids, finals, strict=False):
        events = clara.api_ok("GET", f"/matches/{match_id}/events/")["events"]
        assert events == dora.api_ok("GET", f"/matches/{match_id}/events/", base=web2)["events"]
        assert [e["seq"] for e in events] == list(range(1, final["seq"] + 1))
        check_result(events, "schnapsen")
    for bot in bots:  # each of its moves is stored once, under its own command id
        stored = [c for _, _, c in stored_events(cluster.database_url, bot.match_id) if c]
        assert len([c for c in stored if c.startswith(f"{bot.name}:")]) == len(bot.acted_seqs)
    cluster.check_alive()
    # Every socket is closed now, including those whose consumer died with Redis: presence counts
    # no open connection for any seat.
    wait_until(
        lambda: (
            query(
                cluster.database_url,
                "SELECT coalesce(max(connections), 0) FROM games_seat WHERE match_id = ANY(%s)",
                match_ids,
            )
            == [(0,)]
        ),
        10,
        "the seats' connection counts to drop to 0",
    )
