"""Schnapsen analysis: every lead, follow, marriage, close and trump exchange, in game points of the
deal (+1..+3 won, -1..-3 lost) for the deciding seat.

Open hands: the deal with both hands and the stock order known, searched by iterative deepening
within a node budget; once the stock is closed or exhausted (and often before) the search reaches
every end and the values are exact. View: worlds sampled from the seat's information state (its view
and what it has seen of the deal; the search player's sampler), each searched like the Dora player
does: exact once the stock is closed or exhausted, `OPEN_DEPTH` plies with closed-stock leaves solved
exactly before. Closing is discounted by `CLOSE_MARGIN` in the view angle: each world shows the closer
the opponent's hand, which flatters it.
Node budgets only (no clock), so the same version gives the same figures.
"""

from __future__ import annotations

import random

from games.ai.analysis.base import JSON, Thresholds, Values
from games.ai.observation.schnapsen import observe, observe_information
from games.ai.schnapsen_search.solver import EXACT_DEPTH, LeafSolver, SchnapsenGame
from games.ai.schnapsen_search.state import CLOSE, Deal, from_action, from_engine
from games.ai.schnapsen_search.worlds import Sampler
from games.ai.search.alphabeta import Table, values_of
from games.ai.search.budget import Budget, BudgetExceeded
from games.engine import GameState
from games.engine.information import InformationState

NO_CLOCK = 1e9  # the budgets count nodes only: the figures must not depend on the machine

OPEN_NODES = 25_000  # per decision, open hands
#: with more face-down stock cards than this the exact solve rarely fits: straight to the fallback
EXACT_STOCK = 5
WORLDS = 20
VIEW_NODES = 30_000  # per decision, all worlds together
OPEN_DEPTH = 2
CLOSE_MARGIN = 1.0


class SchnapsenAnalyser:
    game = "schnapsen"
    version = "schnapsen-2"  # 2: the view angle remembers the deal (the information state)
    informed = True
    unit = "game points"
    thresholds = Thresholds(inaccuracy=0.3, mistake=0.6, blunder=1.0)

    def decides(self, state: GameState, seat: int) -> bool:
        return True

    def deal(self, state: GameState) -> int:
        return int(state.deal_no)  # type: ignore[attr-defined]

    def open_values(self, state: GameState, legal: list[JSON]) -> Values:
        deal = from_engine(state)
        exact = deal.strict or len(deal.stock) <= EXACT_STOCK
        return open_deal_values(deal, [from_action(a) for a in legal], OPEN_NODES, exact)

    def view_values(
        self,
        state: GameState,
        legal: list[JSON],
        rng: random.Random,
        info: InformationState | None = None,
    ) -> Values | None:
        seat = state.to_move
        assert isinstance(seat, int)
        obs = observe(state.view(seat)) if info is None else observe_information(info)
        moves = [from_action(a) for a in legal]
        totals = [0.0] * len(moves)
        budget = Budget(VIEW_NODES, NO_CLOCK)
        done = 0
        exact = obs.strict
        sampler = Sampler(obs)
        for _ in range(WORLDS):
            world = sampler.world(rng)
            game = LeafSolver(seat, budget)
            depth = EXACT_DEPTH if world.strict else OPEN_DEPTH
            table: Table = {}
            try:
                values = values_of(game, world, moves, depth, budget, table)
            except BudgetExceeded:
                break
            for i, value in enumerate(values):
                totals[i] += value
            done += 1
        if not done:
            return None
        return Values(
            [t / done - (CLOSE_MARGIN if m == CLOSE else 0.0) for t, m in zip(totals, moves, strict=True)],
            exact,
        )


def open_deal_values(deal: Deal, moves: list[int], nodes: int, exact: bool = True) -> Values:
    """Each move's perfect-information value: solved to the end of the deal when that fits in
    `nodes` (and `exact` asks for it), else searched `FALLBACK_DEPTHS` deep (the first that fits)
    with estimated leaves."""
    game = SchnapsenGame(deal.turn, closing=True)
    for depth in (EXACT_DEPTH, *FALLBACK_DEPTHS) if exact else FALLBACK_DEPTHS:
        budget = Budget(nodes if depth > FALLBACK_DEPTHS[-1] else UNLIMITED, NO_CLOCK)
        table: Table = {}
        try:
            values = values_of(game, deal, moves, depth, budget, table)
        except BudgetExceeded:
            continue
        return Values(values, exact=depth == EXACT_DEPTH)
    raise AssertionError("the last fallback depth has no budget")


FALLBACK_DEPTHS = (4, 2)
UNLIMITED = 1 << 62
