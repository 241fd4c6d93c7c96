"""Why a notifications request is refused, in the API's one error shape ({"error": {code, message}})."""

from __future__ import annotations

from games.errors import BadRequest, GameError, NotFound

__all__ = ["BadRequest", "BadSubscription", "NotFound", "PushUnavailable", "UnknownChannel", "UnknownKind"]


class UnknownKind(BadRequest):
    code = "unknown_kind"


class UnknownChannel(BadRequest):
    """A channel that does not exist, or one the kind is never sent on."""

    code = "unknown_channel"


class BadSubscription(BadRequest):
    """A push subscription whose endpoint or keys cannot be used."""

    code = "bad_subscription"


class PushUnavailable(GameError):
    """The server has no VAPID keys: Web Push is off."""

    code = "push_unavailable"
    status = 409
