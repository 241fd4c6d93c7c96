"""Raspasy searched as it is played: every hand keeps its own tricks down (max^n), on the double-dummy
solver's moves, ordering and estimates (solver.py)."""

from __future__ import annotations

from mypy_extensions import i64

from games.ai.preferans_search.solver import (
    Hands,
    Solver,
    _codes,
    _count,
    _hands,
    _winner,
    at3,
    last_winner,
    put3,
)
from games.ai.preferans_search.state import Deal
from games.ai.search.budget import Budget

Vector = tuple[float, float, float]  # the future tricks of every position


class SelfishSolver(Solver):
    """Raspasy as it is played: every hand keeps its own tricks down (max^n on trick vectors, no
    pruning, a transposition table at trick boundaries). `move_values` gives the future tricks of the
    position `me` after each of its cards; at trick `stop` each hand's tricks are estimated from the cards
    it cannot duck (`duck_estimate`), the tricks left shared in proportion. Ties go against `me` (the
    safe side), see `_prefers`."""

    def __init__(self, deal: Deal, me: int, budget: Budget, stop: int = 10) -> None:
        super().__init__(deal, 1 << me, 7 & ~(1 << me), budget, stop)
        self.me = me
        self.vectors: dict[tuple[int, int, int], Vector] = {}

    def value(self, deal: Deal, alpha: float = -1, beta: float = 11) -> float:
        return self._vector(_hands(deal.hands), deal.turn, _codes(deal.trick), deal.done)[self.me]

    def move_values(self, deal: Deal) -> dict[int, float]:
        trick = deal.trick
        out: dict[int, float] = {}
        for card, group in self._moves(_hands(deal.hands), deal.turn, _codes(trick), deal.done):
            child = deal.play(card)
            won = 0
            if not child.trick and len(trick) == 2:
                won = 1 if last_winner(deal, card) == self.me else 0
            value = (
                won + self._vector(_hands(child.hands), child.turn, _codes(child.trick), child.done)[self.me]
            )
            for c in group:
                out[c] = value
        return out

    def _vector(self, hands: Hands, turn: i64, trick: list[int], done: i64) -> Vector:
        self.budget.spend()
        left = 10 - done
        if left == 0:
            return (0.0, 0.0, 0.0)
        key: tuple[int, int, int] | None = None
        if not trick:
            if done >= self.stop and left > 1:
                return self._shares(hands)
            key = (hands[0] | turn << 32 | min(done, 2) << 34, hands[1], hands[2])
            known = self.vectors.get(key)
            if known is not None:
                return known
        best: Vector | None = None
        for card in self._reps(hands, turn, trick, done):
            after = put3(hands, turn, at3(hands, turn) ^ 1 << card)
            trick.append(turn << 5 | card)
            if len(trick) == 3:
                winner = _winner(trick, self._strong(done))
                nxt = 0 if done + 1 < 2 else winner
                rest = self._vector(after, nxt, [], done + 1)
                value = (
                    rest[0] + (1.0 if winner == 0 else 0.0),
                    rest[1] + (1.0 if winner == 1 else 0.0),
                    rest[2] + (1.0 if winner == 2 else 0.0),
                )
            else:
                value = self._vector(after, (turn + 1) % 3, trick, done)
            trick.pop()
            if best is None or self._prefers(turn, value, best):
                best = value
        assert best is not None
        if key is not None:
            self.vectors[key] = best
        return best

    def _prefers(self, turn: i64, value: Vector, best: Vector) -> bool:
        """Does the hand at `turn` prefer `value` to `best`: fewer tricks of its own, then more for `me`,
        then more for the next hand (a total order, so the result does not depend on the move order)."""
        nxt = (turn + 1) % 3
        return (_at(value, turn), -_at(value, self.me), -_at(value, nxt)) < (
            _at(best, turn),
            -_at(best, self.me),
            -_at(best, nxt),
        )

    def _shares(self, hands: Hands) -> Vector:
        left: int = _count(hands[0])
        risks = []
        for p in range(3):
            self.target = 1 << p
            risks.append(self._duck_estimate(hands) + 0.5)
        self.target = 1 << self.me
        total = sum(risks)
        return (left * risks[0] / total, left * risks[1] / total, left * risks[2] / total)


def _at(vector: Vector, pos: i64) -> float:
    return vector[0] if pos == 0 else vector[1] if pos == 1 else vector[2]
