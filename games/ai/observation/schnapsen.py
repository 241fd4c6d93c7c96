"""A Schnapsen seat's view as the AIs read it: from the view alone (`observe`, see the package), or from
the seat's information state (`observe_information`), which adds the memory of the deal: every
finished trick, and the moment the stock was closed."""

from __future__ import annotations

from dataclasses import dataclass, replace

from games.ai.base import JSON
from games.ai.observation.plays import Play, plays
from games.engine.information import InformationState
from games.engine.schnapsen.cards import CARD_POINTS, MARRIAGE_POINTS, TRUMP_MARRIAGE_POINTS, beats


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
    #: the memory of the deal (None: the view alone, which shows only the last trick): every finished
    #: trick in order, the lead first
    history: tuple[tuple[Play, ...], ...] | None = None
    #: with the memory, the tricks finished when the stock was closed, and the closer's opponent's
    #: (points, tricks) then (None: not closed, or no memory)
    closed_at: int | None = None
    closure: tuple[int, int] | None = None


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


def observe_information(info: InformationState) -> SchnapsenObservation:
    """The view's observation with the deal's memory (`history`, `closed_at`, `closure`)."""
    obs = observe(info.view)
    history = tuple(tuple(Play(p.seat, p.card) for p in trick) for trick in info.tricks)
    closure, closed_at = None, None
    close = next((c for c in info.calls if c.type == "close"), None)
    if close is not None:
        other = 1 - close.seat
        closed_at = close.at // 2
        before = history[:closed_at]
        won = [t for t in before if _winner(t, obs.trump) == other]
        points = sum(CARD_POINTS[p.card] for t in won for p in t)
        if won:  # with a trick taken, every marriage declared so far counts
            for call in info.calls:
                card = call.get("card")
                if call.seat == other and call.at < close.at and call.get("marriage") == "true" and card:
                    trump = card[1] == obs.trump
                    points += TRUMP_MARRIAGE_POINTS if trump else MARRIAGE_POINTS
        closure = (points, len(won))
    return replace(obs, history=history, closed_at=closed_at, closure=closure)


def _winner(trick: tuple[Play, ...], trump: str) -> int:
    lead, answer = trick
    return answer.seat if beats(answer.card, lead.card, trump) else lead.seat
