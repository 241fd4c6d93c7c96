"""Abuse limits of the REST API: the write rate counts the real client (a made-up X-Forwarded-For
resets nothing), and one player holds at most MAX_OPEN_TABLES open or running tables."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from games.live.actors import Actor
from games.live.presence import match_leave
from games.models import Match, MatchStatus
from games.services.matches import SeatSpec, match_create
from tests import factories
from tests.leagues.conftest import join, make_league

pytestmark = pytest.mark.django_db
DUEL = {"game": "duel", "seats": [{"kind": "human"}, {"kind": "human"}]}


@pytest.fixture
def writes_3_a_minute(settings: Any) -> Iterator[None]:
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    ScopedRateThrottle.THROTTLE_RATES = {**rates, "writes": "3/min"}
    yield
    ScopedRateThrottle.THROTTLE_RATES = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]


def guest_opens_table(forwarded_for: str, remote: str = "127.0.0.1") -> int:
    """A new guest (fresh session) opens a table, claiming to come from `forwarded_for`."""
    r = APIClient().post(
        "/api/matches/",
        {**DUEL, "name": "Gast"},
        format="json",
        HTTP_X_FORWARDED_FOR=forwarded_for,
        REMOTE_ADDR=remote,
    )
    return r.status_code


def test_a_made_up_forwarded_for_does_not_reset_the_write_limit(duel, writes_3_a_minute) -> None:
    codes = [guest_opens_table(f"198.51.100.{i}") for i in range(1, 6)]
    assert codes == [201, 201, 201, 429, 429]
    assert Match.objects.count() == 3


def test_behind_a_trusted_proxy_each_real_client_has_its_own_limit(duel, writes_3_a_minute, settings) -> None:
    settings.TRUSTED_PROXIES = ["10.0.0.0/8"]
    # Two clients behind the proxy: each gets its own three writes.
    assert [guest_opens_table("203.0.113.1", remote="10.0.0.2") for _ in range(4)] == [201, 201, 201, 429]
    assert guest_opens_table("203.0.113.2", remote="10.0.0.2") == 201
    # What the client itself wrote in front of the proxy's entry changes nothing.
    assert guest_opens_table("192.0.2.77, 203.0.113.1", remote="10.0.0.2") == 429
    # A peer that is not a trusted proxy is counted by its own address, whatever it claims.
    assert [guest_opens_table(f"203.0.113.{i}", remote="192.0.2.9") for i in range(3, 8)] == [
        *[201] * 3,
        *[429] * 2,
    ]


@pytest.fixture
def five_tables(settings: Any) -> None:
    settings.MAX_OPEN_TABLES = 5


def test_a_player_holds_at_most_five_open_or_running_tables(duel, five_tables) -> None:
    anna = factories.user("anna")
    c = APIClient()
    c.force_login(anna)
    ids = [c.post("/api/matches/", DUEL, format="json").json()["id"] for _ in range(5)]
    r = c.post("/api/matches/", DUEL, format="json")
    assert r.status_code == 409 and r.json()["error"]["code"] == "too_many_tables"
    assert Match.objects.count() == 5
    # Joining a sixth table is refused too.
    other = match_create(game=duel, creator=factories.actor(factories.user("ben")), seats=[SeatSpec()] * 2)
    r = c.post(f"/api/matches/{other.pk}/join/", {}, format="json")
    assert r.status_code == 409 and r.json()["error"]["code"] == "too_many_tables"
    # A finished table and a left one no longer count.
    Match.objects.filter(pk=ids[0]).update(status=MatchStatus.FINISHED)
    assert c.post(f"/api/matches/{other.pk}/join/", {}, format="json").status_code == 200
    assert c.post("/api/matches/", DUEL, format="json").status_code == 409
    match_leave(match_id=ids[1], actor=factories.actor(anna))
    assert c.post("/api/matches/", DUEL, format="json").status_code == 201


def test_a_guest_is_held_to_the_same_cap(duel, five_tables) -> None:
    guest = APIClient()
    body = {**DUEL, "name": "Gast"}
    codes = [guest.post("/api/matches/", body, format="json").status_code for _ in range(6)]
    assert codes == [201] * 5 + [409]
    # The cap is per person: another guest (elsewhere) may still open a table.
    other = APIClient(REMOTE_ADDR="203.0.113.9")
    assert other.post("/api/matches/", {**DUEL, "name": "Gustav"}, format="json").status_code == 201


def test_a_fresh_cookie_jar_per_table_does_not_reset_a_guest_s_cap(duel, five_tables) -> None:
    """A guest who opens every table with new cookies (new session, new browser token) from one
    address is still one person: the sixth table is refused."""

    def fresh_guest() -> APIClient:
        return APIClient(REMOTE_ADDR="198.51.100.20")

    codes = [
        fresh_guest().post("/api/matches/", {**DUEL, "name": f"Gast {i}"}, format="json").status_code
        for i in range(5)
    ]
    assert codes == [201] * 5
    r = fresh_guest().post("/api/matches/", {**DUEL, "name": "Gast 6"}, format="json")
    assert r.status_code == 409 and r.json()["error"]["code"] == "too_many_tables"
    assert "log in" in r.json()["error"]["message"]
    # Joining a sixth table is refused too, and the cap is per address, not per browser alone.
    other = match_create(game=duel, creator=factories.actor(factories.user("ben")), seats=[SeatSpec()] * 2)
    r = fresh_guest().post(f"/api/matches/{other.pk}/join/", {"name": "Gast 7"}, format="json")
    assert r.status_code == 409 and r.json()["error"]["code"] == "too_many_tables"
    assert Match.objects.count() == 6
    # An account from that address has a cap of its own.
    anna = APIClient(REMOTE_ADDR="198.51.100.20")
    anna.force_login(factories.user("anna"))
    assert anna.post("/api/matches/", DUEL, format="json").status_code == 201


def test_league_tables_count_and_are_capped(duel, five_tables) -> None:
    anna, ben = factories.user("anna"), factories.user("ben")
    league = make_league(anna)
    join(league, ben)
    for _ in range(5):
        match_create(game=duel, creator=Actor.for_user(anna), seats=[SeatSpec()] * 2)
    c = APIClient()
    c.force_login(anna)
    r = c.post(f"/api/leagues/{league.pk}/tables/", {"seats": ["human", "human"]}, format="json")
    assert r.status_code == 409 and r.json()["error"]["code"] == "too_many_tables"
    # Staff seating a duplicate round are not held to a player's own cap.
    c.force_login(anna)
    r = c.post(f"/api/leagues/{league.pk}/rounds/", {"tables": [["anna", "ben"]]}, format="json")
    assert r.status_code == 201
