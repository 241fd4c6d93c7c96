"""Preferanzen and Vienna Preference analysis: every card played, in the deal's points for the deciding
seat's side (the declarer's own score, or the two defenders' scores added up), as the engine settles
them.

Open hands: the deal with every hand known (`preferanzen_search.from_engine`), each legal card solved
to the end within `OPEN_NODES` (exact), else searched to the end of the next trick plus `PLIES` with
the solver's estimate at the leaves. View: `WORLDS` deals sampled from the seat's view
(`preferanzen_search.worlds.world_deal`), each searched as the Dora player does: to the end once the
seat holds at most `EXACT_TRICKS` cards, else to the end of the next trick plus `PLIES`.
Node budgets only (no clock), so the same version gives the same figures.

The defence (stay or drop out, then inviting the other defender or playing alone) is valued as the
search player values it (`SearchPreferanzen._defence_value`): each option's deal searched
`DEFENCE_PLIES` deep, a defender still to decide taken as staying; open with the real hands, from the
view over `DEFENCE_WORLDS` sampled worlds. The bids, the talon discard and the contract are valued as
the search player weighs them (`preferanzen_contract`), each kind with its thresholds (`kinds`).
"""

from __future__ import annotations

import random
from typing import ClassVar

from games.ai.analysis import preferanzen_contract
from games.ai.analysis.base import JSON, Thresholds, Values, same_action
from games.ai.observation.preferanzen import PreferanzenObservation, observe
from games.ai.preferanzen_search.player import SearchPreferanzen
from games.ai.preferanzen_search.solver import EXACT_DEPTH, PreferanzenGame
from games.ai.preferanzen_search.state import INDEX, Deal, from_engine, mask_of
from games.ai.preferanzen_search.worlds import sample_hands, world_deal
from games.ai.search.alphabeta import Table, search
from games.ai.search.budget import Budget, BudgetExceeded
from games.engine import GameState
from games.engine.information import InformationState

NO_CLOCK = 1e9  # the budgets count nodes only: the figures must not depend on the machine
UNLIMITED = 1 << 62

OPEN_NODES = 40_000  # per decision, open hands, for the exact solve
PLIES = 3  # beyond the end of the current trick, when the exact solve does not fit
WORLDS = 16
VIEW_NODES = 40_000  # per decision, all worlds together
EXACT_TRICKS = 5  # the view angle solves each world to the end from this many cards in hand on
DEFENCE_PLIES = 6
DEFENCE_WORLDS = 10
DEFENCE_NODES = 200_000  # per decision, all worlds and both options together
DEFENCE = ("defend", "invite")


class PreferanzenAnalyser:
    version = "preferanzen-2"
    unit = "points"
    thresholds = Thresholds(inaccuracy=1.0, mistake=2.5, blunder=5.0)
    #: the auction and the talon: coarser figures (a game searched a few plies), wider thresholds
    kinds: ClassVar[dict[str, tuple[str, Thresholds]]] = {
        "bid": ("points", Thresholds(inaccuracy=1.5, mistake=3.0, blunder=6.0)),
        "exchange": ("points", Thresholds(inaccuracy=1.5, mistake=3.0, blunder=6.0)),
        "declare": ("points", Thresholds(inaccuracy=1.5, mistake=3.0, blunder=6.0)),
        "defend": ("points", Thresholds(inaccuracy=1.0, mistake=2.5, blunder=5.0)),
    }

    def __init__(self, game: str = "preferanzen") -> None:
        self.game = game

    def decides(self, state: GameState, seat: int) -> bool:
        return state.phase == "play" or state.phase in DEFENCE or state.phase in preferanzen_contract.KINDS

    def kind(self, state: GameState) -> str:
        if state.phase in DEFENCE:
            return "defend"
        return preferanzen_contract.KINDS.get(str(state.phase), "play")

    def deal(self, state: GameState) -> int:
        return int(state.deal_no)  # type: ignore[attr-defined]

    def open_values(self, state: GameState, legal: list[JSON]) -> Values:
        if state.phase in preferanzen_contract.KINDS:
            return Values(preferanzen_contract.open_values(state, legal), exact=False)
        if state.phase in DEFENCE:
            hands = [mask_of(h) for h in state.hands]  # type: ignore[attr-defined]
            obs = observe(state.view(state.to_move))  # type: ignore[arg-type]
            values = defence_values(obs, legal, [(hands, 0)], Budget(UNLIMITED, NO_CLOCK))
            assert values is not None
            return Values(values, exact=False)
        deal = from_engine(state)
        return open_deal_values(deal, deal.turn, [INDEX[a["card"]] for a in legal], OPEN_NODES)

    def view_values(
        self,
        state: GameState,
        legal: list[JSON],
        rng: random.Random,
        info: InformationState | None = None,
    ) -> Values | None:
        seat = state.to_move
        assert isinstance(seat, int)
        if state.phase in preferanzen_contract.KINDS:
            return Values(preferanzen_contract.view_values(state, legal, rng), exact=False)
        obs = observe(state.view(seat))
        if state.phase in DEFENCE:
            worlds = [sample_hands(obs, rng) for _ in range(DEFENCE_WORLDS)]
            values = defence_values(obs, legal, worlds, Budget(DEFENCE_NODES, NO_CLOCK))
            return Values(values, exact=False) if values is not None else None
        moves = [INDEX[a["card"]] for a in legal]
        exact = len(obs.hand) <= EXACT_TRICKS
        depth = EXACT_DEPTH if exact else _to_trick_end(len(obs.playing), len(obs.trick))
        game = PreferanzenGame(seat)
        budget = Budget(VIEW_NODES, NO_CLOCK)
        totals = [0.0] * len(moves)
        done = 0
        for _ in range(WORLDS):
            world = world_deal(obs, rng)
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


def defence_values(
    obs: PreferanzenObservation, legal: list[JSON], worlds: list[tuple[list[int], int]], budget: Budget
) -> list[float] | None:
    """Stay / drop (or invite / alone) valued over `worlds` for the defender's side, in `legal`'s order;
    None when the budget runs out."""
    player = SearchPreferanzen(
        worlds=len(worlds),
        nodes=0,
        plies=0,
        exact_tricks=0,
        contract_worlds=len(worlds),
        contract_plies=DEFENCE_PLIES,
    )
    first: JSON
    if obs.phase == "defend":
        first = {"type": "defend", "choice": "stay"}
    else:
        first = {"type": "invite", "invite": True}
    try:
        values = player.defence_option_values(obs, worlds, budget)
    except BudgetExceeded:
        return None
    return [values[0] if same_action(a, first) else values[1] for a in legal]


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


def vienna_analyser() -> PreferanzenAnalyser:
    """The analyser of the Vienna variant (its pack names this factory)."""
    return PreferanzenAnalyser("preference_vienna")
