"""Staff read the table chat here: the reports with their conversation and a link to the match, the
messages, the mutes. What was said is kept as it was said: read-only (a report is marked handled)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from chat.models import ChatMessage, ChatMute, ChatReport


def match_links(match_id: int) -> SafeString:
    return format_html(
        '<a href="{}">match #{}</a> (<a href="{}">table</a>)',
        reverse("admin:games_match_change", args=[match_id]),
        match_id,
        reverse("table", args=[match_id]),
    )


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(ChatReport)
class ChatReportAdmin(admin.ModelAdmin):
    list_display = ("created_at", "reported", "reporter_name", "reason", "table", "handled_at")
    list_filter = (("handled_at", admin.EmptyFieldListFilter), "created_at")
    search_fields = ("reporter_name", "message__author_name", "message__text", "reason")
    list_select_related = ("message",)
    actions = ("mark_handled",)
    fields = (
        "table",
        "reported",
        "reported_words",
        "reporter_name",
        "reason",
        "created_at",
        "talk",
        "handled_at",
        "handled_by",
    )
    readonly_fields = fields

    @admin.display(description="reported")
    def reported(self, report: ChatReport) -> str:
        return f"{report.message.author_name} ({report.message.author_key})"

    @admin.display(description="reported message")
    def reported_words(self, report: ChatReport) -> str:
        return report.message.text or f"[{report.message.phrase}]"

    @admin.display(description="match")
    def table(self, report: ChatReport) -> SafeString:
        return match_links(report.match_id)

    @admin.display(description="conversation")
    def talk(self, report: ChatReport) -> SafeString:
        """The conversation as the reporter could see it, the reported message in bold (escaped: the
        words are the players')."""
        rows = format_html_join(
            "",
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            (self._line(line, line.get("id") == report.message_id) for line in report.conversation),
        )
        head = "<tr><th>at</th><th>from</th><th>where</th><th>words</th></tr>"
        return format_html("<table>{}{}</table>", SafeString(head), rows)

    @staticmethod
    def _line(line: dict[str, Any], reported: bool) -> tuple[str, str, str, SafeString | str]:
        words = (
            f"[{line['phrase']}] {line.get('text', '')}" if line.get("phrase") else str(line.get("text", ""))
        )
        where = "spectator" if line.get("seat") is None else f"seat {line['seat']}"
        at = str(line.get("at", ""))[:19].replace("T", " ")
        name = f"{line.get('from', '')} ({line.get('author', '')})"
        return at, name, where, format_html("<strong>{}</strong>", words) if reported else words

    @admin.action(description="Mark as handled")
    def mark_handled(self, request: HttpRequest, queryset: QuerySet[ChatReport]) -> None:
        queryset.filter(handled_at=None).update(handled_at=timezone.now(), handled_by=request.user)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(ChatMessage)
class ChatMessageAdmin(ReadOnly):
    list_display = ("created_at", "author_name", "audience", "seat", "words", "table")
    list_filter = ("audience", "created_at")
    search_fields = ("author_name", "author_key", "text", "=match__id")
    fields = (
        "table",
        "audience",
        "author_name",
        "author_key",
        "author_user",
        "seat",
        "text",
        "phrase",
        "created_at",
    )
    readonly_fields = fields

    @admin.display(description="words")
    def words(self, message: ChatMessage) -> str:
        return message.text or f"[{message.phrase}]"

    @admin.display(description="match")
    def table(self, message: ChatMessage) -> SafeString:
        return match_links(message.match_id)


@admin.register(ChatMute)
class ChatMuteAdmin(ReadOnly):
    list_display = ("created_at", "muter_key", "muted_name", "muted_key")
    search_fields = ("muter_key", "muted_key", "muted_name")
    raw_id_fields = ("muter_user", "muted_user", "match")
