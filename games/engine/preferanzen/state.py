"""The state of a Preferanzen / Vienna Preference session (one class for both variants; Vienna's
subclass in vienna.py only binds its own phase table), its phases, and `Variant`: what a variant
(austrian.py / vienna.py) supplies, the auction, the contract that follows it, who leads and the
settlement (the shared flow lives in deal.py, bidding.py, play.py and scoring.py).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

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
from games.engine.preferanzen.cards import N, sort_hand


class PreferanzenPhase(StrEnum):
    DEAL = "deal"  # the server deals next
    BID = "bid"
    TALON = "talon"  # the declarer exchanges with the talon
    DECLARE = "declare"
    DEFEND = "defend"  # each defender stays or drops out
    INVITE = "invite"  # the one defender left invites the other or not
    PLAY = "play"
    OVER = "done"  # the session is over (the views and the front end call it "done")

    __hash__ = str.__hash__  # as fast as a str key in the phase table (Enum's own hash is Python code)


#: the skeleton's name for every game's phase enum
Phase = PreferanzenPhase


#: the members under short names: a module global is read much faster than an enum attribute
DEAL: Final = Phase.DEAL
BID: Final = Phase.BID
TALON: Final = Phase.TALON
DECLARE: Final = Phase.DECLARE
DEFEND: Final = Phase.DEFEND
INVITE: Final = Phase.INVITE
PLAY: Final = Phase.PLAY
OVER: Final = Phase.OVER


@mypyc_attr(native_class=False)  # compiled as a native class, its frozen __init__ could not set a field
@dataclass(frozen=True)
class Contract:
    """The game being played this deal."""

    game: str  # the variant's key, e.g. "sans_atout" or "spiel"
    trump: str | None
    kind: str  # "trump" (6 tricks), "bettler" (none), "sans_atout" (6 in a row), "durchmarsch" (all)
    hand: bool  # played without the talon
    open: bool = False  # the declarer's hand lies open (Bettler Ouvert)
    no_aces: bool = False  # Vienna: "no aces" announced

    def to_json(self) -> JSON:
        return {
            "game": self.game,
            "trump": self.trump,
            "kind": self.kind,
            "hand": self.hand,
            "open": self.open,
            "no_aces": self.no_aces,
        }


class PreferanzenState(StateHeader):
    """Mutable inside the engine; `Rules.apply` clones before changing it. A `GameState` by its shape
    (and a `StateHeader` by inheritance): compiled, it is a native class (games/native.py), copied
    and pickled field by field. Vienna's state (vienna.py) is a subclass with its own phase table."""

    #: the phase table (bound by the variant's module, austrian.py or vienna.py) and the seat's view
    #: and the result (view.py, bound by rules.py)
    phases: ClassVar[Mapping[Any, PhaseSpec[Any]]]
    outputs: ClassVar[Outputs[PreferanzenState]]

    def __init__(self, variant: Variant, options: JSON) -> None:
        self.variant = variant
        self.options = options
        self.version = 1
        self.phase = DEAL
        self.dealer = 0
        self.deals_played = 0  # deals that count towards the session length
        self.deal_no = 0  # every deal dealt, void ones included
        self.hands: list[list[str]] = [[] for _ in range(N)]
        self.talon: list[str] = []
        self.discards: list[str] = []
        self.turn: int | None = None
        # auction
        self.passed = [False] * N
        self.acted = [False] * N
        self.bids: list[JSON] = []
        self.high: JSON | None = None
        self.high_seat: int | None = None
        # contract and defence
        self.declarer: int | None = None
        self.contract: Contract | None = None
        self.defense: list[str | None] = [None] * N
        self.guest: int | None = None
        self.invite_decided = False
        self.flags: dict[str, bool] = {}
        # play
        self.playing: list[int] = []
        self.trick: list[tuple[int, str]] = []
        self.tricks_won = [0] * N
        self.history: list[JSON] = []
        self.run = 0
        self.best_run = 0
        # score
        self.totals = [0] * N
        self.pot = 0
        self.rows: list[JSON] = []

    def legal_actions(self) -> list[JSON]:
        return phase_actions(self.phases, self.phase, self)

    def last_trick_winner(self) -> int | None:
        return None  # the view's last trick is the history's last entry, which names its winner

    def clone(self) -> PreferanzenState:
        # field by field, through __init__ (Vienna's subclass included): a compiled state has no
        # __dict__ to copy, and its class makes instances only through __init__
        new = type(self)(self.variant, self.options)
        new.version = self.version
        new.phase = self.phase
        new.dealer = self.dealer
        new.deals_played = self.deals_played
        new.deal_no = self.deal_no
        new.hands = [h[:] for h in self.hands]
        new.talon = self.talon[:]
        new.discards = self.discards[:]
        new.turn = self.turn
        new.passed = self.passed[:]
        new.acted = self.acted[:]
        new.bids = self.bids[:]
        new.high = self.high
        new.high_seat = self.high_seat
        new.declarer = self.declarer
        new.contract = self.contract
        new.defense = self.defense[:]
        new.guest = self.guest
        new.invite_decided = self.invite_decided
        new.flags = dict(self.flags)
        new.playing = self.playing[:]
        new.trick = self.trick[:]
        new.tricks_won = self.tricks_won[:]
        new.history = self.history[:]
        new.run = self.run
        new.best_run = self.best_run
        new.totals = self.totals[:]
        new.pot = self.pot
        new.rows = self.rows[:]
        return new

    def __reduce__(self) -> tuple[object, ...]:
        # pickled (state snapshots) by its fields and rebuilt through __init__, as `clone` does
        return (rebuild, (type(self), (self.variant, self.options), fields_of(self, _FIELDS)))

    @property
    def to_move(self) -> ToMove:
        # `is`: a phase is always one of its enum's members (singletons, pickles included)
        phase = self.phase
        if phase is OVER:
            return None
        if phase is DEAL:
            return CHANCE
        return self.turn

    @property
    def finished(self) -> bool:
        return self.phase == OVER

    def visible_open_hand(self) -> list[str] | None:
        if self.contract is not None and self.contract.open and self.declarer is not None:
            return sort_hand(self.hands[self.declarer])
        return None

    def view(self, seat: int | None) -> JSON:
        return self.outputs.seat_view(self, seat)

    def result(self) -> JSON:
        return self.outputs.result(self)


#: every field of a state but `variant` and `options` (pickling: `__reduce__`)
_FIELDS: Final = (
    "version",
    "phase",
    "dealer",
    "deals_played",
    "deal_no",
    "hands",
    "talon",
    "discards",
    "turn",
    "passed",
    "acted",
    "bids",
    "high",
    "high_seat",
    "declarer",
    "contract",
    "defense",
    "guest",
    "invite_decided",
    "flags",
    "playing",
    "trick",
    "tricks_won",
    "history",
    "run",
    "best_run",
    "totals",
    "pot",
    "rows",
)


class Variant(ABC):
    #: the registered game name
    key: str
    #: Vienna: with three playing and the taker leading, the first defender must play the lowest card
    #: that beats the lead
    first_defender_lowest: bool = False
    #: whether an all-pass deal counts towards the session length (option `void_deals_count` where
    #: the variant offers it)
    void_deal_counts: bool = True
    #: opt-in true/false options (the daily challenge's, games/packs): accepted only when a start
    #: event names them; absent means the table rules, so they are no defaults and stored start
    #: events need none
    opt_in_options: tuple[str, ...] = ()

    def init_session(self, st: PreferanzenState) -> None:
        """Called once when the state is created (e.g. the Vienna pot contributions)."""
        st.pot = 0

    def before_deal(self, st: PreferanzenState) -> JSON | None:
        """Called when a new deal is dealt; may return a note for the score sheet (pot refill)."""
        return None

    # ---- auction
    @abstractmethod
    def bid_actions(self, st: PreferanzenState, seat: int) -> list[JSON]:
        """Every bid event `seat` may make now (pass included)."""

    @abstractmethod
    def record_bid(self, st: PreferanzenState, event: JSON) -> bool:
        """Fold a legal bid event into the auction; True if it ends the auction at once."""

    @abstractmethod
    def takes_talon(self, high: JSON) -> bool:
        """Whether the winner of the auction with this bid exchanges with the talon."""

    # ---- contract
    @abstractmethod
    def declare_actions(self, st: PreferanzenState) -> list[JSON]:
        """The declare events open to the declarer."""

    @abstractmethod
    def contract_for(self, st: PreferanzenState, event: JSON) -> Contract:
        """The contract a legal declare event fixes."""

    @abstractmethod
    def leader(self, st: PreferanzenState) -> int:
        """Who leads the first trick."""

    # ---- settlement
    @abstractmethod
    def settle(self, st: PreferanzenState) -> JSON:
        """Score the finished deal (updates st.totals / st.pot); returns the score-sheet row."""

    @abstractmethod
    def settle_void(self, st: PreferanzenState) -> JSON:
        """The score-sheet row of an all-pass deal."""

    def view_extra(self, st: PreferanzenState, seat: int | None) -> JSON:
        return {}

    def result_extra(self, st: PreferanzenState) -> JSON:
        return {}
