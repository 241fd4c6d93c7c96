"""The Redis server behind Django's default cache, for the few places that speak to it directly (one
command where the cache API would take several round trips, or bytes kept as they are): its URL and a
client of it, None when the cache is not on Redis. Found once per cache configuration: looking the
cache up on every call cost as much as the command."""

from __future__ import annotations

import functools

import redis
from django.conf import settings
from django.core.cache.backends.redis import RedisCache
from django.utils.module_loading import import_string


def cache_redis_url() -> str | None:
    config = settings.CACHES["default"]
    location = config.get("LOCATION", "")
    return _url(config["BACKEND"], location if isinstance(location, str) else ",".join(location))


def cache_redis() -> redis.Redis | None:
    url = cache_redis_url()
    return None if url is None else _client(url)


@functools.cache
def _url(backend: str, location: str) -> str | None:
    return location.split(",")[0] if issubclass(import_string(backend), RedisCache) else None


@functools.cache
def _client(url: str) -> redis.Redis:
    return redis.Redis.from_url(url)  # a thread-safe connection pool, reset after a fork
