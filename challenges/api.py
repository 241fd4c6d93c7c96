"""JSON endpoints of the daily challenge. Thin: parse, call a service or selector, answer."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from challenges import selectors, services
from challenges.errors import Forbidden
from games.api.throttles import ScopedThrottle
from games.identity.browser import request_origin

ERRORS = {
    401: OpenApiResponse(OpenApiTypes.OBJECT, description="not logged in"),
    403: OpenApiResponse(OpenApiTypes.OBJECT, description="not logged in, or the results are not yours yet"),
    404: OpenApiResponse(OpenApiTypes.OBJECT, description="no such challenge"),
    409: OpenApiResponse(OpenApiTypes.OBJECT, description="already entered, or the challenge is closed"),
}


class ChallengeListView(APIView):
    @extend_schema(
        operation_id="challenges_list", summary="Today's open challenges", responses=OpenApiTypes.OBJECT
    )
    def get(self, request: Request) -> Response:
        services.challenges_ensure_today()
        return Response({"challenges": [selectors.challenge_payload(c) for c in selectors.open_challenges()]})


class ChallengeDetailView(APIView):
    @extend_schema(
        operation_id="challenges_detail",
        summary="One challenge (its seed once it is closed)",
        responses={200: OpenApiTypes.OBJECT, **ERRORS},
    )
    def get(self, request: Request, challenge_id: int) -> Response:
        return Response(selectors.challenge_payload(selectors.challenge_get(challenge_id)))


class EnterView(APIView):
    throttle_scope = "writes"

    def get_throttles(self) -> list[Any]:
        return [ScopedThrottle()]

    @extend_schema(
        operation_id="challenges_enter",
        request=None,
        summary="Enter a challenge: opens its table with the player's seat",
        responses={201: OpenApiTypes.OBJECT, **ERRORS},
    )
    def post(self, request: Request, challenge_id: int) -> Response:
        user = request.user if request.user.is_authenticated else None
        entry = services.challenge_enter(challenge_id=challenge_id, user=user, origin=request_origin(request))
        return Response({"challenge": challenge_id, "entry": entry.pk, "match": entry.match_id}, status=201)


class ResultsView(APIView):
    @extend_schema(
        operation_id="challenges_results",
        summary="The ranked field: the top 100 and my row",
        responses={200: OpenApiTypes.OBJECT, **ERRORS},
    )
    def get(self, request: Request, challenge_id: int) -> Response:
        challenge = selectors.challenge_get(challenge_id)
        user = request.user if request.user.is_authenticated else None
        results_check(challenge, user)
        return Response(selectors.results(challenge, user))


def results_check(challenge: Any, user: Any) -> None:
    """While a challenge is open, only a player who has finished it reads its field: the scores tell
    how the deals went."""
    if challenge.is_open:
        mine = selectors.entry_of(challenge, user)
        if mine is None or mine.finished_at is None:
            raise Forbidden("the results of an open challenge are shown to those who have finished it")
