"""What differs between Austrian Preferanzen and Vienna Preference: the auction, the contract that
follows it, who leads, and the settlement. The shared flow lives in deal.py, bidding.py, play.py and
scoring.py."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

from games.engine.base import JSON

if TYPE_CHECKING:
    from games.engine.preferanzen.state import Contract, PreferanzenState


def bid_event(seat: int, bid: str, suit: str | None = None) -> JSON:
    """A bid action as both variants offer it: {"type": "bid", "seat", "bid"} plus "suit" where named."""
    event: JSON = {"type": "bid", "seat": seat, "bid": bid}
    if suit is not None:
        event["suit"] = suit
    return event


class Variant(ABC):
    #: the registered game name
    key: str
    #: Vienna: with three playing and the taker leading, the first defender must play the lowest card
    #: that beats the lead
    first_defender_lowest: bool = False
    #: whether an all-pass deal counts towards the session length
    void_deal_counts: bool = True

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
