"""A league match stored under an older rules version counts like any other: its standing holds the
points and place its own version's engine recorded."""

from __future__ import annotations

import json

import pytest

from leagues import projection
from leagues.models import LeagueMatch, SeasonResult, Standing
from tests import factories
from tests.engine.old_rules_fixtures import fixture_path
from tests.leagues.conftest import make_league
from tests.old_rules_matches import STORED, stored_old_match

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("version", "game"), STORED)
def test_an_old_league_match_counts_with_its_recorded_result(version: str, game: str) -> None:
    anna = factories.user("anna")
    league = make_league(anna, game=game)
    match = stored_old_match(game, anna, version)
    LeagueMatch.objects.create(season=league.seasons.get(), match=match)
    record = projection.project_match(match_id=match.pk)
    assert record is not None and record.counted and not record.rated  # one person: nobody to rate against

    recorded = json.loads(fixture_path(version, game).read_text())["matches"][0]["checkpoints"][-1]["result"]
    result = SeasonResult.objects.get(match=match)
    assert (result.user_id, result.seat, result.place) == (anna.pk, 0, recorded["ranking"][0])
    assert result.points == pytest.approx(recorded["totals"][0]) and result.opponent_ai_versions == ["anton"]
    standing = Standing.objects.get(user=anna)
    assert (standing.matches, standing.points, standing.wins) == (1, result.points, int(result.place == 1))
    assert projection.rebuild() == 1
    assert SeasonResult.objects.get(match=match).points == result.points
