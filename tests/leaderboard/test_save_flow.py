"""Real Preisjass runs against AI seats: the automatic save after the 12th game, scores verified by
replay, an injected save failure and the retry flow end to end, and practice runs never saved."""

from __future__ import annotations

import pytest
from django.db import DatabaseError
from rest_framework.test import APIClient

from games.engine import get_rules
from games.models import MatchEvent, MatchStatus
from games.services.matches import match_show_hands
from leaderboard import services
from leaderboard.models import LeaderboardEntry, LeaderboardSave, SaveState
from tests import factories
from tests.leaderboard.conftest import finished_preisjass, play_human_to_end, preisjass_match

pytestmark = pytest.mark.django_db(transaction=True)


def client_for(user=None) -> APIClient:
    c = APIClient()
    if user is not None:
        c.force_login(user)
    return c


def test_twelfth_game_saves_all_four_seats_scored_by_replay(anna) -> None:
    match = finished_preisjass(anna)
    assert match.status == MatchStatus.FINISHED

    events = list(MatchEvent.objects.filter(match=match).order_by("seq").values_list("data", flat=True))
    result = get_rules("preisjass").replay(events).result()
    assert result["finished"] and result["games_played"] == 12

    entries = list(LeaderboardEntry.objects.filter(match=match).order_by("seat"))
    assert [e.seat for e in entries] == [0, 1, 2, 3]
    assert [int(e.points) for e in entries] == result["totals"]
    assert sum(int(e.points) for e in entries) == 12 * 157
    assert [e.sacks for e in entries] == result["sacks"]
    assert [e.is_ai for e in entries] == [True, True, True, False]
    assert entries[3].user_id == anna.pk and entries[3].display_name == "Anna"
    assert [e.display_name for e in entries[:3]] == ["Anna", "Paul", "Mia"]
    assert len({e.saved_at for e in entries}) == 1

    status = client_for(anna).get(f"/api/leaderboard/matches/{match.pk}/status/").json()
    assert status["saved"] is True and status["state"] == "saved"
    assert status["message_de"] == "Ergebnis gespeichert" and status["can_retry"] is False

    page = client_for().get("/leaderboard/preisjass/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert page.count("(KI)") == 3
    assert f'href="/matches/{match.pk}/replay/"' in page


def test_injected_failure_then_retry_stores_each_result_exactly_once(anna, monkeypatch) -> None:
    def broken(rows):
        raise DatabaseError("injected: the leaderboard table is unavailable")

    monkeypatch.setattr(services, "entries_insert", broken)
    match = finished_preisjass(anna, seed=2)
    assert match.status == MatchStatus.FINISHED  # the match finished although the save failed
    assert not LeaderboardEntry.objects.filter(match=match).exists()
    record = LeaderboardSave.objects.get(match=match)
    assert record.state == SaveState.FAILED and record.attempts == 1 and "injected" in record.last_error

    owner = client_for(anna)
    status = owner.get(f"/api/leaderboard/matches/{match.pk}/status/").json()
    assert status == {
        "match_id": match.pk,
        "saved": False,
        "state": "failed",
        "message": "Ergebnis noch nicht gespeichert",
        "message_de": "Ergebnis noch nicht gespeichert",
        "can_retry": True,
        "board_url": "/leaderboard/preisjass/",
        "retry_label": "Ergebnis erneut speichern",
        "retry_label_de": "Ergebnis erneut speichern",
    }

    # Still failing: the retry answers 503 and stores nothing.
    r = owner.post(f"/api/leaderboard/matches/{match.pk}/save/")
    assert r.status_code == 503 and r.json()["error"]["code"] == "save_failed"
    assert LeaderboardSave.objects.get(match=match).attempts == 2

    # A stranger may not retry someone else's run.
    stranger = client_for(factories.user("eve"))
    assert stranger.post(f"/api/leaderboard/matches/{match.pk}/save/").status_code == 403
    assert client_for().post(f"/api/leaderboard/matches/{match.pk}/save/").status_code == 403

    monkeypatch.undo()
    r = owner.post(f"/api/leaderboard/matches/{match.pk}/save/")
    assert r.status_code == 200, r.content
    assert r.json()["saved"] is True and r.json()["message_de"] == "Ergebnis gespeichert"
    first = {e.seat: (e.pk, e.saved_at, e.points) for e in LeaderboardEntry.objects.filter(match=match)}
    assert sorted(first) == [0, 1, 2, 3]

    # Retrying again, from another tab (another client of the same user), changes nothing.
    other_tab = client_for(anna)
    for c in (owner, other_tab, owner):
        assert c.post(f"/api/leaderboard/matches/{match.pk}/save/").json()["state"] == "saved"
    again = {e.seat: (e.pk, e.saved_at, e.points) for e in LeaderboardEntry.objects.filter(match=match)}
    assert again == first


def test_practice_run_is_never_saved(anna) -> None:
    match = preisjass_match(anna)
    match_show_hands(match_id=match.pk, actor=factories.actor(anna))
    match = play_human_to_end(match, anna, seed=3)
    assert match.status == MatchStatus.FINISHED and match.practice
    assert not LeaderboardEntry.objects.exists() and not LeaderboardSave.objects.exists()

    owner = client_for(anna)
    status = owner.get(f"/api/leaderboard/matches/{match.pk}/status/").json()
    assert status["state"] == "not_eligible" and status["saved"] is False and status["can_retry"] is False
    r = owner.post(f"/api/leaderboard/matches/{match.pk}/save/")
    assert r.status_code == 400 and r.json()["error"]["code"] == "not_eligible"
    assert not LeaderboardEntry.objects.exists()
