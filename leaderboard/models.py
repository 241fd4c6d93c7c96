"""Public leaderboards: one row per (finished match, seat), scored by replaying the match's events.

`LeaderboardEntry` is a projection of the event store: it is written once per (match, seat) (a unique
constraint; inserts skip existing rows), so a retried save never counts a result twice and "saved
first" is the time the row was first stored. `LeaderboardSave` records how saving a match went, for the
"Ergebnis gespeichert" / "Ergebnis noch nicht gespeichert" line under the table."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models
from django.db.models import JSONField, Value
from django.utils import timezone

from games.models import Match

# The public board shows this many entries; the index below serves exactly this query.
TOP_N = 100


class LeaderboardEntry(models.Model):
    game = models.CharField(max_length=32)
    match = models.ForeignKey(Match, on_delete=models.PROTECT, related_name="leaderboard_entries")
    seat = models.PositiveSmallIntegerField()
    # Copied at save time: renaming an account later does not rewrite the board.
    display_name = models.CharField(max_length=40)
    is_ai = models.BooleanField(default=False)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="leaderboard_entries",
    )
    # Preferans-family totals can be fractional (two decimals); Preisjass points are whole numbers.
    points = models.DecimalField(max_digits=12, decimal_places=2)
    sacks = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Only for games with sacks.")
    saved_at = models.DateTimeField(default=timezone.now, editable=False)
    hidden = models.BooleanField(default=False, help_text="Hidden entries leave the public board.")
    # Who played the result (games.results.seat_records): an AI seat's own version; the AI versions the seat
    # played against; its decisions and the stand-in's share of them, overall and in the last deal.
    # Database defaults too: rows stored before these columns (and raw inserts) read as "nothing known".
    ai_version = models.CharField(
        max_length=32, blank=True, default="", db_default="", help_text="An AI seat's version."
    )
    opponent_ai_versions = models.JSONField(
        default=list, db_default=Value([], JSONField()), blank=True, help_text="AI versions played against."
    )
    decisions = models.PositiveIntegerField(default=0, db_default=0)
    stand_in_decisions = models.PositiveIntegerField(default=0, db_default=0)
    last_deal_decisions = models.PositiveIntegerField(default=0, db_default=0)
    last_deal_stand_in_decisions = models.PositiveIntegerField(default=0, db_default=0)
    # Why the entry is not ranked ("" = it is): a human seat's result that is no human result
    # (games.results.seat_records), or a result that is no best result (leaderboard.qualifying). Such an
    # entry is kept, shown to its player with the reason, and never ranked on the public board.
    unranked = models.CharField(
        max_length=32, blank=True, default="", db_default="", help_text="Why it is not ranked."
    )

    class Meta:
        verbose_name_plural = "leaderboard entries"
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["match", "seat"], name="leaderboard_entry_unique_seat"),
        ]
        indexes: ClassVar[list[models.Index]] = [
            # Serves `board_top` exactly: equal points ordered by who was stored first, then by id.
            models.Index(
                fields=["game", "-points", "saved_at", "id"],
                name="leaderboard_top",
                condition=models.Q(hidden=False, unranked=""),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game}: {self.display_name} {self.points} (match {self.match_id}, seat {self.seat})"


class SaveState(models.TextChoices):
    PENDING = "pending", "pending"
    SAVED = "saved", "saved"
    FAILED = "failed", "failed"


class LeaderboardSave(models.Model):
    """How saving one finished match went. No row yet: the save is still queued."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, primary_key=True, related_name="+")
    state = models.CharField(max_length=16, choices=SaveState.choices, default=SaveState.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True, default="")
    updated_at = models.DateTimeField(auto_now=True)
    saved_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"match {self.match_id}: {self.state}"
