"""Shared fixtures: AI moves run inline with no delay, and the test-only sixth game is registered;
under pytest-xdist each worker has its own Redis database (tests/parallel.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.core.cache import cache
from django.utils import translation

from games import packs
from games.live import presence, snapshots, state_cache, watchfeed, watchlist
from tests import parallel


def pytest_configure(config: pytest.Config) -> None:
    parallel.use_worker_redis(django_settings)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    parallel.distinct_schemathesis_ids(items)
    parallel.group_live_tests(items)


@pytest.fixture(autouse=True)
def _site_language() -> Iterator[None]:
    """Every test starts in the site's language: a test that rendered in another (a request with
    Accept-Language) leaves its thread's language active, and a later test would see it."""
    translation.activate(django_settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _platform_settings(settings: pytest.FixtureRequest) -> Iterator[None]:
    settings.AI_RUNNER = "inline"  # type: ignore[attr-defined]
    settings.AI_MOVE_DELAY = 0  # type: ignore[attr-defined]
    # The daily challenge's tables and par are played by Anton (the strongest levels take seconds a
    # challenge); its own determinism test picks a search level.
    settings.CHALLENGE_AI_LEVEL = "anton"  # type: ignore[attr-defined]
    # A page that opens the day's challenges does not play their par unasked (seconds of analysis
    # each); tests/challenges plays it.
    settings.CHALLENGE_PAR_RUNNER = "none"  # type: ignore[attr-defined]
    settings.TRICK_PAUSE = 0  # type: ignore[attr-defined]
    # The live list is read afresh on every ask (its once-per-tick memo has a test of its own).
    settings.LIVE_TICK = 0  # type: ignore[attr-defined]
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}  # type: ignore[attr-defined]
    # No heartbeat thread, and the watchdog's jumps in time never count the test process dead (the
    # presence tests switch it on).
    settings.PRESENCE_HEARTBEAT = 0  # type: ignore[attr-defined]
    settings.PRESENCE_EXPIRY = 0  # type: ignore[attr-defined]
    # Fixtures open many tables for one player; the limit's own tests switch it on.
    settings.MAX_OPEN_TABLES = 0  # type: ignore[attr-defined]
    # A match played to its end is not analysed unasked (inline, that costs seconds); tests/analysis
    # switches it on.
    settings.ANALYSIS_FOR_PLAYERS = False  # type: ignore[attr-defined]
    # A registration or login hashes with PBKDF2's full cost (about a second of CPU on a busy machine);
    # the browser tests register through the form, so a cheap hasher keeps them off the click timeout.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # type: ignore[attr-defined]
    presence.forget_registration()
    state_cache.clear()
    snapshots.clear()
    watchlist.clear()
    watchfeed.clear()
    cache.clear()  # throttle counters and cached pages start empty in every test
    yield
    state_cache.clear()
    snapshots.clear()
    watchlist.clear()


@pytest.fixture
def duel() -> Iterator[str]:
    """The sixth game, the test-only Duel (tests/sixth), registered by its pack for one test."""
    from tests.sixth.pack import PACK

    packs.register(PACK)
    yield PACK.name
    packs.unregister(PACK.name)


@pytest.fixture(scope="session", autouse=True)
def _close_stray_connections(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """Threads in tests (races, websocket consumers) may leave database sessions open; end them before
    pytest-django drops the test database, or the drop fails and the database is left behind."""
    yield
    from django.db import connection

    with django_db_blocker.unblock():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    # only in this worker's test database, never in the server's own database
                    # (where the other workers and the live clusters create and drop theirs)
                    "WHERE datname = current_database() AND datname LIKE %s AND pid <> pg_backend_pid()",
                    ["test%"],
                )
