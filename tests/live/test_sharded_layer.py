"""The channel layer sharded over two Redis servers (CHANNEL_REDIS_URLS): two daphne web processes, a
Celery worker and beat, the broker on REDIS_URL and the layer on two private redis-server children.
Two Preisjass runs whose match groups hash to different shards are played by humans on different web
processes with Anton seats (moved by the worker): both finish with every move pushed to both humans,
and each shard carried its match's pushes."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from channels_redis.utils import _consistent_hash

from tests.live.checks import check_result, check_stream, stored_events
from tests.live.cluster import (
    Cluster,
    RedisServer,
    SeatBot,
    create_match,
    registered_client,
    run_async,
    spare_redis_url,
)
from tests.live.conftest import _urls

pytestmark = pytest.mark.slow
MATCH_TIMEOUT = 300


@pytest.fixture(scope="module")
def sharded(
    live_database: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Cluster, list[str]]]:
    _, redis_url = _urls()
    workdir: Path = tmp_path_factory.mktemp("sharded")
    shards = [RedisServer(workdir) for _ in range(2)]
    broker = spare_redis_url(redis_url)
    try:
        for server in shards:
            server.start()
        urls = [server.url for server in shards]
        running = Cluster(live_database, broker, workdir, extra_env={"CHANNEL_REDIS_URLS": ",".join(urls)})
        running.start()
        try:
            yield running, urls
        finally:
            running.stop()
    finally:
        for server in shards:
            server.kill()
        redis.Redis.from_url(broker).flushdb()


def _shard(match_id: int) -> int:
    """The layer's shard of a match's group (the name the pub/sub layer subscribes it under)."""
    return _consistent_hash(f"asgi__group__match.{match_id}", 2)


def _publishes(url: str) -> int:
    client = redis.Redis.from_url(url)
    try:
        return int(client.info("commandstats").get("cmdstat_publish", {}).get("calls", 0))
    finally:
        client.close()


def test_humans_on_two_web_processes_play_over_a_layer_on_two_redis_shards(
    sharded: tuple[Cluster, list[str]],
) -> None:
    cluster, shard_urls = sharded
    web1, web2 = cluster.web_urls
    anna, ben = registered_client(web1, "anna"), registered_client(web2, "ben")
    by_shard: dict[int, int] = {}
    for _ in range(20):  # a table per shard (ids are sequential; the hash spreads them)
        match_id = create_match(anna, ["human", "ai", "human", "ai"])
        by_shard.setdefault(_shard(match_id), match_id)
        if len(by_shard) == 2:
            break
    assert sorted(by_shard) == [0, 1]
    match_ids = [by_shard[0], by_shard[1]]
    for match_id in match_ids:
        assert ben.api_ok("POST", f"/matches/{match_id}/join/", {})["seat"] == 2
    bots = [
        SeatBot(base, match_id, client.cookie_header(), f"{name}{match_id}")
        for match_id in match_ids
        for base, client, name in ((web1, anna, "anna"), (web2, ben, "ben"))
    ]

    async def play_all() -> list[dict[str, Any]]:
        return list(await asyncio.gather(*(bot.play(MATCH_TIMEOUT) for bot in bots)))

    finals = run_async(play_all())
    for i, match_id in enumerate(match_ids):
        pair = finals[2 * i : 2 * i + 2]
        assert pair[0]["seq"] == pair[1]["seq"]
        assert all(final["d"]["match"]["status"] == "finished" for final in pair)
        check_stream(cluster.database_url, match_id)
        events = registered_client(web1, "reader").api_ok("GET", f"/matches/{match_id}/events/")["events"]
        assert len(events) == pair[0]["seq"]
        check_result(events)
    for bot in bots:  # the pushes kept each human playing (without them it resyncs before every move)
        assert bot.acted > 50 and bot.resyncs < bot.acted / 2, (bot.name, bot.acted, bot.resyncs)
    # Each shard carried the pushes of its own match: a publish per append, and each move is one.
    moves = [
        sum(seat is not None for _, seat, _ in stored_events(cluster.database_url, m)) for m in match_ids
    ]
    published = [_publishes(url) for url in shard_urls]
    assert all(p >= m > 100 for p, m in zip(published, moves, strict=True)), (published, moves)
    cluster.check_alive()
