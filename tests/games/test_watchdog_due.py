"""The watchdog's due time (`WatchdogDue`): set on every change of turn, timer, presence and status,
so a tick reads only the matches it may have to act on, however many are running."""

from __future__ import annotations

import datetime as dt
import uuid

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.live import presence
from games.live.actors import Actor
from games.models import Match, MatchStatus, Seat, WatchdogDue
from games.services import watchdog
from games.services.matches import SeatSpec, match_act, match_create, match_join
from games.services.watchdog import watchdog_tick
from games.store.events import load_state
from tests import factories

pytestmark = pytest.mark.django_db(transaction=True)


def later(seconds: float) -> dt.datetime:
    return timezone.now() + dt.timedelta(seconds=seconds)


def seconds(delta: dt.timedelta) -> float:
    return delta.total_seconds()


def due(match: Match) -> dt.datetime | None:
    return WatchdogDue.objects.filter(match=match).values_list("due_at", flat=True).first()


def connect(match_id: int, seat: int) -> str:
    key = uuid.uuid4().hex
    presence.seat_connected(match_id=match_id, seat=seat, socket=key)
    return key


def against_ai(actor: Actor, **kwargs) -> Match:
    """A human (seat 0) and three AI seats; the AI has moved: the human is to move."""
    match = match_create(
        game="preisjass",
        creator=actor,
        seats=[SeatSpec(), SeatSpec("ai"), SeatSpec("ai"), SeatSpec("ai")],
        creator_seat=0,
        **kwargs,
    )
    match.refresh_from_db()
    return match


def two_humans(settings) -> tuple[Match, int, dict[int, str]]:
    """Humans at seats 0 and 2 (both connected), AI at 1 and 3; returns the human to move too."""
    anna, ben = factories.actor(factories.user("anna")), factories.actor(factories.user("ben"))
    match = match_create(
        game="preisjass", creator=anna, seats=[SeatSpec(), SeatSpec("ai"), SeatSpec(), SeatSpec("ai")]
    )
    match_join(match_id=match.pk, actor=ben)
    sockets = {seat: connect(match.pk, seat) for seat in (0, 2)}
    match.refresh_from_db()
    assert match.to_move in (0, 2)
    return match, match.to_move, sockets


def test_a_tick_reads_only_the_due_matches_not_every_running_one(monkeypatch) -> None:
    anna = factories.actor(factories.user("anna"))
    # Running tables with a move timer whose players are at the table and have time left ...
    waiting = [against_ai(anna, move_timer=300) for _ in range(6)]
    for match in waiting:
        connect(match.pk, 0)
    # ... and one whose timer has run out.
    overdue = against_ai(anna, move_timer=5)
    connect(overdue.pk, 0)
    checked: list[int] = []
    monkeypatch.setattr(watchdog, "_check", lambda match, now, counts: checked.append(match.pk))
    with CaptureQueriesContext(connection) as queries:
        watchdog_tick(later(10))
    assert checked == [overdue.pk]
    sql = [q["sql"] for q in queries.captured_queries]
    # The due ids from the due time's index, then only those matches (with their seats and due rows).
    assert sum('FROM "games_watchdogdue"' in q and '"due_at" <=' in q for q in sql) == 1
    (read,) = [q for q in sql if 'FROM "games_match"' in q]
    assert f"IN ({overdue.pk})" in read


def test_the_number_of_queries_of_a_quiet_tick_does_not_grow_with_the_running_matches() -> None:
    anna = factories.actor(factories.user("anna"))
    against_ai(anna, move_timer=300)

    def queries_of_a_tick() -> int:
        with CaptureQueriesContext(connection) as queries:
            watchdog_tick(later(10))
        return len(queries.captured_queries)

    few = queries_of_a_tick()
    for _ in range(4):
        against_ai(anna, move_timer=300)
    assert queries_of_a_tick() == few


def test_due_time_follows_the_turn_the_timer_and_the_end(settings, monkeypatch) -> None:
    anna = factories.actor(factories.user("anna"))
    # A human to move without a timer, at the table: nothing will ever be due.
    plain = against_ai(anna)
    connect(plain.pk, 0)
    plain.refresh_from_db()
    assert due(plain) is None
    # With a timer: due when it runs out.
    timed = against_ai(anna, move_timer=30)
    connect(timed.pk, 0)
    timed.refresh_from_db()
    when = due(timed)
    assert when is not None and timed.last_event_at is not None
    assert seconds(when - timed.last_event_at) == 30
    # An AI seat to move (its move lost on the way): due when it counts as stalled.
    monkeypatch.setattr("games.services.ai._run_inline", lambda match_id, seq: None)
    while timed.to_move == 0:  # the human's move (or a won trick) may leave them to move again
        action = load_state(timed).legal_actions()[0]
        match_act(match_id=timed.pk, actor=anna, action=action, expected_seq=timed.version)
        timed.refresh_from_db()
    assert timed.to_move in (1, 2, 3)
    when = due(timed)
    assert when is not None and timed.last_event_at is not None
    assert seconds(when - timed.last_event_at) == settings.AI_STALL_AFTER
    # The watchdog re-enqueues it, and looks again one stall period later, not on every tick.
    now = later(settings.AI_STALL_AFTER + 1)
    assert watchdog_tick(now)["requeued"] == 1
    timed.refresh_from_db()
    assert due(timed) == now + dt.timedelta(seconds=settings.AI_STALL_AFTER)
    # Over (abandoned, or finished): never due.
    presence.match_leave(match_id=timed.pk, actor=anna)
    timed.refresh_from_db()
    assert timed.status == MatchStatus.ABANDONED and due(timed) is None


def test_due_time_of_an_away_player_runs_on_their_turn_and_stops_when_they_are_back(settings) -> None:
    settings.DISCONNECT_TIMEOUT, settings.ABANDON_TIMEOUT = 60, 600
    match, away, sockets = two_humans(settings)
    other = 2 - away
    presence.seat_disconnected(match_id=match.pk, seat=other, socket=sockets[other])
    match.refresh_from_db()
    assert due(match) is None  # away, but not on their turn
    connect(match.pk, other)
    presence.seat_disconnected(match_id=match.pk, seat=away, socket=sockets[away])
    match.refresh_from_db()
    gone, when = Seat.objects.get(match=match, index=away).away_since, due(match)
    assert gone is not None and match.last_event_at is not None and when is not None
    assert seconds(when - max(gone, match.last_event_at)) == 60
    # Back: the due time it set is cleared.
    connect(match.pk, away)
    match.refresh_from_db()
    assert due(match) is None


def test_due_time_of_a_deserted_match_is_its_abandon_time_until_someone_returns(settings) -> None:
    settings.DISCONNECT_TIMEOUT, settings.ABANDON_TIMEOUT = 60, 600
    match, _, sockets = two_humans(settings)
    for seat, key in sockets.items():
        presence.seat_disconnected(match_id=match.pk, seat=seat, socket=key)
    match.refresh_from_db()
    last_gone = max(s.away_since for s in Seat.objects.filter(match=match, kind="human") if s.away_since)
    # Nobody left to play with: Anton does not stand in; the match waits to be abandoned.
    assert due(match) == last_gone + dt.timedelta(seconds=600)
    back = connect(match.pk, 0)
    when = due(match)
    assert when is None or when < last_gone + dt.timedelta(seconds=600)
    assert watchdog_tick(later(700))["abandoned"] == 0
    # Gone again, and for good: abandoned by the watchdog, then never due.
    presence.seat_disconnected(match_id=match.pk, seat=0, socket=back)
    assert Match.objects.get(pk=match.pk).status == MatchStatus.RUNNING
    when = due(match)
    assert when is not None
    assert watchdog_tick(when + dt.timedelta(seconds=1))["abandoned"] == 1
    match.refresh_from_db()
    assert match.status == MatchStatus.ABANDONED and due(match) is None


def test_a_match_due_too_early_is_checked_once_and_gets_its_exact_due_time() -> None:
    """As the migration leaves every running match (due at once): one tick sets the real time."""
    anna = factories.actor(factories.user("anna"))
    match = against_ai(anna, move_timer=30)
    connect(match.pk, 0)
    match.refresh_from_db()
    exact = due(match)
    WatchdogDue.objects.filter(match=match).update(due_at=timezone.now())
    assert watchdog_tick(later(1)) == {
        "requeued": 0,
        "stand_in": 0,
        "abandoned": 0,
        "overdue": 0,
        "released": 0,
    }
    match.refresh_from_db()
    assert due(match) == exact and match.version == Match.objects.get(pk=match.pk).version


def test_the_migration_makes_every_running_match_due_at_once() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate([("games", "0008_seat_origin")])
    executor.loader.build_graph()
    Old = executor.loader.project_state([("games", "0008_seat_origin")]).apps.get_model("games", "Match")
    row = {"game": "preisjass", "options": {}, "seed": "s", "seed_commitment": "c"}
    running = Old.objects.create(**row, status="running")
    done = Old.objects.create(**row, status="finished")
    try:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
        at_once = due(Match.objects.get(pk=running.pk))
        assert at_once is not None and at_once <= timezone.now()
        assert due(Match.objects.get(pk=done.pk)) is None
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
