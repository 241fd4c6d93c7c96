"""The challenges' refusals, in the API's error shape (games.errors)."""

from __future__ import annotations

from games.errors import Forbidden, GameError, NotFound

__all__ = ["AlreadyEntered", "ChallengeClosed", "Forbidden", "NotFound", "RegisteredOnly"]


class AlreadyEntered(GameError):
    """A second entry of one person: the same account, or another account or guest of the same person
    (games.identity.entries)."""

    code = "already_entered"
    status = 409


class ChallengeClosed(GameError):
    code = "challenge_closed"
    status = 409


class RegisteredOnly(Forbidden):
    code = "not_authenticated"
