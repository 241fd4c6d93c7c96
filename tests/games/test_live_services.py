"""Live-play services: AI seats, move timer, away players, leaving, abandoning, practice, replay,
spectator switch, and the watchdog that re-enqueues stalled AI moves."""

from __future__ import annotations

import datetime as dt
import uuid

import pytest
from django.db import OperationalError
from django.utils import timezone
from rest_framework.test import APIClient

from games.errors import BadRequest, Forbidden
from games.live import presence
from games.live.actors import Actor
from games.models import Match, MatchEvent, MatchStatus, Seat, SeatSocket, WebProcess
from games.selectors import match_replay, match_view
from games.services.matches import SeatSpec, match_act, match_create, match_join, match_show_hands
from games.services.watchdog import watchdog_tick
from games.signals import process_released
from games.store.events import load_state
from tests import factories

pytestmark = pytest.mark.django_db(transaction=True)


def later(seconds: float) -> dt.datetime:
    return timezone.now() + dt.timedelta(seconds=seconds)


def connect(match_id: int, seat: int) -> str:
    """One socket more at a seat, held by this process; returns its key."""
    key = uuid.uuid4().hex
    presence.seat_connected(match_id=match_id, seat=seat, socket=key)
    return key


def preisjass_vs_ai(actor: Actor, **kwargs) -> Match:
    return match_create(
        game="preisjass",
        creator=actor,
        seats=[SeatSpec(), SeatSpec("ai"), SeatSpec("ai"), SeatSpec("ai")],
        **kwargs,
    )


def test_ai_seats_play_until_the_human_is_to_move() -> None:
    anna = factories.actor(factories.user("anna"))
    match = preisjass_vs_ai(anna)
    match.refresh_from_db()
    state = load_state(match)
    assert match.status == MatchStatus.RUNNING and state.to_move == 0
    names = [s.display_name for s in match.seats.order_by("index")]
    assert names == ["Anna", "Anna", "Paul", "Mia"]  # the creator is "Anna" too (username anna)
    ai_events = MatchEvent.objects.filter(match=match, command_id__startswith="ai:")
    assert all(e.seat in (1, 2, 3) for e in ai_events)


def test_move_timer_lets_anton_play_one_move_and_the_player_keeps_the_seat() -> None:
    anna = factories.actor(factories.user("anna"))
    match = preisjass_vs_ai(anna, move_timer=30)
    connect(match.pk, 0)
    match.refresh_from_db()
    before = match.version
    assert watchdog_tick(later(10))["stand_in"] == 0
    assert watchdog_tick(later(31))["stand_in"] == 1
    match.refresh_from_db()
    played = MatchEvent.objects.get(match=match, seq=before + 1)
    assert played.seat == 0 and played.type == "play"
    seat = Seat.objects.get(match=match, index=0)
    assert not seat.autoplay and seat.user_id == anna.user_id  # still the player's seat


def test_away_player_is_replaced_after_the_timeout_counted_on_its_own_turn(settings) -> None:
    settings.DISCONNECT_TIMEOUT = 60
    anna, ben = factories.actor(factories.user("anna")), factories.actor(factories.user("ben"))
    match = match_create(
        game="preisjass", creator=anna, seats=[SeatSpec(), SeatSpec("ai"), SeatSpec(), SeatSpec("ai")]
    )
    match_join(match_id=match.pk, actor=ben)
    match.refresh_from_db()
    away = load_state(match).to_move  # the AI seats have moved: a human (0 or 2) is to move
    assert isinstance(away, int) and away in (0, 2)
    sockets = {seat: connect(match.pk, seat) for seat in (0, 2)}
    presence.seat_disconnected(match_id=match.pk, seat=away, socket=sockets[away])
    assert watchdog_tick(later(30))["stand_in"] == 0
    assert watchdog_tick(later(61))["stand_in"] == 1
    # Anton keeps playing the away seat (its next turns need no further timeout) ...
    match.refresh_from_db()
    assert Seat.objects.get(match=match, index=away).autoplay
    assert MatchEvent.objects.filter(match=match, seat=away, type="play").exists()
    # ... and when the player comes back, the seat is theirs again.
    connect(match.pk, away)
    assert not Seat.objects.get(match=match, index=away).autoplay


def test_all_humans_leaving_abandons_the_match_and_leave_errors() -> None:
    anna, ben = factories.user("anna"), factories.user("ben")
    match = match_create(
        game="preisjass",
        creator=factories.actor(anna),
        seats=[SeatSpec(), SeatSpec(), SeatSpec("ai"), SeatSpec("ai")],
    )
    match_join(match_id=match.pk, actor=factories.actor(ben))
    c = APIClient()
    c.force_login(factories.user("carla"))
    r = c.post(f"/api/matches/{match.pk}/leave/")
    assert r.status_code == 403
    presence.match_leave(match_id=match.pk, actor=factories.actor(anna))
    match.refresh_from_db()
    assert match.status == MatchStatus.RUNNING
    presence.match_leave(match_id=match.pk, actor=factories.actor(ben))
    match.refresh_from_db()
    assert match.status == MatchStatus.ABANDONED and match.finished_at is not None


def test_deserted_match_is_abandoned_by_the_watchdog(settings) -> None:
    settings.ABANDON_TIMEOUT, settings.PAUSED_TABLE_DAYS = 600, 7
    anna = factories.actor(factories.user("anna"))
    match = preisjass_vs_ai(anna)
    presence.seat_disconnected(match_id=match.pk, seat=0, socket=connect(match.pk, 0))
    match.refresh_from_db()
    version = match.version
    # Nobody else is at the table: Anton does not finish the run for the away player; it waits.
    assert watchdog_tick(later(100)) == {
        "requeued": 0,
        "stand_in": 0,
        "abandoned": 0,
        "overdue": 0,
        "released": 0,
    }
    match.refresh_from_db()
    assert match.status == MatchStatus.RUNNING and match.version == version
    # Its only human away, the table against AI is paused past the abandon time, for days.
    watchdog_tick(later(700))
    match.refresh_from_db()
    assert match.status == MatchStatus.RUNNING
    watchdog_tick(later(7 * 86400 + 100))
    match.refresh_from_db()
    assert match.status == MatchStatus.ABANDONED


def test_watchdog_reenqueues_a_stalled_ai_move(settings, monkeypatch) -> None:
    anna = factories.actor(factories.user("anna"))
    # Lose every AI move on the way (as a crashed worker would).
    monkeypatch.setattr("games.services.ai._run_inline", lambda match_id, seq: None)
    match = preisjass_vs_ai(anna, creator_seat=0)
    match.refresh_from_db()
    if load_state(match).to_move == 0:  # the human leads: play one card, then an AI seat is due
        card = load_state(match).legal_actions()[0]["card"]
        match_act(
            match_id=match.pk, actor=anna, action={"type": "play", "card": card}, expected_seq=match.version
        )
        match.refresh_from_db()
    stuck_at = match.version
    assert load_state(match).to_move in (1, 2, 3)  # an AI seat to move, and nothing happened
    assert watchdog_tick(later(settings.AI_STALL_AFTER + 1))["requeued"] == 1
    match.refresh_from_db()
    assert match.version == stuck_at  # still lost
    # The next ticks leave it alone for one more stall period (no pile of copies while no worker runs).
    assert watchdog_tick(later(settings.AI_STALL_AFTER + 2))["requeued"] == 0
    monkeypatch.undo()
    counts = watchdog_tick(later(2 * settings.AI_STALL_AFTER + 2))
    match.refresh_from_db()
    assert counts["requeued"] == 1 and match.version > stuck_at
    assert load_state(match).to_move == 0


def test_show_all_hands_only_against_ai_and_marks_practice() -> None:
    anna = factories.actor(factories.user("anna"))
    match = preisjass_vs_ai(anna)
    match_show_hands(match_id=match.pk, actor=anna)
    match.refresh_from_db()
    payload = match_view(match, anna)
    assert match.practice and sorted(payload["all_hands"]) == ["0", "1", "2", "3"]
    in_hands = sum(len(h) for h in payload["all_hands"].values())
    assert in_hands + len(payload["view"]["trick"]) == 36
    assert "all_hands" not in match_view(match, Actor())  # never to a spectator

    a, b = factories.user("ben"), factories.user("carla")
    duel_match = match_create(
        game="preisjass",
        creator=factories.actor(a),
        seats=[SeatSpec(), SeatSpec(), SeatSpec("ai"), SeatSpec("ai")],
    )
    match_join(match_id=duel_match.pk, actor=factories.actor(b))
    with pytest.raises(BadRequest):
        match_show_hands(match_id=duel_match.pk, actor=factories.actor(a))


def test_replay_of_a_finished_match_has_every_step_with_all_hands(duel) -> None:
    from tests.test_helpers_play import play_to_end

    a, b = factories.user("anna"), factories.user("ben")
    match = factories.two_player_match(duel, a, b)
    with pytest.raises(Forbidden):
        match_replay(match)
    play_to_end(match, {0: a, 1: b})
    match.refresh_from_db()
    replay = match_replay(match)
    assert [s["seq"] for s in replay["steps"]] == list(range(1, match.version + 1))
    dealt = replay["steps"][1]
    assert len(dealt["hands"]["0"]) == 3 and len(dealt["hands"]["1"]) == 3
    assert replay["steps"][-1]["hands"] == {"0": [], "1": []}
    assert replay["result"]["finished"]


def test_only_the_opener_switches_spectators_off(duel) -> None:
    a, b = factories.user("anna"), factories.user("ben")
    match = factories.two_player_match(duel, a, b)
    cb = APIClient()
    cb.force_login(b)
    assert (
        cb.patch(f"/api/matches/{match.pk}/", {"spectators_allowed": False}, format="json").status_code == 403
    )
    ca = APIClient()
    ca.force_login(a)
    r = ca.patch(f"/api/matches/{match.pk}/", {"spectators_allowed": False}, format="json")
    assert r.status_code == 200 and r.json()["spectators_allowed"] is False
    assert APIClient().get(f"/api/matches/{match.pk}/view/").status_code == 403
    assert cb.get(f"/api/matches/{match.pk}/view/").status_code == 200  # players still see their view


def test_an_ai_past_its_hard_deadline_gets_a_legal_fallback_move(settings, monkeypatch) -> None:
    import threading

    from games import ai as ai_registry
    from games.services.ai import choose_move

    release, answered = threading.Event(), threading.Event()

    class Stuck:
        """Decides only once the test lets it: the deadline, not its answer, ends the wait."""

        name = "Stuck"

        def choose(self, view, legal, rng):
            release.wait(30)
            answered.set()
            return legal[-1]

    real_get_player = ai_registry.get_player
    monkeypatch.setattr(
        ai_registry,
        "get_player",
        lambda game, version="anton": Stuck() if version == "stuck" else real_get_player(game, version),
    )
    settings.AI_HARD_DEADLINE = 0.1
    anna = factories.actor(factories.user("anna"))
    match = preisjass_vs_ai(anna)
    match.refresh_from_db()
    state = load_state(match)
    seat = next(s for s in match.seats.all() if s.index == state.to_move)
    try:
        action = choose_move(match, seat, state, "stuck", match.version)
        assert not answered.is_set()  # choose_move gave up on the player rather than waiting for it
    finally:
        release.set()  # frees the pool's thread
    anton = real_get_player("preisjass", "anton")
    import random as _random

    expected = anton.choose(
        state.view(seat.index), state.legal_actions(), _random.Random(f"{match.pk}:{match.version}:fallback")
    )
    assert action == {k: v for k, v in expected.items() if k != "seat"}


def test_socket_counts_start_the_away_clock_only_when_the_last_socket_closes() -> None:
    anna = factories.actor(factories.user("anna"))
    match = preisjass_vs_ai(anna)
    first, second = connect(match.pk, 0), connect(match.pk, 0)
    presence.seat_disconnected(match_id=match.pk, seat=0, socket=first)
    seat = Seat.objects.get(match=match, index=0)
    assert (seat.connections, seat.away_since) == (1, None)
    presence.seat_disconnected(match_id=match.pk, seat=0, socket=second)
    seat = Seat.objects.get(match=match, index=0)
    assert seat.connections == 0 and seat.away_since is not None
    presence.seat_disconnected(match_id=match.pk, seat=0, socket=second)  # twice: changes nothing
    again = Seat.objects.get(match=match, index=0)
    assert (again.connections, again.away_since) == (0, seat.away_since)


def test_watchdog_query_picks_only_tables_that_may_need_it(settings, monkeypatch) -> None:
    settings.DISCONNECT_TIMEOUT, settings.ABANDON_TIMEOUT = 60, 600
    anna, ben = factories.actor(factories.user("anna")), factories.actor(factories.user("ben"))
    quiet = match_create(
        game="preisjass", creator=anna, seats=[SeatSpec(), SeatSpec(), SeatSpec(), SeatSpec()]
    )
    for name in ("carla", "dora", "emil"):
        match_join(match_id=quiet.pk, actor=factories.actor(factories.user(name)))
    quiet_sockets = [connect(quiet.pk, seat) for seat in range(4)]
    quiet.refresh_from_db()
    assert quiet.to_move == load_state(quiet).to_move  # the turn is stored with every append
    monkeypatch.setattr("games.services.ai._run_inline", lambda match_id, seq: None)  # AI moves lost
    stalled = preisjass_vs_ai(ben, creator_seat=0)
    stalled.refresh_from_db()
    if stalled.to_move == 0:  # the human leads: play one card, then an AI seat is due
        card = load_state(stalled).legal_actions()[0]["card"]
        match_act(
            match_id=stalled.pk,
            actor=ben,
            action={"type": "play", "card": card},
            expected_seq=stalled.version,
        )
    connect(stalled.pk, 0)

    from games.services.watchdog import _due

    assert set(_due(later(1)).values_list("pk", flat=True)) == set()
    assert set(_due(later(settings.AI_STALL_AFTER + 1)).values_list("pk", flat=True)) == {stalled.pk}
    # The player to move at the quiet table goes away: due once the away clock has run on their turn.
    assert quiet.to_move is not None
    presence.seat_disconnected(match_id=quiet.pk, seat=quiet.to_move, socket=quiet_sockets[quiet.to_move])
    assert quiet.pk not in _due(later(30)).values_list("pk", flat=True)
    assert quiet.pk in _due(later(61)).values_list("pk", flat=True)
    # Everybody goes: nobody is left for Anton to play with, so it is due only to be abandoned.
    for seat, key in enumerate(quiet_sockets):
        if seat != quiet.to_move:
            presence.seat_disconnected(match_id=quiet.pk, seat=seat, socket=key)
    assert quiet.pk not in _due(later(61)).values_list("pk", flat=True)
    assert quiet.pk in _due(later(601)).values_list("pk", flat=True)


def test_sockets_of_a_silent_web_process_stop_counting_and_it_reconnects_them(settings, monkeypatch) -> None:
    settings.PRESENCE_EXPIRY = 60
    anna = factories.actor(factories.user("anna"))
    match = preisjass_vs_ai(anna)
    # Another web process holds a socket of the seat and keeps beating (until later(50)) ...
    monkeypatch.setattr(presence, "process_id", lambda: "web-b:2:beef")
    theirs = connect(match.pk, 0)
    b_seen = later(50)
    WebProcess.objects.filter(pk="web-b:2:beef").update(seen_at=b_seen)
    monkeypatch.undo()
    presence.forget_registration()
    mine = connect(match.pk, 0)  # ... and this process holds one, registered now
    seen = WebProcess.objects.get(pk=presence.process_id()).seen_at
    assert Seat.objects.get(match=match, index=0).connections == 2

    assert watchdog_tick(later(59))["released"] == 0  # silent, but not yet for PRESENCE_EXPIRY
    assert watchdog_tick(later(61))["released"] == 1  # this process counts as dead: its socket goes
    seat = Seat.objects.get(match=match, index=0)
    assert (seat.connections, seat.away_since) == (1, None)  # the other process's socket still counts
    assert list(SeatSocket.objects.values_list("key", flat=True)) == [theirs]

    # web-b dies too: the seat is away since web-b was last seen.
    assert watchdog_tick(later(111))["released"] == 1
    seat = Seat.objects.get(match=match, index=0)
    assert (seat.connections, seat.away_since) == (0, b_seen)
    assert not WebProcess.objects.exists() and not SeatSocket.objects.exists()

    # This process was only slow: its heartbeat finds it released and makes its sockets reconnect;
    # the old socket's late disconnect changes nothing, and the reconnect counts again.
    released: list[bool] = []
    process_released.connect(lambda **kw: released.append(True), weak=False, dispatch_uid="t")
    try:
        assert presence.process_heartbeat() is False and released == [True]
        assert presence.process_heartbeat() is True and released == [True]  # told once
    finally:
        process_released.disconnect(dispatch_uid="t")
    presence.seat_disconnected(match_id=match.pk, seat=0, socket=mine)
    assert Seat.objects.get(match=match, index=0).connections == 0
    connect(match.pk, 0)
    assert Seat.objects.get(match=match, index=0).connections == 1
    assert WebProcess.objects.get().seen_at > seen


def test_presence_settings_are_checked(settings) -> None:
    from games.checks import presence_settings

    settings.PRESENCE_HEARTBEAT, settings.PRESENCE_EXPIRY = 10, 60
    assert presence_settings(None) == []
    settings.PRESENCE_HEARTBEAT = 30  # two missed beats would count a live process dead
    assert [e.id for e in presence_settings(None)] == ["games.E001"]
    settings.PRESENCE_HEARTBEAT = 0  # no heartbeat at all
    assert [e.id for e in presence_settings(None)] == ["games.E001"]
    settings.PRESENCE_EXPIRY = 0  # expiry off: no heartbeat needed
    assert presence_settings(None) == []


def test_a_failed_disconnect_is_made_good_by_the_next_heartbeat(monkeypatch) -> None:
    anna = factories.actor(factories.user("anna"))
    match = preisjass_vs_ai(anna)
    first, second = connect(match.pk, 0), connect(match.pk, 0)

    def database_away(*args, **kwargs):
        raise OperationalError("the database went away")

    monkeypatch.setattr(presence.transaction, "atomic", database_away)
    with pytest.raises(OperationalError):
        presence.seat_disconnected(match_id=match.pk, seat=0, socket=first)
    monkeypatch.undo()
    assert Seat.objects.get(match=match, index=0).connections == 2  # nothing changed: still counted

    assert presence.process_heartbeat() is True
    assert Seat.objects.get(match=match, index=0).connections == 1
    assert list(SeatSocket.objects.values_list("key", flat=True)) == [second]
    assert presence.process_heartbeat() is True  # nothing more to do
    assert Seat.objects.get(match=match, index=0).connections == 1


def test_a_player_back_while_the_watchdog_runs_keeps_the_seat(settings) -> None:
    """The watchdog read the seat as empty; the player reconnects before it acts on that: Anton
    neither takes the seat over nor plays the move."""
    settings.DISCONNECT_TIMEOUT = 60
    anna, ben = factories.actor(factories.user("anna")), factories.actor(factories.user("ben"))
    match = match_create(
        game="preisjass", creator=anna, seats=[SeatSpec(), SeatSpec("ai"), SeatSpec(), SeatSpec("ai")]
    )
    match_join(match_id=match.pk, actor=ben)
    match.refresh_from_db()
    away = load_state(match).to_move
    assert isinstance(away, int) and away in (0, 2)
    sockets = {seat: connect(match.pk, seat) for seat in (0, 2)}
    presence.seat_disconnected(match_id=match.pk, seat=away, socket=sockets[away])
    from games.services.watchdog import _check, _due

    read = _due(later(61)).prefetch_related("seats").get(pk=match.pk)  # the seat is empty here
    connect(match.pk, away)  # ... and the player is back before the watchdog acts
    counts = {"requeued": 0, "stand_in": 0, "abandoned": 0}
    _check(read, later(61), counts)
    assert counts["stand_in"] == 0
    assert not Seat.objects.get(match=match, index=away).autoplay
    assert Match.objects.get(pk=match.pk).version == read.version
