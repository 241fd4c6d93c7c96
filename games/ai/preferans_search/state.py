"""A compact Preferans trick-play state: three bitmask hands, the trick so far, tricks taken.

Cards are ints 0..31, `suit * 8 + rank` (suits S C D H as in bidding, ranks 7 8 9 T J Q K A = 0..7), so a
hand is a 32-bit mask and each suit one byte of it. Positions 0, 1, 2 are forehand, middlehand and
rearhand of the deal (the engine's `active` order); `Deal.seats` maps them back to table seats.

A deal is one of three kinds: GAME (a suit or no-trump contract, declarer against the defenders),
MISERE (the declarer must take no trick) and RASPASY (everyone passed: each plays for himself, the two
talon cards set the suit of the first two tricks and forehand leads both).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final

from games.ai.observation.preferans import PreferansObservation
from games.ai.search.masks import bits
from games.engine.preferans.constants import BIDS

SUITS: Final = "SCDH"
RANKS: Final = "789TJQKA"
NAMES: Final = [r + s for s in SUITS for r in RANKS]
INDEX: Final = {name: i for i, name in enumerate(NAMES)}
SUIT_MASK: Final = (0xFF, 0xFF00, 0xFF0000, 0xFF000000)  # per suit index, its cards
ALL: Final = (1 << 32) - 1

GAME: Final = "game"
MISERE: Final = "misere"
RASPASY: Final = "raspasy"

JSON = dict[str, Any]


def mask_of(cards: Iterable[str]) -> int:
    m = 0
    for c in cards:
        m |= 1 << INDEX[c]
    return m


def names(mask: int) -> list[str]:
    return [NAMES[c] for c in bits(mask)]


def beats(card: int, best: int, trump: int) -> bool:
    """Does `card` beat the trick's best card so far (`trump` -1 for none; a raspasy talon suit counts
    as trump for the winner)."""
    if card >> 3 == best >> 3:
        return card > best
    return card >> 3 == trump


@dataclass
class Deal:
    """Trick play of one deal. `turn` is the position to play, `trick` the cards of the current trick
    as (position, card) in play order."""

    kind: str
    hands: list[int]
    trump: int = -1  # suit index or -1 (no trump, misère, raspasy)
    declarer: int = -1  # position, -1 in raspasy
    turn: int = 0
    trick: list[tuple[int, int]] = field(default_factory=list)
    tricks: list[int] = field(default_factory=lambda: [0, 0, 0])
    done: int = 0  # finished tricks
    talon_suits: tuple[int, ...] = ()  # raspasy: the suits of the two talon cards
    seats: tuple[int, int, int] = (0, 1, 2)
    level: int = 6  # tricks a game's declarer needs (unused in misère and raspasy)

    def copy(self) -> Deal:
        return Deal(
            self.kind,
            self.hands[:],
            self.trump,
            self.declarer,
            self.turn,
            self.trick[:],
            self.tricks[:],
            self.done,
            self.talon_suits,
            self.seats,
            self.level,
        )

    # --- rules -----------------------------------------------------------------------------------
    def talon_suit(self) -> int:
        """The suit the talon card sets for this trick (raspasy's first two tricks), else -1."""
        if self.kind == RASPASY and self.done < 2:
            return self.talon_suits[self.done]
        return -1

    def legal_mask(self) -> int:
        hand = self.hands[self.turn]
        ts = self.talon_suit()
        if ts >= 0 and hand & SUIT_MASK[ts]:
            return hand & SUIT_MASK[ts]
        if not self.trick:
            return hand
        same = hand & SUIT_MASK[self.trick[0][1] >> 3]
        if same:
            return same
        if self.trump >= 0 and hand & SUIT_MASK[self.trump]:
            return hand & SUIT_MASK[self.trump]
        return hand

    def legal(self) -> list[int]:
        return bits(self.legal_mask())

    def trick_winner(self, trick: list[tuple[int, int]] | None = None) -> int:
        """The position winning a full trick (the engine's rule: the first card, beaten by a higher one of
        its suit or by a trump; the raspasy talon suit acts as trump)."""
        trick = self.trick if trick is None else trick
        ts = self.talon_suit()
        strong = ts if ts >= 0 else self.trump
        best_pos, best = trick[0]
        for pos, card in trick[1:]:
            if beats(card, best, strong):
                best_pos, best = pos, card
        return best_pos

    def apply(self, card: int) -> None:
        pos = self.turn
        self.hands[pos] = self.hands[pos] & ~(1 << card)
        self.trick.append((pos, card))
        if len(self.trick) < 3:
            self.turn = (pos + 1) % 3
            return
        winner = self.trick_winner()
        self.tricks[winner] = self.tricks[winner] + 1
        self.done += 1
        self.trick = []
        self.turn = 0 if self.kind == RASPASY and self.done < 2 else winner

    def play(self, card: int) -> Deal:
        new = self.copy()
        new.apply(card)
        return new

    @property
    def over(self) -> bool:
        return self.done == 10

    def cards_left(self) -> int:
        return self.hands[0].bit_count() + self.hands[1].bit_count() + self.hands[2].bit_count()


# --- building a Deal ----------------------------------------------------------------------------------


def kind_of(contract: str | None, raspasy: bool) -> str:
    if raspasy:
        return RASPASY
    return MISERE if contract == "MIS" else GAME


def shown_hand(obs: PreferansObservation, seat: int) -> int | None:
    """The mask of `seat`'s hand where the view shows it (the seat's own, an open hand), else None."""
    if seat == obs.seat:
        return mask_of(obs.hand)
    shown = obs.open_hands[seat]
    return None if shown is None else mask_of(shown)


def from_view(obs: PreferansObservation, hidden: dict[int, int], talon: int = -1) -> Deal:
    """The Deal of a view in play, with the hands the view does not show given by `hidden`
    (position -> mask; a sampled world) and, in raspasy's first trick, the second talon card that is
    still face down (`talon`). Cards of the current trick are out of the hands."""
    active = obs.active
    me = active.index(obs.turn) if obs.turn in active else -1
    hands = [0, 0, 0]
    for pos, seat in enumerate(active):
        shown = shown_hand(obs, seat)
        hands[pos] = hidden[pos] if shown is None else shown
    trump = SUITS.index(obs.trump) if obs.trump else -1
    declarer = active.index(obs.declarer) if obs.declarer is not None else -1
    kind = kind_of(obs.contract, obs.raspasy)
    shown_talon = obs.talon or ()
    suits = tuple(SUITS.index(c[1]) for c in shown_talon) if kind == RASPASY else ()
    done = len(obs.played) // 3
    if kind == RASPASY and len(suits) < 2:
        suits = (*suits, talon >> 3 if talon >= 0 else -1)  # the second card is turned at trick two
    tricks = [obs.tricks_won[s] for s in active]
    trick = [(active.index(t.seat), INDEX[t.card]) for t in obs.trick]
    level = _level(obs.contract)
    seats = (active[0], active[1], active[2])
    return Deal(kind, hands, trump, declarer, me, trick, tricks, done, suits, seats, level)


def _level(contract: str | None) -> int:
    if not contract or contract == "MIS":
        return 0
    return int(contract[:-2] if contract.endswith("NT") else contract[:-1])


def from_engine(state: Any) -> Deal:
    """The Deal of an engine PreferansState in play (tests and full-information tools only)."""
    active = state.active
    kind = kind_of(
        None if state.contract < 0 else ("MIS" if state.contract == _mis() else "x"), state.raspasy
    )
    trump = SUITS.index(state.trump) if state.trump else -1
    declarer = active.index(state.declarer) if state.declarer >= 0 else -1
    suits = tuple(SUITS.index(c[1]) for c in state.talon) if state.raspasy else ()
    trick = [(active.index(s), INDEX[c]) for s, c in state.trick]
    return Deal(
        kind,
        [mask_of(state.hands[s]) for s in active],
        trump,
        declarer,
        state.pos,
        trick,
        [state.tricks[s] for s in active],
        state.tricks_done,
        suits,
        (active[0], active[1], active[2]),
        _level(BIDS[state.contract] if state.contract >= 0 else None),
    )


def _mis() -> int:
    return BIDS.index("MIS")
