"""Preferanzen cards, shared by both variants: card order, the following rules, the trick winner."""

from __future__ import annotations

from typing import Final

N: Final = 3  # players

RANK_ORDER: Final = "789TJQKA"
RANK_VALUE: Final = {r: i for i, r in enumerate(RANK_ORDER)}


def rank_value(card: str) -> int:
    return RANK_VALUE[card[0]]


def winning_index(cards: list[str], trump: str | None) -> int:
    """Index of the card that currently wins `cards` (played in order, cards[0] led)."""
    best, top = 0, cards[0]
    for i in range(1, len(cards)):
        card = cards[i]
        # `beats(card, top, trump)`, inline: this runs for every card of every trick
        if card[1] == top[1]:
            if RANK_VALUE[card[0]] > RANK_VALUE[top[0]]:
                best, top = i, card
        elif card[1] == trump:
            best, top = i, card
    return best


def beats(card: str, winner: str, trump: str | None) -> bool:
    """Whether `card` played now beats the card that currently wins the trick."""
    if card[1] == winner[1]:
        return RANK_VALUE[card[0]] > RANK_VALUE[winner[0]]
    return card[1] == trump


def legal_cards(
    hand: list[str], trick: list[str], trump: str | None, lowest_beating: bool = False
) -> list[str]:
    """The cards `hand` may play to `trick` under the strict order of following:
    1. a higher card of the led suit (beat the current winner), else 2. a lower card of the led suit,
    else 3. a trump that beats the current winner, else 4. any trump, else 5. any card.
    With `lowest_beating` only the lowest card of the beating group is allowed (Vienna's first defender)."""
    if not trick:
        return list(hand)
    led = trick[0][1]
    winner = trick[winning_index(trick, trump)]
    in_suit = [c for c in hand if c[1] == led]
    if in_suit:
        group = in_suit
    elif trump is not None:
        group = [c for c in hand if c[1] == trump]
        if not group:
            return list(hand)
    else:
        return list(hand)
    top_suit, top_rank = winner[1], RANK_VALUE[winner[0]]  # `beats(c, winner, trump)`, inline
    higher = [c for c in group if (RANK_VALUE[c[0]] > top_rank if c[1] == top_suit else c[1] == trump)]
    if not higher:
        return group
    if lowest_beating:
        return [min(higher, key=rank_value)]
    return higher


def sort_hand(cards: list[str]) -> list[str]:
    """Suit by suit (C S D H), low to high: a stable display order."""
    return sorted(cards, key=lambda c: ("CSDH".index(c[1]), RANK_VALUE[c[0]]))
