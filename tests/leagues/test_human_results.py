"""League standings count human results against the league's one AI level: a league fixes the AI
version of its tables (a table at another level is refused), standings rows say which AI versions their
results were against, and a seat the stand-in played too much of is neither counted nor rated."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.core.management import call_command
from django.utils import timezone

from games.models import Match, MatchStatus
from leagues.models import League, ProjectedMatch, Rating, SeasonResult
from tests.stand_in_play import client_for, play_through_api, stand_in_share

pytestmark = pytest.mark.django_db(transaction=True)


def code(response: Any) -> str:
    return str(response.json()["error"]["code"])


def create(owner: Any, game: str, **extra: Any) -> int:
    today = timezone.localdate()
    body = {
        "name": "Stammtisch",
        "game": game,
        "starts_on": today.isoformat(),
        "ends_on": (today + dt.timedelta(days=7)).isoformat(),
        **extra,
    }
    r = client_for(owner).post("/api/leagues/", body, format="json")
    assert r.status_code == 201, r.content
    return int(r.json()["id"])


def standings(league_id: int) -> dict[str, Any]:
    r = client_for().get(f"/api/leagues/{league_id}/standings/")
    assert r.status_code == 200
    return dict(r.json())


def test_a_league_fixes_its_ai_level_and_refuses_tables_at_another(players) -> None:
    anna, ben = players[:2]
    league_id = create(anna, "schnapsen", ai_version="dora")
    ca = client_for(anna)
    assert ca.get(f"/api/leagues/{league_id}/").json()["ai_version"] == "dora"
    assert client_for(ben).post(f"/api/leagues/{league_id}/join/").status_code == 201

    for version in ("random", "anton"):
        r = ca.post(
            f"/api/leagues/{league_id}/tables/",
            {"seats": ["human", "ai"], "ai_version": version},
            format="json",
        )
        assert r.status_code == 400 and code(r) == "ai_level_fixed", r.content
        assert "dora" in r.json()["error"]["message"]
    r = ca.post(
        f"/api/leagues/{league_id}/rounds/", {"tables": [["anna"]], "ai_version": "random"}, format="json"
    )
    assert r.status_code == 400 and code(r) == "ai_level_fixed"
    assert not Match.objects.exists()

    # Not naming a level (or naming the league's) seats the league's.
    r = ca.post(f"/api/leagues/{league_id}/tables/", {"seats": ["human", "ai"]}, format="json")
    assert r.status_code == 201, r.content
    assert [s["ai_version"] for s in r.json()["seats"]] == [None, "dora"]
    r = ca.post(
        f"/api/leagues/{league_id}/rounds/", {"tables": [["ben"]], "ai_version": "dora"}, format="json"
    )
    assert r.status_code == 201, r.content
    round_match = Match.objects.get(pk=r.json()["matches"][0])
    assert sorted(s.ai_version for s in round_match.seats.all()) == ["", "dora"]
    # A table of people only has no AI level to be wrong about.
    r = ca.post(
        f"/api/leagues/{league_id}/tables/",
        {"seats": ["human", "human"], "ai_version": "random"},
        format="json",
    )
    assert r.status_code == 201, r.content


def test_a_league_s_level_must_be_one_of_its_game(players) -> None:
    today = timezone.localdate()
    body = {
        "name": "Stammtisch",
        "game": "schnapsen",
        "starts_on": today.isoformat(),
        "ends_on": (today + dt.timedelta(days=7)).isoformat(),
        "ai_version": "bernd",  # a Preisjass level
    }
    r = client_for(players[0]).post("/api/leagues/", body, format="json")
    assert r.status_code == 400 and code(r) == "bad_request" and not League.objects.exists()
    assert create(players[0], "schnapsen") and League.objects.get().ai_version == "anton"


def test_standings_rows_carry_the_ai_versions_played_against(players) -> None:
    anna = players[0]
    league_id = create(anna, "preisjass", ai_version="random")
    r = client_for(anna).post(
        f"/api/leagues/{league_id}/tables/", {"seats": ["human", "ai", "ai", "ai"]}, format="json"
    )
    assert r.status_code == 201, r.content
    play_through_api(r.json()["id"], {0: anna}, stand_in=lambda seat, deal: False)
    table = standings(league_id)
    assert table["ai_version"] == "random"
    assert [(row["username"], row["opponent_ai_versions"]) for row in table["standings"]] == [
        ("anna", ["random"])
    ]


def test_a_seat_the_stand_in_played_is_not_counted_but_its_opponent_is(players) -> None:
    anna, ben = players[:2]
    league_id = create(anna, "schnapsen")
    assert client_for(ben).post(f"/api/leagues/{league_id}/join/").status_code == 201
    r = client_for(anna).post(
        f"/api/leagues/{league_id}/tables/", {"seats": ["human", "human"]}, format="json"
    )
    match_id = r.json()["id"]
    assert client_for(ben).post(f"/api/matches/{match_id}/join/", {}, format="json").status_code == 200
    # Ben opens the table, goes away and stays away: Anton stands in for him from his first turn on.
    match = play_through_api(match_id, {0: anna, 1: ben}, stand_in=lambda seat, deal: seat == 1, away={1})
    assert match.status == MatchStatus.FINISHED
    total, by_stand_in = stand_in_share(match_id, 1)
    assert total == by_stand_in > 0

    def check() -> None:
        rows = standings(league_id)["standings"]
        assert [(row["username"], row["matches"], row["opponent_ai_versions"]) for row in rows] == [
            ("anna", 1, [])
        ]
        assert list(SeasonResult.objects.values_list("user__username", flat=True)) == ["anna"]
        record = ProjectedMatch.objects.get(match_id=match_id)
        assert record.counted and not record.rated  # one human result: nobody to rate against
        assert not Rating.objects.exists()

    check()
    call_command("rebuild_standings")  # the same from the events alone
    check()
    page = client_for().get(f"/leagues/{league_id}/players/ben/", HTTP_ACCEPT_LANGUAGE="en")
    assert f"(not counted: the AI stand-in made {total} of {total} decisions)" in page.content.decode()
    page = client_for().get(f"/leagues/{league_id}/players/anna/", HTTP_ACCEPT_LANGUAGE="en")
    assert "not counted" not in page.content.decode()


def test_the_league_form_fixes_the_level_and_the_page_names_it(players) -> None:
    today = timezone.localdate()
    form = {
        "name": "Schnapsrunde",
        "game": "schnapsen",
        "starts_on": today.isoformat(),
        "ends_on": (today + dt.timedelta(days=10)).isoformat(),
        "access": "open",
        "scoring": "total",
        "opt_schnapsen_start_score": "7",
        "opt_schnapsen_first_dealer": "0",
        "ai_schnapsen": "carla",
        "ai_preisjass": "dora",  # another game's field: not read
    }
    client = client_for(players[0])
    r = client.post("/leagues/", form)
    league = League.objects.get()
    assert r.status_code == 302 and (league.game, league.ai_version) == ("schnapsen", "carla")
    page = client.get(f"/leagues/{league.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-role="ai-level"' in page and "<strong>Carla" in page and 'name="ai_version"' not in page
    refused = client.post("/leagues/", {**form, "name": "Zweite", "ai_schnapsen": "bernd"})
    assert refused.status_code == 400 and League.objects.count() == 1
