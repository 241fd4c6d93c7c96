"""Listeners on the games app's signals."""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings

log = logging.getLogger(__name__)


def on_match_finished(sender: Any, match_id: int, **kwargs: Any) -> None:
    """Project the finished (or released) match onto the collusion monitor as a separate step on the
    analysis queue, so that its seconds of valuation never delay a move or a leaderboard save.

    Tests and AI_RUNNER="inline" run the task in-process (`apply`); otherwise it is queued."""
    from collusion.tasks import project_match

    try:
        if settings.AI_RUNNER == "inline":
            project_match.apply(args=(match_id,))
        else:
            project_match.delay(match_id)
    except Exception:  # the match is finished whatever happens here; a rebuild repairs the projection
        log.exception("could not start the collusion monitor for match %s", match_id)
