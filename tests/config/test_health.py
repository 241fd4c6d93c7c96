"""/healthz says the process is alive without touching anything; /readyz checks the database and Redis."""

from __future__ import annotations

import pytest
from django.test import Client


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


@pytest.mark.django_db
def test_not_ready_when_redis_does_not_answer(client: Client, settings: object) -> None:
    # Nothing listens on port 1.
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # type: ignore[attr-defined]
    response = client.get("/readyz")
    body = response.json()
    assert response.status_code == 503
    assert body["ready"] is False
    assert body["checks"] == {"database": "ok", "redis": "ConnectionError"}


@pytest.mark.django_db
def test_not_ready_when_a_channel_layer_shard_does_not_answer(client: Client, settings: object) -> None:
    # The layer sharded over two servers, the second of them down (nothing listens on port 1): the
    # sockets hashed to it would get no pushes.
    shards = [*settings.CHANNEL_REDIS_URLS, "redis://127.0.0.1:1/0"]  # type: ignore[attr-defined]
    settings.CHANNEL_REDIS_URLS = shards  # type: ignore[attr-defined]
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response.json()["checks"] == {"database": "ok", "redis": "ConnectionError"}
