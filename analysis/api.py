"""GET and POST /api/matches/{id}/analysis/: read the post-match analysis, or ask for it."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from analysis.admission import Requester
from analysis.services import analysable, analysis_read, analysis_request
from games.api.views import WriteThrottled
from games.live.actors import actor_from_request

_SHAPE = (
    "status: none (not asked yet), pending, running, done, failed, or unavailable (no analyser for this "
    "game); may_request: whether the reader may start it (a player of the match, or staff); progress: "
    "{done, total} decisions; analysis (once done): unit, thresholds, kinds (a "
    "decision kind's own unit and thresholds where they differ), decisions (seq, seat, deal, kind, unit, "
    "played, best, loss, class, the open-hand and own-view values of every alternative) and a summary "
    "per seat (accuracy, points lost in all and per deal, lost_other by unit); round (a table of a released "
    "duplicate round, once the analysis is done or failed): per deal and seat position every table's "
    "points and, where its analysis is done, the points lost there. 403 while the match runs or its "
    "duplicate round is embargoed."
)


def requester_of(request: Request) -> Requester:
    return Requester(actor=actor_from_request(request), staff=bool(getattr(request.user, "is_staff", False)))


class AnalysisView(WriteThrottled):
    @extend_schema(
        operation_id="match_analysis",
        summary="The post-match analysis of every decision: status, progress and the figures",
        description=_SHAPE,
        responses={200: OpenApiResponse(OpenApiTypes.OBJECT, description="the analysis and its status")},
    )
    def get(self, request: Request, match_id: int) -> Response:
        requester = requester_of(request)
        return Response(analysis_read(analysable(match_id, requester.actor), requester=requester))

    @extend_schema(
        operation_id="match_analysis_request",
        request=None,
        summary="Ask for the post-match analysis (players and staff; started once, a failed one again)",
        description=_SHAPE
        + " Refusals: 403 analysis_players_only (not a player of the match); 429 analysis_quota (the "
        "daily quota of analyses started is used up: available_at, retry_after) or analysis_busy (as "
        "many analyses queued or running as the site takes: retry_after), with a Retry-After header.",
        responses={
            202: OpenApiResponse(OpenApiTypes.OBJECT, description="started or under way"),
            200: OpenApiResponse(OpenApiTypes.OBJECT, description="done, or unavailable for this game"),
            403: OpenApiResponse(OpenApiTypes.OBJECT, description="not a player of the match"),
            429: OpenApiResponse(OpenApiTypes.OBJECT, description="quota used up, or the site busy"),
        },
    )
    def post(self, request: Request, match_id: int) -> Response:
        requester = requester_of(request)
        payload = analysis_request(match=analysable(match_id, requester.actor), requester=requester)
        return Response(payload, status=202 if payload["status"] in ("pending", "running") else 200)
