"""AI seats: play the move of the AI seat to act, exactly once per seq."""

from __future__ import annotations

import random

from games import ai as ai_registry
from games.actors import Actor
from games.errors import GameError
from games.models import Match, MatchStatus
from games.services.matches import match_act
from games.services.store import load_state


def ai_move_play(match_id: int, seq: int) -> int | None:
    """Play the AI seat's move if the match is still at `seq` and an AI seat is to move.
    Idempotent: a repeated or late call does nothing. Returns the new seq, or None."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status != MatchStatus.RUNNING or match.version != seq:
        return None
    state = load_state(match)
    to_move = state.to_move
    seat = next((s for s in match.seats.all() if s.index == to_move), None)
    if seat is None or not seat.is_ai or not isinstance(to_move, int):
        return None
    player = ai_registry.get_player(match.game, seat.ai_version or ai_registry.DEFAULT_VERSION)
    # The AI sees only its seat's view; its randomness depends on nothing secret.
    action = player.choose(state.view(to_move), state.legal_actions(), random.Random(f"{match_id}:{seq}"))
    try:
        return match_act(
            match_id=match_id,
            actor=Actor.for_ai(to_move),
            action=action,
            expected_seq=seq,
            command_id=f"ai:{seq}",
        ).seq
    except GameError:  # someone else moved first: nothing to do
        return None
