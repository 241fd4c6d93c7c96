"""A Russian Preferans seat's view as the AIs read it (built from the view alone, see the package)."""

from __future__ import annotations

from dataclasses import dataclass

from games.ai.base import JSON
from games.ai.observation.plays import Play, plays


@dataclass(frozen=True, slots=True)
class PreferansObservation:
    seat: int
    #: the seat whose card or call is due (an open whister may play his partner's), None between
    turn: int | None
    phase: str
    deal_number: int
    #: the three seats in this deal, forehand first
    active: tuple[int, ...]
    hand: tuple[str, ...]
    #: cards in each seat's hand
    hand_sizes: tuple[int, ...]
    #: per seat, its cards where the view shows them (open play), else None
    open_hands: tuple[tuple[str, ...] | None, ...]
    #: every bid in order, as (seat, bid)
    bids: tuple[tuple[int, str], ...]
    high_bid: str | None
    declarer: int | None
    contract: str | None
    raspasy: bool
    trump: str | None
    #: the talon as far as it is turned up (None while hidden)
    talon: tuple[str, ...] | None
    #: the declarer's discard, shown to the declarer only (None for everyone else)
    discard: tuple[str, ...] | None
    #: per seat, its whist call so far (None: none yet)
    whist_calls: tuple[str | None, ...]
    #: the open trick, the lead first
    trick: tuple[Play, ...]
    tricks_won: tuple[int, ...]
    #: every card played to a finished trick in this deal, in order
    played: tuple[str, ...]


def _cards(cards: list[str] | None) -> tuple[str, ...] | None:
    return None if cards is None else tuple(cards)


def observe(view: JSON) -> PreferansObservation:
    return PreferansObservation(
        seat=view["seat"],
        turn=view["turn"],
        phase=view["phase"],
        deal_number=view["deal_number"],
        active=tuple(view["active"]),
        hand=tuple(view["hand"]),
        hand_sizes=tuple(view["hand_sizes"]),
        open_hands=tuple(_cards(h) for h in view["open_hands"]),
        bids=tuple((s, b) for s, b in view["bids"]),
        high_bid=view["high_bid"],
        declarer=view["declarer"],
        contract=view["contract"],
        raspasy=view["raspasy"],
        trump=view["trump"],
        talon=_cards(view["talon"]),
        discard=_cards(view["discard"]),
        whist_calls=tuple(view["whist_calls"]),
        trick=plays(view["trick"]),
        tricks_won=tuple(view["tricks_won"]),
        played=tuple(view["played"]),
    )
