"""Worlds consistent with a seat's view: the unseen cards dealt to the other seats so that each seat gets
its hand size and only cards it may still hold (the suits it has shown it lacks, an undertrump that
proves a hand of trumps only, the Bodentrumpf with the dealer until it is played).

The inferences are Bernd's (games.ai.bernd_preisjass.knowledge, from the view alone); the deal itself
comes from the shared sampler (games.ai.search.sampling).
"""

from __future__ import annotations

import random

from games.ai.bernd_preisjass import knowledge
from games.ai.preisjass_search.solver import Policy, void_after
from games.ai.preisjass_search.state import INDEX, JSON, PLAYERS, Deal, legal_mask
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


class Evidence:
    """The cards the other seats played in this game, to weigh a world by how well a model of their play
    (a policy over the world's hands) explains them: a world where the model would have played
    otherwise is less likely. The `anton` policy makes every choice Anton makes (the tests check it)."""

    def __init__(self, view: JSON, trump: int) -> None:
        self.me: int = view["seat"]
        self.trump = trump
        tricks = [t["cards"] for t in view["tricks"]]
        if view["trick"]:
            tricks.append(view["trick"])
        #: per trick, the (seat, card) plays in order
        self.tricks = [[(e["seat"], INDEX[e["card"]]) for e in cards] for cards in tricks]
        self.played = [0, 0, 0, 0]
        #: per seat, the suits the table has seen it fail to follow, as the policies read them
        self.voids = [0, 0, 0, 0]
        for cards in self.tricks:
            trick: tuple[int, ...] = ()
            for seat, card in cards:
                self.played[seat] |= 1 << card
                void_after(self.voids, seat, trick, card, trump)
                trick = (*trick, card)

    def misses(self, hands: list[int], policy: Policy, limit: int) -> int:
        """How many of the other seats' choices `policy` would have made otherwise in the world whose
        current hands are `hands` (the own seat's filled in); counting stops above `limit`."""
        now = [hands[s] | self.played[s] for s in range(PLAYERS)]
        voids = [0, 0, 0, 0]
        trump = self.trump
        missed = 0
        for cards in self.tricks:
            trick: tuple[int, ...] = ()
            for seat, card in cards:
                if seat != self.me:
                    options = legal_mask(now[seat], trick, trump)
                    if options & (options - 1) and policy(now, seat, trick, trump, voids) != card:
                        missed += 1
                        if missed > limit:
                            return missed
                now[seat] ^= 1 << card
                void_after(voids, seat, trick, card, trump)
                trick = (*trick, card)
        return missed
