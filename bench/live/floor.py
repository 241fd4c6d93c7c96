"""The floor under a stored and pushed move, measured on the bench's own PostgreSQL and Redis: the p50
of one single-row insert committed with its WAL flush (`synchronous_commit` as the server has it,
as a move's commit), plus the p50 of one publish reaching a subscriber. Nothing a web process does
can make a move faster than these two together. Also the web processes' CPU time, read from /proc."""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from bench.table import percentile

SAMPLES = 200


@dataclass(frozen=True)
class Floor:
    insert_ms: float
    publish_ms: float

    @property
    def ms(self) -> float:
        return self.insert_ms + self.publish_ms


def measure(database_url: str, redis_url: str, samples: int = SAMPLES) -> Floor:
    return Floor(_insert_p50(database_url, samples), _publish_p50(redis_url, samples))


def _insert_p50(database_url: str, samples: int) -> float:
    """p50 ms of `INSERT` of one row in its own transaction (autocommit: the commit waits for the
    WAL's fsync), on a table of its own in the bench's database."""
    import psycopg

    times: list[float] = []
    with psycopg.connect(database_url, autocommit=True) as conn:  # libpq takes postgres://
        conn.execute("CREATE TABLE IF NOT EXISTS bench_floor (id bigserial PRIMARY KEY, at double precision)")
        for _ in range(samples + 10):
            started = time.perf_counter()
            conn.execute("INSERT INTO bench_floor (at) VALUES (%s)", (started,))
            times.append((time.perf_counter() - started) * 1000)
        conn.execute("DROP TABLE bench_floor")
    return percentile(times[10:], 50)  # the first few warm the connection and the table


def _publish_p50(redis_url: str, samples: int) -> float:
    """p50 ms from `PUBLISH` on one connection to the message read by a subscriber on another (a
    thread blocked in its read, as the web process's layer is)."""
    import redis

    channel = f"bench-floor-{os.getpid()}"
    subscriber = redis.Redis.from_url(redis_url).pubsub(ignore_subscribe_messages=True)
    subscriber.subscribe(channel)
    subscriber.get_message(timeout=1.0)  # the subscription's confirmation
    publisher = redis.Redis.from_url(redis_url)
    received: list[float] = []
    arrived = threading.Event()

    def listen() -> None:
        for message in subscriber.listen():
            if message["type"] != "message":
                continue
            if message["data"] == b"stop":
                return
            received.append(time.perf_counter())
            arrived.set()

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    times: list[float] = []
    for _ in range(samples + 10):
        arrived.clear()
        started = time.perf_counter()
        publisher.publish(channel, b"x")
        if not arrived.wait(5):
            raise TimeoutError("the floor's publish never reached its subscriber")
        times.append((received[-1] - started) * 1000)
    publisher.publish(channel, b"stop")
    listener.join(5)
    subscriber.close()
    publisher.close()
    return percentile(times[10:], 50)


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds process `pid` has used so far (all its threads)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
