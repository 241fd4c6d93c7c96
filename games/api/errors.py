"""One error shape for the whole API: {"error": {"code": ..., "message": ..., ...details}}.

DRF's views answer in it through `exception_handler`. What answers outside them (a path that names no
endpoint, Django's 500 page, its debug pages when DEBUG is on) is put in the shape by
`ApiErrorMiddleware`, so every error under /api/ is JSON in every settings module."""

from __future__ import annotations

import json
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.middleware.common import CommonMiddleware
from django.urls import is_valid_path
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
    # Django's Http404 or PermissionDenied raised in a view, which DRF answers as {"detail": ...}.
    code = "not_found" if response.status_code == 404 else "permission_denied"
    return error_response(code, str(response.data.get("detail", "")), response.status_code)


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
    return api_error(request, 400)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """A path under /api/ that names no endpoint answers in the API's error shape."""
    if not _is_api(request):
        return defaults.page_not_found(request, exception)
    return api_error(request, 404)


# The code and message of an error that no view named, by status.
_BY_STATUS = {
    400: ("bad_request", "the request was refused"),
    403: ("forbidden", "this request is not allowed"),
    405: ("method_not_allowed", "{method} is not allowed at {path}"),
    413: _TOO_LARGE[:2],
    500: ("server_error", "the server failed to answer this request; the failure is logged"),
}


def api_error(request: HttpRequest, http_status: int, message: str = "") -> JsonResponse:
    """The error shape for a status that no API view chose a code for."""
    if http_status == 404:
        code, default = "not_found", f"no API endpoint at {request.path}"
        if not request.path_info.endswith("/") and is_valid_path(f"{request.path_info}/"):
            default += f" (the endpoint is {request.path}/, with the slash)"
    else:
        code, default = _BY_STATUS.get(http_status, ("error", HTTPStatus(http_status).phrase.lower()))
        default = default.format(method=request.method, path=request.path)
    return _json_error(code, message or default, http_status)


def _is_shape(data: Any) -> bool:
    return isinstance(data, dict) and isinstance(data.get("error"), dict)


def _in_shape(response: HttpResponseBase) -> bool:
    if isinstance(response, Response):  # a DRF view's, as JSON or the browsable API (development)
        renderer = getattr(response, "accepted_renderer", None)
        return _is_shape(response.data) and getattr(renderer, "format", "") in {"json", "api"}
    if response.streaming or not response.get("Content-Type", "").startswith("application/json"):
        return False
    try:
        return _is_shape(json.loads(response.content))  # type: ignore[attr-defined]
    except ValueError:
        return False


class ApiErrorMiddleware:
    """Every error answered under /api/ is JSON in the error shape: Django's 404 and 500 pages, its
    technical pages with DEBUG on, DRF's own `{"detail": ...}` (its message is kept) and a DRF error
    rendered as a page (the Swagger view's) become `{"error": {"code", "message"}}`, with the same
    status, headers (a 405 keeps its Allow) and cookies."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if response.status_code < 400 or not _is_api(request) or _in_shape(response):
            return response
        data: Any = getattr(response, "data", None)
        if _is_shape(data):
            shaped = JsonResponse({"error": data["error"]}, status=response.status_code)
        else:
            detail = data.get("detail", "") if isinstance(data, dict) else ""
            shaped = api_error(request, response.status_code, str(detail))
        for header, value in response.headers.items():  # Allow, the security headers, Vary, ...
            if header.lower() not in {"content-type", "content-length"}:
                shaped[header] = value
        shaped.cookies = response.cookies  # a session or CSRF cookie set on the way stays set
        return shaped


class ApiCommonMiddleware(CommonMiddleware):
    """Django's CommonMiddleware, but an /api/ path without its slash is a JSON 404 naming the
    endpoint, for every method, instead of a redirect: the client would repeat a POST as a GET, and
    with DEBUG on Django raises instead of redirecting a POST."""

    def should_redirect_with_slash(self, request: HttpRequest) -> bool:
        return not _is_api(request) and super().should_redirect_with_slash(request)
