"""What a human move costs the database: the match and due rows locked in one statement, the seats,
the event and the match row (no command id looked up, no second lock and read for the due time), and
the guarantees that this keeps: a command id answers as before, and the due time sees a presence
change committed while the move waited for the due row."""

from __future__ import annotations

import threading
import uuid

import pytest
from django.db import connection, connections, transaction
from django.test.utils import CaptureQueriesContext

from games.engine import GameState, get_rules
from games.errors import CommandConflict
from games.live import presence
from games.live.actors import Actor
from games.models import Match, MatchEvent, SeatSocket, WatchdogDue
from games.services.matches import SeatSpec, match_act, match_create, match_join
from games.store.events import load_state
from tests import factories

pytestmark = pytest.mark.django_db(transaction=True)


def four_humans() -> tuple[Match, list[Actor]]:
    actors = [factories.actor(factories.user(name)) for name in ("anna", "ben", "carl", "dora")]
    match = match_create(game="preisjass", creator=actors[0], seats=[SeatSpec()] * 4)
    for actor in actors[1:]:
        match_join(match_id=match.pk, actor=actor)
    for seat in range(4):
        presence.seat_connected(match_id=match.pk, seat=seat, socket=uuid.uuid4().hex)
    match.refresh_from_db()
    return match, actors


def to_move(state: GameState) -> int:
    assert isinstance(state.to_move, int)
    return state.to_move


def statements(queries: CaptureQueriesContext) -> list[str]:
    skip = ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE", "ROLLBACK")
    return [q["sql"] for q in queries.captured_queries if not q["sql"].upper().startswith(skip)]


def test_a_move_runs_four_statements_in_three_round_trips() -> None:
    match, actors = four_humans()
    state = load_state(match)
    action = state.legal_actions()[0]
    with CaptureQueriesContext(connection) as queries:
        match_act(
            match_id=match.pk,
            actor=actors[to_move(state)],
            action=action,
            expected_seq=match.version,
            command_id="c1",
        )
    sql = statements(queries)
    if connection.vendor == "postgresql":  # the writes go together, in one round trip
        assert [s.split()[0] for s in sql] == ["SELECT", "SELECT", "INSERT"], sql
        assert "UPDATE" in sql[2] and "games_match" in sql[2].split("UPDATE")[1]
    else:
        assert [s.split()[0] for s in sql] == ["SELECT", "SELECT", "INSERT", "UPDATE"], sql
    assert "games_watchdogdue" in sql[0] and "games_seat" in sql[1]
    assert not any("command_id" in s for s in sql[:2])  # a fresh command id is not looked up
    assert MatchEvent.objects.filter(match=match, command_id="c1").count() == 1


def test_a_command_id_answers_as_before_when_only_the_insert_finds_it() -> None:
    match, actors = four_humans()
    state = load_state(match)
    first = actors[to_move(state)]
    original = match_act(
        match_id=match.pk,
        actor=first,
        action=state.legal_actions()[0],
        expected_seq=match.version,
        command_id="x",
    )
    match.refresh_from_db()
    state = load_state(match)
    # Another seat's move under the same id, legal now, at the current seq: the unique index refuses it.
    with pytest.raises(CommandConflict):
        match_act(
            match_id=match.pk,
            actor=actors[to_move(state)],
            action=state.legal_actions()[0],
            expected_seq=match.version,
            command_id="x",
        )
    assert Match.objects.get(pk=match.pk).version == match.version  # nothing stored
    # The first seat's own id with another action: a conflict.
    with pytest.raises(CommandConflict):
        match_act(
            match_id=match.pk,
            actor=first,
            action={"type": "play", "card": "none"},
            expected_seq=original.seq - 1,
            command_id="x",
        )
    # Resent as it was (now a stale seq): the original result.
    resent = match_act(
        match_id=match.pk,
        actor=first,
        action=MatchEvent.objects.get(match=match, command_id="x").data,
        expected_seq=original.seq - 1,
        command_id="x",
    )
    assert resent.duplicate and resent.seq == original.seq


def test_the_due_time_sees_a_socket_closed_while_the_move_waited_for_the_due_row(settings) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("row locks: PostgreSQL only (SQLite serialises whole transactions)")
    settings.DISCONNECT_TIMEOUT = 60
    match, actors = four_humans()
    state = load_state(match)
    action = state.legal_actions()[0]
    following = get_rules(match.game).apply(state, {**action, "seat": state.to_move}).to_move
    assert isinstance(following, int) and following != state.to_move
    holding, release = threading.Event(), threading.Event()

    def close_sockets() -> None:
        # The seat's sockets close in one transaction that holds the due row until told to commit.
        try:
            with transaction.atomic():
                for socket in SeatSocket.objects.filter(match=match, seat_index=following):
                    presence.seat_disconnected(match_id=match.pk, seat=following, socket=socket.key)
                holding.set()
                release.wait(30)
        finally:
            connections.close_all()

    closer = threading.Thread(target=close_sockets)
    closer.start()
    assert holding.wait(30)

    def move() -> None:
        try:
            match_act(
                match_id=match.pk, actor=actors[to_move(state)], action=action, expected_seq=match.version
            )
        finally:
            connections.close_all()

    mover = threading.Thread(target=move)
    mover.start()
    waiting = 0
    while not waiting and mover.is_alive():  # the move waits for the due row the closer holds
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity"
                " WHERE datname = current_database() AND wait_event_type = 'Lock'"
            )
            waiting = cursor.fetchone()[0]
    release.set()
    closer.join(30)
    mover.join(30)
    assert waiting == 1
    match.refresh_from_db()
    assert match.to_move == following and match.last_event_at is not None
    due = WatchdogDue.objects.get(match=match).due_at
    # The seat to move is away (its sockets closed first): Anton stands in after DISCONNECT_TIMEOUT.
    assert due is not None and (due - match.last_event_at).total_seconds() == 60
