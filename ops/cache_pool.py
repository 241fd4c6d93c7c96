"""One Redis connection pool per server per process for Django's cache.

Django keeps its cache objects per context (asgiref's Local), and each Redis cache object builds its
own connection pool. A web process makes a context for every websocket consumer, so every socket
that touched the cache (its message budget, its sighting, the watchdog's marks) opened a Redis
connection of its own and held it as long as the socket lived: 1,000 sockets on one web process held
about 1,000 Redis connections (`redis-cli info clients` during `python -m bench live`), and each one
cost a connect and a handshake on the socket's first use. Django builds the pool by
`pool_class.from_url(url, **options)`; this class hands every cache object of the process the same
pool for the same server and options. redis-py's pools are thread-safe and start afresh in a forked
child (a Celery worker process), so sharing one is what redis-py intends. The pool makes a connection
per thread using it at once, up to 50; a thread beyond that waits for one (up to 20 s) instead of
failing, as a plain pool would at its cap (a web process's HTTP requests each get a thread of their
own, so their number has no bound of its own).
"""

from __future__ import annotations

import threading
from typing import Any

import redis

# the pools made so far, by URL and options; the lock keeps two first uses at once from making two
_POOLS: dict[tuple[str, str], SharedConnectionPool] = {}
_MAKING = threading.Lock()


class SharedConnectionPool(redis.BlockingConnectionPool):
    """A pool that `from_url` makes once per URL and options, then hands out again."""

    @classmethod
    def from_url(cls, url: str, **kwargs: Any) -> SharedConnectionPool:
        key = (url, repr(sorted(kwargs.items())))
        pool = _POOLS.get(key)
        if pool is None:
            with _MAKING:
                pool = _POOLS.get(key)
                if pool is None:
                    pool = _POOLS[key] = super().from_url(url, **kwargs)
        return pool


def redis_cache(url: str) -> dict[str, Any]:
    """Django's `CACHES` entry for a Redis cache at `url`, on the shared pool."""
    return {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": url,
        "OPTIONS": {"pool_class": f"{__name__}.{SharedConnectionPool.__name__}"},
    }
