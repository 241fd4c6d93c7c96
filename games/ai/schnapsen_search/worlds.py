"""Worlds consistent with one seat's Schnapsen view: the opponent's hand, the face-down stock and the
cards played out of sight (the view shows only the last trick), sampled under what the view reveals.

Every unseen card goes to one of three places: the opponent's hand, the stock, or "gone" (won in an
earlier trick). What restricts it:
- a marriage the opponent declared: its King and Queen were both in the opponent's hand, so neither
  lies in the stock; a marriage of our own: both cards were ours, so one not in our hand is gone;
- a trump card the opponent took by exchange is in its hand or gone, never in the stock; one we took
  and no longer hold is gone;
- the last trick, if it was played under the follow rules (stock closed or exhausted) and the
  opponent followed: a card off the led suit shows a void in that suit (and in trumps unless it
  trumped); a lower card of the led suit shows it holds none higher.
The opponent's points are not shown: a world gives it the points of the last trick and the expected
points of its gone cards, less our own trick points (its declared marriages are public); expected
rather than sampled, as the noise of a sampled figure made the search worse.

With the memory of the deal (an observation from the seat's information state, `obs.history` set) the
seat knows what a player at the table knows: every card played is gone, so nothing unseen is; the
follow rules read from every trick played under them (not the last one alone); the opponent's trick
points are counted, not estimated; and the points at the close are those of that moment.
"""

from __future__ import annotations

import random
from typing import Final

from games.ai.observation.schnapsen import SchnapsenObservation
from games.ai.schnapsen_search.state import (
    INDEX,
    KING,
    POINTS,
    QUEEN,
    SUIT_MASK,
    SUITS,
    Deal,
    at,
    bits,
    mask_of,
    put,
)
from games.ai.search.sampling import sample_places, shuffle

OPP: Final = 1
STOCK: Final = 2
GONE: Final = 4
ANY: Final = OPP | STOCK | GONE
ALL_CARDS: Final = (1 << 20) - 1
#: tricks played before the stock is exhausted (5 cards each, 10 in the stock with the trump card)
OPEN_TRICKS: Final = 5

EXPECTED_OPP_POINTS: Final = True  # False: the sampled gone cards' points


def constraints(obs: SchnapsenObservation) -> tuple[list[int], list[int], list[int]]:
    """(unseen cards, the places each may be in as OPP/STOCK/GONE bits, the sizes of the places)."""
    me = obs.seat
    opp = 1 - me
    trump = SUITS.index(obs.trump)
    hand = mask_of(obs.hand)
    seen = hand
    if obs.trump_card:
        seen |= 1 << INDEX[obs.trump_card]
    last = [(t.seat, INDEX[t.card]) for t in obs.last_trick]
    for t in obs.trick:
        seen |= 1 << INDEX[t.card]
    for _, card in last:
        seen |= 1 << card
    # the tricks whose follow rules show something: with the memory every trick played under them,
    # else the last one (if the view shows it and it was)
    strict_tricks: list[list[tuple[int, int]]] = []
    if obs.history is not None:
        strict_from = OPEN_TRICKS if obs.closed_at is None else min(obs.closed_at, OPEN_TRICKS)
        for k, played in enumerate(obs.history):
            cards = [(t.seat, INDEX[t.card]) for t in played]
            for _, card in cards:
                seen |= 1 << card
            if k >= strict_from:
                strict_tricks.append(cards)
    elif obs.strict and max(obs.hand_sizes) <= 4 and len(last) == 2:
        strict_tricks.append(last)
    unseen = bits(ALL_CARDS & ~seen)
    mask = dict.fromkeys(unseen, ANY)

    def restrict(card: int, allowed: int) -> None:
        if card in mask:
            mask[card] = mask[card] & allowed

    for marriage in obs.marriages:
        suit = SUITS.index(marriage.suit)
        for card in (suit * 5 + KING, suit * 5 + QUEEN):
            restrict(card, OPP | GONE if marriage.seat == opp else GONE)
    for exchange in obs.exchanges:
        restrict(INDEX[exchange.card], OPP | GONE if exchange.seat == opp else GONE)
    for shown in strict_tricks:
        if shown[1][0] != opp:
            continue
        led, answer = shown[0][1], shown[1][1]
        suit = led // 5
        if answer // 5 != suit:
            void = SUIT_MASK[suit] | (SUIT_MASK[trump] if answer // 5 != trump else 0)
            for card in bits(void):
                restrict(card, STOCK | GONE)
        elif answer < led:
            for card in bits(SUIT_MASK[suit] & ~((2 << led) - 1)):
                restrict(card, STOCK | GONE)
    opp_size = obs.hand_sizes[opp]
    stock_size = obs.stock_size - (1 if obs.trump_card else 0)
    sizes = [opp_size, stock_size, len(unseen) - opp_size - stock_size]
    return unseen, [mask[c] for c in unseen], sizes


class Sampler:
    """Worlds consistent with one view: the constraints and everything the worlds share (the points,
    the marriages, the trump card, ...) worked out once; each world draws the opponent's hand, the
    stock and its order."""

    def __init__(self, obs: SchnapsenObservation) -> None:
        self.cards, self.masks, self.sizes = constraints(obs)
        me = obs.seat
        opp = 1 - me
        trump = SUITS.index(obs.trump)
        self.me = me
        declared = [0, 0]  # the marriages' points per seat
        suits = [0, 0]  # their suit bits
        for marriage in obs.marriages:
            suit = SUITS.index(marriage.suit)
            declared[marriage.seat] = declared[marriage.seat] + (40 if suit == trump else 20)
            suits[marriage.seat] = suits[marriage.seat] | (1 << suit)
        tricks = (obs.tricks[0], obs.tricks[1])
        trick_points, marriage_points, pending = [0, 0], [0, 0], [0, 0]
        pending[me] = obs.pending
        marriage_points[me] = declared[me] - pending[me]
        trick_points[me] = obs.points - marriage_points[me]
        if tricks[opp]:
            marriage_points[opp] = declared[opp]
        else:
            pending[opp] = declared[opp]
        #: the points of the last trick, seen
        self.last_points = sum(POINTS[INDEX[t.card]] for t in obs.last_trick)
        #: with the memory, the points of every finished trick (else -1)
        self.played_points = -1
        if obs.history is not None:
            self.played_points = sum(POINTS[INDEX[t.card]] for trick in obs.history for t in trick)
        #: with the memory, the points and tricks at the close (else the world's own at its start)
        self.closure = obs.closure
        #: the world less the opponent's hand, the stock and the opponent's trick points
        self.template = Deal(
            hands=(mask_of(obs.hand), 0) if me == 0 else (0, mask_of(obs.hand)),
            trump_card=INDEX[obs.trump_card] if obs.trump_card else -1,
            trump=trump,
            closed_by=-1 if obs.closed_by is None else obs.closed_by,
            turn=me,
            lead=INDEX[obs.trick[0].card] if obs.trick else -1,
            trick_points=(trick_points[0], trick_points[1]),
            tricks=tricks,
            marriage_points=(marriage_points[0], marriage_points[1]),
            pending=(pending[0], pending[1]),
            declared=(suits[0], suits[1]),
        )

    def world(self, rng: random.Random) -> Deal:
        """One full deal consistent with the view (the seat to move is the view's seat)."""
        cards, sizes = self.cards, self.sizes
        try:
            dealt = sample_places(cards, self.masks, sizes, rng)
        except ValueError:  # the inferences contradict each other (cannot happen in play; be safe)
            dealt = sample_places(cards, [ANY] * len(cards), sizes, rng)
        opp_cards, stock, gone = dealt[0], dealt[1], dealt[2]
        me, opp = self.me, 1 - self.me
        deal = self.template.copy()
        opp_hand = 0
        for card in opp_cards:
            opp_hand |= 1 << card
        deal.hands = put(deal.hands, opp, opp_hand)
        order = stock[:]
        shuffle(order, rng)
        deal.stock = tuple(order)
        unseen = opp_cards + stock + gone
        if self.played_points >= 0:  # remembered: nothing is gone unseen
            played = self.played_points
        else:
            if EXPECTED_OPP_POINTS and unseen:
                gone_points = len(gone) * sum(POINTS[c] for c in unseen) / len(unseen)
            else:
                gone_points = sum(POINTS[c] for c in gone)
            played = round(gone_points) + self.last_points
        if at(deal.tricks, opp):
            deal.trick_points = put(deal.trick_points, opp, max(0, played - at(deal.trick_points, me)))
        closure = self.closure
        if closure is not None:
            deal.closure = (closure[0], closure[1])
        elif deal.closed_by >= 0:
            other = 1 - deal.closed_by
            deal.closure = (deal.points(other), at(deal.tricks, other))  # now, as the view does not tell
        return deal


def sample_world(obs: SchnapsenObservation, rng: random.Random) -> Deal:
    """One full deal consistent with `obs` (the seat to move is the view's seat); `Sampler` draws
    many."""
    return Sampler(obs).world(rng)
