"""A seat coming to its table or leaving it is news for the other players' pages (its away mark is in
the table's summary, not in the event stream): the socket that makes a seat present (its first) or away
(its last) has the match's sockets read it afresh after the commit; one more socket beside another of
the same seat, an open table and a turn-based one (no away marks) tell nobody."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from games.live import dispatch, presence
from games.models import Match
from games.services.matches import SeatSpec, match_create, match_join
from tests import factories

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def refreshes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int, str]]:
    sent: list[tuple[int, int, str]] = []
    monkeypatch.setattr(dispatch, "broadcast_refresh", lambda *args: sent.append(args))
    return sent


def _two(**kwargs: Any) -> Match:
    anna, ben = factories.user("anna"), factories.user("ben")
    match = match_create(
        game="schnapsen", creator=factories.actor(anna), seats=[SeatSpec(), SeatSpec()], **kwargs
    )
    match_join(match_id=match.pk, actor=factories.actor(ben))
    match.refresh_from_db()
    return match


def test_the_first_socket_and_the_last_of_a_seat_refresh_the_table(refreshes) -> None:
    match = _two()
    first, second = uuid.uuid4().hex, uuid.uuid4().hex
    presence.seat_connected(match_id=match.pk, seat=1, socket=first)
    assert refreshes == [(match.pk, match.version, "running")]
    presence.seat_connected(match_id=match.pk, seat=1, socket=second)  # a second window: no news
    presence.seat_disconnected(match_id=match.pk, seat=1, socket=first)
    assert len(refreshes) == 1
    presence.seat_disconnected(match_id=match.pk, seat=1, socket=second)  # gone: away
    presence.seat_disconnected(match_id=match.pk, seat=1, socket=second)  # taken off twice: nothing
    assert refreshes == [(match.pk, match.version, "running")] * 2


def test_turn_based_and_open_tables_tell_nobody(refreshes) -> None:
    turn_based = _two(turn_based=True, days_per_move=3)
    presence.seat_connected(match_id=turn_based.pk, seat=1, socket=uuid.uuid4().hex)
    carl = factories.user("carl")
    waiting = match_create(game="schnapsen", creator=factories.actor(carl), seats=[SeatSpec(), SeatSpec()])
    presence.seat_connected(match_id=waiting.pk, seat=0, socket=uuid.uuid4().hex)
    assert refreshes == []
