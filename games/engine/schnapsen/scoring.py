"""Scoring a finished deal (game points 1/2/3, closing) and the Bummerl (each seat counts down from 7),
or a match of counted deals (option `deals`: signed game points, the match ends after the last deal)."""

from __future__ import annotations

from typing import Final

from games.engine.schnapsen.state import DEAL, OVER, SchnapsenState

SCHNEIDER: Final = 33  # below this the loser is "Schneider" (2 game points)

REASON_66: Final = "66 reached"
REASON_CLOSED_MADE: Final = "closed and made"
REASON_CLOSED_BEATEN: Final = "closed, opponent reached 66"
REASON_CLOSED_FAILED: Final = "closed and failed"
REASON_LAST_TRICK: Final = "last trick"


def grade(points: int, tricks: int) -> int:
    """Game points for the winner by the loser's record: 3 without a trick, 2 below 33, else 1."""
    if tricks == 0:
        return 3
    if points < SCHNEIDER:
        return 2
    return 1


def deal_outcome(state: SchnapsenState, reached: int | None) -> tuple[int, int, str]:
    """(winner, game points, reason). `reached` is the seat that just reached 66, or None when the
    last trick has been played without anybody reaching 66."""
    closer = state.closed_by
    closure = state.closure
    if reached is not None:
        other = 1 - reached
        if closer is None:
            return reached, grade(state.points(other), state.tricks[other]), REASON_66
        assert closure is not None
        if closer == reached:
            return reached, grade(*closure), REASON_CLOSED_MADE
        return reached, 3 if closure[1] == 0 else 2, REASON_CLOSED_BEATEN
    if closer is not None:
        assert closure is not None
        return 1 - closer, 3 if closure[1] == 0 else 2, REASON_CLOSED_FAILED
    return state.leader, 1, REASON_LAST_TRICK


def end_deal(state: SchnapsenState, reached: int | None) -> None:
    """Score the deal, write its row, and either end the match or pass the deal to the other seat."""
    winner, game_points, reason = deal_outcome(state, reached)
    awarded = [0, 0]
    awarded[winner] = game_points
    state.game_points[winner] = state.game_points[winner] + game_points
    closure = state.closure
    state.rows.append(
        {
            "deal": state.deal_no,
            "dealer": state.dealer,
            "winner": winner,
            "game_points": awarded,
            "reason": reason,
            "points": [state.points(0), state.points(1)],
            "tricks": state.tricks[:],
            "closed_by": state.closed_by,
            "closure": None
            if closure is None
            else {"opponent_points": closure[0], "opponent_tricks": closure[1]},
            "scores": state.scores(),
        }
    )
    if _match_over(state, winner):
        state.phase = OVER
    else:
        state.phase = DEAL
        state.dealer = 1 - state.dealer


def _match_over(state: SchnapsenState, winner: int) -> bool:
    """Whether the deal just scored ends the match, and if so its winner set: the Bummerl ends when a
    seat's game points reach the start score; a match of counted deals after its last deal, won by
    the seat with more game points (no winner on equal points)."""
    if state.deals_total:
        if state.deal_no < state.deals_total:
            return False
        lead = state.standing(0)
        state.winner = None if lead == 0 else 0 if lead > 0 else 1
        return True
    if state.game_points[winner] < state.start_score:
        return False
    state.winner = winner
    return True
