"""The leagues JSON API: create, join, invite, accept, standings, tables, rounds; clear 4xx on bad input."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from games.models import Match
from leagues import projection
from leagues.models import League, Membership, Season
from tests.test_helpers_play import play_to_end

pytestmark = pytest.mark.django_db


def client_for(user=None) -> APIClient:
    c = APIClient()
    if user is not None:
        c.force_login(user)
    return c


def code(response) -> str:
    return response.json()["error"]["code"]


def create(c: APIClient, **extra) -> dict:
    today = timezone.localdate()
    body = {
        "name": "Donnerstagsrunde",
        "game": "duel",
        "options": {"cards": 3},
        "starts_on": today.isoformat(),
        "ends_on": (today + dt.timedelta(days=7)).isoformat(),
        **extra,
    }
    r = c.post("/api/leagues/", body, format="json")
    assert r.status_code == 201, r.content
    return r.json()


def test_create_join_play_standings(duel, players) -> None:
    anna, ben = players[:2]
    ca, cb = client_for(anna), client_for(ben)
    league = create(ca, scoring="average")
    assert league["season"]["number"] == 1 and league["members"] == 1 and league["scoring"] == "average"
    lid = league["id"]
    assert cb.post(f"/api/leagues/{lid}/join/").status_code == 201
    assert code(cb.post(f"/api/leagues/{lid}/join/")) == "already_member"

    r = ca.post(f"/api/leagues/{lid}/tables/", {"seats": ["human", "human"]}, format="json")
    assert r.status_code == 201, r.content
    match_id = r.json()["id"]
    assert cb.post(f"/api/matches/{match_id}/join/", {}, format="json").status_code == 200
    from games.models import Match

    match = Match.objects.get(pk=match_id)
    play_to_end(match, {0: anna, 1: ben})
    projection.project_match(match_id=match_id)

    body = client_for().get(f"/api/leagues/{lid}/standings/").json()
    assert body["season"]["number"] == 1
    rows = body["standings"]
    assert {row["username"] for row in rows} == {"anna", "ben"}
    assert all(row["matches"] == 1 and row["rating"] is not None for row in rows)
    assert rows[0]["rank"] == 1
    detail = client_for().get(f"/api/leagues/{lid}/").json()
    assert detail["member_names"] == ["anna", "ben"]
    assert client_for().get("/api/leagues/").json()["leagues"][0]["id"] == lid


def test_invite_only_league(duel, players) -> None:
    anna, ben, carl = players[:3]
    ca, cb, cc = client_for(anna), client_for(ben), client_for(carl)
    lid = create(ca, access="invite")["id"]
    r = cb.post(f"/api/leagues/{lid}/join/")
    assert r.status_code == 403 and code(r) == "not_invited"
    assert code(cb.post(f"/api/leagues/{lid}/invitations/accept/")) == "not_invited"
    # Only the creator invites in an invite-only league.
    r = cc.post(f"/api/leagues/{lid}/invitations/", {"username": "ben"}, format="json")
    assert r.status_code == 403
    r = ca.post(f"/api/leagues/{lid}/invitations/", {"username": "ben"}, format="json")
    assert r.status_code == 201
    for username, status in (("ben", 409), ("anna", 409), ("nobody", 404)):
        r = ca.post(f"/api/leagues/{lid}/invitations/", {"username": username}, format="json")
        assert r.status_code == status
    assert cb.post(f"/api/leagues/{lid}/invitations/accept/").status_code == 201
    assert Membership.objects.filter(league_id=lid, user=ben).exists()
    assert code(cb.post(f"/api/leagues/{lid}/invitations/accept/")) == "already_member"
    # Non-members open no league tables.
    r = cc.post(f"/api/leagues/{lid}/tables/", {"seats": ["human", "human"]}, format="json")
    assert r.status_code == 403 and code(r) == "not_member"


def test_closed_league_and_finished_season(duel, players) -> None:
    anna, ben, carl = players[:3]
    ca = client_for(anna)
    lid = create(ca)["id"]
    League.objects.filter(pk=lid).update(joining_closed=True)
    r = client_for(ben).post(f"/api/leagues/{lid}/join/")
    assert r.status_code == 403 and code(r) == "not_invited"
    League.objects.filter(pk=lid).update(joining_closed=False)
    today = timezone.localdate()
    Season.objects.filter(league_id=lid).update(
        starts_on=today - dt.timedelta(days=9), ends_on=today - dt.timedelta(days=2)
    )
    r = client_for(carl).post(f"/api/leagues/{lid}/join/")
    assert r.status_code == 409 and code(r) == "season_closed"
    r = ca.post(f"/api/leagues/{lid}/tables/", {"seats": ["human", "human"]}, format="json")
    assert r.status_code == 409 and code(r) == "season_closed"


@pytest.mark.parametrize(
    ("extra", "status", "error"),
    [
        ({"game": "nosuchgame"}, 400, "bad_request"),
        ({"options": {"cards": 99}}, 400, "bad_request"),
        ({"scoring": "elo"}, 400, "invalid"),
        ({"access": "secret"}, 400, "invalid"),
        ({"surprise": 1}, 400, "invalid"),
        ({"name": ""}, 400, "invalid"),
        ({"ends_on": "2001-01-01", "starts_on": "2000-01-01"}, 400, "bad_request"),
        ({"ends_on": "2000-01-01"}, 400, "bad_request"),
    ],
)
def test_create_errors(duel, players, extra, status, error) -> None:
    today = timezone.localdate()
    body = {
        "name": "X",
        "game": "duel",
        "starts_on": today.isoformat(),
        "ends_on": (today + dt.timedelta(days=3)).isoformat(),
        **extra,
    }
    r = client_for(players[0]).post("/api/leagues/", body, format="json")
    assert (r.status_code, code(r)) == (status, error)
    assert not League.objects.exists()


def test_anonymous_visitors_read_but_do_not_write(duel, players) -> None:
    lid = create(client_for(players[0]))["id"]
    anon = client_for()
    assert anon.get(f"/api/leagues/{lid}/standings/").status_code == 200
    assert anon.post(f"/api/leagues/{lid}/join/").status_code == 403
    assert anon.post("/api/leagues/", {"name": "x"}, format="json").status_code in (400, 403)
    assert anon.get("/api/leagues/999/").status_code == 404
    assert anon.get(f"/api/leagues/{lid}/standings/?season=7").status_code == 404
    assert anon.get(f"/api/leagues/{lid}/standings/?season=x").status_code == 400


def test_duplicate_round_over_the_api(duel, players) -> None:
    anna, ben, carl, dora = players
    ca = client_for(anna)
    lid = create(ca)["id"]
    for u in (ben, carl, dora):
        assert client_for(u).post(f"/api/leagues/{lid}/join/").status_code == 201
    body = {"tables": [["anna", "ben"], ["carl", "dora"]]}
    r = ca.post(f"/api/leagues/{lid}/rounds/", body, format="json")
    assert r.status_code == 201, r.content
    for match_id, player in zip(r.json()["matches"], (anna, carl), strict=True):
        summary = client_for(player).get(f"/api/matches/{match_id}/").json()
        assert summary["embargoed"] and summary["status"] == "running"
        refused = client_for().get(f"/api/matches/{match_id}/")
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "embargoed"
    assert client_for(ben).post(f"/api/leagues/{lid}/rounds/", body, format="json").status_code == 403
    bad = {"tables": [["anna", "ghost"]]}
    assert ca.post(f"/api/leagues/{lid}/rounds/", bad, format="json").status_code == 404
    twice = {"tables": [["anna", "anna"]]}
    assert ca.post(f"/api/leagues/{lid}/rounds/", twice, format="json").status_code == 400


def test_a_round_over_the_api_refuses_a_player_at_two_tables_and_too_many_tables(duel, players) -> None:
    anna, ben = players[:2]
    ca = client_for(anna)
    lid = create(ca)["id"]
    assert client_for(ben).post(f"/api/leagues/{lid}/join/").status_code == 201
    r = ca.post(f"/api/leagues/{lid}/rounds/", {"tables": [["ben"], ["anna", "ben"]]}, format="json")
    assert r.status_code == 400
    assert r.json()["error"]["code"] == "bad_request"
    assert "ben is seated at tables 1 and 2" in r.json()["error"]["message"]
    r = ca.post(f"/api/leagues/{lid}/rounds/", {"tables": [["anna"]] * 101}, format="json")
    assert r.status_code == 400
    assert r.json()["error"]["fields"]["tables"] == ["a duplicate round has at most 100 tables"]
    assert not Match.objects.exists()


def test_the_schema_documents_the_league_endpoints(client) -> None:
    r = client.get("/api/schema/")
    assert r.status_code == 200
    text = r.content.decode()
    assert "/api/leagues/{league_id}/standings/" in text and "leagues_join" in text


def test_create_needs_an_account_over_the_api(duel) -> None:
    r = client_for().post(
        "/api/leagues/",
        {"name": "x", "game": "duel", "starts_on": "2030-01-01", "ends_on": "2030-01-02"},
        format="json",
    )
    assert r.status_code == 403
    assert not League.objects.exists()
