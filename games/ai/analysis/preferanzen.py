"""Preferanzen and Vienna Preference analysis: every card played, in the deal's points for the deciding
seat's side (the declarer's own score, or the two defenders' scores added up), as the engine settles
them.

Open hands: the deal with every hand known (`preferanzen_search.from_engine`), each legal card solved
to the end within `OPEN_NODES` (exact), else searched to the end of the next trick plus `PLIES` with
the solver's estimate at the leaves. View: `WORLDS` deals sampled from the seat's view
(`preferanzen_search.worlds.world_deal`), each searched as the Dora player does: to the end once the
seat holds at most `EXACT_TRICKS` cards, else to the end of the next trick plus `PLIES`.
Node budgets only (no clock), so the same version gives the same figures.

Bids, the talon exchange, the contract and the defence (stay, drop, invite) are not valued yet: see
docs/analysis.md.
"""

from __future__ import annotations

import random

from games.ai.analysis.base import JSON, Thresholds, Values
from games.ai.preferanzen_search.solver import EXACT_DEPTH, PreferanzenGame
from games.ai.preferanzen_search.state import INDEX, Deal, from_engine
from games.ai.preferanzen_search.worlds import world_deal
from games.ai.search.alphabeta import Table, search
from games.ai.search.budget import Budget, BudgetExceeded
from games.engine import GameState

NO_CLOCK = 1e9  # the budgets count nodes only: the figures must not depend on the machine
UNLIMITED = 1 << 62

OPEN_NODES = 40_000  # per decision, open hands, for the exact solve
PLIES = 3  # beyond the end of the current trick, when the exact solve does not fit
WORLDS = 16
VIEW_NODES = 40_000  # per decision, all worlds together
EXACT_TRICKS = 5  # the view angle solves each world to the end from this many cards in hand on


class PreferanzenAnalyser:
    version = "preferanzen-1"
    unit = "points"
    thresholds = Thresholds(inaccuracy=1.0, mistake=2.5, blunder=5.0)

    def __init__(self, game: str = "preferanzen") -> None:
        self.game = game

    def decides(self, state: GameState, seat: int) -> bool:
        return bool(state.phase == "play")

    def deal(self, state: GameState) -> int:
        return int(state.deal_no)  # type: ignore[attr-defined]

    def open_values(self, state: GameState, legal: list[JSON]) -> Values:
        deal = from_engine(state)
        return open_deal_values(deal, deal.turn, [INDEX[a["card"]] for a in legal], OPEN_NODES)

    def view_values(self, state: GameState, legal: list[JSON], rng: random.Random) -> Values | None:
        seat = state.to_move
        assert isinstance(seat, int)
        view = state.view(seat)
        moves = [INDEX[a["card"]] for a in legal]
        exact = len(view["hand"]) <= EXACT_TRICKS
        depth = EXACT_DEPTH if exact else _to_trick_end(len(view["playing"]), len(view["trick"]))
        game = PreferanzenGame(seat)
        budget = Budget(VIEW_NODES, NO_CLOCK)
        totals = [0.0] * len(moves)
        done = 0
        for _ in range(WORLDS):
            world = world_deal(view, rng)
            table: Table = {}
            try:
                values = [search(game, world.play(m), depth - 1, budget, table) for m in moves]
            except BudgetExceeded:
                break
            totals = [t + v for t, v in zip(totals, values, strict=True)]
            done += 1
        if not done:
            return None
        return Values([t / done for t in totals], exact=exact)


def _to_trick_end(players: int, in_trick: int) -> int:
    """Plies to the end of the current trick, plus PLIES."""
    return PLIES + (players - in_trick) % players


def open_deal_values(deal: Deal, me: int, moves: list[int], nodes: int) -> Values:
    """Each card's perfect-information value for `me`'s side: solved to the end when that fits in
    `nodes`, else searched to the end of the trick plus PLIES with estimated leaves."""
    game = PreferanzenGame(me)
    try:
        budget = Budget(nodes, NO_CLOCK)
        table: Table = {}
        return Values([search(game, deal.play(m), EXACT_DEPTH - 1, budget, table) for m in moves], exact=True)
    except BudgetExceeded:
        pass
    depth = _to_trick_end(len(deal.playing), len(deal.trick))
    table = {}
    budget = Budget(UNLIMITED, NO_CLOCK)
    return Values([search(game, deal.play(m), depth - 1, budget, table) for m in moves], exact=False)
