"""What an import believes of an exported match: only what its events show. Each check here compares a
claim of the record with the replay of its log and raises ArchiveRefused naming the first that does
not hold, before anything is stored:

- the log: numbered from 1 without gaps up to the match's version, opened by its game's start event
  (whose options are the match's), the seed matching its commitment, every chance event (each deal,
  cut, draw) the one the seed gives, every action replaying through the engine;
- who acted: every event's seat column is the seat the engine had to move (none for the server's
  draws); an AI seat's every action carries the platform's command id for that seq ("ai:<seq - 1>"),
  a human seat's carries a client's id, none, or that id when Anton stood in; no id twice;
- the seats: one per player of the start event, numbered from 0; an AI seat names an AI version of
  the game and no person; a human seat of a started match is taken;
- the status and its flags: open means no events, running a log that has not ended, finished one
  that has, abandoned one that has not; the times in order (created, started, last move, finished)
  and none after the export, each present exactly when the status has it; a practice run is unranked,
  not embargoed and has one human seat; an embargo, and a table of a shared-deal event, need the link
  that holds them (a duplicate round: the leagues check its release); a turn-based table has 1 to 14
  days per move, no move timer and no embargo, and only its human seats can have been handed to the AI.

The accounts, the memberships' times and the practice flag itself are not in the events: the import
takes them from the file (docs/operations.md says what that means)."""

from __future__ import annotations

import datetime as dt
import itertools
from dataclasses import dataclass
from typing import Any

from games import ai as ai_registry
from games.engine import CHANCE, GameState, IllegalAction, available_games, get_rules
from games.engine.base import is_int
from games.identity import fairness
from games.models import MatchStatus, SeatKind
from games.services.matches import AI_COMMAND_PREFIX
from games.services.turn_clock import MAX_DAYS, MIN_DAYS


class ArchiveRefused(Exception):
    """A match of the export that is not imported, with the reason."""


@dataclass(frozen=True)
class Checked:
    """A record whose claims the replay bears out: its event data and the state they replay to."""

    data: list[dict[str, Any]]
    state: GameState | None


def when(value: Any, what: str) -> dt.datetime | None:
    """A time of the record (ISO 8601 with its offset), or None."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ArchiveRefused(f"its {what} is not a time")
    try:
        parsed = dt.datetime.fromisoformat(value)
    except ValueError as exc:
        raise ArchiveRefused(f"its {what} {value!r} is not a time") from exc
    if parsed.tzinfo is None:
        raise ArchiveRefused(f"its {what} {value!r} has no UTC offset")
    return parsed


def record_check(record: dict[str, Any], *, exported_at: dt.datetime | None) -> Checked:
    meta, events = record["match"], record["events"]
    if meta["game"] not in available_games():
        raise ArchiveRefused(f"no engine for the game {meta['game']!r}")
    if [e["seq"] for e in events] != list(range(1, len(events) + 1)) or len(events) != meta["version"]:
        raise ArchiveRefused("the event log has gaps or does not end at the match's version")
    data = [e["data"] for e in events]
    if data:
        _start_check(meta, data[0])
    ai_seats = _seats_check(meta, record["seats"], data)
    state = None
    if data:
        try:
            problems = fairness.verify(data, meta["seed"], meta["seed_commitment"])
        except IllegalAction as exc:
            raise ArchiveRefused(f"its start event does not replay: {exc.reason}") from exc
        if problems:
            raise ArchiveRefused("its deals do not follow from its seed: " + "; ".join(problems))
        state = _actors_check(meta["game"], events, ai_seats)
    elif fairness.commitment(meta["seed"]) != meta["seed_commitment"]:
        raise ArchiveRefused("the seed does not match the published commitment")
    _status_check(meta, state)
    _times_check(meta, started=bool(data), exported_at=exported_at)
    _flags_check(meta, record["seats"], record["links"])
    return Checked(data=data, state=state)


def _start_check(meta: dict[str, Any], start: Any) -> None:
    if not isinstance(start, dict) or start.get("type") != "start" or start.get("game") != meta["game"]:
        raise ArchiveRefused(f"the log does not begin with the start event of a {meta['game']} match")
    if start.get("options") != meta["options"]:
        raise ArchiveRefused("the match's rule options are not the ones its start event stamped")


def _actors_check(game: str, events: list[dict[str, Any]], ai_seats: set[int]) -> GameState:
    """Replay the log and check, event by event, the seat and command id the file stores with it."""
    rules = get_rules(game)
    state = rules.initial_state(events[0]["data"])
    if events[0]["seat"] is not None or events[0]["command_id"] is not None:
        raise ArchiveRefused("its start event is stored as a seat's action")
    commands: set[str] = set()
    for row in events[1:]:
        seq, event, seat, command = row["seq"], row["data"], row["seat"], row["command_id"]
        if row["type"] != event.get("type"):
            raise ArchiveRefused(f"event {seq} is stored as {row['type']!r} but is a {event.get('type')!r}")
        to_move = state.to_move
        if to_move == CHANCE:
            if seat is not None or command is not None:
                raise ArchiveRefused(
                    f"event {seq} ({event['type']}) is the server's draw, stored as a seat's"
                )
        elif seat != to_move:
            raise ArchiveRefused(f"event {seq} is stored as seat {seat}'s, but seat {to_move} was to move")
        else:
            _command_check(seq, seat, command, ai=seat in ai_seats)
        if command is not None:
            if command in commands:
                raise ArchiveRefused(f"event {seq} repeats the command id {command!r}")
            commands.add(command)
        try:
            state = rules.apply(state, event)
        except IllegalAction as exc:
            raise ArchiveRefused(f"event {seq} does not replay: {exc.reason}") from exc
        except (TypeError, KeyError, ValueError) as exc:
            raise ArchiveRefused(f"event {seq} is malformed: {exc}") from exc
    return state


def _command_check(seq: int, seat: int, command: Any, *, ai: bool) -> None:
    platform = f"{AI_COMMAND_PREFIX}{seq - 1}"  # the id the platform gives the move it plays at seq - 1
    if command is not None and not isinstance(command, str):
        raise ArchiveRefused(f"event {seq} has a command id that is not text")
    if ai and command != platform:
        raise ArchiveRefused(
            f"seat {seat} is an AI seat, but event {seq} was not played by the platform (command id "
            f"{command!r}, not {platform!r})"
        )
    if not ai and command is not None and command.startswith(AI_COMMAND_PREFIX) and command != platform:
        raise ArchiveRefused(
            f"event {seq} of human seat {seat} carries a platform command id of another move"
        )


def _seats_check(meta: dict[str, Any], seats: list[dict[str, Any]], data: list[dict[str, Any]]) -> set[int]:
    """Check the seats; returns the indices of the AI seats."""
    rules = get_rules(meta["game"])
    try:
        players = data[0]["players"] if data else rules.players(rules.normalize_options(meta["options"]))
    except IllegalAction as exc:
        raise ArchiveRefused(f"bad rule options: {exc.reason}") from exc
    if sorted(s["index"] for s in seats) != list(range(players)):
        raise ArchiveRefused(
            f"a {meta['game']} match of {players} players has seats numbered 0 to {players - 1}"
        )
    versions = ai_registry.available_versions(meta["game"])
    for s in seats:
        where = f"seat {s['index']}"
        if s["kind"] not in SeatKind.values:
            raise ArchiveRefused(f"{where} is neither a human nor an AI seat")
        if s["kind"] == SeatKind.AI:
            person = s["username"] or s.get("guest_token") or s["origin_browser"] or s["origin_session"]
            if person:
                raise ArchiveRefused(f"{where} is an AI seat taken by a person")
            if s["ai_version"] not in versions:
                raise ArchiveRefused(
                    f"{where} plays AI version {s['ai_version']!r}, which {meta['game']} does not have"
                )
            continue
        if s["ai_version"]:
            raise ArchiveRefused(f"{where} is a human seat with an AI version")
        if s["username"] and s.get("guest_token"):
            raise ArchiveRefused(f"{where} is held by an account and a guest at once")
        if data and not (s["username"] or s.get("guest_token")):
            raise ArchiveRefused(f"{where} is a free human seat of a match that started")
    return {s["index"] for s in seats if s["kind"] == SeatKind.AI}


def _status_check(meta: dict[str, Any], state: GameState | None) -> None:
    status = meta["status"]
    if status not in MatchStatus.values:
        raise ArchiveRefused(f"its status {status!r} is not a match status")
    if state is None:
        if status not in (MatchStatus.OPEN, MatchStatus.ABANDONED):
            raise ArchiveRefused(f"the match is {status} but its log is empty")
        return
    if status == MatchStatus.OPEN:
        raise ArchiveRefused("the match is open (waiting for players) but its log has begun")
    finished = state.to_move is None
    if finished != (status == MatchStatus.FINISHED):
        raise ArchiveRefused(f"the log {'ends' if finished else 'does not end'} but the match is {status}")


def _times_check(meta: dict[str, Any], *, started: bool, exported_at: dt.datetime | None) -> None:
    times = {
        "creation time": when(meta["created_at"], "creation time"),
        "start time": when(meta["started_at"], "start time"),
        "last move's time": when(meta["last_event_at"], "last move's time"),
        "end time": when(meta["finished_at"], "end time"),
    }
    over = meta["status"] in (MatchStatus.FINISHED, MatchStatus.ABANDONED)
    expected = {"creation time": True, "start time": started, "last move's time": started, "end time": over}
    for what, present in expected.items():
        if (times[what] is not None) != present:
            claim = "has" if times[what] is not None else "has no"
            raise ArchiveRefused(f"the match {claim} {what}, against its log and status ({meta['status']})")
    ordered = [(what, t) for what, t in times.items() if t is not None]
    for (before, earlier), (after, later) in itertools.pairwise(ordered):
        if later < earlier:
            raise ArchiveRefused(f"the match's {after} ({later.isoformat()}) is before its {before}")
    if exported_at is not None and ordered[-1][1] > exported_at:
        raise ArchiveRefused(f"the match's {ordered[-1][0]} is after the export was written")


def _flags_check(meta: dict[str, Any], seats: list[dict[str, Any]], links: dict[str, Any]) -> None:
    if meta["practice"]:
        if meta["ranked"] or meta["embargoed"]:
            raise ArchiveRefused("a practice run (all hands shown) at a ranked or embargoed table")
        if sum(1 for s in seats if s["kind"] == SeatKind.HUMAN) > 1:
            raise ArchiveRefused("a practice run (all hands shown) with more than one human seat")
    if meta.get("private") and (meta["ranked"] or meta["embargoed"] or links):
        raise ArchiveRefused("a private table (friendly) at a ranked, embargoed or league table")
    _turn_based_flags_check(meta, seats)
    if meta["embargoed"] and not links:
        raise ArchiveRefused("the match is embargoed but belongs to no duplicate round")
    if deal_event(meta) and not links:
        raise ArchiveRefused("the match shares its deals with an event (a duplicate round) it is not part of")


def _turn_based_flags_check(meta: dict[str, Any], seats: list[dict[str, Any]]) -> None:
    turn_based, days = meta.get("turn_based", False), meta.get("days_per_move", 0)
    if not isinstance(turn_based, bool) or not is_int(days):
        raise ArchiveRefused("its turn-based flag or days per move are not a boolean and a whole number")
    if turn_based and not MIN_DAYS <= days <= MAX_DAYS:
        raise ArchiveRefused(f"a turn-based table with {days} days per move (not {MIN_DAYS} to {MAX_DAYS})")
    if not turn_based and days:
        raise ArchiveRefused("days per move at a table that is not turn-based")
    if turn_based and (meta["move_timer"] or meta["embargoed"]):
        raise ArchiveRefused("a turn-based table with a move timer or an embargo")
    for s in seats:
        handed = s.get("handed_to_ai", False)
        if handed and (not turn_based or s["kind"] != SeatKind.HUMAN):
            raise ArchiveRefused(
                f"seat {s['index']} handed to the AI, but not a human seat of a turn-based table"
            )


def deal_event(meta: dict[str, Any]) -> bool:
    """Whether the record claims its table belongs to a shared-deal event (files written before the
    flag: the embargoed tables did)."""
    return bool(meta.get("deal_event", meta["embargoed"]))
