"""A league may play at the beginner's level: its tables seat Lena, and the standings keep the version
its results were played against ("lena"), as for every other level."""

from __future__ import annotations

import pytest

from leagues.models import League, SeasonResult
from tests.leagues.test_human_results import create, standings
from tests.stand_in_play import client_for, play_through_api

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_league_at_lena_s_level_keeps_her_version_on_its_results(players) -> None:
    anna = players[0]
    league_id = create(anna, "schnapsen", ai_version="lena")
    assert League.objects.get(pk=league_id).ai_version == "lena"
    r = client_for(anna).post(f"/api/leagues/{league_id}/tables/", {"seats": ["human", "ai"]}, format="json")
    assert r.status_code == 201, r.content
    assert [s["ai_version"] for s in r.json()["seats"]] == [None, "lena"]
    play_through_api(r.json()["id"], {0: anna}, stand_in=lambda seat, deal: False)
    table = standings(league_id)
    assert table["ai_version"] == "lena"
    assert [(row["username"], row["opponent_ai_versions"]) for row in table["standings"]] == [
        ("anna", ["lena"])
    ]
    assert SeasonResult.objects.get().opponent_ai_versions == ["lena"]
