"""A projection that fails for one match records it (the admin's list, an error log line with the match
id, a counter in /metrics) and goes on: live, the other listeners and the round's release still run;
a rebuild applies every other match, commits, and names the failed one. Staff retry it in the admin."""

from __future__ import annotations

import logging

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from prometheus_client import REGISTRY

from accounts.models import User
from games.models import Match, MatchEvent, ProjectionFailure
from leaderboard.models import LeaderboardEntry
from leagues import projection
from leagues.models import ProjectedMatch, Standing
from tests import factories
from tests.leagues.conftest import join, league_duel, make_league

pytestmark = pytest.mark.django_db


def failures_counted(name: str) -> float:
    return REGISTRY.get_sample_value("kartentisch_projection_failures_total", {"projection": name}) or 0.0


def standings() -> list[tuple[str, int]]:
    return sorted(Standing.objects.values_list("user__username", "matches"))


def broken(match: Match) -> None:
    """An event stored after the match's end (a bug, or a database restored by hand): the log no longer
    replays, for every projection that replays it."""
    last = MatchEvent.objects.filter(match=match).order_by("-seq").first()
    assert last is not None
    MatchEvent.objects.create(match=match, seq=last.seq + 1, type=last.type, seat=last.seat, data=last.data)
    Match.objects.filter(pk=match.pk).update(version=last.seq + 1)


@pytest.fixture
def players() -> list[User]:
    return [factories.user(name) for name in ("anna", "ben", "carl")]


@pytest.fixture
def staff() -> Client:
    c = Client()
    c.force_login(User.objects.create_superuser(username="staff", password="pw-1", display_name="Staff"))
    return c


def test_a_rebuild_skips_and_records_a_match_that_fails_and_rebuilds_the_rest(
    duel, players, staff, caplog, django_capture_on_commit_callbacks
) -> None:
    anna, ben, carl = players[:3]
    league = make_league(anna)
    join(league, ben, carl)
    with django_capture_on_commit_callbacks(execute=True):
        good = [league_duel(league, anna, ben), league_duel(league, ben, carl)]
        bad = league_duel(league, carl, anna)
    live = standings()
    board = sorted(LeaderboardEntry.objects.exclude(match=bad).values_list("match_id", "seat", "points"))
    broken(bad)
    before = {name: failures_counted(name) for name in ("leagues", "leaderboard")}

    with caplog.at_level(logging.ERROR), pytest.raises(CommandError) as failed:
        call_command("rebuild_projections", verbosity=0)
    message = str(failed.value)
    reason = "games.engine.base.IllegalAction: not this seat's turn"
    assert f"leagues: match {bad.pk}: {reason}" in message
    assert f"leaderboard: match {bad.pk}: {reason}" in message
    assert "2 match(es) failed and were skipped" in message
    # Everything else was rebuilt and committed: the good matches count, the bad one is left out.
    assert standings() == [("anna", 1), ("ben", 2), ("carl", 1)] != live
    assert set(ProjectedMatch.objects.values_list("match_id", flat=True)) == {m.pk for m in good}
    assert sorted(LeaderboardEntry.objects.values_list("match_id", "seat", "points")) == board
    # Recorded where staff look: the admin's list, the log (with the match id), the metric.
    rows = ProjectionFailure.objects.filter(match=bad)
    assert sorted(rows.values_list("projection", flat=True)) == ["leaderboard", "leagues"]
    assert all("IllegalAction" in row.error and row.attempts == 1 for row in rows)
    assert any(f"projection leagues failed for match {bad.pk}" in r.getMessage() for r in caplog.records)
    counted = {name: failures_counted(name) - before[name] for name in before}
    assert counted == {"leagues": 1, "leaderboard": 1}
    listed = staff.get("/admin/games/projectionfailure/")
    assert listed.status_code == 200 and {f.match_id for f in listed.context["cl"].result_list} == {bad.pk}
    assert "IllegalAction" in listed.content.decode()

    # The league-only rebuild does the same, and starts its list afresh.
    with pytest.raises(CommandError, match=f"leagues: match {bad.pk}: games.engine.base.IllegalAction"):
        call_command("rebuild_standings", verbosity=0)
    assert standings() == [("anna", 1), ("ben", 2), ("carl", 1)]
    assert ProjectionFailure.objects.get(projection="leagues").attempts == 1

    # A retry of a match still broken fails again and says so; the record counts the attempt.
    failure = ProjectionFailure.objects.get(projection="leagues")
    page = staff.post(
        "/admin/games/projectionfailure/",
        {"action": "retry", "_selected_action": [str(failure.pk)]},
        follow=True,
    )
    assert "1 failed again" in page.content.decode()
    assert ProjectionFailure.objects.get(pk=failure.pk).attempts == 2


def test_a_live_projection_that_fails_is_recorded_and_retried_by_staff(
    duel, players, staff, monkeypatch, django_capture_on_commit_callbacks
) -> None:
    anna, ben = players[:2]
    league = make_league(anna)
    join(league, ben)

    def outage(*args: object, **kwargs: object) -> None:
        raise RuntimeError("injected: the ratings table is locked")

    monkeypatch.setattr(projection, "_rate", outage)
    with django_capture_on_commit_callbacks(execute=True):  # the finish signal and its listeners
        match = league_duel(league, anna, ben)
    failure = ProjectionFailure.objects.get(projection="leagues", match=match)
    assert "RuntimeError: injected" in failure.error
    assert not ProjectedMatch.objects.exists() and not Standing.objects.exists()  # rolled back whole
    assert LeaderboardEntry.objects.filter(match=match).count() == 2  # the other listener went on

    monkeypatch.undo()  # the cause is fixed
    page = staff.post(
        "/admin/games/projectionfailure/",
        {"action": "retry", "_selected_action": [str(failure.pk)]},
        follow=True,
    )
    assert "1 applied and removed from the list" in page.content.decode()
    assert not ProjectionFailure.objects.exists()
    assert standings() == [("anna", 1), ("ben", 1)]
    assert ProjectedMatch.objects.get(match=match).rated
