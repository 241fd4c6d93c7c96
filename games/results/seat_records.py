"""What one seat's result of a match stands for: who made its decisions, and which AI levels it faced.

Read from the event log alone, so every projection that ranks people (the leaderboard, league
standings and ratings) can be rebuilt from the events and judges old matches as it judges new ones.

Who decided. The platform's own moves carry the command id "ai:<seq>" (games.services.matches
`AI_COMMAND_PREFIX`; clients are refused it). At an AI seat that is the AI; at a human seat it is the
stand-in: Anton playing for a player whose move timer ran out, or who stayed away on their turn. Every
other event with a seat is its player's own decision (chance events have no seat).

A human seat's result is a human result unless the stand-in made
  - more than a quarter of the seat's decisions over the whole match ("stand_in"), or
  - more than half of the seat's decisions in the match's last deal ("stand_in_last_deal"): whoever
    was not there to finish the match did not play its result. The last deal starts at the last
    `deal` event; a last deal in which the seat decided nothing does not trigger the rule.
A seat of a turn-based table that the other players handed to the AI when its player ran out of
time ("handed_to_ai": `Seat.handed_to_ai`, a fact of the seat kept beside its kind, since from then on
the AI's moves carry the platform's command ids as the stand-in's do) is no human result either,
whatever the shares.
Such a seat keeps its place in the match, but is ranked neither on the leaderboard nor in league
standings or ratings.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.ai import DEFAULT_VERSION, revisions
from games.models import Match, MatchEvent
from games.services.matches import AI_COMMAND_PREFIX

#: the share of a seat's decisions the stand-in may make before the result is no longer the player's
STAND_IN_MAX_SHARE = (1, 4)
#: ... and its share of the seat's decisions in the last deal
STAND_IN_MAX_LAST_DEAL = (1, 2)

# why a human seat's result is not a human result
STAND_IN = "stand_in"
STAND_IN_LAST_DEAL = "stand_in_last_deal"
HANDED_TO_AI = "handed_to_ai"


@dataclass(frozen=True)
class Decisions:
    """How many decisions a seat made in the match and in its last deal, and how many of each the
    stand-in made (always 0 at an AI seat: its moves are the AI's own)."""

    total: int = 0
    stand_in: int = 0
    last_deal: int = 0
    last_deal_stand_in: int = 0


@dataclass(frozen=True)
class SeatRecord:
    index: int
    is_ai: bool
    # This seat's AI level ("" at a human seat), and the versions of the other AI seats it played
    # against, each a level with the revision it was seated with ("dora.2", games/ai/revisions.py),
    # sorted ([] at a table of people only).
    ai_version: str
    opponent_ai_versions: list[str]
    decisions: Decisions
    # A turn-based seat the other players handed to the AI for the rest of the match.
    handed_to_ai: bool = False

    @property
    def unranked_reason(self) -> str:
        """Why this seat's result is no human result ("" when it is one, or when the seat is an AI)."""
        if self.is_ai:
            return ""
        if self.handed_to_ai:
            return HANDED_TO_AI
        d = self.decisions
        share, whole = STAND_IN_MAX_SHARE
        if d.stand_in * whole > d.total * share:
            return STAND_IN
        share, whole = STAND_IN_MAX_LAST_DEAL
        if d.last_deal and d.last_deal_stand_in * whole > d.last_deal * share:
            return STAND_IN_LAST_DEAL
        return ""

    @property
    def human_result(self) -> bool:
        return not self.is_ai and not self.unranked_reason


# (type, seat, command_id) of each event, oldest first
EventRow = tuple[str, int | None, str | None]


def decisions_count(events: Iterable[EventRow], human_seats: Iterable[int]) -> dict[int, Decisions]:
    """Each human seat's decisions, and the stand-in's among them, from the event rows. Pure."""
    humans = set(human_seats)
    total = dict.fromkeys(humans, 0)
    stand_in = dict.fromkeys(humans, 0)
    last, last_stand_in = dict.fromkeys(humans, 0), dict.fromkeys(humans, 0)
    for kind, seat, command_id in events:
        if kind == "deal":
            last, last_stand_in = dict.fromkeys(humans, 0), dict.fromkeys(humans, 0)
            continue
        if seat not in humans:
            continue
        by_stand_in = int(bool(command_id) and str(command_id).startswith(AI_COMMAND_PREFIX))
        total[seat] += 1
        stand_in[seat] += by_stand_in
        last[seat] += 1
        last_stand_in[seat] += by_stand_in
    return {s: Decisions(total[s], stand_in[s], last[s], last_stand_in[s]) for s in humans}


@dataclass(frozen=True)
class SeatFacts:
    """What the records need of a seat (not the model: migrations pass their historical rows)."""

    index: int
    is_ai: bool
    ai_version: str
    handed_to_ai: bool = False
    ai_revision: int = 1


def records_of(seats: Iterable[SeatFacts], events: Iterable[EventRow]) -> list[SeatRecord]:
    """The record of every seat (in seat order) from the seats and the match's event rows."""
    ordered = sorted(seats, key=lambda s: s.index)
    counted = decisions_count(events, [s.index for s in ordered if not s.is_ai])
    level = {s.index: s.ai_version or DEFAULT_VERSION for s in ordered if s.is_ai}  # as games.services.ai
    # the AI versions played against: each level with the revision it was seated with ("dora.2")
    named = {s.index: revisions.label(level[s.index], s.ai_revision) for s in ordered if s.is_ai}
    records = []
    for seat in ordered:
        versions = sorted({v for index, v in named.items() if index != seat.index})
        records.append(
            SeatRecord(
                index=seat.index,
                is_ai=seat.is_ai,
                ai_version=level.get(seat.index, ""),
                opponent_ai_versions=versions,
                decisions=counted.get(seat.index, Decisions()),
                handed_to_ai=seat.handed_to_ai and not seat.is_ai,
            )
        )
    return records


def match_events(match_id: int) -> list[EventRow]:
    rows = MatchEvent.objects.filter(match_id=match_id).order_by("seq")
    return list(rows.values_list("type", "seat", "command_id"))


def seat_records(match: Match) -> list[SeatRecord]:
    """The record of every seat of `match`, in seat order (one query on its events)."""
    return records_of(seat_facts(match), match_events(match.pk))


def seat_facts(match: Match) -> list[SeatFacts]:
    return [
        SeatFacts(s.index, s.is_ai, s.ai_version, s.handed_to_ai, s.ai_revision) for s in match.seats.all()
    ]
