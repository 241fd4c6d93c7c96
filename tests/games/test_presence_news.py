"""A seat going away from its table or coming back is news for the other players' pages (its away mark
is in the table's summary, not in the event stream): the last socket of a seat going, or the first
coming back to an away seat, tells every socket of a running real-time table after the commit. A first
arrival (never away), a socket beside another of the same seat, an open table and a turn-based one (no
away marks) tell nobody."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from asgiref.sync import sync_to_async

from games.live import dispatch, presence
from games.models import Match
from games.services.matches import SeatSpec, match_create, match_join
from tests import factories
from tests.games.test_consumers import connect

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def news(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int, bool]]:
    sent: list[tuple[int, int, bool]] = []
    monkeypatch.setattr(dispatch, "broadcast_presence", lambda *args: sent.append(args))
    return sent


def _two(**kwargs: Any) -> Match:
    anna, ben = factories.user("anna"), factories.user("ben")
    match = match_create(
        game="schnapsen", creator=factories.actor(anna), seats=[SeatSpec(), SeatSpec()], **kwargs
    )
    match_join(match_id=match.pk, actor=factories.actor(ben))
    match.refresh_from_db()
    return match


def test_a_seat_going_away_and_coming_back_is_told(news) -> None:
    match = _two()
    first, second, third = (uuid.uuid4().hex for _ in range(3))
    presence.seat_connected(match_id=match.pk, seat=1, socket=first)  # first arrival: never away
    presence.seat_connected(match_id=match.pk, seat=1, socket=second)  # a second window
    presence.seat_disconnected(match_id=match.pk, seat=1, socket=first)
    assert news == []
    presence.seat_disconnected(match_id=match.pk, seat=1, socket=second)  # the last one: away
    presence.seat_disconnected(match_id=match.pk, seat=1, socket=second)  # taken off twice: nothing
    assert news == [(match.pk, 1, True)]
    presence.seat_connected(match_id=match.pk, seat=1, socket=third)  # back
    assert news == [(match.pk, 1, True), (match.pk, 1, False)]


def test_turn_based_and_open_tables_tell_nobody(news) -> None:
    turn_based = _two(turn_based=True, days_per_move=3)
    key = uuid.uuid4().hex
    presence.seat_connected(match_id=turn_based.pk, seat=1, socket=key)
    presence.seat_disconnected(match_id=turn_based.pk, seat=1, socket=key)
    carl = factories.user("carl")
    waiting = match_create(game="schnapsen", creator=factories.actor(carl), seats=[SeatSpec(), SeatSpec()])
    key = uuid.uuid4().hex
    presence.seat_connected(match_id=waiting.pk, seat=0, socket=key)
    presence.seat_disconnected(match_id=waiting.pk, seat=0, socket=key)
    assert news == []


@pytest.mark.asyncio
async def test_the_other_players_socket_gets_the_news_and_the_fresh_view_agrees() -> None:
    """Zulip's consistency rule for the away mark: the state first sent plus the presence messages
    equal the summary read afresh."""
    match = await sync_to_async(_two)()
    anna, ben = await sync_to_async(lambda: (match.seats.get(index=0).user, match.seats.get(index=1).user))()
    a, _ = await connect(match.pk, anna)
    first = json.loads(await a.receive_from(timeout=5))
    assert first["t"] == "state" and [s["away"] for s in first["d"]["match"]["seats"]] == [False, False]
    b, _ = await connect(match.pk, ben)
    await b.receive_from(timeout=5)
    assert await a.receive_nothing(timeout=0.3)  # ben's first arrival: no news
    await b.disconnect()
    assert json.loads(await a.receive_from(timeout=5)) == {"t": "presence", "seat": 1, "away": True}
    b, _ = await connect(match.pk, ben)
    back = json.loads(await b.receive_from(timeout=5))
    assert back["t"] == "state"
    assert json.loads(await a.receive_from(timeout=5)) == {"t": "presence", "seat": 1, "away": False}
    await a.disconnect()
    await b.disconnect()
