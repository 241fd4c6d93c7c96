"""Schemathesis against /api/schema/, in process (WSGI) on the test database: every operation with valid
and invalid data, as a logged-in player seated at a running table and as a guest session, both with a
CSRF token so the bodies reach the views' validation. No answer is a 5xx, and every 4xx is
{"error": {"code": str, "message": str, ...}}. Deterministic and bounded (a few seconds per operation)."""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.conf import settings as django_settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.core.cache import cache
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from django.utils import timezone
from hypothesis import HealthCheck, settings

from leagues import services as league_services
from tests import factories

CSRF = "fuzzfuzzfuzzfuzzfuzzfuzzfuzzfuzz"  # any 32 letters pass as a CSRF secret
CONFIG = schemathesis.Config.from_dict(
    {
        "seed": 15,
        "generation": {"mode": "all", "max-examples": 8, "deterministic": True, "database": "none"},
        "phases": {"coverage": {"enabled": False}, "stateful": {"enabled": False}},
    }
)


def _session(user: Any = None, **data: Any) -> str:
    session = SessionStore()
    if user is not None:
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.update(data)
    session.create()
    return str(session.session_key)


@pytest.fixture
def _keep_connection() -> Iterator[None]:
    """The WSGI handler closes the database connection after each request, which would end the test's
    transaction (and SQLite's in-memory database); Django's test client disconnects it the same way."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def fuzz_world(db: None, _keep_connection: None) -> dict[str, Any]:
    """A running table and a league with a season, so generated ids can point at real rows."""
    anna, ben = factories.user("anna"), factories.user("ben")
    match = factories.two_player_match("schnapsen", anna, ben)
    today = timezone.localdate()
    league = league_services.league_create(
        creator=anna, name="Liga", game="schnapsen", starts_on=today, ends_on=today
    )
    return {
        "match_id": match.pk,
        "league_id": league.pk,
        "player": _session(anna),
        "guest": _session(guest_token="f" * 32, guest_name="Gast"),
    }


# Loaded at collection (the schema view reads no database). Not through a fixture: schemathesis' lazy
# loader sets a pytest node attribute that pytest 9 no longer has.
schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application(), config=CONFIG)


def assert_documented(response: Any, label: str) -> None:
    status = response.status_code
    assert status < 500, f"{label}: {status} {response.text[:300]}"
    if 400 <= status < 500:
        body = json.loads(response.content)
        error = body["error"] if isinstance(body, dict) else None
        assert isinstance(error, dict), f"{label}: {status} {response.text[:300]}"
        assert isinstance(error.get("code"), str) and isinstance(error.get("message"), str), label


@schema.parametrize()
@settings(deadline=None, suppress_health_check=list(HealthCheck))
def test_api_answers_no_5xx_and_only_the_error_shape(case: Any, fuzz_world: dict[str, Any]) -> None:
    cache.clear()  # the write throttle: a fuzz run is not a flood
    # Every other example aims at the real rows; the rest keep the generated ids.
    params = case.path_parameters if isinstance(case.path_parameters, dict) else {}
    if zlib.crc32(repr((case.body, case.query, params)).encode()) % 2 == 0:
        params.update({name: fuzz_world[name] for name in ("match_id", "league_id") if name in params})
    for who in ("player", "guest"):
        cookies = {
            django_settings.SESSION_COOKIE_NAME: fuzz_world[who],
            django_settings.CSRF_COOKIE_NAME: CSRF,
        }
        response = case.call(headers={"X-CSRFToken": CSRF}, cookies=cookies)
        assert_documented(response, f"{who} {case.method} {case.formatted_path}")
