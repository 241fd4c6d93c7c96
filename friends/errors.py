"""Why a friends request is refused, in the API's one error shape ({"error": {code, message}})."""

from __future__ import annotations

from games.errors import BadRequest, Forbidden, GameError, NotFound

__all__ = ["AlreadyAsked", "BadRequest", "Blocked", "Forbidden", "NotFound", "NotFriends", "SelfFriend"]


class SelfFriend(BadRequest):
    code = "self_friend"


class AlreadyAsked(GameError):
    """A request (or the friendship) exists already."""

    code = "already_asked"
    status = 409


class Blocked(Forbidden):
    """Either player blocked the other; the message does not say who."""

    code = "blocked"


class NotFriends(Forbidden):
    code = "not_friends"
