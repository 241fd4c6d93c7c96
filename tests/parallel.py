"""What the suite needs to run on several pytest-xdist workers (scripts/test: `-n auto --dist
loadgroup`): a Redis database per worker, the multi-process tests together on one worker, and a
distinct id for every collected item. pytest-django already gives each worker its own test database.

Worker gwN uses the Redis database of REDIS_URL minus N (gw0 the number itself), so a run given
database 15 on two workers uses 15 and 14; a serial run is worker 0."""

from __future__ import annotations

import os
import urllib.parse
from typing import Any

import pytest

# Tests that start their own cluster of processes (web×2, worker, beat): one at a time, on one worker.
LIVE_GROUP = "live"
LIVE_DIR = "tests/live/"


def worker_index() -> int:
    """0 for gw0 and for a run without xdist, N for gwN."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return int(worker[2:]) if worker.startswith("gw") else 0


def worker_count() -> int:
    return int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1") or "1")


def _db_number(redis_url: str) -> int:
    return int(urllib.parse.urlsplit(redis_url).path.strip("/") or "0")


def with_redis_db(redis_url: str, number: int) -> str:
    parts = urllib.parse.urlsplit(redis_url)
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, f"/{number}", parts.query, ""))


def worker_redis_url(redis_url: str, index: int | None = None) -> str:
    """The Redis URL of worker `index` (this one by default): the URL's database number minus it."""
    index = worker_index() if index is None else index
    number = _db_number(redis_url) - index
    if number < 0:
        raise pytest.UsageError(
            f"worker gw{index} has no Redis database below {redis_url}: give REDIS_URL a higher "
            "database number or run fewer workers (PYTEST_WORKERS)"
        )
    return with_redis_db(redis_url, number)


def workers_redis_dbs(redis_url: str) -> set[int]:
    """The Redis database numbers every worker of this run uses (the cluster tests take another)."""
    top = _db_number(redis_url) + worker_index()  # the number given to the run, as gw0 sees it
    return {top - i for i in range(worker_count())}


def use_worker_redis(settings: Any) -> None:
    """Point this worker's cache, Celery broker and channel layer at its own Redis database, and
    REDIS_URL for the processes the tests start. Called from pytest_configure, before any test opens
    a connection."""
    given = settings.REDIS_URL
    if not given or worker_index() == 0:
        return
    mine = worker_redis_url(given)
    os.environ["REDIS_URL"] = mine
    settings.REDIS_URL = mine
    settings.CELERY_BROKER_URL = mine
    settings.CACHES = {**settings.CACHES, "default": {**settings.CACHES["default"], "LOCATION": mine}}
    if given in settings.CHANNEL_REDIS_URLS:
        settings.CHANNEL_REDIS_URLS = [mine if url == given else url for url in settings.CHANNEL_REDIS_URLS]
        layer = settings.CHANNEL_LAYERS["default"]
        layer["CONFIG"] = {**layer["CONFIG"], "hosts": settings.CHANNEL_REDIS_URLS}

    from django.core.cache import caches

    from config.celery import app

    caches.__dict__.pop("settings", None)  # in case the cache handler already read CACHES
    app.conf.update(broker_url=mine)


def group_live_tests(items: list[pytest.Item]) -> None:
    """The cluster tests share the machine's ports and CPU badly with each other: one xdist group."""
    for item in items:
        if item.nodeid.startswith(LIVE_DIR):
            item.add_marker(pytest.mark.xdist_group(LIVE_GROUP))


def distinct_schemathesis_ids(items: list[pytest.Item]) -> None:
    """Schemathesis makes one item per API operation but, under pytest 9 (which builds the node id
    from `originalname`), all with the test function's bare id. xdist schedules and reports by node
    id, so the operations would fold into one; the operation's label ("GET /api/games/") becomes the
    id's parameter."""
    for item in items:
        label = getattr(item, "operation_label", None)
        if label and item._id.params is None:
            item._id = item._id.with_params(label)
    seen: set[str] = set()
    for item in items:
        assert item.nodeid not in seen, f"two collected items share the id {item.nodeid}"
        seen.add(item.nodeid)
