"""Play a match through the REST API while some seats let their move timer run out, so that the
watchdog's stand-in plays for them: how the tests of "what counts as a human result" produce seats
partly or wholly played by the stand-in."""

from __future__ import annotations

import datetime as dt
import random
import uuid
from collections.abc import Callable, Collection
from typing import Any

from django.utils import timezone
from rest_framework.test import APIClient

from games.live import presence
from games.models import Match, MatchEvent, MatchStatus
from games.services.watchdog import watchdog_tick
from games.store.events import load_state

# (seat, number of the deal being played, 1-based) -> whether the seat leaves this move to the stand-in
StandIn = Callable[[int, int], bool]


def client_for(user: Any | None = None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_login(user)
    return client


def deals(match_id: int) -> int:
    return MatchEvent.objects.filter(match_id=match_id, type="deal").count()


def play_through_api(
    match_id: int, players: dict[int, Any], *, stand_in: StandIn, away: Collection[int] = (), seed: int = 7
) -> Match:
    """Play the human seats (`players`: seat -> user) to the end, each move a random legal one sent to
    POST /api/matches/<id>/actions/, except where `stand_in` says so: then the seat waits, and a
    watchdog tick a minute later lets the stand-in move: because the match's move timer ran out (the
    seat's socket is open), or, for the seats in `away` (their socket was opened and closed), because
    the player stayed away on their turn longer than DISCONNECT_TIMEOUT (then Anton keeps the seat)."""
    for seat in players:
        socket = uuid.uuid4().hex
        presence.seat_connected(match_id=match_id, seat=seat, socket=socket)
        if seat in away:
            presence.seat_disconnected(match_id=match_id, seat=seat, socket=socket)
    clients = {seat: client_for(user) for seat, user in players.items()}
    rng = random.Random(seed)
    while (match := Match.objects.get(pk=match_id)).status == MatchStatus.RUNNING:
        state = load_state(match)
        to_move = state.to_move
        assert isinstance(to_move, int) and to_move in players, f"seat {to_move} is to move"
        if stand_in(to_move, deals(match_id)):
            assert watchdog_tick(timezone.now() + dt.timedelta(seconds=61))["stand_in"] == 1, "no stand-in"
            continue
        action = {k: v for k, v in rng.choice(state.legal_actions()).items() if k != "seat"}
        r = clients[to_move].post(
            f"/api/matches/{match_id}/actions/", {"action": action, "seq": match.version}, format="json"
        )
        assert r.status_code == 201, r.content
    return match


def stand_in_share(match_id: int, seat: int) -> tuple[int, int]:
    """(the seat's decisions, those the stand-in made), counted from the stored events."""
    events = MatchEvent.objects.filter(match_id=match_id, seat=seat)
    return events.count(), events.filter(command_id__startswith="ai:").count()
