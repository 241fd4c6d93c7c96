"""Why a chat message, a mute or a report is refused, in the API's one error shape ({"error": {code,
message}}) and as the socket's {"t": "error", ...}."""

from __future__ import annotations

from games.errors import BadRequest, Forbidden, GameError, NotFound

__all__ = [
    "BadMessage",
    "EmptyText",
    "MatchOver",
    "NotAuthenticated",
    "NotFound",
    "OwnMessage",
    "PhrasesOnly",
    "TextTooLong",
    "Throttled",
    "UnknownPhrase",
]


class BadMessage(BadRequest):
    """Not the shape of a chat message (a missing or unknown field, a wrong type)."""

    code = "bad_message"


class TextTooLong(BadRequest):
    code = "text_too_long"


class EmptyText(BadRequest):
    code = "empty_text"


class UnknownPhrase(BadRequest):
    code = "unknown_phrase"


class PhrasesOnly(Forbidden):
    """Free text at a table where only the quick phrases are allowed (docs/security.md, "Table chat")."""

    code = "phrases_only"


class MatchOver(GameError):
    """The match is finished or abandoned: its chat is closed (it stays readable)."""

    code = "match_over"
    status = 409


class NotAuthenticated(Forbidden):
    """An anonymous visitor: listening is open to them, speaking, muting and reporting are not."""

    code = "not_authenticated"


class OwnMessage(BadRequest):
    """Muting or reporting oneself."""

    code = "own_message"


class Throttled(GameError):
    code = "throttled"
    status = 429
