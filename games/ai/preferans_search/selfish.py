"""Raspasy searched as it is played: every hand keeps its own tricks down (max^n), on the double-dummy
solver's moves, ordering and estimates (solver.py)."""

from __future__ import annotations

from games.ai.preferans_search.solver import Solver, last_winner, trick_winner
from games.ai.preferans_search.state import Deal
from games.ai.search.budget import Budget


class SelfishSolver(Solver):
    """Raspasy as it is played: every hand keeps its own tricks down (max^n on trick vectors, no
    pruning, a transposition table at trick boundaries). `move_values` gives the future tricks of the
    position `me` after each of its cards; at trick `stop` each hand's tricks are estimated from the cards
    it cannot duck (`duck_estimate`), the tricks left shared in proportion. Ties go against `me` (the
    safe side), see `_prefers`."""

    def __init__(self, deal: Deal, me: int, budget: Budget, stop: int = 10) -> None:
        super().__init__(deal, 1 << me, 7 & ~(1 << me), budget, stop)
        self.me = me
        self.vectors: dict[tuple[int, int, int, int, int], tuple[float, float, float]] = {}

    def value(self, deal: Deal, alpha: float = -1, beta: float = 11) -> float:
        return self._vector(deal.hands[:], deal.turn, list(deal.trick), deal.done)[self.me]

    def move_values(self, deal: Deal) -> dict[int, float]:
        hands, trick = deal.hands, deal.trick
        out: dict[int, float] = {}
        for card, group in self._moves(hands, deal.turn, trick, deal.done):
            child = deal.play(card)
            won = 0
            if not child.trick and len(trick) == 2:
                won = 1 if last_winner(deal, card) == self.me else 0
            value = won + self._vector(child.hands, child.turn, child.trick, child.done)[self.me]
            for c in group:
                out[c] = value
        return out

    def _vector(
        self, hands: list[int], turn: int, trick: list[tuple[int, int]], done: int
    ) -> tuple[float, float, float]:
        self.budget.spend()
        left = 10 - done
        if left == 0:
            return (0.0, 0.0, 0.0)
        key = None
        if not trick:
            if done >= self.stop and left > 1:
                return self._shares(hands)
            key = (hands[0], hands[1], hands[2], turn, min(done, 2))
            known = self.vectors.get(key)
            if known is not None:
                return known
        best: tuple[float, float, float] | None = None
        for card, _ in self._moves(hands, turn, trick, done):
            bit = 1 << card
            hands[turn] ^= bit
            trick.append((turn, card))
            if len(trick) == 3:
                winner = trick_winner(trick, self._strong(done))
                nxt = 0 if done + 1 < 2 else winner
                saved = trick[:]
                trick.clear()
                rest = self._vector(hands, nxt, trick, done + 1)
                trick.extend(saved)
                value = (
                    rest[0] + (winner == 0),
                    rest[1] + (winner == 1),
                    rest[2] + (winner == 2),
                )
            else:
                value = self._vector(hands, (turn + 1) % 3, trick, done)
            trick.pop()
            hands[turn] ^= bit
            if best is None or self._prefers(turn, value, best):
                best = value
        assert best is not None
        if key is not None:
            self.vectors[key] = best
        return best

    def _prefers(
        self, turn: int, value: tuple[float, float, float], best: tuple[float, float, float]
    ) -> bool:
        """Does the hand at `turn` prefer `value` to `best`: fewer tricks of its own, then more for `me`,
        then more for the next hand (a total order, so the result does not depend on the move order)."""
        nxt = (turn + 1) % 3
        return (value[turn], -value[self.me], -value[nxt]) < (best[turn], -best[self.me], -best[nxt])

    def _shares(self, hands: list[int]) -> tuple[float, float, float]:
        left = hands[0].bit_count()
        risks = []
        for p in range(3):
            self.target = 1 << p
            risks.append(self.duck_estimate(hands) + 0.5)
        self.target = 1 << self.me
        total = sum(risks)
        return (left * risks[0] / total, left * risks[1] / total, left * risks[2] / total)
