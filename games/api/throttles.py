"""Rate limits of the API, keyed by user or by the client address from ops/client_address.py (DRF's
own `get_ident` believes any X-Forwarded-For)."""

from __future__ import annotations

from typing import Any

from rest_framework.throttling import ScopedRateThrottle

from ops.client_address import client_address


class ScopedThrottle(ScopedRateThrottle):
    def get_ident(self, request: Any) -> str:
        return client_address(request)
