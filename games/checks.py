"""System checks (`manage.py check`, and every server start) for settings that would break play."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import Error, register


@register()
def presence_settings(app_configs: Any, **kwargs: Any) -> list[Error]:
    """A web process counts as dead after PRESENCE_EXPIRY seconds without a heartbeat; with no
    heartbeat, or one too rare to miss a beat or two, live players would be counted away."""
    heartbeat, expiry = settings.PRESENCE_HEARTBEAT, settings.PRESENCE_EXPIRY
    if expiry > 0 and not 0 < heartbeat <= expiry / 3:
        return [
            Error(
                f"PRESENCE_EXPIRY ({expiry}) needs PRESENCE_HEARTBEAT between 0 and a third of it "
                f"(it is {heartbeat}); or set PRESENCE_EXPIRY to 0 to switch the expiry off",
                id="games.E001",
            )
        ]
    return []
