"""`check --deploy`: a deployment whose mail only reaches the console (or comes from an address at
localhost) cannot send verification links or password resets (EMAIL_URL, config/email_url.py)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import Warning, register

_NOWHERE = {
    "django.core.mail.backends.console.EmailBackend",
    "django.core.mail.backends.locmem.EmailBackend",
    "django.core.mail.backends.dummy.EmailBackend",
    "django.core.mail.backends.filebased.EmailBackend",
}


@register(deploy=True)
def check_mail_reaches_players(app_configs: Any = None, **kwargs: Any) -> list[Warning]:
    found = []
    if settings.DEFAULT_FROM_EMAIL.rstrip(">").endswith("@localhost"):
        found.append(
            Warning(
                f"Mail is sent from {settings.DEFAULT_FROM_EMAIL}, an address no mail server accepts.",
                hint="Set DEFAULT_FROM_EMAIL, e.g. Kartentisch <noreply@cards.example.org>.",
                id="accounts.W002",
            )
        )
    if settings.EMAIL_BACKEND not in _NOWHERE:
        return found
    return [
        *found,
        Warning(
            "Mail goes to the console or a file, not to the players: they get no verification links and "
            "no password resets.",
            hint="Set EMAIL_URL (smtp://user:password@mail.example.org:587?tls=1) and DEFAULT_FROM_EMAIL.",
            id="accounts.W001",
        ),
    ]
