"""The ceiling of a search level: Dora's own search with the true deal as her only world.

    python -m bench ceiling --game preferans [--sees all|play|talon] [--from-trick 0] [--pairs 40]
        [--seeds report|rerun|tune] [--budget 1.0] [--jobs 2] [--per-set]

How strong would Dora be if she knew every card? The same player (the same search, budget, margins
and model of the other seats) is handed the real deal instead of the worlds she samples, and is
measured as `bench ai_strength` measures her: duplicate sets against Anton, the pack's score, a 95%
interval. The figure is, roughly, what this search would reach with perfect inference of the hidden
cards (roughly: a flawed valuation is not bound to do better on the true world than on sampled ones).

- `--sees all`: every decision (in Preferans also the bids, the talon exchange and the whist calls, with
  the talon and every hand known); `--sees play`: the card play only, the rest as Dora decides it;
  `--sees talon` (Preferans): the talon in the auction, the other hands sampled as Dora samples them,
  every other decision Dora's from her view (the talon is turned up after the auction: at once for a
  game or a misère, one card a trick in raspasy).
- `--from-trick K`: the card play sees from the K-th trick on (0 = the first), before it as Dora.

Preferans and Preisjass only. These players read the engine's whole state through the arena's
`before_decision` hook: a tool for the bench, never a level of the site.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import random
from dataclasses import dataclass
from typing import Any

from bench.ai_strength import GAMES, SEED_RANGES, STRENGTH_FILE, duplicate, mean_interval, print_sets
from bench.table import print_table, run_all
from games.ai.base import JSON, Player
from games.ai.observation.preferans import PreferansObservation
from games.ai.observation.preisjass import observe as observe_preisjass
from games.ai.preferans_search.player import DoraPreferans
from games.ai.preferans_search.state import RASPASY, kind_of, mask_of
from games.ai.preferans_search.worlds import ALL_CARDS, World
from games.ai.preisjass_search import state as jass
from games.ai.preisjass_search.player import DoraPreisjass
from games.ai.preisjass_search.solver import anton_at
from games.ai.preisjass_search.worlds import Evidence
from games.ai.search.budget import Budget, BudgetExceeded
from games.engine import GameState
from games.engine.cards import SUITS
from games.engine.information import InformationState

GAME_NAMES = ("preferans", "preisjass")


@dataclass
class Sight:
    """What the all-seeing player may use: the match's state before each decision, and from when."""

    sees: str = "all"  # "all", "play" or "talon"
    from_trick: int = 0
    state: Any = None

    def look(self, state: GameState) -> None:
        self.state = state

    def open(self, phase: str, tricks_done: int) -> bool:
        if phase != "play":
            return self.sees == "all"
        return self.sees != "talon" and tricks_done >= self.from_trick

    def talon(self, phase: str) -> bool:
        """Whether only the talon is seen, in the auction."""
        return self.sees == "talon" and phase == "bid"


def true_world(obs: PreferansObservation, state: Any) -> World:
    """The real deal as one of Dora's worlds for the seat of `obs`: every hand by position, and as
    `out` the cards out of play that the seat cannot see (as `worlds.places` counts them: the hidden
    talon, the declarer's discard, raspasy's unturned talon card)."""
    hands = [mask_of(state.hands[seat]) for seat in obs.active]
    used = mask_of(obs.played) | mask_of([t.card for t in obs.trick]) | mask_of(obs.discard or ())
    for hand in hands:
        used |= hand
    # a turned talon that the declarer has taken up may be in his hidden discard: it stays a candidate
    talon_back = (
        obs.talon is not None
        and kind_of(obs.contract, obs.raspasy) != RASPASY
        and obs.declarer is not None
        and obs.discard is None
    )
    if not talon_back:
        used |= mask_of(obs.talon or ())
    return World(hands, ALL_CARDS & ~used)


class SeeingPreferans(DoraPreferans):
    """Dora of Preferans whose every world is the true deal where `sight` allows it."""

    def __init__(self, sight: Sight) -> None:
        super().__init__()
        self.sight = sight

    def _worlds(self, obs: PreferansObservation, rng: random.Random, count: int) -> list[World]:
        if self.sight.talon(obs.phase):
            # drawn as if the talon were shown (so no hand gets its cards), then put back out of play
            talon = tuple(self.sight.state.talon)
            worlds = super()._worlds(dataclasses.replace(obs, talon=talon), rng, count)
            return [World(w.hands, w.out | mask_of(talon)) for w in worlds]
        if not self.sight.open(obs.phase, len(obs.played) // 3):
            return super()._worlds(obs, rng, count)
        world = true_world(obs, self.sight.state)
        # as many worlds as asked for: the bidding needs enough of them, the play searches one
        return [World(world.hands[:], world.out) for _ in range(count)]


class SeeingPreisjass(DoraPreisjass):
    """Dora of Preisjass deciding on the true deal where `sight` allows it (the others modelled as
    Anton, as Dora models them)."""

    def __init__(self, sight: Sight) -> None:
        super().__init__()
        self.sight = sight

    def decide(
        self,
        view: JSON,
        legal: list[JSON],
        rng: random.Random,
        budget: Budget,
        info: InformationState | None = None,
    ) -> JSON | None:
        obs = observe_preisjass(view)
        if not self.sight.open("play", len(obs.tricks)):  # every search decision is a card
            return super().decide(view, legal, rng, budget, info)
        cards = [jass.INDEX[a["card"]] for a in legal]
        others = self.others or anton_at(jass.INDEX[obs.bodentrumpf], obs.dealer)
        deal = jass.Deal.from_view(obs, [jass.mask_of(h) for h in self.sight.state.hands])
        try:
            values = self._values(
                deal, obs.seat, cards, others, budget, Evidence(obs, SUITS.index(obs.trump)).voids
            )
        except BudgetExceeded:
            return None
        self.stats["worlds"] += 1
        return legal[max(range(len(cards)), key=lambda i: (values[i], -i))]


def seeing_player(game: str, sight: Sight) -> Player:
    return SeeingPreferans(sight) if game == "preferans" else SeeingPreisjass(sight)


def _set_scores(
    game: str, first_seed: int, pairs: int, sees: str, from_trick: int, budget: float
) -> dict[int, float]:
    """The seeing player's duplicate sets on `pairs` seeds from `first_seed` (one process's share)."""
    sight = Sight(sees, from_trick)
    player = seeing_player(game, sight)
    figure = duplicate(game, "dora", pairs, first_seed, budget, player=player, before_decision=sight.look)
    scores: dict[int, float] = figure["set_scores"]
    return scores


def ceiling(
    game: str, pairs: int, first_seed: int, sees: str, from_trick: int, budget: float, jobs: int
) -> dict[str, Any]:
    """`pairs` duplicate sets (the seeing player in each seat of each seed, Anton in the others), in
    `jobs` processes, each playing a run of the seeds; the result does not depend on `jobs`."""
    jobs = max(1, min(jobs, pairs))
    cuts = [first_seed + pairs * i // jobs for i in range(jobs + 1)]
    shares = [(game, a, b - a, sees, from_trick, budget) for a, b in itertools.pairwise(cuts)]
    parts = run_all(_set_scores, shares, jobs)
    by_seed = {seed: score for part in parts for seed, score in part.items()}
    sets = [by_seed[seed] for seed in sorted(by_seed)]
    mean, low, high = mean_interval(sets)
    return {"mean": mean, "low": low, "high": high, "pairs": pairs, "set_scores": by_seed}


def _dora(game: str, seeds: str) -> str:
    """Dora's stored figure on the same seed range (as stored, with its own number of sets), for the
    table (not measured here)."""
    stored = json.loads(STRENGTH_FILE.read_text())[game]["versions"].get("dora", {})
    figure = stored if seeds == "report" else stored.get("rerun", {}) if seeds == "rerun" else {}
    if not figure or figure.get("pairs") is None:
        return "-"
    return f"{figure['mean']} ({figure['low']}..{figure['high']}), {figure['pairs']} sets"


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench ceiling")
    parser.add_argument("--game", action="append", choices=GAME_NAMES)
    parser.add_argument("--sees", choices=("all", "play", "talon"), default="all")
    parser.add_argument("--from-trick", type=int, default=0)
    parser.add_argument("--pairs", type=int, default=40)
    parser.add_argument("--seeds", choices=sorted(SEED_RANGES), default="report")
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--jobs", type=int, default=1, help="processes playing the matches")
    parser.add_argument("--per-set", action="store_true", help="also print each set's score by seed")
    args = parser.parse_args(argv)
    if args.sees == "talon" and args.game != ["preferans"]:
        parser.error("--sees talon is for --game preferans (Preisjass has no talon)")
    if args.sees == "talon" and args.from_trick:
        parser.error("--sees talon sees no card of the play: --from-trick does not apply")
    rows = []
    for game in args.game or GAME_NAMES:
        first = SEED_RANGES[args.seeds]
        figure = ceiling(game, args.pairs, first, args.sees, args.from_trick, args.budget, args.jobs)
        if args.per_set:
            print_sets(f"Dora seeing {args.sees} ({game})", figure)
        rows.append(
            [
                game,
                GAMES[game].unit,
                f"{figure['mean']:.2f}",
                f"{figure['low']:.2f}..{figure['high']:.2f}",
                figure["pairs"],
                _dora(game, args.seeds) if args.budget == 1.0 else "-",
            ]
        )
    print_table(
        f"ceiling: Dora with the true deal as her only world (sees {args.sees}, card play from trick "
        f"{args.from_trick}), against Anton; seeds {args.seeds} {SEED_RANGES[args.seeds]}.., "
        f"budget x{args.budget}",
        ["game", "unit", "seeing Dora", "95% CI", "sets", "Dora (stored, same range)"],
        rows,
    )
