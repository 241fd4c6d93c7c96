"""The embedded server's stand-in for Celery beat runs its beat tasks in its process at their interval:
the watchdog every WATCHDOG_INTERVAL and the hourly season rollover (which the embedded server never
ran: its seasons never ended and its rounds were never released by the beat)."""

from __future__ import annotations

import datetime as dt
import logging

import pytest
from django.conf import settings
from django.utils import timezone

from challenges import days
from challenges.models import Challenge
from challenges.services import challenge_games
from games.services.embedded_beat import EmbeddedBeat
from leagues.models import Season, SeasonStatus
from tests import factories
from tests.leagues.conftest import make_league

pytestmark = pytest.mark.django_db

WATCHDOG, ROLLOVER = "games.tasks.watchdog", "leagues.tasks.season_rollover"
ROLL = "challenges.tasks.roll"  # the daily challenges, every minute


def test_every_beat_task_runs_at_its_interval(duel) -> None:
    season = make_league(factories.user("anna")).seasons.get()
    today = timezone.localdate()
    Season.objects.filter(pk=season.pk).update(
        starts_on=today - dt.timedelta(days=8), ends_on=today - dt.timedelta(days=1)
    )
    beat = EmbeddedBeat(settings.CELERY_BEAT_SCHEDULE, settings.EMBEDDED_BEAT)
    assert beat.tick_seconds() == settings.WATCHDOG_INTERVAL
    assert sorted(beat.run_due(1000.0)) == [ROLL, WATCHDOG, ROLLOVER]  # all at the first tick
    season.refresh_from_db()
    assert season.status == SeasonStatus.ARCHIVED  # the rollover ran, in this process
    assert Challenge.objects.filter(day=days.today()).count() == len(challenge_games())  # so did the roll
    assert beat.run_due(1000.0 + settings.WATCHDOG_INTERVAL / 2) == []
    assert beat.run_due(1000.0 + settings.WATCHDOG_INTERVAL) == [WATCHDOG]
    assert sorted(beat.run_due(1000.0 + 3600)) == [ROLL, WATCHDOG, ROLLOVER]


def test_a_task_that_fails_is_logged_and_the_others_run(monkeypatch, caplog) -> None:
    from games import tasks

    def broken() -> None:
        raise RuntimeError("injected")

    monkeypatch.setattr(tasks, "watchdog_tick", broken)
    beat = EmbeddedBeat(settings.CELERY_BEAT_SCHEDULE, settings.EMBEDDED_BEAT)
    with caplog.at_level(logging.ERROR, logger="games.services.embedded_beat"):
        assert sorted(beat.run_due(0.0)) == [ROLL, WATCHDOG, ROLLOVER]
    assert "embedded beat: games.tasks.watchdog failed" in caplog.text
