"""AI moves are started by the AI service's receiver of `ai_move_due` (games.live.dispatch only sends the
signal), and with AI_RUNNER="celery" as a Celery task enqueued by name."""

from __future__ import annotations

from typing import Any

import pytest
from celery.signals import task_prerun

from config.celery import app as celery_app
from games.models import Match, MatchEvent, MatchStatus
from games.services.ai import ai_move_schedule, on_ai_move_due
from games.services.matches import SeatSpec, match_act, match_create
from games.signals import ai_move_due
from games.store.events import load_state
from tests import factories

pytestmark = pytest.mark.django_db(transaction=True)


def preisjass_vs_ai(creator: Any) -> Match:
    match = match_create(
        game="preisjass",
        creator=factories.actor(creator),
        seats=[SeatSpec(), SeatSpec("ai"), SeatSpec("ai"), SeatSpec("ai")],
        creator_seat=0,
    )
    match.refresh_from_db()
    return match


def ai_to_move(match: Match, creator: Any) -> Match:
    """Play the human's card if the human leads, so that an AI seat is to move."""
    state = load_state(match)
    if state.to_move == 0:
        card = state.legal_actions()[0]["card"]
        match_act(
            match_id=match.pk,
            actor=factories.actor(creator),
            action={"type": "play", "card": card},
            expected_seq=match.version,
        )
        match.refresh_from_db()
    return match


def test_the_ai_move_starts_from_the_receiver_of_ai_move_due() -> None:
    anna = factories.user("anna")
    due: list[dict[str, Any]] = []

    def record(sender: Any, **kwargs: Any) -> None:
        due.append({k: kwargs[k] for k in ("match_id", "seq", "delay")})

    ai_move_due.connect(record, dispatch_uid="test.record")
    ai_move_due.disconnect(dispatch_uid="games.ai_move_schedule")
    try:
        match = ai_to_move(preisjass_vs_ai(anna), anna)
    finally:
        ai_move_due.connect(on_ai_move_due, dispatch_uid="games.ai_move_schedule")
        ai_move_due.disconnect(dispatch_uid="test.record")
    # Without the AI service listening, the append only announced the move: nothing was played.
    assert load_state(match).to_move in (1, 2, 3)
    assert not MatchEvent.objects.filter(match=match, command_id__startswith="ai:").exists()
    assert due[-1] == {"match_id": match.pk, "seq": match.version, "delay": 0}
    # The service plays it (and the AI moves that follow) once it is scheduled.
    ai_move_schedule(match_id=match.pk, seq=match.version, delay=0)
    match.refresh_from_db()
    assert match.status == MatchStatus.RUNNING and load_state(match).to_move == 0
    assert MatchEvent.objects.filter(match=match, command_id=f"ai:{due[-1]['seq']}").exists()


def test_the_celery_runner_enqueues_the_task_by_name_with_the_delay(settings, monkeypatch) -> None:
    settings.AI_RUNNER = "celery"
    settings.AI_MOVE_DELAY = 0.25
    monkeypatch.setitem(celery_app.conf, "CELERY_TASK_ALWAYS_EAGER", False)  # the namespaced key
    sent: list[tuple[str, Any, Any]] = []
    monkeypatch.setattr(
        celery_app, "send_task", lambda name, args=None, kwargs=None, **opts: sent.append((name, args, opts))
    )
    anna = factories.user("anna")
    match = ai_to_move(preisjass_vs_ai(anna), anna)
    name, args, options = sent[-1]
    assert (name, tuple(args)) == ("games.tasks.ai_move", (match.pk, match.version))
    assert options["countdown"] >= 0.25


def test_an_eager_celery_runs_the_ai_task_in_process(settings, monkeypatch) -> None:
    settings.AI_RUNNER = "celery"
    monkeypatch.setitem(celery_app.conf, "CELERY_TASK_ALWAYS_EAGER", True)  # the namespaced key
    ran: list[str] = []

    def record(sender: Any = None, task: Any = None, **kwargs: Any) -> None:
        ran.append(task.name)

    task_prerun.connect(record, weak=False)
    try:
        anna = factories.user("anna")
        match = ai_to_move(preisjass_vs_ai(anna), anna)
    finally:
        task_prerun.disconnect(record)
    match.refresh_from_db()
    assert "games.tasks.ai_move" in ran
    assert load_state(match).to_move == 0  # the AI seats played up to the human
