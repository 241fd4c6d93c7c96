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


def test_leaderboard_entries_saved_before_learn_who_played_them() -> None:
    before = [("leaderboard", "0001_initial"), ("games", "0011_seat_origin_address_device")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    executor.loader.build_graph()
    apps = executor.loader.project_state(before).apps
    Match, Seat = apps.get_model("games", "Match"), apps.get_model("games", "Seat")
    MatchEvent, Entry = (
        apps.get_model("games", "MatchEvent"),
        apps.get_model("leaderboard", "LeaderboardEntry"),
    )
    match = Match.objects.create(
        game="schnapsen", options={}, seed="s", seed_commitment="c", status="finished"
    )
    Seat.objects.create(match=match, index=0, kind="human", display_name="Idler")
    Seat.objects.create(match=match, index=1, kind="ai", display_name="Anna", ai_version="dora")
    rows = [("start", None, None), ("deal", None, None), ("play", 0, "ai:3"), ("play", 1, "ai:4")]
    rows += [("play", 0, "ai:5"), ("play", 1, "ai:6"), ("deal", None, None), ("play", 0, "c-1")]
    for seq, (kind, seat, command) in enumerate(rows, start=1):
        MatchEvent.objects.create(match=match, seq=seq, type=kind, seat=seat, data={}, command_id=command)
    for seat, name in ((0, "Idler"), (1, "Anna")):
        Entry.objects.create(
            game="schnapsen", match=match, seat=seat, display_name=name, points=7, is_ai=seat == 1
        )
    try:
        apps = _migrate(("leaderboard", "0002_seat_records"))
        entries = apps.get_model("leaderboard", "LeaderboardEntry").objects.order_by("seat")
        fields = ("decisions", "stand_in_decisions", "last_deal_decisions", "last_deal_stand_in_decisions")
        idler, ai = entries
        assert [getattr(idler, f) for f in fields] == [3, 2, 1, 0]  # 2 of 3: more than a quarter
        assert (idler.unranked, idler.ai_version, idler.opponent_ai_versions) == ("stand_in", "", ["dora"])
        assert (ai.unranked, ai.ai_version, ai.opponent_ai_versions, ai.decisions) == ("", "dora", [], 0)
    finally:
        _migrate_to_latest()
