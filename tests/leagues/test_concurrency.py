"""Concurrent projections: two finishing matches sharing a player, each projected by several writers
at once, count exactly once each; the finishing signal projects by itself."""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterator, Sequence

import pytest
from django.db import connection

from games.signals import match_finished
from leagues import projection
from leagues.models import ProjectedMatch, Rating, RatingChange, SeasonResult, Standing
from leagues.receivers import on_match_finished
from tests.leagues.conftest import join, league_duel, make_league

pytestmark = pytest.mark.django_db(transaction=True)
WRITERS = 3


@pytest.fixture
def no_auto_projection() -> Iterator[None]:
    match_finished.disconnect(dispatch_uid="leagues.project_match")
    try:
        yield
    finally:
        match_finished.connect(on_match_finished, dispatch_uid="leagues.project_match")


def race(targets: Sequence[Callable[[], object]]) -> list[str]:
    barrier = threading.Barrier(len(targets))
    errors: list[str] = []

    def run(target: Callable[[], object]) -> None:
        try:
            barrier.wait()
            target()
        except Exception as exc:
            errors.append(repr(exc))
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(t,)) for t in targets]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


def test_two_matches_finishing_at_once_count_once_each(duel, players, no_auto_projection) -> None:
    anna, ben, carl = players[:3]
    league = make_league(anna)
    join(league, ben, carl)
    first = league_duel(league, anna, ben)
    second = league_duel(league, anna, carl)
    targets = [functools.partial(projection.project_match, match_id=m.pk) for m in (first, second)] * WRITERS
    assert race(targets) == []

    assert ProjectedMatch.objects.count() == 2
    assert SeasonResult.objects.count() == 4
    standings = {s.user.username: s.matches for s in Standing.objects.select_related("user")}
    assert standings == {"anna": 2, "ben": 1, "carl": 1}
    assert Rating.objects.get(user=anna).matches == 2
    assert RatingChange.objects.filter(user=anna).count() == 2


def test_the_finish_signal_projects_the_match(duel, players) -> None:
    anna, ben = players[:2]
    league = make_league(anna)
    join(league, ben)
    match = league_duel(league, anna, ben)
    assert ProjectedMatch.objects.filter(match=match, counted=True).exists()
    assert Standing.objects.filter(season__league=league).count() == 2
    # A retry after the signal (a redelivered task) changes nothing.
    on_match_finished(None, match_id=match.pk)
    assert Standing.objects.get(user=anna).matches == 1
