"""A compact Schnapsen deal for search: hands as 20-bit masks, moves as small ints.

Card index = suit * 5 + rank, suits in "CSDH", ranks in trick order J Q K T A (higher index, stronger
card inside a suit). Moves: a card index plays it, `MARRIAGE + card` leads a King or Queen declaring
its marriage, `CLOSE` closes the stock, `EXCHANGE` swaps the trump Jack for the trump card. The rules
follow games/engine/schnapsen (tests/ai/test_schnapsen_search.py checks them against the engine).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, final

from mypy_extensions import i64, mypyc_attr

from games.ai.search.masks import POPCOUNT_12, bits
from games.engine.schnapsen.scoring import grade

SUITS: Final = "CSDH"
RANKS: Final = "JQKTA"
RANK_POINTS: Final = (2, 3, 4, 10, 11)
POINTS: Final = tuple(RANK_POINTS[i % 5] for i in range(20))
NAMES: Final = tuple(RANKS[i % 5] + SUITS[i // 5] for i in range(20))
INDEX: Final = {name: i for i, name in enumerate(NAMES)}
SUIT_MASK: Final = tuple(0b11111 << (5 * s) for s in range(4))
JACK: Final = 0
QUEEN: Final = 1
KING: Final = 2

MARRIAGE: Final = 20
CLOSE: Final = 40
EXCHANGE: Final = 41


def mask_of(cards: Iterable[str]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << INDEX[card]
    return mask


def beats(second: i64, first: i64, trump: i64) -> bool:
    if second // 5 == first // 5:
        return second > first
    return second // 5 == trump


Pair = tuple[i64, i64]  # a figure per seat: (seat 0, seat 1)


def at(pair: Pair, seat: i64) -> i64:
    """Seat `seat`'s figure."""
    return pair[1] if seat else pair[0]


def put(pair: Pair, seat: i64, value: i64) -> Pair:
    """The pair with seat `seat`'s figure set to `value`."""
    return (pair[0], value) if seat else (value, pair[1])


#: the Jacks of every suit (shifted by a rank: that rank's cards)
JACKS: Final = sum(1 << (5 * s) for s in range(4))


@final
@mypyc_attr(acyclic=True, free_list_len=1)  # compiled: no garbage collector's bookkeeping, one reused
class Deal:
    """One deal in progress, with everything that decides its future. Per-seat figures are pairs
    (`at` reads one seat's, `put` changes it), so that a copy copies no lists; compiled, the
    figures are 64-bit ints (`i64`) held in the object itself."""

    def __init__(
        self,
        hands: Pair = (0, 0),
        stock: tuple[int, ...] = (),
        trump_card: i64 = -1,
        trump: i64 = 0,
        closed_by: i64 = -1,
        closure: Pair = (0, 0),
        turn: i64 = 0,
        lead: i64 = -1,
        trick_points: Pair = (0, 0),
        tricks: Pair = (0, 0),
        marriage_points: Pair = (0, 0),
        pending: Pair = (0, 0),
        declared: Pair = (0, 0),
        result: tuple[int, int] | None = None,
    ) -> None:
        self.hands = hands
        self.stock = stock  # face-down stock, the next card drawn is the last
        self.trump_card = trump_card  # the card under the stock, -1 once drawn
        self.trump = trump
        self.closed_by = closed_by
        self.closure = closure  # opponent's (points, tricks) when the stock was closed
        self.turn = turn
        self.lead = lead  # the led card of the trick in progress
        self.trick_points = trick_points
        self.tricks = tricks
        self.marriage_points = marriage_points
        self.pending = pending
        self.declared = declared  # suit bits of declared marriages
        self.result = result  # (winner, game points) once the deal is over

    def copy(self) -> Deal:
        return Deal(
            self.hands,
            self.stock,
            self.trump_card,
            self.trump,
            self.closed_by,
            self.closure,
            self.turn,
            self.lead,
            self.trick_points,
            self.tricks,
            self.marriage_points,
            self.pending,
            self.declared,
            self.result,
        )

    def points(self, seat: i64) -> int:
        if seat:
            return self.trick_points[1] + self.marriage_points[1]
        return self.trick_points[0] + self.marriage_points[0]

    @property
    def strict(self) -> bool:
        return self.closed_by >= 0 or (not self.stock and self.trump_card < 0)

    # -- moves ----------------------------------------------------------------------------------

    def moves(self) -> list[int]:
        """The legal moves, in card order (each marriage after its card)."""
        hand = at(self.hands, self.turn)
        if self.lead >= 0:
            return bits(self.follow_mask(hand))
        out: list[int] = []
        if self.closed_by < 0 and self.trump_card >= 0:
            if hand >> (self.trump * 5 + JACK) & 1:
                out.append(EXCHANGE)
            if _cards(hand) == 5:
                out.append(CLOSE)
        for card in bits(hand):
            out.append(card)
            rank = card % 5
            if rank in (KING, QUEEN):
                mate = card + 1 if rank == QUEEN else card - 1
                if hand >> mate & 1:
                    out.append(MARRIAGE + card)
        return out

    def search_moves(self, closing: bool) -> list[int]:
        """The legal moves best first, for the search: on lead the trump exchange, closing (when
        `closing`) and the marriages, then the cards by their points, highest first, each rank in
        suit order (`moves()` stably sorted so)."""
        hand = self.hands[1] if self.turn else self.hands[0]
        out: list[int] = []
        if self.lead >= 0:
            cards = self.follow_mask(hand)
        else:
            cards = hand
            if self.closed_by < 0 and self.trump_card >= 0:
                if hand >> (self.trump * 5 + JACK) & 1:
                    out.append(EXCHANGE)
                if closing and _cards(hand) == 5:
                    out.append(CLOSE)
            for suit in range(4):
                if hand >> (suit * 5 + QUEEN) & 3 == 3:
                    out.append(MARRIAGE + suit * 5 + QUEEN)
                    out.append(MARRIAGE + suit * 5 + KING)
        rank: i64 = 4
        while rank >= 0:  # Ace, Ten, King, Queen, Jack: by points
            of_rank = cards & JACKS << rank
            card = rank
            while of_rank:
                if of_rank & 1 << card:
                    out.append(card)
                    of_rank ^= 1 << card
                card += 5
            rank -= 1
        return out

    def follow_mask(self, hand: i64) -> i64:
        if not self.strict:
            return hand
        lead = self.lead
        same = hand & SUIT_MASK[lead // 5]
        if same:
            higher = same & ~((2 << lead) - 1)
            return higher or same
        trumps = hand & SUIT_MASK[self.trump]
        return trumps or hand

    def play(self, move: i64) -> Deal:
        new = self.copy()
        new.apply(move)
        return new

    def apply(self, move: i64) -> None:
        seat = self.turn
        if move == EXCHANGE:
            jack = self.trump * 5 + JACK
            self.hands = put(self.hands, seat, at(self.hands, seat) ^ (1 << jack) ^ (1 << self.trump_card))
            self.trump_card = jack
        elif move == CLOSE:
            other = 1 - seat
            self.closed_by = seat
            self.closure = (self.points(other), at(self.tricks, other))
        elif self.lead < 0:
            card = move - MARRIAGE if move >= MARRIAGE else move
            hands = self.hands
            self.hands = (hands[0], hands[1] ^ 1 << card) if seat else (hands[0] ^ 1 << card, hands[1])
            self.lead = card
            self.turn = 1 - seat
            if move >= MARRIAGE:
                suit = card // 5
                gained: i64 = 40 if suit == self.trump else 20
                self.declared = put(self.declared, seat, at(self.declared, seat) | (1 << suit))
                if at(self.tricks, seat):
                    self.marriage_points = put(
                        self.marriage_points, seat, at(self.marriage_points, seat) + gained
                    )
                    if self.points(seat) >= 66:
                        self._end(seat)
                else:
                    self.pending = put(self.pending, seat, at(self.pending, seat) + gained)
        else:
            self._follow(seat, move)

    def _follow(self, seat: i64, card: i64) -> None:
        # the hot path: each seat's figures written out (a call per figure costs Python dearly)
        hands = self.hands
        self.hands = (hands[0], hands[1] ^ 1 << card) if seat else (hands[0] ^ 1 << card, hands[1])
        led = self.lead
        winner = seat if beats(card, led, self.trump) else 1 - seat
        self.lead = -1
        won: i64 = POINTS[led] + POINTS[card]
        points, tricks = self.trick_points, self.tricks
        if winner:
            self.trick_points, self.tricks = (points[0], points[1] + won), (tricks[0], tricks[1] + 1)
        else:
            self.trick_points, self.tricks = (points[0] + won, points[1]), (tricks[0] + 1, tricks[1])
        pending = self.pending[1] if winner else self.pending[0]
        if pending:
            self.marriage_points = put(
                self.marriage_points, winner, at(self.marriage_points, winner) + pending
            )
            self.pending = put(self.pending, winner, 0)
        self.turn = winner
        if self.points(winner) >= 66:
            self._end(winner)
            return
        if self.closed_by < 0 and self.trump_card >= 0:
            stock = self.stock
            drawn: i64 = 1 << stock[-1]
            if len(stock) > 1:
                second: i64 = 1 << stock[-2]
                self.stock = stock[:-2]
            else:
                second = 1 << self.trump_card
                self.trump_card = -1
                self.stock = ()
            hands = self.hands
            if winner == 0:
                self.hands = (hands[0] | drawn, hands[1] | second)
            else:
                self.hands = (hands[0] | second, hands[1] | drawn)
        if not (self.hands[1] if winner else self.hands[0]):
            self._end(-1)

    def _end(self, reached: i64) -> None:
        closer = self.closed_by
        if reached >= 0:
            other = 1 - reached
            if closer < 0:
                self.result = (int(reached), _grade(self.points(other), at(self.tricks, other)))
            elif closer == reached:
                self.result = (int(reached), _grade(self.closure[0], self.closure[1]))
            else:
                self.result = (int(reached), 3 if self.closure[1] == 0 else 2)
        elif closer >= 0:
            self.result = (int(1 - closer), 3 if self.closure[1] == 0 else 2)
        else:
            self.result = (int(self.turn), 1)


#: the engine's `grade(points, tricks)` of every record a deal can end with
_GRADES: Final = tuple(tuple(grade(points, tricks) for tricks in range(11)) for points in range(256))


def _grade(points: i64, tricks: i64) -> int:
    """The engine's `grade`, read from its table (compiled code calls no Python function for it)."""
    if 0 <= points < 256 and 0 <= tricks < 11:
        return _GRADES[points][tricks]
    return grade(int(points), int(tricks))


def _cards(hand: i64) -> i64:
    """The number of cards in a hand (`int.bit_count`, which compiled code calls as a Python method)."""
    return POPCOUNT_12[hand & 0xFFF] + POPCOUNT_12[hand >> 12]


def from_engine(state: object) -> Deal:
    """The Deal of an engine SchnapsenState in play (tests and full-information tools only)."""
    from games.engine.schnapsen.state import SchnapsenState

    assert isinstance(state, SchnapsenState)
    declared = [0, 0]
    for seat, suit, _ in state.marriages:
        declared[seat] = declared[seat] | (1 << SUITS.index(suit))
    return Deal(
        hands=(mask_of(state.hands[0]), mask_of(state.hands[1])),
        stock=tuple(INDEX[c] for c in state.stock),
        trump_card=INDEX[state.trump_card] if state.trump_card is not None else -1,
        trump=SUITS.index(state.trump),
        closed_by=-1 if state.closed_by is None else state.closed_by,
        closure=state.closure or (0, 0),
        turn=state.turn,
        lead=INDEX[state.trick[0][1]] if state.trick else -1,
        trick_points=_pair(state.trick_points),
        tricks=_pair(state.tricks),
        marriage_points=_pair(state.marriage_points),
        pending=_pair(state.pending),
        declared=_pair(declared),
    )


def _pair(figures: list[int]) -> Pair:
    return (figures[0], figures[1])


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
