"""The registration rate (REST_FRAMEWORK's `registrations`, 30 an hour) per client address."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from rest_framework.throttling import SimpleRateThrottle

from ops.client_address import client_address


class RegistrationThrottle(SimpleRateThrottle):
    scope = "registrations"

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": client_address(request)}


def registration_allowed(request: HttpRequest) -> bool:
    """Count one registration attempt from the request's address; False past the rate."""
    throttle: Any = RegistrationThrottle()  # DRF's throttles read only what a plain request has
    return bool(throttle.allow_request(request, None))


class EmailChangeThrottle(SimpleRateThrottle):
    """The address form tells whether another account has an address, as registration does: the same
    rate, per account (one account must not test address after address)."""

    scope = "registrations"

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": "email_change", "ident": request.user.pk}


def email_change_allowed(request: HttpRequest) -> bool:
    throttle: Any = EmailChangeThrottle()
    return bool(throttle.allow_request(request, None))
