"""Shared by the engines' challenge-mode tests."""

from __future__ import annotations

from typing import Any

JSON = dict[str, Any]


def deals_of(events: list[JSON]) -> list[list[JSON]]:
    """The events of each deal of a match (the start event left out), its deal event first."""
    out: list[list[JSON]] = []
    for event in events[1:]:
        if event["type"] == "deal":
            out.append([])
        out[-1].append(event)
    return out
