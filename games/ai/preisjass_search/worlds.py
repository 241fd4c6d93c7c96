"""Worlds consistent with a seat's view: the unseen cards dealt to the other seats so that each seat gets
its hand size and only cards it may still hold (the suits it has shown it lacks, an undertrump that
proves a hand of trumps only, the Bodentrumpf with the dealer until it is played).

The inferences are Bernd's (games.ai.bernd_preisjass.knowledge, from the view alone); the deal itself
comes from the shared sampler (games.ai.search.sampling).
"""

from __future__ import annotations

import random

from games.ai.bernd_preisjass import knowledge
from games.ai.observation.preisjass import PreisjassObservation
from games.ai.preisjass_search.solver import Policy, void_after
from games.ai.preisjass_search.state import INDEX, PLAYERS, TRICKS, Deal, bits, legal_mask
from games.ai.search.sampling import below, sample, sample_places


class Worlds:
    """Draws deals for one view; the constraints are worked out once."""

    def __init__(self, obs: PreisjassObservation) -> None:
        know = knowledge(obs)
        self.obs = obs
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
        #: per unseen card, the seats (absolute numbers) that may hold it, as a bit mask
        self.allowed = {c: m for c, m in zip(know.unseen, know.masks, strict=True)}

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
        return Deal.from_view(self.obs, self.hands(rng))


class Evidence:
    """The cards the other seats played in this game, to weigh a world by how well a model of their play
    (a policy over the world's hands) explains them: a world where the model would have played
    otherwise is less likely. The `anton` policy makes every choice Anton makes (the tests check it)."""

    def __init__(self, obs: PreisjassObservation, trump: int) -> None:
        self.me = obs.seat
        self.trump = trump
        tricks = list(obs.tricks)
        if obs.trick:
            tricks.append(obs.trick)
        #: per trick, the (seat, card) plays in order
        self.tricks = [[(e.seat, INDEX[e.card]) for e in cards] for cards in tricks]
        self.played = [0, 0, 0, 0]
        #: per seat, the suits the table has seen it fail to follow, as the policies read them
        self.voids = [0, 0, 0, 0]
        for cards in self.tricks:
            trick: tuple[int, ...] = ()
            for seat, card in cards:
                self.played[seat] = self.played[seat] | (1 << card)
                void_after(self.voids, seat, trick, card, trump)
                trick = (*trick, card)

        #: per other seat, the moments of its plays: (trick so far, card played, the voids the table
        #: knew then, per seat the cards it played from then on); a world's current hands plus the
        #: last give the hands of that moment
        self.points: list[list[tuple[tuple[int, ...], int, list[int], list[int]]]] = [[], [], [], []]
        later = list(self.played)
        voids = [0, 0, 0, 0]
        for cards in self.tricks:
            trick = ()
            for seat, card in cards:
                if seat != self.me:
                    self.points[seat].append((trick, card, list(voids), list(later)))
                later[seat] = later[seat] ^ (1 << card)
                void_after(voids, seat, trick, card, trump)
                trick = (*trick, card)

    def seat_misses(self, hands: list[int], seat: int, policy: Policy, limit: int) -> int:
        """How many of `seat`'s own choices in this game `policy` would have made otherwise in the world
        whose current hands are `hands`; counting stops above `limit`. A seat's choices depend on its
        own hand alone (the others' cards pool as the unseen ones, whoever holds them), so this is a
        function of `hands[seat]`."""
        trump = self.trump
        missed = 0
        for trick, card, voids, later in self.points[seat]:
            then = [hands[0] | later[0], hands[1] | later[1], hands[2] | later[2], hands[3] | later[3]]
            options = legal_mask(then[seat], trick, trump)
            if options & (options - 1) and policy.choose(then, seat, trick, trump, voids) != card:
                missed += 1
                if missed > limit:
                    break
        return missed

    def misses(self, hands: list[int], policy: Policy, limit: int) -> int:
        """How many of the other seats' choices `policy` would have made otherwise in the world whose
        current hands are `hands` (the own seat's filled in); counting stops above `limit`."""
        missed = 0
        for seat in range(PLAYERS):
            if seat != self.me and missed <= limit:
                missed += self.seat_misses(hands, seat, policy, limit - missed)
        return missed


class Chain:
    """Worlds that the others' play so far explains, drawn by a Markov chain over the deals of the
    unseen cards. A step swaps two cards between two other seats (where both may go) and is taken
    when the new world leaves no more of the others' choices unexplained than the present one, so the
    chain walks down to worlds the model explains fully and then on among them. Early in a game most
    sampled worlds are explained; by the fourth trick few are (about one in fifty at a table of
    Antons), which drawing afresh cannot afford. The chain starts afresh every `restart` draws (the
    explained worlds can lie apart) and walks `thin` steps between two draws.

    A seat's choices depend on its own hand alone, so their misses are counted per seat and hand
    (and remembered); a swap between two seats asks only those two again."""

    def __init__(
        self,
        worlds: Worlds,
        evidence: Evidence,
        policy: Policy,
        rng: random.Random,
        own: int,
        thin: int = 3,
        restart: int = 8,
        descend: int = 60,
    ) -> None:
        self.worlds = worlds
        self.evidence = evidence
        self.policy = policy
        self.rng = rng
        self.own = own
        self.thin = thin
        self.restart = restart
        self.descend = descend
        self.me = worlds.me
        self.allowed = worlds.allowed
        self.known: dict[tuple[int, int], tuple[int, bool]] = {}
        self.hands: list[int] = []
        self.missed = [0, 0, 0, 0]
        self.seats: list[int] = []  # the other seats holding cards to swap
        self.drawn = 0
        #: policy calls made to count misses (the caller charges them to its budget)
        self.calls = 0

    def seat_misses(self, hands: list[int], seat: int, limit: int) -> int:
        """`Evidence.seat_misses`, remembered per (seat, hand)."""
        key = (seat, hands[seat])
        known = self.known.get(key)
        if known is not None and (known[1] or known[0] > limit):
            return known[0]
        self.calls += len(self.evidence.points[seat])
        missed = self.evidence.seat_misses(hands, seat, self.policy, limit)
        self.known[key] = (missed, missed <= limit)
        return missed

    def _start(self) -> None:
        self.hands = self.worlds.hands(self.rng)
        self.hands[self.me] = self.own
        self.missed = [0, 0, 0, 0]
        for s in self.worlds.others:
            self.missed[s] = self.seat_misses(self.hands, s, TRICKS)
        self.seats = [s for s in self.worlds.others if self.hands[s]]

    def _step(self) -> None:
        if len(self.seats) < 2:
            return
        rng, hands = self.rng, self.hands
        a_seat, b_seat = sample(self.seats, 2, rng)
        a_cards, b_cards = bits(hands[a_seat]), bits(hands[b_seat])
        a = a_cards[below(rng, len(a_cards))]  # rng.choice, compiled
        b = b_cards[below(rng, len(b_cards))]
        if not (self.allowed[a] >> b_seat & 1 and self.allowed[b] >> a_seat & 1):
            return
        now = self.missed[a_seat] + self.missed[b_seat]
        new = list(hands)
        new[a_seat] = new[a_seat] ^ ((1 << a) | (1 << b))
        new[b_seat] = new[b_seat] ^ ((1 << a) | (1 << b))
        a_missed = self.seat_misses(new, a_seat, now)
        if a_missed > now:
            return
        b_missed = self.seat_misses(new, b_seat, now - a_missed)
        if a_missed + b_missed > now:
            return
        self.hands = new
        self.missed[a_seat], self.missed[b_seat] = a_missed, b_missed

    def draw(self) -> tuple[list[int], int]:
        """The next world (every seat's current hand) and how many of the others' choices it leaves
        unexplained."""
        if self.drawn % self.restart == 0:
            self._start()
            for _ in range(self.descend):
                if not sum(self.missed):
                    break
                self._step()
        else:
            for _ in range(self.thin):
                self._step()
        self.drawn += 1
        return list(self.hands), sum(self.missed)
