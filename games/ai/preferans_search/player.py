"""The search players for Russian Preferans: every decision is taken over worlds sampled from the seat's
view (games.ai.preferans_search.worlds) and searched with all hands open (solver.py).

- Card play: in each world every legal card gets the tricks it leads to under perfect play, turned into
  what they are worth to the seat (the contract made or set, whists, misère and raspasy penalties), and
  the card with the best sum is played; identical worlds (the seat sees every card that matters, as the
  misère declarer does against the open defenders) are searched once. The last `exact_tricks` tricks are
  solved exactly; before that a game is searched `depth` tricks deep and estimated there from the top
  winners, a misère defence `duck_depth` tricks deep (declarer against both defenders, alpha-beta) and
  estimated from the cards the declarer cannot duck, and raspasy `selfish_depth` tricks deep with every hand
  keeping its own tricks down (`SelfishSolver`, max^n; to the end once `selfish_exact` tricks are left)
  and estimated the same way per hand; both deepen a trick at a time within the budget (up to those
  depths; the deepest pass that searched 1 / `pass_share` of the worlds decides). The misère declarer
  plays his early tricks by Anton's rules (the search, which sees every card there, did not play them
  better on the tune deals), as do the defenders with `duck_depth` 0 and raspasy with `selfish_exact` 0.
- Bidding, the talon exchange and the contract: the talon and the other hands are sampled, the hand
  after the exchange searched per world, and each bid is worth the mean whists of the best contract it
  allows (what the declarer writes for a made game, what he pays for tricks short and to the whisters,
  the defenders whisting when they hold their obligation in that world). Misère is bid when its exact
  solves (defenders seeing everything, so it errs on the safe side) are worth more than the best game.
- Whist or pass: the declarer's hand and discard are sampled (the turned talon lies in one of them, and
  worlds in which the declarer could hardly have bid his contract are resampled), and each call is
  worth the mean whists it brings in the worlds: tricks times the value, a set contract, the obligation
  missed, the declarer's pool.

Whists here mean the settlement's whists: a pool point is worth 20/3 whists to its writer and costs each
opponent 10/3 (a mountain point the other way round), whists written against a seat move one to one.
A decision uses a node budget (reproducible) and a CPU-time cap (a safety net); without a finished
world the player falls back to Anton.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations

from games.ai.anton_preferans import AntonPreferans, best_trump, declarer_tricks, misere_risk
from games.ai.base import JSON
from games.ai.preferans_search.solver import SelfishSolver, Solver, sides
from games.ai.preferans_search.state import (
    GAME,
    INDEX,
    MISERE,
    RASPASY,
    SUITS,
    Deal,
    bits,
    from_view,
    mask_of,
    names,
)
from games.ai.preferans_search.worlds import World, sample_world
from games.ai.search.budget import SAFETY_SECONDS, Budget, BudgetExceeded

LADDER_SUITS = ("S", "C", "D", "H", "NT")
VALUE = {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}
OBLIGATION = {6: 4, 7: 2, 8: 1, 9: 1, 10: 0}
HALF_WHISTS = {6: 2, 7: 1}
POOL = 20 / 3  # whists a pool point is worth to its writer
POOL_OTHER = 10 / 3  # what it costs each opponent
MISERE_VALUE = 10


def _bid_rank(bid: str) -> int:
    if bid == "MIS":
        return 15
    level, suit = _parse(bid)
    return (level - 6) * 5 + LADDER_SUITS.index(suit) + (1 if level >= 9 else 0)


def _parse(bid: str) -> tuple[int, str]:
    return (int(bid[:-2]), "NT") if bid.endswith("NT") else (int(bid[:-1]), bid[-1])


def declarer_payoff(tricks: float, level: int) -> float:
    """The declarer's whists for `tricks` in a game of `level`: defenders whist when they hold their
    obligation, and then write their tricks."""
    v = VALUE[level]
    defence = 10 - tricks
    whisted = defence >= OBLIGATION[level]
    if tricks >= level:
        return POOL * v - (v * defence if whisted else 0.0)
    short = level - tricks
    return -POOL * v * short - 2 * v * short - v * defence


def whist_call_values(view: JSON, tricks: list[float], open_answer: bool = False) -> dict[str, float]:
    """What each whist call is worth to the seat to call, in whists, the declarer taking `tricks` (one
    per world): tricks times the game's value, a set contract, the obligation missed, the declarer's
    pool. A partner still to answer answers with even odds, or with `open_answer` (the analysis, on
    the real cards) as these values tell him. The order of the calls breaks ties: the first wins."""
    level, _ = _parse(view["contract"])
    v, need = VALUE[level], OBLIGATION[level]
    me = view["seat"]
    others = [c for s, c in enumerate(view["whist_calls"]) if s != me and c is not None]

    def mean(f: Callable[[float], float]) -> float:
        return sum(f(t) for t in tricks) / len(tricks)

    def lone(t: float) -> float:
        d = 10 - t
        made = t >= level
        gain = v * d + (0.0 if made else v * (level - t)) - (POOL_OTHER * v if made else 0.0)
        return gain - (POOL * v * (need - d) if d < need else 0.0)

    def both(t: float) -> float:
        d = (10 - t) / 2
        made = t >= level
        gain = v * d + (0.0 if made else v * (level - t)) - (POOL_OTHER * v if made else 0.0)
        return gain - (POOL * v * (need / 2 - d) if d < need / 2 else 0.0)

    def watch(t: float) -> float:  # somebody else defends, I pass
        return -POOL_OTHER * v if t >= level else v * (level - t)

    unplayed = -POOL_OTHER * v
    half = unplayed + v * HALF_WHISTS.get(level, 0)
    if view["whist_calls"][me] == "pass" and "half" in others:  # answering a half whist: defend alone
        return {"pass": unplayed, "whist": mean(lone)}
    if "whist" in others:
        return {"pass": mean(watch), "whist": mean(both)}
    if "pass" in others:
        return {"whist": mean(lone), "pass": unplayed, "half": half}
    if open_answer:
        # my whist answered by a whist when sharing beats watching for him, else I defend alone; my
        # pass answered by his best of whisting alone, passing and (6, 7) half whist
        whisting = mean(both) if mean(both) > mean(watch) else mean(lone)
        answers = {"whist": mean(lone), "pass": unplayed}
        if level in HALF_WHISTS:
            answers["half"] = half
        answer = max(answers, key=lambda c: answers[c])
        passing = (
            mean(watch) if answer == "whist" else max(mean(lone), unplayed) if answer == "half" else unplayed
        )
        return {"pass": passing, "whist": whisting}
    # first to call: a whist answered by a whist (shared defence) or a pass (I defend alone), a pass
    # by a whist (he defends) or a pass; each taken as even odds
    return {"pass": 0.5 * mean(watch) + 0.5 * unplayed, "whist": 0.5 * mean(both) + 0.5 * mean(lone)}


def _discard(cards: list[str], trump: str) -> list[str]:
    """The two cards a declarer throws for `trump` (Anton's count: the least useful of the seven
    cheapest, side suits before trumps)."""
    spare = sorted(cards, key=lambda c: (c[1] == trump, "789TJQKA".index(c[0])))[:7]
    best, best_key = spare[:2], (-99.0, 0)
    for pair in combinations(spare, 2):
        rest = [c for c in cards if c not in pair]
        key = (declarer_tricks(rest, trump), -sum("789TJQKA".index(c[0]) for c in pair))
        if key > best_key:
            best, best_key = list(pair), key
    return best


def _misere_discard(cards: list[str]) -> list[str]:
    worst = sorted(cards, key=lambda c: -"789TJQKA".index(c[0]))[:7]
    return list(min(combinations(worst, 2), key=lambda p: misere_risk([c for c in cards if c not in p])))


class SearchPreferans:
    name = "Search"

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
        self.nodes = nodes
        self.depth = depth
        self.exact_tricks = exact_tricks
        self.bid_worlds = bid_worlds
        self.seconds = seconds
        self.bid_margin = bid_margin
        self.whist_margin = whist_margin
        self.anton = AntonPreferans()
        #: counters for the bench: decisions searched, worlds and nodes searched
        self.stats = {"decisions": 0, "worlds": 0, "nodes": 0, "capped": 0}

    def choose(self, view: JSON, legal: list[JSON], rng: random.Random) -> JSON:
        if len(legal) == 1:
            return legal[0]
        kind = legal[0]["type"]
        budget = Budget(self.nodes, self.seconds)
        try:
            action = None
            if kind == "play":
                action = self._play(view, legal, rng, budget)
            elif kind == "bid":
                action = self._bid(view, legal, rng, budget)
            elif kind == "exchange":
                action = self._exchange(view, legal, rng, budget)
            elif kind == "declare":
                action = self._declare(view, legal, rng, budget)
            elif kind == "defend":
                action = self._defend(view, legal, rng, budget)
        finally:
            self.stats["decisions"] += 1
            self.stats["nodes"] += budget.nodes_used
            self.stats["capped"] += budget.timed_out
        return action if action is not None else self.anton.choose(view, legal, rng)

    # --- worlds --------------------------------------------------------------------------------
    def _worlds(self, view: JSON, rng: random.Random, count: int) -> list[World]:
        """`count` worlds; for a defender, what the declarer bid and threw is taken into account:
        - before the play, his twelve cards (hand and discard) are resampled (up to `tries` times)
          until his ten cards before the talon were worth his highest bid (Anton's count plus the talon
          bonus, the common measure here), and his discard is the one a declarer makes;
        - in play, worlds whose declarer hand is far below the contract are resampled, and a misère
          declarer's hand must look like a misère."""
        out = []
        contract = view["contract"]
        hidden_declarer = (
            contract is not None
            and not view["raspasy"]
            and view["declarer"] is not None
            and view["declarer"] != view["seat"]
            and view["open_hands"][view["declarer"]] is None
        )
        decl = view["active"].index(view["declarer"]) if hidden_declarer else -1
        for _ in range(count):
            world = sample_world(view, rng)
            if hidden_declarer:
                for _ in range(self.tries):
                    if self._plausible(view, world, decl):
                        break
                    world = sample_world(view, rng)
                if view["phase"] == "whist":
                    twelve = names(world.hands[decl] | world.out)
                    thrown = _discard(twelve, _parse(contract)[1])
                    world.hands[decl] = mask_of([c for c in twelve if c not in thrown])
                    world.out = mask_of(thrown)
            out.append(world)
        return out

    def _plausible(self, view: JSON, world: World, decl: int) -> bool:
        contract = view["contract"]
        if contract == "MIS":
            return misere_risk(names(world.hands[decl])) <= 2.0
        level, trump = _parse(contract)
        if view["phase"] != "whist":
            return declarer_tricks(names(world.hands[decl]), trump) >= level - 1.5
        seat = view["declarer"]
        bids = [b for s, b in view["bids"] if s == seat and b not in ("pass", "hold", "MIS")]
        bid_level = max((_parse(b)[0] for b in bids), default=6)
        talon = mask_of(view["talon"] or [])
        before = names((world.hands[decl] | world.out) & ~talon)
        return best_trump(before)[1] + self.anton.talon_bonus >= bid_level

    # --- card play -----------------------------------------------------------------------------
    def _play(self, view: JSON, legal: list[JSON], rng: random.Random, budget: Budget) -> JSON | None:
        done = len(view["played"]) // 3
        left = 10 - done
        kind = RASPASY if view["raspasy"] else MISERE if view["contract"] == "MIS" else GAME
        count = self.worlds
        if kind == RASPASY and self.selfish_exact:
            stop = 10 if left <= self.selfish_exact else done + self.selfish_depth
            count = self.duck_worlds
        elif left <= self.exact_tricks:
            stop = 10
        elif kind == GAME:
            stop = done + self.depth
        elif kind == MISERE and self.duck_depth and view["seat"] != view["declarer"]:
            stop, count = done + self.duck_depth, self.duck_worlds
        else:
            return None  # Anton's rules (the misère declarer: the search did not play him better)
        me = view["active"].index(view["turn"])
        # identical worlds (the seat sees every card that matters) are searched once
        weights: dict[tuple[int, ...], tuple[World, int]] = {}
        for world in self._worlds(view, rng, count):
            key = (*world.hands, world.out if kind == RASPASY else 0)
            seen = weights.get(key)
            weights[key] = (world, seen[1] + 1 if seen else 1)
        deals = []
        for world, weight in weights.values():
            talon = bits(world.out)[0] if kind == RASPASY and world.out else -1
            deals.append((from_view(view, dict(enumerate(world.hands)), talon), weight))
        # misère and raspasy deepen a trick at a time while the budget lasts: the deepest pass that
        # searched at least 1 / pass_share of the worlds decides (else what the first pass finished)
        stops = [stop] if stop == 10 or kind == GAME else list(range(done + 1, stop + 1))
        best_pass: tuple[dict[int, float], int] | None = None
        for pass_stop in stops:
            totals = {INDEX[a["card"]]: 0.0 for a in legal}
            finished = 0
            for deal, weight in deals:
                try:
                    values = self._solve(deal, me, budget, pass_stop)
                except BudgetExceeded:
                    break
                target, _ = self._sides(deal, me)
                taken = sum(deal.tricks[p] for p in range(3) if target >> p & 1)
                for card in totals:
                    totals[card] += weight * self._utility(deal, me, taken + values[card])
                finished += weight
            if best_pass is None or finished * self.pass_share >= count:
                best_pass = (totals, finished)
            if budget.spent:
                break
        assert best_pass is not None
        totals, finished = best_pass
        self.stats["worlds"] += finished
        if not finished:
            return None
        best = max(totals, key=lambda c: (totals[c], -c))
        return next(a for a in legal if INDEX[a["card"]] == best)

    def _solve(self, deal: Deal, me: int, budget: Budget, stop: int) -> dict[int, float]:
        """The target's future tricks after each legal card in one world, searched to trick `stop`."""
        if deal.kind == RASPASY and self.selfish_exact:
            return SelfishSolver(deal, me, budget, stop=stop).move_values(deal)
        target, maximizers = self._sides(deal, me)
        return Solver(deal, target, maximizers, budget, stop=stop).move_values(deal)

    def _sides(self, deal: Deal, me: int) -> tuple[int, int]:
        """Whose tricks the card play counts and who raises them (one place, so that a variant, the
        collusion bench's players, can play for another side)."""
        return sides(deal, me)

    @staticmethod
    def _utility(deal: Deal, me: int, tricks: float) -> float:
        """What the target's `tricks` at the end are worth to the hand at position `me` (not whists:
        a smooth order of outcomes that prefers the contract made or set to extra tricks)."""
        if deal.kind == RASPASY:
            return -tricks - (1.0 if tricks > 0.5 else 0.0)
        if deal.kind == MISERE:
            bad = tricks + (3.0 if tricks > 0.5 else 0.0)
            return -bad if me == deal.declarer else bad
        level = deal.level
        if me == deal.declarer:
            return tricks + 4 * min(tricks, level)
        defence = 10 - tricks
        return defence + 4 * min(defence, 11 - level)

    # --- bidding -------------------------------------------------------------------------------
    def _bid(self, view: JSON, legal: list[JSON], rng: random.Random, budget: Budget) -> JSON | None:
        by_bid = {a["bid"]: a for a in legal}
        me = view["active"].index(view["seat"])
        hand = view["hand"]
        results: list[tuple[str, float]] = []  # per world: best trump, declarer tricks
        misere: list[float] = []
        try_misere = "MIS" in by_bid and misere_risk(hand) <= 3.0
        for world in self._worlds(view, rng, self.bid_worlds):
            cards = hand + names(world.out)
            trump, _ = best_trump(cards)
            kept = [c for c in cards if c not in _discard(cards, trump)]
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
            {*options, *([view["high_bid"]] if view["high_bid"] not in (None, "MIS") else [])}, key=_bid_rank
        )

        def value(bid: str) -> float:
            level, suit = _parse(bid)
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
        limit = max(_bid_rank(b) for b in good)
        if "hold" in by_bid and view["high_bid"] and _bid_rank(view["high_bid"]) <= limit:
            return by_bid["hold"]
        raises = [b for b in options if _bid_rank(b) <= limit]
        if raises:
            return by_bid[min(raises, key=_bid_rank)]
        return by_bid["pass"]

    def _declarer_tricks(self, hands: list[int], me: int, trump: str, budget: Budget) -> float:
        deal = Deal(GAME, hands, -1 if trump == "NT" else SUITS.index(trump), me, 0)
        return Solver(deal, 1 << me, 1 << me, budget, stop=self.depth).value(deal)

    def _misere_tricks(self, cards: list[str], hands: list[int], me: int, budget: Budget) -> float:
        """The misère declarer's tricks in one world, solved exactly within a slice of the budget (the
        world is skipped, by BudgetExceeded, if it needs more)."""
        hands = hands[:]
        hands[me] = mask_of([c for c in cards if c not in _misere_discard(cards)])
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
    def _exchange(self, view: JSON, legal: list[JSON], rng: random.Random, budget: Budget) -> JSON | None:
        if view["high_bid"] == "MIS":
            return None  # Anton's misère discard
        hand = view["hand"]
        me = view["active"].index(view["seat"])
        ranked = sorted(((declarer_tricks(hand, t), -i, t) for i, t in enumerate(LADDER_SUITS)), reverse=True)
        candidates: list[tuple[str, list[str]]] = []
        for _, _, trump in ranked[:2]:
            spare = sorted(hand, key=lambda c: (c[1] == trump, "789TJQKA".index(c[0])))[:7]
            pairs = sorted(
                combinations(spare, 2),
                key=lambda p: -declarer_tricks([c for c in hand if c not in p], trump),
            )
            candidates += [(trump, list(p)) for p in pairs[:3]]
        worlds = self._worlds(view, rng, self.bid_worlds)
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

    def _declare(self, view: JSON, legal: list[JSON], rng: random.Random, budget: Budget) -> JSON | None:
        me = view["active"].index(view["seat"])
        suits = sorted({_parse(a["contract"])[1] for a in legal}, key=LADDER_SUITS.index)
        totals: dict[str, list[float]] = {s: [] for s in suits}
        for world in self._worlds(view, rng, self.bid_worlds):
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
            level, suit = _parse(action["contract"])
            return sum(declarer_payoff(t, level) for t in totals[suit]) / n

        return max(legal, key=worth)

    # --- whisting ------------------------------------------------------------------------------
    def _defend(self, view: JSON, legal: list[JSON], rng: random.Random, budget: Budget) -> JSON | None:
        calls = {a["call"]: a for a in legal}
        _, trump = _parse(view["contract"])
        active = view["active"]
        decl = active.index(view["declarer"])
        tricks: list[float] = []
        for world in self._worlds(view, rng, self.bid_worlds):
            try:
                tricks.append(self._declarer_tricks(world.hands[:], decl, trump, budget))
            except BudgetExceeded:
                break
        self.stats["worlds"] += len(tricks)
        if not tricks:
            return None
        values = whist_call_values(view, tricks)
        # the margin holds a whist back; among equal values the first call in `values` is taken
        best = max(
            (c for c in values if c in calls),
            key=lambda c: values[c] - (self.whist_margin if c == "whist" else 0.0),
        )
        return calls[best]


class CarlaPreferans(SearchPreferans):
    """The middle level: fewer worlds, a shallower search, exact only in the last tricks."""

    name = "Carla"

    def __init__(self) -> None:
        super().__init__(
            worlds=6, nodes=10_000, depth=1, exact_tricks=4, bid_worlds=5, duck_depth=1, selfish_exact=3
        )


class DoraPreferans(SearchPreferans):
    """The strongest level."""

    name = "Dora"

    def __init__(self) -> None:
        super().__init__(
            worlds=14,
            nodes=40_000,
            depth=2,
            exact_tricks=6,
            bid_worlds=10,
            duck_depth=1,
            selfish_exact=4,
            selfish_depth=3,
            pass_share=2.0,
        )
