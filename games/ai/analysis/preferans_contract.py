"""Preferans analysis of the decisions before the play: the bids, the talon discard (exchange), the
contract (declare) and the whist calls (defend), every legal alternative valued in whists for the
deciding seat, the way the search player (`games.ai.preferans_search.player`) weighs them:

- a game is worth `declarer_payoff` of the declarer's tricks in it (the defenders whisting when they
  hold their obligation), a misère 10 pool points made or 10 per trick lost (solved within
  `MISERE_NODES`; a hand whose misère risk by Anton's count exceeds `MISERE_RISK`, one the player
  never tries, takes that count as its tricks);
- a bid is worth the best contract it allows, as if it won the auction there (the declarer takes the
  talon, throws Anton's two cards for each trump and declares the best game at or above the bid);
  passing is worth 0 (the search player's baseline: somebody else's game is not counted), holding is
  the standing bid;
- a discard is worth the best game it leaves (in its likeliest trump by Anton's count, any level
  from the standing bid up); a contract is worth its game;
- a whist call is worth what the search player's `_defend` adds up for it (whisting alone or with
  the partner, passing, half whist); from the player's view the partner's answer still to come is
  even odds as there, with all hands open it is the answer those formulas give him on the real cards.

The declarer's tricks come from the double-dummy `Solver` of `preferans_search`: with all hands open
solved exactly within `OPEN_SOLVE_NODES` per game (else searched `AHEAD` tricks with its estimate);
from the view over worlds of the search player's sampler (`SearchPreferans._worlds`: the talon with
the hidden cards, the declarer's hand fitted to his bids), each searched `AHEAD` tricks with the
estimate, as the player does. Node budgets only (no clock).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from functools import lru_cache, partial
from itertools import combinations

from games.ai.anton_preferans import declarer_tricks, misere_risk
from games.ai.base import JSON
from games.ai.observation.preferans import PreferansObservation, observe
from games.ai.preferans_search.player import SearchPreferans
from games.ai.preferans_search.solver import Solver, sides
from games.ai.preferans_search.state import GAME, MISERE, SUITS, Deal, mask_of, names
from games.ai.preferans_search.values import (
    LADDER_SUITS,
    MISERE_VALUE,
    POOL,
    declarer_discard,
    declarer_payoff,
    parse_bid,
    whist_call_values,
)
from games.ai.search.budget import Budget, BudgetExceeded
from games.engine import GameState
from games.engine.preferans import bidding, play
from games.engine.preferans.state import PreferansState

NO_CLOCK = 1e9
UNLIMITED = 1 << 62

OPEN_SOLVE_NODES = 30_000  # per game solved with all hands open
MISERE_NODES = 3_000  # per misère solve (else Anton's risk decides: clean 0 tricks, else 1)
MISERE_RISK = 3.0  # above this misère risk (Anton's count) its tricks are that count, not solved
AHEAD = 2  # tricks searched before the estimate (Dora's depth in her first revision)
WORLDS = 6  # worlds of the view angle (bids, contract, whist)
EXCHANGE_WORLDS = 2  # 66 discards each: fewer worlds
EXCHANGE_TRUMPS = 1  # trumps tried per discard (the likeliest by Anton's count)

MODE_PLAYOUTS = 4  # open angle: playouts per mode on the real cards (the players' choices are rng-seeded)
MODE_WORLDS = 6  # view angle: worlds, one playout per mode in each

# The analysis has its own players, pinned here, so that a new revision of a level does not change
# what an analysis of a stored match says: the sampler of the view's worlds (only its `tries` count)
# and the playouts of the open/closed choice (Carla's first revision).
SAMPLER = dict(worlds=WORLDS, nodes=0, depth=AHEAD, exact_tricks=0, bid_worlds=WORLDS, tries=20)
PLAYOUT = dict(worlds=6, nodes=10_000, depth=1, exact_tricks=4, bid_worlds=5, duck_depth=1, selfish_exact=3)

#: the engine phase -> the decision's kind
KINDS = {"bid": "bid", "exchange": "exchange", "declare": "declare", "whist": "defend", "mode": "mode"}


class Tricks:
    """The declarer's tricks for a deal from the first lead: solved exactly within `exact_nodes` per
    solve where that is asked for and fits, else `AHEAD` tricks searched and the rest estimated
    (`exact` turns False). Every figure is a pure function of the deal, so they are kept in a cache
    shared by all decisions (a seat's bids in one deal solve the same deals); no budget stops the
    work, which the world and trump counts bound."""

    def __init__(self, exact_nodes: int) -> None:
        self.exact_nodes = exact_nodes
        self.exact = exact_nodes > 0

    def game(self, hands: list[int], me: int, trump: str) -> float:
        key = (hands[0], hands[1], hands[2], me, trump, self.exact_nodes)
        found = _CACHE.get(key)
        if found is None:
            deal = Deal(GAME, hands, -1 if trump == "NT" else SUITS.index(trump), me, 0)
            found = self._solve(deal, 1 << me, 1 << me)
            _remember(key, found)
        value, exact = found
        self.exact &= exact
        return value

    def misere(self, hands: list[int], me: int) -> float:
        key = (hands[0], hands[1], hands[2], me, "MIS", 0)
        risk = misere_risk(names(hands[me]))
        if risk > MISERE_RISK:  # not a misère hand (the player never tries it): Anton's count
            self.exact = False
            return max(1.0, risk)
        found = _CACHE.get(key)
        if found is None:
            deal = Deal(MISERE, hands, -1, me, 0)
            target, maximizers = sides(deal, me)
            try:
                found = (Solver(deal, target, maximizers, Budget(MISERE_NODES, NO_CLOCK)).value(deal), True)
            except BudgetExceeded:
                found = (0.0 if misere_risk(names(hands[me])) < 0.5 else 1.0, False)
            _remember(key, found)
        value, exact = found
        self.exact &= exact
        return value

    def _solve(self, deal: Deal, target: int, maximizers: int) -> tuple[float, bool]:
        if self.exact_nodes:
            try:
                return Solver(deal, target, maximizers, Budget(self.exact_nodes, NO_CLOCK)).value(deal), True
            except BudgetExceeded:
                pass
        return Solver(deal, target, maximizers, Budget(UNLIMITED, NO_CLOCK), stop=AHEAD).value(deal), False


_CACHE: dict[tuple[int, int, int, int, str, int], tuple[float, bool]] = {}
CACHE_SIZE = 20_000


def _remember(key: tuple[int, int, int, int, str, int], found: tuple[float, bool]) -> None:
    if len(_CACHE) >= CACHE_SIZE:
        _CACHE.clear()
    _CACHE[key] = found


@lru_cache(maxsize=4096)
def _thrown(cards: tuple[str, ...], trump: str) -> list[str]:
    """The search player's discard for `trump` (Anton's count), remembered: every world repeats it."""
    return declarer_discard(list(cards), trump)


def misere_payoff(tricks: float) -> float:
    return POOL * MISERE_VALUE if tricks < 0.5 else -POOL * MISERE_VALUE * tricks


def best_game(tricks: Callable[[str], float], level: int, suit: str, only: set[str] | None = None) -> float:
    """The best declarer payoff over the contracts at or above `level` `suit` (with a trump of `only`
    where one of those may be declared)."""
    floor = (level, LADDER_SUITS.index(suit))
    allowed = {
        trump: [lv for lv in range(level, 11) if (lv, LADDER_SUITS.index(trump)) >= floor]
        for trump in LADDER_SUITS
    }
    allowed = {trump: levels for trump, levels in allowed.items() if levels}
    if only and any(trump in only for trump in allowed):
        allowed = {trump: levels for trump, levels in allowed.items() if trump in only}
    best = -1e9
    for trump, levels in allowed.items():
        t = tricks(trump)
        best = max(best, max(declarer_payoff(t, lv) for lv in levels))
    return best


# --- the four decisions, in one world ------------------------------------------------------------------


def bid_values(
    legal: list[JSON], high: str | None, cards: list[str], hands: list[int], me: int, t: Tricks
) -> list[float]:
    """Each bid in one world: `cards` the bidder's twelve (hand and talon), `hands` by position."""

    by_trump: dict[str, float] = {}

    def tricks(trump: str) -> float:
        if trump not in by_trump:
            thrown = _thrown(tuple(cards), trump)
            kept = mask_of([c for c in cards if c not in thrown])
            by_trump[trump] = t.game([kept if p == me else h for p, h in enumerate(hands)], me, trump)
        return by_trump[trump]

    out = []
    for action in legal:
        bid = action["bid"]
        if bid == "hold":
            bid = high or "pass"
        if bid == "pass":
            out.append(0.0)
        elif bid == "MIS":
            worst = sorted(cards, key=lambda c: -"789TJQKA".index(c[0]))[:7]
            pair = min(combinations(worst, 2), key=lambda p: misere_risk([c for c in cards if c not in p]))
            kept = mask_of([c for c in cards if c not in pair])
            out.append(misere_payoff(t.misere([kept if p == me else h for p, h in enumerate(hands)], me)))
        else:
            out.append(best_game(tricks, *parse_bid(bid)))
    return out


def exchange_values(
    legal: list[JSON], high: str, cards: list[str], hands: list[int], me: int, t: Tricks
) -> list[float]:
    """Each discard in one world: the best game the ten cards kept allow (misère: its payoff)."""
    out = []
    for action in legal:
        kept = [c for c in cards if c not in action["discard"]]
        world = [mask_of(kept) if p == me else h for p, h in enumerate(hands)]
        if high == "MIS":
            out.append(misere_payoff(t.misere(world, me)))
            continue
        likely = sorted(LADDER_SUITS, key=lambda s: (-declarer_tricks(kept, s), LADDER_SUITS.index(s)))
        trumps = set(likely[:EXCHANGE_TRUMPS])
        level, suit = parse_bid(high)
        out.append(best_game(partial(t.game, world, me), level, suit, trumps))
    return out


def declare_values(legal: list[JSON], hands: list[int], me: int, t: Tricks) -> list[float]:
    out = []
    for action in legal:
        level, trump = parse_bid(action["contract"])
        out.append(declarer_payoff(t.game(hands, me, trump), level))
    return out


def whist_values(
    legal: list[JSON], obs: PreferansObservation, tricks: list[float], open_answer: bool
) -> list[float]:
    """Each call against the declarer's `tricks` (one per world), as the search player weighs them;
    `open_answer`: a partner still to answer answers as those values tell him on the real cards (one
    world), else even odds as the player takes it."""
    values = whist_call_values(obs, tricks, open_answer)
    return [values[a["call"]] for a in legal]


# --- the angles ------------------------------------------------------------------------------------


def open_values(state: GameState, legal: list[JSON]) -> tuple[list[float], bool]:
    """Every alternative with the real hands and talon."""
    if state.phase == "mode":
        rng = random.Random(f"mode:{state.deal_no}:{state.to_move}")  # type: ignore[attr-defined]
        return mode_values(state, legal, rng, MODE_PLAYOUTS), False  # type: ignore[arg-type]
    active = state.active  # type: ignore[attr-defined]
    seat = state.to_move
    assert isinstance(seat, int)
    obs = observe(state.view(seat))
    hands = [mask_of(state.hands[s]) for s in active]  # type: ignore[attr-defined]
    # the bids (five trumps each) and the 66 discards are too many to solve each exactly: searched
    # AHEAD tricks like the view's worlds; the contract and the whist calls are solved
    t = Tricks(OPEN_SOLVE_NODES if obs.phase in ("declare", "whist") else 0)
    values = _values(obs, legal, hands, mask_of(list(state.talon)), t, open_answer=True)  # type: ignore[attr-defined]
    return values, t.exact


def view_values(state: GameState, legal: list[JSON], rng: random.Random) -> list[float] | None:
    """Every alternative averaged over worlds sampled from the seat's view (None: no world fitted)."""
    seat = state.to_move
    assert isinstance(seat, int)
    obs = observe(state.view(seat))
    player = SearchPreferans(**SAMPLER)
    if obs.phase == "mode":
        return mode_view_values(state, legal, rng, player)  # type: ignore[arg-type]
    count = EXCHANGE_WORLDS if obs.phase == "exchange" else WORLDS
    if obs.phase == "bid":
        # a seat's bids in one deal are valued over the same worlds (nothing it learns while bidding
        # changes where the hidden cards may be), so its later bids reuse the first one's solves
        rng = random.Random(f"bid:{obs.deal_number}:{obs.seat}:{','.join(obs.hand)}")
    t = Tricks(0)
    worlds = player._worlds(obs, rng, count)
    if obs.phase == "whist":
        decl = obs.active.index(obs.declarer)
        assert obs.contract is not None  # whist calls follow the contract
        _, trump = parse_bid(obs.contract)
        return whist_values(legal, obs, [t.game(w.hands[:], decl, trump) for w in worlds], open_answer=False)
    totals = [0.0] * len(legal)
    for world in worlds:
        values = _values(obs, legal, world.hands[:], world.out, t, open_answer=False)
        totals = [a + b for a, b in zip(totals, values, strict=True)]
    return [x / len(worlds) for x in totals]


def _values(
    obs: PreferansObservation, legal: list[JSON], hands: list[int], talon: int, t: Tricks, open_answer: bool
) -> list[float]:
    """One world's values: `hands` by position (the deciding seat's own included), `talon` the two
    talon cards while they are hidden (bidding)."""
    phase = obs.phase
    me = obs.active.index(obs.seat)
    if phase == "bid":
        return bid_values(legal, obs.high_bid, [*obs.hand, *names(talon)], hands, me, t)
    if phase == "exchange":
        assert obs.high_bid is not None  # the exchange follows the bidding's winner
        return exchange_values(legal, obs.high_bid, list(obs.hand), hands, me, t)
    if phase == "declare":
        return declare_values(legal, hands, me, t)
    decl = obs.active.index(obs.declarer)
    assert obs.contract is not None  # whist calls follow the contract
    _, trump = parse_bid(obs.contract)
    return whist_values(legal, obs, [t.game(hands, decl, trump)], open_answer)


# --- the lone whister's open/closed choice -----------------------------------------------------------


def mode_values(state: PreferansState, legal: list[JSON], rng: random.Random, playouts: int) -> list[float]:
    """Each mode worth the lone whister's whists for the deal (`whist_call_values` of his whist on the
    declarer's tricks), the deal played out `playouts` times after it by the `PLAYOUT` player at every
    seat, each seat deciding from its own view (open play shows the defenders' hands). Playout i of each
    mode draws from the same seed (common random numbers: the modes differ by what the seats see, not
    by luck)."""
    seeds = [rng.random() for _ in range(playouts)]
    whister = state.whisters[0]
    obs = observe(state.view(whister))
    # the other defender passed (or half-whisted and was answered): the whister defends alone
    calls = ["pass" if c is not None and s != whister else c for s, c in enumerate(obs.whist_calls)]
    alone = dataclasses.replace(obs, whist_calls=tuple(calls))
    out = []
    for action in legal:
        tricks = [_play_out(state, action["mode"], random.Random(seed)) for seed in seeds]
        out.append(whist_call_values(alone, tricks)["whist"])
    return out


def mode_view_values(
    state: PreferansState, legal: list[JSON], rng: random.Random, player: SearchPreferans
) -> list[float]:
    """`mode_values` averaged over `MODE_WORLDS` worlds sampled from the whister's view (the search
    player's sampler, as for the whist calls), one playout per mode in each: the hidden hands and the
    declarer's discard put into a copy of the real state, the whister's own hand and the talon as they
    are."""
    obs = observe(state.view(state.whisters[0]))
    totals = [0.0] * len(legal)
    # the whister knows what he knew at his call: the worlds are drawn as for the whist calls (the
    # declarer's twelve cards fitted to his bids and his discard to what a declarer throws)
    worlds = player._worlds(dataclasses.replace(obs, phase="whist"), rng, MODE_WORLDS)
    for world in worlds:
        copy = state.clone()
        for pos, seat in enumerate(copy.active):
            if seat != obs.seat:
                copy.hands[seat] = names(world.hands[pos])
        copy.discards = names(world.out)
        values = mode_values(copy, legal, rng, 1)
        totals = [a + b for a, b in zip(totals, values, strict=True)]
    return [x / len(worlds) for x in totals]


def _play_out(state: PreferansState, mode: str, rng: random.Random) -> float:
    """The declarer's tricks when the deal is played out by the `PLAYOUT` player after `mode`."""
    state = state.clone()
    bidding.do_mode(state, mode)
    # node budgets only: the same seed plays the same cards on any machine
    player = SearchPreferans(**PLAYOUT, seconds=NO_CLOCK)
    declarer = state.declarer
    while state.phase == "play":
        seat = state.actor()
        action = player.choose(state.view(seat), state.legal_actions(), rng)
        play.do_play(state, action["card"])
    return float(state.tricks[declarer])
