"""The channel layer's prefix names the Redis database number, so that two sites (or test runs) on
other numbers of one Redis server never receive each other's pushes: pub/sub ignores the number."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from channels_redis.pubsub import RedisPubSubChannelLayer

from config.channel_prefix import channel_prefix
from tests.live.cluster import RedisServer


@pytest.mark.parametrize(
    ("url", "prefix"),
    [
        ("redis://127.0.0.1:6379", "asgi"),
        ("redis://127.0.0.1:6379/0", "asgi"),
        ("redis://127.0.0.1:6379/8", "asgi.db8"),
        ("rediss://user:pw@redis.example:6380/3", "asgi.db3"),
        ("unix:///run/redis.sock?db=2", "asgi.db2"),
        ("unix:///run/redis.sock", "asgi"),
    ],
)
def test_the_prefix_carries_the_database_number(url: str, prefix: str) -> None:
    assert channel_prefix(url) == prefix


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.kill()


def test_a_group_message_stays_in_its_database(redis_server: RedisServer) -> None:
    """Two layers on databases 1 and 2 of one server, each with a socket in the group of its own
    match 3: a push to the group reaches only the socket of the database that sent it."""
    base = redis_server.url.rsplit("/", 1)[0]

    async def run() -> tuple[dict[str, object], bool]:
        urls = [f"{base}/1", f"{base}/2"]
        one, two = (RedisPubSubChannelLayer(hosts=[url], prefix=channel_prefix(url)) for url in urls)
        try:
            first, second = await one.new_channel(), await two.new_channel()
            await one.group_add("match.3", first)
            await two.group_add("match.3", second)
            await one.group_send("match.3", {"type": "match.update", "seq": 7})
            got = await asyncio.wait_for(one.receive(first), 5)
            try:
                await asyncio.wait_for(two.receive(second), 0.5)
                leaked = True
            except TimeoutError:
                leaked = False
            return got, leaked
        finally:
            await one.flush()
            await two.flush()

    got, leaked = asyncio.run(run())
    assert got == {"type": "match.update", "seq": 7}
    assert not leaked
