"""Eight clients submit for the same seq at once: exactly one event is stored, seqs have no gaps. A socket
is counted while the match row is locked."""

from __future__ import annotations

import os
import threading

import pytest
from django.db import connection, connections, transaction

from bench.concurrency import race_submits
from games.live import presence, state_cache
from games.models import Match, Seat
from tests import factories

TRIALS = int(os.environ.get("RACE_TRIALS", "200"))


@pytest.mark.django_db(transaction=True)
def test_concurrent_submits_store_exactly_one_event(duel: str) -> None:
    a, b = factories.user("anna"), factories.user("ben")
    failures = []
    for trial in range(TRIALS):
        state_cache.clear()  # every writer replays from the database, as on a fresh process
        match = factories.two_player_match(duel, a, b, cards=8)
        outcome = race_submits(match, factories.actor(a), writers=8)
        if (outcome.successes, outcome.conflicts, outcome.other_errors) != (1, 7, []):
            failures.append((trial, outcome))
        if outcome.seqs != [1, 2, 3]:
            failures.append((trial, outcome))
    assert failures == []


@pytest.mark.django_db(transaction=True)
def test_a_socket_is_counted_while_the_match_row_is_locked(duel: str) -> None:
    """A socket row refers to its match: inserting it must not wait for the match row lock while it
    holds its seat's row, or it deadlocks with a lock holder that updates the seat (leave, join)."""
    if connection.vendor != "postgresql":
        pytest.skip("row locks: PostgreSQL only (SQLite serialises whole transactions)")
    match = factories.two_player_match(duel, factories.user("anna"), factories.user("ben"))
    done = threading.Event()

    def connect() -> None:
        try:
            presence.seat_connected(match_id=match.pk, seat=0, socket="k1")
            done.set()
        finally:
            connections.close_all()

    with transaction.atomic():
        Match.objects.select_for_update(no_key=True).get(pk=match.pk)  # as match_act and leave hold it
        counting = threading.Thread(target=connect)
        counting.start()
        counted = done.wait(10)
        Seat.objects.filter(match=match, index=0).update(display_name="Anna")  # as leave does
    counting.join(10)
    assert counted and Seat.objects.get(match=match, index=0).connections == 1
