"""Preisjass card facts: rank orders, card points, the following rules and the trick winner.

Cards use the shared notation (games/engine/cards.py): "JH" is the Unter of hearts. In the trump suit
the Unter is the Bauer and the 9 is the Nell.
"""

from __future__ import annotations

from typing import Final

from games.engine.cards import DECK_36, SUITS
from games.engine.hands import sort_cards

#: plain suits and the first-player draw, low to high: 6 7 8 9 10 U O K A
PLAIN_ORDER: Final = "6789TJQKA"
#: the trump suit, low to high: 6 7 8 10 O K A 9 U
TRUMP_ORDER: Final = "678TQKA9J"

PLAIN_RANK: Final = {r: i for i, r in enumerate(PLAIN_ORDER)}
TRUMP_RANK: Final = {r: i for i, r in enumerate(TRUMP_ORDER)}

_PLAIN_POINTS: Final = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
_TRUMP_POINTS: Final = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3}

#: card points per trump suit: POINTS[trump][card]
POINTS: Final[dict[str, dict[str, int]]] = {
    t: {c: (_TRUMP_POINTS if c[1] == t else _PLAIN_POINTS).get(c[0], 0) for c in DECK_36} for t in SUITS
}
LAST_TRICK_BONUS: Final = 5
GAME_POINTS: Final = 157
SACK_LIMIT: Final = 20  # 0..20 points in a game is a sack

#: a card's strength when it is trump (above every non-trump card)
_TRUMP_POWER: Final = {c: 100 + TRUMP_RANK[c[0]] for c in DECK_36}
_PLAIN_POWER: Final = {c: PLAIN_RANK[c[0]] for c in DECK_36}

#: display order of a hand: suit by suit (C S D H), low to high within the suit, as an int per card
_SORT_KEY: Final = {c: SUITS.index(c[1]) * len(PLAIN_ORDER) + PLAIN_RANK[c[0]] for c in DECK_36}
#: the deck in display order: _BY_SORT_KEY[_SORT_KEY[c]] == c
_BY_SORT_KEY: Final = tuple(sorted(DECK_36, key=_SORT_KEY.__getitem__))


def sort_hand(cards: list[str]) -> list[str]:
    return sort_cards(cards, _SORT_KEY, _BY_SORT_KEY)


def bauer(trump: str) -> str:
    """The trump Unter."""
    return "J" + trump


def is_sack(points: int) -> bool:
    return points <= SACK_LIMIT


def power(card: str, lead: str, trump: str) -> int:
    """Comparable strength of `card` in a trick led with suit `lead`; -1 for a card that cannot win."""
    if card[1] == trump:
        return _TRUMP_POWER[card]
    if card[1] == lead:
        return _PLAIN_POWER[card]
    return -1


#: a card's rank in the trump order, by card
_TRUMP_RANK_OF: Final = {c: TRUMP_RANK[c[0]] for c in DECK_36}

#: POWER_IN[trump][card]: strength of a trump or of a card of the led suit
_POWER_IN: Final = {t: {c: _TRUMP_POWER[c] if c[1] == t else _PLAIN_POWER[c] for c in DECK_36} for t in SUITS}


def trick_winner(cards: list[str], trump: str) -> int:
    """Index (play order) of the winning card: the highest trump, else the highest card of the led suit."""
    lead = cards[0][1]
    strength = _POWER_IN[trump]
    best, best_power = 0, strength[cards[0]]
    for i in range(1, len(cards)):
        c = cards[i]
        if c[1] == trump or c[1] == lead:
            p = strength[c]
            if p > best_power:
                best, best_power = i, p
    return best


def legal_cards(hand: list[str], trick: list[str], trump: str) -> list[str]:
    """The cards of `hand` that may be played on `trick` (cards in play order), in hand order."""
    if not trick:
        return list(hand)
    lead = trick[0][1]
    if lead == trump:
        trumps = [c for c in hand if c[1] == trump]
        # No trump, or the Bauer as the only trump (it never has to be played): any card.
        if not trumps or (len(trumps) == 1 and trumps[0][0] == "J"):
            return list(hand)
        return trumps
    rank = _TRUMP_RANK_OF
    top = -1  # rank of the highest trump already in the trick
    for c in trick:
        if c[1] == trump and rank[c] > top:
            top = rank[c]
    for c in hand:
        if c[1] == lead:
            # Follow suit or trump; with a suit card at hand a lower trump would be an undertrump.
            return [c for c in hand if c[1] == lead or (c[1] == trump and rank[c] > top)]
    if top < 0 or all(c[1] == trump for c in hand):
        return list(hand)
    # Void in the led suit: any card, but no undertrump while a non-trump card is held.
    return [c for c in hand if c[1] != trump or rank[c] > top]


def why_illegal(card: str, hand: list[str], trick: list[str], trump: str) -> str:
    """The rule a held but illegal card breaks (for the IllegalAction reason)."""
    lead = trick[0][1]
    if lead == trump:
        return f"must follow trump ({trump}): a trump other than the Bauer is held"
    if card[1] == trump:
        return "no undertrumping: a lower trump may not be played while a permitted non-trump card is held"
    return f"must follow suit ({lead}) or trump"
