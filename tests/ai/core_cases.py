"""Cases for comparing the compiled search core with its pure-Python reference (tests/ai/test_native.py).

`results(game)` plays seeded random matches with the engine, takes full-information positions of their
card play and searches each with the core's own functions and small node budgets (the exact solvers,
the depth-limited searches, the estimates, Preisjass's rules and lines), then lets the strongest level
decide some of the bench's positions with a smaller budget. Everything it returns is what a decision
depends on: values, the nodes counted, the moves in the order searched, the cards chosen. The test
runs it in its own process (the compiled core, when built) and in one with KARTENTISCH_PURE=1:

    python -m tests.ai.core_cases <game> [positions]    # prints the results as JSON
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterator
from typing import Any

from games.engine import CHANCE, GameState, get_rules

GAMES = ("schnapsen", "preisjass", "preferans", "preferanzen", "preference_vienna")
POSITIONS = 2000  # positions a game; each is searched several ways
LEVEL_POSITIONS = 15  # of the bench's positions, decided by the strongest level
LEVEL_NODES = 3000  # its node budget here (a tenth or less of the real one)
SEED = 7_000_000

Result = list[Any]


def positions(game: str, count: int, seed: int = SEED) -> Iterator[GameState]:
    """`count` states in card play from random matches (every legal action equally likely)."""
    rules = get_rules(game)
    found = 0
    while found < count:
        rng = random.Random(seed)
        state = rules.initial_state(rules.start_event({}))
        while state.to_move is not None and found < count:
            if state.to_move == CHANCE:
                state = rules.apply_in_place(state, rules.chance_event(state, rng))
                continue
            if state.phase == "play" and rng.random() < 0.3:
                found += 1
                yield state.clone()
            legal = state.legal_actions()
            state = rules.apply_in_place(state, legal[rng.randrange(len(legal))])
        seed += 1


def _spent(search: Callable[[], Any]) -> Any:
    """What `search` returns, or "spent" when its budget ran out."""
    from games.ai.search.budget import BudgetExceeded

    try:
        return search()
    except BudgetExceeded:
        return "spent"


def schnapsen(count: int) -> list[Result]:
    from games.ai.schnapsen_search.solver import EXACT_DEPTH, LeafSolver, SchnapsenGame
    from games.ai.schnapsen_search.state import from_engine
    from games.ai.search.alphabeta import values_of
    from games.ai.search.budget import Budget

    out = []
    for state in positions("schnapsen", count):
        deal = from_engine(state)
        me = deal.turn
        game = SchnapsenGame(me)
        moves = game.moves(deal)
        exact = Budget(2000, 60.0)
        deep = _spent(lambda: values_of(game, deal, moves, EXACT_DEPTH, exact, {}))  # noqa: B023
        leaf = Budget(1500, 60.0)
        solver = LeafSolver(me, leaf)
        shallow = _spent(lambda: values_of(solver, deal, moves, 3, leaf, {}))  # noqa: B023
        out.append([moves, deep, exact.nodes_used, shallow, leaf.nodes_used, game.evaluate(deal)])
    return out


def preisjass(count: int) -> list[Result]:
    from games.ai.preisjass_search.solver import Lines, Lookahead, anton, anton_at, greedy
    from games.ai.preisjass_search.state import Deal
    from games.ai.search.budget import Budget

    out = []
    for state in positions("preisjass", count):
        deal = Deal.from_engine(state)
        me = deal.turn
        hands = list(deal.hands)
        voids = [0, 0, 0, 0]
        rules = [anton.choose(hands, s, deal.trick, deal.trump, voids) for s in (me,)]
        rules.append(greedy.choose(hands, me, deal.trick, deal.trump, voids))
        floor = anton_at(deal.hands[(me + 1) % 4].bit_length() - 1, (me + 1) % 4)
        rules.append(floor.choose(hands, me, deal.trick, deal.trump, voids))
        ahead = Budget(300, 60.0)
        rules.append(_spent(lambda: Lookahead(anton, ahead).choose(hands, me, deal.trick, deal.trump, voids)))  # noqa: B023
        budget = Budget(900, 60.0)
        lines = Lines(me, deal.trump, anton, greedy, budget, exact=2)
        values = _spent(lambda: [lines.value(deal, voids, c) for c in deal.moves()])  # noqa: B023
        out.append([rules, ahead.nodes_used, values, budget.nodes_used])
    return out


def preferans(count: int) -> list[Result]:
    from games.ai.preferans_search.selfish import SelfishSolver
    from games.ai.preferans_search.solver import Solver, sides
    from games.ai.preferans_search.state import RASPASY, from_engine
    from games.ai.search.budget import Budget

    out = []
    for state in positions("preferans", count):
        deal = from_engine(state)
        me = deal.turn
        target, maximizers = sides(deal, me)
        budget = Budget(800, 60.0)
        solver = Solver(deal, target, maximizers, budget, stop=deal.done + 2)
        values = _spent(lambda: sorted(solver.move_values(deal).items()))  # noqa: B023
        result = [values, budget.nodes_used, solver.estimate(deal.hands, me)]
        if deal.kind == RASPASY:
            selfish_budget = Budget(800, 60.0)
            selfish = SelfishSolver(deal, me, selfish_budget, stop=deal.done + 2)
            result += [_spent(lambda: sorted(selfish.move_values(deal).items())), selfish_budget.nodes_used]  # noqa: B023
        out.append(result)
    return out


def preferanzen(count: int, game_name: str = "preferanzen") -> list[Result]:
    from games.ai.preferanzen_search.solver import PreferanzenGame, estimate_scores
    from games.ai.preferanzen_search.state import from_engine
    from games.ai.search.alphabeta import values_of
    from games.ai.search.budget import Budget

    out = []
    for state in positions(game_name, count):
        deal = from_engine(state)
        if deal.over:
            continue
        game = PreferanzenGame(deal.turn)
        moves = game.moves(deal)
        budget = Budget(600, 60.0)
        values = _spent(lambda: values_of(game, deal, moves, 4, budget, {}))  # noqa: B023
        out.append([moves, values, budget.nodes_used, estimate_scores(deal)])
    return out


def level(game: str, count: int = LEVEL_POSITIONS) -> list[Result]:
    """The strongest level's decisions of the bench's first positions, with a smaller budget, from the
    seat's information state (the memory of the deal read by the compiled worlds)."""
    from bench.search import positions as bench_positions
    from games.ai import get_player
    from games.ai.base import decide
    from games.engine import get_rules
    from games.engine.information import information_state

    out = []
    for position in bench_positions(game, "dora", count):
        player = get_player(game, "dora")
        player.nodes = LEVEL_NODES  # type: ignore[attr-defined]
        player.seconds = 1e9  # type: ignore[attr-defined]  # nodes only: the same on any machine
        request = position.request("dora")
        info = information_state(get_rules(game), position.events, position.seat)  # as the service
        action = decide(player, info, request["legal"], random.Random(request["rng"]))
        stats = player.stats  # type: ignore[attr-defined]
        out.append([action, stats["nodes"], stats["worlds"]])
    return out


def results(game: str, count: int = POSITIONS) -> dict[str, list[Result]]:
    searches: dict[str, Callable[[int], list[Result]]] = {
        "schnapsen": schnapsen,
        "preisjass": preisjass,
        "preferans": preferans,
        "preferanzen": preferanzen,
        "preference_vienna": lambda n: preferanzen(n, "preference_vienna"),
    }
    # JSON both ways, so that both sides compare as the subprocess's answer does (tuples as lists)
    return json.loads(json.dumps({"searches": searches[game](count), "level": level(game)}))


if __name__ == "__main__":
    print(json.dumps(results(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else POSITIONS)))
