"""Schnapsen as a `SearchGame` seen from one seat: values are that seat's game points for the deal
(+1..+3 won, -1..-3 lost). Once the stock is closed or exhausted a search deep enough reaches every
end, so it is exact; before that, `evaluate` estimates a cut-off position from points and trumps."""

from __future__ import annotations

from collections.abc import Hashable

from games.ai.schnapsen_search.state import CLOSE, MARRIAGE, POINTS, SUIT_MASK, Deal
from games.ai.search.alphabeta import Table, search
from games.ai.search.budget import Budget

EXACT_DEPTH = 64  # deeper than any deal: a search to this depth is exact


class SchnapsenGame:
    """`closing=False` leaves the close move out (below the root a perfect-information world makes
    closing look far better than it is for either side)."""

    def __init__(self, me: int, closing: bool = True) -> None:
        self.me = me
        self.closing = closing

    def moves(self, state: Deal) -> list[int]:
        moves = state.moves()
        if not self.closing and moves[0] != CLOSE and len(moves) > 1 and moves[1] == CLOSE:
            del moves[1]
        elif not self.closing and moves[0] == CLOSE:
            del moves[0]
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

    def quiet(self, state: Deal) -> bool:
        """Positions are estimated between tricks only (a half-played trick is searched to its end)."""
        return state.lead < 0

    def evaluate(self, state: Deal) -> float:
        me, other = self.me, 1 - self.me
        diff = state.points(me) - state.points(other) + 0.5 * (state.pending[me] - state.pending[other])
        diff += _hand_value(state, state.hands[me]) - _hand_value(state, state.hands[other])
        return max(-1.5, min(1.5, diff / 30))


def _hand_value(state: Deal, hand: int) -> float:
    """Rough future points of a hand: trumps, Aces and Tens, and marriages still to declare."""
    trump = state.trump
    trumps = hand & SUIT_MASK[trump]
    value = TRUMP_WEIGHT * trumps.bit_count() + HIGH_WEIGHT * (hand & ~trumps & HIGH_CARDS).bit_count()
    for suit in range(4):
        if hand >> (suit * 5 + 1) & 3 == 3:  # Queen and King of the suit
            value += MARRIAGE_WEIGHT * (40 if suit == trump else 20)
    return value


TRUMP_WEIGHT = 10.0
HIGH_WEIGHT = 5.0
MARRIAGE_WEIGHT = 0.6
HIGH_CARDS = sum(0b11000 << (5 * s) for s in range(4))  # Tens and Aces


def solve(deal: Deal, me: int, budget: Budget, depth: int = EXACT_DEPTH, table: Table | None = None) -> float:
    """The value of `deal` for seat `me` (exact when `depth` reaches the end of the deal)."""
    return search(SchnapsenGame(me), deal, depth, budget, {} if table is None else table)
