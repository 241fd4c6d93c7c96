"""Staff moderate the boards: hide an entry (it leaves the public list and the next one moves up)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from leaderboard.models import LeaderboardEntry, LeaderboardSave
from leaderboard.services import entries_set_hidden, entry_changed


@admin.register(LeaderboardEntry)
class LeaderboardEntryAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "game",
        "display_name",
        "is_ai",
        "points",
        "sacks",
        "saved_at",
        "match",
        "unranked",
        "hidden",
    )
    list_display_links = ("id", "display_name")
    list_editable = ("hidden",)
    list_filter = ("game", "hidden", "is_ai", "unranked")
    search_fields = ("display_name", "user__username")
    ordering = ("game", "-points", "saved_at", "id")
    date_hierarchy = "saved_at"
    list_select_related = ("match",)
    readonly_fields = (
        "game",
        "match",
        "seat",
        "display_name",
        "is_ai",
        "user",
        "points",
        "sacks",
        "saved_at",
        "ai_version",
        "opponent_ai_versions",
        "decisions",
        "stand_in_decisions",
        "last_deal_decisions",
        "last_deal_stand_in_decisions",
        "unranked",
    )
    actions = ("hide_entries", "show_entries")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # entries come only from replayed matches

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # hide instead: a deleted result would be saved again by the next retry

    def save_model(self, request: HttpRequest, obj: LeaderboardEntry, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        entry_changed(obj)

    @admin.action(description="Hide selected entries from the public board")
    def hide_entries(self, request: HttpRequest, queryset: QuerySet[LeaderboardEntry]) -> None:
        changed = entries_set_hidden(entry_ids=queryset.values_list("pk", flat=True), hidden=True)
        self.message_user(request, f"{changed} entries hidden.", messages.SUCCESS)

    @admin.action(description="Show selected entries on the public board again")
    def show_entries(self, request: HttpRequest, queryset: QuerySet[LeaderboardEntry]) -> None:
        changed = entries_set_hidden(entry_ids=queryset.values_list("pk", flat=True), hidden=False)
        self.message_user(request, f"{changed} entries shown again.", messages.SUCCESS)


@admin.register(LeaderboardSave)
class LeaderboardSaveAdmin(admin.ModelAdmin):
    list_display = ("match", "state", "attempts", "updated_at", "saved_at")
    list_filter = ("state",)
    readonly_fields = ("match", "state", "attempts", "last_error", "updated_at", "saved_at")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
