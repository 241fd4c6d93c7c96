"""Table chat: what was said at a table (kept with the match for staff, never in its event log), who
muted whom, and the reports to staff with the conversation as the reporter saw it.

A speaker is named by `games.live.talk.speaker_key` ("u<id>" for an account, a hash of the session
token for a guest); the user columns are there for the admin and go with the account."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models

from games.live.talk import PLAYERS, SPECTATORS
from games.models import Match

MAX_TEXT = 300
KEY_LENGTH = 40


class Audience(models.TextChoices):
    PLAYERS = PLAYERS, "players"
    SPECTATORS = SPECTATORS, "spectators"


class ChatMessage(models.Model):
    """One message: free text or a quick phrase (by its key, chat.phrases), to the players or to the
    spectators of the table."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="chat_messages")
    audience = models.CharField(max_length=16, choices=Audience.choices)
    author_key = models.CharField(max_length=KEY_LENGTH)
    author_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    author_name = models.CharField(max_length=40)
    seat = models.SmallIntegerField(null=True, blank=True, help_text="None: a spectator.")
    text = models.CharField(max_length=MAX_TEXT, blank=True, default="")
    phrase = models.CharField(max_length=32, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("match", "id")
        indexes: ClassVar[list[models.Index]] = [
            models.Index(fields=["match", "audience", "-id"], name="chat_message_recent"),
            models.Index(fields=["author_key"], name="chat_message_author"),
        ]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.CheckConstraint(
                condition=(models.Q(text="") & ~models.Q(phrase=""))
                | (~models.Q(text="") & models.Q(phrase="")),
                name="chat_message_text_or_phrase",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.author_name} @ {self.match_id}: {self.text or f'[{self.phrase}]'}"


class ChatMute(models.Model):
    """`muter` gets no more words from `muted`, at any table (until unmuted). `match`: where it was made."""

    muter_key = models.CharField(max_length=KEY_LENGTH)
    muter_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    muted_key = models.CharField(max_length=KEY_LENGTH)
    muted_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    muted_name = models.CharField(max_length=40)
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["muter_key", "muted_key"], name="chat_mute_unique_pair"),
        ]

    def __str__(self) -> str:
        return f"{self.muter_key} mutes {self.muted_name}"


class ChatReport(models.Model):
    """A message reported to staff, with the conversation around it as its reporter could see it then."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")
    message = models.ForeignKey(ChatMessage, on_delete=models.CASCADE, related_name="reports")
    reporter_key = models.CharField(max_length=KEY_LENGTH)
    reporter_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reporter_name = models.CharField(max_length=40)
    reason = models.CharField(max_length=MAX_TEXT, blank=True, default="")
    # [{"id", "from", "author", "seat", "text", "phrase", "at"}, ...] oldest first
    conversation = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)
    handled_at = models.DateTimeField(null=True, blank=True)
    handled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ("-created_at",)
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["message", "reporter_key"], name="chat_report_once"),
        ]

    def __str__(self) -> str:
        return f"report by {self.reporter_name} on {self.message.author_name} @ {self.match_id}"
