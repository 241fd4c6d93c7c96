"""The refusals of the analysis endpoint, in the API's error shape (games.errors.GameError). A 429
carries `retry_after` (seconds; also the Retry-After header), so the page can say when to try again."""

from __future__ import annotations

from games.errors import Forbidden, GameError


class PlayersOnly(Forbidden):
    """Somebody who did not play the match (nor staff) asked for its analysis."""

    code = "analysis_players_only"


class QuotaUsed(GameError):
    """The person started ANALYSIS_DAILY_QUOTA analyses in the last 24 hours."""

    code = "analysis_quota"
    status = 429


class Busy(GameError):
    """ANALYSIS_MAX_ACTIVE analyses are queued or running on the site."""

    code = "analysis_busy"
    status = 429
