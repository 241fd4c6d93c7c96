"""Preferans analysis: every card played, in tricks from this card to the end of the deal for the
deciding seat: those its side takes in a game (the declarer's, or the defenders' against him), those
it avoids in misère (the declarer) and raspasy (each for himself); a misère defender counts the
declarer's tricks. The sheet scores tricks, so a trick is the unit.

Open hands: `preferans_search.from_engine` solved by its double-dummy `Solver` within `OPEN_NODES`
(exact), else with the solver's estimate two tricks ahead. View: `WORLDS` worlds from
`preferans_search.worlds.sample_world`, each solved exactly once at most `EXACT_TRICKS` tricks are left,
else two tricks ahead with the estimate (as the Dora player does). Node budgets only (no clock).

The bids, the talon discard, the contract, the whist calls and the lone whister's open/closed choice
are valued in whists (`preferans_contract`), each kind with its own thresholds (`KINDS`).
"""

from __future__ import annotations

import random
from typing import ClassVar

from games.ai.analysis import preferans_contract
from games.ai.analysis.base import JSON, Thresholds, Values
from games.ai.observation.preferans import observe
from games.ai.preferans_search.solver import Solver, sides
from games.ai.preferans_search.state import INDEX, Deal, bits, from_engine, from_view
from games.ai.preferans_search.worlds import sample_world
from games.ai.search.budget import Budget, BudgetExceeded
from games.engine import GameState
from games.engine.information import InformationState

NO_CLOCK = 1e9  # the budgets count nodes only: the figures must not depend on the machine
UNLIMITED = 1 << 62

OPEN_NODES = 60_000  # per decision, open hands, for the exact solve
AHEAD = 2  # tricks searched before the estimate, when the exact solve does not fit
WORLDS = 14
VIEW_NODES = 40_000  # per decision, all worlds together
EXACT_TRICKS = 6


class PreferansAnalyser:
    game = "preferans"
    version = "preferans-3"
    unit = "tricks"
    thresholds = Thresholds(inaccuracy=0.3, mistake=0.6, blunder=1.0)
    #: the decisions before the play, in whists (a 6 game made is worth about 13 whists to its writer)
    kinds: ClassVar[dict[str, tuple[str, Thresholds]]] = {
        "bid": ("whists", Thresholds(inaccuracy=2.0, mistake=5.0, blunder=10.0)),
        "exchange": ("whists", Thresholds(inaccuracy=2.0, mistake=5.0, blunder=10.0)),
        "declare": ("whists", Thresholds(inaccuracy=2.0, mistake=5.0, blunder=10.0)),
        "defend": ("whists", Thresholds(inaccuracy=2.0, mistake=5.0, blunder=10.0)),
        "mode": ("whists", Thresholds(inaccuracy=2.0, mistake=5.0, blunder=10.0)),
    }

    def decides(self, state: GameState, seat: int) -> bool:
        return state.phase == "play" or state.phase in preferans_contract.KINDS

    def kind(self, state: GameState) -> str:
        return preferans_contract.KINDS.get(str(state.phase), "play")

    def deal(self, state: GameState) -> int:
        return int(state.deal_no)  # type: ignore[attr-defined]

    def open_values(self, state: GameState, legal: list[JSON]) -> Values:
        if state.phase in preferans_contract.KINDS:
            values, exact = preferans_contract.open_values(state, legal)
            return Values(values, exact=exact)
        deal = from_engine(state)
        cards = [INDEX[a["card"]] for a in legal]
        try:
            return Values(seat_values(deal, cards, Budget(OPEN_NODES, NO_CLOCK), 10), exact=True)
        except BudgetExceeded:
            stop = min(10, deal.done + AHEAD)
            return Values(seat_values(deal, cards, Budget(UNLIMITED, NO_CLOCK), stop), exact=False)

    def view_values(
        self,
        state: GameState,
        legal: list[JSON],
        rng: random.Random,
        info: InformationState | None = None,
    ) -> Values | None:
        if state.phase in preferans_contract.KINDS:
            values = preferans_contract.view_values(state, legal, rng)
            return Values(values, exact=False) if values is not None else None
        seat = state.to_move
        assert isinstance(seat, int)
        obs = observe(state.view(seat))
        cards = [INDEX[a["card"]] for a in legal]
        done = len(obs.played) // 3
        exact = 10 - done <= EXACT_TRICKS
        stop = 10 if exact else done + AHEAD
        budget = Budget(VIEW_NODES, NO_CLOCK)
        totals = [0.0] * len(cards)
        finished = 0
        for _ in range(WORLDS):
            world = sample_world(obs, rng)
            talon = bits(world.out)[0] if obs.raspasy and world.out else -1
            deal = from_view(obs, dict(enumerate(world.hands)), talon)
            try:
                values = seat_values(deal, cards, budget, stop)
            except BudgetExceeded:
                break
            totals = [t + v for t, v in zip(totals, values, strict=True)]
            finished += 1
        if not finished:
            return None
        return Values([t / finished for t in totals], exact=exact)


def seat_values(deal: Deal, cards: list[int], budget: Budget, stop: int) -> list[float]:
    """Each card's value in tricks for the position to move (see the module docstring)."""
    me = deal.turn
    target, maximizers = sides(deal, me)
    values = Solver(deal, target, maximizers, budget, stop=stop).move_values(deal)
    left = 10 - deal.done
    return [values[c] if maximizers >> me & 1 else left - values[c] for c in cards]
