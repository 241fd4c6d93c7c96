"""Minimax with alpha-beta pruning and a transposition table, generic over `SearchGame`.

Values are from one fixed player's side (the game adapter decides whose); a node maximises when
`game.maximizing(state)`. The table stores bounds with the depth they were searched to, so the same
table serves an exact solve (depth large enough to reach the end) and depth-limited searches.

A game adapter subclasses `SearchGame` and overrides every method: in the compiled core it is a
native class, so the search calls the adapter's methods directly.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Final, Generic, TypeVar

from games.ai.search.budget import Budget

S = TypeVar("S")

EXACT: Final = 0
LOWER: Final = 1
UPPER: Final = 2
INF: Final = float("inf")


class SearchGame(Generic[S]):
    def moves(self, state: S) -> list[int]:
        """The legal moves, best-first if the game can guess (better pruning)."""
        raise NotImplementedError

    def play(self, state: S, move: int) -> S:
        """A new state after `move`; `state` is left unchanged."""
        raise NotImplementedError

    def outcome(self, state: S) -> float | None:
        """The final value if the game is over, else None."""
        raise NotImplementedError

    def maximizing(self, state: S) -> bool:
        raise NotImplementedError

    def key(self, state: S) -> Hashable:
        """Equal for positions with equal futures (the transposition-table key)."""
        raise NotImplementedError

    def evaluate(self, state: S) -> float:
        """A heuristic value where the depth runs out."""
        raise NotImplementedError

    def quiet(self, state: S) -> bool:
        """May the search stop here when the depth runs out? (Else it searches on: quiescence.)"""
        raise NotImplementedError


Table = dict[Hashable, tuple[int, int, float]]


def search(
    game: SearchGame[S],
    state: S,
    depth: int,
    budget: Budget,
    table: Table,
    alpha: float = -INF,
    beta: float = INF,
) -> float:
    """The minimax value of `state` searched `depth` plies deep (exact where the game ends sooner)."""
    budget.spend()
    final = game.outcome(state)
    if final is not None:
        return final
    if depth <= 0 and game.quiet(state):
        return game.evaluate(state)
    key = game.key(state)
    entry = table.get(key)
    if entry is not None and entry[0] >= depth:
        _, flag, value = entry
        if flag == EXACT:
            return value
        if flag == LOWER and value >= beta:
            return value
        if flag == UPPER and value <= alpha:
            return value
    start_alpha, start_beta = alpha, beta
    if game.maximizing(state):
        best = -INF
        for move in game.moves(state):
            value = search(game, game.play(state, move), depth - 1, budget, table, alpha, beta)
            if value > best:
                best = value
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
    else:
        best = INF
        for move in game.moves(state):
            value = search(game, game.play(state, move), depth - 1, budget, table, alpha, beta)
            if value < best:
                best = value
                if best < beta:
                    beta = best
                    if alpha >= beta:
                        break
    if best <= start_alpha:
        flag = UPPER
    elif best >= start_beta:
        flag = LOWER
    else:
        flag = EXACT
    table[key] = (depth, flag, best)
    return best


def values_of(
    game: SearchGame[S], state: S, moves: list[int], depth: int, budget: Budget, table: Table
) -> list[float]:
    """The full-window value of each of `moves` at `state`, in their order, searched `depth` plies deep
    (the root of a search player's world: one call into the compiled core instead of one a move)."""
    return [search(game, game.play(state, move), depth - 1, budget, table) for move in moves]


def move_values(game: SearchGame[S], state: S, depth: int, budget: Budget, table: Table) -> dict[int, float]:
    """The exact (full-window) value of every legal move at `state`, searched `depth` plies deep."""
    moves = game.moves(state)
    return dict(zip(moves, values_of(game, state, moves, depth, budget, table), strict=True))


def brute_force(game: SearchGame[S], state: S, depth: int) -> float:
    """Plain minimax without pruning or table: the reference the tests compare `search` with."""
    final = game.outcome(state)
    if final is not None:
        return final
    if depth <= 0 and game.quiet(state):
        return game.evaluate(state)
    values = [brute_force(game, game.play(state, m), depth - 1) for m in game.moves(state)]
    return max(values) if game.maximizing(state) else min(values)
