"""Listeners on the games app's signals."""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings

log = logging.getLogger(__name__)


def on_match_finished(sender: Any, match_id: int, **kwargs: Any) -> None:
    """Project the finished (or published) match and release its duplicate round when it was the last
    table to end, as a separate step, so a failure never touches the match (a failed projection is
    recorded for staff; `rebuild_standings` repairs one that never ran). Also connected to
    `match_abandoned`: an abandoned table projects nothing, but its round may be over now.

    Tests and AI_RUNNER="inline" run the task in-process (`apply`); otherwise it is queued."""
    from leagues.tasks import project_match

    try:
        if settings.AI_RUNNER == "inline":
            project_match.apply(args=(match_id,))
        else:
            project_match.delay(match_id)
    except Exception:
        log.exception("could not project match %s onto leagues and ratings", match_id)
