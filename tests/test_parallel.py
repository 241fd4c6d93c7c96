"""The parallel run's plumbing (tests/parallel.py): each xdist worker's Redis database, the cache and
the broker really on it, the cluster tests' spare database apart from every worker's, one id per
collected item, and the live tests in one group."""

from __future__ import annotations

import os

import pytest
from django.conf import settings
from django.core.cache import cache

from tests import parallel

URL = "redis://127.0.0.1:6379/15"


def test_worker_n_takes_the_database_number_minus_n(monkeypatch: pytest.MonkeyPatch) -> None:
    assert parallel.worker_redis_url(URL, 0) == URL
    assert parallel.worker_redis_url(URL, 3) == "redis://127.0.0.1:6379/12"
    assert parallel.worker_redis_url("redis://h:1", 0) == "redis://h:1/0"
    with pytest.raises(pytest.UsageError):
        parallel.worker_redis_url("redis://h:1/1", 2)
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw2")
    monkeypatch.setenv("PYTEST_XDIST_WORKER_COUNT", "4")
    assert parallel.worker_index() == 2 and parallel.worker_redis_url(URL) == "redis://127.0.0.1:6379/13"
    # gw2 sees its own number (13) and names every worker's, the run's number down to 12
    assert parallel.workers_redis_dbs("redis://127.0.0.1:6379/13") == {15, 14, 13, 12}


def test_serial_run_is_worker_zero_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    monkeypatch.delenv("PYTEST_XDIST_WORKER_COUNT", raising=False)
    assert parallel.worker_index() == 0 and parallel.workers_redis_dbs(URL) == {15}


@pytest.mark.skipif(not settings.REDIS_URL, reason="needs the Redis server (REDIS_URL), as in .ci/run")
def test_cache_and_broker_use_this_workers_database() -> None:
    import redis

    from config.celery import app

    mine = settings.REDIS_URL
    assert os.environ["REDIS_URL"] == mine == settings.CACHES["default"]["LOCATION"]
    cache.set("parallel-probe", "here")
    assert redis.Redis.from_url(mine).exists(cache.make_and_validate_key("parallel-probe"))
    with app.connection_for_write() as connection:
        assert str(connection.virtual_host) == mine.rsplit("/", 1)[1]


@pytest.mark.skipif(not settings.REDIS_URL, reason="needs the Redis server (REDIS_URL), as in .ci/run")
def test_the_clusters_spare_database_is_no_workers() -> None:
    from tests.live.cluster import spare_redis_url

    spare = int(spare_redis_url(settings.REDIS_URL).rsplit("/", 1)[1])
    assert spare not in parallel.workers_redis_dbs(settings.REDIS_URL)


def test_every_collected_item_has_its_own_id(request: pytest.FixtureRequest) -> None:
    ids = [item.nodeid for item in request.session.items]
    assert len(ids) == len(set(ids))
    fuzz = [i for i in ids if i.startswith("tests/config/test_api_fuzz.py::")]
    assert all(i.endswith("/]") for i in fuzz)  # "…[GET /api/games/]": one per API operation


def test_live_tests_share_one_group(request: pytest.FixtureRequest) -> None:
    for item in request.session.items:
        group = item.get_closest_marker("xdist_group")
        assert (group is not None and group.args == (parallel.LIVE_GROUP,)) == item.nodeid.startswith(
            parallel.LIVE_DIR
        )
