"""A compact Preisjass game (one of the twelve) for search: hands as 36-bit masks, cards as small ints.

A card is its index in DECK_36 (suit-major C S D H, ranks 6 7 8 9 T J Q K A): `c // 9` is its suit and
`c % 9` its plain rank. `Deal` holds one fully known game in progress; `play` returns a new deal, so a
search can keep the parent. The rules follow games/engine/preisjass/cards.py (the tests check the legal
cards, the trick winners and the points against the engine over random positions).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from mypy_extensions import i64

from games.ai.observation.preisjass import PreisjassObservation
from games.ai.search.masks import POPCOUNT_12, bits
from games.engine.cards import DECK_36, SUITS
from games.engine.preisjass import cards as _cards
from games.engine.preisjass.cards import POINTS, TRUMP_RANK

JSON = dict[str, Any]
LAST_TRICK_BONUS: Final[int] = _cards.LAST_TRICK_BONUS
PLAYERS: Final = 4
TRICKS: Final = 9
INDEX: Final = {c: i for i, c in enumerate(DECK_36)}
SUIT_MASK: Final = tuple(0x1FF << (9 * s) for s in range(4))
ALL_CARDS: Final = (1 << 36) - 1
UNTER: Final = 5  # plain-rank index of the Unter (the Bauer in the trump suit)

#: card points per trump suit index: CARD_POINTS[trump][card]
CARD_POINTS: Final = tuple(tuple(POINTS[t][c] for c in DECK_36) for t in SUITS)
#: strength of a card in a trick: STRENGTH[trump][lead][card]; -1 for a card that cannot win
STRENGTH: Final = tuple(
    tuple(
        tuple(
            100 + TRUMP_RANK[DECK_36[c][0]] if c // 9 == t else (c % 9 if c // 9 == lead else -1)
            for c in range(36)
        )
        for lead in range(4)
    )
    for t in range(4)
)
_TRUMP_RANK: Final = tuple(TRUMP_RANK[c[0]] for c in DECK_36)
#: ABOVE[trump][r]: the trumps of rank r or higher in the trump order (r = 0..9)
ABOVE: Final = tuple(
    tuple(sum(1 << c for c in range(9 * t, 9 * t + 9) if _TRUMP_RANK[c] >= r) for r in range(10))
    for t in range(4)
)


def mask_of(cards: Iterable[str]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << INDEX[card]
    return mask


def cards_in(mask: i64) -> int:
    """The number of cards in a mask of up to 36 bits (`mask.bit_count()`, which compiled code calls as
    a Python method; see POPCOUNT_12)."""
    return POPCOUNT_12[mask & 0xFFF] + POPCOUNT_12[mask >> 12 & 0xFFF] + POPCOUNT_12[mask >> 24]


def legal_mask(hand: i64, trick: tuple[int, ...], trump: int) -> i64:
    """The cards of `hand` that may be played on `trick` (the engine's following rules)."""
    if not trick:
        return hand
    trumps_mask: i64 = SUIT_MASK[trump]
    lead = trick[0] // 9
    if lead == trump:
        trumps = hand & trumps_mask
        # no trump, or the Bauer alone (it never has to be played): any card
        if not trumps or trumps == 1 << (9 * trump + UNTER):
            return hand
        return trumps
    top = -1
    for c in trick:
        if c // 9 == trump and _TRUMP_RANK[c] > top:
            top = _TRUMP_RANK[c]
    above: i64 = ABOVE[trump][top + 1]
    above &= hand
    suit: i64 = SUIT_MASK[lead]
    suit &= hand
    if suit:
        return suit | above
    plain = hand & ~trumps_mask
    if top < 0 or not plain:
        return hand
    return plain | above  # no undertrump while a non-trump card is held


def winner_index(trick: tuple[int, ...], trump: int) -> int:
    """Play-order index of the card that wins a full trick."""
    strength = STRENGTH[trump][trick[0] // 9]
    best, best_power = 0, strength[trick[0]]
    for i in range(1, len(trick)):
        p = strength[trick[i]]
        if p > best_power:
            best, best_power = i, p
    return best


class Deal:
    """One game with every hand known: `hands[s]` masks, the current `trick` (cards in play order,
    led by `leader`), `done` finished tricks and the card `points` each seat has won in this game."""

    __slots__ = ("done", "hands", "leader", "points", "trick", "trump")

    def __init__(
        self,
        trump: int,
        hands: tuple[int, ...],
        leader: int,
        trick: tuple[int, ...] = (),
        done: int = 0,
        points: tuple[int, ...] = (0, 0, 0, 0),
    ) -> None:
        self.trump = trump
        self.hands = hands
        self.leader = leader
        self.trick = trick
        self.done = done
        self.points = points

    @property
    def turn(self) -> int:
        return (self.leader + len(self.trick)) % PLAYERS

    @property
    def over(self) -> bool:
        return self.done == TRICKS

    def legal(self) -> int:
        """The mask of the cards the seat to play may play."""
        return legal_mask(self.hands[self.turn], self.trick, self.trump)

    def moves(self) -> list[int]:
        return bits(self.legal())

    def play(self, card: int) -> Deal:
        """The deal after the seat to play plays `card` (a legal card), the trick scored when full."""
        seat = self.turn
        hands = list(self.hands)
        hands[seat] = hands[seat] ^ (1 << card)
        trick = (*self.trick, card)
        if len(trick) < PLAYERS:
            return Deal(self.trump, tuple(hands), self.leader, trick, self.done, self.points)
        win = (self.leader + winner_index(trick, self.trump)) % PLAYERS
        value = trick_points(trick, self.trump, self.done + 1 == TRICKS)
        points = list(self.points)
        points[win] = points[win] + value
        return Deal(self.trump, tuple(hands), win, (), self.done + 1, tuple(points))

    def key(self) -> tuple[int, ...]:
        """Equal for deals with the same future (the points won so far aside)."""
        return (*self.hands, self.leader, *self.trick)

    @classmethod
    def from_engine(cls, state: Any) -> Deal:
        """The deal of an engine PreisjassState in its play phase (every hand; for tests and analysis)."""
        return cls(
            SUITS.index(state.trump),
            tuple(mask_of(h) for h in state.hands),
            state.leader,
            tuple(INDEX[c] for c in state.trick),
            len(state.tricks),
            tuple(state.game_points),
        )

    @classmethod
    def from_view(cls, obs: PreisjassObservation, hands: list[int]) -> Deal:
        """The deal of a seat's observation with the hidden hands filled in (`hands[obs.seat]` is
        ignored)."""
        full = list(hands)
        full[obs.seat] = mask_of(obs.hand)
        trick = tuple(INDEX[e.card] for e in obs.trick)
        leader = obs.trick[0].seat if trick else obs.leader
        return cls(SUITS.index(obs.trump), tuple(full), leader, trick, len(obs.tricks), obs.game_points)


def trick_points(trick: tuple[int, ...], trump: int, last: bool) -> int:
    values = CARD_POINTS[trump]
    total = values[trick[0]] + values[trick[1]] + values[trick[2]] + values[trick[3]]
    return total + LAST_TRICK_BONUS if last else total
