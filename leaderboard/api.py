"""JSON endpoints: the public boards (paginated, cacheable) and a match's save status and retry."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpResponse, HttpResponseBase
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.throttles import ScopedThrottle
from games.catalog.params import whole_number
from games.errors import BadRequest, NotFound, NotSeated
from games.live.actors import actor_from_request
from games.models import Match
from leaderboard import bodies, selectors
from leaderboard.services import leaderboard_save_match

MAX_AGE = bodies.MAX_AGE


def _int_param(request: Request, name: str, default: int) -> int:
    value = whole_number(request.query_params.get(name), name=name)
    return default if value is None else value


class BoardView(APIView):
    """Public and credential-free: no session is read, so caches and other sites may share answers."""

    def get_authenticators(self) -> list[Any]:
        return []

    @extend_schema(
        operation_id="leaderboard_board",
        summary="A game's public leaderboard: the best 100, in pages",
        parameters=[
            OpenApiParameter("page", int, description="1-based page within the top 100"),
            OpenApiParameter("page_size", int, description="25 (default) or 50"),
        ],
        responses={
            200: OpenApiResponse(OpenApiTypes.OBJECT, description="one page"),
            304: OpenApiResponse(description="unchanged since the ETag sent in If-None-Match"),
        },
    )
    def get(self, request: Request, game: str) -> HttpResponseBase:
        page = _int_param(request, "page", 1)
        page_size = _int_param(request, "page_size", selectors.PAGE_SIZES[0])
        if page_size not in selectors.PAGE_SIZES:
            raise BadRequest(f"page_size is one of {', '.join(map(str, selectors.PAGE_SIZES))}")
        base = request.build_absolute_uri(request.path)
        answer = bodies.api_answer(game, page, page_size, base)
        response: HttpResponseBase
        if bodies.not_modified(request.headers.get("If-None-Match", ""), answer.etag):
            response = HttpResponse(status=304)
        elif request.accepted_renderer.format == "json":
            response = HttpResponse(answer.body, content_type="application/json")  # the cached bytes
        else:  # the browsable API (development): DRF renders the same payload
            response = Response(json.loads(answer.body))
        bodies.api_headers(response, answer.etag)
        return response


class SaveStatusView(APIView):
    @extend_schema(
        operation_id="leaderboard_save_status",
        summary="Was this match's result saved to its leaderboard?",
        responses=OpenApiTypes.OBJECT,
    )
    def get(self, request: Request, match_id: int) -> Response:
        return Response(selectors.save_status(match_id, actor_from_request(request)))


class SaveRetryView(APIView):
    throttle_scope = "writes"

    def get_throttles(self) -> list[Any]:
        return [ScopedThrottle()]

    @extend_schema(
        operation_id="leaderboard_save_retry",
        request=None,
        summary="'Ergebnis erneut speichern': save again (any seated player; stores each result once)",
        responses={
            200: OpenApiResponse(OpenApiTypes.OBJECT, description="saved (now or before)"),
            400: OpenApiResponse(OpenApiTypes.OBJECT, description="practice, abandoned or no board"),
            403: OpenApiResponse(OpenApiTypes.OBJECT, description="not a player of this match"),
            409: OpenApiResponse(OpenApiTypes.OBJECT, description="the match is not finished"),
            503: OpenApiResponse(OpenApiTypes.OBJECT, description="the save failed again; retry later"),
        },
    )
    def post(self, request: Request, match_id: int) -> Response:
        actor = actor_from_request(request)
        match = Match.objects.filter(pk=match_id).prefetch_related("seats").first()
        if match is None:
            raise NotFound(f"no match {match_id}")
        if not any(not seat.is_ai and actor.owns(seat) for seat in match.seats.all()):
            raise NotSeated("only a player of this match can save its result")
        leaderboard_save_match(match_id=match_id)
        return Response(selectors.save_status(match_id, actor))
