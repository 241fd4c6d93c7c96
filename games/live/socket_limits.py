"""Limits on websockets beyond one socket's own message rate: a message budget per actor shared by all
its sockets (in the cache, so it holds across web processes on Redis), open lobby sockets per actor
and open sockets per seat.

An actor is a user, else a guest token, else (anonymous spectators and lobby visitors) a client
address from ops/client_address.py.
"""

from __future__ import annotations

import functools
import threading
import time
from collections import Counter
from collections.abc import Mapping
from typing import Any

import redis
from django.conf import settings
from django.core.cache import cache

from config.cache_redis import cache_redis
from games.live.actors import Actor
from games.models import SeatSocket
from ops.client_address import scope_client_address

# Close code for a socket refused or ended by a limit, in the manner of 4403 and 4404.
CLOSE_TOO_MANY = 4429


def actor_key(actor: Actor, scope: Mapping[str, Any]) -> str:
    if actor.user_id is not None:
        return f"user:{actor.user_id}"
    if actor.guest_token:
        return f"guest:{actor.guest_token}"
    return f"addr:{scope_client_address(scope)}"


def over_budget(key: str, kind: str, limit: int) -> bool:
    """Count one message of `kind` for `key`; True once more than `limit` arrived in the window of
    WS_THROTTLE_WINDOW seconds that began with the first of them (a counter that expires: cheap).

    On Redis a process counts an actor's messages ahead, a share of the limit at a time (`_prepaid`),
    and lets the counted ones through without asking again while the window lasts: a process alone is
    exact, and several processes of one actor are stopped at most `step - 1` messages each too early,
    never too late."""
    if limit <= 0:
        return False
    counter = f"ws-budget:{kind}:{key}"
    window = max(1, round(settings.WS_THROTTLE_WINDOW))
    script = _count_script()
    if script is not None:
        if _prepaid.take(counter):
            return False
        step = max(1, limit // STEP_SHARE)
        # One command (the socket's event loop waits for it): count, and start the window's expiry
        # with the first message only. Through Django's cache it took two round trips, and through a
        # pipeline of INCR and EXPIRE twice the client's CPU.
        counted, ttl_ms = script(keys=[cache.make_and_validate_key(counter)], args=[window, step])
        this = int(counted) - step + 1  # this message's place in the window; the rest are ahead
        if this > limit:
            return True
        _prepaid.put(counter, min(step - 1, limit - this), int(ttl_ms) / 1000)
        return False
    if cache.add(counter, 1, timeout=window):
        return False
    try:
        count = cache.incr(counter)  # keeps the counter's expiry
    except ValueError:  # expired between add and incr: this message opens the next window
        cache.add(counter, 1, timeout=window)
        count = 1
    return count > limit


#: a process counts `limit // STEP_SHARE` messages of an actor at a time (1 under 64 messages)
STEP_SHARE = 32

_COUNT = (
    "local n = redis.call('INCRBY', KEYS[1], ARGV[2]) redis.call('EXPIRE', KEYS[1], ARGV[1], 'NX') "
    "return {n, redis.call('PTTL', KEYS[1])}"
)


class Prepaid:
    """Messages this process counted ahead, per budget, until the window they were counted in ends.
    (A measured cost: the command per message was 7% of a web process's CPU under a thousand sockets.)"""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._left: dict[str, tuple[int, float]] = {}  # counter -> (messages, monotonic end)

    def take(self, counter: str) -> bool:
        with self._lock:
            left = self._left.get(counter)
            if left is None:
                return False
            messages, end = left
            if messages <= 0 or time.monotonic() >= end:
                del self._left[counter]
                return False
            self._left[counter] = (messages - 1, end)
            return True

    def put(self, counter: str, messages: int, seconds: float) -> None:
        if messages <= 0 or seconds <= 0:
            return
        now = time.monotonic()
        with self._lock:
            if len(self._left) >= _PREPAID_MAX:  # drop the ended windows of actors gone quiet
                self._left = {k: v for k, v in self._left.items() if v[1] > now}
            self._left[counter] = (messages, now + seconds)

    def clear(self) -> None:
        with self._lock:
            self._left.clear()


_PREPAID_MAX = 10_000
_prepaid = Prepaid()


def _count_script() -> Any:
    """INCRBY and EXPIRE NX as one script on the cache's Redis server (the one Django's cache writes
    to), None for another cache."""
    client = cache_redis()
    return None if client is None else _script(client)


@functools.cache
def _script(client: redis.Redis) -> Any:
    return client.register_script(_COUNT)  # it runs by its SHA (EVALSHA)


def seat_sockets_full(match_id: int, seat: int) -> bool:
    """Database read: the seat already has WS_SEAT_SOCKETS open sockets (across web processes)."""
    limit = settings.WS_SEAT_SOCKETS
    return bool(limit) and SeatSocket.objects.filter(match_id=match_id, seat_index=seat).count() >= limit


class OpenSockets:
    """Open sockets per actor in this process (lobby sockets hold no rows to count across processes)."""

    def __init__(self) -> None:
        self._open: Counter[str] = Counter()

    def enter(self, key: str, limit: int) -> bool:
        if limit and self._open[key] >= limit:
            return False
        self._open[key] += 1
        return True

    def leave(self, key: str) -> None:
        self._open[key] -= 1
        if self._open[key] <= 0:
            del self._open[key]


lobby_sockets = OpenSockets()
