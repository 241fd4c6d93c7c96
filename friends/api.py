"""JSON endpoints under /api/friends/. Thin: parse, call a service or selector, answer."""

from __future__ import annotations

from typing import Any, cast

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import User
from friends import selectors, services
from games.api.serializers import StrictSerializer
from games.api.throttles import ScopedThrottle


class AskSerializer(StrictSerializer):
    username = serializers.CharField(max_length=services.MAX_NAME)


class TableInviteSerializer(StrictSerializer):
    match = serializers.IntegerField(min_value=1, max_value=10**18 - 1)


ERRORS = {
    400: OpenApiResponse(OpenApiTypes.OBJECT, description="invalid input, or oneself"),
    403: OpenApiResponse(OpenApiTypes.OBJECT, description="not logged in, blocked, or not friends"),
    404: OpenApiResponse(OpenApiTypes.OBJECT, description="no such player, request or invitation"),
    409: OpenApiResponse(OpenApiTypes.OBJECT, description="asked already, or the table is not open"),
}


class FriendsView(APIView):
    """Every friends endpoint: registered players only; writes throttled like the games API's."""

    throttle_scope = "writes"

    def get_throttles(self) -> list[Any]:
        return [ScopedThrottle()] if self.request.method != "GET" else []

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)
        if not request.user.is_authenticated:
            raise NotAuthenticated("log in to have friends")

    def me(self) -> User:
        return cast(User, self.request.user)

    def overview(self, status: int = 200) -> Response:
        return Response(selectors.friends_overview(self.me()), status=status)


class ListView(FriendsView):
    @extend_schema(
        operation_id="friends_list",
        summary="My friends (online, current table), requests both ways, blocks and table invitations",
        responses={200: OpenApiTypes.OBJECT, 403: ERRORS[403]},
    )
    def get(self, request: Request) -> Response:
        return self.overview()

    @extend_schema(
        operation_id="friends_ask",
        request=AskSerializer,
        summary="Ask a player (user name or display name) to be friends; accepts their request if any",
        responses={201: OpenApiTypes.OBJECT, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        body = AskSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.friend_request(user=self.me(), name=body.validated_data["username"])
        return self.overview(201)


class FriendView(FriendsView):
    @extend_schema(
        operation_id="friends_remove",
        summary="End a friendship or withdraw my request",
        responses={200: OpenApiTypes.OBJECT, **ERRORS},
    )
    def delete(self, request: Request, username: str) -> Response:
        services.friend_remove(user=self.me(), name=username)
        return self.overview()


class AcceptView(FriendsView):
    @extend_schema(
        operation_id="friends_accept",
        request=None,
        summary="Accept a player's request",
        responses={200: OpenApiTypes.OBJECT, **ERRORS},
    )
    def post(self, request: Request, username: str) -> Response:
        services.friend_accept(user=self.me(), name=username)
        return self.overview()


class DeclineView(FriendsView):
    @extend_schema(
        operation_id="friends_decline",
        request=None,
        summary="Decline a player's request",
        responses={200: OpenApiTypes.OBJECT, **ERRORS},
    )
    def post(self, request: Request, username: str) -> Response:
        services.friend_decline(user=self.me(), name=username)
        return self.overview()


class BlockView(FriendsView):
    @extend_schema(
        operation_id="friends_block",
        request=None,
        summary="Block a player: ends the friendship, requests and invitations between us",
        responses={201: OpenApiTypes.OBJECT, **ERRORS},
    )
    def post(self, request: Request, username: str) -> Response:
        services.block(user=self.me(), name=username)
        return self.overview(201)

    @extend_schema(
        operation_id="friends_unblock",
        summary="Unblock a player",
        responses={200: OpenApiTypes.OBJECT, **ERRORS},
    )
    def delete(self, request: Request, username: str) -> Response:
        services.unblock(user=self.me(), name=username)
        return self.overview()


class InviteView(FriendsView):
    @extend_schema(
        operation_id="friends_invite",
        request=TableInviteSerializer,
        summary="Invite a friend to an open table of mine",
        responses={201: OpenApiTypes.OBJECT, **ERRORS},
    )
    def post(self, request: Request, username: str) -> Response:
        body = TableInviteSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        made = services.table_invite(user=self.me(), name=username, match_id=body.validated_data["match"])
        return Response(
            {"id": made.pk, "to": made.recipient.get_username(), "match": made.match_id}, status=201
        )


class DismissView(FriendsView):
    @extend_schema(
        operation_id="friends_invitation_dismiss",
        summary="Dismiss a table invitation",
        responses={200: OpenApiTypes.OBJECT, **ERRORS},
    )
    def delete(self, request: Request, invitation_id: int) -> Response:
        services.invitation_dismiss(user=self.me(), invitation_id=invitation_id)
        return self.overview()
