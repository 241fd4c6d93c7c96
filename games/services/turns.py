"""Writes of a turn-based table's clock (services/turn_clock.py): the watchdog marks a seat overdue, and
the other players choose what happens to it.

When the seat to move runs out of time, the watchdog marks the turn overdue (`turn_overdue_mark`); it
never moves for the seat. Then each other player still at the table (the deciders) may choose
(`match_overdue_choose`, `POST /api/matches/{id}/overdue/`):

- "ai": the AI plays the seat for the rest of the match (`Seat.handed_to_ai`); its result is then no
  human result (games.results.seat_records). One decider's "ai" is enough: the table goes on, which
  takes nothing from anyone else. Asked again while the AI already plays that seat, it changes
  nothing.
- "end": the table ends, as abandoned. It takes every decider's "end" (the votes are kept with the
  overdue turn), so nobody's running game is ended against their will; until then an "ai" from any
  decider wins.

The overdue player coming back before that simply moves (`match_act`): a new turn starts, and the
votes lapse with the old one. A choice before the deadline, by the overdue player, by someone
without a seat, or at a real-time table, is refused and changes nothing. When nobody is left to
choose (every other human seat handed to the AI, or left), the watchdog ends the table at the
deadline."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Literal

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import signals
from games.errors import BadRequest, Forbidden, MatchNotRunning, NotFound, NotOverdue, NotSeated, OwnTurn
from games.live import dispatch
from games.live.actors import Actor
from games.live.presence import match_abandon
from games.models import Match, MatchStatus
from games.services import turn_clock
from games.services.due import due_set
from games.services.matches import seat_of

Choice = Literal["ai", "end"]
CHOICES: tuple[str, ...] = ("ai", "end")


@dataclass(frozen=True)
class ChoiceResult:
    """What a choice did: "ai" (the AI plays the seat now), "ended" (the table ended) or "end_voted"
    (recorded; the other deciders have not all chosen to end yet)."""

    outcome: str
    seat: int


def _locked(match_id: int) -> Match:
    match = Match.objects.select_for_update(no_key=True).prefetch_related("seats").filter(pk=match_id).first()
    if match is None:
        raise NotFound(f"no match {match_id}")
    return match


def turn_overdue_mark(*, match_id: int, seq: int, now: dt.datetime | None = None) -> str:
    """The watchdog's part: mark the turn at `seq` overdue when its deadline has passed (nothing when
    the match has moved on or the seat still has time). Returns "overdue" when marked, "abandoned"
    when nobody is left to choose and the table ended, "" otherwise."""
    now = now or timezone.now()
    with transaction.atomic():
        match = _locked(match_id)
        seats = list(match.seats.all())
        until = turn_clock.deadline(match, seats)
        if match.version != seq or until is None or now < until or turn_clock.overdue(match):
            return ""
        deciders = turn_clock.deciders(match, seats)
        if not deciders:
            match_abandon(match_id=match.pk)
            return "abandoned"
        _mark(match)
        due_set(match_id=match.pk, match=match)
        version = match.version
        told = {
            "match_id": match.pk,
            "seq": version,
            "seat": match.to_move,
            "user_ids": [s.user_id for s in deciders if s.user_id is not None],
        }
        transaction.on_commit(lambda: dispatch.broadcast_refresh(match_id, version, MatchStatus.RUNNING))
        transaction.on_commit(lambda: signals.turn_overdue.send(sender=None, **told))
    return "overdue"


def _mark(match: Match) -> None:
    match.overdue_seq = match.version
    match.end_votes = []
    match.save(update_fields=["overdue_seq", "end_votes"])


def match_overdue_choose(
    *, match_id: int, actor: Actor, choice: str, now: dt.datetime | None = None
) -> ChoiceResult:
    """A decider's choice over the overdue seat to move: "ai" or "end" (see the module). Refused with
    nothing changed: NotSeated (no seat here), MatchNotRunning, BadRequest (not a turn-based table, or
    another choice), OwnTurn (the overdue seat's own player: just move), Forbidden (a seat handed to
    the AI, or a player who left), NotOverdue (the seat to move still has time, or no human seat is to
    move)."""
    if choice not in CHOICES:
        raise BadRequest(f'the choice is "ai" or "end", not {choice!r}')
    now = now or timezone.now()
    with transaction.atomic():
        match = _locked(match_id)
        seat = seat_of(match, actor)
        if seat is None or seat.is_ai:
            raise NotSeated("only the players of this table choose")
        if not match.turn_based:
            raise BadRequest("this table is not turn-based: it has no days per move to run out")
        if match.status != MatchStatus.RUNNING:
            raise MatchNotRunning(f"the match is {match.status}")
        seats = list(match.seats.all())
        overdue_seat = turn_clock.seat_to_move(match, seats)
        if seat.index == match.to_move:
            raise OwnTurn("it is your own turn: make your move instead")
        if seat.handed_to_ai:
            raise Forbidden("the AI plays your seat: you no longer choose at this table")
        if seat.left:
            raise Forbidden("you left this table: come back to it first")
        if overdue_seat is not None and overdue_seat.handed_to_ai and choice == "ai":
            return ChoiceResult("ai", overdue_seat.index)  # asked again: the AI plays it already
        until = turn_clock.deadline(match, seats)
        if overdue_seat is None or until is None:
            raise NotOverdue("no player's time is running out: the seat to move is played by the AI")
        if now < until and not turn_clock.overdue(match):  # marked: the watchdog saw the time run out
            raise NotOverdue(
                f"{overdue_seat.display_name or 'the player to move'} still has time until "
                f"{until.isoformat(timespec='minutes')}",
                deadline=until.isoformat(),
            )
        if not turn_clock.overdue(match):
            _mark(match)  # the watchdog has not been round yet
        if choice == "ai":
            return _hand_over(match, overdue_seat.index)
        return _vote_end(match, seat.index, [s.index for s in turn_clock.deciders(match, seats)])


def _hand_over(match: Match, index: int) -> ChoiceResult:
    seat = next(s for s in match.seats.all() if s.index == index)
    seat.handed_to_ai = True
    seat.save(update_fields=["handed_to_ai"])
    # The AI's move is due from now (the turn began days ago): the watchdog's stall check counts from here.
    due_set(match_id=match.pk, match=match, requeued_at=timezone.now())
    match_id, version, delay = match.pk, match.version, settings.AI_MOVE_DELAY
    transaction.on_commit(lambda: dispatch.after_hand_over(match_id, version, delay))
    return ChoiceResult("ai", index)


def _vote_end(match: Match, voter: int, deciders: list[int]) -> ChoiceResult:
    votes = sorted({*turn_clock.end_votes(match), voter})
    overdue_index = match.to_move if match.to_move is not None else -1
    if set(deciders) <= set(votes):
        match_abandon(match_id=match.pk)
        return ChoiceResult("ended", overdue_index)
    match.end_votes = votes
    match.save(update_fields=["end_votes"])
    match_id, version = match.pk, match.version
    transaction.on_commit(lambda: dispatch.broadcast_refresh(match_id, version, MatchStatus.RUNNING))
    return ChoiceResult("end_voted", overdue_index)
