"""Card sets as bit masks (card index = bit), shared by the games' search states."""

from __future__ import annotations

from typing import Final

#: the number of bits set in each 12-bit number: `POPCOUNT_12[m & 0xFFF] + POPCOUNT_12[m >> 12]` counts
#: a 24-bit mask about as fast as `int.bit_count` in Python, and much faster compiled (where mypyc
#: calls `bit_count` as a Python method, but reads a byte of a bytes object directly)
POPCOUNT_12: Final = bytes(i.bit_count() for i in range(4096))


def bits(mask: int) -> list[int]:
    """The indices of the bits set in `mask`, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
