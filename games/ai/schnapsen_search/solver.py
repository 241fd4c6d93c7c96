"""Schnapsen as a `SearchGame` seen from one seat: values are that seat's game points for the deal
(+1..+3 won, -1..-3 lost). Once the stock is closed or exhausted a search deep enough reaches every
end, so it is exact; before that, `evaluate` estimates a cut-off position from points and trumps."""

from __future__ import annotations

from typing import Final

from mypy_extensions import i64

from games.ai.schnapsen_search.state import SUIT_MASK, Deal
from games.ai.search.alphabeta import SearchGame, Table, search
from games.ai.search.budget import Budget
from games.ai.search.masks import POPCOUNT_12

EXACT_DEPTH: Final = 64  # deeper than any deal: a search to this depth is exact


class SchnapsenGame(SearchGame[Deal]):
    """`closing=False` leaves the close move out (below the root a perfect-information world makes
    closing look far better than it is for either side)."""

    def __init__(self, me: int, closing: bool = True) -> None:
        self.me = me
        self.closing = closing

    def moves(self, state: Deal) -> list[int]:
        # marriages and control first, then the cards by their points: strong leads prune best
        return state.search_moves(self.closing)

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

    def key(self, state: Deal) -> tuple[int, ...]:
        """The position as (cards, points): the hands (20 bits each), the led card and the trump card
        (5 bits each, counted from -1), whose turn, the stock's size, the closer and whether each seat
        has a trick in one int; the trick points, marriage points, pending marriages (9 bits each)
        and the declared marriages (4 bits a seat) in another. Equal keys are equal positions, as
        they would be with every figure in a tuple of its own (which a figure out of range gets)."""
        hands, tricks = state.hands, state.tricks
        cards = (
            hands[0]
            | hands[1] << 20
            | (state.lead + 1) << 40
            | state.turn << 45
            | len(state.stock) << 46
            | (state.trump_card + 1) << 50
            | (state.closed_by + 1) << 55
            | (1 if tricks[0] > 0 else 0) << 57
            | (1 if tricks[1] > 0 else 0) << 58
        )
        won, married, pending = state.trick_points, state.marriage_points, state.pending
        figures = won[0] | won[1] | married[0] | married[1] | pending[0] | pending[1]
        if figures >> 9:  # a figure below 0 or above 511: the plain tuple
            return (cards, *won, *married, *pending, *state.declared)
        points = (
            won[0]
            | won[1] << 9
            | married[0] << 18
            | married[1] << 27
            | pending[0] << 36
            | pending[1] << 45
            | state.declared[0] << 54
            | state.declared[1] << 58
        )
        return (cards, points)

    def quiet(self, state: Deal) -> bool:
        """Positions are estimated between tricks only (a half-played trick is searched to its end)."""
        return state.lead < 0

    def evaluate(self, state: Deal) -> float:
        me, other = self.me, 1 - self.me
        pending, hands = state.pending, state.hands
        my_pending: int = pending[1] if me else pending[0]
        their_pending: int = pending[0] if me else pending[1]
        diff = state.points(me) - state.points(other) + 0.5 * (my_pending - their_pending)
        mine, theirs = (hands[1], hands[0]) if me else (hands[0], hands[1])
        diff += _hand_value(state, mine) - _hand_value(state, theirs)
        return max(-1.5, min(1.5, diff / 30))


class LeafSolver(SchnapsenGame):
    """The search players' adapter below the root: closing left out, and a depth-limit leaf solved
    exactly (with a table of its own) when the stock is closed or exhausted there."""

    def __init__(self, me: int, budget: Budget) -> None:
        super().__init__(me, closing=False)
        self.budget = budget
        self.exact: Table = {}

    def evaluate(self, state: Deal) -> float:
        if state.strict:
            return search(self, state, EXACT_DEPTH, self.budget, self.exact)
        return super().evaluate(state)


def _hand_value(state: Deal, hand: i64) -> float:
    """Rough future points of a hand: trumps, Aces and Tens, and marriages still to declare."""
    trump = state.trump
    trumps = hand & SUIT_MASK[trump]
    high = hand & ~trumps & HIGH_CARDS
    value = TRUMP_WEIGHT * (POPCOUNT_12[trumps & 0xFFF] + POPCOUNT_12[trumps >> 12]) + HIGH_WEIGHT * (
        POPCOUNT_12[high & 0xFFF] + POPCOUNT_12[high >> 12]
    )
    for suit in range(4):
        if hand >> (suit * 5 + 1) & 3 == 3:  # Queen and King of the suit
            value += MARRIAGE_WEIGHT * (40 if suit == trump else 20)
    return value


TRUMP_WEIGHT: Final = 10.0
HIGH_WEIGHT: Final = 5.0
MARRIAGE_WEIGHT: Final = 0.6
HIGH_CARDS: Final = sum(0b11000 << (5 * s) for s in range(4))  # Tens and Aces


def solve(deal: Deal, me: int, budget: Budget, depth: int = EXACT_DEPTH, table: Table | None = None) -> float:
    """The value of `deal` for seat `me` (exact when `depth` reaches the end of the deal)."""
    return search(SchnapsenGame(me), deal, depth, budget, {} if table is None else table)
