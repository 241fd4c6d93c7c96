"""Staff manage matches and seats; events are shown read-only and can never be changed or removed.

The events of an embargoed table (a duplicate round not yet over) are not shown at all: they hold the
deals of every table of the round (games.selectors.visibility_check), and staff sit at none of them."""

from __future__ import annotations

from typing import Any, cast

from django.contrib import admin, messages
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet
from django.http import HttpRequest

from games.identity.holds import account_links_clear, result_holds_clear
from games.live.presence import match_abandon
from games.models import AccountLink, Match, MatchEvent, MatchStatus, ProjectionFailure, ResultHold, Seat
from games.results.projections import NotRetryable, failure_reason, projection_retry


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    can_delete = False
    fields = ("index", "kind", "display_name", "user", "ai_version", "joined_at")
    readonly_fields = ("index", "kind", "joined_at")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class EventInline(admin.TabularInline):
    model = MatchEvent
    extra = 0
    can_delete = False
    fields = ("seq", "type", "seat", "data", "command_id", "created_at")
    readonly_fields = fields
    ordering = ("seq",)

    def get_queryset(self, request: HttpRequest) -> QuerySet[MatchEvent]:
        return super().get_queryset(request).filter(match__embargoed=False)

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "status", "version", "practice", "created_at", "finished_at")
    list_filter = ("game", "status", "practice")
    search_fields = ("id", "seats__display_name", "seats__user__username")
    readonly_fields = (
        "game",
        "options",
        "version",
        "ranked",
        "embargoed",
        "seed_commitment",
        "created_by",
        "created_at",
        "started_at",
        "finished_at",
    )
    fields = (*readonly_fields, "status", "ai_version", "spectators_allowed", "practice")
    inlines = (SeatInline, EventInline)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        if obj is not None and (obj.ranked or obj.embargoed):
            return (*self.readonly_fields, "practice")  # a league table never shows all hands
        return tuple(self.readonly_fields)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # tables are opened by players through the site

    def save_model(self, request: HttpRequest, obj: Match, form: Any, change: bool) -> None:
        # Ending a table by hand goes through the service, as when its players leave: the finish time,
        # the watchdog's due row and the signal (the last table of a duplicate round releases it).
        before = form.initial.get("status")
        abandon = (
            change
            and obj.status == MatchStatus.ABANDONED
            and before in (MatchStatus.OPEN, MatchStatus.RUNNING)
        )
        if abandon:
            obj.status = before
        super().save_model(request, obj, form, change)
        if abandon:
            match_abandon(match_id=obj.pk)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # a match's events are permanent


@admin.register(MatchEvent)
class MatchEventAdmin(admin.ModelAdmin):
    list_display = ("match", "seq", "type", "seat", "created_at")
    list_filter = ("type",)
    search_fields = ("match__id",)
    list_select_related = ("match",)

    def get_queryset(self, request: HttpRequest) -> QuerySet[MatchEvent]:
        return super().get_queryset(request).filter(match__embargoed=False)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return [f.name for f in MatchEvent._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReadOnlyAdmin(admin.ModelAdmin):
    """Written by the services only; staff act through the admin actions."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(AccountLink)
class AccountLinkAdmin(ReadOnlyAdmin):
    """Accounts that look like one person's (games.identity.entries): they enter a shared-deal event once, and
    their results in one are held. Staff who find them to be two people clear the link."""

    list_display = (
        "user_a",
        "user_b",
        "reason",
        "detail",
        "first_seen",
        "last_seen",
        "cleared_at",
        "cleared_by",
    )
    list_filter = ("reason", ("cleared_at", admin.EmptyFieldListFilter))
    search_fields = ("user_a__username", "user_b__username")
    list_select_related = ("user_a", "user_b", "cleared_by")
    actions = ("clear",)

    @admin.action(description="Clear: these accounts are two people (their held results count)")
    def clear(self, request: HttpRequest, queryset: QuerySet[AccountLink]) -> None:
        cleared = account_links_clear(
            link_ids=queryset.values_list("pk", flat=True), staff=cast(AbstractBaseUser, request.user)
        )
        self.message_user(request, f"{cleared} link(s) cleared", messages.SUCCESS)


@admin.register(ResultHold)
class ResultHoldAdmin(ReadOnlyAdmin):
    """Finished tables of shared-deal events whose results count nowhere until cleared."""

    list_display = ("match", "reason", "created_at", "cleared_at", "cleared_by")
    list_filter = (("cleared_at", admin.EmptyFieldListFilter),)
    list_select_related = ("match", "cleared_by")
    actions = ("clear",)

    @admin.action(description="Count these results (clears the account links behind them)")
    def clear(self, request: HttpRequest, queryset: QuerySet[ResultHold]) -> None:
        cleared = result_holds_clear(
            match_ids=queryset.values_list("match_id", flat=True), staff=cast(AbstractBaseUser, request.user)
        )
        self.message_user(request, f"{cleared} hold(s) cleared", messages.SUCCESS)


@admin.register(ProjectionFailure)
class ProjectionFailureAdmin(admin.ModelAdmin):
    """Matches a projection could not apply (games.results.projections): which, why, how often. Retry
    them once the cause is fixed; a retry that goes through removes the row."""

    list_display = ("match", "projection", "reason", "attempts", "first_failed_at", "last_failed_at")
    list_filter = ("projection",)
    search_fields = ("match__id",)
    list_select_related = ("match",)
    readonly_fields = ("projection", "match", "error", "attempts", "first_failed_at", "last_failed_at")
    actions = ("retry",)

    @admin.display(description="reason")
    def reason(self, obj: ProjectionFailure) -> str:
        """The exception's last line (the error field holds the whole traceback)."""
        return failure_reason(obj.error)[:200]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # recorded by the projections only

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.action(description="Retry the selected matches")
    def retry(self, request: HttpRequest, queryset: QuerySet[ProjectionFailure]) -> None:
        done, failed, refused = 0, 0, []
        for failure in list(queryset):
            try:
                if projection_retry(failure_id=failure.pk):
                    done += 1
                else:
                    failed += 1
            except NotRetryable as exc:
                refused.append(str(exc))
        if done:
            self.message_user(request, f"{done} applied and removed from the list.", messages.SUCCESS)
        if failed:
            self.message_user(request, f"{failed} failed again (see their error).", messages.ERROR)
        for reason in sorted(set(refused)):
            self.message_user(request, f"Not retried: {reason}.", messages.WARNING)
