"""Card sets as bit masks (card index = bit), shared by the games' search states."""

from __future__ import annotations


def bits(mask: int) -> list[int]:
    """The indices of the bits set in `mask`, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
