"""AI moves: an AI seat's move, or Anton standing in for a human seat (timer ran out, player away).

Every call is idempotent: it acts only if the match is still at `seq`, and the command id
"ai:<seq>" makes a repeated or concurrent call return the stored result instead of a second event."""

from __future__ import annotations

import concurrent.futures
import logging
import random
from typing import Any

from django.conf import settings

from games import ai as ai_registry
from games.actors import Actor
from games.engine import GameState
from games.errors import GameError
from games.models import Match, MatchStatus, Seat
from games.services.matches import match_act
from games.services.store import load_state

log = logging.getLogger(__name__)
_pool = concurrent.futures.ThreadPoolExecutor(max_workers=4, thread_name_prefix="ai-think")


def ai_move_play(match_id: int, seq: int, *, stand_in: bool = False) -> int | None:
    """Play the move of the seat to act if it is an AI seat (or, with `stand_in` or an autoplay
    seat, a human seat Anton plays for). Returns the new seq, or None when there was nothing to do."""
    match = Match.objects.filter(pk=match_id).prefetch_related("seats").first()
    if match is None or match.status != MatchStatus.RUNNING or match.version != seq:
        return None
    state = load_state(match)
    to_move = state.to_move
    seat = next((s for s in match.seats.all() if s.index == to_move), None)
    if seat is None or not isinstance(to_move, int):
        return None
    if seat.is_ai:
        actor, version = Actor.for_ai(to_move), seat.ai_version or ai_registry.DEFAULT_VERSION
    elif stand_in or (seat.autoplay and others_present(match, seat)):
        actor, version = Actor.for_system(to_move), ai_registry.DEFAULT_VERSION
    else:
        return None
    action = choose_move(match, seat, state, version, seq)
    try:
        return match_act(
            match_id=match_id, actor=actor, action=action, expected_seq=seq, command_id=f"ai:{seq}"
        ).seq
    except GameError:  # someone else moved first: nothing to do
        return None


def others_present(match: Match, seat: Seat) -> bool:
    """Anton stands in for an away player only so that present humans can finish: with nobody
    left at the table the match waits, and is abandoned by the watchdog in time."""
    return any(
        not s.is_ai and s.index != seat.index and s.connections > 0 and not s.left for s in match.seats.all()
    )


def choose_move(match: Match, seat: Seat, state: GameState, version: str, seq: int) -> dict[str, Any]:
    """The player's choice from its seat's view only. Anton is fast; any other version gets
    AI_HARD_DEADLINE seconds, after which Anton's move (always legal) is played instead."""
    view, legal = state.view(seat.index), state.legal_actions()
    rng = random.Random(f"{match.pk}:{seq}")  # depends on nothing secret
    player = ai_registry.get_player(match.game, version)
    if version == ai_registry.DEFAULT_VERSION or version == "random":
        action = player.choose(view, legal, rng)
    else:
        future = _pool.submit(player.choose, view, legal, rng)
        try:
            action = future.result(timeout=settings.AI_HARD_DEADLINE)
        except concurrent.futures.TimeoutError:
            log.warning("AI %s missed the deadline in match %s at seq %s", version, match.pk, seq)
            fallback = ai_registry.get_player(match.game, ai_registry.DEFAULT_VERSION)
            action = fallback.choose(view, legal, random.Random(f"{match.pk}:{seq}:fallback"))
    return {k: v for k, v in action.items() if k != "seat"}
