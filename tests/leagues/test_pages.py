"""League pages: list and create, standings with join and open-table buttons, a player's matches, the
rating block for profiles; refusals answer 4xx on the page."""

from __future__ import annotations

import datetime as dt

import pytest
from django.template import Context, Template
from django.test import Client
from django.utils import timezone

from games.catalog.titles import game_title
from games.models import Match
from leagues import projection
from leagues.models import League, LeagueMatch
from tests.leagues.conftest import join, league_duel, make_league

pytestmark = pytest.mark.django_db


def client_for(user=None) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


def test_index_lists_leagues_and_offers_the_form_to_players(duel, players) -> None:
    make_league(players[0], name="Beislrunde")
    anon = client_for().get("/leagues/")
    assert anon.status_code == 200 and "Beislrunde" in anon.content.decode()
    assert 'name="starts_on"' not in anon.content.decode()
    page = client_for(players[0]).get("/leagues/").content.decode()
    assert 'name="starts_on"' in page and 'name="scoring"' in page


def test_create_through_the_form(players) -> None:
    today = timezone.localdate()
    form = {
        "name": "Jass-Liga",
        "game": "preisjass",
        "starts_on": today.isoformat(),
        "ends_on": (today + dt.timedelta(days=10)).isoformat(),
        "access": "open",
        "scoring": "wins",
        "recurs": "on",
    }
    r = client_for(players[0]).post("/leagues/", form)
    league = League.objects.get()
    assert r.status_code == 302 and r["Location"] == f"/leagues/{league.pk}/"
    assert league.recurs and league.scoring == "wins" and league.game == "preisjass"
    bad = {**form, "game": "schnapsen", "opt_schnapsen_start_score": "99", "opt_schnapsen_first_dealer": "0"}
    refused = client_for(players[0]).post("/leagues/", bad)
    assert refused.status_code == 400 and League.objects.count() == 1
    anon = client_for().post("/leagues/", form)
    assert anon.status_code == 403 and League.objects.count() == 1


def test_detail_join_open_table_and_player_page(duel, players) -> None:
    anna, ben, carl = players[:3]
    league = make_league(anna, name="Stammtisch")
    page = client_for().get(f"/leagues/{league.pk}/")
    assert page.status_code == 200 and "Stammtisch" in page.content.decode()

    r = client_for(ben).post(f"/leagues/{league.pk}/join/")
    assert r.status_code == 302
    again = client_for(ben).post(f"/leagues/{league.pk}/join/")
    assert again.status_code == 409

    r = client_for(ben).post(f"/leagues/{league.pk}/tables/", {"ai_seats": "0"})
    assert r.status_code == 302
    match = Match.objects.get(pk=LeagueMatch.objects.get().match_id)
    assert r["Location"] == f"/matches/{match.pk}/"
    assert client_for(carl).post(f"/leagues/{league.pk}/tables/", {"ai_seats": "0"}).status_code == 403
    assert client_for(ben).post(f"/leagues/{league.pk}/tables/", {"ai_seats": "9"}).status_code == 400

    played = league_duel(league, anna, ben)
    projection.project_match(match_id=played.pk)
    html = client_for().get(f"/leagues/{league.pk}/").content.decode()
    assert f"/leagues/{league.pk}/players/anna/" in html and "/players/ben/" in html

    player = client_for().get(f"/leagues/{league.pk}/players/anna/")
    assert player.status_code == 200
    assert f"/matches/{played.pk}/replay/" in player.content.decode()
    assert 'href="/accounts/players/anna/" data-role="profile-link"' in player.content.decode()
    assert client_for().get(f"/leagues/{league.pk}/players/nobody/").status_code == 404


def test_invite_only_page_flow(duel, players) -> None:
    anna, ben = players[:2]
    league = make_league(anna, access="invite")
    assert client_for(ben).post(f"/leagues/{league.pk}/join/").status_code == 403
    assert client_for(ben).post(f"/leagues/{league.pk}/invite/", {"username": "ben"}).status_code == 403
    assert client_for(anna).post(f"/leagues/{league.pk}/invite/", {"username": "ben"}).status_code == 302
    page = client_for(ben).get(f"/leagues/{league.pk}/").content.decode()
    assert f'action="/leagues/{league.pk}/join/"' in page
    assert client_for(ben).post(f"/leagues/{league.pk}/join/").status_code == 302


def test_embargoed_round_matches_have_no_replay_link_yet(duel, players) -> None:
    from leagues import services

    anna, ben, carl, dora = players
    league = make_league(anna)
    join(league, ben, carl, dora)
    services.duplicate_round_open(league_id=league.pk, user=anna, tables=[[anna, ben], [carl, dora]])
    page = client_for().get(f"/leagues/{league.pk}/players/anna/").content.decode()
    assert "/replay/" not in page


def test_player_ratings_tag(duel, players) -> None:
    anna, ben = players[:2]
    league = make_league(anna)
    join(league, ben)
    projection.project_match(match_id=league_duel(league, anna, ben).pk)
    tag = Template("{% load leagues_tags %}{% player_ratings shown %}")
    html = tag.render(Context({"shown": anna}))
    assert game_title(duel) in html and "<td" in html  # the sixth game's title from its pack
    empty = tag.render(Context({"shown": players[2]}))
    assert "<td" not in empty


def test_the_form_in_german_has_iso_dates_and_real_option_fields(players) -> None:
    client = client_for(players[0])
    client.cookies["django_language"] = "de"
    page = client.get("/leagues/").content.decode()
    today = timezone.localdate()
    assert f'type="date" name="starts_on" value="{today.isoformat()}"' in page
    assert 'type="number" name="opt_schnapsen_start_score" value="7"' in page and 'min="1"' in page
    assert '<select name="opt_preferans_variant"' in page and "Sotschi" in page and "Poolgröße" in page
    assert 'type="checkbox" name="opt_preferans_ascending_raspasy"' in page
    assert 'name="options"' not in page  # no raw JSON any more


def test_a_preferans_league_takes_its_options_from_the_fields(players) -> None:
    today = timezone.localdate()
    form = {
        "name": "Пуля по средам",
        "game": "preferans",
        "starts_on": today.isoformat(),
        "ends_on": (today + dt.timedelta(days=10)).isoformat(),
        "access": "open",
        "scoring": "total",
        "opt_preferans_players": "4",
        "opt_preferans_pool": "30",
        "opt_preferans_variant": "rostov",
        "opt_preferans_ascending_raspasy": "on",
        "opt_preferans_max_deals": "150",
        "opt_schnapsen_start_score": "7",  # another game's fields are ignored
    }
    r = client_for(players[0]).post("/leagues/", form)
    assert r.status_code == 302
    league = League.objects.get()
    assert league.options == {
        "players": 4,
        "pool": 30,
        "variant": "rostov",
        "ascending_raspasy": True,
        "max_deals": 150,
    }
    refused = client_for(players[0]).post("/leagues/", {**form, "opt_preferans_variant": "moscow"})
    assert refused.status_code == 400 and League.objects.count() == 1
