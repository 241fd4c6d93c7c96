"""One error shape for the whole API: {"error": {"code": ..., "message": ..., ...details}}."""

from __future__ import annotations

from typing import Any

from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from games.errors import GameError


def error_response(code: str, message: str, http_status: int, **details: Any) -> Response:
    return Response({"error": {"code": code, "message": message, **details}}, status=http_status)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, GameError):
        return error_response(exc.code, exc.message, exc.status, **exc.details)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ParseError):
        return error_response("malformed_json", f"the request body is not valid JSON: {exc.detail}", 400)
    if isinstance(exc, exceptions.ValidationError):
        return error_response("invalid", "the request has invalid fields", 400, fields=exc.detail)
    if isinstance(exc, exceptions.Throttled):
        return error_response("throttled", str(exc.detail), status.HTTP_429_TOO_MANY_REQUESTS)
    if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        return error_response("not_authenticated", str(exc.detail), response.status_code)
    if isinstance(exc, exceptions.APIException):
        return error_response(exc.default_code, str(exc.detail), response.status_code)
    return response
