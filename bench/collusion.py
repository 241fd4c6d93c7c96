"""Collusion monitor: does it flag pairs that share their hands, and leave honest pairs alone?

    python -m bench collusion [--pairs 20] [--deals 24] [--seeds tune|report|rerun] [--games ...]

Each pair (seed i of the range) plays `--deals` deals of one three-player game (the games in turn:
Preferanzen, Vienna, Preferans), in matches of a few deals, sitting at other seats in each match, against
a third seat. The pair's levels and the third seat's level go round Carla and Dora (the third also
Anton). A colluding pair and an honest pair of the same levels play the same deals: the colluders see
each other's hands (their worlds sampled with the partner's real cards) and play for the pair (the
search values the pair's points against the third seat); the honest ones are the AI players as they
are. The monitor (games.ai.collusion) then reads only the events of the matches, as the site does.

Prints one line per pair, and the line `collusion: flagged D/N colluding pairs, F/M honest pairs` with
the seeds. The colluding players here are the only players ever given another seat's cards; nothing
on the site can reach them.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bench.table import percentile, print_table
from games.ai import get_player
from games.ai.base import JSON, Player
from games.ai.collusion import statistic
from games.ai.collusion.evidence import match_evidence
from games.ai.collusion.pair import PairPreferanzen, preferans_sides
from games.ai.collusion.worlds import preferans_sighted, preferanzen_hands
from games.ai.observation.preferans import PreferansObservation
from games.ai.observation.preferanzen import PreferanzenObservation
from games.ai.preferans_search.player import SearchPreferans
from games.ai.preferans_search.solver import Solver
from games.ai.preferans_search.state import GAME, MISERE, RASPASY, Deal
from games.ai.preferanzen_search.player import SearchPreferanzen
from games.ai.preferanzen_search.worlds import deal_in_play
from games.ai.search.budget import Budget
from games.engine import CHANCE, get_rules

SEED_RANGES = {"tune": 1_000_000, "report": 2_000_000, "rerun": 3_000_000}
GAMES = ("preferanzen", "preference_vienna", "preferans")
#: (pair levels, third seat's level), taken in turn
LINEUPS = (
    (("carla", "carla"), "dora"),
    (("dora", "dora"), "carla"),
    (("carla", "dora"), "anton"),
    (("dora", "carla"), "carla"),
    (("carla", "carla"), "carla"),
    (("dora", "dora"), "anton"),
)
DEALS_PER_MATCH = 4
SEATINGS = ((0, 1), (1, 2), (0, 2))


def match_options(game: str, deals: int) -> JSON:
    if game == "preferans":
        return {"pool": 10, "max_deals": deals}
    return {"deals": deals}


# --------------------------------------------------------------------------- the colluding players
class _Sight:
    """Given the partner's seat, and its hand before every decision (by `play_match` below)."""

    partner: int = 0
    hand: list[str] = []  # noqa: RUF012  (set per instance before each decision)


class _ColludingPreferanzen(_Sight, SearchPreferanzen):
    def _worlds(
        self, obs: PreferanzenObservation, rng: random.Random, count: int
    ) -> list[tuple[list[int], int]]:
        return [preferanzen_hands(obs, self.partner, self.hand, rng) for _ in range(count)]

    def _world_deal(self, obs: PreferanzenObservation, rng: random.Random) -> Any:
        return deal_in_play(obs, preferanzen_hands(obs, self.partner, self.hand, rng)[0])

    def _search_game(self, me: int) -> Any:
        return PairPreferanzen(3 - me - self.partner)


class _ColludingPreferans(_Sight, SearchPreferans):
    def _worlds(self, obs: PreferansObservation, rng: random.Random, count: int) -> list[Any]:
        return super()._worlds(preferans_sighted(obs, self.partner, self.hand), rng, count)

    def _pair(self, deal: Deal, me: int) -> int:
        return 1 << me | 1 << deal.seats.index(self.partner)

    def _sides(self, deal: Deal, me: int) -> tuple[int, int]:
        target, maximizers, _ = preferans_sides(deal, self._pair(deal, me))
        return target, maximizers

    def _solve(self, deal: Deal, me: int, budget: Budget, stop: int) -> dict[int, float]:
        target, maximizers = self._sides(deal, me)
        return Solver(deal, target, maximizers, budget, stop=stop).move_values(deal)

    def _utility(self, deal: Deal, me: int, tricks: float) -> float:  # type: ignore[override]
        """The pair's order of outcomes: the declarer's when he is one of the pair, else the defence's;
        in raspasy the more tricks the third seat takes the better."""
        if deal.kind == RASPASY:
            return tricks
        declarer_in_pair = self._pair(deal, me) >> deal.declarer & 1
        if deal.kind in (GAME, MISERE) and declarer_in_pair:
            return SearchPreferans._utility(deal, deal.declarer, tricks)
        return SearchPreferans._utility(deal, me, tricks)


def colluding(game: str, level: str, partner: int) -> Player:
    """The AI `level` of `game`, seeing `partner`'s hand and playing for the pair."""
    honest = get_player(game, level)
    base = _ColludingPreferans if game == "preferans" else _ColludingPreferanzen
    player: Any = type(f"Colluding{type(honest).__name__}", (base, type(honest)), {})()
    player.partner = partner
    return player


# --------------------------------------------------------------------------- simulation
def play_match(
    game: str, players: list[Player], seed: int, options: JSON, ai_rng: random.Random
) -> list[JSON]:
    """The events of one match; a colluding player is shown its partner's hand before each decision."""
    rules = get_rules(game)
    rng = random.Random(seed)
    events = [rules.start_event(options)]
    state = rules.initial_state(events[0])
    while state.to_move is not None:
        if state.to_move == CHANCE:
            event = rules.chance_event(state, rng)
        else:
            seat = state.to_move
            assert isinstance(seat, int)
            player = players[seat]
            if isinstance(player, _Sight):
                player.hand = list(state.hands[player.partner])
            event = player.choose(state.view(seat), state.legal_actions(), ai_rng)
        events.append(event)
        state = rules.apply_in_place(state, event)
    return events


@dataclass
class PairRun:
    game: str
    seed: int
    levels: tuple[str, str]
    third: str
    colluding: bool
    deals: int
    decisions: int
    stat: statistic.PairStatistic
    #: the deals after which the pair was first flagged (its matches read one by one), or None
    flagged_after: int | None
    play_seconds: float
    monitor_seconds: float


Lineup = tuple[tuple[str, str], str]


def pair_run(
    game: str,
    seed: int,
    lineup: Lineup,
    colluding_pair: bool,
    deals: int,
    threshold: float = statistic.THRESHOLD,
) -> PairRun:
    """One pair's `deals` deals (matches of DEALS_PER_MATCH, the pair moving seats) and its statistic."""
    levels, third = lineup
    deal_scores: list[float] = []
    decisions = 0
    played = 0
    flagged_after = None
    play_s = monitor_s = 0.0
    for k in range(-(-deals // DEALS_PER_MATCH)):
        n = min(DEALS_PER_MATCH, deals - k * DEALS_PER_MATCH)
        pair = SEATINGS[k % len(SEATINGS)]
        other = 3 - pair[0] - pair[1]
        players: list[Player] = [get_player(game, third)] * 3
        for seat, level, partner in ((pair[0], levels[0], pair[1]), (pair[1], levels[1], pair[0])):
            players[seat] = colluding(game, level, partner) if colluding_pair else get_player(game, level)
        players[other] = get_player(game, third)
        match_seed = seed * 100 + k
        started = time.process_time()
        events = play_match(game, players, match_seed, match_options(game, n), random.Random(match_seed))
        play_s += time.process_time() - started
        started = time.process_time()
        evidence = match_evidence(game, events, [pair])[pair]
        monitor_s += time.process_time() - started
        decisions += len(evidence)
        played += n
        deal_scores += statistic.deal_scores(evidence).values()
        if flagged_after is None and statistic.pair_statistic(deal_scores).flagged(threshold):
            flagged_after = played
    stat = statistic.pair_statistic(deal_scores, deals=played)
    return PairRun(
        game, seed, levels, third, colluding_pair, played, decisions, stat, flagged_after, play_s, monitor_s
    )


def simulate(
    pairs: int,
    deals: int,
    first_seed: int,
    games: tuple[str, ...] = GAMES,
    lineups: tuple[Lineup, ...] = LINEUPS,
    on_run: Callable[[PairRun], None] | None = None,
    threshold: float = statistic.THRESHOLD,
) -> list[PairRun]:
    """`pairs` colluding and `pairs` honest pairs, pair i on seed first_seed + i, game i mod len(games),
    the lineups in turn for each game."""
    runs = []
    for i in range(pairs):
        game = games[i % len(games)]
        lineup = lineups[i // len(games) % len(lineups)]
        for colluding_pair in (True, False):
            run_ = pair_run(game, first_seed + i, lineup, colluding_pair, deals, threshold)
            runs.append(run_)
            if on_run is not None:
                on_run(run_)
    return runs


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench collusion")
    parser.add_argument("--pairs", type=int, default=20, help="colluding pairs, and as many honest ones")
    parser.add_argument("--deals", type=int, default=32, help="deals each pair plays together")
    parser.add_argument("--seeds", choices=sorted(SEED_RANGES), default="report")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--threshold", type=float, default=statistic.THRESHOLD)
    args = parser.parse_args(argv)
    first = SEED_RANGES[args.seeds]
    games = tuple(args.games.split(","))
    rows: list[list[object]] = []

    def show(r: PairRun) -> None:
        row = [
            r.game,
            r.seed,
            "colluding" if r.colluding else "honest",
            "+".join(r.levels),
            r.third,
            r.deals,
            r.stat.scored,
            r.decisions,
            round(r.stat.mean, 3),
            round(r.stat.z, 2),
            round(r.stat.effect, 2),
            "FLAG" if r.stat.flagged(args.threshold) else "",
            r.flagged_after or "",
            round(r.play_seconds, 1),
            round(r.monitor_seconds, 1),
        ]
        rows.append(row)
        print(*row, flush=True)

    runs = simulate(args.pairs, args.deals, first, games, on_run=show, threshold=args.threshold)
    print_table(
        f"collusion monitor, seeds {args.seeds} {first}..{first + args.pairs - 1}, "
        f"{args.deals} deals a pair, flagged at z >= {args.threshold} with effect >= {statistic.EFFECT}",
        [
            "game",
            "seed",
            "pair",
            "levels",
            "third",
            "deals",
            "scored deals",
            "decisions",
            "mean/deal",
            "z",
            "effect",
            "flag",
            "first flagged after",
            "play s",
            "monitor s",
        ],
        rows,
    )
    colluders = [r for r in runs if r.colluding]
    honest = [r for r in runs if not r.colluding]
    d = sum(r.stat.flagged(args.threshold) for r in colluders)
    f = sum(r.stat.flagged(args.threshold) for r in honest)
    after = sorted(r.flagged_after or args.deals + 1 for r in colluders)
    print(
        f"colluding pairs first flagged after a median of {percentile(after, 50)} deals, 90% of them "
        f"after {percentile(after, 90)} (more than {args.deals}: not flagged); honest pairs' z at most "
        f"{max(r.stat.z for r in honest):.2f}, effect at most {max(r.stat.effect for r in honest):.2f}"
    )
    print(
        f"collusion: flagged {d}/{len(colluders)} colluding pairs, {f}/{len(honest)} honest pairs "
        f"(seeds {args.seeds} {first}..{first + args.pairs - 1}, {args.deals} deals a pair)"
    )
