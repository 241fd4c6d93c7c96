"""The cached reads of each board: its top list (rows), the API's pages as serialised bytes and the board
page's table as rendered HTML (leaderboard.bodies). Every key of a board is cleared together after the
commit of anything that can change the board; a short timeout bounds staleness should a clear ever be
missed (e.g. a per-process cache in a multi-process setup, or a read that raced a clear)."""

from __future__ import annotations

import asyncio
import weakref
from typing import cast

import redis
import redis.asyncio
from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from config.cache_redis import cache_redis, cache_redis_url
from leaderboard.models import TOP_N

TIMEOUT = 300
#: the API's page sizes (its `page_size` parameter accepts only these)
PAGE_SIZES = (25, 50)


def top_key(game: str) -> str:
    return f"leaderboard:top:{game}"


def api_key(game: str, page: int, page_size: int) -> str:
    return f"leaderboard:api:{game}:{page_size}:{page}"


def table_key(game: str, language: str) -> str:
    return f"leaderboard:table:{game}:{language}"


def board_keys(game: str) -> list[str]:
    """Every key one board may have filled: its rows, each API page that can exist, each language's table."""
    keys = [top_key(game)]
    for size in PAGE_SIZES:
        keys += [api_key(game, page, size) for page in range(1, -(-TOP_N // size) + 1)]
    keys += [table_key(game, code) for code, _ in settings.LANGUAGES]
    return keys


def clear_on_commit(games: set[str]) -> None:
    keys = [key for game in sorted(games) for key in board_keys(game)]
    if keys:
        transaction.on_commit(lambda: cache.delete_many(keys))


# --- bodies: bytes under the cache's own keys, read without Django's cache on Redis -----------------


def body_get(key: str) -> bytes | None:
    """A cached body. On Redis one GET through a client kept for the process: Django's cache builds a
    client on every call and unpickles, which cost more than the round trip itself."""
    client = cache_redis()
    if client is None:
        body: bytes | None = cache.get(key)
        return body
    return cast(bytes | None, client.get(cache.make_and_validate_key(key)))


async def body_get_async(key: str) -> bytes | None:
    """`body_get` in an event loop: on Redis through an asyncio client of that loop's own."""
    url = cache_redis_url()
    if url is None:
        return body_get(key)  # the in-process cache: no I/O
    loop = asyncio.get_running_loop()
    client = _async_clients.get(loop)
    if client is None:
        client = _async_clients[loop] = redis.asyncio.Redis.from_url(url)
    return cast(bytes | None, await client.get(cache.make_and_validate_key(key)))


async def body_client_close() -> None:
    """Close this event loop's client (a loop that ends before its process: tests, benchmarks)."""
    client = _async_clients.pop(asyncio.get_running_loop(), None)
    if client is not None:
        await client.aclose()


def body_set(key: str, body: bytes) -> None:
    """Keep a body under `key`: the key Django's cache would use, so `clear_on_commit` clears it."""
    client = cache_redis()
    if client is None:
        cache.set(key, body, TIMEOUT)
    else:
        client.set(cache.make_and_validate_key(key), body, ex=TIMEOUT)


# An asyncio client's connections belong to the loop that opened them: one client per loop.
_async_clients: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, redis.asyncio.Redis] = (
    weakref.WeakKeyDictionary()
)
