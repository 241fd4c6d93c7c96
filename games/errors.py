"""Domain errors of the games app. Each has a stable `code` and the HTTP status the API answers with;
the websocket sends the same code and message."""

from __future__ import annotations


class GameError(Exception):
    code = "error"
    status = 400

    def __init__(self, message: str, **details: object) -> None:
        super().__init__(message)
        self.message = message
        self.details = details


class BadRequest(GameError):
    code = "bad_request"


class NameReserved(BadRequest):
    """A human chose an AI's name or the AI marker."""

    code = "name_reserved"


class IllegalMove(GameError):
    code = "illegal_action"


class NotYourTurn(GameError):
    code = "not_your_turn"
    status = 409


class StaleSeq(GameError):
    code = "stale_seq"
    status = 409


class CommandConflict(GameError):
    """A command id already stored with another action: a client bug, never a resend."""

    code = "command_conflict"
    status = 409


class MatchNotRunning(GameError):
    code = "match_not_running"
    status = 409


class SeatTaken(GameError):
    code = "seat_taken"
    status = 409


class NotSeated(GameError):
    code = "not_seated"
    status = 403


class Forbidden(GameError):
    code = "forbidden"
    status = 403


class NotFound(GameError):
    code = "not_found"
    status = 404


class Embargoed(Forbidden):
    """A table of a duplicate round before the round is over: its deals are the sister tables' deals."""

    code = "embargoed"


class TooManyTables(GameError):
    """The player already holds a seat at MAX_OPEN_TABLES open or running tables."""

    code = "too_many_tables"
    status = 409


class SamePerson(GameError):
    """A second entry of one person into a shared-deal event (the same deals at every table): the same
    account, browser or browser session, or the same address and device (games.identity.entries)."""

    code = "same_person"
    status = 409


class InviteRequired(Forbidden):
    """A seat at a private table without its invitation link's token (or with a wrong one)."""

    code = "invite_required"


class TurnBasedRefused(BadRequest):
    """A turn-based table asked for with settings it cannot have (days per move out of range, a move
    timer, a shared-deal event, fewer than two human seats)."""

    code = "turn_based_refused"


class NotOverdue(GameError):
    """A choice over an overdue seat when no seat is out of time (yet)."""

    code = "not_overdue"
    status = 409


class OwnTurn(Forbidden):
    """The overdue player's own choice over their seat: they may simply move."""

    code = "own_turn"


class HandedToAi(Forbidden):
    """A move by a player whose seat the other players handed to the AI for the rest of the match."""

    code = "handed_to_ai"
