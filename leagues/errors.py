"""Why a league request is refused. Rendered by the API's one error shape ({"error": {code, message}})."""

from __future__ import annotations

from games.errors import BadRequest, Forbidden, GameError, NotFound

__all__ = [
    "AILevelFixed",
    "AlreadyMember",
    "BadRequest",
    "Forbidden",
    "NotFound",
    "NotInvited",
    "NotMember",
    "SeasonClosed",
]


class NotInvited(GameError):
    """An invite-only or closed league without an invitation."""

    code = "not_invited"
    status = 403


class NotMember(GameError):
    code = "not_member"
    status = 403


class AlreadyMember(GameError):
    code = "already_member"
    status = 409


class SeasonClosed(GameError):
    """The league has no season running (finished and not recurring, or not yet begun)."""

    code = "season_closed"
    status = 409


class AILevelFixed(BadRequest):
    """A league table asked for an AI level other than the league's own."""

    code = "ai_level_fixed"
