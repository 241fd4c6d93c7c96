"""Dora for Preisjass: perfect-information Monte Carlo over worlds sampled from the seat's view.

In each world the other seats are taken to play Anton's rule as they can see the table (the `anton`
policy, which makes Anton's choice card for card, Bodentrumpf and trump voids read as he reads them), so
only the seat's own cards branch. Every legal card gets a value, the card points the seat wins in the
game after playing it and then its best line against those replies: searched exactly (solver.Lines, a
single-agent search with a table of solved positions) once at most `exact_tricks` tricks are left, else
played out to the end with the seat itself by the greedy rule that sees the world's hands. A world is
weighed by how well that model of the others explains the cards they have played in this game
(`MISS_WEIGHT` per choice it does not explain; worlds far worse than the best so far are skipped). At a
table of Antons the real deal explains every choice, yet on the tune seeds a soft weight did better than
ruling the other worlds out, or than searching the best explained worlds first (and a human is no
Anton). The card with the best weighted sum wins. Worlds and work are bounded by a node budget (a node
is a card played in the search, played out or replayed), so a decision depends only on the view and the
seeded generator; a CPU-time cap stops the search early on a slow machine, and without one finished
world Dora falls back to Anton.
"""

from __future__ import annotations

import random

from games.ai.anton_preisjass import AntonPreisjass
from games.ai.base import JSON
from games.ai.preisjass_search.solver import Lines, Policy, anton_at, greedy
from games.ai.preisjass_search.state import INDEX, Deal
from games.ai.preisjass_search.worlds import Evidence, Worlds
from games.ai.search.budget import SAFETY_SECONDS, Budget, BudgetExceeded
from games.engine.cards import SUITS

MISS_WEIGHT = 0.1  # a world's weight falls by this factor per choice of the others it does not explain
SKIP_MISSES = 2  # worlds with this many misses more than the best world so far are not played out


def _charge(budget: Budget, nodes: int) -> None:
    """Count `nodes` nodes at once (a playout or a replay of the game so far)."""
    budget.nodes_left -= nodes - 1
    budget.nodes_used += nodes - 1
    budget.spend()


class SearchPreisjass:
    name = "Search"

    def __init__(
        self,
        worlds: int,
        nodes: int,
        exact_tricks: int,
        seconds: float = SAFETY_SECONDS,
        mine: Policy = greedy,
        others: Policy | None = None,
        infer: bool = True,
    ) -> None:
        self.infer = infer
        self.worlds = worlds
        self.nodes = nodes
        self.exact_tricks = exact_tricks
        self.seconds = seconds
        self.mine = mine
        self.others = others
        #: counters for the bench: decisions searched, worlds and nodes searched
        self.stats = {"decisions": 0, "worlds": 0, "nodes": 0, "capped": 0}

    def _values(
        self, deal: Deal, me: int, cards: list[int], others: Policy, budget: Budget, voids: list[int]
    ) -> list[float]:
        lines = Lines(me, deal.trump, others, self.mine, budget, self.exact_tricks)
        return [deal.points[me] + lines.value(deal, voids, c) for c in cards]

    def choose(self, view: JSON, legal: list[JSON], rng: random.Random) -> JSON:
        if len(legal) == 1 or view.get("trump") is None:
            return legal[0]
        me = view["seat"]
        cards = [INDEX[a["card"]] for a in legal]
        budget = Budget(self.nodes, self.seconds)
        others = self.others or anton_at(INDEX[view["bodentrumpf"]], view["dealer"])
        totals = [0.0] * len(cards)
        done = 0
        try:
            worlds = Worlds(view)
            evidence = Evidence(view, SUITS.index(view["trump"]))
            history = 4 * len(view["tricks"]) + len(view["trick"])
            fewest = history
            for _ in range(self.worlds):
                deal = worlds.deal(rng)
                weight = 1.0
                if self.infer and history:
                    _charge(budget, history)
                    missed = evidence.misses(list(deal.hands), others, fewest + SKIP_MISSES)
                    if missed > fewest + SKIP_MISSES:
                        continue  # a world the play so far makes far less likely than others: skip it
                    fewest = min(fewest, missed)
                    weight = MISS_WEIGHT**missed
                values = self._values(deal, me, cards, others, budget, evidence.voids)
                for i, v in enumerate(values):
                    totals[i] += weight * v
                done += 1
        except BudgetExceeded:
            pass
        except ValueError:  # a view no deal fits (never in a real game)
            done = 0
        self.stats["decisions"] += 1
        self.stats["worlds"] += done
        self.stats["nodes"] += budget.nodes_used
        self.stats["capped"] += budget.timed_out
        if not done:
            return AntonPreisjass().choose(view, legal, rng)
        best = max(range(len(cards)), key=lambda i: (totals[i], -i))
        return legal[best]


DORA_WORLDS = 400
DORA_NODES = 24_000  # bench p95 381 ms CPU a decision here, two bench runs side by side (400 allowed)
DORA_EXACT_TRICKS = 4


class DoraPreisjass(SearchPreisjass):
    """The strongest level."""

    name = "Dora"

    def __init__(self) -> None:
        super().__init__(worlds=DORA_WORLDS, nodes=DORA_NODES, exact_tricks=DORA_EXACT_TRICKS)
