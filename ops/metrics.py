"""Prometheus metrics: the definitions, the collectors read at scrape time, and their exposition.

HTTP requests by view are counted by django-prometheus's middleware (`django_http_*`). Everything
else is defined here and observed where it happens (a Counter or Histogram observe: no queries).

Who serves what (docs/monitoring.md): each web container runs one daphne process and answers
`/metrics` itself (ops.health.HealthzMiddleware, limited to METRICS_ALLOWED). The Celery worker
forks its pool, so with PROMETHEUS_MULTIPROC_DIR set its processes write their values to files there
and the worker's main process serves their sum on METRICS_PORT; Celery beat is one process and
serves its own, with the queue lengths, on METRICS_PORT.
"""

from __future__ import annotations

import glob
import ipaddress
import os
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.db import connections
from django.http import HttpRequest, HttpResponse, HttpResponseNotFound
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
    start_http_server,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from ops.client_address import client_address

# Moves take milliseconds; AI searches run up to AI_HARD_DEADLINE seconds.
FAST = (0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
SLOW = (0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0)

WEBSOCKETS = Gauge(
    "kartentisch_websocket_connections",
    "Open websocket connections of this process.",
    ["kind"],
    multiprocess_mode="livesum",
)
MOVES = Counter("kartentisch_moves", "Moves stored (human, AI and stand-in).", ["game"])
MOVES_REFUSED = Counter("kartentisch_moves_refused", "Moves refused, by error code.", ["code"])
MOVE_SECONDS = Histogram(
    "kartentisch_move_seconds",
    "Time to validate, store and commit one move (match_act).",
    ["game"],
    buckets=FAST,
)
AI_MOVE_SECONDS = Histogram(
    "kartentisch_ai_move_seconds",
    "Time an AI player took to choose a move.",
    ["game", "version"],
    buckets=SLOW,
)
AI_DEADLINE_MISSED = Counter(
    "kartentisch_ai_deadline_missed",
    "AI moves replaced by Anton's because the AI_HARD_DEADLINE passed.",
    ["game", "version"],
)
WATCHDOG_TICK_SECONDS = Histogram(
    "kartentisch_watchdog_tick_seconds", "Duration of one watchdog tick.", buckets=SLOW
)
WATCHDOG_ACTIONS = Counter(
    "kartentisch_watchdog_actions",
    "What the watchdog did: requeued AI moves, stand-ins, abandoned matches, released processes.",
    ["action"],
)
LEADERBOARD_SAVES = Counter(
    "kartentisch_leaderboard_saves",
    "Leaderboard saves by outcome (saved, already_saved, failed).",
    ["outcome"],
)
LEADERBOARD_RETRIES = Counter(
    "kartentisch_leaderboard_retries", "Leaderboard saves of a match whose earlier save had failed."
)
LEADERBOARD_API_CACHED = Counter(
    "kartentisch_leaderboard_api_cached",
    "Board API pages answered from their cached body in front of Django (leaderboard.asgi).",
)
PROJECTION_FAILURES = Counter(
    "kartentisch_projection_failures",
    "Matches a projection could not apply (each recorded as a ProjectionFailure for staff).",
    ["projection"],
)
CELERY_TASKS = Counter(
    "kartentisch_celery_tasks", "Celery tasks run, by task and final state.", ["task", "state"]
)
CELERY_TASK_SECONDS = Histogram(
    "kartentisch_celery_task_seconds", "Run time of Celery tasks.", ["task"], buckets=SLOW
)


class DatabasePoolCollector(Collector):
    """The psycopg connection pools of this process (web processes run one per database)."""

    def collect(self) -> Iterator[GaugeMetricFamily]:
        families = {
            key: GaugeMetricFamily(f"kartentisch_db_pool_{name}", text, labels=["database"])
            for key, name, text in (
                ("pool_max", "max", "Connections the pool may open."),
                ("pool_size", "size", "Connections open (in use and idle)."),
                ("pool_available", "available", "Idle connections ready for a request."),
                ("requests_waiting", "waiting", "Requests waiting for a connection."),
            )
        }
        for alias, pool in database_pools().items():
            stats = pool.get_stats()
            for key, family in families.items():
                family.add_metric([alias], stats.get(key, 0))
        yield from families.values()


def database_pools() -> dict[str, Any]:
    """The pools already opened, by alias (never opens one: Django keeps them per class)."""
    pools = {}
    for alias in settings.DATABASES:
        opened = getattr(connections[alias], "_connection_pools", {})
        if alias in opened:
            pools[alias] = opened[alias]
    return pools


class QueueLengthCollector(Collector):
    """Messages waiting in the Celery queues on the Redis broker, and those taken but not acked."""

    def collect(self) -> Iterator[GaugeMetricFamily]:
        waiting = GaugeMetricFamily(
            "kartentisch_celery_queue_length", "Tasks waiting in a Celery queue.", labels=["queue"]
        )
        unacked = GaugeMetricFamily(
            "kartentisch_celery_unacked", "Tasks a worker has taken (countdowns included), not yet acked."
        )
        url = settings.CELERY_BROKER_URL
        if url.startswith(("redis://", "rediss://")):
            import redis

            client = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
            try:
                for queue in settings.METRICS_QUEUES:
                    waiting.add_metric([queue], client.llen(queue))
                unacked.add_metric([], client.hlen("unacked"))
            except redis.RedisError:
                pass  # the scrape goes on; a missing series shows the broker is unreachable
            finally:
                client.close()
        yield waiting
        yield unacked


REGISTRY.register(DatabasePoolCollector())


def registry(*, queues: bool = False) -> CollectorRegistry:
    """The registry a scrape reads: in multiprocess mode the sum of the files of every process."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        source = CollectorRegistry()
        multiprocess.MultiProcessCollector(source)
        source.register(DatabasePoolCollector())
    else:
        source = REGISTRY
    if not queues:
        return source
    combined = CollectorRegistry()
    combined.register(source)
    combined.register(QueueLengthCollector())
    return combined


@lru_cache(maxsize=8)
def _networks(entries: tuple[str, ...]) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    return tuple(ipaddress.ip_network(entry.strip(), strict=False) for entry in entries if entry.strip())


def allowed(request: HttpRequest) -> bool:
    """Whether the client (ops.client_address: through trusted proxies) may read the metrics."""
    try:
        address = ipaddress.ip_address(client_address(request))
    except ValueError:
        return False
    return any(
        address.version == network.version and address in network
        for network in _networks(tuple(settings.METRICS_ALLOWED))
    )


def metrics_view(request: HttpRequest) -> HttpResponse:
    """`/metrics` in Prometheus text format; a 404 for any address not in METRICS_ALLOWED."""
    if not allowed(request):
        return HttpResponseNotFound("not found", content_type="text/plain")
    return HttpResponse(generate_latest(registry()), content_type=CONTENT_TYPE_LATEST)


def serve(*, queues: bool) -> None:
    """The metrics port of a Celery process (worker main process or beat), when METRICS_PORT is set."""
    port = settings.METRICS_PORT
    if not port:
        return
    directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if directory:  # values of an earlier run of this container are not ours
        for path in glob.glob(os.path.join(directory, "*.db")):
            os.remove(path)
    start_http_server(port, registry=registry(queues=queues))


def process_ended(pid: int) -> None:
    """A pool process ended: its live gauges stop counting."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        multiprocess.mark_process_dead(pid)
