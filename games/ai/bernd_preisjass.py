"""Bernd for Preisjass: perfect-information Monte Carlo over deals consistent with the seat's view.

For each decision Bernd deals the unseen cards to the other seats many times (games.ai.pimc), every
deal consistent with what the seat has seen: the cards played in this game, the Bodentrumpf (which sits
with the dealer until it is played), the hand sizes and the voids the finished and current tricks prove.
Every legal card is then tried on every deal: played out to the end of the game by a fast greedy
policy, or, when at most ENDGAME cards are left per hand, solved exactly (max-n). The card with the
most points on average is played. The work per move is a fixed count (calibrated for ~300 ms on the
development machine), so the choice depends only on the view, the legal list and the rng.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.ai.anton_preisjass import AntonPreisjass
from games.ai.base import JSON
from games.ai.bernd_playout import CARD_INDEX, PLAYERS, TABLES, Tables, playout, solve
from games.ai.observation.preisjass import PreisjassObservation, observe
from games.ai.pimc import sample_deal
from games.engine.cards import SUITS
from games.engine.preisjass.cards import TRUMP_RANK

ENDGAME = 3  # solve exactly once every hand holds at most this many cards
#: greedy playout card plays per millisecond of budget (measured on the development machine: 185 to 240
#: per ms of CPU time, sampling included; the margin keeps the slow positions within the budget)
PLAYS_PER_MS = 150.0
#: milliseconds one exact solve of one card on one deal takes, by the largest hand left (p90 measured);
#: leading a trick costs LEAD_FACTOR times more (the whole tree is still open)
SOLVE_MS = {1: 0.01, 2: 0.05, 3: 0.8}
LEAD_FACTOR = 1.75
BUDGET_SHARE = 0.8  # share of the budget the exact endgame plans to use (its cost varies more)
MIN_SAMPLES = 8
MAX_SAMPLES = 1500


@dataclass
class Knowledge:
    """What the seat knows about the hidden cards, from its view alone."""

    me: int
    trump: str
    hands: list[list[int]]  # own hand filled in, others empty
    sizes: list[int]
    unseen: list[int]  # cards in the other hands
    masks: list[int]  # per unseen card: bit s set = seat s may hold it
    leader: int
    trick: list[int]
    tricks_done: int


def void_masks(obs: PreisjassObservation) -> list[int]:
    """Per seat, a 36-bit mask of the cards that seat can no longer hold because of the suits it has
    shown it lacks (played tricks of this game and the current trick)."""
    trump = obs.trump
    t = SUITS.index(trump)
    suit_bits = [((1 << 9) - 1) << (9 * s) for s in range(4)]
    bauer_bit = 1 << CARD_INDEX["J" + trump]
    ruled_out = [0, 0, 0, 0]
    tricks = list(obs.tricks)
    if obs.trick:
        tricks.append(obs.trick)
    for cards in tricks:
        lead = cards[0].card[1]
        top = -1  # highest trump rank so far in the trick
        for i, entry in enumerate(cards):
            card, seat = entry.card, entry.seat
            if i > 0:
                if lead == trump:
                    if card[1] != trump:  # no trump, except perhaps the Bauer
                        ruled_out[seat] |= suit_bits[t] & ~bauer_bit
                elif card[1] != trump and card[1] != lead:
                    ruled_out[seat] |= suit_bits[SUITS.index(lead)]
                elif card[1] == trump and TRUMP_RANK[card[0]] < top:
                    # an undertrump is only allowed to a hand of nothing but trumps
                    ruled_out[seat] |= sum(suit_bits[s] for s in range(4) if s != t)
            if card[1] == trump:
                top = max(top, TRUMP_RANK[card[0]])
    return ruled_out


def knowledge(obs: PreisjassObservation) -> Knowledge:
    me = obs.seat
    trump = obs.trump
    hand = [CARD_INDEX[c] for c in obs.hand]
    played = {CARD_INDEX[c] for c in obs.played}
    seen = played | set(hand)
    unseen = [i for i in range(36) if i not in seen]
    ruled_out = void_masks(obs)
    floor = obs.bodentrumpf
    dealer = obs.dealer
    fixed = CARD_INDEX[floor] if floor is not None and dealer != me else -1
    masks = []
    for c in unseen:
        if c == fixed:
            masks.append(1 << dealer)
            continue
        m = 0
        for s in range(PLAYERS):
            if s != me and not ruled_out[s] >> c & 1:
                m |= 1 << s
        masks.append(m)
    hands: list[list[int]] = [[] for _ in range(PLAYERS)]
    hands[me] = hand
    return Knowledge(
        me=me,
        trump=trump,
        hands=hands,
        sizes=list(obs.hand_sizes),
        unseen=unseen,
        masks=masks,
        leader=(me - len(obs.trick)) % PLAYERS,
        trick=[CARD_INDEX[e.card] for e in obs.trick],
        tricks_done=len(obs.tricks),
    )


def sample_hands(know: Knowledge, rng: random.Random) -> list[list[int]]:
    """One full deal of the hidden cards consistent with `know` (own hand included)."""
    others = [s for s in range(PLAYERS) if s != know.me]
    local = []
    for m in know.masks:
        bits = 0
        for j, s in enumerate(others):
            if m >> s & 1:
                bits |= 1 << j
        local.append(bits)
    dealt = sample_deal(know.unseen, local, [know.sizes[s] for s in others], rng)
    hands = [list(h) for h in know.hands]
    for j, s in enumerate(others):
        hands[s] = dealt[j]
    return hands


def _value(hands: list[list[int]], know: Knowledge, card: int, tb: Tables, exact: bool) -> int:
    """Points the seat wins from now on after playing `card` in one sampled deal."""
    hands = [list(h) for h in hands]
    hands[know.me].remove(card)
    trick = [*know.trick, card]
    if exact:
        return solve(hands, know.leader, trick, know.tricks_done, tb, know.me)[know.me]
    return playout(hands, know.leader, trick, know.tricks_done, tb)[know.me]


class BerndPreisjass:
    name = "Bernd"

    def __init__(self, budget_ms: float = 300.0) -> None:
        self.budget_ms = budget_ms

    def sample_count(self, know: Knowledge, candidates: int) -> int:
        """How many deals to sample: a fixed function of the position and the budget, never of time."""
        largest = max(know.sizes)
        if largest <= ENDGAME:
            cost = SOLVE_MS[largest] * (1.0 if know.trick else LEAD_FACTOR)
            n = int(self.budget_ms * BUDGET_SHARE / (candidates * cost))
        else:
            plays = sum(know.sizes) - 1
            n = int(self.budget_ms * PLAYS_PER_MS / (candidates * max(1, plays)))
        return max(MIN_SAMPLES, min(MAX_SAMPLES, n))

    def evaluate(self, view: JSON, legal: list[JSON], rng: random.Random) -> list[float]:
        """Average points from now on for each legal action over the sampled deals."""
        know = knowledge(observe(view))
        tb = TABLES[know.trump]
        cards = [CARD_INDEX[a["card"]] for a in legal]
        exact = max(know.sizes) <= ENDGAME
        n = self.sample_count(know, len(cards))
        totals = [0] * len(cards)
        for _ in range(n):
            hands = sample_hands(know, rng)
            for i, c in enumerate(cards):
                totals[i] += _value(hands, know, c, tb, exact)
        return [t / n for t in totals]

    def choose(self, view: JSON, legal: list[JSON], rng: random.Random) -> JSON:
        if len(legal) == 1 or view.get("trump") is None:
            return legal[0]
        try:
            scores = self.evaluate(view, legal, rng)
        except ValueError:  # a view no deal fits (never in a real game): fall back to the baseline
            return AntonPreisjass().choose(view, legal, rng)
        best = max(range(len(legal)), key=lambda i: (scores[i], -i))
        return legal[best]


__all__ = ["BerndPreisjass", "Knowledge", "knowledge", "sample_hands", "void_masks"]
