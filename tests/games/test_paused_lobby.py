"""GET /api/matches/mine/ says which of my tables is paused: a table against AI whose only human is
away (it waits for them, services/due.py). Present again, or at a table with other humans, it is not."""

from __future__ import annotations

import uuid

import pytest
from rest_framework.test import APIClient

from games.live import presence
from games.services.matches import SeatSpec, match_create, match_join
from tests import factories

pytestmark = pytest.mark.django_db(transaction=True)


def paused_flags(user) -> dict[int, bool]:
    c = APIClient()
    c.force_login(user)
    r = c.get("/api/matches/mine/")
    assert r.status_code == 200, r.content
    return {m["id"]: m["paused"] for m in r.json()["matches"]}


def connect(match_id: int, seat: int) -> str:
    key = uuid.uuid4().hex
    presence.seat_connected(match_id=match_id, seat=seat, socket=key)
    return key


def test_mine_marks_a_left_table_against_ai_paused_until_its_player_is_back() -> None:
    anna = factories.user("anna")
    seats = [SeatSpec(), SeatSpec("ai"), SeatSpec("ai"), SeatSpec("ai")]
    match = match_create(game="preisjass", creator=factories.actor(anna), seats=seats)
    assert paused_flags(anna) == {match.pk: False}  # never at the table yet: not away
    key = connect(match.pk, 0)
    assert paused_flags(anna) == {match.pk: False}
    presence.seat_disconnected(match_id=match.pk, seat=0, socket=key)
    assert paused_flags(anna) == {match.pk: True}
    connect(match.pk, 0)
    assert paused_flags(anna) == {match.pk: False}


def test_a_table_with_two_humans_is_never_paused() -> None:
    anna, ben = factories.user("anna"), factories.user("ben")
    seats = [SeatSpec(), SeatSpec("ai"), SeatSpec(), SeatSpec("ai")]
    match = match_create(game="preisjass", creator=factories.actor(anna), seats=seats)
    match_join(match_id=match.pk, actor=factories.actor(ben))
    for seat in (0, 2):
        presence.seat_disconnected(match_id=match.pk, seat=seat, socket=connect(match.pk, seat))
    assert paused_flags(anna) == {match.pk: False}
    assert paused_flags(ben) == {match.pk: False}
