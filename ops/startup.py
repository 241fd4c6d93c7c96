"""What a process says when it starts: which core it runs (the AI's search and the Schnapsen and
Preisjass engines, games/native.py), the compiled one or the pure-Python reference, and why; the
reference as a warning, since every search AI then thinks several times slower. Logged by the web
process (config/asgi.py) and each Celery worker (config/celery.py) through the `kartentisch.startup`
logger (shown at INFO, config/settings.py)."""

from __future__ import annotations

import logging

from games import native

logger = logging.getLogger("kartentisch.startup")


def log_search_core() -> native.Status:
    status = native.status()
    what = "core (AI search and the five rules engines)"
    if status.compiled:
        logger.info("%s: %s", what, status.describe())
    else:
        logger.warning("%s: %s; the search AIs think several times slower", what, status.describe())
    return status
