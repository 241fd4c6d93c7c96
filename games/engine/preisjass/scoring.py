"""Preisjass scoring: the score-sheet row of a finished game and the ranking of a run."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.engine.base import JSON
from games.engine.preisjass.cards import is_sack

if TYPE_CHECKING:
    from games.engine.preisjass.state import PreisjassState


def game_row(state: PreisjassState) -> JSON:
    """The score-sheet row of the game just finished."""
    points = list(state.game_points)
    return {
        "game": len(state.games) + 1,
        "dealer": state.dealer,
        "trump": state.trump,
        "bodentrumpf": state.trump_card,
        "points": points,
        "sacks": [is_sack(p) for p in points],
        "tricks": list(state.tricks_won),
    }


def ranking(totals: list[int]) -> list[int]:
    """Place per seat, 1 = most points; equal totals share a place."""
    return [1 + sum(1 for other in totals if other > mine) for mine in totals]
