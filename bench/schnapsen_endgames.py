"""Schnapsen's strongest level in exact endgames: how often it chooses an optimal move, from the view
alone and from the seat's information state (the memory of the deal).

    .venv/bin/python -m bench schnapsen_endgames [--positions 214] [--level dora]

Positions: every decision, with the stock closed or exhausted, between moves whose exact values with
all hands open differ, met in Bummerls Anton plays at both seats (seeds "endgames" 6,000,000 and up),
until `--positions`. A move is optimal when its open-hands value (solved to the end of the deal) is
the best; with the stock exhausted a player who remembers the deal knows the opponent's hand, so every
miss there is a miss of memory (with a closed stock the face-down cards stay unknown to anyone). Each
position is decided by a fresh player, its generator seeded by the position: once from the view
(`choose`), once from the information state folded from the events (as the service decides). Prints
`schnapsen endgames: N exact endgames, optimal from the view V, with the memory M` and a table by
kind (stock exhausted, stock closed).
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bench.table import print_table

if TYPE_CHECKING:
    from games.engine.information import InformationState

SEEDS = {"endgames": 6_000_000}
JSON = dict[str, Any]


@dataclass(frozen=True)
class Endgame:
    seed: int
    events: list[JSON]
    seat: int
    legal: list[JSON]
    #: the indices of the optimal moves in `legal`
    optimal: frozenset[int]
    exhausted: bool


def endgames(count: int, first_seed: int = SEEDS["endgames"]) -> list[Endgame]:
    """The first `count` exact endgames of Antons' Bummerls, seed by seed."""
    from bench.search import anton_walk
    from games.ai.analysis.schnapsen import UNLIMITED, open_deal_values
    from games.ai.schnapsen_search.state import from_action, from_engine
    from games.engine.schnapsen import SchnapsenState

    out: list[Endgame] = []
    for seed, events, state, seat, legal in anton_walk("schnapsen", first_seed):
        if len(out) == count:
            break
        assert isinstance(state, SchnapsenState)
        deal = from_engine(state)
        if len(legal) > 1 and deal.strict:
            values = open_deal_values(deal, [from_action(a) for a in legal], UNLIMITED).values
            best = max(values)
            if min(values) < best:
                optimal = frozenset(i for i, v in enumerate(values) if v == best)
                exhausted = state.closed_by is None
                out.append(Endgame(seed, list(events), seat, legal, optimal, exhausted))
    return out


def chosen(level: str, endgame: Endgame, index: int, info: InformationState, informed: bool) -> int:
    """The index in `legal` of the level's choice, from the information state or from its view."""
    from games.ai import get_player
    from games.ai.base import decide

    player = get_player("schnapsen", level)
    player.seconds = 1e9  # type: ignore[attr-defined]  # the node budget alone: the same on any machine
    rng = random.Random(endgame.seed * 1000 + index)
    if informed:
        action = decide(player, info, endgame.legal, rng)
    else:
        action = player.choose(info.view, endgame.legal, rng)
    return endgame.legal.index(action)


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench schnapsen_endgames")
    parser.add_argument("--positions", type=int, default=214)
    parser.add_argument("--level", default="dora")
    args = parser.parse_args(argv)
    from games.engine import get_rules
    from games.engine.information import information_state

    rules = get_rules("schnapsen")
    started = time.perf_counter()
    found = endgames(args.positions)
    rows = []
    totals = {"view": 0, "memory": 0}
    for kind, exhausted in (("stock exhausted", True), ("stock closed", False)):
        these = [(i, e) for i, e in enumerate(found) if e.exhausted == exhausted]
        known = [(i, e, information_state(rules, e.events, e.seat)) for i, e in these]
        view = sum(chosen(args.level, e, i, info, False) in e.optimal for i, e, info in known)
        memory = sum(chosen(args.level, e, i, info, True) in e.optimal for i, e, info in known)
        totals["view"] += view
        totals["memory"] += memory
        rows.append([kind, len(these), view, memory])
    rows.append(["all", len(found), totals["view"], totals["memory"]])
    print(
        f"schnapsen endgames: {len(found)} exact endgames, {args.level} optimal from the view "
        f"{totals['view']}, with the memory {totals['memory']} ({time.perf_counter() - started:.0f} s)"
    )
    print_table("by kind", ["endgames", "positions", "optimal (view)", "optimal (memory)"], rows)
