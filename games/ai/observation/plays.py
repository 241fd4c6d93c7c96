"""The card a seat showed, as every game's observation holds it: one shape for all games."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.ai.base import JSON


@dataclass(frozen=True, slots=True)
class Play:
    """One card a seat put on the table (to a trick; in Schnapsen also for the trump card), and by whom."""

    seat: int
    card: str


def plays(entries: Iterable[JSON]) -> tuple[Play, ...]:
    """The view's `{"seat", "card"}` entries, in their order."""
    return tuple(Play(e["seat"], e["card"]) for e in entries)
