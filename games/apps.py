from __future__ import annotations

import logging
import threading
import time

from django.apps import AppConfig
from django.conf import settings

log = logging.getLogger(__name__)


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.urls import register_converter

        # Imported for what they register: the system checks, the Celery tasks (the services enqueue
        # them by name) and the OpenAPI auth extension.
        from games import checks, tasks  # noqa: F401
        from games.api import schema  # noqa: F401
        from games.converters import IdConverter
        from games.services.ai import on_ai_move_due
        from games.signals import ai_move_due

        ai_move_due.connect(on_ai_move_due, dispatch_uid="games.ai_move_schedule")
        register_converter(IdConverter, "id")  # before any URL module is read

        if settings.WATCHDOG_THREAD:
            threading.Thread(target=_watchdog_loop, name="watchdog", daemon=True).start()


def _watchdog_loop() -> None:
    """The embedded server's stand-in for Celery beat."""
    from django.db import close_old_connections

    from games.services.watchdog import watchdog_tick

    while True:
        time.sleep(settings.WATCHDOG_INTERVAL)
        try:
            close_old_connections()
            watchdog_tick()
        except Exception:
            log.exception("watchdog tick failed")
        finally:
            close_old_connections()
