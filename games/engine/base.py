"""The engine contract every game module implements (see docs/ARCHITECTURE and ../shared/ARCHITECTURE.md).

A match is its `start` event plus the events after it; a state is the fold of those events.
Engines are pure: no Django, no I/O, no clock, no global randomness.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Literal

JSON = dict[str, Any]
Seat = int
ToMove = int | Literal["chance"] | None

CHANCE: Literal["chance"] = "chance"


def is_int(value: object) -> bool:
    """A whole number as JSON carries it: an int, but not a bool (True == 1) nor a float (3.0 == 3).
    Option and event checks use this before comparing, since `3.0 in (3, 4)` holds."""
    return isinstance(value, int) and not isinstance(value, bool)


class IllegalAction(ValueError):
    """An event the rules do not allow; `reason` is a readable sentence naming the rule."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class GameState(ABC):
    """One moment of a match. Treat as immutable from outside: `Rules.apply` returns a new state."""

    #: number of events folded into this state (the `start` event included)
    version: int

    @property
    @abstractmethod
    def to_move(self) -> ToMove:
        """The seat to act, CHANCE when the server must draw the next event, None when the match is over."""

    @abstractmethod
    def legal_actions(self) -> list[JSON]:
        """Every action the seat to move may take, as event dicts ready for `Rules.apply`."""

    @abstractmethod
    def view(self, seat: Seat | None) -> JSON:
        """What `seat` may see (None: a spectator). Never another seat's hidden cards."""

    @abstractmethod
    def result(self) -> JSON:
        """Scores per seat, per deal and for the whole match; `finished` says whether the match is over."""

    @abstractmethod
    def clone(self) -> GameState:
        """An independent copy (the engine may then mutate it in place)."""


class Rules(ABC):
    """A registered game. One instance per game; stateless."""

    name: ClassVar[str]
    #: bumped whenever a change would replay an old event list differently; stamped into `start`
    rules_version: ClassVar[str]

    @abstractmethod
    def default_options(self) -> JSON:
        """The rule options of a new match, with their defaults."""

    @abstractmethod
    def normalize_options(self, options: JSON) -> JSON:
        """Defaults filled in and every value checked; raises IllegalAction for an unknown or bad option."""

    @abstractmethod
    def players(self, options: JSON) -> int:
        """Number of seats for these options."""

    def start_event(self, options: JSON | None = None) -> JSON:
        """The first event of a match: stamps the options and this engine's rules version."""
        opts = self.normalize_options(options or {})
        return {
            "type": "start",
            "game": self.name,
            "players": self.players(opts),
            "options": opts,
            "rules_version": self.rules_version,
        }

    @abstractmethod
    def initial_state(self, start: JSON) -> GameState:
        """The state right after the `start` event (raises IllegalAction on a malformed start)."""

    @abstractmethod
    def chance_event(self, state: GameState, rng: random.Random) -> JSON:
        """The next server-drawn event (deal, cut, draw...). Only valid when `state.to_move == CHANCE`."""

    @abstractmethod
    def apply(self, state: GameState, event: JSON) -> GameState:
        """A new state with `event` applied; raises IllegalAction and leaves `state` untouched."""

    def replay(self, events: list[JSON]) -> GameState:
        """Fold a whole event list, oldest first (the `start` event first)."""
        if not events or events[0].get("type") != "start":
            raise IllegalAction("an event list must begin with a start event")
        state = self.initial_state(events[0])
        for event in events[1:]:
            state = self.apply_in_place(state, event)
        return state

    def apply_in_place(self, state: GameState, event: JSON) -> GameState:
        """Like `apply`, but may reuse `state` (replay and playouts own their state). Engines override
        this for speed; the default is the safe copy."""
        return self.apply(state, event)
