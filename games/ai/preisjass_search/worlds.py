"""Worlds consistent with a seat's view: the unseen cards dealt to the other seats so that each seat gets
its hand size and only cards it may still hold (the suits it has shown it lacks, an undertrump that
proves a hand of trumps only, the Bodentrumpf with the dealer until it is played).

The inferences are Bernd's (games.ai.bernd_preisjass.knowledge, from the view alone); the deal itself
comes from the shared sampler (games.ai.search.sampling).
"""

from __future__ import annotations

import random

from games.ai.bernd_preisjass import knowledge
from games.ai.preisjass_search.state import JSON, PLAYERS, Deal
from games.ai.search.sampling import sample_places


class Worlds:
    """Draws deals for one view; the constraints are worked out once."""

    def __init__(self, view: JSON) -> None:
        know = knowledge(view)
        self.view = view
        self.me = know.me
        self.others = [s for s in range(PLAYERS) if s != know.me]
        self.cards = know.unseen
        self.masks = []
        for m in know.masks:
            local = 0
            for j, s in enumerate(self.others):
                if m >> s & 1:
                    local |= 1 << j
            self.masks.append(local)
        self.sizes = [know.sizes[s] for s in self.others]

    def hands(self, rng: random.Random) -> list[int]:
        """One assignment of the unseen cards: a mask per seat (the own seat's is left 0)."""
        dealt = sample_places(self.cards, self.masks, self.sizes, rng)
        out = [0] * PLAYERS
        for j, s in enumerate(self.others):
            mask = 0
            for c in dealt[j]:
                mask |= 1 << c
            out[s] = mask
        return out

    def deal(self, rng: random.Random) -> Deal:
        """One full deal consistent with the view, the points won so far as in the view."""
        return Deal.from_view(self.view, self.hands(rng))
