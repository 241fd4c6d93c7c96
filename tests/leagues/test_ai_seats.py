"""A real Preisjass league table with AI seats: the human counts, the AI seats get no standings."""

from __future__ import annotations

import pytest

from leagues import services
from leagues.models import ProjectedMatch, Rating, SeasonResult, Standing
from tests.leaderboard.conftest import play_human_to_end
from tests.leagues.conftest import make_league

pytestmark = pytest.mark.django_db(transaction=True)


def test_ai_seats_get_no_standings(players) -> None:
    anna = players[0]
    league = make_league(anna, game="preisjass", ai_version="random")
    match = services.league_table_open(
        league_id=league.pk, user=anna, seats=["human", "ai", "ai", "ai"], ai_version="random"
    )
    match = play_human_to_end(match, anna)
    assert match.status == "finished"
    # The finish signal projected it: one row, the human's; no rating from a match with one person.
    record = ProjectedMatch.objects.get(match=match)
    assert record.counted and not record.rated
    assert list(Standing.objects.values_list("user__username", "matches")) == [("anna", 1)]
    result = SeasonResult.objects.get()
    assert result.seat == 0 and 1 <= result.place <= 4
    assert not Rating.objects.exists()
