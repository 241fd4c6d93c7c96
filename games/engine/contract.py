"""The contract of a state: what every game's state offers the rest of the site (`GameState`).

A protocol, not a base class that must be inherited: a state compiled by mypyc (games/native.py) is a
native class, which can inherit neither from a plain Python class nor from a compiled protocol that
plain classes inherit too. So this module is never compiled: a state that is not compiled (the test
games' in tests/) may subclass `GameState` (and inherit `legal_actions` and `last_trick_winner`);
the five games' states are compiled and have the same shape on their own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal, Protocol

JSON = dict[str, Any]
Seat = int
ToMove = int | Literal["chance"] | None


class GameState(Protocol):
    """One moment of a match. Treat as immutable from outside: `Rules.apply` returns a new state.

    A protocol, not a base class that must be inherited: a state compiled by mypyc (games/native.py)
    is a native class, which cannot inherit from a plain Python class; a state that is not compiled
    may subclass this one (and inherit `legal_actions` and `last_trick_winner`)."""

    #: number of events folded into this state (the `start` event included)
    version: int
    #: the current phase: a key of the game's phase table
    phase: Any
    #: the game's phase table, phase -> `PhaseSpec` (games/engine/base.py, which imports this module),
    #: bound by its rules.py; `legal_actions` and `Rules.check_event` read it
    phases: ClassVar[Mapping[Any, Any]] = {}

    @property
    def to_move(self) -> ToMove:
        """The seat to act, CHANCE when the server must draw the next event, None when the match is over."""
        ...

    def legal_actions(self) -> list[JSON]:
        """Every action the seat to move may take, as event dicts ready for `Rules.apply`. An action the
        engine makes again and again (a card play) is one shared, read-only dict
        (games/engine/shared_actions.py): copy it to change it."""
        actions = self.phases[self.phase].actions
        return actions(self) if actions is not None else []

    def view(self, seat: Seat | None) -> JSON:
        """What `seat` may see (None: a spectator). Never another seat's hidden cards."""
        ...

    def result(self) -> JSON:
        """Scores per seat, per deal and for the whole match; `finished` says whether the match is over."""
        ...

    def last_trick_winner(self) -> Seat | None:
        """Who took the view's `last_trick` (public once played), for a game whose view does not name
        it: a table reloaded mid-deal can say so again. None without a last trick."""
        return None

    def clone(self) -> GameState:
        """An independent copy (the engine may then mutate it in place)."""
        ...
