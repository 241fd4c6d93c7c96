"""Card sets as bit masks (card index = bit), shared by the games' search states."""

from __future__ import annotations

from typing import Final

#: the number of bits set in each 10-bit number: `POPCOUNT_10[m & 1023] + POPCOUNT_10[m >> 10]` counts
#: a 20-bit mask as fast as `int.bit_count` in Python, and much faster compiled (where mypyc calls
#: `bit_count` as a Python method)
POPCOUNT_10: Final = tuple(i.bit_count() for i in range(1024))


def bits(mask: int) -> list[int]:
    """The indices of the bits set in `mask`, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
