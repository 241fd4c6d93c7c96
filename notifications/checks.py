"""System checks: VAPID keys that cannot sign stop the start (push would fail for everyone)."""

from __future__ import annotations

from typing import Any

from django.core.checks import Error, register

from notifications.push import vapid_problem


@register()
def check_vapid_keys(app_configs: Any = None, **kwargs: Any) -> list[Error]:
    problem = vapid_problem()
    if not problem:
        return []
    return [Error(problem, hint="Make a key pair with `manage.py vapid_keys`.", id="notifications.E001")]
