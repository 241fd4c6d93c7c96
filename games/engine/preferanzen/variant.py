"""The bid action as both variants (austrian.py, vienna.py) offer it. What a variant supplies is the
`Variant` interface beside the state it works on (state.py)."""

from __future__ import annotations

from games.engine.base import JSON


def bid_event(seat: int, bid: str, suit: str | None = None) -> JSON:
    """A bid action as both variants offer it: {"type": "bid", "seat", "bid"} plus "suit" where named."""
    event: JSON = {"type": "bid", "seat": seat, "bid": bid}
    if suit is not None:
        event["suit"] = suit
    return event
