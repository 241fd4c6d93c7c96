"""Drive a match to its end through the service, each human seat playing its first legal action."""

from __future__ import annotations

from typing import Any

from games.models import Match, MatchStatus
from games.services.matches import match_act
from games.store.events import load_state
from tests import factories


def play_to_end(match: Match, players: dict[int, Any]) -> None:
    while True:
        match.refresh_from_db()
        if match.status != MatchStatus.RUNNING:
            return
        state = load_state(match)
        seat = state.to_move
        assert isinstance(seat, int)
        action = {k: v for k, v in state.legal_actions()[0].items() if k != "seat"}
        match_act(
            match_id=match.pk, actor=factories.actor(players[seat]), action=action, expected_seq=match.version
        )
