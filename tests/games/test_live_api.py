"""GET /api/matches/live/: the live list for anyone (no session needed), one game's with `game`, at most
`limit` tables; a bad filter or limit is a 400 in the API's error shape and lists nothing."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games import packs
from games.live import watchlist
from tests import factories
from tests.games.test_live_list import against_ai

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def tables() -> dict[str, int]:
    anna, ben, carl = factories.user("anna"), factories.user("ben"), factories.user("carl")
    return {
        "schnapsen": factories.two_player_match("schnapsen", anna, ben).pk,
        "preisjass": against_ai(carl).pk,
    }


def test_anyone_reads_the_live_list(tables: dict[str, int]) -> None:
    response = APIClient().get("/api/matches/live/")
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"matches"}
    assert {m["id"] for m in body["matches"]} == set(tables.values())
    assert body["matches"] == watchlist.live_list()
    for entry in body["matches"]:
        assert set(entry) == {"id", "game", "players", "score", "watch_url"}
        assert entry["watch_url"] == f"/matches/{entry['id']}/"


def test_the_game_filter_and_the_limit(tables: dict[str, int]) -> None:
    client = APIClient()
    for game, match_id in tables.items():
        listed = client.get(f"/api/matches/live/?game={game}").json()["matches"]
        assert [m["id"] for m in listed] == [match_id]
    assert client.get("/api/matches/live/?game=preferans").json() == {"matches": []}
    assert len(client.get("/api/matches/live/?limit=1").json()["matches"]) == 1
    assert len(client.get(f"/api/matches/live/?limit={watchlist.LIMIT}&game=").json()["matches"]) == 2


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ("game=skat", "game is one of " + ", ".join(packs.names())),
        ("game=SCHNAPSEN", "game is one of"),
        ("game=schnapsen%00", "game is one of"),
        ("limit=0", "limit is a whole number from 1 to 100"),
        ("limit=101", "limit is a whole number from 1 to 100"),
        ("limit=-1", "limit must be a whole number"),
        ("limit=ten", "limit must be a whole number"),
        ("limit=" + "9" * 40, "limit must be a whole number"),
    ],
)
def test_a_bad_filter_is_a_clear_400(tables: dict[str, int], query: str, says: str) -> None:
    response = APIClient().get(f"/api/matches/live/?{query}")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "bad_request" and error["message"].startswith(says), error


def test_the_live_list_is_in_the_schema() -> None:
    schema = APIClient().get("/api/schema/?format=json").json()
    operation = schema["paths"]["/api/matches/live/"]["get"]
    assert operation["operationId"] == "matches_live"
    assert {p["name"] for p in operation["parameters"]} == {"game", "limit"}
