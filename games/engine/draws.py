"""The generator's own draws, compiled: `below` is `rng.randrange(n)` and `shuffle` is `rng.shuffle`,
the same numbers and the same order from the same generator state, without a Python call per draw.
Every engine's server deal shuffles with them (the order `random.Random.shuffle` gives, so a
published seed still verifies: games/identity/fairness.py), and the AI's samplers draw with them
(games/ai/pimc.py)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

#: n.bit_length() for the small n of card games (compiled, a method call on an int is a generic call)
_BITS: Final = tuple(n.bit_length() for n in range(64))


def below(rng: random.Random, n: int) -> int:
    """`rng.randrange(n)` (n > 0), the same number from the same generator state: CPython's
    `_randbelow_with_getrandbits`, compiled without its Python calls (tests/ai/test_native.py checks
    it against the generator's own)."""
    if n <= 0:
        raise ValueError("empty range")
    return _below(rng.getrandbits, n)


def _below(getrandbits: Callable[[int], int], n: int) -> int:
    k = _BITS[n] if n < 64 else n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def shuffle(items: list[Any], rng: random.Random) -> None:
    """`rng.shuffle(items)`: the same order from the same generator state (CPython's Fisher-Yates from
    the end), compiled without a Python call per card (the generator's method looked up once)."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        j = _below(getrandbits, i + 1)
        items[i], items[j] = items[j], items[i]
