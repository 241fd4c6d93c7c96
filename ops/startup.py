"""What a process says when it starts: which AI search core it runs (games/ai/native.py), the compiled
one or the pure-Python reference, and why; the reference as a warning, since every search AI then
thinks several times slower. Logged by the web process (config/asgi.py) and each Celery worker
(config/celery.py) through the `kartentisch.startup` logger (shown at INFO, config/settings.py)."""

from __future__ import annotations

import logging

from games.ai import native

logger = logging.getLogger("kartentisch.startup")


def log_search_core() -> native.Status:
    status = native.status()
    if status.compiled:
        logger.info("AI search core: %s", status.describe())
    else:
        logger.warning("AI search core: %s; the search AIs think several times slower", status.describe())
    return status
