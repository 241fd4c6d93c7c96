"""Listeners on the games app's signals."""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings

log = logging.getLogger(__name__)


def on_match_finished(sender: Any, match_id: int, **kwargs: Any) -> None:
    """Save the finished match's results as a separate step, so a failing save never touches the match.

    Tests and the AI_RUNNER="inline" setup run the task right here (`apply`: in-process, whatever the
    broker); otherwise it is queued (`delay`), which without REDIS_URL also runs eagerly in-process."""
    from leaderboard.tasks import save_match

    try:
        if settings.AI_RUNNER == "inline":
            save_match.apply(args=(match_id,))
        else:
            save_match.delay(match_id)
    except Exception:  # the match is finished whatever happens here; the page offers a retry
        log.exception("could not start saving match %s to the leaderboard", match_id)
