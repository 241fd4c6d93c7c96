"""The Russian Preferans search player's decisions before the play: the bids, the talon exchange, the
contract and the whist calls, each over worlds sampled from the seat's view (see player.py for how each
is valued), and the worlds themselves, resampled for a defender until the declarer's bidding and
discard fit them."""

from __future__ import annotations

import random
from itertools import combinations

from games.ai.anton_preferans import AntonPreferans, best_trump, declarer_tricks, misere_risk
from games.ai.base import JSON
from games.ai.observation.preferans import PreferansObservation
from games.ai.preferans_search.solver import Solver, sides
from games.ai.preferans_search.state import GAME, MISERE, SUITS, Deal, mask_of, names
from games.ai.preferans_search.values import (
    LADDER_SUITS,
    MISERE_VALUE,
    POOL,
    bid_rank,
    declarer_discard,
    declarer_payoff,
    misere_discard,
    parse_bid,
    whist_call_values,
)
from games.ai.preferans_search.worlds import World, sample_world
from games.ai.search.budget import SAFETY_SECONDS, Budget, BudgetExceeded
from games.ai.search.player import SearchPlayer


class ContractSearch(SearchPlayer):
    """The settings of a level, the worlds, and every decision but the card play (`SearchPreferans`)."""

    def __init__(
        self,
        worlds: int,
        nodes: int,
        depth: int,
        exact_tricks: int,
        bid_worlds: int,
        seconds: float = SAFETY_SECONDS,
        bid_margin: float = 0.0,
        whist_margin: float = 0.0,
        tries: int = 20,
        duck_depth: int = 0,
        duck_worlds: int = 0,
        selfish_exact: int = 0,
        selfish_depth: int = 1,
        pass_share: float = 1.0,
    ) -> None:
        self.anton = AntonPreferans()
        super().__init__(nodes, seconds, self.anton)
        #: misère and raspasy: a deeper pass decides once it has searched 1 / pass_share of the worlds
        self.pass_share = pass_share
        #: raspasy by `SelfishSolver` (0: the paranoid Solver), exact once this many tricks are left,
        #: `selfish_depth` tricks deep before
        self.selfish_exact = selfish_exact
        self.selfish_depth = selfish_depth
        self.tries = tries
        #: misère and raspasy before the last `exact_tricks`: tricks searched before `duck_estimate`
        #: (0: Anton's rules), in `duck_worlds` worlds
        self.duck_depth = duck_depth
        self.duck_worlds = duck_worlds or worlds
        self.worlds = worlds
        self.depth = depth
        self.exact_tricks = exact_tricks
        self.bid_worlds = bid_worlds
        self.bid_margin = bid_margin
        self.whist_margin = whist_margin

    # --- worlds --------------------------------------------------------------------------------
    def _worlds(self, obs: PreferansObservation, rng: random.Random, count: int) -> list[World]:
        """`count` worlds; for a defender, what the declarer bid and threw is taken into account:
        - before the play, his twelve cards (hand and discard) are resampled (up to `tries` times)
          until his ten cards before the talon were worth his highest bid (Anton's count plus the talon
          bonus, the common measure here), and his discard is the one a declarer makes;
        - in play, worlds whose declarer hand is far below the contract are resampled, and a misère
          declarer's hand must look like a misère."""
        out = []
        contract = obs.contract
        hidden_declarer = (
            contract is not None
            and not obs.raspasy
            and obs.declarer is not None
            and obs.declarer != obs.seat
            and obs.open_hands[obs.declarer] is None
        )
        decl = obs.active.index(obs.declarer) if hidden_declarer else -1
        for _ in range(count):
            world = sample_world(obs, rng)
            if hidden_declarer:
                for _ in range(self.tries):
                    if self._plausible(obs, world, decl):
                        break
                    world = sample_world(obs, rng)
                if obs.phase == "whist":
                    assert contract is not None  # a hidden declarer has one
                    twelve = names(world.hands[decl] | world.out)
                    thrown = declarer_discard(twelve, parse_bid(contract)[1])
                    world.hands[decl] = mask_of([c for c in twelve if c not in thrown])
                    world.out = mask_of(thrown)
            out.append(world)
        return out

    def _plausible(self, obs: PreferansObservation, world: World, decl: int) -> bool:
        contract = obs.contract
        if contract == "MIS":
            return misere_risk(names(world.hands[decl])) <= 2.0
        assert contract is not None  # asked for a hidden declarer only
        level, trump = parse_bid(contract)
        if obs.phase != "whist":
            return declarer_tricks(names(world.hands[decl]), trump) >= level - 1.5
        seat = obs.declarer
        bids = [b for s, b in obs.bids if s == seat and b not in ("pass", "hold", "MIS")]
        bid_level = max((parse_bid(b)[0] for b in bids), default=6)
        talon = mask_of(obs.talon or ())
        before = names((world.hands[decl] | world.out) & ~talon)
        return best_trump(before)[1] + self.anton.talon_bonus >= bid_level

    # --- bidding -------------------------------------------------------------------------------
    def _bid(
        self, obs: PreferansObservation, legal: list[JSON], rng: random.Random, budget: Budget
    ) -> JSON | None:
        by_bid = {a["bid"]: a for a in legal}
        me = obs.active.index(obs.seat)
        hand = list(obs.hand)
        results: list[tuple[str, float]] = []  # per world: best trump, declarer tricks
        misere: list[float] = []
        try_misere = "MIS" in by_bid and misere_risk(hand) <= 3.0
        for world in self._worlds(obs, rng, self.bid_worlds):
            cards = hand + names(world.out)
            trump, _ = best_trump(cards)
            kept = [c for c in cards if c not in declarer_discard(cards, trump)]
            hands = world.hands[:]
            hands[me] = mask_of(kept)
            try:
                results.append((trump, self._declarer_tricks(hands, me, trump, budget)))
                if try_misere:
                    misere.append(self._misere_tricks(cards, hands, me, budget))
            except BudgetExceeded:
                break
        self.stats["worlds"] += len(results)
        if not results:
            return None
        options = [b for b in by_bid if b not in ("pass", "hold", "MIS")]
        ladder = sorted(
            {*options, *([obs.high_bid] if obs.high_bid not in (None, "MIS") else [])}, key=bid_rank
        )

        def value(bid: str) -> float:
            level, suit = parse_bid(bid)
            total = 0.0
            for trump, tricks in results:
                best = -1e9
                for lv in range(level, 11):
                    if (lv, LADDER_SUITS.index(trump)) >= (level, LADDER_SUITS.index(suit)):
                        best = max(best, declarer_payoff(tricks, lv))
                total += best
            return total / len(results)

        worth = {b: value(b) for b in ladder}
        good = [b for b in ladder if worth[b] > self.bid_margin]
        if misere and len(misere) >= 3:
            mis_value = sum(
                POOL * MISERE_VALUE if t < 0.5 else -POOL * MISERE_VALUE * t for t in misere
            ) / len(misere)
            if mis_value > max([self.bid_margin, *worth.values()]):
                return by_bid["MIS"]
        elif try_misere and misere_risk(hand) <= self.anton.misere_limit:
            return by_bid["MIS"]
        if not good:
            return by_bid["pass"]
        limit = max(bid_rank(b) for b in good)
        if "hold" in by_bid and obs.high_bid and bid_rank(obs.high_bid) <= limit:
            return by_bid["hold"]
        raises = [b for b in options if bid_rank(b) <= limit]
        if raises:
            return by_bid[min(raises, key=bid_rank)]
        return by_bid["pass"]

    def _declarer_tricks(self, hands: list[int], me: int, trump: str, budget: Budget) -> float:
        deal = Deal(GAME, hands, -1 if trump == "NT" else SUITS.index(trump), me, 0)
        return Solver(deal, 1 << me, 1 << me, budget, stop=self.depth).value(deal)

    def _misere_tricks(self, cards: list[str], hands: list[int], me: int, budget: Budget) -> float:
        """The misère declarer's tricks in one world, solved exactly within a slice of the budget (the
        world is skipped, by BudgetExceeded, if it needs more)."""
        hands = hands[:]
        hands[me] = mask_of([c for c in cards if c not in misere_discard(cards)])
        deal = Deal(MISERE, hands, -1, me, 0)
        slice_ = Budget(min(budget.nodes_left, 3000), budget.seconds - budget.elapsed())
        target, maximizers = sides(deal, me)
        try:
            value = Solver(deal, target, maximizers, slice_).value(deal)
        except BudgetExceeded:
            value = 0.0 if misere_risk(names(hands[me])) < 0.5 else 1.0
        budget.nodes_left -= slice_.nodes_used
        budget.timed_out |= slice_.timed_out
        budget.nodes_used += slice_.nodes_used
        if budget.nodes_left < 0:
            raise BudgetExceeded
        return value

    # --- exchange and contract ---------------------------------------------------------------------
    def _exchange(
        self, obs: PreferansObservation, legal: list[JSON], rng: random.Random, budget: Budget
    ) -> JSON | None:
        if obs.high_bid == "MIS":
            return None  # Anton's misère discard
        hand = list(obs.hand)
        me = obs.active.index(obs.seat)
        ranked = sorted(((declarer_tricks(hand, t), -i, t) for i, t in enumerate(LADDER_SUITS)), reverse=True)
        candidates: list[tuple[str, list[str]]] = []
        for _, _, trump in ranked[:2]:
            spare = sorted(hand, key=lambda c: (c[1] == trump, "789TJQKA".index(c[0])))[:7]
            pairs = sorted(
                combinations(spare, 2),
                key=lambda p: -declarer_tricks([c for c in hand if c not in p], trump),
            )
            candidates += [(trump, list(p)) for p in pairs[:3]]
        worlds = self._worlds(obs, rng, self.bid_worlds)
        totals = [0.0] * len(candidates)
        done = 0
        for world in worlds:
            values = []
            try:
                for trump, pair in candidates:
                    hands = world.hands[:]
                    hands[me] = mask_of([c for c in hand if c not in pair])
                    values.append(self._declarer_tricks(hands, me, trump, budget))
            except BudgetExceeded:
                break
            for i, v in enumerate(values):
                totals[i] += v
            done += 1
        self.stats["worlds"] += done
        if not done:
            return None
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        chosen = set(candidates[best][1])
        return next(a for a in legal if set(a["discard"]) == chosen)

    def _declare(
        self, obs: PreferansObservation, legal: list[JSON], rng: random.Random, budget: Budget
    ) -> JSON | None:
        me = obs.active.index(obs.seat)
        suits = sorted({parse_bid(a["contract"])[1] for a in legal}, key=LADDER_SUITS.index)
        totals: dict[str, list[float]] = {s: [] for s in suits}
        for world in self._worlds(obs, rng, self.bid_worlds):
            try:
                values = {s: self._declarer_tricks(world.hands[:], me, s, budget) for s in suits}
            except BudgetExceeded:
                break
            for s, v in values.items():
                totals[s].append(v)
        n = len(totals[suits[0]])
        self.stats["worlds"] += n
        if not n:
            return None

        def worth(action: JSON) -> float:
            level, suit = parse_bid(action["contract"])
            return sum(declarer_payoff(t, level) for t in totals[suit]) / n

        return max(legal, key=worth)

    # --- whisting ------------------------------------------------------------------------------
    def _defend(
        self, obs: PreferansObservation, legal: list[JSON], rng: random.Random, budget: Budget
    ) -> JSON | None:
        calls = {a["call"]: a for a in legal}
        assert obs.contract is not None  # whist calls follow the contract
        _, trump = parse_bid(obs.contract)
        active = obs.active
        decl = active.index(obs.declarer)
        tricks: list[float] = []
        for world in self._worlds(obs, rng, self.bid_worlds):
            try:
                tricks.append(self._declarer_tricks(world.hands[:], decl, trump, budget))
            except BudgetExceeded:
                break
        self.stats["worlds"] += len(tricks)
        if not tricks:
            return None
        values = whist_call_values(obs, tricks)
        # the margin holds a whist back; among equal values the first call in `values` is taken
        best = max(
            (c for c in values if c in calls),
            key=lambda c: values[c] - (self.whist_margin if c == "whist" else 0.0),
        )
        return calls[best]
