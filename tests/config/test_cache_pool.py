"""Django's cache on Redis keeps one connection pool per process (ops/cache_pool.py): each websocket
consumer has a cache object of its own (its context's), and before, each of those opened its own Redis
connection; now they share a pool, and a crowd of consumers uses a handful of connections."""

from __future__ import annotations

import asyncio
import contextvars
from typing import Any

import pytest
import redis
from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.cache import caches

from ops.cache_pool import SharedConnectionPool

URL = "redis://127.0.0.1:6379/9"


def test_one_pool_per_url_and_options() -> None:
    first = SharedConnectionPool.from_url(URL, socket_timeout=5)
    assert SharedConnectionPool.from_url(URL, socket_timeout=5) is first
    assert SharedConnectionPool.from_url(URL, socket_timeout=6) is not first
    assert SharedConnectionPool.from_url(URL.replace("/9", "/10"), socket_timeout=5) is not first
    assert isinstance(first, redis.ConnectionPool) and first.connection_kwargs["db"] == 9


def test_the_settings_give_the_redis_cache_the_shared_pool() -> None:
    config: dict[str, Any] = settings.CACHES["default"]
    if not settings.REDIS_URL:  # the embedded default caches in memory: no pool to share
        assert config["BACKEND"].endswith("LocMemCache")
        return
    assert config["OPTIONS"]["pool_class"] == "ops.cache_pool.SharedConnectionPool"


async def _consumer(i: int) -> Any:
    """What a websocket consumer does with the cache: in its own task (its own context), off the loop."""
    await sync_to_async(caches["default"].add, thread_sensitive=False)(f"pool-probe-{i}", 1, 30)
    return caches["default"]


@pytest.mark.skipif(not settings.REDIS_URL, reason="needs the Redis server (REDIS_URL), as in .ci/run")
@pytest.mark.asyncio
async def test_many_consumers_share_a_few_connections() -> None:
    # each consumer in a context of its own, as the server starts each one (nothing of the test's)
    tasks = [asyncio.create_task(_consumer(i), context=contextvars.Context()) for i in range(40)]
    objects = await asyncio.gather(*tasks)
    assert len({id(o) for o in objects}) == 40  # a cache object per consumer's context, as Django makes them
    pools = {id(o._cache._get_connection_pool(True)) for o in objects}
    assert len(pools) == 1  # ... and one pool behind all of them
    pool = objects[0]._cache._get_connection_pool(True)
    # at most one connection per thread that ran a consumer's cache call at the same moment
    assert 1 <= pool._created_connections <= 8, pool._created_connections
