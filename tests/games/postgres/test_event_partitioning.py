"""The event table is ready for partitioning by match: every unique constraint holds `match_id`, and
the SQL in docs/scaling.md turns it into a `PARTITION BY HASH (match_id)` table on which the store
appends, replays, refuses a second event at a seq and refuses UPDATE and DELETE, as before."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.utils import DatabaseError

from bench.database import partition_events_sql
from games.engine import get_rules
from games.live import state_cache
from games.models import MatchEvent
from games.services.matches import match_act
from games.store.events import load_state
from tests import factories

pytestmark = pytest.mark.django_db


def _play(match, users, moves: int) -> None:
    for _ in range(moves):
        match.refresh_from_db()
        state = load_state(match)
        if state.to_move is None:
            return
        action = dict(state.legal_actions()[0])
        seat = action.pop("seat")
        match_act(
            match_id=match.pk,
            actor=factories.actor(users[seat]),
            action=action,
            expected_seq=match.version,
            command_id=f"c{match.version}",
        )


def _keys() -> dict[str, list[str]]:
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, "games_matchevent")
    return {name: c["columns"] for name, c in constraints.items() if c["unique"] or c["primary_key"]}


def test_every_unique_key_of_the_event_table_holds_the_match() -> None:
    keys = _keys()
    assert keys == {
        "event_unique_seq": ["match_id", "seq"],
        "event_unique_command": ["match_id", "command_id"],
    }
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, "games_matchevent")
    assert constraints["event_unique_seq"]["primary_key"]


def test_the_documented_sql_partitions_the_table_and_the_store_works_on_it(duel: str) -> None:
    anna, ben = factories.user("anna"), factories.user("ben")
    matches = [factories.two_player_match(duel, anna, ben) for _ in range(6)]
    for match in matches:
        _play(match, [anna, ben], 2)
    before = list(MatchEvent.objects.order_by("match", "seq").values_list("id", "match", "seq", "data"))

    with connection.cursor() as cursor:  # inside the test's transaction: rolled back afterwards
        # The rows above count as committed: their deferred foreign key checks run now, not at the
        # DROP TABLE (which refuses a table with checks pending).
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute(partition_events_sql())
        cursor.execute("SELECT relkind FROM pg_class WHERE relname = 'games_matchevent'")
        assert cursor.fetchone() == ("p",)
        cursor.execute("SELECT count(*), count(DISTINCT tableoid) FROM games_matchevent")
        rows, partitions = cursor.fetchone()
    assert rows == len(before) and partitions > 1  # the rows moved, spread over partitions by match
    assert _keys() == {
        "event_unique_seq": ["match_id", "seq"],
        "event_unique_command": ["match_id", "command_id"],
    }
    moved = list(MatchEvent.objects.order_by("match", "seq").values_list("id", "match", "seq", "data"))
    assert moved == before

    state_cache.clear()
    for match in matches:  # the store appends and reads on the partitioned table
        _play(match, [anna, ben], 100)
        match.refresh_from_db()
        events = list(MatchEvent.objects.filter(match=match).order_by("seq"))
        assert [e.seq for e in events] == list(range(1, match.version + 1))
        assert load_state(match).to_move is None  # played to the end
        state_cache.clear()
        replayed = get_rules(duel).replay([e.data for e in events])
        assert replayed.view(None) == load_state(match).view(None)
    new_ids = MatchEvent.objects.exclude(id__in=[row[0] for row in before]).values_list("id", flat=True)
    assert min(new_ids) > max(row[0] for row in before)  # the id sequence went on from the old one

    event = MatchEvent.objects.filter(match=matches[0]).first()
    assert event is not None
    with pytest.raises(IntegrityError), transaction.atomic():  # a second event at a seq
        MatchEvent.objects.create(match=matches[0], seq=event.seq, type="x", data={})
    with pytest.raises(IntegrityError), transaction.atomic():  # a command id stored twice
        MatchEvent.objects.create(match=matches[0], seq=10_000, type="x", data={}, command_id="c2")
    for sql in ("UPDATE games_matchevent SET type = 'x'", "DELETE FROM games_matchevent"):
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
            connection.cursor().execute(sql)


def test_the_admin_still_finds_an_event_by_its_id(duel: str, admin_client) -> None:
    match = factories.two_player_match(duel, factories.user("anna"), factories.user("ben"))
    event = MatchEvent.objects.get(match=match, seq=2)
    page = admin_client.get(f"/admin/games/matchevent/{event.pk}/change/")
    assert page.status_code == 200 and b"deal" in page.content
    assert admin_client.get(f"/admin/games/match/{match.pk}/change/").status_code == 200
