"""Tables that wait: a table against AI whose only human is away is paused (no move is played for
them, not even by the move timer) for PAUSED_TABLE_DAYS, and resumes when they come back; tables with
other humans keep the ABANDON_TIMEOUT. An abandoned match's view offers no turn and no action."""

from __future__ import annotations

import datetime as dt
import uuid

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from games.live import presence
from games.models import Match, MatchStatus, Seat, WatchdogDue
from games.services.matches import SeatSpec, match_create, match_join
from games.services.watchdog import watchdog_tick
from tests import factories

pytestmark = pytest.mark.django_db(transaction=True)

DAY = 86400


def later(seconds: float) -> dt.datetime:
    return timezone.now() + dt.timedelta(seconds=seconds)


def connect(match_id: int, seat: int) -> str:
    key = uuid.uuid4().hex
    presence.seat_connected(match_id=match_id, seat=seat, socket=key)
    return key


def client_for(user) -> APIClient:
    c = APIClient()
    c.force_login(user)
    return c


def against_ai(user, **kwargs) -> Match:
    match = match_create(
        game="preisjass",
        creator=factories.actor(user),
        seats=[SeatSpec(), SeatSpec("ai"), SeatSpec("ai"), SeatSpec("ai")],
        **kwargs,
    )
    match.refresh_from_db()
    assert match.status == MatchStatus.RUNNING and match.to_move == 0
    return match


def view(c: APIClient, match_id: int) -> dict:
    r = c.get(f"/api/matches/{match_id}/view/")
    assert r.status_code == 200, r.content
    return r.json()


def play_first_legal(c: APIClient, match_id: int) -> None:
    mine = view(c, match_id)
    action = mine["view"]["legal"][0]
    r = c.post(f"/api/matches/{match_id}/actions/", {"action": action, "seq": mine["seq"]}, format="json")
    assert r.status_code == 201, r.content


def test_a_table_against_ai_waits_for_its_player_resumes_and_is_abandoned_after_the_days(settings) -> None:
    settings.ABANDON_TIMEOUT, settings.PAUSED_TABLE_DAYS = 600, 7
    anna = factories.user("anna")
    match = against_ai(anna)
    presence.seat_disconnected(match_id=match.pk, seat=0, socket=connect(match.pk, 0))
    version = match.version
    away = Seat.objects.get(match=match, index=0).away_since
    assert away is not None
    assert WatchdogDue.objects.get(match=match).due_at == away + dt.timedelta(days=7)
    # Long past the old abandon time (and the disconnect timeout): paused, nothing played.
    assert watchdog_tick(later(700))["abandoned"] == 0
    assert watchdog_tick(later(6 * DAY))["abandoned"] == 0
    match.refresh_from_db()
    assert match.status == MatchStatus.RUNNING and match.version == version
    # Back: the table goes on where it stopped.
    c = client_for(anna)
    back = connect(match.pk, 0)
    before = view(c, match.pk)
    assert before["match"]["status"] == "running" and before["view"]["to_move"] == 0
    assert before["seq"] == version and before["view"]["legal"]
    play_first_legal(c, match.pk)
    match.refresh_from_db()
    assert match.version > version and match.status == MatchStatus.RUNNING
    # Away again, for good: abandoned once the days are over, not before.
    presence.seat_disconnected(match_id=match.pk, seat=0, socket=back)
    assert watchdog_tick(later(7 * DAY - 3600))["abandoned"] == 0
    assert watchdog_tick(later(7 * DAY + 3600))["abandoned"] == 1
    match.refresh_from_db()
    assert match.status == MatchStatus.ABANDONED
    # Over: the view names no turn and offers no action (it stopped on someone's turn mid-deal).
    over = view(c, match.pk)
    assert over["match"]["status"] == "abandoned"
    assert over["view"]["to_move"] is None and over["view"]["legal"] == []


def test_no_move_timer_plays_for_the_away_player_of_a_paused_table(settings) -> None:
    anna = factories.user("anna")
    match = against_ai(anna, move_timer=30)
    presence.seat_disconnected(match_id=match.pk, seat=0, socket=connect(match.pk, 0))
    assert WatchdogDue.objects.get(match=match).due_at is not None  # only the abandon, days away
    assert watchdog_tick(later(100)) == {
        "requeued": 0,
        "stand_in": 0,
        "abandoned": 0,
        "overdue": 0,
        "released": 0,
    }
    assert Match.objects.get(pk=match.pk).version == match.version
    # Present, the timer runs as before: Anton plays one move for them.
    connect(match.pk, 0)
    assert watchdog_tick(later(100))["stand_in"] == 1


def test_a_table_with_two_humans_is_abandoned_after_the_old_timeout(settings) -> None:
    settings.ABANDON_TIMEOUT, settings.PAUSED_TABLE_DAYS = 600, 7
    anna, ben = factories.user("anna"), factories.user("ben")
    match = match_create(
        game="preisjass",
        creator=factories.actor(anna),
        seats=[SeatSpec(), SeatSpec("ai"), SeatSpec(), SeatSpec("ai")],
    )
    match_join(match_id=match.pk, actor=factories.actor(ben))
    for seat in (0, 2):
        presence.seat_disconnected(match_id=match.pk, seat=seat, socket=connect(match.pk, seat))
    assert watchdog_tick(later(700))["abandoned"] == 1
    assert Match.objects.get(pk=match.pk).status == MatchStatus.ABANDONED
