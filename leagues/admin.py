"""Staff run leagues from the admin. Projections (standings, ratings) are read-only here: they are
recomputed from the match events by `manage.py rebuild_standings`, never edited by hand."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from leagues.models import (
    DuplicateRound,
    Invitation,
    League,
    LeagueMatch,
    Membership,
    ProjectedMatch,
    Rating,
    Season,
    Standing,
)


class SeasonInline(admin.TabularInline):
    model = Season
    extra = 0
    fields = ("number", "starts_on", "ends_on", "status", "archived_at")
    readonly_fields = ("status", "archived_at")


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = (
        "name",
        "game",
        "access",
        "joining_closed",
        "scoring",
        "ai_version",
        "recurs",
        "created_by",
        "created_at",
    )
    list_filter = ("game", "access", "scoring", "ai_version", "recurs")
    search_fields = ("name",)
    inlines = (SeasonInline,)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        # The AI level is fixed with the league: its counted results were all played against it.
        return ("ai_version",) if obj is not None else ()


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ("league", "number", "starts_on", "ends_on", "status")
    list_filter = ("status",)
    readonly_fields = ("final_standings", "archived_at")


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("league", "user", "joined_at")
    search_fields = ("user__username", "league__name")


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ("league", "user", "invited_by", "created_at", "accepted_at")


@admin.register(LeagueMatch)
class LeagueMatchAdmin(admin.ModelAdmin):
    list_display = ("match", "season", "round", "table")
    raw_id_fields = ("match",)


@admin.register(DuplicateRound)
class DuplicateRoundAdmin(admin.ModelAdmin):
    list_display = ("pk", "season", "created_at", "released_at")


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Standing)
class StandingAdmin(ReadOnly):
    list_display = ("season", "user", "matches", "points", "wins", "last_result_at")
    list_filter = ("season__league",)


@admin.register(Rating)
class RatingAdmin(ReadOnly):
    list_display = ("user", "game", "ordinal", "mu", "sigma", "matches")
    list_filter = ("game",)
    search_fields = ("user__username",)


@admin.register(ProjectedMatch)
class ProjectedMatchAdmin(ReadOnly):
    list_display = ("match", "season", "counted", "rated", "projected_at")
