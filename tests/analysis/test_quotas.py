"""Quotas for the analyses, through POST /api/matches/{id}/analysis/: only the match's players and
staff start one, a person starts at most ANALYSIS_DAILY_QUOTA a day, the site queues or runs at most
ANALYSIS_MAX_ACTIVE at once, the same request twice starts nothing new, an analysis whose worker died
is picked up again by the periodic sweep (a live one keeps its lease), and the embedded server runs
them in one worker thread."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.db import connection
from django.utils import timezone
from rest_framework.test import APIClient

from analysis import running, tasks
from analysis.embedded import SingleWorker
from analysis.models import AnalysisStart, AnalysisStatus, MatchAnalysis
from games.ai.analysis import base as analysis_base
from games.live.actors import Actor
from games.models import Match, MatchStatus
from games.services.matches import match_act
from games.store.events import load_state
from tests import factories
from tests.test_helpers_play import play_to_end
from tests.waiting import wait_until

pytestmark = pytest.mark.django_db

REAL_ANALYSE = analysis_base.analyse_match


def client_for(user: Any = None) -> APIClient:
    c = APIClient()
    if user is not None:
        c.force_login(user)
    return c


def url_of(match: Match) -> str:
    return f"/api/matches/{match.pk}/analysis/"


def finished(a: Any, b: Any, start_score: int = 1) -> Match:
    match = factories.two_player_match("schnapsen", a, b, start_score=start_score)
    play_to_end(match, {0: a, 1: b})
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    return match


@pytest.fixture
def anna() -> Any:
    return factories.user("anna")


@pytest.fixture
def ben() -> Any:
    return factories.user("ben")


def refusal(response: Any) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]


class Broker:
    """Stands in for Celery's broker: keeps the analyses enqueued by name, runs none until
    `deliver` hands them to the real task, in this process, as a worker would."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, tuple[Any, ...]]] = []

    def signature(self, name: str, args: tuple[Any, ...]) -> Any:
        broker = self

        class Message:
            def apply_async(self) -> None:
                broker.sent.append((name, args))

        return Message()

    def deliver(self) -> list[Any]:
        sent, self.sent = self.sent, []
        assert {name for name, _ in sent} <= {"analysis.tasks.analyse"}
        return [tasks.analyse.apply(args=args).get() for _, args in sent]


@pytest.fixture
def broker(settings: Any, monkeypatch: pytest.MonkeyPatch) -> Broker:
    settings.AI_RUNNER = "celery"
    fake = Broker()
    monkeypatch.setattr(running, "celery_app", fake)
    return fake


# --- who may start one --------------------------------------------------------------------------


def test_only_the_match_players_and_staff_start_an_analysis(anna: Any, ben: Any) -> None:
    match = finished(anna, ben)
    zoe = factories.user("zoe")
    guest = client_for()  # a guest with a table of its own, no seat at this one
    table = {"game": "schnapsen", "name": "Gast", "seats": [{"kind": "human"}, {"kind": "human"}]}
    assert guest.post("/api/matches/", table, format="json").status_code == 201
    for who in (client_for(), client_for(zoe), guest):
        assert refusal(who.post(url_of(match))) == (403, "analysis_players_only")
        body = who.get(url_of(match)).json()  # reading stays open to all
        assert body["status"] == "none" and body["may_request"] is False
    assert not MatchAnalysis.objects.exists() and not AnalysisStart.objects.exists()

    assert client_for(anna).get(url_of(match)).json()["may_request"] is True
    asked = client_for(ben).post(url_of(match))
    assert asked.status_code == 200 and asked.json()["status"] == "done"
    assert list(AnalysisStart.objects.values_list("user__username", flat=True)) == ["ben"]
    # others read the finished analysis
    assert client_for(zoe).get(url_of(match)).json()["status"] == "done"

    eve = factories.user("eve")
    eve.is_staff = True
    eve.save()
    other = finished(anna, zoe)
    staff = client_for(eve)
    assert staff.get(url_of(other)).json()["may_request"] is True
    assert staff.post(url_of(other)).json()["status"] == "done"


def test_a_guest_who_played_the_match_starts_its_analysis(django_capture_on_commit_callbacks: Any) -> None:
    guest, stranger = client_for(), client_for()
    body = {
        "game": "schnapsen",
        "name": "Gast Gustav",
        "options": {"start_score": 1},
        "seats": [{"kind": "human"}, {"kind": "ai"}],
    }
    with django_capture_on_commit_callbacks(execute=True):  # the AI seat moves after the commits
        created = guest.post("/api/matches/", body, format="json")
    assert created.status_code == 201, created.content
    match = Match.objects.get(pk=created.json()["id"])
    me = Actor(guest_token=guest.session["guest_token"])
    while True:  # the AI seat moves inline whenever it is its turn
        match.refresh_from_db()
        if match.status != MatchStatus.RUNNING:
            break
        state = load_state(match)
        action = {k: v for k, v in state.legal_actions()[0].items() if k != "seat"}
        with django_capture_on_commit_callbacks(execute=True):
            match_act(match_id=match.pk, actor=me, action=action, expected_seq=match.version)
    stranger.post("/api/matches/", {**body, "name": "Gast Anders"}, format="json")  # a guest elsewhere
    assert refusal(stranger.post(url_of(match))) == (403, "analysis_players_only")
    assert guest.post(url_of(match)).json()["status"] == "done"
    start = AnalysisStart.objects.get()
    assert start.user is None and start.guest_token == me.guest_token


# --- the same request twice -----------------------------------------------------------------------


def test_the_same_request_twice_starts_nothing_new(
    anna: Any, ben: Any, broker: Broker, django_capture_on_commit_callbacks: Any
) -> None:
    match = finished(anna, ben)
    for who in (anna, anna, ben):
        with django_capture_on_commit_callbacks(execute=True):
            asked = client_for(who).post(url_of(match))
        assert asked.status_code == 202 and asked.json()["status"] == "pending"
    assert len(broker.sent) == 1  # one message
    assert MatchAnalysis.objects.count() == 1 and AnalysisStart.objects.count() == 1
    broker.sent.append(broker.sent[0])  # the broker delivers it twice (acks-late after a lost ack)
    assert broker.deliver() == [True, False]  # the second delivery finds it done: nothing to do
    row = MatchAnalysis.objects.get()
    assert row.status == AnalysisStatus.DONE and row.attempts == 1
    assert client_for(anna).post(url_of(match)).status_code == 200
    assert broker.sent == [] and AnalysisStart.objects.count() == 1


# --- the daily quota ------------------------------------------------------------------------------


def test_the_daily_quota_refuses_and_says_when_it_frees_up(settings: Any, anna: Any, ben: Any) -> None:
    settings.ANALYSIS_DAILY_QUOTA = 2
    matches = [finished(anna, ben) for _ in range(3)]
    for match in matches[:2]:
        assert client_for(anna).post(url_of(match)).json()["status"] == "done"
    first = AnalysisStart.objects.order_by("started_at").first()
    assert first is not None
    refused = client_for(anna).post(url_of(matches[2]))
    assert refusal(refused) == (429, "analysis_quota")
    error = refused.json()["error"]
    free_at = first.started_at + timedelta(hours=24)
    assert error["available_at"] == free_at.isoformat() and error["limit"] == 2
    assert 24 * 3600 - 60 < error["retry_after"] <= 24 * 3600
    assert refused["Retry-After"] == str(error["retry_after"])
    assert f"{free_at:%Y-%m-%d %H:%M} UTC" in error["message"]
    assert not MatchAnalysis.objects.filter(match=matches[2]).exists()
    # reading and asking again for a done one cost nothing; another player has a quota of his own
    assert client_for(anna).post(url_of(matches[0])).status_code == 200
    assert client_for(ben).post(url_of(matches[2])).json()["status"] == "done"
    # a day after the first start, one more is possible
    fourth = finished(anna, ben)
    assert refusal(client_for(anna).post(url_of(fourth)))[1] == "analysis_quota"
    AnalysisStart.objects.filter(pk=first.pk).update(
        started_at=timezone.now() - timedelta(hours=24, seconds=1)
    )
    assert client_for(anna).post(url_of(fourth)).json()["status"] == "done"


def test_a_failed_analysis_started_again_counts(
    settings: Any, monkeypatch: pytest.MonkeyPatch, anna: Any, ben: Any
) -> None:
    settings.ANALYSIS_DAILY_QUOTA = 2
    match = finished(anna, ben)

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("out of luck")

    monkeypatch.setattr(running, "analyse_match", broken)
    assert client_for(anna).post(url_of(match)).json()["status"] == "failed"
    assert client_for(anna).post(url_of(match)).json()["status"] == "failed"  # started again
    assert refusal(client_for(anna).post(url_of(match))) == (429, "analysis_quota")
    assert AnalysisStart.objects.count() == 2


def test_staff_have_no_daily_quota(settings: Any, anna: Any, ben: Any) -> None:
    settings.ANALYSIS_DAILY_QUOTA = 1
    eve = factories.user("eve")
    eve.is_staff = True
    eve.save()
    for match in (finished(anna, ben), finished(anna, ben)):
        assert client_for(eve).post(url_of(match)).json()["status"] == "done"


# --- the cap on the whole site --------------------------------------------------------------------


def test_the_cap_refuses_while_the_site_is_busy(
    settings: Any, anna: Any, ben: Any, broker: Broker, django_capture_on_commit_callbacks: Any
) -> None:
    settings.ANALYSIS_MAX_ACTIVE = 1
    one, two = finished(anna, ben), finished(anna, ben)
    with django_capture_on_commit_callbacks(execute=True):
        assert client_for(anna).post(url_of(one)).status_code == 202
    busy = client_for(ben).post(url_of(two))
    assert refusal(busy) == (429, "analysis_busy")
    assert busy.json()["error"]["retry_after"] == 30  # nothing running yet tells how long
    assert busy["Retry-After"] == "30"
    assert not MatchAnalysis.objects.filter(match=two).exists()
    assert AnalysisStart.objects.filter(user=ben).count() == 0  # a refusal costs no quota

    # a running analysis half done after 40 s frees its slot in about 40 s more
    MatchAnalysis.objects.filter(match=one).update(
        status=AnalysisStatus.RUNNING, started_at=timezone.now() - timedelta(seconds=40), done=5, total=10
    )
    assert 39 <= client_for(ben).post(url_of(two)).json()["error"]["retry_after"] <= 42
    MatchAnalysis.objects.filter(match=one).update(status=AnalysisStatus.PENDING, done=0, total=0)

    assert broker.deliver() == [True]
    with django_capture_on_commit_callbacks(execute=True):
        assert client_for(ben).post(url_of(two)).status_code == 202


def test_one_player_has_one_analysis_under_way_at_a_time(
    settings: Any, anna: Any, ben: Any, broker: Broker, django_capture_on_commit_callbacks: Any
) -> None:
    """One account cannot take the site's slots: its second analysis waits for its first."""
    settings.ANALYSIS_MAX_ACTIVE = 4
    one, two = finished(anna, ben), finished(anna, ben)
    with django_capture_on_commit_callbacks(execute=True):
        assert client_for(anna).post(url_of(one)).status_code == 202
    mine = client_for(anna).post(url_of(two))
    assert refusal(mine) == (429, "analysis_busy")
    assert "your analysis is still under way" in mine.json()["error"]["message"]
    assert AnalysisStart.objects.filter(user=anna).count() == 1
    with django_capture_on_commit_callbacks(execute=True):  # another player is not held up by anna
        assert client_for(ben).post(url_of(two)).status_code == 202
    assert broker.deliver() == [True, True]
    third = finished(anna, ben)
    with django_capture_on_commit_callbacks(execute=True):  # anna's first is done: her next may start
        assert client_for(anna).post(url_of(third)).status_code == 202


def _race(calls: list[Callable[[], Any]]) -> list[Any]:
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(i: int) -> None:
        try:
            barrier.wait()
            results[i] = calls[i]()
        except Exception as exc:
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("cap", "quota", "code"), [(2, 0, "analysis_busy"), (0, 2, "analysis_quota")])
def test_parallel_requests_never_pass_a_limit_together(
    settings: Any, monkeypatch: pytest.MonkeyPatch, cap: int, quota: int, code: str
) -> None:
    settings.ANALYSIS_MAX_ACTIVE, settings.ANALYSIS_DAILY_QUOTA = cap, quota
    settings.ANALYSIS_ACTIVE_PER_PLAYER = 0
    settings.AI_RUNNER = "celery"
    monkeypatch.setattr(running, "celery_app", Broker())  # enqueued, never run
    anna, ben = factories.user("anna"), factories.user("ben")
    matches = [finished(anna, ben) for _ in range(6)]

    def ask(match: Match) -> Callable[[], tuple[int, str]]:
        def call() -> tuple[int, str]:
            response = client_for(anna).post(url_of(match))
            return response.status_code, response.json().get("error", {}).get("code", "")

        return call

    results = _race([ask(m) for m in matches])
    assert sorted(results) == [(202, "")] * 2 + [(429, code)] * 4, results
    assert MatchAnalysis.objects.count() == 2


# --- a worker that dies, a worker that lives ------------------------------------------------------


class WorkerKilled(BaseException):
    """The worker process dies mid-analysis: nothing after this point of the run happens."""


def test_a_crashed_analysis_is_picked_up_by_the_periodic_task(
    monkeypatch: pytest.MonkeyPatch,
    anna: Any,
    ben: Any,
    broker: Broker,
    django_capture_on_commit_callbacks: Any,
) -> None:
    match = finished(anna, ben)
    with django_capture_on_commit_callbacks(execute=True):
        assert client_for(anna).post(url_of(match)).status_code == 202

    def dies(analyser: Any, events: Any, progress: Any = None) -> Any:
        progress(1, 10)
        raise WorkerKilled

    monkeypatch.setattr(running, "analyse_match", dies)
    with pytest.raises(WorkerKilled):
        broker.deliver()
    monkeypatch.setattr(running, "analyse_match", REAL_ANALYSE)
    row = MatchAnalysis.objects.get()
    assert row.status == AnalysisStatus.RUNNING and row.attempts == 1
    # Within its lease the sweep leaves it alone (its worker might be alive), and so does a request.
    assert tasks.recover.apply().get() == 0
    assert client_for(anna).post(url_of(match)).json()["status"] == "running"
    assert broker.sent == []
    # The lease runs out (nobody renewed it): the next sweep hands it to a worker again.
    MatchAnalysis.objects.update(lease_until=timezone.now() - timedelta(seconds=1))
    assert tasks.recover.apply().get() == 1
    assert MatchAnalysis.objects.get().status == AnalysisStatus.PENDING
    assert tasks.recover.apply().get() == 0  # handed over once, not at every sweep
    assert client_for(anna).get(url_of(match)).json()["status"] == "pending"  # nor at every poll
    assert broker.deliver() == [True]
    row = MatchAnalysis.objects.get()
    assert row.status == AnalysisStatus.DONE and row.attempts == 2 and row.lease_until is None
    assert AnalysisStart.objects.count() == 1  # the recovery costs the player nothing


def test_the_sweep_runs_often_enough_to_pick_a_crash_up_within_a_minute() -> None:
    from config.celery import app

    entry = next(
        e for e in django_settings.CELERY_BEAT_SCHEDULE.values() if e["task"] == "analysis.tasks.recover"
    )
    assert entry["schedule"] == django_settings.ANALYSIS_SWEEP_INTERVAL
    assert django_settings.ANALYSIS_LEASE + django_settings.ANALYSIS_SWEEP_INTERVAL < 60
    # with the watchdog on `moves`, not behind the analyses on their own queue
    assert app.amqp.router.route({}, "analysis.tasks.recover", (), {})["queue"].name == "moves"
    assert tasks.analyse.acks_late and tasks.analyse.reject_on_worker_lost


def test_an_analysis_that_keeps_killing_its_workers_fails_in_the_end(
    monkeypatch: pytest.MonkeyPatch,
    anna: Any,
    ben: Any,
    broker: Broker,
    django_capture_on_commit_callbacks: Any,
) -> None:
    match = finished(anna, ben)
    with django_capture_on_commit_callbacks(execute=True):
        client_for(anna).post(url_of(match))

    def dies(analyser: Any, events: Any, progress: Any = None) -> Any:
        raise WorkerKilled

    monkeypatch.setattr(running, "analyse_match", dies)
    for _ in range(running.MAX_ATTEMPTS):
        with pytest.raises(WorkerKilled):
            broker.deliver()
        MatchAnalysis.objects.update(lease_until=timezone.now() - timedelta(seconds=1))
        tasks.recover.apply()
    assert broker.sent == []
    body = client_for(anna).get(url_of(match)).json()
    assert body["status"] == "failed"
    assert MatchAnalysis.objects.get().error.startswith(
        f"the analysis was interrupted {running.MAX_ATTEMPTS} times"
    )


def test_a_long_analysis_keeps_its_lease_while_its_worker_lives(
    settings: Any, monkeypatch: pytest.MonkeyPatch, anna: Any, ben: Any
) -> None:
    """Decisions of 0.1 s over several lease lengths: the heartbeat renews the lease, so neither the
    sweep nor a second delivery of the task takes the analysis from the live worker."""
    settings.ANALYSIS_LEASE = 1.0
    match = finished(anna, ben, start_score=7)
    seen: dict[str, Any] = {}

    def slow(analyser: Any, events: Any, progress: Any = None) -> Any:
        began = time.monotonic()

        def tick(done: int, total: int) -> None:
            time.sleep(0.1)
            progress(done, total)
            if "sweep" not in seen and time.monotonic() - began > 2 * settings.ANALYSIS_LEASE:
                row = MatchAnalysis.objects.get()
                seen.update(
                    sweep=tasks.recover.apply().get(), again=tasks.analyse.apply(args=(row.pk,)).get()
                )
                lease = MatchAnalysis.objects.get().lease_until
                assert lease is not None
                seen["lease_left"] = (lease - timezone.now()).total_seconds()

        return REAL_ANALYSE(analyser, events, progress=tick)

    monkeypatch.setattr(running, "analyse_match", slow)
    assert client_for(anna).post(url_of(match)).json()["status"] == "done"
    assert seen["sweep"] == 0 and seen["again"] is False, seen
    assert 0 < seen["lease_left"] <= settings.ANALYSIS_LEASE
    assert MatchAnalysis.objects.get().attempts == 1


# --- the embedded server ---------------------------------------------------------------------------


GATE = threading.Event()


@pytest.fixture
def embedded(settings: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """The thread runner with a worker holding two analyses, and the analyses counted as they run."""
    settings.AI_RUNNER = "thread"
    settings.ANALYSIS_MAX_ACTIVE = 0
    monkeypatch.setattr(
        running, "_embedded", SingleWorker(running.analysis_run, size=2, name="analysis-test")
    )
    counts = {"now": 0, "most": 0, "runs": 0}
    lock = threading.Lock()

    def counted(analyser: Any, events: Any, progress: Any = None) -> Any:
        with lock:
            counts["now"] += 1
            counts["runs"] += 1
            counts["most"] = max(counts["most"], counts["now"])
        try:
            GATE.wait(30)  # every request is in before the first analysis ends
            return REAL_ANALYSE(analyser, events, progress=progress)
        finally:
            with lock:
                counts["now"] -= 1

    GATE.clear()
    monkeypatch.setattr(running, "analyse_match", counted)
    yield counts
    GATE.set()


@pytest.mark.django_db(transaction=True)
def test_the_embedded_server_runs_one_analysis_at_a_time(embedded: dict[str, int], settings: Any) -> None:
    settings.ANALYSIS_ACTIVE_PER_PLAYER = 0  # one player asks for all four
    anna, ben = factories.user("anna"), factories.user("ben")
    matches = [finished(anna, ben) for _ in range(4)]
    answers = [client_for(anna).post(url_of(m)) for m in matches]
    assert [a.status_code for a in answers] == [202] * 4
    GATE.set()
    # the worker holds two; the queue being full, the others wait in the database for the sweep
    wait_until(lambda: MatchAnalysis.objects.filter(status=AnalysisStatus.DONE).count() == 2, 60, "two done")
    waiting = MatchAnalysis.objects.exclude(status=AnalysisStatus.DONE)
    assert waiting.count() == 2 and all(r.queued_at is None for r in waiting)
    assert running.embedded_sweep() == 2
    wait_until(lambda: MatchAnalysis.objects.filter(status=AnalysisStatus.DONE).count() == 4, 60, "all done")
    assert embedded["runs"] == 4 and embedded["most"] == 1
