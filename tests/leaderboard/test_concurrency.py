"""Concurrent retries of the same save store each (match, seat) result exactly once."""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterator

import pytest
from django.db import connection

from games.models import Match
from games.signals import match_finished
from leaderboard import services
from leaderboard.models import LeaderboardEntry, LeaderboardSave
from leaderboard.receivers import on_match_finished
from tests import factories
from tests.test_helpers_play import play_to_end

pytestmark = pytest.mark.django_db(transaction=True)
TRIALS = 10
WRITERS = 8


@pytest.fixture
def unsaved_duels(duel: str) -> Iterator[Callable[[], Match]]:
    """Finished duel matches the automatic save has not touched (the receiver is disconnected)."""
    a, b = factories.user("anna"), factories.user("ben")
    match_finished.disconnect(dispatch_uid="leaderboard.save_match")

    def make() -> Match:
        match = factories.two_player_match(duel, a, b, cards=3)
        play_to_end(match, {0: a, 1: b})
        match.refresh_from_db()
        return match

    try:
        yield make
    finally:
        match_finished.connect(on_match_finished, dispatch_uid="leaderboard.save_match")


def race(target: Callable[[], object], writers: int = WRITERS) -> list[str]:
    barrier = threading.Barrier(writers)
    errors: list[str] = []

    def run() -> None:
        try:
            barrier.wait()
            target()
        except Exception as exc:
            errors.append(repr(exc))
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(writers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


def test_concurrent_retries_store_each_result_once(unsaved_duels) -> None:
    for _ in range(TRIALS):
        match = unsaved_duels()
        errors = race(functools.partial(services.leaderboard_save_match, match_id=match.pk))
        assert errors == []
        rows = list(LeaderboardEntry.objects.filter(match=match).values_list("seat", "saved_at"))
        assert sorted(seat for seat, _ in rows) == [0, 1]
        record = LeaderboardSave.objects.get(match=match)
        assert record.state == "saved" and record.attempts == 1


def test_the_unique_constraint_alone_keeps_inserts_exactly_once(unsaved_duels) -> None:
    """Even writers that skip the row lock (straight inserts of the same rows) cannot duplicate."""
    match = unsaved_duels()
    result = services.replayed_result(match)
    errors = race(lambda: services.entries_insert(services.entries_for(match, result)))
    assert errors == []
    assert LeaderboardEntry.objects.filter(match=match).count() == 2
