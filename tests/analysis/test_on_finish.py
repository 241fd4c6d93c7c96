"""The analysis starts when a match ends (ANALYSIS_FOR_PLAYERS), charged to its players within the
quota and the caps; the progress a reader polls moves while it runs, and a poll hands an analysis
whose run ended without storing anything (a restart, a failed write) to the runner again."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from analysis import running
from analysis.embedded import SingleWorker
from analysis.models import AnalysisStart, AnalysisStatus, MatchAnalysis
from analysis.services import on_match_finished
from games.ai.analysis.registry import get_analyser
from games.models import Match, MatchStatus
from tests import factories
from tests.test_helpers_play import play_to_end
from tests.waiting import wait_until

pytestmark = pytest.mark.django_db(transaction=True)  # match_finished is sent after the real commit


@pytest.fixture(autouse=True)
def _for_players(settings: Any) -> None:
    settings.ANALYSIS_FOR_PLAYERS = True


def client_for(user: Any) -> APIClient:
    c = APIClient()
    c.force_login(user)
    return c


def play_against_ai(client: APIClient) -> int:
    """A Schnapsen game to 1 against Anton, opened and played through the API (the first legal card)."""
    created = client.post(
        "/api/matches/",
        {"game": "schnapsen", "options": {"start_score": 1}, "seats": [{"kind": "human"}, {"kind": "ai"}]},
        format="json",
    )
    assert created.status_code == 201, created.content
    match_id = int(created.json()["id"])
    for _ in range(200):
        payload = client.get(f"/api/matches/{match_id}/view/").json()
        if payload["match"]["status"] != "running":
            return match_id
        view = payload["view"]
        if view["to_move"] == payload["seat"] and view["legal"]:
            body = {"action": view["legal"][0], "seq": payload["seq"]}
            answer = client.post(f"/api/matches/{match_id}/actions/", body, format="json")
            assert answer.status_code in (200, 201), answer.content
    raise AssertionError("the match did not end in 200 moves")


def analysis_of(client: APIClient, match_id: int) -> dict[str, Any]:
    answer = client.get(f"/api/matches/{match_id}/analysis/")
    assert answer.status_code == 200, answer.content
    return dict(answer.json())


def test_a_match_against_the_ai_is_analysed_when_it_ends_and_charged_to_its_player() -> None:
    anna = factories.user("anna")
    client = client_for(anna)
    match_id = play_against_ai(client)
    body = analysis_of(client, match_id)  # inline runner: done by the time the last move is answered
    assert body["status"] == "done", body["status"]
    total = len(body["analysis"]["decisions"])
    assert total > 0 and body["progress"] == {"done": total, "total": total}
    # admitted as anna's own request: one start in her quota
    assert list(AnalysisStart.objects.values_list("match_id", "user_id")) == [(match_id, anna.pk)]


def test_without_quota_left_nothing_starts_and_the_player_is_refused_as_before(settings: Any) -> None:
    settings.ANALYSIS_DAILY_QUOTA = 1
    anna = factories.user("anna")
    client = client_for(anna)
    first = play_against_ai(client)
    second = play_against_ai(client)
    assert analysis_of(client, first)["status"] == "done"
    assert analysis_of(client, second)["status"] == "none"
    assert AnalysisStart.objects.count() == 1
    asked = client.post(f"/api/matches/{second}/analysis/")
    assert asked.status_code == 429 and asked.json()["error"]["code"] == "analysis_quota"


def test_the_next_player_with_quota_left_is_charged(settings: Any) -> None:
    settings.ANALYSIS_DAILY_QUOTA = 1
    anna, ben = factories.user("anna"), factories.user("ben")
    earlier = play_against_ai(client_for(anna))  # uses up anna's quota
    match = factories.two_player_match("schnapsen", anna, ben, start_score=1)
    play_to_end(match, {0: anna, 1: ben})
    assert MatchAnalysis.objects.get(match=match).status == AnalysisStatus.DONE
    starts = AnalysisStart.objects.order_by("pk").values_list("match_id", "user_id")
    assert list(starts) == [(earlier, anna.pk), (match.pk, ben.pk)]


def test_a_busy_site_starts_nothing(settings: Any) -> None:
    settings.ANALYSIS_MAX_ACTIVE = 1
    anna, ben = factories.user("anna"), factories.user("ben")
    other = factories.two_player_match("schnapsen", anna, ben)
    analyser = get_analyser("schnapsen")
    assert analyser is not None
    MatchAnalysis.objects.create(match=other, version=analyser.version, queued_at=timezone.now())
    match_id = play_against_ai(client_for(factories.user("cora")))
    assert not MatchAnalysis.objects.filter(match_id=match_id).exists()
    assert not AnalysisStart.objects.exists()


def test_a_match_of_ai_seats_only_is_not_analysed_unasked() -> None:
    anna, ben = factories.user("anna"), factories.user("ben")
    match = factories.two_player_match("schnapsen", anna, ben, start_score=1)
    play_to_end(match, {0: anna, 1: ben})
    MatchAnalysis.objects.all().delete()
    AnalysisStart.objects.all().delete()
    match.seats.update(kind="ai", user=None)
    on_match_finished(None, match_id=match.pk)  # as if the AIs had played it (an arena match)
    assert not MatchAnalysis.objects.exists() and not AnalysisStart.objects.exists()


# --- the embedded server: one worker thread ---------------------------------------------------------


@pytest.fixture
def embedded(settings: Any, monkeypatch: pytest.MonkeyPatch) -> SingleWorker:
    settings.AI_RUNNER = "thread"
    worker = SingleWorker(running.analysis_run, size=4, name="analysis-test")
    monkeypatch.setattr(running, "_embedded", worker)
    return worker


def _finished_between(anna: Any, ben: Any) -> Match:
    """Two humans: with the thread runner no AI move is waited for."""
    match = factories.two_player_match("schnapsen", anna, ben, start_score=1)
    play_to_end(match, {0: anna, 1: ben})
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    return match


def test_the_embedded_worker_runs_the_analysis_of_a_match_that_ended(embedded: SingleWorker) -> None:
    anna, ben = factories.user("anna"), factories.user("ben")
    match = _finished_between(anna, ben)
    row = MatchAnalysis.objects.get(match=match)  # queued as the match ended, nobody asked
    wait_until(lambda: MatchAnalysis.objects.get(pk=row.pk).status == AnalysisStatus.DONE, 60, "done")
    row.refresh_from_db()
    assert row.done == row.total > 0 and row.attempts == 1
    assert AnalysisStart.objects.get().user_id == anna.pk


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """analyse_match writes progress 0..3 of 10, then waits for the event before the real work."""
    gate = threading.Event()
    real = running.analyse_match

    def slow(analyser: Any, events: Any, progress: Any = None) -> Any:
        for done in range(4):
            progress(done, 10)
        gate.wait(30)
        return real(analyser, events, progress=progress)

    monkeypatch.setattr(running, "analyse_match", slow)
    yield gate
    gate.set()


def test_the_progress_a_reader_polls_moves_while_it_runs(
    embedded: SingleWorker, held: threading.Event
) -> None:
    anna, ben = factories.user("anna"), factories.user("ben")
    match = _finished_between(anna, ben)
    client = client_for(ben)
    url = f"/api/matches/{match.pk}/analysis/"
    during = wait_until(
        lambda: (b := client.get(url).json())["progress"] == {"done": 3, "total": 10} and b, 30, "progress"
    )
    assert during["status"] == "running" and during["analysis"] is None
    held.set()
    wait_until(lambda: client.get(url).json()["status"] == "done", 60, "done")
    body = client.get(url).json()
    assert body["progress"]["done"] == body["progress"]["total"] == len(body["analysis"]["decisions"])


def _stranded(match: Match) -> MatchAnalysis:
    """An analysis whose run ended at "2 of 79" without storing anything (the process restarted)."""
    analyser = get_analyser(match.game)
    assert analyser is not None
    past = timezone.now() - timedelta(minutes=10)
    return MatchAnalysis.objects.create(
        match=match,
        version=analyser.version,
        status=AnalysisStatus.RUNNING,
        done=2,
        total=79,
        attempts=1,
        queued_at=past,
        started_at=past,
        lease_until=past + timedelta(seconds=30),
    )


def test_a_poll_hands_a_stranded_analysis_to_the_worker_again(settings: Any, embedded: SingleWorker) -> None:
    settings.ANALYSIS_FOR_PLAYERS = False
    anna, ben = factories.user("anna"), factories.user("ben")
    match = _finished_between(anna, ben)
    row = _stranded(match)
    client = client_for(factories.user("visitor"))  # any reader: no quota is charged
    first = client.get(f"/api/matches/{match.pk}/analysis/").json()
    assert first["status"] in ("pending", "running")
    assert first["progress"] != {"done": 2, "total": 79}  # the dead run's count is not shown as live
    url = f"/api/matches/{match.pk}/analysis/"
    wait_until(lambda: client.get(url).json()["status"] == "done", 60, "done")
    row.refresh_from_db()
    assert row.attempts == 2 and row.done == row.total != 79
    assert not AnalysisStart.objects.exists()


def test_a_poll_leaves_an_analysis_its_worker_still_runs(
    settings: Any, embedded: SingleWorker, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.ANALYSIS_FOR_PLAYERS = False
    anna, ben = factories.user("anna"), factories.user("ben")
    match = _finished_between(anna, ben)
    row = _stranded(match)
    monkeypatch.setattr(embedded, "items", lambda: {row.pk})  # the worker is on it, however slowly
    body = client_for(anna).get(f"/api/matches/{match.pk}/analysis/").json()
    assert body["status"] == "running" and body["progress"] == {"done": 2, "total": 79}
    row.refresh_from_db()
    assert row.attempts == 1 and row.status == AnalysisStatus.RUNNING
