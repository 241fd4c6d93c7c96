"""Why a match cannot be saved to a leaderboard. Rendered by the API's one error shape."""

from __future__ import annotations

from games.errors import GameError


class NotEligible(GameError):
    """Practice, abandoned, or a game without a board: never saved, whatever is retried."""

    code = "not_eligible"
    status = 400


class MatchNotFinished(GameError):
    code = "match_not_finished"
    status = 409


class SaveFailed(GameError):
    """The save step itself failed (database trouble...); the match is untouched and a retry may work."""

    code = "save_failed"
    status = 503


class ResultHeld(MatchNotFinished):
    """A table of a shared-deal event whose player looks like the same person as another of its players:
    saved when staff clear the link (games.identity.entries)."""

    code = "result_held"
