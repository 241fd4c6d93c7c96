"""Health endpoints for load balancers and orchestrators.

`/healthz`: the process is alive and answers (nothing else is touched, so a database outage does not
get every web process restarted). `/readyz`: the process can serve: the database answers, and with
Redis configured, Redis answers through the cache and every server of the channel layer (its shards).
503 names what failed. Its `detail` says what runs without deciding readiness: the AI's search core,
compiled or the pure-Python reference (games/native.py), and why."""

from __future__ import annotations

import json
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse

from games import native
from ops.metrics import metrics_view


def healthz(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok", content_type="text/plain")


def _database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


def _redis() -> None:
    import redis

    # The broker's server and each of the channel layer's: a dead shard loses every socket hashed to it.
    for url in dict.fromkeys([settings.REDIS_URL, *settings.CHANNEL_REDIS_URLS]):
        if not url:
            continue
        client = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
        try:
            client.ping()
        finally:
            client.close()
    if settings.REDIS_URL:
        cache.get("readyz")  # the cache goes through its own connection pool


def readyz(request: HttpRequest) -> HttpResponse:
    checks = {"database": _database}
    if settings.REDIS_URL or settings.CHANNEL_REDIS_URLS:
        checks["redis"] = _redis
    failed: dict[str, str] = {}
    for name, check in checks.items():
        try:
            check()
        except Exception as exc:  # any failure means "not ready", and says which part
            failed[name] = type(exc).__name__
    body = {
        "ready": not failed,
        "checks": {name: failed.get(name, "ok") for name in checks},
        "detail": {"search_core": native.status().describe()},
    }
    return HttpResponse(json.dumps(body), content_type="application/json", status=503 if failed else 200)


PROBES = {"/healthz": healthz, "/readyz": readyz}


class HealthzMiddleware:
    """Answers the probes and `/metrics` before the host check: the container probes itself at
    127.0.0.1, and Prometheus scrapes each replica by its address, neither of which production accepts
    as a host (only DJANGO_ALLOWED_HOSTS). `/metrics` answers only METRICS_ALLOWED addresses."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path == "/metrics":
            return metrics_view(request)
        probe = PROBES.get(request.path)
        if probe is not None:
            return probe(request)
        return self.get_response(request)
