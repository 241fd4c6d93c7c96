"""A finished match's result as one typed value, read from the event store by one selector.

`match_result(match)` replays the stored events through the match's engine (any rules version it
stamped, games/engine/base.py) and returns a frozen `MatchResult`: each seat's total and place, the
engine's per-deal rows, every seat's kind (a person, an AI, or a human seat whose result the stand-in
made, as games.results.seat_records decides) and the AI versions at the table. The leaderboard, the
league projection and the analysis's round comparison read results here and nowhere else, so the
engines' result keys ("totals", "ranking", "sacks", "deals") are read in this module alone.

`match_seats(match)` is the seat part without the replay (the league projection decides from it
whether a match needs its figures at all). `deal_points` folds a match event by event for each
deal's points: that costs a result per event (10 to 25 times a replay), so only the round
comparison, which needs it, pays for it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Any

from games.engine import GameState, get_rules
from games.models import Match, MatchEvent
from games.results.seat_records import Decisions, EventRow, SeatRecord, records_of, seat_facts

JSON = dict[str, Any]
Number = int | float
_CENT = Decimal("0.01")


class SeatKind(StrEnum):
    HUMAN = "human"
    AI = "ai"
    #: a human seat the stand-in played too much of, or one handed to the AI at a turn-based table
    #: (games.results.seat_records): no human result
    STAND_IN = "stand_in"


@dataclass(frozen=True, slots=True)
class ResultSeat:
    """Who made one seat's result and against which AI levels."""

    index: int
    kind: SeatKind
    #: why a human seat's result is no human result ("" when it is one, and at an AI seat)
    unranked_reason: str
    #: the seat's AI version ("" at a human seat) and the other AI seats' versions, sorted
    ai_version: str
    opponent_ai_versions: tuple[str, ...]
    decisions: Decisions

    @property
    def is_ai(self) -> bool:
        return self.kind is SeatKind.AI

    @property
    def human_result(self) -> bool:
        return self.kind is SeatKind.HUMAN


@dataclass(frozen=True, slots=True)
class DealRow:
    """One finished deal: its number (from 1) and the engine's row for it (game-specific fields)."""

    number: int
    record: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class MatchResult:
    game: str
    #: whether the event log shows a finished match
    finished: bool
    #: the number of events replayed (the start included): a match's `version` when its log is whole
    events: int
    #: per seat: the match total (the engine's number) and the place (1 = first; ties share)
    totals: tuple[Number, ...]
    ranking: tuple[int, ...]
    #: per seat: the sacks of a game that counts them apart from the points (Preisjass), else None
    sacks: tuple[int, ...] | None
    deals: tuple[DealRow, ...]
    seats: tuple[ResultSeat, ...]

    def points(self, seat: int) -> Decimal:
        """The seat's total as the boards and standings store it: a decimal to the cent."""
        return Decimal(str(self.totals[seat])).quantize(_CENT)

    def seat(self, index: int) -> ResultSeat:
        return self.seats[index]


def _kind(record: SeatRecord) -> SeatKind:
    if record.is_ai:
        return SeatKind.AI
    return SeatKind.STAND_IN if record.unranked_reason else SeatKind.HUMAN


def seats_of(records: Iterable[SeatRecord]) -> tuple[ResultSeat, ...]:
    return tuple(
        ResultSeat(
            index=r.index,
            kind=_kind(r),
            unranked_reason=r.unranked_reason,
            ai_version=r.ai_version,
            opponent_ai_versions=tuple(r.opponent_ai_versions),
            decisions=r.decisions,
        )
        for r in records
    )


def result_of(game: str, events: list[JSON], seats: tuple[ResultSeat, ...]) -> MatchResult:
    """The result of `events` (a whole match, start first) with its seats. Pure."""
    result = get_rules(game).replay(events).result()
    sacks = result.get("sacks")
    return MatchResult(
        game=game,
        finished=bool(result.get("finished")),
        events=len(events),
        totals=tuple(result["totals"]),
        ranking=tuple(int(place) for place in result["ranking"]),
        sacks=tuple(int(s) for s in sacks) if sacks is not None else None,
        deals=tuple(DealRow(n, row) for n, row in enumerate(result.get("deals", []), start=1)),
        seats=seats,
    )


def match_seats(match: Match) -> tuple[ResultSeat, ...]:
    """Every seat of `match` with its kind and AI versions, in seat order (one query on its events)."""
    rows = MatchEvent.objects.filter(match_id=match.pk).order_by("seq")
    events: list[EventRow] = list(rows.values_list("type", "seat", "command_id"))
    return seats_of(records_of(seat_facts(match), events))


def match_result(match: Match) -> MatchResult:
    """The result of `match` from a fresh replay of its stored events (no cached state; one query on
    them). Raises IllegalAction when the log does not replay. Whether it is finished, and whether the
    log is whole (`events == match.version`), the caller decides."""
    rows = MatchEvent.objects.filter(match_id=match.pk).order_by("seq")
    stored = list(rows.values_list("data", "type", "seat", "command_id"))
    seats = seats_of(records_of(seat_facts(match), [(t, s, c) for _, t, s, c in stored]))
    return result_of(match.game, [data for data, *_ in stored], seats)


@dataclass(frozen=True, slots=True)
class DealPoints:
    """What one finished deal was worth to each seat (the change of the totals, to 3 places), with
    the caller's key for it (the analyser's deal key; else the deal's number)."""

    key: object
    points: tuple[float, ...]


def deal_points(
    game: str, events: list[JSON], deal_key: Callable[[GameState], object] | None = None
) -> tuple[DealPoints, ...]:
    """Per finished deal of a match, in order, its points for each seat; `deal_key(state)` gets the
    state before the event that finished the deal. Pure."""
    rules = get_rules(game)
    state = rules.initial_state(events[0])
    result = state.result()
    rows, totals = len(result.get("deals", [])), list(result["totals"])
    out: list[DealPoints] = []
    for event in events[1:]:
        before = state
        state = rules.apply(state, event)
        result = state.result()
        if len(result.get("deals", [])) > rows:
            key = deal_key(before) if deal_key is not None else len(out) + 1
            now = list(result["totals"])
            out.append(
                DealPoints(key, tuple(round(float(b - a), 3) for a, b in zip(totals, now, strict=True)))
            )
            rows, totals = len(result.get("deals", [])), now
    return tuple(out)
