"""JSON endpoints of the table chat: report a message to staff, mute and unmute its author. Thin:
parse, call a service or selector, answer. The chat itself runs over the match socket (chat.socket)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from chat import selectors, services
from chat.models import MAX_TEXT
from games.api.serializers import StrictSerializer
from games.api.throttles import ScopedThrottle
from games.live.actors import actor_from_request


def _message_id() -> serializers.IntegerField:
    return serializers.IntegerField(min_value=1, max_value=10**18 - 1)


class ReportSerializer(StrictSerializer):
    message = _message_id()
    reason = serializers.CharField(max_length=MAX_TEXT, required=False, allow_blank=True, default="")


class MuteSerializer(StrictSerializer):
    message = _message_id()


ERRORS = {
    400: OpenApiResponse(OpenApiTypes.OBJECT, description="invalid input, or one's own message"),
    403: OpenApiResponse(
        OpenApiTypes.OBJECT, description="anonymous (not_authenticated), or the table is not yours to see"
    ),
    404: OpenApiResponse(
        OpenApiTypes.OBJECT, description="no such table, or no such message (or mute) you can see"
    ),
}
MUTES = OpenApiResponse(OpenApiTypes.OBJECT, description='{"mutes": [{"id", "name", "created_at"}]}')


class ChatView(APIView):
    """Writes throttled like the games API's; guests (a session with a guest name) included."""

    throttle_scope = "writes"

    def get_throttles(self) -> list[Any]:
        return [ScopedThrottle()] if self.request.method != "GET" else []


class ReportView(ChatView):
    @extend_schema(
        operation_id="chat_report",
        request=ReportSerializer,
        summary="Report a chat message of this table to staff (the conversation around it is attached)",
        description="201 when reported now, 200 when this reader had reported it already.",
        responses={
            201: OpenApiResponse(OpenApiTypes.OBJECT, description='{"id": report, "message": id}'),
            200: OpenApiResponse(OpenApiTypes.OBJECT, description="reported before"),
            **ERRORS,
        },
    )
    def post(self, request: Request, match_id: int) -> Response:
        body = ReportSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        report, made = services.chat_report(
            match_id=match_id,
            actor=actor_from_request(request),
            message_id=body.validated_data["message"],
            reason=body.validated_data["reason"],
        )
        return Response({"id": report.pk, "message": report.message_id}, status=201 if made else 200)


class MutesView(ChatView):
    @extend_schema(
        operation_id="chat_mutes",
        summary="The players whose chat I do not get",
        responses={200: MUTES},
    )
    def get(self, request: Request) -> Response:
        return Response({"mutes": selectors.mutes_of(actor_from_request(request))})

    @extend_schema(
        operation_id="chat_mute",
        request=MuteSerializer,
        summary="Mute the author of a chat message I can see, at every table (201; 200 if muted already)",
        responses={201: MUTES, 200: MUTES, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        body = MuteSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        actor = actor_from_request(request)
        _, made = services.chat_mute(actor=actor, message_id=body.validated_data["message"])
        return Response({"mutes": selectors.mutes_of(actor)}, status=201 if made else 200)


class MuteView(ChatView):
    @extend_schema(
        operation_id="chat_unmute",
        summary="Unmute a player",
        responses={200: MUTES, **ERRORS},
    )
    def delete(self, request: Request, mute_id: int) -> Response:
        actor = actor_from_request(request)
        services.chat_unmute(actor=actor, mute_id=mute_id)
        return Response({"mutes": selectors.mutes_of(actor)})
