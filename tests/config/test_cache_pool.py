"""Django's cache on Redis keeps one connection pool per process (ops/cache_pool.py): each websocket
consumer has a cache object of its own (its context's), and before, each of those opened its own Redis
connection; now they share a pool, and a crowd of consumers uses a handful of connections."""

from __future__ import annotations

import asyncio
import contextvars
import threading
from typing import Any

import pytest
import redis
from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.cache import caches

from ops import cache_pool
from ops.cache_pool import SharedConnectionPool

URL = "redis://127.0.0.1:6379/9"


def test_one_pool_per_url_and_options() -> None:
    first = SharedConnectionPool.from_url(URL, socket_timeout=5)
    assert SharedConnectionPool.from_url(URL, socket_timeout=5) is first
    assert SharedConnectionPool.from_url(URL, socket_timeout=6) is not first
    assert SharedConnectionPool.from_url(URL.replace("/9", "/10"), socket_timeout=5) is not first
    assert isinstance(first, redis.BlockingConnectionPool) and first.connection_kwargs["db"] == 9


def test_the_settings_give_the_redis_cache_the_shared_pool() -> None:
    config: dict[str, Any] = settings.CACHES["default"]
    if not settings.REDIS_URL:  # the embedded default caches in memory: no pool to share
        assert config["BACKEND"].endswith("LocMemCache")
        return
    assert config["OPTIONS"]["pool_class"] == "ops.cache_pool.SharedConnectionPool"


def _add(key: str) -> int:
    caches["default"].add(key, 1, 30)
    return threading.get_ident()


async def _consumer(i: int) -> tuple[Any, int]:
    """What a websocket consumer does with the cache: in its own task (its own context), off the loop;
    its cache object and the thread that used it."""
    thread = await sync_to_async(_add, thread_sensitive=False)(f"pool-probe-{i}")
    return caches["default"], thread


@pytest.mark.skipif(not settings.REDIS_URL, reason="needs the Redis server (REDIS_URL), as in .ci/run")
@pytest.mark.asyncio
async def test_many_consumers_share_a_few_connections(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache_pool, "_POOLS", {})  # a pool of this test's own, counted from zero
    # each consumer in a context of its own, as the server starts each one (nothing of the test's)
    tasks = [asyncio.create_task(_consumer(i), context=contextvars.Context()) for i in range(40)]
    done = await asyncio.gather(*tasks)
    objects, threads = [o for o, _ in done], {t for _, t in done}
    assert len({id(o) for o in objects}) == 40  # a cache object per consumer's context, as Django makes them
    pools = {id(o._cache._get_connection_pool(True)) for o in objects}
    assert len(pools) == 1  # ... and one pool behind all of them
    pool = objects[0]._cache._get_connection_pool(True)
    # at most one connection per thread that ran the consumers' cache calls, not one per consumer
    made = len(pool._connections)
    assert 1 <= made <= len(threads) < 40, (made, len(threads))
