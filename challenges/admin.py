"""Staff manage the challenges: see them, open a day's by hand, close one that is due; the seed stays
hidden until the close."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from challenges import services
from challenges.models import Challenge, Entry


@admin.register(Challenge)
class ChallengeAdmin(admin.ModelAdmin):
    list_display = ("day", "game", "ai_version", "deals", "closes_at", "closed_at", "entry_count")
    list_filter = ("game", "closed_at")
    date_hierarchy = "day"
    readonly_fields = (
        "game",
        "day",
        "opens_at",
        "closes_at",
        "commitment",
        "shown_seed",
        "options",
        "deals",
        "seat",
        "ai_version",
        "created_at",
        "closed_at",
        "par_match",
        "par",
        "results_version",
    )
    exclude = ("seed",)
    actions = ("close_due", "play_par")

    @admin.display(description="entries")
    def entry_count(self, obj: Challenge) -> int:
        return obj.entries.count()

    @admin.display(description="seed")
    def shown_seed(self, obj: Challenge) -> str:
        return obj.revealed_seed or "(secret until the close)"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # the roll opens them (beat); a seed typed by staff would not be secret

    @admin.action(description="Close the selected challenges that are past their time")
    def close_due(self, request: HttpRequest, queryset: QuerySet[Challenge]) -> None:
        closed = sum(services.challenge_close(challenge_id=c.pk) for c in queryset)
        self.message_user(request, f"{closed} challenge(s) closed", messages.SUCCESS)

    @admin.action(description="Play the par of the selected challenges (where missing)")
    def play_par(self, request: HttpRequest, queryset: QuerySet[Challenge]) -> None:
        for challenge in queryset.filter(par_match__isnull=True):
            services.par_schedule(challenge.pk)
        self.message_user(request, "par started", messages.SUCCESS)


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ("challenge", "user", "match", "finished_at", "total", "place", "percent")
    list_filter = ("challenge__game",)
    search_fields = ("user__username", "user__display_name")
    readonly_fields = (
        "challenge",
        "user",
        "match",
        "entered_at",
        "finished_at",
        "scores",
        "deal_rows",
        "total",
        "percent",
        "place",
    )

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
