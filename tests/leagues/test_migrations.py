"""Data migrations of the leagues app: what they do to rows that exist when they run."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.games.test_migrations import _migrate, _migrate_to_latest

pytestmark = pytest.mark.django_db(transaction=True)


def test_tables_opened_from_a_league_before_ranked_existed_become_ranked() -> None:
    before = [("leagues", "0001_initial"), ("games", "0007_match_ranked")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    executor.loader.build_graph()
    apps = executor.loader.project_state(before).apps
    Match, LeagueMatch = apps.get_model("games", "Match"), apps.get_model("leagues", "LeagueMatch")
    League, Season = apps.get_model("leagues", "League"), apps.get_model("leagues", "Season")
    season = Season.objects.create(
        league=League.objects.create(name="Stammtisch", game="preisjass"),
        number=1,
        starts_on=dt.date(2026, 11, 1),
        ends_on=dt.date(2026, 12, 1),
    )
    league_table, other = (
        Match.objects.create(game="preisjass", options={}, seed="s", seed_commitment="c") for _ in range(2)
    )
    LeagueMatch.objects.create(season=season, match=league_table)
    try:
        apps = _migrate(("leagues", "0002_rank_league_tables"))
        ranked = dict(apps.get_model("games", "Match").objects.values_list("pk", "ranked"))
        assert ranked == {league_table.pk: True, other.pk: False}
    finally:
        _migrate_to_latest()
