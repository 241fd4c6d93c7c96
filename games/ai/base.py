"""The AI contract: a player sees exactly what a human in its seat sees and returns one of the legal
actions. Deterministic for a given rng seed. No Django, no I/O.

A player decides from the seat's view (`choose`); one that also remembers the deal (an
`InformedPlayer`) decides from the seat's information state (games/engine/information.py: the view plus
everything the seat has seen this deal). `decide` gives each player what it reads: the platform, the
arenas and the analysis call it."""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

from games.engine.information import InformationState

JSON = dict[str, Any]


class Player(Protocol):
    #: version name shown to players, e.g. "Anton"
    name: str

    def choose(self, view: JSON, legal: list[JSON], rng: random.Random) -> JSON:
        """One element of `legal`."""
        ...


@runtime_checkable
class InformedPlayer(Protocol):
    """A player that remembers what its seat has seen this deal."""

    name: str

    def choose(self, view: JSON, legal: list[JSON], rng: random.Random) -> JSON: ...

    def choose_informed(self, info: InformationState, legal: list[JSON], rng: random.Random) -> JSON:
        """One element of `legal`, from the seat's information state (its view is `info.view`)."""
        ...


def decide(player: Player, info: InformationState, legal: list[JSON], rng: random.Random) -> JSON:
    """The player's choice: from the whole information state if it reads one, else from the view."""
    if isinstance(player, InformedPlayer):
        return player.choose_informed(info, legal, rng)
    return player.choose(info.view, legal, rng)


class RandomPlayer:
    """Uniformly random legal moves: the floor every AI is measured against."""

    name = "Zufall"

    def choose(self, view: JSON, legal: list[JSON], rng: random.Random) -> JSON:
        return legal[rng.randrange(len(legal))]
