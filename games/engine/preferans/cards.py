"""Preferans cards: the display order of a hand (spades, clubs, diamonds, hearts, as in bidding), and
who takes a trick."""

from __future__ import annotations

from typing import Any, Final

from games.engine.cards import DECK_32
from games.engine.hands import sort_cards
from games.engine.preferans.constants import RANK_ORDER

_SUIT_ORDER: Final = {"S": 0, "C": 1, "D": 2, "H": 3}
_RANK_ORDER: Final = {r: i for i, r in enumerate("789TJQKA")}
#: display order: spades, clubs, diamonds, hearts (the bidding order), 7 up to ace
SORT_KEY: Final = {c: _SUIT_ORDER[c[1]] * 8 + _RANK_ORDER[c[0]] for c in DECK_32}
#: the deck in display order: BY_SORT_KEY[SORT_KEY[c]] == c (the keys are 0..31, one a card)
BY_SORT_KEY: Final = tuple(sorted(DECK_32, key=SORT_KEY.__getitem__))


def sort_key(card: str) -> int:
    """Display order: spades, clubs, diamonds, hearts (the bidding order), 7 up to ace."""
    return SORT_KEY[card]


def sort_hand(cards: list[str]) -> list[str]:
    return sort_cards(cards, SORT_KEY, BY_SORT_KEY)


def trick_winner(trick: list[list[Any]], trump: str | None, ts: str | None) -> int:
    """Seat of the winner: the highest talon-suit card (raspasy), else the highest trump, else the
    highest card of the first card's suit."""
    # typed locals, by index: compiled, the cards are compared as strs, not as untyped objects
    best_seat: int = trick[0][0]
    best: str = trick[0][1]
    for i in range(1, len(trick)):
        card: str = trick[i][1]
        if card[1] == best[1]:
            if RANK_ORDER[card[0]] > RANK_ORDER[best[0]]:
                best_seat, best = trick[i][0], card
        elif card[1] == trump or (ts is not None and card[1] == ts):
            best_seat, best = trick[i][0], card
    return best_seat
