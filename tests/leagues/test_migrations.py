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


def test_existing_leagues_get_the_level_most_of_their_tables_played() -> None:
    before = [("leagues", "0003_mark_round_tables"), ("games", "0012_one_person_one_entry")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    executor.loader.build_graph()
    apps = executor.loader.project_state(before).apps
    Match, Seat = apps.get_model("games", "Match"), apps.get_model("games", "Seat")
    League, Season = apps.get_model("leagues", "League"), apps.get_model("leagues", "Season")
    LeagueMatch, SeasonResult = (
        apps.get_model("leagues", "LeagueMatch"),
        apps.get_model("leagues", "SeasonResult"),
    )
    User = apps.get_model("accounts", "User")
    anna = User.objects.create(username="anna")
    seasons = {}
    for name in ("played", "people only", "empty"):
        league = League.objects.create(name=name, game="schnapsen")
        seasons[name] = Season.objects.create(
            league=league, number=1, starts_on=dt.date(2026, 11, 1), ends_on=dt.date(2026, 12, 1)
        )
    at = dt.datetime(2026, 11, 5, tzinfo=dt.UTC)
    for name, levels in (("played", ["dora", "random", "dora"]), ("people only", [None])):
        for level in levels:
            match = Match.objects.create(game="schnapsen", options={}, seed="s", seed_commitment="c")
            Seat.objects.create(match=match, index=0, kind="human", user=anna)
            kind = "human" if level is None else "ai"
            Seat.objects.create(match=match, index=1, kind=kind, ai_version=level or "")
            LeagueMatch.objects.create(season=seasons[name], match=match)
            SeasonResult.objects.create(
                season=seasons[name],
                match=match,
                user=anna,
                seat=0,
                points=1,
                place=1,
                won=True,
                finished_at=at,
            )
    try:
        apps = _migrate(("leagues", "0004_fixed_ai_level"))
        fixed = dict(apps.get_model("leagues", "League").objects.values_list("name", "ai_version"))
        assert fixed == {"played": "dora", "people only": "anton", "empty": "anton"}
        against = apps.get_model("leagues", "SeasonResult").objects.order_by("match_id")
        assert [r.opponent_ai_versions for r in against] == [["dora"], ["random"], ["dora"], []]
    finally:
        _migrate_to_latest()
