"""Preferans cards: the display order of a hand (spades, clubs, diamonds, hearts, as in bidding)."""

from __future__ import annotations

from games.engine.cards import DECK_32

_SUIT_ORDER = {"S": 0, "C": 1, "D": 2, "H": 3}
_RANK_ORDER = {r: i for i, r in enumerate("789TJQKA")}
#: display order: spades, clubs, diamonds, hearts (the bidding order), 7 up to ace
SORT_KEY = {c: _SUIT_ORDER[c[1]] * 8 + _RANK_ORDER[c[0]] for c in DECK_32}


def sort_key(card: str) -> int:
    """Display order: spades, clubs, diamonds, hearts (the bidding order), 7 up to ace."""
    return SORT_KEY[card]


def sort_hand(cards: list[str]) -> list[str]:
    return sorted(cards, key=SORT_KEY.__getitem__)
