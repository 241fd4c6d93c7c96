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

from games.ai.base import JSON
from games.ai.observation.preferans import PreferansObservation, observe
from games.ai.preferans_search.contract import ContractSearch
from games.ai.preferans_search.selfish import SelfishSolver
from games.ai.preferans_search.solver import Solver, sides
from games.ai.preferans_search.state import GAME, INDEX, MISERE, RASPASY, Deal, bits, from_view
from games.ai.preferans_search.worlds import World
from games.ai.search.budget import Budget, BudgetExceeded
from games.engine.information import InformationState

#: Dora's bid margin in whists, tuned on the tune seeds (docs/ladder.md, "Dora 3 of Preferans")
BID_MARGIN = -12.0


class SearchPreferans(ContractSearch):
    def decide(
        self,
        view: JSON,
        legal: list[JSON],
        rng: random.Random,
        budget: Budget,
        info: InformationState | None = None,
    ) -> JSON | None:
        obs = observe(view)
        kind = legal[0]["type"]
        if kind == "play":
            return self._play(obs, legal, rng, budget)
        if kind == "bid":
            return self._bid(obs, legal, rng, budget)
        if kind == "exchange":
            return self._exchange(obs, legal, rng, budget)
        if kind == "declare":
            return self._declare(obs, legal, rng, budget)
        if kind == "defend":
            return self._defend(obs, legal, rng, budget)
        return None

    # --- card play -----------------------------------------------------------------------------
    def _play(
        self, obs: PreferansObservation, legal: list[JSON], rng: random.Random, budget: Budget
    ) -> JSON | None:
        done = len(obs.played) // 3
        left = 10 - done
        kind = RASPASY if obs.raspasy else MISERE if obs.contract == "MIS" else GAME
        count = self.worlds
        if kind == RASPASY and self.selfish_exact:
            stop = 10 if left <= self.selfish_exact else done + self.selfish_depth
            count = self.duck_worlds
        elif left <= self.exact_tricks:
            stop = 10
        elif kind == GAME:
            stop = done + self.depth
        elif kind == MISERE and self.duck_depth and obs.seat != obs.declarer:
            stop, count = done + self.duck_depth, self.duck_worlds
        else:
            return None  # Anton's rules (the misère declarer: the search did not play him better)
        me = obs.active.index(obs.turn)
        # identical worlds (the seat sees every card that matters) are searched once
        weights: dict[tuple[int, ...], tuple[World, int]] = {}
        for world in self._worlds(obs, rng, count):
            key = (*world.hands, world.out if kind == RASPASY else 0)
            seen = weights.get(key)
            weights[key] = (world, seen[1] + 1 if seen else 1)
        deals = []
        for world, weight in weights.values():
            talon = bits(world.out)[0] if kind == RASPASY and world.out else -1
            deals.append((from_view(obs, dict(enumerate(world.hands)), talon), weight))
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


class CarlaPreferans(SearchPreferans):
    """The middle level: fewer worlds, a shallower search, exact only in the last tricks."""

    name = "Carla"

    def __init__(self) -> None:
        super().__init__(
            worlds=6, nodes=10_000, depth=1, exact_tricks=4, bid_worlds=5, duck_depth=1, selfish_exact=3
        )


class DoraPreferans(SearchPreferans):
    """The strongest level, revision 3 (games/ai/levels.json): revision 2's budget (the compiled core's
    speed spent on worlds, a trick deeper and a longer exact end, docs/compiled.md, "Dora 2 of
    Preferans") bidding a game once it is worth more than BID_MARGIN whists in the simulated worlds
    instead of more than 0. Likely reasons, not measured apart: passing is not worth 0 (it leads to
    raspasy or to another's game), and the worlds are played with open cards, where the defence is
    perfect (docs/ladder.md, "Dora 3 of Preferans")."""

    name = "Dora"

    def __init__(self) -> None:
        super().__init__(
            worlds=40,
            nodes=300_000,
            depth=3,
            exact_tricks=8,
            bid_worlds=24,
            duck_depth=1,
            selfish_exact=4,
            selfish_depth=3,
            pass_share=2.0,
            bid_margin=BID_MARGIN,
        )
