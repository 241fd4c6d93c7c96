"""The evidence one match gives about a pair of seats: every card one of them played, valued for the
pair against the third seat (pair.py), set against what the search AI would have played from that
seat's own view.

For a decision the legal cards are valued, each by a search with every hand seen, in four sets of
deals:
- A and B: worlds sampled from the seat's own view (the search players' samplers), two independent
  halves;
- C: worlds sampled from the seat's view with the partner's real hand known (worlds.py);
- T: the real deal.
The search AI's choice is the card best on average over the own-view worlds. Its `view_gain` (the
played card's value less the AI's choice's, averaged over own-view worlds) is what the seat could
have expected; `partner_gain` is the same difference over C, what the seat could have expected
had it seen the partner's hand; `true_gain` the same on the real deal.

The decision's `score` is partner_gain less view_gain with the AI's choice made on one half of the
own-view worlds and valued on the other (both ways round, averaged), so that the choice is never
valued on the worlds that chose it. Whatever a seat plays, as long as it decides from what it may
see, its score is zero on average: C averaged over the partner's hands it could be holding is the
own view again. A seat that plays on its partner's cards picks the cards that C rates above what its
own view shows: a positive score. (The same contrast with T for C would do as well in Preferans,
where the partner's hand leaves little of the third seat's unknown, and worse elsewhere: T carries
the luck of the third seat's cards too.)

Work per decision is bounded by nodes (no clock), and the worlds come from an rng seeded by the
version, the seq and the two seats, so the same events always give the same figures.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from itertools import combinations
from typing import Any, Protocol

from games import packs
from games.ai.analysis.base import decision_points, same_action
from games.ai.collusion import worlds
from games.ai.collusion.pair import PairPreferanzen, preferans_sides
from games.ai.observation.preferans import observe
from games.ai.observation.preferanzen import observe as preferanzen_observe
from games.ai.preferans_search import state as preferans_state
from games.ai.preferans_search.player import CarlaPreferans
from games.ai.preferans_search.solver import Solver
from games.ai.preferanzen_search import worlds as preferanzen_worlds
from games.ai.preferanzen_search.solver import EXACT_DEPTH
from games.ai.preferanzen_search.state import INDEX as PREFERANZEN_INDEX
from games.ai.preferanzen_search.state import from_engine as preferanzen_deal
from games.ai.search.alphabeta import Table, search
from games.ai.search.budget import Budget, BudgetExceeded
from games.engine import GameState
from games.packs.base import load

JSON = dict[str, Any]

VERSION = "collusion-1"
# The games whose pack names a valuer (a class here): the three-player games, where two may play as one.
GAMES = tuple(p.name for p in packs.all_packs() if p.collusion is not None)

NO_CLOCK = 1e9  # node budgets only: the figures must not depend on the machine
UNLIMITED = 1 << 62
HALF_WORLDS = 6  # own-view worlds in each of the halves A and B
PARTNER_WORLDS = 6  # worlds with the partner's hand known (C)
VIEW_NODES = 60_000  # per decision, A and B together, before the search is made shallower
EXACT_CARDS = 4  # searched to the end once the seat holds this many cards (Preferans: tricks left)
PLIES = 3  # Preferanzen before that: to the end of the trick and this many plies on
AHEAD = 1  # Preferans before that: tricks searched before the estimate


@dataclass(frozen=True)
class Decision:
    """One card a pair's seat played, and what it gained the pair (module docstring)."""

    seq: int
    seat: int
    partner: int
    deal: int
    played: str
    #: the search AI's choice from the seat's own view
    reference: str
    view_gain: float
    partner_gain: float
    true_gain: float
    score: float

    def to_json(self) -> JSON:
        return asdict(self)


@dataclass(frozen=True)
class WorldValues:
    """Each legal card's value for the pair in each world of a set, `[world][card]` (`t`: the real
    deal's, `[card]`)."""

    a: list[list[float]]
    b: list[list[float]]
    c: list[list[float]]
    t: list[float]


class _Valuer(Protocol):
    def decides(self, state: GameState) -> bool: ...

    def deal(self, state: GameState) -> int: ...

    def values(
        self, state: GameState, seat: int, partner: int, legal: list[str], seed: str
    ) -> WorldValues: ...


def _mean(rows: list[list[float]], i: int) -> float:
    return sum(row[i] for row in rows) / len(rows)


def _best(rows: list[list[float]], played: int) -> int:
    """The card best on average over `rows` (ties to the played card, then the first)."""
    means = [round(_mean(rows, i), 9) for i in range(len(rows[0]))]
    return max(range(len(means)), key=lambda i: (means[i], i == played, -i))


@dataclass(frozen=True)
class Contrast:
    """The played card against the AI's choice (module docstring)."""

    reference: int
    view_gain: float
    partner_gain: float
    true_gain: float
    score: float


def contrast(values: WorldValues, played: int) -> Contrast:
    """How the card `played` (an index of the legal cards) fared against the AI's choice."""
    own = values.a + values.b
    ref = _best(own, played)

    def gain(rows: list[list[float]], other: int) -> float:
        return _mean(rows, played) - _mean(rows, other)

    ref_a, ref_b = _best(values.a, played), _best(values.b, played)
    score = 0.5 * (
        gain(values.c, ref_a) - gain(values.b, ref_a) + gain(values.c, ref_b) - gain(values.a, ref_b)
    )
    return Contrast(ref, gain(own, ref), gain(values.c, ref), gain([values.t], ref), score)


class PreferanzenValuer:
    def decides(self, state: GameState) -> bool:
        return state.phase == "play"

    def deal(self, state: GameState) -> int:
        return int(state.deal_no)  # type: ignore[attr-defined]

    def values(self, state: GameState, seat: int, partner: int, legal: list[str], seed: str) -> WorldValues:
        obs = preferanzen_observe(state.view(seat))
        hand = list(state.hands[partner])  # type: ignore[attr-defined]
        moves = [PREFERANZEN_INDEX[c] for c in legal]
        game = PairPreferanzen(3 - seat - partner)
        players = len(obs.playing)
        to_trick_end = (players - len(obs.trick)) % players
        depth = EXACT_DEPTH if len(obs.hand) <= EXACT_CARDS else PLIES + to_trick_end

        def valued(deals: Iterable[Any], budget: Budget) -> list[list[float]]:
            out = []
            for deal in deals:
                table: Table = {}
                out.append([search(game, deal.play(m), depth - 1, budget, table) for m in moves])
            return out

        rng_a, rng_b = random.Random(f"{seed}:a"), random.Random(f"{seed}:b")
        own = [preferanzen_worlds.world_deal(obs, rng) for rng in (rng_a, rng_b) for _ in range(HALF_WORLDS)]
        try:
            a_b = valued(own, Budget(VIEW_NODES, NO_CLOCK))
        except BudgetExceeded:  # too big for this depth: every set searched shallower
            depth = 1 + to_trick_end
            a_b = valued(own, Budget(UNLIMITED, NO_CLOCK))
        rng_c = random.Random(f"{seed}:c")
        known = [
            preferanzen_worlds.deal_in_play(obs, worlds.preferanzen_hands(obs, partner, hand, rng_c)[0])
            for _ in range(PARTNER_WORLDS)
        ]
        unlimited = Budget(UNLIMITED, NO_CLOCK)
        c = valued(known, unlimited)
        t = valued([preferanzen_deal(state)], unlimited)[0]
        return WorldValues(a_b[:HALF_WORLDS], a_b[HALF_WORLDS:], c, t)


class PreferansValuer:
    def __init__(self) -> None:
        self.sampler = CarlaPreferans()  # its `_worlds`: the declarer's hand fitted to his bids

    def decides(self, state: GameState) -> bool:
        return state.phase == "play" and state.n == 3  # type: ignore[attr-defined]

    def deal(self, state: GameState) -> int:
        return int(state.deal_no)  # type: ignore[attr-defined]

    def values(self, state: GameState, seat: int, partner: int, legal: list[str], seed: str) -> WorldValues:
        obs = observe(state.view(seat))
        hand = list(state.hands[partner])  # type: ignore[attr-defined]
        active = obs.active
        pair = 1 << active.index(seat) | 1 << active.index(partner)
        cards = [preferans_state.INDEX[c] for c in legal]
        done = len(obs.played) // 3
        stop = 10 if 10 - done <= EXACT_CARDS else done + AHEAD
        raspasy = bool(obs.raspasy)

        def deal_of(world: Any) -> preferans_state.Deal:
            talon = preferans_state.bits(world.out)[0] if raspasy and world.out else -1
            return preferans_state.from_view(obs, dict(enumerate(world.hands)), talon)

        def valued(deals: Iterable[preferans_state.Deal], budget: Budget, stop: int) -> list[list[float]]:
            out = []
            for deal in deals:
                target, maximizers, sign = preferans_sides(deal, pair)
                after = Solver(deal, target, maximizers, budget, stop=stop).move_values(deal)
                out.append([sign * after[c] for c in cards])
            return out

        rng_a, rng_b = random.Random(f"{seed}:a"), random.Random(f"{seed}:b")
        own = [deal_of(w) for rng in (rng_a, rng_b) for w in self.sampler._worlds(obs, rng, HALF_WORLDS)]
        try:
            a_b = valued(own, Budget(VIEW_NODES, NO_CLOCK), stop)
        except BudgetExceeded:
            stop = done + 1
            a_b = valued(own, Budget(UNLIMITED, NO_CLOCK), stop)
        rng_c = random.Random(f"{seed}:c")
        sighted = worlds.preferans_sighted(obs, partner, hand)
        known = [deal_of(w) for w in self.sampler._worlds(sighted, rng_c, PARTNER_WORLDS)]
        unlimited = Budget(UNLIMITED, NO_CLOCK)
        c = valued(known, unlimited, stop)
        t = valued([preferans_state.from_engine(state)], unlimited, stop)[0]
        return WorldValues(a_b[:HALF_WORLDS], a_b[HALF_WORLDS:], c, t)


def _valuer(game: str) -> _Valuer:
    pack = packs.find(game)
    if pack is None or pack.collusion is None:
        raise KeyError(f"no collusion evidence for {game!r}")
    valuer: _Valuer = load(pack.collusion)()
    return valuer


def match_evidence(
    game: str,
    events: list[JSON],
    pairs: Iterable[tuple[int, int]],
    progress: Callable[[int], None] | None = None,
) -> dict[tuple[int, int], list[Decision]]:
    """Every card a seat of each pair played (a choice among two or more), valued for that pair."""
    valuer = _valuer(game)
    wanted: dict[tuple[int, int], list[Decision]] = {}
    for one, other in pairs:
        wanted[(min(one, other), max(one, other))] = []
    for seq, state, event in decision_points(game, events):
        seat = state.to_move
        assert isinstance(seat, int)
        mine = [p for p in wanted if seat in p]
        if not mine or not valuer.decides(state):
            continue
        legal = state.legal_actions()
        if len(legal) < 2:
            continue
        played = next(i for i, a in enumerate(legal) if same_action(a, event))
        cards = [str(a["card"]) for a in legal]
        for pair in mine:
            partner = pair[0] + pair[1] - seat
            values = valuer.values(state, seat, partner, cards, f"{VERSION}:{seq}:{seat}:{partner}")
            c = contrast(values, played)
            wanted[pair].append(
                Decision(
                    seq=seq,
                    seat=seat,
                    partner=partner,
                    deal=valuer.deal(state),
                    played=cards[played],
                    reference=cards[c.reference],
                    view_gain=round(c.view_gain, 4),
                    partner_gain=round(c.partner_gain, 4),
                    true_gain=round(c.true_gain, 4),
                    score=round(c.score, 4),
                )
            )
            if progress is not None:
                progress(seq)
    return wanted


def seat_pairs(seats: Iterable[int]) -> list[tuple[int, int]]:
    return [(a, b) for a, b in combinations(sorted(seats), 2)]
