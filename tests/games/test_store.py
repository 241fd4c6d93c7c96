"""The event store: append-only rows, expected-seq appends, replay equals live, command ids."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.db.utils import DatabaseError

from games.engine import get_rules
from games.errors import IllegalMove, NotSeated, NotYourTurn, StaleSeq
from games.live import state_cache
from games.models import AppendOnlyError, MatchEvent, MatchStatus
from games.services.matches import match_act
from games.store.events import load_state
from tests import factories

pytestmark = pytest.mark.django_db
on_postgres = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the trigger exists on PostgreSQL only"
)


@pytest.fixture
def running(duel: str):
    a, b = factories.user("anna"), factories.user("ben")
    return factories.two_player_match(duel, a, b), a, b


def _play_first_legal(match, who) -> int:
    state = load_state(match)
    action = dict(state.legal_actions()[0])
    action.pop("seat")
    return match_act(
        match_id=match.pk, actor=factories.actor(who), action=action, expected_seq=match.version
    ).seq


def test_start_event_stamps_options_and_rules_version(running) -> None:
    match, _, _ = running
    start = MatchEvent.objects.get(match=match, seq=1)
    assert start.data == {
        "type": "start",
        "game": "duel",
        "players": 2,
        "options": {"cards": 3},
        "rules_version": "1",
    }
    assert match.status == MatchStatus.RUNNING
    assert [e.type for e in MatchEvent.objects.filter(match=match)] == ["start", "deal"]
    assert match.version == 2


def test_events_refuse_update_and_delete_through_the_orm(running) -> None:
    match, _, _ = running
    event = MatchEvent.objects.get(match=match, seq=1)
    event.type = "changed"
    with pytest.raises(AppendOnlyError):
        event.save()
    with pytest.raises(AppendOnlyError):
        event.delete()
    with pytest.raises(AppendOnlyError):
        MatchEvent.objects.filter(match=match).update(type="changed")
    with pytest.raises(AppendOnlyError):
        MatchEvent.objects.filter(match=match).delete()
    assert MatchEvent.objects.get(match=match, seq=1).type == "start"


@on_postgres
@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE games_matchevent SET type = 'x' WHERE match_id = %s",
        "DELETE FROM games_matchevent WHERE match_id = %s",
    ],
)
def test_postgres_trigger_rejects_raw_update_and_delete(running, sql: str) -> None:
    match, _, _ = running
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic(), connection.cursor() as cur:
        cur.execute(sql, [match.pk])
    assert MatchEvent.objects.filter(match=match).count() == 2


def test_append_with_expected_seq_and_stale_seq_rejected(running) -> None:
    match, a, b = running
    assert _play_first_legal(match, a) == 3
    match.refresh_from_db()
    card = load_state(match).legal_actions()[0]["card"]
    with pytest.raises(StaleSeq):
        match_act(
            match_id=match.pk, actor=factories.actor(b), action={"type": "play", "card": card}, expected_seq=2
        )
    assert MatchEvent.objects.filter(match=match).count() == 3


def test_wrong_turn_foreign_seat_and_illegal_card_append_nothing(running, duel) -> None:
    match, a, b = running
    stranger = factories.user("carla")
    hand_a = load_state(match).view(0)["hand"]
    hand_b = load_state(match).view(1)["hand"]
    cases = [
        (b, {"type": "play", "card": hand_b[0]}, NotYourTurn),
        (stranger, {"type": "play", "card": hand_a[0]}, NotSeated),
        (a, {"type": "play", "card": hand_b[0]}, IllegalMove),
        (a, {"type": "play", "card": hand_a[0], "seat": 1}, NotSeated),
        (a, {"type": "play", "card": hand_a[0], "extra": 1}, IllegalMove),
    ]
    for who, action, error in cases:
        with pytest.raises(error):
            match_act(
                match_id=match.pk, actor=factories.actor(who), action=action, expected_seq=match.version
            )
    assert MatchEvent.objects.filter(match=match).count() == 2


def test_resent_command_returns_the_original_result(running) -> None:
    match, a, _ = running
    card = load_state(match).view(0)["hand"][0]
    kwargs = {"match_id": match.pk, "actor": factories.actor(a), "action": {"type": "play", "card": card}}
    first = match_act(**kwargs, expected_seq=2, command_id="c-1")
    again = match_act(**kwargs, expected_seq=2, command_id="c-1")
    assert (first.seq, first.duplicate) == (3, False)
    assert (again.seq, again.duplicate) == (3, True)
    assert MatchEvent.objects.filter(match=match).count() == 3


def test_replay_equals_the_state_reached_live_and_match_finishes(running) -> None:
    match, a, b = running
    players = {0: a, 1: b}
    while True:
        match.refresh_from_db()
        if match.status != MatchStatus.RUNNING:
            break
        live = load_state(match)
        seat = live.to_move
        assert isinstance(seat, int)
        _play_first_legal(match, players[seat])
    live = load_state(match)
    state_cache.clear()
    events = list(MatchEvent.objects.filter(match=match).values_list("data", flat=True))
    replayed = get_rules(match.game).replay(events)
    assert match.status == MatchStatus.FINISHED and match.finished_at is not None
    assert replayed.result() == live.result() and replayed.result()["finished"]
    for seat in (0, 1, None):
        assert replayed.view(seat) == live.view(seat)
    assert [e.seq for e in MatchEvent.objects.filter(match=match)] == list(range(1, match.version + 1))


def test_state_cache_catches_up_from_an_older_version(running) -> None:
    """Another process stored moves since this one cached the state: only the new events are applied,
    and the result equals a full replay."""
    match, a, b = running
    state_cache.put(match.pk, load_state(match))  # this process saw version 2
    old = state_cache.latest(match.pk)
    assert old is not None and old.version == 2
    _play_first_legal(match, a)
    match.refresh_from_db()
    _play_first_legal(match, b)
    match.refresh_from_db()
    state_cache.clear()
    state_cache.put(match.pk, old)  # as if the two moves were stored by another process
    caught_up = load_state(match)
    events = list(MatchEvent.objects.filter(match=match).values_list("data", flat=True))
    replayed = get_rules(match.game).replay(events)
    assert caught_up.version == replayed.version == 4
    for seat in (0, 1, None):
        assert caught_up.view(seat) == replayed.view(seat)
    assert old.version == 2  # the cached state itself was not changed
