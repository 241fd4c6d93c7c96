"""The AI contract: a player sees exactly what a human in its seat sees (the seat's view) and the
legal actions, and returns one of those actions. Deterministic for a given rng seed. No Django, no I/O."""

from __future__ import annotations

import random
from typing import Any, Protocol

JSON = dict[str, Any]


class Player(Protocol):
    #: version name shown to players, e.g. "Anton"
    name: str

    def choose(self, view: JSON, legal: list[JSON], rng: random.Random) -> JSON:
        """One element of `legal`."""
        ...


class RandomPlayer:
    """Uniformly random legal moves: the floor every AI is measured against."""

    name = "Zufall"

    def choose(self, view: JSON, legal: list[JSON], rng: random.Random) -> JSON:
        return legal[rng.randrange(len(legal))]
