"""A Schnapsen seat's view as the AIs read it (built from the view alone, see the package)."""

from __future__ import annotations

from dataclasses import dataclass

from games.ai.base import JSON
from games.ai.observation.plays import Play, plays


@dataclass(frozen=True, slots=True)
class Marriage:
    seat: int
    suit: str


@dataclass(frozen=True, slots=True)
class SchnapsenObservation:
    seat: int
    hand: tuple[str, ...]
    #: cards in each seat's hand
    hand_sizes: tuple[int, ...]
    #: the open trick, the lead first
    trick: tuple[Play, ...]
    #: the last finished trick (empty before the first)
    last_trick: tuple[Play, ...]
    trump: str
    #: the face-up trump card under the stock (None once taken or exchanged away)
    trump_card: str | None
    #: cards left in the stock, the trump card included
    stock_size: int
    closed: bool
    closed_by: int | None
    #: follow suit and beat apply (stock closed or exhausted)
    strict: bool
    #: the seat's own points so far (tricks and counted marriages), and its marriages not yet counted
    points: int
    pending: int
    #: tricks taken per seat
    tricks: tuple[int, ...]
    marriages: tuple[Marriage, ...]
    exchanges: tuple[Play, ...]


def observe(view: JSON) -> SchnapsenObservation:
    seat = view["seat"]
    return SchnapsenObservation(
        seat=seat,
        hand=tuple(view["hand"]),
        hand_sizes=tuple(view["hand_sizes"]),
        trick=plays(view["trick"]),
        last_trick=plays(view["last_trick"] or []),
        trump=view["trump"],
        trump_card=view["trump_card"],
        stock_size=view["stock_size"],
        closed=view["closed"],
        closed_by=view["closed_by"],
        strict=view["strict"],
        points=int(view["points"][seat] or 0),
        pending=int(view["pending"][seat] or 0),
        tricks=tuple(view["tricks"]),
        marriages=tuple(Marriage(m["seat"], m["suit"]) for m in view["marriages"]),
        exchanges=plays(view["exchanges"]),
    )
