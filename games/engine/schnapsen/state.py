"""The Schnapsen state: one Bummerl (a match of deals) at one moment, and its phases."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, ClassVar, Final, final

from games.engine.base import (
    CHANCE,
    JSON,
    Outputs,
    PhaseSpec,
    StateHeader,
    ToMove,
    fields_of,
    phase_actions,
    rebuild,
)
from games.engine.schnapsen.cards import beats


class SchnapsenPhase(StrEnum):
    DEAL = "deal"  # the server must deal (next deal of the Bummerl)
    PLAY = "play"  # tricks are being played
    OVER = "over"  # the Bummerl is decided (or the last of the counted deals is played)

    __hash__ = str.__hash__  # as fast as a str key in the phase table (Enum's own hash is Python code)


#: the skeleton's name for every game's phase enum
Phase = SchnapsenPhase


#: the members under short names: a module global is read much faster than an enum attribute
DEAL: Final = Phase.DEAL
PLAY: Final = Phase.PLAY
OVER: Final = Phase.OVER


@final
class SchnapsenState(StateHeader):
    """Mutable inside the engine; `Rules.apply` clones before changing it. A `GameState` by its shape
    (and a `StateHeader` by inheritance): compiled, it is a native class (games/native.py)."""

    #: the phase table and the seat's view and the result (view.py), bound by rules.py
    phases: ClassVar[Mapping[Any, PhaseSpec[Any]]]
    outputs: ClassVar[Outputs[SchnapsenState]]

    def __init__(self, options: JSON) -> None:
        self.options = options
        self.start_score: int = options["start_score"]
        #: 0: the Bummerl decides the match; else the match is exactly this many deals and the start
        #: score does not count
        self.deals_total: int = options["deals"]
        self.version = 1
        self.phase = DEAL
        self.dealer: int = options["first_dealer"]  # dealer of the current (or next) deal
        self.deal_no = 0
        self.hands: list[list[str]] = [[], []]
        self.stock: list[str] = []  # face-down stock; the next card drawn is the LAST element
        self.trump = ""  # trump suit of the current deal ("" before the first deal)
        self.trump_card: str | None = None  # the turned-up card under the stock, None once drawn
        self.closed_by: int | None = None
        self.closure: tuple[int, int] | None = None  # (opponent's points, opponent's tricks) at closure
        self.leader = 0
        self.turn = 0
        self.trick: list[tuple[int, str]] = []
        self.trick_points = [0, 0]
        self.tricks = [0, 0]
        self.marriage_points = [0, 0]  # counted marriage points
        self.pending = [0, 0]  # declared before the declarer's first trick
        self.won: list[list[str]] = [[], []]
        self.marriages: list[tuple[int, str, int]] = []  # (seat, suit, points) in declaration order
        self.last_trick: list[tuple[int, str]] | None = None
        self.exchanges: list[tuple[int, str]] = []  # (seat, trump card taken) this deal
        self.game_points = [0, 0]
        self.rows: list[JSON] = []
        self.winner: int | None = None

    # -- the contract -------------------------------------------------------------------------------

    @property
    def to_move(self) -> ToMove:
        # `is`: a phase is always one of its enum's members (singletons, pickles included)
        phase = self.phase
        if phase is PLAY:
            return self.turn
        if phase is DEAL:
            return CHANCE
        return None

    def legal_actions(self) -> list[JSON]:
        return phase_actions(self.phases, self.phase, self)

    def clone(self) -> SchnapsenState:
        # field by field: a compiled state (games/native.py) has no __dict__ to copy, and its class
        # makes instances only through __init__
        new = SchnapsenState(self.options)
        new.start_score = self.start_score
        new.deals_total = self.deals_total
        new.version = self.version
        new.phase = self.phase
        new.dealer = self.dealer
        new.deal_no = self.deal_no
        new.hands = [self.hands[0][:], self.hands[1][:]]
        new.stock = self.stock[:]
        new.trump = self.trump
        new.trump_card = self.trump_card
        new.closed_by = self.closed_by
        new.closure = self.closure
        new.leader = self.leader
        new.turn = self.turn
        new.trick = self.trick[:]
        new.trick_points = self.trick_points[:]
        new.tricks = self.tricks[:]
        new.marriage_points = self.marriage_points[:]
        new.pending = self.pending[:]
        new.won = [self.won[0][:], self.won[1][:]]
        new.marriages = self.marriages[:]
        new.last_trick = self.last_trick
        new.exchanges = self.exchanges[:]
        new.game_points = self.game_points[:]
        new.rows = self.rows[:]  # rows are never changed once appended
        new.winner = self.winner
        return new

    def __reduce__(self) -> tuple[object, ...]:
        # pickled (state snapshots) by its fields and rebuilt through __init__, as `clone` does: the
        # compiled class has no __dict__ and makes instances only through __init__
        return (rebuild, (SchnapsenState, (self.options,), fields_of(self, _FIELDS)))

    # -- derived facts ------------------------------------------------------------------------------

    def points(self, seat: int) -> int:
        """Card points won in tricks plus counted marriage points (pending ones excluded)."""
        return self.trick_points[seat] + self.marriage_points[seat]

    @property
    def stock_size(self) -> int:
        """Cards left in the stock, the trump card under it included."""
        return len(self.stock) + (self.trump_card is not None)

    @property
    def strict(self) -> bool:
        """Follow suit and beat apply: the stock is closed or exhausted."""
        return self.closed_by is not None or (not self.stock and self.trump_card is None)

    def remaining(self, seat: int) -> int:
        """The seat's Bummerl score as the table shows it: from `start_score` down to 0."""
        return max(0, self.start_score - self.game_points[seat])

    def standing(self, seat: int) -> int:
        """The seat's signed game points: its own less its opponent's (the score of a counted match)."""
        return self.game_points[seat] - self.game_points[1 - seat]

    def scores(self) -> list[int]:
        """Per seat, the score the table shows: what is left of the Bummerl, or in a match of counted
        deals the signed game points."""
        if self.deals_total:
            return [self.standing(0), self.standing(1)]
        return [self.remaining(0), self.remaining(1)]

    def view(self, seat: int | None) -> JSON:
        return self.outputs.seat_view(self, seat)

    def result(self) -> JSON:
        return self.outputs.result(self)

    def last_trick_winner(self) -> int | None:
        if self.last_trick is None:
            return None
        (lead_seat, led), (seat, card) = self.last_trick
        return seat if beats(card, led, self.trump) else lead_seat


#: every field of a state but `options` (pickling: `__reduce__`)
_FIELDS: Final = (
    "start_score",
    "deals_total",
    "version",
    "phase",
    "dealer",
    "deal_no",
    "hands",
    "stock",
    "trump",
    "trump_card",
    "closed_by",
    "closure",
    "leader",
    "turn",
    "trick",
    "trick_points",
    "tricks",
    "marriage_points",
    "pending",
    "won",
    "marriages",
    "last_trick",
    "exchanges",
    "game_points",
    "rows",
    "winner",
)
