"""Season dates lie in a sane window (at most two years long, ending at most two years from today) on
every way a season is made or edited: the API, the league form and the admin. A season stored before
the rule (ending 9999-12-31) still projects and rebuilds: its tables count, nothing overflows."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from accounts.models import User
from leagues.models import League, ProjectedMatch, Season, SeasonResult, Standing
from leagues.seasons import MAX_SEASON_DAYS
from tests.leagues.conftest import join, league_duel, make_league

pytestmark = pytest.mark.django_db

FAR = "9999-12-31"


def client_for(user: User | None = None) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


def api_create(user: User, **dates: str) -> Any:
    body = {"name": "Ewige Liga", "game": "duel", "options": {"cards": 3}, **dates}
    return client_for(user).post("/api/leagues/", body, content_type="application/json")


def test_the_api_refuses_a_season_ending_in_the_year_9999(duel, players) -> None:
    today = timezone.localdate().isoformat()
    r = api_create(players[0], starts_on=today, ends_on=FAR)
    assert r.status_code == 400
    error = r.json()["error"]
    assert error["code"] == "bad_request" and "two years" in error["message"]
    assert not League.objects.exists() and not Season.objects.exists()


@pytest.mark.parametrize(
    ("starts", "ends", "accepted"),
    [
        (0, MAX_SEASON_DAYS - 1, True),  # two years to the day, a leap day included
        (0, MAX_SEASON_DAYS, False),  # one day longer
        (-(MAX_SEASON_DAYS + 10), 1, False),  # began long ago: too long
        (MAX_SEASON_DAYS - 5, MAX_SEASON_DAYS + 5, False),  # short, but ends too far ahead
    ],
)
def test_the_api_takes_seasons_up_to_two_years(duel, players, starts, ends, accepted) -> None:
    today = timezone.localdate()
    r = api_create(
        players[0],
        starts_on=(today + dt.timedelta(days=starts)).isoformat(),
        ends_on=(today + dt.timedelta(days=ends)).isoformat(),
    )
    assert (r.status_code == 201) is accepted, r.content
    if not accepted:
        assert r.json()["error"]["code"] == "bad_request" and not League.objects.exists()


def test_the_league_form_refuses_a_season_ending_in_the_year_9999(players) -> None:
    form = {
        "name": "Ewige Liga",
        "game": "preisjass",
        "starts_on": timezone.localdate().isoformat(),
        "ends_on": FAR,
        "access": "open",
        "scoring": "total",
    }
    r = client_for(players[0]).post("/leagues/", form, HTTP_ACCEPT_LANGUAGE="de")
    assert r.status_code == 400 and not League.objects.exists()
    [error] = r.context["form"].errors["ends_on"]
    assert error.startswith("Eine Saison dauert höchstens zwei Jahre") and error in r.content.decode()


@pytest.fixture
def staff() -> Client:
    return client_for(User.objects.create_superuser(username="staff", password="pw-1", display_name="Staff"))


def season_form(season: Season, **change: str) -> dict[str, str]:
    return {
        "league": str(season.league_id),
        "number": str(season.number),
        "starts_on": season.starts_on.isoformat(),
        "ends_on": season.ends_on.isoformat(),
        "status": season.status,
        **change,
    }


def test_the_admin_refuses_a_season_ending_in_the_year_9999(duel, players, staff) -> None:
    league = make_league(players[0])
    season = league.seasons.get()
    ends = season.ends_on

    changed = staff.post(f"/admin/leagues/season/{season.pk}/change/", season_form(season, ends_on=FAR))
    assert changed.status_code == 200 and changed.context["adminform"].form.errors["ends_on"]
    season.refresh_from_db()
    assert season.ends_on == ends

    added = staff.post("/admin/leagues/season/add/", season_form(season, number="2", ends_on=FAR))
    assert added.status_code == 200 and added.context["adminform"].form.errors["ends_on"]
    assert league.seasons.count() == 1

    # The league's page of seasons (the inline) follows the same rule.
    inline = {
        "name": league.name,
        "game": league.game,
        "options": '{"cards": 3}',
        "access": league.access,
        "scoring": league.scoring,
        "seasons-TOTAL_FORMS": "1",
        "seasons-INITIAL_FORMS": "1",
        "seasons-MIN_NUM_FORMS": "0",
        "seasons-MAX_NUM_FORMS": "1000",
        "seasons-0-id": str(season.pk),
        "seasons-0-league": str(league.pk),
        "seasons-0-number": "1",
        "seasons-0-starts_on": season.starts_on.isoformat(),
        "seasons-0-ends_on": FAR,
    }
    page = staff.post(f"/admin/leagues/league/{league.pk}/change/", inline)
    assert page.status_code == 200
    assert page.context["inline_admin_formsets"][0].formset.errors[0]["ends_on"]
    season.refresh_from_db()
    assert season.ends_on == ends

    # A sane change goes through.
    saved = staff.post(
        f"/admin/leagues/season/{season.pk}/change/",
        season_form(season, ends_on=(ends + dt.timedelta(days=30)).isoformat()),
    )
    assert saved.status_code == 302
    season.refresh_from_db()
    assert season.ends_on == ends + dt.timedelta(days=30)


def test_a_stored_season_ending_in_the_year_9999_projects_and_rebuilds(
    duel, players, django_capture_on_commit_callbacks
) -> None:
    anna, ben = players[:2]
    league = make_league(anna)
    join(league, ben)
    season = league.seasons.get()
    # Stored before the rule (or by a restored dump): the projection must cope with it.
    Season.objects.filter(pk=season.pk).update(ends_on=dt.date.max)
    with django_capture_on_commit_callbacks(execute=True):  # the finish signal and its listeners
        match = league_duel(league, anna, ben)
    assert ProjectedMatch.objects.get(match=match).counted
    assert SeasonResult.objects.filter(season=season, match=match).count() == 2
    live = sorted(Standing.objects.filter(season=season).values_list("user__username", "matches", "points"))
    assert [row[:2] for row in live] == [("anna", 1), ("ben", 1)]

    call_command("rebuild_standings", verbosity=0)
    assert sorted(Standing.objects.values_list("user__username", "matches", "points")) == live
    call_command("rebuild_projections", verbosity=0)
    assert sorted(Standing.objects.values_list("user__username", "matches", "points")) == live


def test_a_recurring_season_longer_than_two_years_rolls_over_into_a_sane_one(duel, players) -> None:
    from leagues import services

    league = make_league(players[0], recurs=True)
    season = league.seasons.get()
    today = timezone.localdate()
    Season.objects.filter(pk=season.pk).update(starts_on=dt.date(2000, 1, 1), ends_on=today - dt.timedelta(1))
    following = services.season_rollover(season_id=season.pk)
    assert following is not None
    assert following.starts_on == today
    assert (following.ends_on - following.starts_on).days == MAX_SEASON_DAYS - 1
