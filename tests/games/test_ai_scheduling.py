"""AI moves are started by the AI service's receiver of `ai_move_due` (games.live.dispatch only sends the
signal), and with AI_RUNNER="celery" as a Celery task enqueued by name."""

from __future__ import annotations

import time
from typing import Any

import pytest
from celery.signals import task_prerun

from config.celery import app as celery_app
from games import tasks
from games.live.actors import Actor
from games.live.dispatch import trick_just_completed
from games.models import Match, MatchEvent, MatchStatus
from games.services.ai import Planned, ai_move_play, ai_move_schedule, on_ai_move_due
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


def test_the_celery_runner_enqueues_the_task_by_name_at_once_with_the_time_the_move_is_due(
    settings, monkeypatch
) -> None:
    settings.AI_RUNNER = "celery"
    settings.AI_MOVE_DELAY = 0.25
    monkeypatch.setitem(celery_app.conf, "CELERY_TASK_ALWAYS_EAGER", False)  # the namespaced key
    sent: list[tuple[str, Any, Any, Any]] = []
    monkeypatch.setattr(
        celery_app,
        "send_task",
        lambda name, args=None, kwargs=None, **opts: sent.append((name, args, kwargs, opts)),
    )
    anna = factories.user("anna")
    before = time.time()
    match = ai_to_move(preisjass_vs_ai(anna), anna)
    name, args, kwargs, options = sent[-1]
    assert (name, tuple(args)) == ("games.tasks.ai_move", (match.pk, match.version))
    # chosen at once (the thinking hides in the pause), stored when the pause is over
    assert not options.get("countdown") and not options.get("eta")
    assert before + 0.25 <= kwargs["due"] <= time.time() + 0.25


def an_ai_seat_to_move() -> Match:
    """A Preisjass table where an AI seat is to move, reached with the AI service not listening (the
    first trick: at most the human's lead before it, and no trick finished)."""
    anna = factories.user("anna")
    ai_move_due.disconnect(dispatch_uid="games.ai_move_schedule")
    try:
        match = ai_to_move(preisjass_vs_ai(anna), anna)
    finally:
        ai_move_due.connect(on_ai_move_due, dispatch_uid="games.ai_move_schedule")
    assert load_state(match).to_move in (1, 2, 3)
    return match


def test_a_move_chosen_before_its_time_waits_in_a_task_with_the_countdown_and_is_stored_once() -> None:
    match = an_ai_seat_to_move()
    seq, to_move = match.version, load_state(match).to_move
    kept: list[tuple[float, Planned]] = []
    played = ai_move_play(match.pk, seq, due=time.time() + 0.5, later=lambda s, p: kept.append((s, p)))
    assert played is None and not MatchEvent.objects.filter(match=match, seq__gt=seq).exists()
    ((seconds, planned),) = kept
    assert 0.3 < seconds <= 0.5
    assert planned.seat == to_move and not planned.system
    legal = [{k: v for k, v in a.items() if k != "seat"} for a in load_state(match).legal_actions()]
    assert planned.action in legal
    # The store task: the chosen move, once; a repeat (a redelivered task) adds nothing.
    ai_move_due.disconnect(dispatch_uid="games.ai_move_schedule")
    try:
        store = (match.pk, seq, planned.seat, planned.system, planned.action)
        assert tasks.ai_move_store(*store) == seq + 1
        assert tasks.ai_move_store(*store) in (None, seq + 1)
    finally:
        ai_move_due.connect(on_ai_move_due, dispatch_uid="games.ai_move_schedule")
    stored = MatchEvent.objects.filter(match=match, seq__gt=seq)
    assert stored.count() == 1 and stored.get().command_id == f"ai:{seq}"
    assert stored.get().data["card"] == planned.action["card"]


def test_a_move_stored_late_after_the_table_moved_on_is_dropped() -> None:
    match = an_ai_seat_to_move()
    ai_move_due.disconnect(dispatch_uid="games.ai_move_schedule")
    try:
        seq = match.version
        kept: list[Planned] = []
        ai_move_play(match.pk, seq, due=time.time() + 5, later=lambda s, p: kept.append(p))
        ai_move_play(match.pk, seq)  # another copy of the move (the watchdog's requeue) got there first
        assert tasks.ai_move_store(match.pk, seq, kept[0].seat, False, kept[0].action) in (None, seq + 1)
    finally:
        ai_move_due.connect(on_ai_move_due, dispatch_uid="games.ai_move_schedule")
    assert MatchEvent.objects.filter(match=match, seq__gt=seq).count() == 1


def test_without_a_later_the_thread_waits_until_the_move_is_due() -> None:
    match = an_ai_seat_to_move()
    ai_move_due.disconnect(dispatch_uid="games.ai_move_schedule")
    try:
        due = time.time() + 0.3
        assert ai_move_play(match.pk, match.version, due=due) == match.version + 1
    finally:
        ai_move_due.connect(on_ai_move_due, dispatch_uid="games.ai_move_schedule")
    assert time.time() >= due


@pytest.mark.parametrize("pause", [1.2, 0.2])
def test_the_lead_after_a_finished_trick_waits_the_longer_of_the_pause_and_the_move_delay(
    settings, pause: float
) -> None:
    settings.AI_MOVE_DELAY, settings.TRICK_PAUSE = 0.5, pause
    anna = factories.user("anna")
    match = preisjass_vs_ai(anna)
    due: list[tuple[bool, float]] = []  # (a trick had just been finished, the delay) per AI move due

    def record(sender: Any, **kwargs: Any) -> None:
        state = load_state(Match.objects.get(pk=kwargs["match_id"]))
        due.append((trick_just_completed(state), kwargs["delay"]))

    # Every seat's moves by hand (the AI seats' as the AI), the AI service not listening.
    ai_move_due.disconnect(dispatch_uid="games.ai_move_schedule")
    ai_move_due.connect(record, dispatch_uid="test.record")
    try:
        for _ in range(200):
            if {after for after, _ in due} == {True, False}:
                break
            match.refresh_from_db()
            state = load_state(match)
            seat = state.to_move
            assert isinstance(seat, int)  # chance events are the engine's: never to act on here
            action = {k: v for k, v in state.legal_actions()[0].items() if k != "seat"}
            match_act(
                match_id=match.pk,
                actor=factories.actor(anna) if seat == 0 else Actor.for_ai(seat),
                action=action,
                expected_seq=match.version,
            )
    finally:
        ai_move_due.connect(on_ai_move_due, dispatch_uid="games.ai_move_schedule")
        ai_move_due.disconnect(dispatch_uid="test.record")
    assert {after for after, _ in due} == {True, False}
    assert all(delay == (max(0.5, pause) if after else 0.5) for after, delay in due)


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
