"""League pages and API with hostile numbers and JSON: a clear 4xx, never a 500, nothing created."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from games.models import Match
from leagues.models import League
from tests.leagues.conftest import make_league

pytestmark = pytest.mark.django_db
BAD_NUMBERS = ["²", "1" * 5000, "٣", "-1", "1e3"]


def client_for(user: User | None = None) -> Client:
    c = Client(raise_request_exception=False)
    if user is not None:
        c.force_login(user)
    return c


def test_season_parameter_with_bad_numbers(duel: str, players: list[User]) -> None:
    league = make_league(players[0])
    c = client_for(players[0])
    for raw in BAD_NUMBERS:
        r = c.get(f"/api/leagues/{league.pk}/standings/", {"season": raw})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request", raw
        page = c.get(f"/leagues/{league.pk}/", {"season": raw})
        assert page.status_code == 400 and b"season must be a whole number" in page.content, raw
    assert c.get(f"/leagues/{league.pk}/", {"season": "1"}).status_code == 200
    assert c.get(f"/api/leagues/{league.pk}/standings/", {"season": "1"}).status_code == 200
    assert c.get(f"/api/leagues/{league.pk}/standings/", {"season": "9" * 9}).status_code == 404


def test_table_form_with_bad_numbers(duel: str, players: list[User]) -> None:
    league = make_league(players[0])
    c = client_for(players[0])
    for raw in [*BAD_NUMBERS, "", "2"]:
        r = c.post(f"/leagues/{league.pk}/tables/", {"ai_seats": raw})
        assert r.status_code == 400, raw
    assert Match.objects.count() == 0
    assert c.post(f"/leagues/{league.pk}/tables/", {"ai_seats": "0"}).status_code == 302


def test_league_form_with_bad_option_numbers(players: list[User]) -> None:
    """The rule options are form fields (no JSON any more): a number field with a superscript, 5,000
    digits, a float the engine refuses or a choice that is not offered is a 400 and creates nothing."""
    form = {
        "name": "Liga",
        "starts_on": "2030-01-01",
        "ends_on": "2030-02-01",
        "access": "open",
        "scoring": "total",
    }
    c = client_for(players[0])
    # (a digit of another script, "٣", is a number to a Django form field: 3 deals, not an error)
    for raw in ["²", "1" * 5000, "-1", "1e3", "3.5", "[" * 10_000]:
        answer = c.post("/leagues/", {**form, "game": "preferanzen", "opt_preferanzen_deals": raw})
        assert answer.status_code == 400, raw
    for raw in ("3.0", "5", "²", "[" * 10_000):
        answer = c.post(
            "/leagues/",
            {
                **form,
                "game": "preferans",
                "opt_preferans_players": raw,
                "opt_preferans_pool": "20",
                "opt_preferans_variant": "sochi",
                "opt_preferans_max_deals": "200",
            },
        )
        assert answer.status_code == 400, raw
    assert League.objects.count() == 0
