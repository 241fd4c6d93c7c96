"""The search players for Schnapsen: perfect-information Monte Carlo over worlds sampled from the seat's
information state (the view, and the deal's memory when the platform passes it: every card played, so
the worlds hold none of them, and every void the follow rules showed). In each world every legal move
gets its minimax value; the move with the best sum wins.

While the stock is open a world is searched `open_depth` plies deep, a leaf where the stock is closed
(the closing move itself, say) is solved exactly and other leaves are estimated. Once the stock is
closed or exhausted every world is solved to the end. The worlds and the work per decision are bounded
by a node budget, so a decision depends only on the information state and the seeded generator; a CPU-time cap
(per thread) stops the search early on a slow machine, and without one finished world the player
falls back to Anton.

Closing is considered at the root only, and must beat the other moves by `close_margin` game points:
a world shows the closer the opponent's hand, which makes closing look better than it is.
"""

from __future__ import annotations

import random

from games.ai.anton_schnapsen import AntonSchnapsen
from games.ai.base import JSON
from games.ai.observation.schnapsen import observe, observe_information
from games.ai.schnapsen_search.solver import EXACT_DEPTH, LeafSolver
from games.ai.schnapsen_search.state import CLOSE, from_action
from games.ai.schnapsen_search.worlds import Sampler
from games.ai.search.alphabeta import Table, values_of
from games.ai.search.budget import SAFETY_SECONDS, Budget, BudgetExceeded
from games.ai.search.player import SearchPlayer
from games.engine.information import InformationState


class SearchSchnapsen(SearchPlayer):
    def __init__(
        self,
        worlds: int,
        nodes: int,
        open_depth: int,
        seconds: float = SAFETY_SECONDS,
        close_margin: float = 1.0,
    ) -> None:
        super().__init__(nodes, seconds, AntonSchnapsen())
        self.close_margin = close_margin
        self.worlds = worlds
        self.open_depth = open_depth

    def choose_informed(self, info: InformationState, legal: list[JSON], rng: random.Random) -> JSON:
        """From the seat's information state: the worlds leave out every card the seat saw played."""
        return self._choose(info.view, info, legal, rng)

    def decide(
        self,
        view: JSON,
        legal: list[JSON],
        rng: random.Random,
        budget: Budget,
        info: InformationState | None = None,
    ) -> JSON | None:
        obs = observe(view) if info is None else observe_information(info)
        me = obs.seat
        moves = [from_action(a) for a in legal]
        totals = dict.fromkeys(moves, 0.0)
        done = 0
        sampler = Sampler(obs)
        for _ in range(self.worlds):
            deal = sampler.world(rng)
            game = LeafSolver(me, budget)
            depth = EXACT_DEPTH if deal.strict else self.open_depth
            table: Table = {}
            try:
                values = dict(zip(moves, values_of(game, deal, moves, depth, budget, table), strict=True))
            except BudgetExceeded:
                break
            for move, value in values.items():
                totals[move] += value - (self.close_margin if move == CLOSE else 0.0)
            done += 1
        self.stats["worlds"] += done
        if not done:
            return None
        best = max(range(len(moves)), key=lambda i: (totals[moves[i]], -i))
        return legal[best]


class CarlaSchnapsen(SearchSchnapsen):
    """The middle level: fewer worlds."""

    name = "Carla"

    def __init__(self) -> None:
        super().__init__(worlds=20, nodes=10_000, open_depth=2)


class DoraSchnapsen(SearchSchnapsen):
    """The strongest level: many worlds (tuning found more worlds worth more than depth)."""

    name = "Dora"

    def __init__(self) -> None:
        super().__init__(worlds=100, nodes=50_000, open_depth=2)
