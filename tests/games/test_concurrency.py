"""Eight clients submit for the same seq at once: exactly one event is stored, seqs have no gaps."""

from __future__ import annotations

import os

import pytest

from games import state_cache
from games.concurrency import race_submits
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
