"""Request bodies. Unknown fields are refused, so a typo never passes silently."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from games.models import SeatKind


class StrictSerializer(serializers.Serializer):
    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError({name: ["unknown field"] for name in unknown})
        return super().to_internal_value(data)


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
    name = serializers.CharField(max_length=40, required=False, allow_blank=True, default="")


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
