"""A hand's cards, compiled (games/native.py): is a card held, taking it out, and sorting a hand.

`card in hand` and `hand.remove(card)` on a list compare through the generic rich comparison; these
loops compare strings directly, which the rules engines do at every move.
"""

from __future__ import annotations


def holds(hand: list[str], card: str) -> bool:
    """`card in hand`."""
    for held in hand:  # noqa: SIM110 - any() over a generator is slower, compiled and not
        if held == card:
            return True
    return False


def take(hand: list[str], card: str) -> None:
    """`hand.remove(card)`: the card must be held (ValueError if not)."""
    for i in range(len(hand)):
        if hand[i] == card:
            hand.pop(i)
            return
    raise ValueError(f"{card} is not in the hand")


def sort_cards(cards: list[str], key: dict[str, int], in_order: tuple[str, ...]) -> list[str]:
    """`cards` in a game's display order: `key` numbers the deck 0..n-1 in that order and `in_order`
    is the deck so ordered. The keys are sorted as ints, then turned into cards again (no key
    function called per card, no tuples compared)."""
    keys = [key[c] for c in cards]
    keys.sort()
    return [in_order[k] for k in keys]
