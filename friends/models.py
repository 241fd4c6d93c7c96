"""Friendships (a request until accepted), blocks, and invitations of a friend to a table."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models
from django.db.models.functions import Greatest, Least

from games.models import Match


class Friendship(models.Model):
    """One row per pair: `asker` sent the request; `accepted_at` set once `asked` accepted it."""

    asker = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    asked = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    accepted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            # one row per pair whichever way round: two players asking each other at once make one
            models.UniqueConstraint(
                Least("asker", "asked"), Greatest("asker", "asked"), name="friendship_one_per_pair"
            ),
            models.CheckConstraint(condition=~models.Q(asker=models.F("asked")), name="friendship_not_self"),
        ]

    def __str__(self) -> str:
        state = "friends" if self.accepted_at else "asked"
        return f"{self.asker_id} → {self.asked_id} ({state})"


class Block(models.Model):
    blocker = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    blocked = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="block_unique_pair"),
        ]

    def __str__(self) -> str:
        return f"{self.blocker_id} blocks {self.blocked_id}"


class TableInvitation(models.Model):
    sender = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    recipient = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["sender", "recipient", "match"], name="invitation_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.sender_id} invites {self.recipient_id} to {self.match_id}"
