"""The state of one pool (the current deal's phase and cards plus the score sheet) and its phases."""

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
from games.engine.preferans.cards import trick_winner
from games.engine.preferans.constants import MIS_INDEX, SEVEN_SPADES, deals_of
from games.engine.preferans.scoring import Amount, Sheet


class PreferansPhase(StrEnum):
    """The phases of a deal; OVER when the pool has ended."""

    DEAL = "deal"
    BID = "bid"
    EXCHANGE = "exchange"  # the declarer takes the talon and discards two
    DECLARE = "declare"
    WHIST = "whist"  # the defenders' `defend` events: whist, pass or half whist
    MODE = "mode"  # a lone whister chooses open or closed play
    PLAY = "play"
    OVER = "over"

    __hash__ = str.__hash__  # as fast as a str key in the phase table (Enum's own hash is Python code)


#: the skeleton's name for every game's phase enum
Phase = PreferansPhase


#: the members under short names: a module global is read much faster than an enum attribute
DEAL: Final = Phase.DEAL
BID: Final = Phase.BID
EXCHANGE: Final = Phase.EXCHANGE
DECLARE: Final = Phase.DECLARE
WHIST: Final = Phase.WHIST
MODE: Final = Phase.MODE
PLAY: Final = Phase.PLAY
OVER: Final = Phase.OVER


@final
class PreferansState(StateHeader):
    """Mutable inside the engine; `Rules.apply` hands out fresh copies. A `GameState` by its
    shape (and a `StateHeader` by inheritance): compiled, it is a native class (games/native.py,
    docs/compiled.md); copied and pickled field by field."""

    #: the phase table and the seat's view and the result (view.py), bound by rules.py
    phases: ClassVar[Mapping[Any, PhaseSpec[Any]]]
    outputs: ClassVar[Outputs[PreferansState]]

    def __init__(self, options: JSON) -> None:
        self.options = options
        self.n: int = options["players"]
        self.version = 1
        self.phase = DEAL
        self.dealer = -1
        self.deal_no = 0  # deals started so far
        self.active: list[int] = []  # forehand, middlehand, rearhand of this deal
        self.hands: list[list[str]] = [[] for _ in range(self.n)]
        self.talon: list[str] = []
        self.talon_shown = False  # turned face up for everyone (declarer's exchange)
        self.raspasy = False
        self.discards: list[str] = []
        # bidding: per position in `active`
        self.bids: list[list[Any]] = []  # history [seat, bid]
        self.passed = [False, False, False]
        self.made_bid = [False, False, False]
        self.high = -1  # index into BIDS
        self.high_pos = -1
        self.pos = 0  # position (in `active`) to act in bidding and play
        self.min_bid = 0
        # contract and defence
        self.declarer = -1
        self.contract = -1
        self.trump: str | None = None
        self.calls: dict[int, str] = {}
        self.defend_step = 0
        self.whisters: list[int] = []
        self.mode: str | None = None  # "open" / "closed" for a lone whister
        self.open_hands = False
        # play
        self.trick: list[list[Any]] = []  # [seat, card] in play order
        self.last_trick: list[list[Any]] | None = None
        self.tricks = [0] * self.n
        self.tricks_done = 0
        self.played: list[str] = []  # cards of this deal's finished tricks, in play order
        # the pool
        #: 0: pool play; else a match of that many independent deals (no overflow, nothing carried over)
        self.deals = deals_of(options)
        self.sheet = Sheet(self.n, options["pool"], options["variant"], overflow=not self.deals)
        #: with `deals`, the sum of the finished deals' own settlements (the match's totals)
        self.deal_totals: list[Amount] = [0] * self.n
        self.rows: list[JSON] = []
        self.prev_raspasy = False
        self.raspasy_streak = 0
        self.end_reason: str | None = None

    def legal_actions(self) -> list[JSON]:
        return phase_actions(self.phases, self.phase, self)

    def __reduce__(self) -> tuple[object, ...]:
        return (rebuild, (PreferansState, (self.options,), fields_of(self, _FIELDS)))

    def clone(self) -> PreferansState:
        other = PreferansState(self.options)
        other.n = self.n
        other.version = self.version
        other.phase = self.phase
        other.dealer = self.dealer
        other.deal_no = self.deal_no
        other.active = self.active[:]
        other.hands = [h[:] for h in self.hands]
        other.talon = self.talon[:]
        other.talon_shown = self.talon_shown
        other.raspasy = self.raspasy
        other.discards = self.discards[:]
        other.bids = self.bids[:]
        other.passed = self.passed[:]
        other.made_bid = self.made_bid[:]
        other.high = self.high
        other.high_pos = self.high_pos
        other.pos = self.pos
        other.min_bid = self.min_bid
        other.declarer = self.declarer
        other.contract = self.contract
        other.trump = self.trump
        other.calls = dict(self.calls)
        other.defend_step = self.defend_step
        other.whisters = self.whisters[:]
        other.mode = self.mode
        other.open_hands = self.open_hands
        other.trick = self.trick[:]
        other.last_trick = self.last_trick
        other.tricks = self.tricks[:]
        other.tricks_done = self.tricks_done
        other.played = self.played[:]
        other.deals = self.deals
        other.sheet = self.sheet.clone()
        other.deal_totals = self.deal_totals[:]
        other.rows = self.rows[:]
        other.prev_raspasy = self.prev_raspasy
        other.raspasy_streak = self.raspasy_streak
        other.end_reason = self.end_reason
        return other

    # --- who acts ----------------------------------------------------------------------------------
    @property
    def to_move(self) -> ToMove:
        """CHANCE in the deal phase, None once the pool is over, else the seat that chooses now: in open
        play the lone whister plays his partner's cards too."""
        # `is`: a phase is always one of its enum's members (singletons, pickles included)
        phase = self.phase
        if phase is PLAY:
            seat = self.active[self.pos]
            if self.mode != "open" or seat == self.declarer or seat in self.whisters:
                return seat
            return self.whisters[0]
        if phase is OVER:
            return None
        if phase is DEAL:
            return CHANCE
        return self.active[self.pos]

    def actor(self) -> int:
        """The seat that chooses now (`to_move` outside the deal and the end of the pool)."""
        seat = self.to_move
        assert isinstance(seat, int)
        return seat

    def defenders(self) -> list[int]:
        return [s for s in self.active if s != self.declarer]

    def multiplier(self) -> int:
        """Raspasy price per trick: 1, or 1, 2, 3, 3 ... in a run of raspasy with ascending raspasy."""
        if not self.options["ascending_raspasy"] or self.deals:
            return 1
        return min(self.raspasy_streak + 1, 3)

    # --- what a seat sees --------------------------------------------------------------------------
    def visible_talon(self) -> list[str] | None:
        if self.talon_shown:
            return self.talon[:]
        if self.raspasy and self.phase == PLAY:
            turned = min(self.tricks_done + 1, 2)
            return self.talon[:turned]
        if self.raspasy and self.phase != BID:
            return self.talon[:]
        return None

    def view(self, seat: int | None) -> JSON:
        return self.outputs.seat_view(self, seat)

    def result(self) -> JSON:
        return self.outputs.result(self)

    def last_trick_winner(self) -> int | None:
        if not self.last_trick:
            return None
        done = self.tricks_done - 1  # the last trick's number; raspasy turns the talon for the first two
        ts = self.talon[done][1] if self.raspasy and done < 2 else None
        return trick_winner(self.last_trick, self.trump, ts)

    def lowest_bid(self) -> int:
        """Leningrad: after a raspasy the lowest bid is 7 (not across independent deals)."""
        if self.options["variant"] == "leningrad" and self.prev_raspasy and not self.deals:
            return SEVEN_SPADES
        return 0


__all__ = [
    "BID",
    "DEAL",
    "DECLARE",
    "EXCHANGE",
    "MIS_INDEX",
    "MODE",
    "OVER",
    "PLAY",
    "WHIST",
    "Phase",
    "PreferansState",
]


#: every field of a state but `options` (pickled by `__reduce__`)
_FIELDS: Final = (
    "n",
    "version",
    "phase",
    "dealer",
    "deal_no",
    "active",
    "hands",
    "talon",
    "talon_shown",
    "raspasy",
    "discards",
    "bids",
    "passed",
    "made_bid",
    "high",
    "high_pos",
    "pos",
    "min_bid",
    "declarer",
    "contract",
    "trump",
    "calls",
    "defend_step",
    "whisters",
    "mode",
    "open_hands",
    "trick",
    "last_trick",
    "tricks",
    "tricks_done",
    "played",
    "deals",
    "sheet",
    "deal_totals",
    "rows",
    "prev_raspasy",
    "raspasy_streak",
    "end_reason",
)
