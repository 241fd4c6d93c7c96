"""Data migrations: what they do to rows that exist when they run."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)


def _migrate(target: tuple[str, str]):
    executor = MigrationExecutor(connection)
    executor.migrate([target])
    executor.loader.build_graph()
    return executor.loader.project_state([target]).apps


def _migrate_to_latest() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_socket_counts_from_before_socket_rows_are_reset_and_start_the_away_clock() -> None:
    apps = _migrate(("games", "0005_match_to_move"))
    Match, Seat = apps.get_model("games", "Match"), apps.get_model("games", "Seat")
    match = Match.objects.create(game="preisjass", options={}, seed="s", seed_commitment="c")
    Seat.objects.create(match=match, index=0, kind="human", connections=2)
    Seat.objects.create(match=match, index=1, kind="human", connections=0)
    try:
        apps = _migrate(("games", "0006_socket_presence"))
        seats = apps.get_model("games", "Seat").objects.filter(match_id=match.pk).order_by("index")
        (counted, untouched) = list(seats)
        assert (counted.connections, counted.away_since is not None) == (0, True)
        assert (untouched.connections, untouched.away_since) == (0, None)
    finally:
        _migrate_to_latest()
