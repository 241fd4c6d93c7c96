"""REST endpoints. Thin: parse, call a service or selector, answer."""

from __future__ import annotations

import secrets
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import ai as ai_registry
from games import packs, selectors
from games.api import serializers as s
from games.api.throttles import ScopedThrottle
from games.catalog.ai_strength import ai_choices, ai_strength
from games.catalog.ai_words import choice_json
from games.catalog.params import whole_number
from games.catalog.titles import game_title
from games.engine import get_rules
from games.errors import BadRequest
from games.identity.browser import with_origin
from games.identity.names import check_player_name, cleaned, default_ai_names
from games.live import watchlist
from games.live.actors import Actor, actor_from_request
from games.live.presence import match_leave, match_settings_update
from games.models import Match
from games.services.matches import (
    SeatSpec,
    match_act,
    match_create,
    match_join,
    match_show_hands,
)
from games.services.turns import match_overdue_choose


def acting_actor(request: Request, name: str = "") -> Actor:
    """The request's actor taking a seat, with where it acts from; an anonymous visitor who gives a
    name becomes a guest of this session (a name an AI plays under is refused)."""
    actor = actor_from_request(request)
    name = cleaned(name)[:40]  # stored without invisible and BiDi control characters
    if actor.user_id is None and name:
        check_player_name(name)  # no guest plays under an AI's name, or one that looks like it
        session = request.session
        session.setdefault("guest_token", secrets.token_hex(16))
        session["guest_name"] = name
        actor = actor_from_request(request)
    return with_origin(actor, request)


def with_invite(summary: dict[str, Any], match: Match, request: Request, actor: Actor) -> dict[str, Any]:
    """`summary`, with a private table's `invite_url` when the asker sits at it (never to others)."""
    path = selectors.invite_path(match, actor)
    return {**summary, "invite_url": request.build_absolute_uri(path)} if path else summary


class WriteThrottled(APIView):
    throttle_scope = "writes"

    def get_throttles(self) -> list[Any]:
        return [ScopedThrottle()] if self.request.method == "POST" else []


class GamesView(APIView):
    @extend_schema(
        summary="Games with their default rule options and AI versions", responses=OpenApiTypes.OBJECT
    )
    def get(self, request: Request) -> Response:
        games = []
        for name in packs.names():
            rules = get_rules(name)
            options = rules.default_options()
            games.append(
                {
                    "game": name,
                    "title": game_title(name),
                    "players": rules.players(options),
                    "options": options,
                    "ai_versions": ai_registry.available_versions(name),
                    "ai_strength": ai_strength(name),
                    "ai_choices": [choice_json(name, c) for c in ai_choices(name)],
                    "ai_names": default_ai_names(name),
                    "rules_version": rules.rules_version,
                }
            )
        return Response({"games": games})


class MatchListView(WriteThrottled):
    @extend_schema(
        operation_id="matches_open",
        summary="Open tables waiting for players (the lobby)",
        responses=OpenApiTypes.OBJECT,
    )
    def get(self, request: Request) -> Response:
        return Response({"matches": [selectors.match_summary(m) for m in selectors.open_matches()]})

    @extend_schema(
        request=s.MatchCreateSerializer, summary="Open a new table", responses={201: OpenApiTypes.OBJECT}
    )
    def post(self, request: Request) -> Response:
        body = s.MatchCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        match = match_create(
            game=data["game"],
            creator=acting_actor(request, data["name"]),
            seats=[SeatSpec(kind=seat["kind"], name=seat["name"]) for seat in data["seats"]],
            options=data["options"],
            creator_seat=data["creator_seat"],
            ai_version=data["ai_version"],
            spectators_allowed=data["spectators_allowed"],
            move_timer=data["move_timer"],
            private=data["private"],
            turn_based=data["turn_based"],
            days_per_move=data["days_per_move"],
        )
        match = selectors.match_get(match.pk)
        summary = with_invite(selectors.match_summary(match), match, request, actor_from_request(request))
        return Response(summary, status=201)


class LiveMatchesView(APIView):
    @extend_schema(
        operation_id="matches_live",
        summary="Running public tables to watch, liveliest first, with their players and score so far",
        description=(
            "Never a private, practice or spectator-less table, nor one of a duplicate round or a daily "
            "challenge (docs/live-games.md). The same list, at most LIVE_TICK seconds old, as the lobby "
            "socket's `live` messages."
        ),
        parameters=[
            OpenApiParameter("game", str, enum=packs.names(), description="one game's tables only"),
            OpenApiParameter("limit", int, description=f"1 to {watchlist.LIMIT} (the default) tables"),
        ],
        responses={
            200: OpenApiTypes.OBJECT,
            400: OpenApiResponse(OpenApiTypes.OBJECT, description="no such game, or a limit out of range"),
        },
    )
    def get(self, request: Request) -> Response:
        game = watchlist.game_filter(request.query_params.get("game"))
        limit = whole_number(request.query_params.get("limit"), name="limit")
        if limit is not None and not 1 <= limit <= watchlist.LIMIT:
            raise BadRequest(f"limit is a whole number from 1 to {watchlist.LIMIT}")
        return Response({"matches": watchlist.live_list(game)[: limit or watchlist.LIMIT]})


class MyMatchesView(APIView):
    @extend_schema(
        summary="My matches: open and running (default), finished, or all",
        parameters=[
            OpenApiParameter(
                "status", str, enum=list(selectors.MINE_FILTERS), description="which matches (default active)"
            )
        ],
        responses=OpenApiTypes.OBJECT,
    )
    def get(self, request: Request) -> Response:
        which = request.query_params.get("status") or "active"
        if which not in selectors.MINE_FILTERS:
            raise BadRequest(f"status is one of {', '.join(selectors.MINE_FILTERS)}")
        actor = actor_from_request(request)
        mine = selectors.actor_matches(actor, selectors.MINE_FILTERS[which])
        if which != "active":
            mine = mine[: selectors.MINE_HISTORY_LIMIT]
        return Response(
            {"matches": [{**selectors.match_summary(m), **selectors.my_turn_facts(m, actor)} for m in mine]}
        )


class MatchDetailView(WriteThrottled):
    @extend_schema(
        operation_id="match_detail", summary="Public facts about one table", responses=OpenApiTypes.OBJECT
    )
    def get(self, request: Request, match_id: int) -> Response:
        actor = actor_from_request(request)
        match = selectors.match_visible(match_id, actor)
        return Response(with_invite(selectors.match_summary(match), match, request, actor))

    @extend_schema(
        request=s.MatchSettingsSerializer,
        summary="The opener switches spectators on or off",
        responses=OpenApiTypes.OBJECT,
    )
    def patch(self, request: Request, match_id: int) -> Response:
        body = s.MatchSettingsSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        match_settings_update(
            match_id=match_id,
            actor=actor_from_request(request),
            spectators_allowed=body.validated_data["spectators_allowed"],
        )
        return Response(selectors.match_summary(selectors.match_get(match_id)))


class JoinView(WriteThrottled):
    @extend_schema(request=s.JoinSerializer, summary="Take a free seat", responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, match_id: int) -> Response:
        body = s.JoinSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        actor = acting_actor(request, body.validated_data["name"])
        seat = match_join(
            match_id=match_id,
            actor=actor,
            seat_index=body.validated_data["seat"],
            invite=body.validated_data["invite"],
        )
        match = selectors.match_get(match_id)
        return Response(
            {"seat": seat.index, "match": with_invite(selectors.match_summary(match), match, request, actor)}
        )


class SeatView(APIView):
    @extend_schema(
        summary="My seat's view of the table (a spectator's when not seated)", responses=OpenApiTypes.OBJECT
    )
    def get(self, request: Request, match_id: int) -> Response:
        actor = actor_from_request(request)
        match = selectors.match_visible(match_id, actor)
        payload = selectors.match_view(match, actor)
        payload["match"] = with_invite(payload["match"], match, request, actor)
        return Response(payload)


class ActionView(WriteThrottled):
    @extend_schema(
        request=s.ActionSerializer,
        summary="Play an action: validated, appended, pushed to every seat",
        responses={
            201: OpenApiResponse(OpenApiTypes.OBJECT, description="stored"),
            200: OpenApiResponse(OpenApiTypes.OBJECT, description="resent"),
        },
    )
    def post(self, request: Request, match_id: int) -> Response:
        body = s.ActionSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        actor = actor_from_request(request)
        result = match_act(
            match_id=match_id,
            actor=actor,
            action=data["action"],
            expected_seq=data["seq"],
            command_id=data["command_id"],
        )
        payload = selectors.match_view(selectors.match_get(match_id), actor)
        payload["duplicate"] = result.duplicate
        return Response(payload, status=200 if result.duplicate else 201)


class LeaveView(WriteThrottled):
    @extend_schema(request=None, summary="'Beenden': leave the table", responses=OpenApiTypes.OBJECT)
    def post(self, request: Request, match_id: int) -> Response:
        match_leave(match_id=match_id, actor=actor_from_request(request))
        return Response(selectors.match_summary(selectors.match_get(match_id)))


class ShowHandsView(WriteThrottled):
    @extend_schema(
        request=None,
        summary="'Alle Hände offen zeigen' against AI only: the match becomes practice",
        responses=OpenApiTypes.OBJECT,
    )
    def post(self, request: Request, match_id: int) -> Response:
        actor = actor_from_request(request)
        match_show_hands(match_id=match_id, actor=actor)
        return Response(selectors.match_view(selectors.match_get(match_id), actor))


class OverdueView(WriteThrottled):
    @extend_schema(
        request=s.OverdueChoiceSerializer,
        summary="A turn-based table: what happens to the seat whose time ran out (the AI plays it, or end)",
        responses=OpenApiTypes.OBJECT,
    )
    def post(self, request: Request, match_id: int) -> Response:
        body = s.OverdueChoiceSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        actor = actor_from_request(request)
        done = match_overdue_choose(match_id=match_id, actor=actor, choice=body.validated_data["choice"])
        payload = selectors.match_view(selectors.match_get(match_id), actor)
        return Response({**payload, "outcome": done.outcome, "overdue_seat": done.seat})


class ReplayView(APIView):
    @extend_schema(summary="Every step of a finished match with all hands", responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, match_id: int) -> Response:
        return Response(
            selectors.match_replay(selectors.match_visible(match_id, actor_from_request(request)))
        )


class VerifyView(APIView):
    @extend_schema(summary="Check a finished match's deals", responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, match_id: int) -> Response:
        match = selectors.match_visible(match_id, actor_from_request(request))
        return Response(selectors.match_verification(match))


class EventLogView(APIView):
    @extend_schema(
        summary="Every event of a finished match, with the revealed seed", responses=OpenApiTypes.OBJECT
    )
    def get(self, request: Request, match_id: int) -> Response:
        return Response(
            selectors.match_event_log(selectors.match_visible(match_id, actor_from_request(request)))
        )
