"""A compact Schnapsen deal for search: hands as 20-bit masks, moves as small ints.

Card index = suit * 5 + rank, suits in "CSDH", ranks in trick order J Q K T A (higher index, stronger
card inside a suit). Moves: a card index plays it, `MARRIAGE + card` leads a King or Queen declaring
its marriage, `CLOSE` closes the stock, `EXCHANGE` swaps the trump Jack for the trump card. The rules
follow games/engine/schnapsen (tests/ai/test_schnapsen_search.py checks them against the engine).
"""

from __future__ import annotations

from collections.abc import Iterable

from games.ai.search.masks import bits
from games.engine.schnapsen.scoring import grade

SUITS = "CSDH"
RANKS = "JQKTA"
RANK_POINTS = (2, 3, 4, 10, 11)
POINTS = tuple(RANK_POINTS[i % 5] for i in range(20))
NAMES = tuple(RANKS[i % 5] + SUITS[i // 5] for i in range(20))
INDEX = {name: i for i, name in enumerate(NAMES)}
SUIT_MASK = tuple(0b11111 << (5 * s) for s in range(4))
JACK, QUEEN, KING = 0, 1, 2

MARRIAGE = 20
CLOSE = 40
EXCHANGE = 41


def mask_of(cards: Iterable[str]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << INDEX[card]
    return mask


def beats(second: int, first: int, trump: int) -> bool:
    if second // 5 == first // 5:
        return second > first
    return second // 5 == trump


class Deal:
    """One deal in progress, with everything that decides its future."""

    __slots__ = (
        "closed_by",
        "closure",
        "declared",
        "hands",
        "lead",
        "marriage_points",
        "pending",
        "result",
        "stock",
        "trick_points",
        "tricks",
        "trump",
        "trump_card",
        "turn",
    )

    def __init__(self) -> None:
        self.hands = [0, 0]
        self.stock: tuple[int, ...] = ()  # face-down stock, the next card drawn is the last
        self.trump_card = -1  # the card under the stock, -1 once drawn
        self.trump = 0
        self.closed_by = -1
        self.closure = (0, 0)  # opponent's (points, tricks) when the stock was closed
        self.turn = 0
        self.lead = -1  # the led card of the trick in progress
        self.trick_points = [0, 0]
        self.tricks = [0, 0]
        self.marriage_points = [0, 0]
        self.pending = [0, 0]
        self.declared = [0, 0]  # suit bits of declared marriages
        self.result: tuple[int, int] | None = None  # (winner, game points) once the deal is over

    def copy(self) -> Deal:
        new = Deal.__new__(Deal)
        new.hands = self.hands[:]
        new.stock = self.stock
        new.trump_card = self.trump_card
        new.trump = self.trump
        new.closed_by = self.closed_by
        new.closure = self.closure
        new.turn = self.turn
        new.lead = self.lead
        new.trick_points = self.trick_points[:]
        new.tricks = self.tricks[:]
        new.marriage_points = self.marriage_points[:]
        new.pending = self.pending[:]
        new.declared = self.declared[:]
        new.result = self.result
        return new

    def points(self, seat: int) -> int:
        return self.trick_points[seat] + self.marriage_points[seat]

    @property
    def strict(self) -> bool:
        return self.closed_by >= 0 or (not self.stock and self.trump_card < 0)

    # -- moves ----------------------------------------------------------------------------------

    def moves(self) -> list[int]:
        hand = self.hands[self.turn]
        if self.lead >= 0:
            return bits(self.follow_mask(hand))
        out = []
        if self.closed_by < 0 and self.trump_card >= 0:
            if hand >> (self.trump * 5 + JACK) & 1:
                out.append(EXCHANGE)
            if hand.bit_count() == 5:
                out.append(CLOSE)
        for card in bits(hand):
            out.append(card)
            rank = card % 5
            if rank in (KING, QUEEN):
                mate = card + 1 if rank == QUEEN else card - 1
                if hand >> mate & 1:
                    out.append(MARRIAGE + card)
        return out

    def follow_mask(self, hand: int) -> int:
        if not self.strict:
            return hand
        lead = self.lead
        same = hand & SUIT_MASK[lead // 5]
        if same:
            higher = same & ~((2 << lead) - 1)
            return higher or same
        trumps = hand & SUIT_MASK[self.trump]
        return trumps or hand

    def play(self, move: int) -> Deal:
        new = self.copy()
        new.apply(move)
        return new

    def apply(self, move: int) -> None:
        seat = self.turn
        if move == EXCHANGE:
            jack = self.trump * 5 + JACK
            self.hands[seat] ^= (1 << jack) | (1 << self.trump_card)
            self.trump_card = jack
        elif move == CLOSE:
            other = 1 - seat
            self.closed_by = seat
            self.closure = (self.points(other), self.tricks[other])
        elif self.lead < 0:
            card = move - MARRIAGE if move >= MARRIAGE else move
            self.hands[seat] ^= 1 << card
            self.lead = card
            self.turn = 1 - seat
            if move >= MARRIAGE:
                suit = card // 5
                gained = 40 if suit == self.trump else 20
                self.declared[seat] |= 1 << suit
                if self.tricks[seat]:
                    self.marriage_points[seat] += gained
                    if self.points(seat) >= 66:
                        self._end(seat)
                else:
                    self.pending[seat] += gained
        else:
            self._follow(seat, move)

    def _follow(self, seat: int, card: int) -> None:
        self.hands[seat] ^= 1 << card
        led = self.lead
        winner = seat if beats(card, led, self.trump) else 1 - seat
        self.lead = -1
        self.trick_points[winner] += POINTS[led] + POINTS[card]
        self.tricks[winner] += 1
        if self.pending[winner]:
            self.marriage_points[winner] += self.pending[winner]
            self.pending[winner] = 0
        self.turn = winner
        if self.points(winner) >= 66:
            self._end(winner)
            return
        if self.closed_by < 0 and self.trump_card >= 0:
            stock = self.stock
            self.hands[winner] |= 1 << stock[-1]
            if len(stock) > 1:
                self.hands[1 - winner] |= 1 << stock[-2]
                self.stock = stock[:-2]
            else:
                self.hands[1 - winner] |= 1 << self.trump_card
                self.trump_card = -1
                self.stock = ()
        if not self.hands[winner]:
            self._end(-1)

    def _end(self, reached: int) -> None:
        closer = self.closed_by
        if reached >= 0:
            other = 1 - reached
            if closer < 0:
                self.result = (reached, grade(self.points(other), self.tricks[other]))
            elif closer == reached:
                self.result = (reached, grade(*self.closure))
            else:
                self.result = (reached, 3 if self.closure[1] == 0 else 2)
        elif closer >= 0:
            self.result = (1 - closer, 3 if self.closure[1] == 0 else 2)
        else:
            self.result = (self.turn, 1)


def from_engine(state: object) -> Deal:
    """The Deal of an engine SchnapsenState in play (tests and full-information tools only)."""
    from games.engine.schnapsen.state import SchnapsenState

    assert isinstance(state, SchnapsenState)
    deal = Deal()
    deal.hands = [mask_of(state.hands[0]), mask_of(state.hands[1])]
    deal.stock = tuple(INDEX[c] for c in state.stock)
    deal.trump_card = INDEX[state.trump_card] if state.trump_card is not None else -1
    deal.trump = SUITS.index(state.trump)
    deal.closed_by = -1 if state.closed_by is None else state.closed_by
    deal.closure = state.closure or (0, 0)
    deal.turn = state.turn
    deal.lead = INDEX[state.trick[0][1]] if state.trick else -1
    deal.trick_points = state.trick_points[:]
    deal.tricks = state.tricks[:]
    deal.marriage_points = state.marriage_points[:]
    deal.pending = state.pending[:]
    for seat, suit, _ in state.marriages:
        deal.declared[seat] |= 1 << SUITS.index(suit)
    return deal


def to_action(move: int, seat: int) -> dict[str, object]:
    if move == EXCHANGE:
        return {"type": "exchange_trump", "seat": seat}
    if move == CLOSE:
        return {"type": "close", "seat": seat}
    if move >= MARRIAGE:
        return {"type": "play", "seat": seat, "card": NAMES[move - MARRIAGE], "marriage": True}
    return {"type": "play", "seat": seat, "card": NAMES[move]}


def from_action(action: dict[str, object]) -> int:
    kind = action["type"]
    if kind == "exchange_trump":
        return EXCHANGE
    if kind == "close":
        return CLOSE
    card = INDEX[str(action["card"])]
    return MARRIAGE + card if action.get("marriage") else card
