"""Dora for Preisjass: perfect-information Monte Carlo over worlds drawn from the seat's view.

In each world the other seats are taken to play Anton's rule as they can see the table (the `anton`
policy, which makes Anton's choice card for card, Bodentrumpf and trump voids read as he reads them), so
only the seat's own cards branch. Every legal card gets a value, the card points the seat wins in the
game after playing it and then its best line against those replies: searched exactly (solver.Lines, a
single-agent search with a table of solved positions) once at most `exact_tricks` tricks are left, else
played out to the end with the seat itself on the `Lookahead` rule (each card tried against the
others' replies to the end of the trick; `mine` puts another rule there).

The worlds come from a Markov chain (worlds.Chain) that walks to deals in which that model of the
others explains every card they have played in this game: by the fourth trick only about one world in
fifty drawn afresh does, so weighing fresh draws (as Dora did before) left a handful of worlds to
decide by. A world the chain leaves with unexplained choices still counts, `MISS_WEIGHT` less per
choice (a human is no Anton); worlds far worse than the best so far are skipped. A world drawn again
counts again, searched once. The card with the best weighted sum wins. Worlds and work are bounded by
a node budget (a node is a card played in the search, played out, tried in a lookahead or replayed
to check a world), so a decision depends only on the view and the seeded generator; a CPU-time cap
stops the search early on a slow machine, and without one finished world Dora falls back to Anton.
"""

from __future__ import annotations

import random

from games.ai.anton_preisjass import AntonPreisjass
from games.ai.base import JSON
from games.ai.observation.preisjass import observe
from games.ai.preisjass_search.solver import Lines, Lookahead, Policy, anton_at, greedy
from games.ai.preisjass_search.state import INDEX, PLAYERS, TRICKS, Deal, mask_of
from games.ai.preisjass_search.worlds import Chain, Evidence, Worlds
from games.ai.search.budget import SAFETY_SECONDS, Budget, BudgetExceeded
from games.ai.search.player import SearchPlayer
from games.engine.cards import SUITS
from games.engine.information import InformationState

MISS_WEIGHT = 0.1  # a world's weight falls by this factor per choice of the others it does not explain
SKIP_MISSES = 2  # worlds with this many misses more than the best world so far are not played out


def _charge(budget: Budget, nodes: int) -> None:
    """Count `nodes` nodes at once (a playout or a replay of the game so far)."""
    budget.nodes_left -= nodes - 1
    budget.nodes_used += nodes - 1
    budget.spend()


class SearchPreisjass(SearchPlayer):
    def __init__(
        self,
        worlds: int,
        nodes: int,
        exact_tricks: int,
        seconds: float = SAFETY_SECONDS,
        mine: Policy | None = greedy,
        others: Policy | None = None,
        infer: bool = True,
    ) -> None:
        super().__init__(nodes, seconds, AntonPreisjass())
        self.infer = infer
        self.worlds = worlds
        self.exact_tricks = exact_tricks
        self.mine = mine
        self.others = others

    def _values(
        self, deal: Deal, me: int, cards: list[int], others: Policy, budget: Budget, voids: list[int]
    ) -> list[float]:
        mine = self.mine or Lookahead(others, budget)
        lines = Lines(me, deal.trump, others, mine, budget, self.exact_tricks)
        return [deal.points[me] + lines.value(deal, voids, c) for c in cards]

    def forced(self, view: JSON, legal: list[JSON]) -> bool:
        # before the trump is made (the Bodentrumpf decides it) there is nothing to search
        return len(legal) == 1 or view.get("trump") is None

    def decide(
        self,
        view: JSON,
        legal: list[JSON],
        rng: random.Random,
        budget: Budget,
        info: InformationState | None = None,
    ) -> JSON | None:
        obs = observe(view)
        me = obs.seat
        cards = [INDEX[a["card"]] for a in legal]
        others = self.others or anton_at(INDEX[obs.bodentrumpf], obs.dealer)
        # per world drawn (every hand), its weight (summed over the draws that found it) and the values
        # of the cards in it
        weights: dict[tuple[int, ...], float] = {}
        values: dict[tuple[int, ...], list[float]] = {}
        try:
            worlds = Worlds(obs)
            evidence = Evidence(obs, SUITS.index(obs.trump))
            chain = Chain(worlds, evidence, others, rng, mask_of(obs.hand)) if self.infer else None
            fewest = TRICKS * PLAYERS
            for _ in range(self.worlds):
                if chain is None:
                    hands, missed = worlds.hands(rng), 0
                else:
                    calls = chain.calls
                    hands, missed = chain.draw()
                    _charge(budget, chain.calls - calls + 1)
                    if missed > fewest + SKIP_MISSES:
                        continue  # a world the play so far makes far less likely than others: skip it
                    fewest = min(fewest, missed)
                key = tuple(hands)
                if key not in values:
                    deal = Deal.from_view(obs, hands)
                    values[key] = self._values(deal, me, cards, others, budget, evidence.voids)
                weights[key] = weights.get(key, 0.0) + MISS_WEIGHT**missed
        except BudgetExceeded:
            pass
        except ValueError:  # a view no deal fits (never in a real game)
            weights.clear()
        self.stats["worlds"] += len(weights)
        if not weights:
            return None
        totals = [0.0] * len(cards)
        for key, weight in weights.items():
            for i, v in enumerate(values[key]):
                totals[i] += weight * v
        best = max(range(len(cards)), key=lambda i: (totals[i], -i))
        return legal[best]


# revision 2 (games/ai/levels.json): the compiled core's speed spent on worlds and the exact end, as tuned
# in docs/compiled.md ("Dora 2 of Preisjass"), where its figures are
DORA_WORLDS = 1000
DORA_NODES = 500_000
DORA_EXACT_TRICKS = 4


class DoraPreisjass(SearchPreisjass):
    """The strongest level."""

    name = "Dora"

    def __init__(self) -> None:
        super().__init__(worlds=DORA_WORLDS, nodes=DORA_NODES, exact_tricks=DORA_EXACT_TRICKS, mine=None)
