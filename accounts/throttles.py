"""The registration rate (REST_FRAMEWORK's `registrations`, 30 an hour) per client address."""

from __future__ import annotations

from typing import Any

from rest_framework.throttling import SimpleRateThrottle

from config.client_address import client_address


class RegistrationThrottle(SimpleRateThrottle):
    scope = "registrations"

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": client_address(request)}
