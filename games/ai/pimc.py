"""Generic helpers for perfect-information Monte Carlo (PIMC): deal the unseen cards to the other seats
so that every seat gets exactly its hand size and only cards it may hold.

A constraint is a bit mask of the seats that may hold a card (bit i = the i-th seat of `seats`). Cards
whose mask is not "every seat" are placed first, one by one, each to a seat drawn with weight equal to
its free room among the seats that keep the rest feasible (Hall's condition, checked over all seat
subsets), then the unconstrained cards fill the remaining room in a shuffled order. A consistent deal
always results as long as one exists.
"""

from __future__ import annotations

import random

from games.engine.draws import below as below
from games.engine.draws import shuffle as shuffle


def sample(items: list[int], k: int, rng: random.Random) -> list[int]:
    """`rng.sample(items, k)`: the same choice from the same generator state (CPython's small-population
    draw: a pool of the items, each pick replaced by the pool's last), compiled without a Python call
    per pick; larger populations go to the generator itself."""
    n = len(items)
    if n > 21 or not 0 <= k <= min(n, 5):
        return rng.sample(items, k)
    pool = list(items)
    out = []
    for i in range(k):
        j = below(rng, n - i)
        out.append(pool[j])
        pool[j] = pool[n - i - 1]
    return out


def feasible(counts: list[int], room: list[int]) -> bool:
    """Hall's condition: the cards of every constraint mask fit into the seats that mask allows.

    `counts[m]` is the number of cards with seat mask `m`, `room[i]` the free places of seat `i`.
    """
    k = len(room)
    full = (1 << k) - 1
    for subset in range(1, full + 1):
        cap = 0
        for i in range(k):
            if subset >> i & 1:
                cap += room[i]
        need = 0
        for m in range(1, full + 1):
            if counts[m] and m & ~subset == 0:
                need += counts[m]
        if need > cap:
            return False
    return counts[0] == 0


def sample_deal(cards: list[int], masks: list[int], room: list[int], rng: random.Random) -> list[list[int]]:
    """Give each of the cards (card i may go to the seats in `masks[i]`) to one of `len(room)` seats,
    seat i taking exactly `room[i]` cards. Raises ValueError when no such deal exists."""
    k = len(room)
    full = (1 << k) - 1
    if sum(room) != len(cards):
        raise ValueError("the hand sizes do not add up to the unseen cards")
    counts = [0] * (full + 1)
    for m in masks:
        counts[m & full] = counts[m & full] + 1
    free = list(room)
    if not feasible(counts, free):
        raise ValueError("no deal satisfies the constraints")
    hands: list[list[int]] = [[] for _ in range(k)]
    order = list(range(len(cards)))
    shuffle(order, rng)
    loose: list[int] = []
    for i in order:
        m = masks[i] & full
        if m == full:
            loose.append(cards[i])
            continue
        counts[m] = counts[m] - 1
        options = [s for s in range(k) if m >> s & 1 and free[s] > 0]
        while True:
            total = sum(free[s] for s in options)
            pick = below(rng, total)
            for seat in options:
                pick -= free[seat]
                if pick < 0:
                    break
            free[seat] = free[seat] - 1
            if feasible(counts, free):
                break
            free[seat] = free[seat] + 1
            options.remove(seat)  # cannot be empty: the state before this card was feasible
        hands[seat].append(cards[i])
    rest = iter(loose)  # already in shuffled order
    for s in range(k):
        for _ in range(free[s]):
            hands[s].append(next(rest))
    return hands
