"""/metrics: Prometheus text with the families the operators watch, moving when requests, moves, AI
moves, watchdog ticks, leaderboard saves and Celery tasks happen; answered only to METRICS_ALLOWED."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.utils import timezone
from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families

from config.asgi import application
from games.errors import StaleSeq
from games.live import presence
from games.models import MatchStatus
from games.services.matches import SeatSpec, match_act, match_create
from games.services.watchdog import watchdog_tick
from games.store.events import load_state
from games.tasks import watchdog as watchdog_task
from leaderboard import services as leaderboard_services
from leaderboard.services import leaderboard_save_match
from ops import metrics
from tests import factories
from tests.leaderboard.conftest import finished_preisjass

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def scrape(client: Client, **extra: Any) -> Samples:
    response = client.get("/metrics", **extra)
    assert response.status_code == 200, response.content
    assert response["Content-Type"].startswith("text/plain")
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(response.content.decode())
        for sample in family.samples
    }


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


def total(samples: Samples, name: str, **labels: str) -> float:
    """The sum over every label set that includes `labels`."""
    want = set(labels.items())
    return sum(v for (n, ls), v in samples.items() if n == name and want <= ls)


def test_requests_are_counted_and_timed_by_view(client: Client) -> None:
    before = scrape(client)
    assert client.get("/healthz").status_code == 200
    after = scrape(client)
    name = "django_http_requests_total_by_view_transport_method_total"
    labels = {"view": "healthz", "transport": "http", "method": "GET"}
    assert value(after, name, **labels) == value(before, name, **labels) + 1
    latency = "django_http_requests_latency_seconds_by_view_method_count"
    assert value(after, latency, view="healthz", method="GET") == (
        value(before, latency, view="healthz", method="GET") + 1
    )


@pytest.mark.django_db(transaction=True)
def test_moves_ai_moves_and_refusals_are_counted(client: Client) -> None:
    anna = factories.actor(factories.user("anna"))
    before = scrape(client)
    match = match_create(
        game="preisjass",
        creator=anna,
        seats=[SeatSpec(), SeatSpec("ai"), SeatSpec("ai"), SeatSpec("ai")],
        ai_version="random",
    )
    match.refresh_from_db()
    assert load_state(match).to_move == 0  # the AI seats moved first, inline
    action = {k: v for k, v in load_state(match).legal_actions()[0].items() if k != "seat"}
    match_act(match_id=match.pk, actor=anna, action=action, expected_seq=match.version)
    with pytest.raises(StaleSeq):
        match_act(match_id=match.pk, actor=anna, action=action, expected_seq=0)
    after = scrape(client)

    human_and_ai = value(after, "kartentisch_moves_total", game="preisjass") - value(
        before, "kartentisch_moves_total", game="preisjass"
    )
    ai_moves = value(after, "kartentisch_ai_move_seconds_count", game="preisjass", version="random") - value(
        before, "kartentisch_ai_move_seconds_count", game="preisjass", version="random"
    )
    assert ai_moves >= 3  # at least one AI seat moved after the human's card
    assert human_and_ai == ai_moves + 1  # each stored move counted once, the refused one not
    timed = "kartentisch_move_seconds_count"
    assert value(after, timed, game="preisjass") - value(before, timed, game="preisjass") == human_and_ai
    refused = "kartentisch_moves_refused_total"
    assert value(after, refused, code="stale_seq") == value(before, refused, code="stale_seq") + 1


@pytest.mark.django_db(transaction=True)
def test_watchdog_ticks_and_actions_are_counted(client: Client, settings: Any) -> None:
    anna = factories.actor(factories.user("anna"))
    match = match_create(game="preisjass", creator=anna, seats=[SeatSpec()] + [SeatSpec("ai")] * 3)
    # The only human leaves: the paused table is ended by the watchdog after PAUSED_TABLE_DAYS.
    presence.seat_connected(match_id=match.pk, seat=0, socket="s1")
    presence.seat_disconnected(match_id=match.pk, seat=0, socket="s1")
    before = scrape(client)
    counts = watchdog_tick(timezone.now() + dt.timedelta(days=settings.PAUSED_TABLE_DAYS, seconds=100))
    after = scrape(client)
    match.refresh_from_db()
    assert counts["abandoned"] == 1 and match.status == MatchStatus.ABANDONED
    tick = "kartentisch_watchdog_tick_seconds_count"
    assert value(after, tick) == value(before, tick) + 1
    actions = "kartentisch_watchdog_actions_total"
    assert value(after, actions, action="abandoned") == value(before, actions, action="abandoned") + 1
    assert value(after, actions, action="stand_in") == value(before, actions, action="stand_in")


@pytest.mark.django_db(transaction=True)
def test_leaderboard_saves_failures_and_retries_are_counted(client: Client, monkeypatch: Any) -> None:
    before = scrape(client)

    def broken(rows: Any) -> None:
        raise RuntimeError("database went away")

    monkeypatch.setattr(leaderboard_services, "entries_insert", broken)
    match = finished_preisjass(factories.user("anna"))  # its save on finishing fails
    monkeypatch.undo()
    leaderboard_save_match(match_id=match.pk)  # the retry
    leaderboard_save_match(match_id=match.pk)  # and once more: already saved
    after = scrape(client)
    saves = "kartentisch_leaderboard_saves_total"
    for outcome in ("failed", "saved", "already_saved"):
        assert value(after, saves, outcome=outcome) == value(before, saves, outcome=outcome) + 1, outcome
    retries = "kartentisch_leaderboard_retries_total"
    assert value(after, retries) == value(before, retries) + 1


@pytest.mark.django_db(transaction=True)
def test_celery_tasks_are_counted_by_name_and_state(client: Client) -> None:
    before = scrape(client)
    watchdog_task.apply()
    after = scrape(client)
    name = "kartentisch_celery_tasks_total"
    labels = {"task": "games.tasks.watchdog", "state": "SUCCESS"}
    assert value(after, name, **labels) == value(before, name, **labels) + 1
    assert total(after, "kartentisch_celery_task_seconds_count", task="games.tasks.watchdog") == (
        total(before, "kartentisch_celery_task_seconds_count", task="games.tasks.watchdog") + 1
    )


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_open_websockets_are_a_gauge_per_kind() -> None:
    def lobby() -> float:
        return REGISTRY.get_sample_value("kartentisch_websocket_connections", {"kind": "lobby"}) or 0.0

    start = lobby()
    comm = WebsocketCommunicator(
        application, "/ws/lobby/", headers=[(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]
    )
    connected, _ = await comm.connect()
    assert connected
    await comm.receive_from(timeout=5)
    assert lobby() == start + 1
    await comm.disconnect()
    assert lobby() == start


def test_queue_lengths_come_from_the_broker(settings: Any, monkeypatch: Any) -> None:
    class Broker:
        def llen(self, key: str) -> int:
            return {"celery": 7}.get(key, 0)

        def hlen(self, key: str) -> int:
            return {"unacked": 2}.get(key, 0)

        def close(self) -> None:
            pass

    settings.CELERY_BROKER_URL = "redis://broker.invalid:6379/0"
    monkeypatch.setattr("redis.Redis.from_url", lambda url, **kw: Broker())
    registry = metrics.registry(queues=True)
    assert registry.get_sample_value("kartentisch_celery_queue_length", {"queue": "celery"}) == 7
    assert registry.get_sample_value("kartentisch_celery_unacked") == 2
    # Without a Redis broker (the embedded default) there is nothing to count.
    settings.CELERY_BROKER_URL = "memory://"
    assert (
        metrics.registry(queues=True).get_sample_value("kartentisch_celery_queue_length", {"queue": "celery"})
        is None
    )


def test_database_pool_use_is_read_from_the_open_pools(monkeypatch: Any) -> None:
    class Pool:
        def get_stats(self) -> dict[str, int]:
            return {"pool_max": 16, "pool_size": 5, "pool_available": 3, "requests_waiting": 1}

    monkeypatch.setattr(metrics, "database_pools", lambda: {"default": Pool()})
    for name, expected in (("max", 16), ("size", 5), ("available", 3), ("waiting", 1)):
        assert REGISTRY.get_sample_value(f"kartentisch_db_pool_{name}", {"database": "default"}) == expected


def test_metrics_are_refused_to_addresses_not_allowed(client: Client, settings: Any) -> None:
    settings.METRICS_ALLOWED = ["10.0.0.0/8"]
    settings.TRUSTED_PROXIES = ["10.0.0.2"]
    assert client.get("/metrics", REMOTE_ADDR="203.0.113.9").status_code == 404
    # Through the trusted proxy, the client behind it decides: an outside client is refused...
    outside = client.get("/metrics", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="203.0.113.9")
    assert outside.status_code == 404
    # ...and Prometheus inside the network is answered.
    assert scrape(client, REMOTE_ADDR="10.0.0.7")


def test_production_answers_metrics_before_the_host_check(client: Client, settings: Any) -> None:
    settings.MIDDLEWARE = ["ops.health.HealthzMiddleware", *settings.MIDDLEWARE]
    settings.ALLOWED_HOSTS = ["cards.example.org"]
    settings.METRICS_ALLOWED = ["172.16.0.0/12"]
    # Prometheus scrapes each replica by its container address, not by the site's host name.
    assert scrape(client, REMOTE_ADDR="172.18.0.5", HTTP_HOST="172.18.0.5:8000")
    assert (
        client.get("/metrics", REMOTE_ADDR="198.51.100.1", HTTP_HOST="cards.example.org").status_code == 404
    )
