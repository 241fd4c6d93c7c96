"""One error shape for the whole API: {"error": {"code": ..., "message": ..., ...details}}."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from games.errors import GameError


def error_response(code: str, message: str, http_status: int, **details: Any) -> Response:
    return Response({"error": {"code": code, "message": message, **details}}, status=http_status)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, GameError):
        refused = error_response(exc.code, exc.message, exc.status, **exc.details)
        if "retry_after" in exc.details:  # a refusal that frees up later says when (429s)
            refused["Retry-After"] = str(exc.details["retry_after"])
        return refused
    if isinstance(exc, RequestDataTooBig):
        return error_response(*_TOO_LARGE)
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


_TOO_LARGE = ("too_large", "the request body is larger than the server accepts", 413)


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def _json_error(code: str, message: str, http_status: int) -> JsonResponse:
    return JsonResponse({"error": {"code": code, "message": message}}, status=http_status)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Django's 400 (a request refused before or outside a view: too large a body, a bad host...):
    the API's error shape under /api/, Django's page elsewhere."""
    if not _is_api(request):
        return defaults.bad_request(request, exception)
    if isinstance(exception, RequestDataTooBig):
        return _json_error(*_TOO_LARGE)
    return _json_error("bad_request", "the request was refused", 400)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """A path under /api/ that names no endpoint answers in the API's error shape."""
    if not _is_api(request):
        return defaults.page_not_found(request, exception)
    return _json_error("not_found", f"no API endpoint at {request.path}", 404)
