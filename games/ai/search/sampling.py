"""Hidden-card worlds consistent with a seat's view: the unseen cards go to "places" (another seat's
hand, a face-down stock, the cards already played out of sight), each card only to the places its
mask allows and each place taking exactly its count. Built on games.ai.pimc's constraint solver."""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.ai.pimc import below, sample, sample_deal, shuffle

__all__ = ["below", "consistent", "sample", "sample_places", "shuffle"]


def sample_places(
    cards: list[int], masks: list[int], sizes: list[int], rng: random.Random
) -> list[list[int]]:
    """One uniform-ish assignment of `cards` to `len(sizes)` places (card i only to places in
    `masks[i]`, place j taking `sizes[j]` cards). Raises ValueError when none exists."""
    return sample_deal(cards, masks, sizes, rng)


def consistent(places: Sequence[Sequence[int]], cards: Sequence[int], masks: Sequence[int]) -> bool:
    """Does an assignment put every card exactly once and only where its mask allows?"""
    where: dict[int, int] = {}
    for place, held in enumerate(places):
        for card in held:
            if card in where:
                return False
            where[card] = place
    if sorted(where) != sorted(cards):
        return False
    return all(masks[i] >> where[card] & 1 for i, card in enumerate(cards))
