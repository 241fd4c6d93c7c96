"""GET/POST /api/matches/{id}/analysis/: asked for on a finished match, computed by the runner
(inline in tests), public when the match is; refused while the match runs or its duplicate round is
embargoed; "unavailable" for a game without an analyser; rebuilt as a projection with equal figures."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from analysis.models import AnalysisStatus, MatchAnalysis
from games.ai.analysis import schnapsen
from games.models import Match, MatchStatus
from tests import factories
from tests.test_helpers_play import play_to_end

pytestmark = pytest.mark.django_db


def client_for(user: Any = None) -> APIClient:
    c = APIClient()
    if user is not None:
        c.force_login(user)
    return c


def finished(game: str = "schnapsen", **options: Any) -> tuple[Match, Any, Any]:
    anna, ben = factories.user("anna"), factories.user("ben")
    match = factories.two_player_match(game, anna, ben, **options)
    play_to_end(match, {0: anna, 1: ben})
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    return match, anna, ben


def test_a_finished_match_is_analysed_on_request_and_shown_to_anyone() -> None:
    match, anna, _ = finished(start_score=1)
    url = f"/api/matches/{match.pk}/analysis/"
    before = client_for().get(url)
    assert before.status_code == 200 and before.json()["status"] == "none"
    asked = client_for(anna).post(url)
    assert asked.status_code == 200  # inline: already done when the answer comes
    body = client_for().get(url).json()  # public: an anonymous visitor reads it
    assert body["status"] == "done" and body["version"] == schnapsen.SchnapsenAnalyser.version
    analysis = body["analysis"]
    assert analysis["unit"] == "game points" and analysis["decisions"]
    assert body["progress"] == {"done": len(analysis["decisions"]), "total": len(analysis["decisions"])}
    assert set(analysis["summary"]) <= {"0", "1"}
    decision = analysis["decisions"][0]
    assert {"seq", "seat", "deal", "played", "best", "loss", "class", "open", "view"} <= set(decision)
    # asking again starts nothing new; only a player (or staff) may ask at all
    assert body["may_request"] is False
    assert client_for(anna).post(url).json() == {**body, "may_request": True}
    assert MatchAnalysis.objects.filter(match=match).count() == 1


def test_with_analysis_on_finish_the_match_is_analysed_unasked(
    settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.ANALYSIS_ON_FINISH = True
    with django_capture_on_commit_callbacks(execute=True):  # match_finished is sent after the commit
        match, _, _ = finished(start_score=1)
    assert MatchAnalysis.objects.get(match=match).status == AnalysisStatus.DONE


def test_without_it_nothing_is_analysed_unasked(django_capture_on_commit_callbacks: Any) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        finished(start_score=1)
    assert not MatchAnalysis.objects.exists()


def test_a_running_match_is_not_analysed() -> None:
    anna, ben = factories.user("anna"), factories.user("ben")
    match = factories.two_player_match("schnapsen", anna, ben)
    for verb in ("get", "post"):
        response = getattr(client_for(anna), verb)(f"/api/matches/{match.pk}/analysis/")
        assert response.status_code == 403 and response.json()["error"]["code"] == "forbidden"
    assert not MatchAnalysis.objects.exists()


def test_an_embargoed_match_is_refused_to_its_players_and_to_everyone_else() -> None:
    match, anna, _ = finished(start_score=1)
    Match.objects.filter(pk=match.pk).update(embargoed=True)
    zoe = factories.user("zoe")
    url = f"/api/matches/{match.pk}/analysis/"
    for user, code in ((anna, "forbidden"), (zoe, "embargoed"), (None, "embargoed")):
        for verb in ("get", "post"):
            response = getattr(client_for(user), verb)(url)
            assert response.status_code == 403 and response.json()["error"]["code"] == code
    assert not MatchAnalysis.objects.exists()


def test_a_game_without_an_analyser_says_so(duel: str) -> None:
    match, anna, _ = finished(duel)
    for verb in ("get", "post"):
        body = getattr(client_for(anna), verb)(f"/api/matches/{match.pk}/analysis/").json()
        assert body["status"] == "unavailable" and body["analysis"] is None
        assert "no analysis is available" in body["message"]
    assert not MatchAnalysis.objects.exists()


def test_a_failed_analysis_is_started_again_on_request(monkeypatch: pytest.MonkeyPatch) -> None:
    match, anna, _ = finished(start_score=1)
    url = f"/api/matches/{match.pk}/analysis/"

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("out of luck")

    monkeypatch.setattr("analysis.running.analyse_match", broken)
    failed = client_for(anna).post(url).json()
    assert failed["status"] == "failed" and "out of luck" not in failed["message"]
    assert MatchAnalysis.objects.get(match=match).error == "out of luck"
    monkeypatch.undo()
    monkeypatch.setattr(schnapsen, "WORLDS", 3)
    monkeypatch.setattr(schnapsen, "VIEW_NODES", 3000)
    monkeypatch.setattr(schnapsen, "OPEN_NODES", 3000)
    assert client_for(anna).post(url).json()["status"] == "done"


def test_a_lost_pending_analysis_is_started_again_on_request() -> None:
    """A request whose task was lost on the way (the broker forgot it) leaves a pending row nobody
    runs: after PENDING_LOST_AFTER the next request hands it over again; before, it waits."""
    from datetime import timedelta

    from django.utils import timezone

    from analysis.running import PENDING_LOST_AFTER

    match, anna, _ = finished(start_score=1)
    url = f"/api/matches/{match.pk}/analysis/"
    row = MatchAnalysis.objects.create(
        match=match, version=schnapsen.SchnapsenAnalyser.version, queued_at=timezone.now()
    )
    assert client_for(anna).post(url).json()["status"] == "pending"  # just handed over: under way
    MatchAnalysis.objects.filter(pk=row.pk).update(
        queued_at=timezone.now() - PENDING_LOST_AFTER - timedelta(seconds=1)
    )
    assert client_for(anna).post(url).json()["status"] == "done"


@pytest.mark.django_db(transaction=True)
def test_rebuilding_the_projection_recomputes_the_same_figures() -> None:
    match, anna, _ = finished(start_score=1)
    client_for(anna).post(f"/api/matches/{match.pk}/analysis/")
    live = MatchAnalysis.objects.get(match=match)
    assert live.status == AnalysisStatus.DONE
    call_command("rebuild_projections", "analysis", verbosity=0)
    rebuilt = MatchAnalysis.objects.get(match=match)
    assert rebuilt.pk != live.pk and rebuilt.data == live.data and rebuilt.status == AnalysisStatus.DONE


def test_the_endpoint_is_in_the_openapi_schema() -> None:
    schema = client_for().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    path = schema["paths"]["/api/matches/{match_id}/analysis/"]
    assert path["get"]["operationId"] == "match_analysis"
    assert path["post"]["operationId"] == "match_analysis_request"


def test_the_celery_runner_enqueues_the_analysis_by_name(
    settings: Any, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    from celery import current_app as celery_app

    match, anna, _ = finished(start_score=1)
    settings.AI_RUNNER = "celery"
    monkeypatch.setitem(celery_app.conf, "CELERY_TASK_ALWAYS_EAGER", True)  # the namespaced key
    with django_capture_on_commit_callbacks(execute=True):
        client_for(anna).post(f"/api/matches/{match.pk}/analysis/")
    # The eager task ran the analysis in this process: the task is registered under that name.
    assert MatchAnalysis.objects.get(match=match).status == AnalysisStatus.DONE
