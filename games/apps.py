from __future__ import annotations

from django.apps import AppConfig
from django.conf import settings


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.urls import register_converter

        # Imported for what they register: the system checks, the Celery tasks (the services enqueue
        # them by name) and the OpenAPI auth extension.
        from games import checks, tasks  # noqa: F401
        from games.api import schema  # noqa: F401
        from games.api.converters import IdConverter
        from games.services.ai import on_ai_move_due
        from games.signals import ai_move_due

        ai_move_due.connect(on_ai_move_due, dispatch_uid="games.ai_move_schedule")
        _register_state_snapshots()
        register_converter(IdConverter, "id")  # before any URL module is read

        if settings.WATCHDOG_THREAD:
            from games.services.embedded_beat import embedded_beat_start

            embedded_beat_start()


def _register_state_snapshots() -> None:
    """The one projection of the games app itself: the engine state snapshots of long matches."""
    from games.results.projections import Projection, projection_register
    from games.store import state_snapshots

    projection_register(
        Projection(name=state_snapshots.NAME, wipe=state_snapshots.wipe, rebuild=state_snapshots.rebuild)
    )
