"""JSON endpoints for leagues. Thin: parse, call a service or selector, answer."""

from __future__ import annotations

from typing import Any, cast

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
from games.catalog.params import whole_number
from games.identity.browser import request_origin
from games.models import SeatKind
from games.selectors import match_get, match_summary
from leagues import selectors, services
from leagues.errors import NotFound
from leagues.models import Access, LeagueMatch, Scoring


class LeagueCreateSerializer(StrictSerializer):
    name = serializers.CharField(max_length=services.MAX_NAME)
    game = serializers.CharField(max_length=32)
    options = serializers.DictField(required=False, default=dict)
    starts_on = serializers.DateField()
    ends_on = serializers.DateField()
    access = serializers.ChoiceField(choices=Access.values, required=False, default=Access.OPEN)
    scoring = serializers.ChoiceField(choices=Scoring.values, required=False, default=Scoring.TOTAL)
    recurs = serializers.BooleanField(required=False, default=False)
    # the AI level of every AI seat at the league's tables, fixed for good (default: Anton)
    ai_version = serializers.CharField(max_length=32, required=False, default=None)


class InviteSerializer(StrictSerializer):
    username = serializers.CharField(max_length=150)


class TableSerializer(StrictSerializer):
    # "human" or "ai" per seat (a plain string: the seat-kind enum is named by the games API).
    seats = serializers.ListField(child=serializers.CharField(max_length=8), min_length=1)
    # the league's own level (the default); any other is refused with `ai_level_fixed`
    ai_version = serializers.CharField(max_length=32, required=False, default=None)

    def validate_seats(self, value: list[str]) -> list[str]:
        if any(kind not in SeatKind.values for kind in value):
            raise serializers.ValidationError("a seat is either 'human' or 'ai'")
        return value


class RoundSerializer(StrictSerializer):
    tables = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField(max_length=150), min_length=1),
        min_length=1,
        max_length=services.MAX_ROUND_TABLES,
        error_messages={"max_length": f"a duplicate round has at most {services.MAX_ROUND_TABLES} tables"},
    )
    ai_version = serializers.CharField(max_length=32, required=False, default=None)


def _user(request: Request) -> User:
    return cast(User, request.user)


ERRORS = {
    400: OpenApiResponse(OpenApiTypes.OBJECT, description="invalid input"),
    403: OpenApiResponse(OpenApiTypes.OBJECT, description="not logged in, not invited or not allowed"),
    404: OpenApiResponse(OpenApiTypes.OBJECT, description="no such league or player"),
    409: OpenApiResponse(OpenApiTypes.OBJECT, description="already a member, or the season is over"),
}


class Writes(APIView):
    throttle_scope = "writes"

    def get_throttles(self) -> list[Any]:
        return [ScopedThrottle()] if self.request.method == "POST" else []


class LeagueListView(Writes):
    @extend_schema(operation_id="leagues_list", summary="Every league", responses=OpenApiTypes.OBJECT)
    def get(self, request: Request) -> Response:
        return Response({"leagues": [selectors.league_summary(lg) for lg in selectors.league_list()]})

    @extend_schema(
        operation_id="leagues_create",
        request=LeagueCreateSerializer,
        summary="Create a league and its first season (any registered player)",
        responses={201: OpenApiTypes.OBJECT, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        body = LeagueCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        league = services.league_create(creator=_user(request), **body.validated_data)
        return Response(selectors.league_summary(league), status=201)


class LeagueDetailView(APIView):
    @extend_schema(
        operation_id="leagues_detail", summary="One league", responses={200: OpenApiTypes.OBJECT, **ERRORS}
    )
    def get(self, request: Request, league_id: int) -> Response:
        league = selectors.league_get(league_id)
        payload = selectors.league_summary(league)
        payload["member_names"] = [m.user.get_username() for m in selectors.league_members(league)]
        return Response(payload)


class JoinView(Writes):
    @extend_schema(
        operation_id="leagues_join",
        request=None,
        summary="Join an open league (or accept an invitation)",
        responses={201: OpenApiTypes.OBJECT, **ERRORS},
    )
    def post(self, request: Request, league_id: int) -> Response:
        services.league_join(league_id=league_id, user=_user(request))
        return Response(selectors.league_summary(selectors.league_get(league_id)), status=201)


class InviteView(Writes):
    @extend_schema(
        operation_id="leagues_invite",
        request=InviteSerializer,
        summary="Invite a registered player",
        responses={201: OpenApiTypes.OBJECT, **ERRORS},
    )
    def post(self, request: Request, league_id: int) -> Response:
        body = InviteSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        invitation = services.invitation_create(
            league_id=league_id, inviter=_user(request), username=body.validated_data["username"]
        )
        return Response({"league": league_id, "username": invitation.user.get_username()}, status=201)


class AcceptView(Writes):
    @extend_schema(
        operation_id="leagues_accept",
        request=None,
        summary="Accept my invitation",
        responses={201: OpenApiTypes.OBJECT, **ERRORS},
    )
    def post(self, request: Request, league_id: int) -> Response:
        services.invitation_accept(league_id=league_id, user=_user(request))
        return Response(selectors.league_summary(selectors.league_get(league_id)), status=201)


class StandingsView(APIView):
    @extend_schema(
        operation_id="leagues_standings",
        summary="A season's standings (the current one by default; archived seasons are frozen)",
        parameters=[OpenApiParameter("season", int, description="season number")],
        responses={200: OpenApiTypes.OBJECT, **ERRORS},
    )
    def get(self, request: Request, league_id: int) -> Response:
        league = selectors.league_get(league_id)
        number = whole_number(request.query_params.get("season"), name="season")
        season = selectors.season_for(league, number)
        if season is None:
            raise NotFound("no such season")
        return Response(
            {
                "league": league.pk,
                "scoring": league.scoring,
                "ai_version": league.ai_version,
                "season": selectors.season_summary(season),
                "standings": selectors.season_table(season),
            }
        )


class TablesView(Writes):
    @extend_schema(
        operation_id="leagues_open_table",
        request=TableSerializer,
        summary="A member opens a league table (sitting at seat 0)",
        responses={201: OpenApiTypes.OBJECT, **ERRORS},
    )
    def post(self, request: Request, league_id: int) -> Response:
        body = TableSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        match = services.league_table_open(
            league_id=league_id, user=_user(request), origin=request_origin(request), **body.validated_data
        )
        return Response(match_summary(match_get(match.pk)), status=201)


class RoundsView(Writes):
    @extend_schema(
        operation_id="leagues_open_round",
        request=RoundSerializer,
        summary="Open a duplicate round: every table gets the same secret deals (creator or staff)",
        responses={201: OpenApiTypes.OBJECT, **ERRORS},
    )
    def post(self, request: Request, league_id: int) -> Response:
        body = RoundSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        names = {name for roster in body.validated_data["tables"] for name in roster}
        users = {u.get_username(): u for u in User.objects.filter(username__in=names)}
        missing = sorted(names - set(users))
        if missing:
            raise NotFound(f"no player {missing[0]!r}")
        round_ = services.duplicate_round_open(
            league_id=league_id,
            user=_user(request),
            tables=[[users[name] for name in roster] for roster in body.validated_data["tables"]],
            ai_version=body.validated_data["ai_version"],
        )
        matches = (
            LeagueMatch.objects.filter(round=round_).order_by("table").values_list("match_id", flat=True)
        )
        return Response({"round": round_.pk, "matches": list(matches)}, status=201)


class DeclineView(Writes):
    @extend_schema(
        operation_id="leagues_decline",
        request=None,
        summary="Decline my invitation",
        responses={204: None, **ERRORS},
    )
    def post(self, request: Request, league_id: int) -> Response:
        services.invitation_decline(league_id=league_id, user=_user(request))
        return Response(status=204)


class PlayerSuggestView(APIView):
    """Names for the invite field as one types: logged-in players only, throttled like the writes."""

    throttle_scope = "writes"

    def get_throttles(self) -> list[Any]:
        return [ScopedThrottle()]

    @extend_schema(
        operation_id="leagues_player_suggestions",
        summary="Players whose user name or display name begins with q (at least 2 letters; 10 at most)",
        parameters=[OpenApiParameter("q", str, description="the typed beginning of a name")],
        responses={200: OpenApiResponse(OpenApiTypes.OBJECT), 403: ERRORS[403]},
    )
    def get(self, request: Request) -> Response:
        if not request.user.is_authenticated:
            raise NotAuthenticated("log in to look players up")
        prefix = request.query_params.get("q", "")[:40]
        if "\x00" in prefix:  # no name has one, and PostgreSQL refuses to compare it
            raise serializers.ValidationError({"q": ["a name has no NUL character"]})
        return Response({"q": prefix, "players": selectors.player_suggestions(prefix, asker=_user(request))})
