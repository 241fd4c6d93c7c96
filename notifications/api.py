"""JSON endpoints under /api/notifications/. Thin: parse, call a service or selector, answer.

Registered players only: a guest has no notifications, and every endpoint answers a guest 403
`not_authenticated` in the API's error shape."""

from __future__ import annotations

from typing import Any, cast

from django.core.paginator import InvalidPage
from django.utils.translation import get_language
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import User
from games.api.serializers import StrictSerializer
from games.api.throttles import ScopedThrottle
from notifications import selectors, services
from notifications.errors import NotFound
from notifications.kinds import Kind
from notifications.push import push_available
from notifications.receivers import SESSION_SUBSCRIPTIONS

MAX_IDS = 200


class PageQuerySerializer(StrictSerializer):
    page = serializers.IntegerField(min_value=1, max_value=10**6, required=False, default=1)


class ReadSerializer(StrictSerializer):
    ids = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=10**18 - 1),
        required=False,
        min_length=1,
        max_length=MAX_IDS,
    )
    all = serializers.BooleanField(required=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("ids" in attrs) == bool(attrs.get("all")):
            raise serializers.ValidationError(
                'name the notifications ("ids": [...]) or all of them ("all": true)'
            )
        return attrs


class PreferencesSerializer(StrictSerializer):
    preferences = serializers.JSONField(help_text='{"kind": {"site"|"email"|"push": true|false}}')


class PushKeysSerializer(StrictSerializer):
    p256dh = serializers.CharField(max_length=200)
    auth = serializers.CharField(max_length=200)


class PushSubscribeSerializer(StrictSerializer):
    """The browser's PushSubscription.toJSON()."""

    endpoint = serializers.CharField(max_length=services.MAX_ENDPOINT)
    keys = PushKeysSerializer()
    expirationTime = serializers.FloatField(required=False, allow_null=True)


class PushUnsubscribeSerializer(StrictSerializer):
    endpoint = serializers.CharField(max_length=services.MAX_ENDPOINT)


ERRORS = {
    400: OpenApiResponse(OpenApiTypes.OBJECT, description="invalid input: an unknown kind or channel, ..."),
    403: OpenApiResponse(OpenApiTypes.OBJECT, description="not logged in (guests have no notifications)"),
    404: OpenApiResponse(OpenApiTypes.OBJECT, description="no such notification or subscription of yours"),
}


class NotificationsView(APIView):
    """Every notifications endpoint: registered players only; writes throttled like the games API's."""

    throttle_scope = "writes"

    def get_throttles(self) -> list[Any]:
        return [ScopedThrottle()] if self.request.method != "GET" else []

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)
        if not request.user.is_authenticated:
            raise NotAuthenticated("log in to have notifications")
        services.reader_language_note(user_id=request.user.pk, language=get_language() or "")

    def me(self) -> User:
        return cast(User, self.request.user)


class ListView(NotificationsView):
    @extend_schema(
        operation_id="notifications_list",
        summary="My notifications, newest first (20 a page), with the unread count",
        parameters=[OpenApiParameter("page", int, description="1 and up")],
        responses={200: OpenApiTypes.OBJECT, **ERRORS},
    )
    def get(self, request: Request) -> Response:
        query = PageQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        try:
            page = selectors.notifications_page(self.me().pk, query.validated_data["page"])
        except InvalidPage as exc:
            raise NotFound("no such page of notifications") from exc
        return Response(
            {
                "unread": selectors.unread_count(self.me().pk),
                "count": page.paginator.count,
                "page": page.number,
                "pages": page.paginator.num_pages,
                "results": [selectors.notification_row(n) for n in page.object_list],
            }
        )


class CountView(NotificationsView):
    @extend_schema(
        operation_id="notifications_count",
        summary="How many of my notifications are unread (what the bell shows; the pages poll it)",
        responses={200: OpenApiTypes.OBJECT, 403: ERRORS[403]},
    )
    def get(self, request: Request) -> Response:
        return Response({"unread": selectors.unread_count(self.me().pk)})


class ReadView(NotificationsView):
    @extend_schema(
        operation_id="notifications_read",
        request=ReadSerializer,
        summary='Mark read: {"ids": [...]} (each one mine, else nothing changes) or {"all": true}',
        responses={200: OpenApiTypes.OBJECT, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        body = ReadSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        ids = None if body.validated_data.get("all") else body.validated_data["ids"]
        marked = services.notifications_read(user=self.me(), ids=ids)
        return Response({"marked": marked, "unread": selectors.unread_count(self.me().pk)})


def _preferences(user: User) -> dict[str, Any]:
    return {
        "preferences": selectors.preferences(user.pk),
        "names": {kind.value: str(kind.label) for kind in Kind},
        "email_verified": user.email_verified,
        "push": {
            "available": push_available(),
            "public_key": selectors.push_public_key(),
            "endpoints": selectors.push_endpoints(user.pk),
        },
    }


class PreferencesView(NotificationsView):
    @extend_schema(
        operation_id="notifications_preferences",
        summary="My channels per kind (site, email, push), and whether e-mail and push can reach me",
        responses={200: OpenApiTypes.OBJECT, 403: ERRORS[403]},
    )
    def get(self, request: Request) -> Response:
        return Response(_preferences(self.me()))

    @extend_schema(
        operation_id="notifications_preferences_set",
        request=PreferencesSerializer,
        summary="Switch channels per kind; the kinds and channels not named stay as they are",
        responses={200: OpenApiTypes.OBJECT, **ERRORS},
    )
    def put(self, request: Request) -> Response:
        body = PreferencesSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.preferences_set(user=self.me(), choices=body.validated_data["preferences"])
        return Response(_preferences(self.me()))


class PushView(NotificationsView):
    @extend_schema(
        operation_id="notifications_push_subscribe",
        request=PushSubscribeSerializer,
        summary="Subscribe this browser to Web Push (its PushSubscription.toJSON())",
        responses={
            201: OpenApiTypes.OBJECT,
            **ERRORS,
            409: OpenApiResponse(OpenApiTypes.OBJECT, description="push is not set up on this server"),
        },
    )
    def post(self, request: Request) -> Response:
        body = PushSubscribeSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        made = services.push_subscribe(
            user=self.me(), endpoint=body.validated_data["endpoint"], keys=body.validated_data["keys"]
        )
        # A logout ends the subscriptions made in its session (notifications.receivers.on_logged_out).
        made_here = list(request.session.get(SESSION_SUBSCRIPTIONS) or [])
        request.session[SESSION_SUBSCRIPTIONS] = [*made_here[-9:], made.pk]
        return Response({"endpoint": made.endpoint, "subscribed": True}, status=201)

    @extend_schema(
        operation_id="notifications_push_unsubscribe",
        request=PushUnsubscribeSerializer,
        summary="End this browser's push subscription",
        responses={200: OpenApiTypes.OBJECT, **ERRORS},
    )
    def delete(self, request: Request) -> Response:
        body = PushUnsubscribeSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.push_unsubscribe(user=self.me(), endpoint=body.validated_data["endpoint"])
        return Response({"endpoint": body.validated_data["endpoint"], "subscribed": False})
