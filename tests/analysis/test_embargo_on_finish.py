"""The analysis started when a match ends waits for a duplicate round's release: an embargoed table's
analysis would tell its players the other tables' deals (the same cards) before they are played."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from analysis.models import MatchAnalysis
from leagues import services, tasks
from leagues.models import LeagueMatch
from tests import factories
from tests.analysis.test_rounds import _small_budgets  # noqa: F401 (autouse: small search budgets)
from tests.leagues.conftest import join, make_league
from tests.test_helpers_play import play_to_end

pytestmark = pytest.mark.django_db


def test_an_embargoed_table_is_analysed_only_once_its_round_is_released(
    settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.ANALYSIS_FOR_PLAYERS = True
    anna, ben, carl, dora = (factories.user(n) for n in ("anna", "ben", "carl", "dora"))
    league = make_league(anna, game="schnapsen", options={"start_score": 7})
    join(league, ben, carl, dora)
    round_ = services.duplicate_round_open(league_id=league.pk, user=anna, tables=[[anna, ben], [carl, dora]])
    first, second = (link.match for link in LeagueMatch.objects.filter(round=round_).order_by("table"))
    with django_capture_on_commit_callbacks(execute=True):
        play_to_end(first, {0: anna, 1: ben})
        tasks.project_match.apply(args=(first.pk,))
    first.refresh_from_db()
    assert first.is_over and first.embargoed
    assert not MatchAnalysis.objects.filter(match=first).exists()
    own = APIClient()
    own.force_login(anna)
    assert own.get(f"/api/matches/{first.pk}/analysis/").status_code == 403  # its own player too

    with django_capture_on_commit_callbacks(execute=True):
        play_to_end(second, {0: dora, 1: carl})
        tasks.project_match.apply(args=(second.pk,))
    first.refresh_from_db()
    assert not first.embargoed
    assert MatchAnalysis.objects.filter(match=first).exists()
    assert MatchAnalysis.objects.filter(match=second).exists()
