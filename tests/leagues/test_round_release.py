"""A duplicate round is released when its last table ends, however it ends: finished, left by every
player (REST `leave`), deserted (the watchdog) or ended by staff (the admin). At once, in the embedded
server as in the deployment, not at the next hourly beat: the finished tables' logs open and their
results enter the leaderboard and the standings."""

from __future__ import annotations

import datetime as dt
import uuid

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import User
from games.live import presence
from games.models import Match, MatchStatus
from games.services.watchdog import watchdog_tick
from leaderboard.models import LeaderboardEntry
from leagues.models import DuplicateRound, Standing
from tests.leagues.test_embargo import duel_round
from tests.test_helpers_play import play_to_end

pytestmark = pytest.mark.django_db(transaction=True)


def client_for(user: User | None = None) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


def first_table_finished(players: list[User]) -> tuple[Match, Match]:
    """The round's first table (anna at seat 0, ben) played to the end; the second (dora at seat 0,
    carl) still running, so the round is not over."""
    anna, ben = players[:2]
    first, second = duel_round(players)
    play_to_end(first, {0: anna, 1: ben})
    first.refresh_from_db()
    assert first.status == MatchStatus.FINISHED and first.embargoed
    assert not LeaderboardEntry.objects.exists() and not Standing.objects.exists()
    return first, second


def assert_released(first: Match, second: Match) -> None:
    round_ = DuplicateRound.objects.get(league_matches__match=first)
    assert round_.released_at is not None
    for match in (first, second):
        match.refresh_from_db()
        assert not match.embargoed
    assert second.status == MatchStatus.ABANDONED
    # The finished table is published: its log to anyone, its results on the board and in the season.
    assert client_for().get(f"/api/matches/{first.pk}/events/").status_code == 200
    assert LeaderboardEntry.objects.filter(match=first).count() == 2
    assert sorted(Standing.objects.values_list("user__username", "matches")) == [("anna", 1), ("ben", 1)]


def test_a_round_whose_last_table_every_player_leaves_is_released_at_once(duel, players) -> None:
    carl, dora = players[2:]
    first, second = first_table_finished(players)
    assert client_for(carl).post(f"/api/matches/{second.pk}/leave/").status_code == 200
    second.refresh_from_db()
    assert second.status == MatchStatus.RUNNING and second.embargoed  # dora still plays
    assert client_for(dora).post(f"/api/matches/{second.pk}/leave/").status_code == 200
    assert_released(first, second)


def connect(match_id: int, seat: int) -> str:
    key = uuid.uuid4().hex
    presence.seat_connected(match_id=match_id, seat=seat, socket=key)
    return key


def test_a_round_whose_last_table_is_deserted_is_released_by_the_watchdog(duel, players, settings) -> None:
    settings.ABANDON_TIMEOUT = 600
    first, second = first_table_finished(players)
    for seat in (0, 1):  # both players close their sockets and never come back
        presence.seat_disconnected(match_id=second.pk, seat=seat, socket=connect(second.pk, seat))
    assert watchdog_tick(timezone.now() + dt.timedelta(seconds=700))["abandoned"] == 1
    assert_released(first, second)


def test_a_round_whose_last_table_staff_end_in_the_admin_is_released(duel, players) -> None:
    first, second = first_table_finished(players)
    staff = client_for(User.objects.create_superuser(username="staff", password="pw-1", display_name="S"))
    form = {"status": "abandoned", "ai_version": second.ai_version, "spectators_allowed": "on"}
    inlines = {
        "seats-TOTAL_FORMS": "2",
        "seats-INITIAL_FORMS": "2",
        "seats-MIN_NUM_FORMS": "0",
        "seats-MAX_NUM_FORMS": "1000",
        "events-TOTAL_FORMS": "0",
        "events-INITIAL_FORMS": "0",
        "events-MIN_NUM_FORMS": "0",
        "events-MAX_NUM_FORMS": "1000",
    }
    for i, seat in enumerate(second.seats.order_by("index")):
        inlines.update(
            {
                f"seats-{i}-id": str(seat.pk),
                f"seats-{i}-match": str(second.pk),
                f"seats-{i}-display_name": seat.display_name,
                f"seats-{i}-user": str(seat.user_id),
                f"seats-{i}-ai_version": seat.ai_version,
            }
        )
    r = staff.post(f"/admin/games/match/{second.pk}/change/", {**form, **inlines})
    assert r.status_code == 302, r.context["adminform"].form.errors if r.context else r
    second.refresh_from_db()
    assert second.finished_at is not None
    assert_released(first, second)
