"""Schnapsen as a `SearchGame` seen from one seat: values are that seat's game points for the deal
(+1..+3 won, -1..-3 lost). Once the stock is closed or exhausted a search deep enough reaches every
end, so it is exact; before that, `evaluate` estimates a cut-off position from points and trumps."""

from __future__ import annotations

from collections.abc import Hashable

from games.ai.schnapsen_search.state import MARRIAGE, POINTS, SUIT_MASK, Deal
from games.ai.search.alphabeta import Table, search
from games.ai.search.budget import Budget

EXACT_DEPTH = 64  # deeper than any deal: a search to this depth is exact


class SchnapsenGame:
    def __init__(self, me: int) -> None:
        self.me = me

    def moves(self, state: Deal) -> list[int]:
        moves = state.moves()
        if state.lead < 0:
            # marriages and control first: strong leads prune best
            moves.sort(key=lambda m: -(100 if m >= MARRIAGE else POINTS[m] if m < MARRIAGE else 50))
        else:
            moves.sort(key=lambda m: -POINTS[m])
        return moves

    def play(self, state: Deal, move: int) -> Deal:
        return state.play(move)

    def outcome(self, state: Deal) -> float | None:
        result = state.result
        if result is None:
            return None
        winner, game_points = result
        return float(game_points if winner == self.me else -game_points)

    def maximizing(self, state: Deal) -> bool:
        return state.turn == self.me

    def key(self, state: Deal) -> Hashable:
        return (
            state.hands[0],
            state.hands[1],
            state.lead,
            state.turn,
            state.trick_points[0],
            state.trick_points[1],
            state.marriage_points[0],
            state.marriage_points[1],
            state.pending[0],
            state.pending[1],
            state.tricks[0] > 0,
            state.tricks[1] > 0,
            len(state.stock),
            state.trump_card,
            state.closed_by,
            state.declared[0],
            state.declared[1],
        )

    def evaluate(self, state: Deal) -> float:
        me, other = self.me, 1 - self.me
        diff = state.points(me) - state.points(other) + 0.5 * (state.pending[me] - state.pending[other])
        trumps = SUIT_MASK[state.trump]
        diff += 4 * ((state.hands[me] & trumps).bit_count() - (state.hands[other] & trumps).bit_count())
        return max(-1.5, min(1.5, diff / 30))


def solve(deal: Deal, me: int, budget: Budget, depth: int = EXACT_DEPTH, table: Table | None = None) -> float:
    """The value of `deal` for seat `me` (exact when `depth` reaches the end of the deal)."""
    return search(SchnapsenGame(me), deal, depth, budget, {} if table is None else table)
