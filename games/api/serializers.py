"""Request bodies. Unknown fields are refused, so a typo never passes silently."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.models import SeatKind


class StrictSerializer(serializers.Serializer):
    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError({name: ["unknown field"] for name in unknown})
        return super().to_internal_value(data)


class Passed(serializers.Field):
    """A value handed to the service as the client sent it, which checks it and names what is wrong
    (the turn-based settings: games.services.matches `_turn_based_check`)."""

    def to_internal_value(self, data: Any) -> Any:
        return data

    def to_representation(self, value: Any) -> Any:
        return value


@extend_schema_field(OpenApiTypes.BOOL)
class PassedBool(Passed):
    pass


@extend_schema_field({"type": "integer", "minimum": 1, "maximum": 14, "nullable": True})
class PassedDays(Passed):
    pass


class SeatSpecSerializer(StrictSerializer):
    kind = serializers.ChoiceField(choices=SeatKind.values)
    name = serializers.CharField(max_length=40, required=False, allow_blank=True, default="")


class MatchCreateSerializer(StrictSerializer):
    game = serializers.CharField(max_length=32)
    options = serializers.DictField(required=False, default=dict)
    seats = SeatSpecSerializer(many=True)
    creator_seat = serializers.IntegerField(min_value=0, required=False, default=0)
    ai_version = serializers.CharField(max_length=32, required=False, default="anton")
    spectators_allowed = serializers.BooleanField(required=False, default=True)
    move_timer = serializers.IntegerField(required=False, default=0, min_value=0, max_value=600)
    private = serializers.BooleanField(required=False, default=False)
    # A turn-based table: each player has days_per_move (1 to 14) days per move.
    turn_based = PassedBool(required=False, default=False, allow_null=True)
    days_per_move = PassedDays(required=False, default=None, allow_null=True)
    name = serializers.CharField(max_length=40, required=False, allow_blank=True, default="")


class OverdueChoiceSerializer(StrictSerializer):
    choice = serializers.ChoiceField(choices=["ai", "end"])


class JoinSerializer(StrictSerializer):
    seat = serializers.IntegerField(min_value=0, required=False, allow_null=True, default=None)
    name = serializers.CharField(max_length=40, required=False, allow_blank=True, default="")
    invite = serializers.CharField(max_length=64, required=False, allow_blank=True, default="")


class ActionSerializer(StrictSerializer):
    action = serializers.DictField()
    seq = serializers.IntegerField(min_value=0)
    command_id = serializers.CharField(max_length=64, required=False, allow_null=True, default=None)


class MatchSettingsSerializer(StrictSerializer):
    spectators_allowed = serializers.BooleanField()
