"""Profile figures count a result that is saved but off its board (leaderboard.qualifying: a lost
Bummerl, a pointless result): the board ranks best results only, the profile's wins and fair share
need the losses too, or every Schnapsen player would win all their counted matches."""

from __future__ import annotations

from decimal import Decimal

import pytest

from accounts import profiles
from accounts.models import User
from games.live.actors import Actor
from leaderboard.models import LeaderboardEntry
from leaderboard.qualifying import NO_POINTS, NOT_WON
from tests import factories
from tests.accounts.test_profiles import table

pytestmark = pytest.mark.django_db


def test_lost_and_pointless_results_count_in_the_figures() -> None:
    anna: User = factories.user("anna")
    ben: User = factories.user("ben")
    lost = table("schnapsen", [(anna, 3), (ben, 7)])
    table("schnapsen", [(anna, 7), (ben, 2)])
    LeaderboardEntry.objects.filter(match=lost, seat=0).update(unranked=NOT_WON)
    nothing = table("preisjass", [(anna, 0), (ben, 500), (None, 400), (None, 300)])
    LeaderboardEntry.objects.filter(match=nothing, seat=0).update(unranked=NO_POINTS)
    stood_in = table("preisjass", [(anna, 900), (None, 1), (None, 1), (None, 1)], unranked=0)
    assert stood_in.pk  # the stand-in's result stays out, as before

    figures = {f.game: f for f in profiles.game_figures(Actor(user_id=anna.pk))}
    schnapsen, jass = figures["schnapsen"], figures["preisjass"]
    assert (schnapsen.matches, schnapsen.wins, schnapsen.win_percent) == (2, 1, 50.0)
    assert schnapsen.against_table == Decimal("0.25")  # (-2 + 2.5) / 2
    assert (jass.matches, jass.wins) == (1, 0)
    assert jass.against_table == Decimal("-300.00")
