"""The frame every search player shares: the budget of a decision, the counters the bench reads, and
the choose loop (a forced move is played at once, a decision that finished nothing falls back to
Anton's rules). A search player that remembers the deal (Schnapsen's) adds `choose_informed`, which
hands the seat's information state to `decide` (games.ai.base.InformedPlayer); the others decide from the
view, and `info` stays None."""

from __future__ import annotations

import random

from games.ai.base import JSON, Player
from games.ai.search.budget import SAFETY_SECONDS, Budget
from games.engine.information import InformationState


class SearchPlayer:
    name = "Search"

    def __init__(self, nodes: int, seconds: float, fallback: Player) -> None:
        #: the node budget of one decision (what keeps a decision reproducible)
        self.nodes = nodes
        #: the CPU-time cap of one decision, a safety net (see games.ai.search.budget)
        self.seconds = seconds
        #: who decides when the search finished no world (Anton)
        self.fallback = fallback
        #: counters for the bench: decisions searched, worlds and nodes searched, decisions capped
        self.stats = {"decisions": 0, "worlds": 0, "nodes": 0, "capped": 0}

    def choose(self, view: JSON, legal: list[JSON], rng: random.Random) -> JSON:
        """From the view alone (no memory of the deal beyond what the view shows)."""
        return self._choose(view, None, legal, rng)

    def _choose(
        self, view: JSON, info: InformationState | None, legal: list[JSON], rng: random.Random
    ) -> JSON:
        if self.forced(view, legal):
            return legal[0]
        budget = Budget(self.nodes, self.seconds)
        try:
            action = self.decide(view, legal, rng, budget, info)
        finally:
            self.stats["decisions"] += 1
            self.stats["nodes"] += budget.nodes_used
            self.stats["capped"] += budget.timed_out
        return action if action is not None else self.fallback.choose(view, legal, rng)

    def forced(self, view: JSON, legal: list[JSON]) -> bool:
        """Whether legal[0] is played without a search (one legal action)."""
        return len(legal) == 1

    def decide(
        self,
        view: JSON,
        legal: list[JSON],
        rng: random.Random,
        budget: Budget,
        info: InformationState | None = None,
    ) -> JSON | None:
        """The searched action, or None to leave the decision to the fallback. Adds the worlds it
        finished to `stats["worlds"]`. `info`, when given, is the seat's information state (`view` is
        its view); a player that reads only the view ignores it."""
        raise NotImplementedError


__all__ = ["SAFETY_SECONDS", "SearchPlayer"]
