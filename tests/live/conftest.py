"""Fixtures for the multi-process tests: a migrated throwaway PostgreSQL database for the session and
a running cluster (two daphne web processes, a Celery worker, Celery beat) per module. They need
PostgreSQL and Redis (DATABASE_URL and REDIS_URL, as in CI) and are skipped without them."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from tests.live.cluster import Cluster, create_database, drop_database, spare_redis_url

NEEDS = "live tests need PostgreSQL and Redis: set DATABASE_URL and REDIS_URL (as .ci/run does)"


def _urls() -> tuple[str, str]:
    database_url, redis_url = os.environ.get("DATABASE_URL", ""), os.environ.get("REDIS_URL", "")
    if not database_url.startswith(("postgres://", "postgresql://")) or not redis_url.startswith("redis://"):
        pytest.skip(NEEDS)
    return database_url, redis_url


@pytest.fixture(scope="session")
def live_database() -> Iterator[str]:
    admin_url, _ = _urls()
    name = f"kt_live_{os.getpid()}"
    url = create_database(admin_url, name)
    yield url
    drop_database(admin_url, name)


@pytest.fixture(scope="module")
def cluster(live_database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    _, redis_url = _urls()
    workdir: Path = tmp_path_factory.mktemp("cluster")
    spare = spare_redis_url(redis_url)
    running = Cluster(live_database, spare, workdir).start()
    yield running
    running.stop()
    redis.Redis.from_url(spare).flushdb()
