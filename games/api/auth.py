"""Session authentication that checks CSRF on every unsafe request, guests included: a guest's seat is
bound to its session cookie, so a forged cross-site request must not act for it either."""

from __future__ import annotations

from typing import Any

from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request


class CsrfSessionAuthentication(SessionAuthentication):
    def authenticate(self, request: Request) -> tuple[Any, None] | None:
        result = super().authenticate(request)
        if result is None and request.method not in SAFE_METHODS:
            self.enforce_csrf(request)
        return result
