"""Builders for league tests: leagues with members, and real duel matches played to the end."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import User
from games.models import Match
from games.services.matches import match_join
from leagues import services
from leagues.models import League, Membership
from tests import factories
from tests.leagues import browsing
from tests.test_helpers_play import play_to_end


def make_league(owner: User, game: str = "duel", **kwargs: Any) -> League:
    today = timezone.localdate()
    defaults: dict[str, Any] = {
        "name": "Stammtisch",
        "starts_on": today - dt.timedelta(days=1),
        "ends_on": today + dt.timedelta(days=30),
        "options": {"cards": 3} if game == "duel" else {},
    }
    defaults.update(kwargs)
    return services.league_create(creator=owner, game=game, **defaults)


def join(league: League, *users: User) -> None:
    for u in users:
        services.league_join(league_id=league.pk, user=u)


def league_duel(league: League, a: User, b: User, *, play: bool = True) -> Match:
    """A league table opened by `a`, joined by `b` and (by default) played to the end."""
    match = services.league_table_open(league_id=league.pk, user=a, seats=["human", "human"])
    match_join(match_id=match.pk, actor=factories.actor(b))
    match.refresh_from_db()
    if play:
        play_to_end(match, {0: a, 1: b})
        match.refresh_from_db()
    return match


def member(league: League, u: User) -> bool:
    return Membership.objects.filter(league=league, user=u).exists()


@pytest.fixture
def players() -> list[User]:
    return [factories.user(name) for name in ("anna", "ben", "carl", "dora")]


@pytest.fixture
def duel_league(duel: str) -> tuple[APIClient, int]:
    """A duel league and its manager (in a browser of her own); its AI seats play at random (the
    rounds of tests/leagues/browsing.py ask for that level)."""
    manager = APIClient()
    browsing.register(manager, "mara")
    today = timezone.localdate()
    body = {
        "name": "Stammtisch",
        "game": "duel",
        "options": {"cards": 3},
        "ai_version": "random",
        "starts_on": str(today),
        "ends_on": str(today + dt.timedelta(days=30)),
    }
    r = manager.post("/api/leagues/", body, format="json")
    assert r.status_code == 201, r.content
    return manager, r.json()["id"]
