"""Notifications, the players' choices of channel per kind, and their browsers' push subscriptions.

A notification stores its kind and parameters, never a text: each reader sees it in their own
language, rendered when read (notifications.texts)."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models
from django.utils import timezone

from notifications.kinds import Channel, Kind


class Notification(models.Model):
    """One event for one player. `key` names the event (`friend_request:12:2026-05-01`): the same key
    for the same player is stored once, so an event sent twice notifies once. `in_site` is false when
    the player switched the site channel off for the kind: the row then only records the event and
    its deliveries. `mailed_at` / `pushed_at`: when the delivery task took the e-mail or push over (a
    task run twice sends nothing the second time)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=32, choices=Kind.choices)
    params = models.JSONField(default=dict, blank=True)
    url = models.CharField(max_length=300, help_text="A path on this site.")
    key = models.CharField(max_length=200)
    created_at = models.DateTimeField(default=timezone.now)
    read_at = models.DateTimeField(null=True, blank=True)
    in_site = models.BooleanField(default=True)
    mailed_at = models.DateTimeField(null=True, blank=True)
    pushed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["user", "key"], name="notification_once_per_event"),
        ]
        indexes: ClassVar[list[models.Index]] = [
            models.Index(fields=["user", "-created_at"], name="notification_newest"),
            # the bell's count: a player's unread rows only
            models.Index(
                fields=["user"],
                name="notification_unread",
                condition=models.Q(read_at__isnull=True, in_site=True),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} for {self.user_id} ({self.key})"


class ChannelSetting(models.Model):
    """A player's choice for one kind and channel; without a row the default (notifications.kinds)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=32, choices=Kind.choices)
    channel = models.CharField(max_length=8, choices=Channel.choices)
    enabled = models.BooleanField()

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["user", "kind", "channel"], name="channel_setting_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.kind}/{self.channel}: {'on' if self.enabled else 'off'}"


class Reader(models.Model):
    """What the delivery needs to know of a player that the account does not hold: the language of
    the site they last used (their e-mails and pushes are written in it)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    language = models.CharField(max_length=8, default=settings.LANGUAGE_CODE)

    def __str__(self) -> str:
        return f"{self.user_id} reads {self.language}"


class PushSubscription(models.Model):
    """A browser's Web Push subscription (the PushSubscription's endpoint and keys). A push service
    answering 404 or 410 has ended it: the row goes."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=120)
    auth = models.CharField(max_length=40)
    created_at = models.DateTimeField(default=timezone.now)
    last_success_at = models.DateTimeField(null=True, blank=True)
    last_failure_at = models.DateTimeField(null=True, blank=True)
    last_failure = models.CharField(max_length=200, blank=True)

    def __str__(self) -> str:
        return f"push subscription {self.pk} of {self.user_id}"
