"""What a Russian Preferans contract and a whist call are worth to the search players, in whists, and
the declarer's discards they assume (Anton's counts).

Whists here mean the settlement's whists: a pool point is worth 20/3 whists to its writer and costs each
opponent 10/3 (a mountain point the other way round), whists written against a seat move one to one.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Final

from games.ai.anton_preferans import declarer_tricks, misere_risk
from games.ai.observation.preferans import PreferansObservation

LADDER_SUITS: Final = ("S", "C", "D", "H", "NT")
VALUE: Final = {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}
OBLIGATION: Final = {6: 4, 7: 2, 8: 1, 9: 1, 10: 0}
HALF_WHISTS: Final = {6: 2, 7: 1}
POOL: Final = 20 / 3  # whists a pool point is worth to its writer
POOL_OTHER: Final = 10 / 3  # what it costs each opponent
MISERE_VALUE: Final = 10


def bid_rank(bid: str) -> int:
    if bid == "MIS":
        return 15
    level, suit = parse_bid(bid)
    return (level - 6) * 5 + LADDER_SUITS.index(suit) + (1 if level >= 9 else 0)


def parse_bid(bid: str) -> tuple[int, str]:
    return (int(bid[:-2]), "NT") if bid.endswith("NT") else (int(bid[:-1]), bid[-1])


def declarer_payoff(tricks: float, level: int) -> float:
    """The declarer's whists for `tricks` in a game of `level`: defenders whist when they hold their
    obligation, and then write their tricks."""
    v = VALUE[level]
    defence = 10 - tricks
    whisted = defence >= OBLIGATION[level]
    if tricks >= level:
        return POOL * v - (v * defence if whisted else 0.0)
    short = level - tricks
    return -POOL * v * short - 2 * v * short - v * defence


def whist_call_values(
    obs: PreferansObservation, tricks: list[float], open_answer: bool = False
) -> dict[str, float]:
    """What each whist call is worth to the seat to call, in whists, the declarer taking `tricks` (one
    per world): tricks times the game's value, a set contract, the obligation missed, the declarer's
    pool. A partner still to answer answers with even odds, or with `open_answer` (the analysis, on
    the real cards) as these values tell him. The order of the calls breaks ties: the first wins."""
    assert obs.contract is not None  # whist calls follow the contract
    level, _ = parse_bid(obs.contract)
    v, need = VALUE[level], OBLIGATION[level]
    me = obs.seat
    others = [c for s, c in enumerate(obs.whist_calls) if s != me and c is not None]

    def mean(f: Callable[[float], float]) -> float:
        return sum(f(t) for t in tricks) / len(tricks)

    def lone(t: float) -> float:
        d = 10 - t
        made = t >= level
        gain = v * d + (0.0 if made else v * (level - t)) - (POOL_OTHER * v if made else 0.0)
        return gain - (POOL * v * (need - d) if d < need else 0.0)

    def both(t: float) -> float:
        d = (10 - t) / 2
        made = t >= level
        gain = v * d + (0.0 if made else v * (level - t)) - (POOL_OTHER * v if made else 0.0)
        return gain - (POOL * v * (need / 2 - d) if d < need / 2 else 0.0)

    def watch(t: float) -> float:  # somebody else defends, I pass
        return -POOL_OTHER * v if t >= level else v * (level - t)

    unplayed = -POOL_OTHER * v
    half = unplayed + v * HALF_WHISTS.get(level, 0)
    if obs.whist_calls[me] == "pass" and "half" in others:  # answering a half whist: defend alone
        return {"pass": unplayed, "whist": mean(lone)}
    if "whist" in others:
        return {"pass": mean(watch), "whist": mean(both)}
    if "pass" in others:
        return {"whist": mean(lone), "pass": unplayed, "half": half}
    if open_answer:
        # my whist answered by a whist when sharing beats watching for him, else I defend alone; my
        # pass answered by his best of whisting alone, passing and (6, 7) half whist
        whisting = mean(both) if mean(both) > mean(watch) else mean(lone)
        answers = {"whist": mean(lone), "pass": unplayed}
        if level in HALF_WHISTS:
            answers["half"] = half
        answer = max(answers, key=lambda c: answers[c])
        passing = (
            mean(watch) if answer == "whist" else max(mean(lone), unplayed) if answer == "half" else unplayed
        )
        return {"pass": passing, "whist": whisting}
    # first to call: a whist answered by a whist (shared defence) or a pass (I defend alone), a pass
    # by a whist (he defends) or a pass; each taken as even odds
    return {"pass": 0.5 * mean(watch) + 0.5 * unplayed, "whist": 0.5 * mean(both) + 0.5 * mean(lone)}


def declarer_discard(cards: list[str], trump: str) -> list[str]:
    """The two cards a declarer throws for `trump` (Anton's count: the least useful of the seven
    cheapest, side suits before trumps)."""
    spare = sorted(cards, key=lambda c: (c[1] == trump, "789TJQKA".index(c[0])))[:7]
    best, best_key = spare[:2], (-99.0, 0)
    for pair in combinations(spare, 2):
        rest = [c for c in cards if c not in pair]
        key = (declarer_tricks(rest, trump), -sum("789TJQKA".index(c[0]) for c in pair))
        if key > best_key:
            best, best_key = list(pair), key
    return best


def misere_discard(cards: list[str]) -> list[str]:
    worst = sorted(cards, key=lambda c: -"789TJQKA".index(c[0]))[:7]
    return list(min(combinations(worst, 2), key=lambda p: misere_risk([c for c in cards if c not in p])))
