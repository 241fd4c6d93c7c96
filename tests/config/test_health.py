"""/healthz says the process is alive without touching anything; /readyz checks the database and Redis and
says which AI search core runs, as the startup line does."""

from __future__ import annotations

import logging

import pytest
from django.test import Client

from games import native
from ops.startup import log_search_core


def test_alive_answers_without_the_database(client: Client) -> None:
    # No django_db mark: any query here would fail the test.
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok"


@pytest.mark.django_db
def test_ready_checks_the_database_and_redis_when_configured(client: Client, settings: object) -> None:
    response = client.get("/readyz")
    body = response.json()
    assert response.status_code == 200, body
    assert body["ready"] is True
    assert body["checks"]["database"] == "ok"
    assert ("redis" in body["checks"]) == bool(settings.REDIS_URL)  # type: ignore[attr-defined]
    # what runs, not whether it is ready: the AI's search core, compiled or the pure-Python reference
    assert body["detail"] == {"search_core": native.status().describe()}
    assert body["detail"]["search_core"].startswith(("compiled (mypyc", "pure Python ("))


def test_the_startup_line_says_which_search_core_runs(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="kartentisch.startup"):
        status = log_search_core()
    (record,) = [r for r in caplog.records if r.name == "kartentisch.startup"]
    assert status.describe() in record.getMessage()
    assert record.levelno == (logging.INFO if status.compiled else logging.WARNING)


@pytest.mark.django_db
def test_not_ready_when_redis_does_not_answer(client: Client, settings: object) -> None:
    # Nothing listens on port 1.
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # type: ignore[attr-defined]
    response = client.get("/readyz")
    body = response.json()
    assert response.status_code == 503
    assert body["ready"] is False
    assert body["checks"] == {"database": "ok", "redis": "ConnectionError"}
    assert "search_core" in body["detail"]


@pytest.mark.django_db
def test_not_ready_when_a_channel_layer_shard_does_not_answer(client: Client, settings: object) -> None:
    # The layer sharded over two servers, the second of them down (nothing listens on port 1): the
    # sockets hashed to it would get no pushes.
    shards = [*settings.CHANNEL_REDIS_URLS, "redis://127.0.0.1:1/0"]  # type: ignore[attr-defined]
    settings.CHANNEL_REDIS_URLS = shards  # type: ignore[attr-defined]
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response.json()["checks"] == {"database": "ok", "redis": "ConnectionError"}
