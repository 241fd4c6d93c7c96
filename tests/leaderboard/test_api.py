"""The save/status endpoints on small two-player matches, every bad input a clear 4xx with nothing
stored; the public board API: pages within the top 100, ETag, Cache-Control."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from games.live.actors import Actor
from games.models import Match, MatchStatus
from games.services.matches import match_act
from games.store.events import load_state
from leaderboard.models import LeaderboardEntry, LeaderboardSave
from tests import factories
from tests.leaderboard.conftest import entry
from tests.test_helpers_play import play_to_end

pytestmark = pytest.mark.django_db


def client_for(user=None) -> APIClient:
    c = APIClient()
    if user is not None:
        c.force_login(user)
    return c


def save(c: APIClient, match_id: int):
    return c.post(f"/api/leaderboard/matches/{match_id}/save/")


@pytest.fixture
def players():
    return factories.user("anna"), factories.user("ben")


@pytest.fixture
def finished_duel(duel, players) -> Match:
    a, b = players
    match = factories.two_player_match("duel", a, b, cards=3)
    play_to_end(match, {0: a, 1: b})
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    return match


def test_a_player_saves_once_whatever_the_client_sends(finished_duel, players) -> None:
    match = finished_duel
    # Without the commit hook (this test runs in one transaction) nothing was saved yet: "pending".
    status = client_for(players[0]).get(f"/api/leaderboard/matches/{match.pk}/status/").json()
    assert status["state"] == "pending" and status["can_retry"] is True
    assert status["message_de"] == "Ergebnis noch nicht gespeichert"

    r = client_for(players[1]).post(
        f"/api/leaderboard/matches/{match.pk}/save/", {"points": 99999, "seat": 0}, format="json"
    )
    assert r.status_code == 200 and r.json()["saved"] is True
    expected = load_state(match).result()["totals"]
    # The saved run's place on the board, per seat: the better total ranks first; a seat that scored
    # nothing is not on the board and is told no place.
    status = client_for(players[0]).get(f"/api/leaderboard/matches/{match.pk}/status/").json()
    best = max(range(2), key=lambda s: (expected[s], -s))
    places = {str(best): 1, str(1 - best): 2}
    assert status["ranks"] == {seat: place for seat, place in places.items() if expected[int(seat)] > 0}
    stored = list(
        LeaderboardEntry.objects.filter(match=match).order_by("seat").values_list("points", "sacks")
    )
    assert [(int(p), s) for p, s in stored] == [(t, None) for t in expected]
    for _ in range(3):
        assert save(client_for(players[0]), match.pk).status_code == 200
    assert LeaderboardEntry.objects.filter(match=match).count() == 2
    assert LeaderboardSave.objects.get(match=match).attempts == 1


def test_a_guest_player_may_retry(duel) -> None:
    guest = APIClient()
    r = guest.post(
        "/api/matches/",
        {
            "game": "duel",
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "name": "Gast",
            "options": {"cards": 2},
        },
        format="json",
    )
    assert r.status_code == 201, r.content
    match_id = r.json()["id"]
    other = APIClient()
    assert other.post(f"/api/matches/{match_id}/join/", {"name": "Zweiter"}, format="json").status_code == 200
    actors = {
        0: Actor(guest_token=guest.session["guest_token"], display_name="Gast"),
        1: Actor(guest_token=other.session["guest_token"], display_name="Zweiter"),
    }
    while (match := Match.objects.get(pk=match_id)).status == MatchStatus.RUNNING:
        state = load_state(match)
        assert isinstance(state.to_move, int)
        action = {k: v for k, v in state.legal_actions()[0].items() if k != "seat"}
        match_act(match_id=match_id, actor=actors[state.to_move], action=action, expected_seq=match.version)

    assert save(APIClient(), match_id).status_code == 403  # a guest of another session
    r = save(guest, match_id)
    assert r.status_code == 200 and r.json()["state"] == "saved"
    names = list(
        LeaderboardEntry.objects.filter(match_id=match_id)
        .order_by("seat")
        .values_list("display_name", "user")
    )
    assert names == [("Gast", None), ("Zweiter", None)]


def test_unfinished_match_is_409_and_stores_nothing(duel, players) -> None:
    a, b = players
    match = factories.two_player_match("duel", a, b, cards=3)
    r = save(client_for(a), match.pk)
    assert r.status_code == 409 and r.json()["error"]["code"] == "match_not_finished"
    status = client_for(a).get(f"/api/leaderboard/matches/{match.pk}/status/").json()
    assert status["state"] == "not_eligible" and status["can_retry"] is False
    assert not LeaderboardEntry.objects.exists() and not LeaderboardSave.objects.exists()


@pytest.mark.parametrize(
    "change",
    [{"status": MatchStatus.ABANDONED}, {"practice": True}],
    ids=["abandoned", "practice"],
)
def test_abandoned_or_practice_is_400_and_stores_nothing(finished_duel, players, change) -> None:
    Match.objects.filter(pk=finished_duel.pk).update(**change)
    r = save(client_for(players[0]), finished_duel.pk)
    assert r.status_code == 400 and r.json()["error"]["code"] == "not_eligible"
    assert not LeaderboardEntry.objects.exists() and not LeaderboardSave.objects.exists()


def test_not_your_match_is_403_and_unknown_is_404(finished_duel) -> None:
    eve = factories.user("eve")
    r = save(client_for(eve), finished_duel.pk)
    assert r.status_code == 403 and r.json()["error"]["code"] == "not_seated"
    assert save(client_for(), finished_duel.pk).status_code == 403
    assert save(client_for(eve), 999999).status_code == 404
    assert client_for().get("/api/leaderboard/matches/999999/status/").status_code == 404
    assert not LeaderboardEntry.objects.exists()
    status = client_for(eve).get(f"/api/leaderboard/matches/{finished_duel.pk}/status/").json()
    assert status["state"] == "pending" and status["can_retry"] is False  # only players may retry


@pytest.fixture
def board_120(finished_duel) -> list[LeaderboardEntry]:
    """120 entries of distinct points 1..120 (the match row is only a foreign key here)."""
    matches = [finished_duel] + [
        Match.objects.create(game="preisjass", status=MatchStatus.FINISHED, seed="s", seed_commitment="c")
        for _ in range(29)
    ]
    return [entry(matches[i // 4], i % 4, points=i + 1, seconds=i) for i in range(120)]


def test_board_api_pages_within_the_top_100(board_120) -> None:
    c = client_for()
    first = c.get("/api/leaderboard/preisjass/").json()
    assert (first["page"], first["pages"], first["page_size"], first["count"]) == (1, 4, 25, 100)
    assert [r["rank"] for r in first["results"]] == list(range(1, 26))
    assert [r["points"] for r in first["results"]][:3] == [120, 119, 118]
    assert first["previous"] is None and first["next"].endswith("?page=2&page_size=25")
    top = first["results"][0]
    assert set(top) >= {"rank", "name", "is_ai", "points", "sacks", "saved_at", "match_id", "replay_url"}
    assert top["replay_url"] == f"/matches/{top['match_id']}/replay/"

    last = c.get("/api/leaderboard/preisjass/?page=4").json()
    assert [r["rank"] for r in last["results"]] == list(range(76, 101))
    assert last["results"][-1]["points"] == 21 and last["next"] is None
    wide = c.get("/api/leaderboard/preisjass/?page=2&page_size=50").json()
    assert wide["pages"] == 2 and wide["results"][-1]["rank"] == 100

    assert c.get("/api/leaderboard/preisjass/?page=5").status_code == 404
    assert c.get("/api/leaderboard/preisjass/?page=0").status_code == 404
    assert c.get("/api/leaderboard/preisjass/?page=x").status_code == 400
    assert c.get("/api/leaderboard/preisjass/?page_size=1000").status_code == 400
    assert c.get("/api/leaderboard/no-such-game/").status_code == 404


def test_board_api_is_cacheable(board_120) -> None:
    c = client_for()
    r = c.get("/api/leaderboard/preisjass/?page=2")
    assert r.status_code == 200
    cache_control = r["Cache-Control"]
    assert "public" in cache_control and "max-age=60" in cache_control
    assert r["Access-Control-Allow-Origin"] == "*"
    assert "Cookie" not in r.get("Vary", "")
    etag = r["ETag"]
    again = c.get("/api/leaderboard/preisjass/?page=2", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again["ETag"] == etag and not again.content
    assert c.get("/api/leaderboard/preisjass/?page=3", HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_empty_board_has_one_empty_page(duel) -> None:
    body = client_for().get("/api/leaderboard/schnapsen/").json()
    assert (body["pages"], body["count"], body["results"]) == (1, 0, [])


def test_save_pending_command_saves_what_the_task_missed(finished_duel, duel, players) -> None:
    a, b = players
    practice = factories.two_player_match(duel, a, b, cards=2)
    play_to_end(practice, {0: a, 1: b})
    Match.objects.filter(pk=practice.pk).update(practice=True)
    out = io.StringIO()
    call_command("leaderboard_save_pending", stdout=out)
    assert out.getvalue().strip() == "saved 1, failed 0"
    assert set(LeaderboardEntry.objects.values_list("match_id", flat=True)) == {finished_duel.pk}
    out = io.StringIO()
    call_command("leaderboard_save_pending", stdout=out)
    assert out.getvalue().strip() == "saved 0, failed 0"
