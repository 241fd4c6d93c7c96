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
